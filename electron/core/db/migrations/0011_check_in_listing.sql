-- Version 11: the check-ins listing as the sync last read it, kept so that a
-- process that starts again (a kiosk PC restarted every night, the CLI run
-- from cron) passes over it in a few requests instead of walking the whole
-- history of the site (electron/core/sync/check-in-listing.ts): every id the
-- listing showed, per sync_state resource, and in sync_state.listing what
-- makes them add up (how many, the page size, the full walk they come from,
-- where the turns over older guests on site stand), as JSON.
CREATE TABLE check_in_listing (
  resource TEXT NOT NULL,
  id INTEGER NOT NULL,
  PRIMARY KEY (resource, id)
) STRICT, WITHOUT ROWID;
ALTER TABLE sync_state ADD COLUMN listing TEXT;
