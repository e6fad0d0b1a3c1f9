-- Version 3: the lookup index can be rebuilt once after a bulk load instead of
-- row by row. While a row 'lookup_index_deferred' exists in mirror_flags the
-- triggers stand aside; whoever removes the row rebuilds the index (and
-- openMirror does so when a crash left the row behind).

CREATE TABLE mirror_flags (name TEXT PRIMARY KEY) STRICT, WITHOUT ROWID;

DROP TRIGGER contacts_ai;
DROP TRIGGER contacts_ad;
DROP TRIGGER contacts_au;

CREATE TRIGGER contacts_ai AFTER INSERT ON contacts
WHEN NOT EXISTS (SELECT 1 FROM mirror_flags WHERE name = 'lookup_index_deferred') BEGIN
  INSERT INTO contacts_fts (rowid, first_name, last_name, email, company_name)
  VALUES (new.id, new.first_name, new.last_name, new.email, new.company_name);
END;
CREATE TRIGGER contacts_ad AFTER DELETE ON contacts
WHEN NOT EXISTS (SELECT 1 FROM mirror_flags WHERE name = 'lookup_index_deferred') BEGIN
  INSERT INTO contacts_fts (contacts_fts, rowid, first_name, last_name, email, company_name)
  VALUES ('delete', old.id, old.first_name, old.last_name, old.email, old.company_name);
END;
CREATE TRIGGER contacts_au AFTER UPDATE OF first_name, last_name, email, company_name ON contacts
WHEN NOT EXISTS (SELECT 1 FROM mirror_flags WHERE name = 'lookup_index_deferred') BEGIN
  INSERT INTO contacts_fts (contacts_fts, rowid, first_name, last_name, email, company_name)
  VALUES ('delete', old.id, old.first_name, old.last_name, old.email, old.company_name);
  INSERT INTO contacts_fts (rowid, first_name, last_name, email, company_name)
  VALUES (new.id, new.first_name, new.last_name, new.email, new.company_name);
END;
