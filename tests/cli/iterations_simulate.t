# `mxjudge iterations simulate` on a given scenario and character sheet
# (--data scenario=FILE, --data character=FILE, checked as campaign new and
# join check them): bots for both sides, each side's wins, how many rounds a
# skirmish lasts and each character's fate, with 95% intervals; the same
# counts for any number of threads.
T=$ROOT/templates/iterations

# The subway ambush as shipped: its crew (Neo and Trinity, the scenario's
# "crew" sheets) against Seraph and the twins, balanced for them: the crew
# wins 40-60% (the figure the scenario file states, for seed 1).
expect_exit 0 iterations simulate --runs 3000 --seed 5 --threads 1 --data scenario=$T/scenarios/subway.json
contains out "iterations: 3000 games, seed 5, 1 thread"
contains out "  all                   3000 games  exiles wins 53.4% (51.6-55.2)  crew wins 46.3% (44.6-48.1)  no winner 0.2% (0.1-0.5)"
contains out "  Seraph (exiles)       3000 games  standing 2.6% (2.1-3.2)  broken 74.8% (73.2-76.3)  dead 22.6% (21.1-24.1)"
contains out "  Trinity (crew)        3000 games  standing 46.6% (44.8-48.4)  broken 42.3% (40.6-44.1)  dead 11.1% (10.0-12.3)"
for s in lobby subway; do
	expect_exit 0 iterations simulate --runs 3000 --seed 1 --threads 1 --data scenario=$T/scenarios/$s.json
	pct=$(sed -n 's/^  all .* crew wins \([0-9.]*%\) .*/\1/p' out)
	grep -F "\"balance\": \"Balanced for its crew, Neo and Trinity: the crew wins $pct " $T/scenarios/$s.json >/dev/null ||
		{ echo "$s.json does not state the crew's $pct"; exit 1; }
	python3 -c "import sys; p = float(sys.argv[1].rstrip('%')); sys.exit(not 40 <= p <= 60)" "$pct"
done
# With Neo's sheet alone against the three exiles: Neo's bot knows only
# whom Neo sees: the twins hidden in the dark tracks are never sought out.
expect_exit 0 iterations simulate --runs 3000 --seed 5 --threads 1 --data scenario=$T/scenarios/subway.json --data character=$T/characters/neo.json
contains out "  all                   3000 games  exiles wins 100.0% (99.8-100.0)  crew wins 0.0% (0.0-0.2)"
contains out "  Twin1 (exiles)        3000 games  standing 98.8% (98.3-99.1)"
lacks out "Trinity"
# Two sheets of one kind are refused, not one silently dropped.
expect_exit 2 iterations simulate --runs 5 --data character=$T/characters/neo.json --data character=$T/characters/trinity.json
contains err "--data character= given twice"
# The lobby's two agents against Neo: another fight, other odds; without a
# scenario, the built-in lobby (one agent) and the default sheet.
expect_exit 0 iterations simulate --runs 3000 --seed 5 --threads 1 --data scenario=$T/scenarios/lobby.json --data character=$T/characters/neo.json
contains out "  Brown (agents)"
lacks out "Seraph"
expect_exit 0 iterations simulate --runs 3000 --seed 5 --threads 1
contains out "  all                  3000 games  agents wins 41.1% (39.3-42.8)  crew wins 58.5% (56.8-60.3)  no winner 0.4% (0.2-0.7)"
contains out "  player (crew)"

# Game i is seeded from the seed and i only: 1 and 2 threads give the same
# table; every game is counted once in each group, and the round counts
# add up.
expect_exit 0 iterations simulate --runs 4500 --seed 9 --threads 1 --json --data scenario=$T/scenarios/subway.json --data character=$T/characters/neo.json
mv out one.json
expect_exit 0 iterations simulate --runs 4500 --seed 9 --threads 2 --json --data scenario=$T/scenarios/subway.json --data character=$T/characters/neo.json
cmp out one.json
python3 - <<'PY'
import json
g = json.load(open("one.json"))["groups"]
assert list(g) == ["all", "rounds", "Seraph (exiles)", "Twin1 (exiles)", "Twin2 (exiles)", "Neo (crew)"], list(g)
for name, counts in g.items():
    assert counts["games"] == 4500, (name, counts["games"])
    assert sum(v["count"] for k, v in counts.items() if k != "games") == 4500, name
# The subway's max_rounds is 10: most skirmishes end sooner, a few go on
# in the aftermath (a round-limit lethal injury).
assert g["rounds"]["0 rounds"]["count"] == 0
assert g["rounds"]["10 rounds"]["count"] > 0
PY

# A scenario whose NPCs stand on two sides plays them alone: no player
# character is added.
cat >duel.json <<'JSON'
{"zones": [{"id": "Roof"}, {"id": "Ledge"}],
 "borders": [{"zones": ["Roof", "Ledge"], "type": "open"}],
 "max_rounds": 6,
 "characters": [
  {"name": "Morpheus", "side": "crew", "attributes": {"strength": 4, "agility": 4, "wits": 4, "empathy": 3},
   "skills": {"melee": 4, "mobility": 2}, "weapons": [{"name": "Staff", "type": "Club"}], "drawn": "Staff", "zone": "Roof"},
  {"name": "Agent", "side": "agents", "attributes": {"strength": 4, "agility": 4, "wits": 3, "empathy": 2},
   "skills": {"melee": 3}, "weapons": [{"name": "Fists", "type": "Unarmed"}], "zone": "Ledge"}]}
JSON
expect_exit 0 iterations simulate --runs 2000 --seed 2 --threads 1 --data scenario=duel.json
contains out "  all                   2000 games  crew wins 71.2% (69.2-73.2)  agents wins 28.1% (26.1-30.1)  no winner 0.7% (0.4-1.2)"
contains out "  Agent (agents)        2000 games  standing 28.7% (26.8-30.8)  broken 56.1% (54.0-58.3)  dead 15.1% (13.6-16.7)"
lacks out "player"

# Faulty packs are refused before any game, naming file and line.
printf '{"zones": [{"id": "A"}],\n "borders": [\n  {"zones": ["A", "B"]}]}\n' >bad.json
expect_exit 65 iterations simulate --runs 5 --data scenario=bad.json
contains err "bad.json:3: border 1 needs two known zones"
printf '{"name": "Neo", "side": "crew",\n "attributes": {"strength": 9, "agility": 4, "wits": 3, "empathy": 2}}\n' >badsheet.json
expect_exit 65 iterations simulate --runs 5 --data character=badsheet.json
contains err "badsheet.json:"
contains err "strength must be 1 to 5"
expect_exit 65 iterations simulate --runs 5 --data deck=bad.json
contains err "--data: iterations takes no data of kind 'deck'"
