-- Version 7: removals that a listing asked for but that are held until a
-- second listing confirms them (a guest on site, or a listing that suddenly
-- shrank): the ids held, as a JSON array, per sync_state resource.
ALTER TABLE sync_state ADD COLUMN held TEXT;
