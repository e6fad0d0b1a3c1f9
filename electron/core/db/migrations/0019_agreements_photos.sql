-- Agreements signed and photos taken at the kiosk (electron/core/agreements), local state of the hub.
--
-- Nothing of it goes to the service: the interface has no place for it. The
-- signed copy (a PDF) and the photo are files in the data directory; a row
-- names its file. A person is found again on a later visit by person_key: the
-- email (lower case) where there is one, else the names and company. Rows and
-- files go when their retention passes (agreements.signatureRetentionDays,
-- photos.retentionDays).

-- Each edit of a document (title or texts) is a new version; a version is the
-- hash of what the guest read, numbered per document.
CREATE TABLE agreement_versions (
  document_id TEXT NOT NULL,
  version INTEGER NOT NULL,
  hash TEXT NOT NULL,
  created_at TEXT NOT NULL,
  PRIMARY KEY (document_id, version)
) STRICT;

CREATE TABLE agreement_answers (
  id INTEGER PRIMARY KEY,
  document_id TEXT NOT NULL,
  version INTEGER NOT NULL,
  title TEXT NOT NULL,
  outcome TEXT NOT NULL CHECK (outcome IN ('signed', 'declined')),
  person_key TEXT NOT NULL,
  -- The invited guest's invitation, or the walk-in request (its invitation comes later: walk_ins.invitation_id).
  invitation_id INTEGER,
  walk_in_id INTEGER,
  name TEXT NOT NULL,
  language TEXT NOT NULL,
  method TEXT CHECK (method IN ('drawn', 'typed')),
  at TEXT NOT NULL,
  device TEXT NOT NULL,
  -- The signed copy's file name under <data dir>/agreements/ (null when declined, or once purged).
  file TEXT
) STRICT;
CREATE INDEX agreement_answers_person ON agreement_answers(person_key, document_id, at);
CREATE INDEX agreement_answers_invitation ON agreement_answers(invitation_id);
CREATE INDEX agreement_answers_walk_in ON agreement_answers(walk_in_id);
CREATE INDEX agreement_answers_at ON agreement_answers(at);

CREATE TABLE guest_photos (
  id INTEGER PRIMARY KEY,
  person_key TEXT NOT NULL,
  invitation_id INTEGER,
  walk_in_id INTEGER,
  taken_at TEXT NOT NULL,
  device TEXT NOT NULL,
  -- The file name under <data dir>/photos/.
  file TEXT NOT NULL,
  type TEXT NOT NULL CHECK (type IN ('image/jpeg', 'image/png'))
) STRICT;
CREATE INDEX guest_photos_invitation ON guest_photos(invitation_id);
CREATE INDEX guest_photos_walk_in ON guest_photos(walk_in_id);
CREATE INDEX guest_photos_person ON guest_photos(person_key);
CREATE INDEX guest_photos_taken ON guest_photos(taken_at);
