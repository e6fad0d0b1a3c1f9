-- The audit log: every staff action (a check-in at the desk, a PIN shown, a
-- push, a setting changed, a device paired, a roll call's marks...) with its
-- time, the screen or device it came from and the role of its session. It is
-- written in the same transaction as the action where the action writes the
-- mirror, and purged with the mirror's retention. Nothing of it goes to the
-- service.
CREATE TABLE audit_log (
  id INTEGER PRIMARY KEY,
  at TEXT NOT NULL,
  action TEXT NOT NULL,
  role TEXT NOT NULL,
  -- "desktop", "browser 192.0.2.7", a paired device's name, or "automatic".
  device TEXT NOT NULL,
  -- What the action was about (a guest's invitation id, a device, a file), as a person reads it.
  subject TEXT,
  detail TEXT
) STRICT;
CREATE INDEX audit_log_at ON audit_log(at);
