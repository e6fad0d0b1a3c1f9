/**
 * Signed agreements and photos in the site's registries of personal data:
 * as a holder of "forget a visitor" (forget/registry.ts), found by the
 * person's invitations and walk-in requests and by their person key (an
 * earlier visit's signature), exported as rows with their files' bytes
 * (base64), erased with their files; and as the photos' and signatures'
 * kinds of the daily retention (retention/kinds.ts).
 */
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Mirror } from '../db/mirror.ts';
import { type Person, registerPersonData } from '../forget/registry.ts';
import { registerRetention } from '../retention/kinds.ts';
import { personKey } from './person.ts';

/** The folders of the data directory the files are kept in (agreements.ts). */
const FOLDERS = { copies: 'agreements', photos: 'photos' } as const;

function heldAbout(mirror: Mirror, person: Person) {
  const who = {
    invitationIds: person.invitationIds,
    walkInIds: person.walkInIds,
    keys: person.emails.map((email) => personKey({ email })),
  };
  const first = mirror.agreements.ofPerson(who);
  // The keys of what this visit's rows say: the person's signatures of earlier visits, kept under the same key.
  const keys = new Set([
    ...who.keys,
    ...first.answers.map((a) => a.personKey),
    ...first.photos.map((p) => p.personKey),
  ]);
  return keys.size === who.keys.length ? first : mirror.agreements.ofPerson({ ...who, keys: [...keys] });
}

function fileBytes(dataDir: string, folder: string, file: string | null): string | null {
  if (!file) return null;
  try {
    return readFileSync(join(dataDir, folder, file)).toString('base64');
  } catch {
    return null; // gone already (its retention passed)
  }
}

registerPersonData({
  name: 'signed agreements and photos',
  export(person, { mirror, dataDir }) {
    const { answers, photos } = heldAbout(mirror, person);
    return [
      ...answers.map((a) => ({ kind: 'agreement', ...a, pdfBase64: fileBytes(dataDir, FOLDERS.copies, a.file) })),
      ...photos.map((p) => ({ kind: 'photo', ...p, imageBase64: fileBytes(dataDir, FOLDERS.photos, p.file) })),
    ];
  },
  erase(person, { mirror, dataDir }) {
    const { answers, photos } = heldAbout(mirror, person);
    for (const a of answers) {
      mirror.agreements.deleteAnswer(a.id);
      if (a.file) rmSync(join(dataDir, FOLDERS.copies, a.file), { force: true });
    }
    for (const p of photos) {
      mirror.agreements.deletePhoto(p.id);
      if (p.file) rmSync(join(dataDir, FOLDERS.photos, p.file), { force: true });
    }
    return answers.length + photos.length;
  },
});

registerRetention({
  kind: 'signatures',
  purge({ mirror, dataDir }, cutoff) {
    let purged = 0;
    // In pages of 500 (answersBefore's limit), until none is due.
    for (
      let due = mirror.agreements.answersBefore(cutoff);
      due.length > 0;
      due = mirror.agreements.answersBefore(cutoff)
    )
      for (const a of due) {
        mirror.agreements.deleteAnswer(a.id);
        if (a.file) rmSync(join(dataDir, FOLDERS.copies, a.file), { force: true });
        purged++;
      }
    return purged;
  },
});
registerRetention({
  kind: 'photos',
  purge({ mirror, dataDir }, cutoff) {
    let purged = 0;
    for (let due = mirror.agreements.photosBefore(cutoff); due.length > 0; due = mirror.agreements.photosBefore(cutoff))
      for (const p of due) {
        mirror.agreements.deletePhoto(p.id);
        if (p.file) rmSync(join(dataDir, FOLDERS.photos, p.file), { force: true });
        purged++;
      }
    return purged;
  },
});
