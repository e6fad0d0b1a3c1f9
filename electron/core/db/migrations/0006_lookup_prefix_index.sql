-- Version 6: the lookup index keeps a prefix index for two-character prefixes
-- only. A lookup needs at least two characters; longer prefixes are found fast
-- enough in the main index, and building the 1- and 3-character prefix indexes
-- was a third of the cost of a first sync's index build.
-- The triggers of version 3 refer to the table by name and stay as they are.
DROP TABLE contacts_fts;
CREATE VIRTUAL TABLE contacts_fts USING fts5(
  first_name, last_name, email, company_name,
  content = 'contacts', content_rowid = 'id',
  tokenize = 'unicode61 remove_diacritics 2', prefix = '2'
);
INSERT INTO contacts_fts (contacts_fts) VALUES ('rebuild');
