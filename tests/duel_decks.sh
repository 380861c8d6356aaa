#!/bin/sh
# Regenerates core/duel/default_decks.c from templates/duel/decks/*.json.
set -e
cd "$(dirname "$0")/.."
python3 - <<'PY'
import json
out=['/* The default decks (templates/duel/decks/, the .json files byte for byte; test_duel checks they agree).',
     ' * Regenerate with tests/duel_decks.sh after editing a deck file. */',
     '#include "deck.h"','']
for side in ('humans','machines'):
    t=open(f'templates/duel/decks/{side}.json').read()
    out.append(f'const char duel_default_{side}[] =')
    for line in t.splitlines(True):
        out.append('\t'+json.dumps(line)[:-1].replace('?','\\?')+'"')
    out[-1]+=';'
    out.append('')
open('core/duel/default_decks.c','w').write('\n'.join(out))
PY
