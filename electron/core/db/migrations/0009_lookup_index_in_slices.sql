-- Version 9: the deferred lookup index is built again in slices, by contact
-- id, letting the event loop go between two, instead of in one 'rebuild'
-- that held the process up for a few hundred milliseconds after a first
-- sync. While a build is under way, lookup_index_build holds the highest
-- contact id indexed so far: the triggers maintain the index for contacts
-- up to it (a guest renamed or removed meanwhile), the build adds the rest.
-- A crash during a build leaves the flag 'lookup_index_deferred', and
-- openMirror rebuilds the index whole.

CREATE TABLE lookup_index_build (up_to INTEGER) STRICT;

DROP TRIGGER contacts_ai;
DROP TRIGGER contacts_ad;
DROP TRIGGER contacts_au;

CREATE TRIGGER contacts_ai AFTER INSERT ON contacts
WHEN NOT EXISTS (SELECT 1 FROM mirror_flags WHERE name = 'lookup_index_deferred')
  OR new.id <= (SELECT up_to FROM lookup_index_build) BEGIN
  INSERT INTO contacts_fts (rowid, name_key, email, company_name)
  VALUES (new.id, new.name_key, new.email, new.company_name);
END;
CREATE TRIGGER contacts_ad AFTER DELETE ON contacts
WHEN NOT EXISTS (SELECT 1 FROM mirror_flags WHERE name = 'lookup_index_deferred')
  OR old.id <= (SELECT up_to FROM lookup_index_build) BEGIN
  INSERT INTO contacts_fts (contacts_fts, rowid, name_key, email, company_name)
  VALUES ('delete', old.id, old.name_key, old.email, old.company_name);
END;
CREATE TRIGGER contacts_au AFTER UPDATE OF name_key, email, company_name ON contacts
WHEN NOT EXISTS (SELECT 1 FROM mirror_flags WHERE name = 'lookup_index_deferred')
  OR new.id <= (SELECT up_to FROM lookup_index_build) BEGIN
  INSERT INTO contacts_fts (contacts_fts, rowid, name_key, email, company_name)
  VALUES ('delete', old.id, old.name_key, old.email, old.company_name);
  INSERT INTO contacts_fts (rowid, name_key, email, company_name)
  VALUES (new.id, new.name_key, new.email, new.company_name);
END;
