-- A guest who left and is checked in again at the desk ("Check in again") is
-- a new walk-in, because the interface has no way back from checked out.
-- again_of is the invitation they left: the desk then lists the person once
-- (the new visit), not a second row for the visit they left.
ALTER TABLE walk_ins ADD COLUMN again_of INTEGER;
CREATE INDEX walk_ins_again_of ON walk_ins(again_of) WHERE again_of IS NOT NULL;

-- The visit they left leaves the desk's lists: its row is asked for again (guest_changes, desk-guests.ts).
CREATE TRIGGER guest_changes_walk_in_again AFTER INSERT ON walk_ins WHEN new.again_of IS NOT NULL BEGIN
  INSERT INTO guest_changes (invitation_id) VALUES (new.again_of);
END;
