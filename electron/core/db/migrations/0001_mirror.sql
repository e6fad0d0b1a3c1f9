-- The offline mirror of the service, version 1.
-- `extra` columns keep fields the interface does not name (JSON, or NULL when none).
-- `seen_run` marks rows seen by the last complete listing, so reconciliation can remove the rest.

CREATE TABLE events (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  description TEXT,
  starts_at TEXT NOT NULL,
  ends_at TEXT NOT NULL,
  location_id INTEGER NOT NULL,
  host_id INTEGER NOT NULL,
  draft INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  extra TEXT
) STRICT;

CREATE TABLE contacts (
  id INTEGER PRIMARY KEY,
  email TEXT,
  first_name TEXT,
  last_name TEXT,
  birthdate TEXT,
  company_name TEXT,
  language TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  extra TEXT
) STRICT;

-- Guest lookup: names, email and company, case and diacritics folded.
CREATE VIRTUAL TABLE contacts_fts USING fts5(
  first_name, last_name, email, company_name,
  content = 'contacts', content_rowid = 'id',
  tokenize = 'unicode61 remove_diacritics 2', prefix = '1 2 3'
);
CREATE TRIGGER contacts_ai AFTER INSERT ON contacts BEGIN
  INSERT INTO contacts_fts (rowid, first_name, last_name, email, company_name)
  VALUES (new.id, new.first_name, new.last_name, new.email, new.company_name);
END;
CREATE TRIGGER contacts_ad AFTER DELETE ON contacts BEGIN
  INSERT INTO contacts_fts (contacts_fts, rowid, first_name, last_name, email, company_name)
  VALUES ('delete', old.id, old.first_name, old.last_name, old.email, old.company_name);
END;
CREATE TRIGGER contacts_au AFTER UPDATE OF first_name, last_name, email, company_name ON contacts BEGIN
  INSERT INTO contacts_fts (contacts_fts, rowid, first_name, last_name, email, company_name)
  VALUES ('delete', old.id, old.first_name, old.last_name, old.email, old.company_name);
  INSERT INTO contacts_fts (rowid, first_name, last_name, email, company_name)
  VALUES (new.id, new.first_name, new.last_name, new.email, new.company_name);
END;

CREATE TABLE invitations (
  id INTEGER PRIMARY KEY,
  event_id INTEGER NOT NULL REFERENCES events(id),
  contact_id INTEGER NOT NULL REFERENCES contacts(id),
  -- copied from the event: the window and location queries run on this table alone
  location_id INTEGER NOT NULL,
  starts_at TEXT NOT NULL,
  ends_at TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  seen_run INTEGER,
  extra TEXT
) STRICT;
CREATE INDEX invitations_location_window ON invitations(location_id, starts_at, ends_at);
CREATE INDEX invitations_contact ON invitations(contact_id);
CREATE INDEX invitations_event ON invitations(event_id);
CREATE INDEX invitations_ends ON invitations(ends_at);

-- Check-ins as the service lists them (CHECKED_IN, CHECKED_OUT, and whatever else a deployment shows).
-- An invitation without a row here is expected.
CREATE TABLE check_ins (
  id INTEGER PRIMARY KEY,
  location_id INTEGER NOT NULL,
  state TEXT NOT NULL,
  email TEXT,
  first_name TEXT,
  last_name TEXT,
  birthdate TEXT,
  company_name TEXT,
  language TEXT,
  arrived_at TEXT,
  left_at TEXT,
  legitimation TEXT,
  trusted_id TEXT,
  access_control TEXT,
  custom_fields TEXT,
  extra TEXT,
  seen_run INTEGER
) STRICT;
CREATE INDEX check_ins_location_state ON check_ins(location_id, state);

CREATE TABLE access_profile_groups (
  source_id TEXT PRIMARY KEY,
  name TEXT,
  location_id INTEGER,
  location_name TEXT,
  created_at TEXT,
  updated_at TEXT,
  extra TEXT,
  seen_run INTEGER
) STRICT;

CREATE TABLE employees (
  id INTEGER PRIMARY KEY,
  email TEXT,
  first_name TEXT,
  last_name TEXT,
  created_at TEXT,
  updated_at TEXT,
  extra TEXT,
  seen_run INTEGER
) STRICT;

-- One row per pulled resource (e.g. "invitations:10", "employees:1").
CREATE TABLE sync_state (
  resource TEXT PRIMARY KEY,
  watermark TEXT,
  last_success_at TEXT,
  last_full_at TEXT,
  last_error TEXT,
  last_error_at TEXT
) STRICT;
