-- Version 4: reconciliation removes what a complete listing did not show by the
-- listing's own id set, so the per-row run markers are no longer written.
ALTER TABLE invitations DROP COLUMN seen_run;
ALTER TABLE check_ins DROP COLUMN seen_run;
ALTER TABLE access_profile_groups DROP COLUMN seen_run;
ALTER TABLE employees DROP COLUMN seen_run;
