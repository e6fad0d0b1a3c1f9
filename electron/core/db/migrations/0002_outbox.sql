-- The outbox, version 2: every change a person makes, written in the same
-- transaction as its optimistic effect, delivered in order per target.

CREATE TABLE outbox_batches (
  id INTEGER PRIMARY KEY,
  kind TEXT NOT NULL,
  source TEXT,            -- the file a push came from
  label TEXT NOT NULL,
  items INTEGER NOT NULL, -- API items in the whole batch
  created_at TEXT NOT NULL
) STRICT;

CREATE TABLE outbox (
  id INTEGER PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('transition', 'identities', 'events', 'profiles')),
  -- Rows of one target are delivered in order: a check-out never overtakes its check-in.
  target TEXT NOT NULL,
  payload TEXT NOT NULL,  -- JSON: what is sent
  label TEXT NOT NULL,    -- what a person reads
  batch_id INTEGER REFERENCES outbox_batches(id),
  item_lines TEXT,        -- JSON: the file line of each item, for reports
  state TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'sending', 'delivered', 'failed')),
  -- Set when an attempt may have reached the service without its answer reaching us.
  uncertain INTEGER NOT NULL DEFAULT 0,
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at TEXT,
  last_error TEXT,
  result TEXT,            -- JSON: the service's answer (per-item results, or the CheckIn)
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  delivered_at TEXT
) STRICT;
CREATE INDEX outbox_open ON outbox(state, id) WHERE state IN ('pending', 'sending');
CREATE INDEX outbox_target ON outbox(target, id);
CREATE INDEX outbox_batch ON outbox(batch_id);

-- What a guest's state looks like until the transition reaches the service.
CREATE TABLE pending_transitions (
  check_in_id INTEGER PRIMARY KEY,
  outbox_id INTEGER NOT NULL REFERENCES outbox(id),
  state TEXT NOT NULL,
  arrived_at TEXT,
  left_at TEXT
) STRICT;

-- Transitions the service refused (409 and other permanent failures), for the desk to show.
CREATE TABLE conflicts (
  id INTEGER PRIMARY KEY,
  outbox_id INTEGER NOT NULL REFERENCES outbox(id),
  check_in_id INTEGER,
  message TEXT NOT NULL,
  created_at TEXT NOT NULL,
  dismissed_at TEXT
) STRICT;

-- The last set of profiles queued for each group, to show what an upload would change.
CREATE TABLE profile_sets (
  group_source_id TEXT PRIMARY KEY,
  profiles TEXT NOT NULL, -- JSON array of { sourceId, name, description }
  outbox_id INTEGER REFERENCES outbox(id),
  queued_at TEXT NOT NULL
) STRICT;
