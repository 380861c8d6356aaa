/*
 * The schema, as the forward steps that build it. A released step is never
 * edited: a change is a new step at the end, so every file ever written
 * can be brought up to date.
 */
#include "schema.h"

#include "db.h"

static const char v1[] =
	/* settings: the campaign's options as JSON, so a ruleset can add its own. */
	"CREATE TABLE campaigns ("
	"  id INTEGER PRIMARY KEY,"
	"  name TEXT NOT NULL UNIQUE COLLATE NOCASE,"
	"  ruleset TEXT NOT NULL,"
	"  status TEXT NOT NULL CHECK (status IN ('open','running','paused','finished')),"
	"  turn INTEGER NOT NULL DEFAULT 0,"
	"  winner TEXT NOT NULL DEFAULT '',"
	"  created_at TEXT NOT NULL,"
	"  paused_at TEXT NOT NULL DEFAULT '',"
	"  settings TEXT NOT NULL CHECK (json_valid(settings))"
	");"
	"CREATE TABLE captains ("
	"  id INTEGER PRIMARY KEY,"
	"  campaign_id INTEGER NOT NULL REFERENCES campaigns(id),"
	"  name TEXT NOT NULL COLLATE NOCASE,"
	"  email TEXT NOT NULL,"
	"  pwhash TEXT NOT NULL,"
	"  joined_at TEXT NOT NULL,"
	"  UNIQUE (campaign_id, name)"
	");"
	"CREATE TABLE ships ("
	"  id INTEGER PRIMARY KEY,"
	"  campaign_id INTEGER NOT NULL REFERENCES campaigns(id),"
	"  captain_id INTEGER NOT NULL REFERENCES captains(id),"
	"  name TEXT NOT NULL COLLATE NOCASE,"
	"  team TEXT NOT NULL CHECK (team IN ('zion','machines')),"
	"  hull INTEGER NOT NULL, shield INTEGER NOT NULL,"
	"  ballistic INTEGER NOT NULL, energy INTEGER NOT NULL,"
	"  damage INTEGER NOT NULL DEFAULT 0,"
	"  battles INTEGER NOT NULL DEFAULT 0, wins INTEGER NOT NULL DEFAULT 0,"
	"  kills INTEGER NOT NULL DEFAULT 0, times_disabled INTEGER NOT NULL DEFAULT 0,"
	"  UNIQUE (campaign_id, name)"
	");"
	/* resolved_at is the once-only guard: set by one UPDATE ... IS NULL. */
	"CREATE TABLE turns ("
	"  id INTEGER PRIMARY KEY,"
	"  campaign_id INTEGER NOT NULL REFERENCES campaigns(id),"
	"  number INTEGER NOT NULL CHECK (number >= 0),"
	"  seed TEXT NOT NULL,"
	"  opened_at TEXT NOT NULL,"
	"  deadline TEXT NOT NULL,"
	"  resolved_at TEXT,"
	"  state_before TEXT NOT NULL CHECK (json_valid(state_before)),"
	"  state_after TEXT CHECK (state_after IS NULL OR json_valid(state_after)),"
	"  UNIQUE (campaign_id, number)"
	");"
	"CREATE TABLE orders ("
	"  id INTEGER PRIMARY KEY,"
	"  turn_id INTEGER NOT NULL REFERENCES turns(id),"
	"  ship_id INTEGER NOT NULL REFERENCES ships(id),"
	"  captain_id INTEGER NOT NULL REFERENCES captains(id),"
	"  raw TEXT NOT NULL,"
	"  understood TEXT NOT NULL,"
	"  digest TEXT NOT NULL,"
	"  received_at TEXT NOT NULL,"
	"  current INTEGER NOT NULL DEFAULT 1 CHECK (current IN (0, 1)),"
	"  superseded_by INTEGER REFERENCES orders(id)"
	");"
	/* At most one current submission per ship and turn, enforced by SQLite. */
	"CREATE UNIQUE INDEX orders_current ON orders (turn_id, ship_id) WHERE current = 1;"
	"CREATE INDEX orders_turn ON orders (turn_id, ship_id, id);"
	"CREATE TABLE events ("
	"  turn_id INTEGER NOT NULL REFERENCES turns(id),"
	"  seq INTEGER NOT NULL,"
	"  phase INTEGER NOT NULL,"
	"  type TEXT NOT NULL,"
	"  json TEXT NOT NULL CHECK (json_valid(json)),"
	"  PRIMARY KEY (turn_id, seq)"
	");"
	"CREATE TABLE dice ("
	"  turn_id INTEGER NOT NULL REFERENCES turns(id),"
	"  seq INTEGER NOT NULL,"
	"  phase INTEGER NOT NULL,"
	"  ship TEXT NOT NULL,"
	"  check_name TEXT NOT NULL,"
	"  cause TEXT NOT NULL,"
	"  d6 INTEGER NOT NULL CHECK (d6 BETWEEN 1 AND 6),"
	"  stat INTEGER NOT NULL,"
	"  score INTEGER NOT NULL,"
	"  PRIMARY KEY (turn_id, seq),"
	"  FOREIGN KEY (turn_id, seq) REFERENCES events(turn_id, seq)"
	");";

/* Version 2: the outbox, queued mail keyed so nothing is queued twice. */
static const char v2[] =
	"CREATE TABLE outbox ("
	"  id INTEGER PRIMARY KEY,"
	"  campaign_id INTEGER NOT NULL REFERENCES campaigns(id),"
	"  turn_id INTEGER REFERENCES turns(id),"
	"  kind TEXT NOT NULL,"
	"  key TEXT NOT NULL UNIQUE,"
	"  recipient TEXT NOT NULL,"
	"  subject TEXT NOT NULL,"
	"  body TEXT NOT NULL,"
	"  created_at TEXT NOT NULL,"
	"  sent_at TEXT"
	");"
	"CREATE INDEX outbox_unsent ON outbox (sent_at, id);";

const char *const db_migrations[] = { v1, v2 };
const int db_migration_count = (int)(sizeof(db_migrations) / sizeof(db_migrations[0]));

/* The build fails if the header's version and the steps disagree. */
_Static_assert(sizeof(db_migrations) / sizeof(db_migrations[0]) == DB_SCHEMA_VERSION,
	       "DB_SCHEMA_VERSION must equal the number of migrations");
