-- Reference service schema, version 1.
-- The world (companies, tokens, locations, employees, groups) is loaded from
-- the world file at every start; everything else lives only here.

CREATE TABLE companies (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL
) STRICT;

CREATE TABLE locations (
  id INTEGER PRIMARY KEY,
  company_id INTEGER NOT NULL REFERENCES companies(id),
  name TEXT NOT NULL
) STRICT;

CREATE TABLE employees (
  id INTEGER PRIMARY KEY,
  company_id INTEGER NOT NULL REFERENCES companies(id),
  email TEXT NOT NULL,
  email_key TEXT NOT NULL, -- lower(email), for sorting
  first_name TEXT,
  last_name TEXT,
  search_key TEXT NOT NULL, -- lower("first last") || char(1) || lower(email), for searchQuery
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
) STRICT;
CREATE INDEX employees_company ON employees(company_id, id);
CREATE INDEX employees_email ON employees(company_id, email_key, id);

CREATE TABLE integrations (
  id INTEGER PRIMARY KEY,
  company_id INTEGER NOT NULL REFERENCES companies(id),
  token TEXT NOT NULL UNIQUE,
  default_host_id INTEGER NOT NULL REFERENCES employees(id)
) STRICT;

CREATE TABLE access_profile_groups (
  id INTEGER PRIMARY KEY,
  company_id INTEGER NOT NULL REFERENCES companies(id),
  source_id TEXT NOT NULL,
  name TEXT NOT NULL,
  location_id INTEGER NOT NULL REFERENCES locations(id),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (company_id, source_id)
) STRICT;

CREATE TABLE integration_groups (
  integration_id INTEGER NOT NULL REFERENCES integrations(id) ON DELETE CASCADE,
  group_id INTEGER NOT NULL REFERENCES access_profile_groups(id) ON DELETE CASCADE,
  PRIMARY KEY (integration_id, group_id)
) STRICT, WITHOUT ROWID;

CREATE TABLE access_profiles (
  group_id INTEGER NOT NULL REFERENCES access_profile_groups(id) ON DELETE CASCADE,
  source_id TEXT NOT NULL,
  name TEXT NOT NULL,
  description TEXT,
  PRIMARY KEY (group_id, source_id)
) STRICT, WITHOUT ROWID;

CREATE TABLE events (
  id INTEGER PRIMARY KEY,
  company_id INTEGER NOT NULL REFERENCES companies(id),
  source_id TEXT NOT NULL,
  name TEXT NOT NULL,
  description TEXT,
  starts_at TEXT NOT NULL,
  ends_at TEXT NOT NULL,
  location_id INTEGER NOT NULL REFERENCES locations(id),
  entrance_id INTEGER,
  host_id INTEGER NOT NULL REFERENCES employees(id),
  draft INTEGER NOT NULL DEFAULT 0,
  custom_fields TEXT,
  source_updated_at TEXT,
  deleted_at TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  -- The Event as the interface shows it, kept current by SQLite on every write,
  -- so that a page of invitations is assembled without re-serialising it.
  wire TEXT GENERATED ALWAYS AS (json_patch('{}', json_object(
    'id', id, 'name', name, 'description', description, 'startsAt', starts_at, 'endsAt', ends_at,
    'locationId', location_id, 'hostId', host_id, 'draft', json(iif(draft, 'true', 'false')),
    'createdAt', created_at, 'updatedAt', updated_at))) STORED,
  UNIQUE (company_id, source_id)
) STRICT;

CREATE TABLE event_access_profiles (
  event_id INTEGER NOT NULL REFERENCES events(id) ON DELETE CASCADE,
  group_id INTEGER NOT NULL REFERENCES access_profile_groups(id) ON DELETE CASCADE,
  profile_source_id TEXT NOT NULL,
  PRIMARY KEY (event_id, group_id, profile_source_id)
) STRICT, WITHOUT ROWID;

CREATE TABLE contacts (
  id INTEGER PRIMARY KEY,
  company_id INTEGER NOT NULL REFERENCES companies(id),
  email TEXT,
  email_key TEXT, -- lower(email), the case-insensitive match key
  first_name TEXT,
  last_name TEXT,
  birthdate TEXT,
  company_name TEXT,
  language TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  -- The Contact as the interface shows it (see events.wire).
  wire TEXT GENERATED ALWAYS AS (json_patch('{}', json_object(
    'id', id, 'email', email, 'firstName', first_name, 'lastName', last_name, 'birthdate', birthdate,
    'companyName', company_name, 'language', language, 'createdAt', created_at, 'updatedAt', updated_at))) STORED
) STRICT;
CREATE UNIQUE INDEX contacts_email ON contacts(company_id, email_key) WHERE email_key IS NOT NULL;

-- Listing columns (location, event window, listed) are copied from the event
-- so that the invitations list is one index range scan, also deep in its pages.
CREATE TABLE invitations (
  id INTEGER PRIMARY KEY,
  event_id INTEGER NOT NULL REFERENCES events(id),
  source_id TEXT NOT NULL,
  contact_id INTEGER NOT NULL REFERENCES contacts(id),
  custom_fields TEXT,
  deleted_at TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  location_id INTEGER NOT NULL,
  event_starts_at TEXT NOT NULL,
  event_ends_at TEXT NOT NULL,
  listed INTEGER NOT NULL, -- 1 when the event is final and not deleted and the invitation not deleted
  -- The ReceptionInvitation as the interface shows it. Every change to an event or a contact
  -- moves its invitations' updated_at (a rule of the interface), and the triggers below
  -- rebuild this whenever updated_at is written, so it never goes stale.
  wire BLOB, -- UTF-8 JSON: sent as bytes, never decoded
  UNIQUE (event_id, source_id)
) STRICT;
CREATE INDEX invitations_listing
  ON invitations(location_id, listed, event_starts_at, id, event_ends_at, updated_at);
CREATE INDEX invitations_contact ON invitations(contact_id);

CREATE TRIGGER invitations_wire_insert AFTER INSERT ON invitations BEGIN
  UPDATE invitations SET wire = (
    SELECT CAST('{"id":' || new.id || ',"event":' || e.wire || ',"contact":' || c.wire ||
      ',"createdAt":"' || new.created_at || '","updatedAt":"' || new.updated_at || '"}' AS BLOB)
    FROM events e, contacts c WHERE e.id = new.event_id AND c.id = new.contact_id)
  WHERE id = new.id;
END;
CREATE TRIGGER invitations_wire_update AFTER UPDATE OF updated_at, event_id, contact_id ON invitations BEGIN
  UPDATE invitations SET wire = (
    SELECT CAST('{"id":' || new.id || ',"event":' || e.wire || ',"contact":' || c.wire ||
      ',"createdAt":"' || new.created_at || '","updatedAt":"' || new.updated_at || '"}' AS BLOB)
    FROM events e, contacts c WHERE e.id = new.event_id AND c.id = new.contact_id)
  WHERE id = new.id;
END;

-- One check-in record per invitation, same id.
CREATE TABLE check_ins (
  id INTEGER PRIMARY KEY REFERENCES invitations(id),
  state TEXT NOT NULL,
  arrived_at TEXT,
  left_at TEXT,
  trusted_id TEXT,
  access_control TEXT,
  updated_at TEXT NOT NULL
) STRICT;
CREATE INDEX check_ins_state ON check_ins(state, id);

CREATE TABLE permanent_identities (
  id INTEGER PRIMARY KEY,
  company_id INTEGER NOT NULL REFERENCES companies(id),
  source_id TEXT,
  email TEXT,
  email_key TEXT,
  first_name TEXT,
  last_name TEXT,
  company_name TEXT,
  custom_fields TEXT,
  starts_at TEXT,
  ends_at TEXT,
  deleted_at TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
) STRICT;
CREATE UNIQUE INDEX permanent_identities_source ON permanent_identities(company_id, source_id) WHERE source_id IS NOT NULL;
CREATE UNIQUE INDEX permanent_identities_email ON permanent_identities(company_id, email_key) WHERE email_key IS NOT NULL;

CREATE TABLE permanent_identity_access_profiles (
  identity_id INTEGER NOT NULL REFERENCES permanent_identities(id) ON DELETE CASCADE,
  group_id INTEGER NOT NULL REFERENCES access_profile_groups(id) ON DELETE CASCADE,
  profile_source_id TEXT NOT NULL,
  PRIMARY KEY (identity_id, group_id, profile_source_id)
) STRICT, WITHOUT ROWID;
