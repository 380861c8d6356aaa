# campaign new/join/start/list/show/pause/resume/extend/outbox, and their errors.
# The real (interactive) password hash, except under valgrind where it takes minutes.
[ -z "${MXJUDGE_WRAP:-}" ] || export MXJUDGE_FAST_HASH=1
db="--db ./t.db"
expect_exit 0 $db campaign new alpha --width 7 --height 4 --density 0 --seed 5 \
	--deadline 48 --timezone Europe/Paris --now 2025-03-28T09:00Z
contains out "campaign alpha created: 7 x 4 board, 0 walls, 48-hour turns (Europe/Paris)"
expect_exit 65 $db campaign new ALPHA
contains err "already exists"
expect_exit 2 $db campaign new beta --timezone Mars/Olympus
contains err "no time zone 'Mars/Olympus'"
expect_exit 2 $db campaign new beta --density 99
expect_exit 2 $db campaign new beta --map x.json --width 5
expect_exit 65 $db campaign new 'bad name'
printf '{"width":5,"height":3,"walls":["C2"]}\n' >map.json
expect_exit 0 $db campaign new mapped --map map.json
contains out "5 x 3 board, 1 walls"
printf '{"width":5,"height":3,"walls":["Z9"]}\n' >bad.json
expect_exit 65 $db campaign new broken --map bad.json

# Join: the password is printed once on stdout, alone; only its hash is stored.
expect_exit 0 $db campaign join alpha --captain Ann --email ann@example.org --ship Minx --team zion
pw=$(cat out)
[ "${#pw}" -eq 10 ]
contains err "shown only this once"
hash=$(sqlite3 t.db "select pwhash from captains where name='Ann'")
case "$hash" in '$argon2id$'*) ;; *) echo "not an argon2id hash: $hash"; exit 1 ;; esac
[ -z "$(sqlite3 t.db "select 1 from captains where pwhash like '%$pw%'")" ]
expect_exit 2 $db campaign join alpha --captain Bob --email bob@example.org --ship Locust --team robots
expect_exit 65 $db campaign join alpha --captain Bob --email 'bob@example.org, eve@example.org' --ship Locust --team machines
expect_exit 65 $db campaign join alpha --captain Bob --email bob@example.org --ship minx --team machines
contains err "already has a ship named 'minx'"
expect_exit 65 $db campaign join nosuch --captain Bob --email bob@example.org --ship Locust --team machines
contains err "no campaign named 'nosuch'"
expect_exit 0 $db campaign join alpha --captain Bob --email bob@example.org --ship Locust --team machines
# A second ship for the same captain: no new password.
expect_exit 0 $db campaign join alpha --captain Bob --email bob@example.org --ship Hopper --team machines
[ ! -s out ]
contains err "password is unchanged"

expect_exit 65 $db campaign start nosuch
expect_exit 0 $db campaign start alpha --now 2025-03-28T19:00Z
contains out "orders for turn 1 are due by 2025-03-30 20:00 CEST"
expect_exit 65 $db campaign start alpha
contains err "already started"
expect_exit 65 $db campaign join alpha --captain Cy --email cy@example.org --ship Late --team zion
contains err "has started"

# Deadlines are stored in UTC and shown in the zone, across the DST change.
expect_exit 0 $db campaign show alpha --json
contains out '"deadline": "2025-03-30T18:00:00Z"'
contains out '"status": "running"'
expect_exit 0 $db campaign list
contains out "alpha"
contains out "2025-03-30 20:00 CEST"
contains out "mapped"
expect_exit 0 $db campaign list --json
contains out '"name": "mapped"'

# Pause stops the clock; resume gives the paused time back.
expect_exit 0 $db campaign pause alpha --now 2025-03-29T18:00Z
expect_exit 65 $db campaign pause alpha
expect_exit 0 $db process --now 2025-04-10T00:00Z
expect_exit 0 $db turn show alpha --turn 1 --json
contains out '"status": "open"'
expect_exit 0 $db campaign resume alpha --now 2025-03-30T18:00Z
contains out "turn 1 orders are due by 2025-03-31 20:00 CEST"
expect_exit 0 $db campaign extend alpha --hours 2
contains out "due by 2025-03-31 22:00 CEST"
expect_exit 2 $db campaign extend alpha --until 2025-03-30T08:00Z --now 2025-03-31T00:00Z
contains err "--until 2025-03-30T08:00Z is not after now (2025-03-31T00:00:00Z): the turn would be resolved at the next 'process'; add --force if that is what you want"
expect_exit 0 $db campaign extend alpha --until 2025-04-01T08:00+02:00 --now 2025-03-31T00:00Z
contains out "due by 2025-04-01 08:00 CEST"
expect_exit 2 $db campaign extend alpha
expect_exit 65 $db campaign resume alpha

# Reports of the start are queued, one per captain, with the orders block.
expect_exit 0 $db campaign outbox alpha
[ "$(grep -c '^queued report' out)" -eq 2 ]
expect_exit 0 $db campaign outbox alpha --full
contains out "To: bob@example.org"
contains out "SHIP Hopper"
contains out "GAME alpha"

# A side has a ship a row of the board (Hovercrafts' check_seat): one row, one ship a side.
mx $db campaign new tiny --width 4 --height 1 --density 0 --seed 5 >/dev/null
mx $db campaign join tiny --captain Ann --email ann@example.org --ship Minx --team zion >/dev/null 2>&1
expect_exit 65 $db campaign join tiny --captain Bob --email bob@example.org --ship Kite --team zion
contains err "campaign 'tiny': no room for another zion ship (the board has 1 row)"
expect_exit 65 $db campaign join tiny --captain Bob --email bob@example.org --ship minx --team machines
contains err "campaign 'tiny' already has a ship named 'minx'"
expect_exit 65 $db campaign join tiny --captain Bob --email bob@example.org --ship Kite --team machines --data deck=/dev/null
contains err "--data: hovercrafts takes no data of kind 'deck'"
expect_exit 0 $db campaign join tiny --captain Bob --email bob@example.org --ship Kite --team machines

# A database from a newer mxjudge is refused.
sqlite3 t.db "PRAGMA user_version = 99"
expect_exit 1 $db campaign list
contains err "newer than this mxjudge knows"
