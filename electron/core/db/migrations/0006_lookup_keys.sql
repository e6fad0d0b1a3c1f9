-- Version 6: the lookup finds a guest as they type their name. Each contact
-- gets a lookup key (electron/core/lookup/keys.ts): its names folded (Müller
-- and Mueller alike), Cyrillic names also in the Latin spellings people use,
-- Chinese names one token per character and in pinyin. The key is computed
-- in JavaScript when a contact is written; for the rows already here,
-- openMirror computes it while the flag 'lookup_keys_stale' exists, and
-- rebuilds the index. Emails get an index of their own: at the kiosk, an
-- email finds a guest only when it is typed in full.

ALTER TABLE contacts ADD COLUMN name_key TEXT;
CREATE INDEX contacts_email ON contacts(email COLLATE NOCASE) WHERE email IS NOT NULL;

DROP TRIGGER contacts_ai;
DROP TRIGGER contacts_ad;
DROP TRIGGER contacts_au;
DROP TABLE contacts_fts;

CREATE VIRTUAL TABLE contacts_fts USING fts5(
  name_key, email, company_name,
  content = 'contacts', content_rowid = 'id',
  tokenize = 'unicode61 remove_diacritics 2', prefix = '1 2 3'
);

CREATE TRIGGER contacts_ai AFTER INSERT ON contacts
WHEN NOT EXISTS (SELECT 1 FROM mirror_flags WHERE name = 'lookup_index_deferred') BEGIN
  INSERT INTO contacts_fts (rowid, name_key, email, company_name)
  VALUES (new.id, new.name_key, new.email, new.company_name);
END;
CREATE TRIGGER contacts_ad AFTER DELETE ON contacts
WHEN NOT EXISTS (SELECT 1 FROM mirror_flags WHERE name = 'lookup_index_deferred') BEGIN
  INSERT INTO contacts_fts (contacts_fts, rowid, name_key, email, company_name)
  VALUES ('delete', old.id, old.name_key, old.email, old.company_name);
END;
CREATE TRIGGER contacts_au AFTER UPDATE OF name_key, email, company_name ON contacts
WHEN NOT EXISTS (SELECT 1 FROM mirror_flags WHERE name = 'lookup_index_deferred') BEGIN
  INSERT INTO contacts_fts (contacts_fts, rowid, name_key, email, company_name)
  VALUES ('delete', old.id, old.name_key, old.email, old.company_name);
  INSERT INTO contacts_fts (rowid, name_key, email, company_name)
  VALUES (new.id, new.name_key, new.email, new.company_name);
END;

INSERT INTO mirror_flags (name) VALUES ('lookup_keys_stale');
