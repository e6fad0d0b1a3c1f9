-- Named staff, a visitor forgotten, retention per kind (issue 35).
--
-- The site's staff: each unlocks the desk or admin role with a PIN of their own or their staff card's code,
-- kept as salted scrypt hashes only (app/pins.ts). A person removed keeps their row (the audit log names them)
-- with the hashes cleared, so that nothing of theirs unlocks any more.
CREATE TABLE staff (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  role TEXT NOT NULL CHECK (role IN ('desk', 'admin')),
  pin_hash TEXT,
  card_hash TEXT,
  added_at TEXT NOT NULL,
  removed_at TEXT
) STRICT;
CREATE INDEX staff_active ON staff(removed_at, name);

-- The person who acted, as the staff list named them then (NULL: a shared PIN, the CLI, automatic).
ALTER TABLE audit_log ADD COLUMN person TEXT;

-- Visitors forgotten on request: only a pseudonym, the ids the service still holds and what was erased here,
-- never a name or an email (the row is the proof that the request was carried out).
CREATE TABLE forgotten (
  id INTEGER PRIMARY KEY,
  pseudonym TEXT NOT NULL UNIQUE,
  at TEXT NOT NULL,
  -- JSON: { invitationIds, checkInIds, eventIds, walkInIds } the service may still hold.
  service_ids TEXT NOT NULL,
  -- JSON: rows or files erased, by holder.
  erased TEXT NOT NULL
) STRICT;

-- The ids of a forgotten visitor's invitations and check-in records: the service still lists them (its
-- interface has no delete), so the pulls leave them out instead of bringing the person back.
CREATE TABLE forgotten_ids (
  kind TEXT NOT NULL CHECK (kind IN ('invitation', 'check-in')),
  id INTEGER NOT NULL,
  PRIMARY KEY (kind, id)
) STRICT, WITHOUT ROWID;
