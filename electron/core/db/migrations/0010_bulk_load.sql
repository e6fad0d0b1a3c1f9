-- Version 10: a first sync into an empty mirror sets aside what makes each
-- written row dear (electron/core/db/bulk-load.ts): the secondary indexes
-- of events, contacts and invitations, written in random order row by row
-- (the email index alone was about a third of a first sync), and the desk's
-- change log of new invitations. Their definitions wait here while the load
-- runs; after it they are made again, each in one pass over the sorted
-- rows, and the desks read their view afresh. A crash during a load leaves
-- rows here, and openMirror makes them again before anything reads.
CREATE TABLE bulk_load_set_aside (
  name TEXT PRIMARY KEY,
  type TEXT NOT NULL,
  sql TEXT NOT NULL
) STRICT;
