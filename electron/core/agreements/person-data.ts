/**
 * Signed agreements and photos in the site's registries of personal data:
 * as a holder of "forget a visitor" (forget/registry.ts), found by the
 * person's invitations and walk-in requests and by their person key (an
 * earlier visit's signature), exported as rows with their files' bytes
 * (base64), erased with their files; and as the photos' and signatures'
 * kinds of the daily retention (retention/kinds.ts).
 */
import type { Mirror } from '../db/mirror.ts';
import { type Person, registerPersonData } from '../forget/registry.ts';
import { registerRetention } from '../retention/kinds.ts';
import { deleteAnswer, deletePhoto, purgeAnswersBefore, purgePhotosBefore, readCopy, readPhoto } from './agreements.ts';
import { personKey } from './person.ts';

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

/** A kept file's bytes for the export, base64; null when there is none (declined) or it is gone. */
const base64 = (bytes: Buffer | undefined) => bytes?.toString('base64') ?? null;

registerPersonData({
  name: 'signed agreements and photos',
  export(person, { mirror, dataDir }) {
    const { answers, photos } = heldAbout(mirror, person);
    return [
      ...answers.map((a) => ({ kind: 'agreement', ...a, pdfBase64: base64(readCopy({ dataDir }, a)) })),
      ...photos.map((p) => ({ kind: 'photo', ...p, imageBase64: base64(readPhoto({ dataDir }, p)) })),
    ];
  },
  erase(person, deps) {
    const { answers, photos } = heldAbout(deps.mirror, person);
    for (const a of answers) deleteAnswer(deps, a);
    for (const p of photos) deletePhoto(deps, p);
    return answers.length + photos.length;
  },
});

registerRetention({ kind: 'signatures', purge: purgeAnswersBefore });
registerRetention({ kind: 'photos', purge: purgePhotosBefore });
