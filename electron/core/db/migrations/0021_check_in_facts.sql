-- Where and how each check-in, check-out and undo was made here, in a table of its own (issue 32).
--
-- The outbox only delivers: what the desk's lists, the arrivals feed, the visitor log and the roll call say of a
-- check-in (when it was tapped, at which door and device, by whom, whether the daily automatic check-out made it)
-- is written here in the same transaction as the outbox row that sends it, and outlives that row.
CREATE TABLE check_in_facts (
  id INTEGER PRIMARY KEY,
  -- The invitation, and its check-in record.
  check_in_id INTEGER NOT NULL,
  action TEXT NOT NULL CHECK (action IN ('checkIn', 'checkOut', 'undo')),
  -- When it was tapped here (the outbox row's created_at).
  at TEXT NOT NULL,
  -- The flow's transition it sends. NULL only for a device noted before 0021 without an outbox row of its check-in.
  event_name TEXT,
  -- Which kind of door queued it. NULL: carried over from before 0021, when the outbox row did not say.
  door TEXT CHECK (door IN ('kiosk', 'desk')),
  -- The paired device's name, or 'kiosk'/'desk' for a screen that is not one (app/where.ts placeOf).
  -- NULL: no person at a door made it (a walk-in's check-in after the pull, the automatic check-out).
  device TEXT,
  automatic INTEGER NOT NULL DEFAULT 0 CHECK (automatic IN (0, 1)),
  -- The named staff member whose PIN or card unlocked the session (NULL: a shared PIN, a kiosk, the CLI, automatic).
  by_staff_id INTEGER,
  by_person TEXT,
  -- The outbox row that delivers it, while there is one (no reference: the row may go, the fact stays).
  outbox_id INTEGER UNIQUE,
  -- Its delivery failed for good (the service refused it, or a transition before it failed): it was not made.
  failed INTEGER NOT NULL DEFAULT 0 CHECK (failed IN (0, 1))
) STRICT;
-- The last fact of an action of a check-in, as every reader asks for it.
CREATE INDEX check_in_facts_of ON check_in_facts(check_in_id, action, failed, id);

-- A row purged from the outbox leaves its fact, which no later row that reuses its id may be taken for.
CREATE TRIGGER check_in_facts_outbox_gone AFTER DELETE ON outbox BEGIN
  UPDATE check_in_facts SET outbox_id = NULL WHERE outbox_id = old.id;
END;

-- Today's facts, from the outbox rows (read as JSON here, once; a payload that is not JSON is left out).
INSERT INTO check_in_facts (check_in_id, action, at, event_name, door, device, automatic, outbox_id, failed)
SELECT CAST(substr(target, 10) AS INTEGER), json_extract(payload, '$.action'), created_at,
  CAST(json_extract(payload, '$.eventName') AS TEXT), NULL, NULL,
  coalesce(json_extract(payload, '$.by') = 'auto', 0), id, state = 'failed'
FROM outbox
WHERE kind = 'transition' AND target GLOB 'check-in:[0-9]*' AND json_valid(payload)
  AND json_extract(payload, '$.action') IN ('checkIn', 'checkOut', 'undo')
ORDER BY id;

-- The devices the hub noted (check_in_devices, kept a week) go to the last check-in of each; a device whose
-- check-in has no outbox row is a fact of its own.
UPDATE check_in_facts SET device = (SELECT d.device FROM check_in_devices d WHERE d.check_in_id = check_in_facts.check_in_id)
WHERE id IN (SELECT max(f.id) FROM check_in_facts f JOIN check_in_devices d ON d.check_in_id = f.check_in_id
  WHERE f.action = 'checkIn' GROUP BY f.check_in_id);
INSERT INTO check_in_facts (check_in_id, action, at, device)
SELECT d.check_in_id, 'checkIn', d.at, d.device FROM check_in_devices d
WHERE NOT EXISTS (SELECT 1 FROM check_in_facts f WHERE f.check_in_id = d.check_in_id AND f.action = 'checkIn');
DROP TABLE check_in_devices;
