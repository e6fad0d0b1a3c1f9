-- Badges the host prints (electron/core/printing), local state of the hub.
--
-- A kiosk's check-in queues its badge in the same transaction as the check-in,
-- so that a badge is never lost: a restart finds it queued and sends it. A job
-- is tried on its printer, then on the fallback printer, then it fails and
-- the desk is told (and can print it again). What the badge shows is read
-- from the mirror when it is printed (the door PIN arrives after the check-in).
-- A test print has no guest. Nothing of it goes to the service.
CREATE TABLE print_jobs (
  id INTEGER PRIMARY KEY,
  invitation_id INTEGER,
  kind TEXT NOT NULL CHECK (kind IN ('badge', 'reprint', 'test')),
  -- The printer's name in the settings when the job was queued (the kiosk's, or the default).
  printer TEXT NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('queued', 'sending', 'sent', 'printed', 'failed')),
  -- Tries on the current printer; on_fallback once the first printer gave up.
  attempts INTEGER NOT NULL DEFAULT 0,
  on_fallback INTEGER NOT NULL DEFAULT 0 CHECK (on_fallback IN (0, 1)),
  created_at TEXT NOT NULL,
  -- Not tried before this time (a retry's backoff, or the wait for the door PIN).
  next_at TEXT NOT NULL,
  -- Until then, a badge that prints the door PIN waits for the service to give it.
  pin_until TEXT,
  sent_at TEXT,
  -- The printer that took it, and its IPP job id there.
  sent_to TEXT,
  ipp_job_id INTEGER,
  error TEXT
) STRICT;
CREATE INDEX print_jobs_due ON print_jobs(state, next_at);
CREATE INDEX print_jobs_invitation ON print_jobs(invitation_id);
