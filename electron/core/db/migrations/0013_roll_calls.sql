-- Version 16: the roll call of an evacuation, kept at the hub only (the
-- service's interface has no place for it, so nothing of it is sent).
--
-- A roll call fixes who is on site when it starts (roll_call_entries, one
-- row per person, with what the screens and the report show of them); guests
-- who check in while it runs are added with arrived_during = 1. A tick is
-- the last mark of a person (accounted or not), with its time and device: the
-- hub is the one writer, so the last mark it receives wins. `version` moves
-- with every change, in the same transaction, so screens ask for what is new.
CREATE TABLE roll_calls (
  id INTEGER PRIMARY KEY,
  version INTEGER NOT NULL DEFAULT 1,
  location_id INTEGER NOT NULL,
  location_name TEXT,
  started_at TEXT NOT NULL,
  started_by TEXT NOT NULL,
  ended_at TEXT,
  ended_by TEXT
) STRICT;
-- One roll call under way at a time: two desks pressing Start at once get the same one.
CREATE UNIQUE INDEX roll_calls_one_active ON roll_calls ((ended_at IS NULL)) WHERE ended_at IS NULL;

CREATE TABLE roll_call_entries (
  roll_call_id INTEGER NOT NULL REFERENCES roll_calls(id),
  invitation_id INTEGER NOT NULL,
  first_name TEXT,
  last_name TEXT,
  company_name TEXT,
  host_name TEXT,
  arrived_at TEXT,
  checked_in_at TEXT NOT NULL,
  arrived_during INTEGER NOT NULL DEFAULT 0 CHECK (arrived_during IN (0, 1)),
  accounted INTEGER NOT NULL DEFAULT 0 CHECK (accounted IN (0, 1)),
  marked_at TEXT,
  marked_by TEXT,
  PRIMARY KEY (roll_call_id, invitation_id)
) STRICT, WITHOUT ROWID;

-- Which paired device (or the hub's own screen) made a check-in, for the roll call's "where they checked in".
CREATE TABLE check_in_devices (
  check_in_id INTEGER PRIMARY KEY,
  device TEXT NOT NULL,
  at TEXT NOT NULL
) STRICT;
-- Kept a week: the oldest go as new ones come.
CREATE INDEX check_in_devices_at ON check_in_devices(at);
