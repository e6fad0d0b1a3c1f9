-- Version 18: the watchlist, local state of the site (never sent to the service).
--
-- The admin pushes the list as a file (CSV, XLSX, JSON); each push replaces
-- the whole list (watchlist_lists keeps the one in force: its file, when, how
-- many entries). Each place a person is let in checks them against it; a match
-- is an alert the desks decide (let in, turn away, not this person), kept with
-- what the entry said then (a later push may change or drop the entry).
-- AUTOINCREMENT: a new push never takes the id of the list it replaces (the in-memory index is kept by it).
CREATE TABLE watchlist_lists (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  file TEXT NOT NULL,
  pushed_at TEXT NOT NULL,
  entries INTEGER NOT NULL
) STRICT;

CREATE TABLE watchlist_entries (
  id INTEGER PRIMARY KEY,
  list_id INTEGER NOT NULL REFERENCES watchlist_lists(id) ON DELETE CASCADE,
  line INTEGER,
  first_name TEXT,
  last_name TEXT NOT NULL,
  company_name TEXT,
  email TEXT,
  note TEXT,
  action TEXT NOT NULL CHECK (action IN ('alert', 'deny'))
) STRICT;
CREATE INDEX watchlist_entries_list ON watchlist_entries(list_id);

CREATE TABLE watchlist_alerts (
  id INTEGER PRIMARY KEY,
  raised_at TEXT NOT NULL,
  -- Where the person was being let in: kiosk check-in, walk-in request, Add visitor, ... or on site already.
  point TEXT NOT NULL,
  device TEXT NOT NULL,
  first_name TEXT,
  last_name TEXT,
  company_name TEXT,
  email TEXT,
  -- Who the person is for "Not this person" and "Let in" (watchlist/match.ts visitorKey).
  visitor_key TEXT NOT NULL,
  invitation_id INTEGER,
  walk_in_id INTEGER,
  -- The entry as it was: its key outlives a new push (watchlist/match.ts entryKey).
  entry_key TEXT NOT NULL,
  entry_name TEXT NOT NULL,
  entry_note TEXT,
  action TEXT NOT NULL CHECK (action IN ('alert', 'deny')),
  score REAL NOT NULL,
  -- JSON: which parts of the names matched how.
  matches TEXT NOT NULL,
  decision TEXT CHECK (decision IN ('letIn', 'turnAway', 'notThisPerson')),
  decided_at TEXT,
  decided_by TEXT
) STRICT;
CREATE INDEX watchlist_alerts_open ON watchlist_alerts(raised_at) WHERE decision IS NULL;
CREATE INDEX watchlist_alerts_pair ON watchlist_alerts(entry_key, visitor_key, decided_at);

-- "Not this person": this visitor is not this entry, from now on.
CREATE TABLE watchlist_cleared (
  entry_key TEXT NOT NULL,
  visitor_key TEXT NOT NULL,
  cleared_at TEXT NOT NULL,
  alert_id INTEGER,
  PRIMARY KEY (entry_key, visitor_key)
) STRICT, WITHOUT ROWID;
