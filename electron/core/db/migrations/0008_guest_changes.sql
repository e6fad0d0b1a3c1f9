-- Version 8: what changed for the desk, and check-outs that can still be undone.
--
-- guest_changes logs the invitation (check-in) id of every write to a
-- guest's invitation, check-in, queued transition, contact or event. The
-- desk asks for what changed since the version it shows, instead of
-- reloading every guest whenever anything happened. One insert per written
-- row keeps the triggers cheap; the core keeps the newest entries only, and
-- a desk whose version is older than those loads its view again.
CREATE TABLE guest_changes (
  -- AUTOINCREMENT: a number is never given twice, so a version only ever grows.
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  invitation_id INTEGER NOT NULL
) STRICT;

CREATE TRIGGER guest_changes_invitation_ai AFTER INSERT ON invitations BEGIN
  INSERT INTO guest_changes (invitation_id) VALUES (new.id);
END;
CREATE TRIGGER guest_changes_invitation_au AFTER UPDATE ON invitations BEGIN
  INSERT INTO guest_changes (invitation_id) VALUES (new.id);
END;
CREATE TRIGGER guest_changes_invitation_ad AFTER DELETE ON invitations BEGIN
  INSERT INTO guest_changes (invitation_id) VALUES (old.id);
END;
CREATE TRIGGER guest_changes_check_in_ai AFTER INSERT ON check_ins BEGIN
  INSERT INTO guest_changes (invitation_id) VALUES (new.id);
END;
CREATE TRIGGER guest_changes_check_in_au AFTER UPDATE ON check_ins BEGIN
  INSERT INTO guest_changes (invitation_id) VALUES (new.id);
END;
CREATE TRIGGER guest_changes_check_in_ad AFTER DELETE ON check_ins BEGIN
  INSERT INTO guest_changes (invitation_id) VALUES (old.id);
END;
CREATE TRIGGER guest_changes_pending_ai AFTER INSERT ON pending_transitions BEGIN
  INSERT INTO guest_changes (invitation_id) VALUES (new.check_in_id);
END;
CREATE TRIGGER guest_changes_pending_au AFTER UPDATE ON pending_transitions BEGIN
  INSERT INTO guest_changes (invitation_id) VALUES (new.check_in_id);
END;
CREATE TRIGGER guest_changes_pending_ad AFTER DELETE ON pending_transitions BEGIN
  INSERT INTO guest_changes (invitation_id) VALUES (old.check_in_id);
END;
-- A contact or an event shows in every guest row that names it.
CREATE TRIGGER guest_changes_contact_au AFTER UPDATE ON contacts BEGIN
  INSERT INTO guest_changes (invitation_id) SELECT i.id FROM invitations i WHERE i.contact_id = new.id;
END;
CREATE TRIGGER guest_changes_event_au AFTER UPDATE ON events BEGIN
  INSERT INTO guest_changes (invitation_id) SELECT i.id FROM invitations i WHERE i.event_id = new.id;
END;

-- A check-out is held back for a few seconds before it is sent, so that a
-- person can undo it: the interface has no transition back from checked out.
-- While undo_until has not passed (and the row was never sent), Undo removes
-- the queued row and its overlay.
ALTER TABLE pending_transitions ADD COLUMN undo_until TEXT;
