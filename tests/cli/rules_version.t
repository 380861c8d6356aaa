# Each turn is stamped with the version of the rules it was resolved
# under and replayed under that version (rulings 3.4, amended 2026-11-23:
# version 2 plays as many phases as the most actions any active ship may
# order; version 1 played the longest list ordered). tests/data/db/
# schema-v7.sql was written by a judge from before the change: in its
# campaign 'nose' Minx and Locust sit nose to nose on a 2 x 1 board, and
# in turn 1 Minx ordered one LAND and Locust nothing (one phase then,
# three under version 2).
export MXJUDGE_FAST_HASH=1 MXJUDGE_TEMPLATES="$ROOT/templates"
db="--db ./t.db"
sqlite3 t.db <"$MXJUDGE_TESTDATA/db/schema-v7.sql"
version() { sqlite3 t.db "select rules_version from turns where number = $1 and campaign_id = (select id from campaigns where name = 'nose')"; }

# The old turn still verifies and replays, under version 1.
[ "$(version 1)" = 1 ]
expect_exit 0 $db verify nose --turn 1
contains out "nose, turn 1: ok: 4 dice"
expect_exit 0 $db replay nose
contains out "every resolved turn replays exactly"
expect_exit 0 $db turn show nose --turn 1 --json
contains out '"rules_version": 1,'
cp out pub.json
expect_exit 0 verify --published pub.json
# A turn published before the change carries no rules_version: version 1.
python3 -c 'import json,sys; d=json.load(open("pub.json")); del d["rules_version"]; json.dump(d, open("old.json","w"))'
expect_exit 0 verify --published old.json
# Under version 2 the same inputs give another turn: the version matters.
python3 -c 'import json,sys; d=json.load(open("pub.json")); d["rules_version"]=2; json.dump(d, open("v2.json","w"))'
expect_exit 1 verify --published v2.json
contains out "DIFFERS"
python3 -c 'import json,sys; d=json.load(open("pub.json")); d["rules_version"]=9; json.dump(d, open("v9.json","w"))'
expect_exit 65 verify --published v9.json
contains err '"rules_version": expected 1 to 2'

# The open turn 2 (nobody sent orders) is resolved by this judge: version
# 2, so it has phases and the idle ships shoot.
expect_exit 0 $db process --campaign nose --now 2025-03-03T12:00Z
[ "$(version 2)" = 2 ]
expect_exit 0 $db turn show nose --turn 2
contains out "Minx: no moves received; idle all turn."
contains out "Phase 2"
contains out "Locust shoots Minx"
contains out "Minx shoots Locust"
expect_exit 0 $db verify nose --turn 2
expect_exit 0 $db replay nose
contains out "every resolved turn replays exactly"

# Stamped wrongly, turn 1 no longer replays: the stamp is what is used.
sqlite3 t.db "update turns set rules_version = 2 where number = 1 and campaign_id = (select id from campaigns where name = 'nose')"
expect_exit 1 $db verify nose --turn 1
contains out "DIFFERS"
