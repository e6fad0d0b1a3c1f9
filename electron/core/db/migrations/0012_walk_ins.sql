-- Version 17: walk-in requests, local state of the hub.
--
-- A visitor without an invitation registers at a kiosk (or the desk or the
-- command line registers them). The interface has no place for a request
-- before it is approved, so it lives here. Its sourceIds are fixed when the
-- request is made: the outbox row written on approval (PUT /events, in the
-- same transaction) is the same upsert however often it is sent. Once a pull
-- brings the invitation, invitation_id is set in the same transaction as its
-- check-in is queued (check_in_outbox_id), so it is queued exactly once.
CREATE TABLE walk_ins (
  id INTEGER PRIMARY KEY,
  event_source_id TEXT NOT NULL UNIQUE,
  invitation_source_id TEXT NOT NULL UNIQUE,
  -- Exactly what the event's description says: how the pulled event is recognised (reads carry no sourceId).
  marker TEXT NOT NULL UNIQUE,
  first_name TEXT NOT NULL,
  last_name TEXT NOT NULL,
  company_name TEXT,
  email TEXT,
  language TEXT,
  host_id INTEGER NOT NULL,
  host_name TEXT,
  location_id INTEGER NOT NULL,
  -- Who registered it ("Lobby kiosk (device 3)", "desk", "command line") and which door sends the check-in.
  device TEXT NOT NULL,
  source TEXT NOT NULL CHECK (source IN ('kiosk', 'desk')),
  state TEXT NOT NULL CHECK (state IN ('requested', 'approved', 'declined')),
  reason TEXT,
  requested_at TEXT NOT NULL,
  decided_at TEXT,
  starts_at TEXT,
  ends_at TEXT,
  outbox_id INTEGER,
  invitation_id INTEGER,
  check_in_outbox_id INTEGER
) STRICT;
CREATE INDEX walk_ins_open ON walk_ins(state, location_id) WHERE invitation_id IS NULL;

-- A walk-in approved and not yet in the mirror shows on the desk's lists as guest -id (see desk-guests.ts).
CREATE TRIGGER guest_changes_walk_in_ai AFTER INSERT ON walk_ins BEGIN
  INSERT INTO guest_changes (invitation_id) VALUES (-new.id);
END;
CREATE TRIGGER guest_changes_walk_in_au AFTER UPDATE ON walk_ins BEGIN
  INSERT INTO guest_changes (invitation_id) VALUES (-new.id);
END;
CREATE TRIGGER guest_changes_walk_in_ad AFTER DELETE ON walk_ins BEGIN
  INSERT INTO guest_changes (invitation_id) VALUES (-old.id);
END;
