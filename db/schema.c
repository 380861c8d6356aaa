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

/*
 * Version 3: mail in and out (db/mail.c). Every message received is kept
 * as it came, stored in its own transaction before it is read; the outbox
 * gets its delivery state (queued -> sending -> final -> sent, or back to
 * queued with a later next_try_at, or failed, or doubt after a crash while
 * the server may have taken it: see mxjudge-mail(1)); reminders are sent
 * once per turn and ship; each campaign has a secret key for order codes.
 */
static const char v3[] =
	"CREATE TABLE mail_in ("
	"  id INTEGER PRIMARY KEY,"
	"  digest TEXT NOT NULL UNIQUE,"
	"  source TEXT NOT NULL,"
	"  received_at TEXT NOT NULL,"
	"  size INTEGER NOT NULL,"
	"  truncated INTEGER NOT NULL DEFAULT 0 CHECK (truncated IN (0, 1)),"
	"  raw BLOB NOT NULL,"
	"  status TEXT NOT NULL DEFAULT 'stored' CHECK (status IN ('stored','orders','refused',"
	"    'no-orders','unknown-sender','ignored','too-large','error')),"
	"  sender TEXT NOT NULL DEFAULT '',"
	"  message_id TEXT NOT NULL DEFAULT '',"
	"  note TEXT NOT NULL DEFAULT '',"
	"  done_at TEXT"
	");"
	"ALTER TABLE outbox ADD COLUMN state TEXT NOT NULL DEFAULT 'queued'"
	"  CHECK (state IN ('queued','sending','final','sent','failed','doubt'));"
	"ALTER TABLE outbox ADD COLUMN message_id TEXT;"
	"ALTER TABLE outbox ADD COLUMN in_reply_to TEXT;"
	"ALTER TABLE outbox ADD COLUMN attempts INTEGER NOT NULL DEFAULT 0;"
	"ALTER TABLE outbox ADD COLUMN next_try_at TEXT;"
	"ALTER TABLE outbox ADD COLUMN last_try_at TEXT;"
	"ALTER TABLE outbox ADD COLUMN last_error TEXT NOT NULL DEFAULT '';"
	"UPDATE outbox SET state = 'sent' WHERE sent_at IS NOT NULL;"
	"CREATE INDEX outbox_state ON outbox (state, next_try_at, id);"
	"CREATE TABLE reminders ("
	"  turn_id INTEGER NOT NULL REFERENCES turns(id),"
	"  ship_id INTEGER NOT NULL REFERENCES ships(id),"
	"  sent_at TEXT NOT NULL,"
	"  PRIMARY KEY (turn_id, ship_id)"
	");"
	"CREATE TABLE campaign_keys ("
	"  campaign_id INTEGER PRIMARY KEY REFERENCES campaigns(id),"
	"  key BLOB NOT NULL CHECK (length(key) = 32)"
	");";

/*
 * Version 4: campaigns in series. Battles and who fought them; the points
 * ledger (awards, purchases, adjustments: a ship's stats are its base plus
 * its ledger); ships the game master removed; turns undone (the undone
 * turn stays, the turn after it replays from the state before it).
 */
static const char v4[] =
	"CREATE TABLE battles ("
	"  id INTEGER PRIMARY KEY,"
	"  campaign_id INTEGER NOT NULL REFERENCES campaigns(id),"
	"  number INTEGER NOT NULL CHECK (number >= 1),"
	"  scenario TEXT NOT NULL DEFAULT '',"
	"  first_turn INTEGER NOT NULL,"
	"  last_turn INTEGER,"
	"  winner TEXT NOT NULL DEFAULT '',"
	"  result TEXT NOT NULL DEFAULT '',"
	"  started_at TEXT NOT NULL,"
	"  ended_at TEXT,"
	"  UNIQUE (campaign_id, number)"
	");"
	"CREATE TABLE battle_ships ("
	"  battle_id INTEGER NOT NULL REFERENCES battles(id),"
	"  ship_id INTEGER NOT NULL REFERENCES ships(id),"
	"  status TEXT NOT NULL CHECK (status IN ('fighting','active','disabled','off-map','repairs')),"
	"  kills INTEGER NOT NULL DEFAULT 0,"
	"  won INTEGER NOT NULL DEFAULT 0 CHECK (won IN (0, 1)),"
	"  PRIMARY KEY (battle_id, ship_id)"
	");"
	"CREATE TABLE ledger ("
	"  id INTEGER PRIMARY KEY,"
	"  campaign_id INTEGER NOT NULL REFERENCES campaigns(id),"
	"  ship_id INTEGER NOT NULL REFERENCES ships(id),"
	"  battle INTEGER NOT NULL DEFAULT 0,"
	"  kind TEXT NOT NULL CHECK (kind IN ('award','purchase','adjust')),"
	"  points INTEGER NOT NULL,"
	"  stat TEXT NOT NULL DEFAULT '' CHECK (stat IN ('','hull','shield','ballistic','energy')),"
	"  delta INTEGER NOT NULL DEFAULT 0,"
	"  reason TEXT NOT NULL,"
	"  created_at TEXT NOT NULL"
	");"
	"CREATE INDEX ledger_ship ON ledger (campaign_id, ship_id, id);"
	"ALTER TABLE ships ADD COLUMN removed_at TEXT;"
	"CREATE TABLE undos ("
	"  id INTEGER PRIMARY KEY,"
	"  campaign_id INTEGER NOT NULL REFERENCES campaigns(id),"
	"  turn_id INTEGER NOT NULL UNIQUE REFERENCES turns(id),"
	"  redo_turn INTEGER NOT NULL,"
	"  reason TEXT NOT NULL DEFAULT '',"
	"  undone_at TEXT NOT NULL"
	");";

/*
 * Version 5: trust (db/security.c). Every wrong password or order code
 * for a ship, with its time, and the ship's lockout: after too many
 * failures in a while, submissions for the ship are refused until
 * locked_until; strikes counts lockouts in a row (the delay doubles).
 */
static const char v5[] =
	"CREATE TABLE auth_failures ("
	"  id INTEGER PRIMARY KEY,"
	"  campaign_id INTEGER NOT NULL REFERENCES campaigns(id),"
	"  ship_id INTEGER NOT NULL REFERENCES ships(id),"
	"  failed_at TEXT NOT NULL,"
	"  source TEXT NOT NULL DEFAULT ''"
	");"
	"CREATE INDEX auth_failures_ship ON auth_failures (ship_id, failed_at);"
	"CREATE TABLE lockouts ("
	"  ship_id INTEGER PRIMARY KEY REFERENCES ships(id),"
	"  strikes INTEGER NOT NULL CHECK (strikes >= 1),"
	"  locked_at TEXT NOT NULL,"
	"  locked_until TEXT NOT NULL"
	");";

/*
 * Version 6: the last run of each cron job (db/doctor.c): `process` (run
 * by itself or by `tick`) records when it ran and how it exited, so
 * `mxjudge doctor` can tell whether cron still runs it.
 */
static const char v6[] =
	"CREATE TABLE runs ("
	"  job TEXT PRIMARY KEY,"
	"  at TEXT NOT NULL,"
	"  status INTEGER NOT NULL DEFAULT 0"
	");";

/*
 * Version 7: storage for every game (core/ruleset.h). Seats (still the
 * ships table) take any side and carry the ruleset's own JSON in data;
 * orders keep the ruleset's JSON reading beside their raw text; every
 * draw of a turn is logged as its tagged line, on its stream; an event
 * may be addressed to some seats only (visible_to, a JSON list; NULL for
 * everyone); a match (the battles table) keeps the record it carries on;
 * data packs (decks, scenarios, sheets) live in the campaign with their
 * digest; a campaign's sealed root is kept until revealed; each turn says
 * the version of the rules it was resolved under. The ships table is
 * rebuilt (SQLite cannot drop a CHECK) with foreign keys off: the
 * migration runner turns them off for every step and checks them after.
 */
static const char v7[] =
	"CREATE TABLE ships_v7 ("
	"  id INTEGER PRIMARY KEY,"
	"  campaign_id INTEGER NOT NULL REFERENCES campaigns(id),"
	"  captain_id INTEGER NOT NULL REFERENCES captains(id),"
	"  name TEXT NOT NULL COLLATE NOCASE,"
	"  team TEXT NOT NULL,"
	"  hull INTEGER NOT NULL DEFAULT 0, shield INTEGER NOT NULL DEFAULT 0,"
	"  ballistic INTEGER NOT NULL DEFAULT 0, energy INTEGER NOT NULL DEFAULT 0,"
	"  damage INTEGER NOT NULL DEFAULT 0,"
	"  battles INTEGER NOT NULL DEFAULT 0, wins INTEGER NOT NULL DEFAULT 0,"
	"  kills INTEGER NOT NULL DEFAULT 0, times_disabled INTEGER NOT NULL DEFAULT 0,"
	"  removed_at TEXT,"
	"  data TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(data)),"
	"  UNIQUE (campaign_id, name)"
	");"
	"INSERT INTO ships_v7 (id, campaign_id, captain_id, name, team, hull, shield, ballistic,"
	"  energy, damage, battles, wins, kills, times_disabled, removed_at)"
	"  SELECT id, campaign_id, captain_id, name, team, hull, shield, ballistic, energy, damage,"
	"  battles, wins, kills, times_disabled, removed_at FROM ships;"
	"DROP TABLE ships;"
	"ALTER TABLE ships_v7 RENAME TO ships;"
	"ALTER TABLE orders ADD COLUMN reading TEXT CHECK (reading IS NULL OR json_valid(reading));"
	"CREATE TABLE draws ("
	"  turn_id INTEGER NOT NULL REFERENCES turns(id),"
	"  seq INTEGER NOT NULL,"
	"  stream TEXT NOT NULL,"
	"  line TEXT NOT NULL,"
	"  PRIMARY KEY (turn_id, seq)"
	");"
	"ALTER TABLE events ADD COLUMN visible_to TEXT"
	"  CHECK (visible_to IS NULL OR json_valid(visible_to));"
	"ALTER TABLE battles ADD COLUMN record TEXT CHECK (record IS NULL OR json_valid(record));"
	"CREATE TABLE data_packs ("
	"  campaign_id INTEGER NOT NULL REFERENCES campaigns(id),"
	"  kind TEXT NOT NULL,"
	"  name TEXT NOT NULL,"
	"  digest TEXT NOT NULL,"
	"  body BLOB NOT NULL,"
	"  added_at TEXT NOT NULL,"
	"  PRIMARY KEY (campaign_id, kind)"
	");"
	"CREATE TABLE sealed_roots ("
	"  campaign_id INTEGER PRIMARY KEY REFERENCES campaigns(id),"
	"  root TEXT NOT NULL CHECK (length(root) = 64),"
	"  commitment TEXT NOT NULL CHECK (length(commitment) = 64),"
	"  nonce TEXT NOT NULL DEFAULT '',"
	"  created_at TEXT NOT NULL,"
	"  revealed_at TEXT"
	");"
	"ALTER TABLE turns ADD COLUMN rules_version INTEGER NOT NULL DEFAULT 1;";

/*
 * Version 8: mail under attack (issue 14). mail_in is rebuilt (SQLite
 * cannot change a CHECK) with: status 'set-aside' for a mail whose
 * reading failed (the process died) too often; attempts, the reads
 * begun; mail_key, "id:<Message-ID>" or "sha:<digest of sender and
 * body>", by which a re-delivered mail is known when its bytes differ;
 * written_at, its Date: in UTC; kept, how much of it is stored ('whole'
 * until read, then 'summary': its headers and the orders block or a
 * short prefix, secrets redacted; 'pruned': only this row). Orders keep
 * the Date: of the mail that carried them (an older mail never replaces
 * newer orders); a wrong secret says which it was (only wrong passwords
 * lock a ship); a ship that changed hands gets a code salt, so the former
 * captain's order codes are worth nothing (judge/judge.h).
 */
static const char v8[] =
	"CREATE TABLE mail_in_v8 ("
	"  id INTEGER PRIMARY KEY,"
	"  digest TEXT NOT NULL UNIQUE,"
	"  source TEXT NOT NULL,"
	"  received_at TEXT NOT NULL,"
	"  size INTEGER NOT NULL,"
	"  truncated INTEGER NOT NULL DEFAULT 0 CHECK (truncated IN (0, 1)),"
	"  raw BLOB NOT NULL,"
	"  status TEXT NOT NULL DEFAULT 'stored' CHECK (status IN ('stored','orders','refused',"
	"    'no-orders','unknown-sender','ignored','too-large','error','set-aside','desk')),"
	"  sender TEXT NOT NULL DEFAULT '',"
	"  message_id TEXT NOT NULL DEFAULT '',"
	"  note TEXT NOT NULL DEFAULT '',"
	"  done_at TEXT,"
	"  attempts INTEGER NOT NULL DEFAULT 0,"
	"  mail_key TEXT NOT NULL DEFAULT '',"
	"  written_at TEXT,"
	"  kept TEXT NOT NULL DEFAULT 'whole' CHECK (kept IN ('whole','summary','pruned'))"
	");"
	"INSERT INTO mail_in_v8 (id, digest, source, received_at, size, truncated, raw, status,"
	"  sender, message_id, note, done_at, attempts)"
	"  SELECT id, digest, source, received_at, size, truncated, raw, status, sender,"
	"  message_id, note, done_at, CASE WHEN status = 'stored' THEN 0 ELSE 1 END FROM mail_in;"
	"DROP TABLE mail_in;"
	"ALTER TABLE mail_in_v8 RENAME TO mail_in;"
	"CREATE INDEX mail_in_key ON mail_in (mail_key) WHERE mail_key != '';"
	"CREATE INDEX mail_in_received ON mail_in (received_at);"
	"ALTER TABLE orders ADD COLUMN written_at TEXT;"
	"ALTER TABLE auth_failures ADD COLUMN kind TEXT NOT NULL DEFAULT 'password'"
	"  CHECK (kind IN ('password','code'));"
	"ALTER TABLE ships ADD COLUMN code_salt TEXT NOT NULL DEFAULT '';";

/*
 * Version 9: the players' own desk by mail (issue 18, db/desk.c). A
 * captain's pending password (FORGOT mails one; it works beside the old
 * one until SET PASSWORD, so a forged FORGOT locks nobody out); the other
 * addresses whose mail counts as the captain's (SET ADDRESS keeps the old
 * one there); absences (SET ABSENCE), from and to as UTC instants; the
 * standby list the game master keeps (`campaign standby`, TAKEOVER by
 * mail); a seat whose captain resigned (RESIGN) is vacant from resigned_at
 * until someone takes it over; who gets the public bulletin (OBSERVE).
 */
static const char v9[] =
	"ALTER TABLE captains ADD COLUMN pwhash_new TEXT NOT NULL DEFAULT '';"
	"CREATE TABLE captain_addresses ("
	"  captain_id INTEGER NOT NULL REFERENCES captains(id),"
	"  email TEXT NOT NULL COLLATE NOCASE,"
	"  added_at TEXT NOT NULL,"
	"  PRIMARY KEY (captain_id, email)"
	");"
	"CREATE INDEX captain_addresses_email ON captain_addresses (email);"
	"CREATE TABLE absences ("
	"  id INTEGER PRIMARY KEY,"
	"  campaign_id INTEGER NOT NULL REFERENCES campaigns(id),"
	"  captain_id INTEGER NOT NULL REFERENCES captains(id),"
	"  starts TEXT NOT NULL,"
	"  ends TEXT NOT NULL CHECK (ends > starts),"
	"  created_at TEXT NOT NULL"
	");"
	"CREATE INDEX absences_campaign ON absences (campaign_id, ends);"
	"CREATE TABLE standby ("
	"  id INTEGER PRIMARY KEY,"
	"  campaign_id INTEGER NOT NULL REFERENCES campaigns(id),"
	"  name TEXT NOT NULL,"
	"  email TEXT NOT NULL COLLATE NOCASE,"
	"  added_at TEXT NOT NULL,"
	"  UNIQUE (campaign_id, email)"
	");"
	"ALTER TABLE ships ADD COLUMN resigned_at TEXT;"
	"CREATE TABLE observers ("
	"  id INTEGER PRIMARY KEY,"
	"  campaign_id INTEGER NOT NULL REFERENCES campaigns(id),"
	"  email TEXT NOT NULL COLLATE NOCASE,"
	"  added_at TEXT NOT NULL,"
	"  UNIQUE (campaign_id, email)"
	");";

/*
 * Version 10: seats, not ships (issue 27). The ships table becomes seats,
 * its team the seat's side; Hovercrafts' stats and career (hull, shield,
 * ballistic, energy, damage, battles, wins, kills, times_disabled) move
 * into the seat's own data, where every game keeps its record
 * (core/hovercrafts/record.h), and leave the table. A campaign's result
 * is kept whole as the game stated it (result, was winner: the judge cut
 * it to 15 bytes). Hovercrafts' dice join the one draws log of every game
 * (stream 'hovercrafts', "d6 PHASE D6 STAT SCORE CHECK CAUSE SHIP",
 * judge/judge.h) and the dice table goes. Renaming a table carries the
 * other tables' references to it (SQLite 3.26 on).
 */
static const char v10[] =
	"ALTER TABLE ships RENAME TO seats;"
	"ALTER TABLE seats RENAME COLUMN team TO side;"
	"UPDATE seats SET data = json_set(data, '$.hull', hull, '$.shield', shield,"
	"  '$.ballistic', ballistic, '$.energy', energy, '$.damage', damage, '$.battles', battles,"
	"  '$.wins', wins, '$.kills', kills, '$.times_disabled', times_disabled)"
	"  WHERE campaign_id IN (SELECT id FROM campaigns WHERE ruleset = 'hovercrafts');"
	"ALTER TABLE seats DROP COLUMN hull;"
	"ALTER TABLE seats DROP COLUMN shield;"
	"ALTER TABLE seats DROP COLUMN ballistic;"
	"ALTER TABLE seats DROP COLUMN energy;"
	"ALTER TABLE seats DROP COLUMN damage;"
	"ALTER TABLE seats DROP COLUMN battles;"
	"ALTER TABLE seats DROP COLUMN wins;"
	"ALTER TABLE seats DROP COLUMN kills;"
	"ALTER TABLE seats DROP COLUMN times_disabled;"
	"ALTER TABLE campaigns RENAME COLUMN winner TO result;"
	"INSERT INTO draws (turn_id, seq, stream, line)"
	"  SELECT turn_id, seq, 'hovercrafts', printf('d6 %d %d %d %d %s %s %s', phase, d6, stat,"
	"  score, check_name, cause, ship) FROM dice;"
	"DROP TABLE dice;";

const char *const db_migrations[] = { v1, v2, v3, v4, v5, v6, v7, v8, v9, v10 };
const int db_migration_count = (int)(sizeof(db_migrations) / sizeof(db_migrations[0]));

/* The build fails if the header's version and the steps disagree. */
_Static_assert(sizeof(db_migrations) / sizeof(db_migrations[0]) == DB_SCHEMA_VERSION,
	       "DB_SCHEMA_VERSION must equal the number of migrations");
