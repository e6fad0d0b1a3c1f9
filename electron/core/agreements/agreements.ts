/**
 * Agreements and photos: what the hub keeps of them, in one place. Rows in
 * the mirror (repos/agreements.ts), files in the data directory
 * (agreements/ for signed copies, photos/ for photos), written and deleted
 * together; nothing of it goes to the service.
 *
 * What "forget a visitor" and the retention per kind find and erase of it is
 * registered in person-data.ts, with the deletions below.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { AgreementDocument, AgreementToSign } from '../../../shared/contract/agreements.ts';
import { MAX_SIGNATURE_BYTES } from '../../../shared/contract/agreements.ts';
import { MAX_PHOTO_BYTES } from '../../../shared/contract/photos.ts';
import { toKioskLanguage, type KioskLanguage } from '../../../shared/languages.ts';
import { DAY, iso, MINUTE } from '../../../shared/time.ts';
import type { DomainModule } from '../domain.ts';
import { AppError } from '../errors.ts';
import type { Config } from '../config/config.ts';
import { writeFileAtomic } from '../config/atomic-write.ts';
import { retentionDaysOf } from '../retention/kinds.ts';
import type { Mirror } from '../db/mirror.ts';
import type { AnswerRow, PhotoRow } from '../db/repos/agreements.ts';
import { createFontBook, type FontBook } from '../printing/fonts.ts';
import { localStamp, siteZone } from '../usecases/local-times.ts';
import { readImage, type ImageType } from './images.ts';
import { renderSignedCopy } from './signed-copy.ts';

export { personKey } from './person.ts';

export interface AgreementDeps {
  mirror: Mirror;
  dataDir: string;
  config: () => Config;
  now: () => number;
  /** The font subsets for the signed copy (made once, when first needed). */
  fonts?: () => FontBook;
}

/** Who signs or is photographed: the person across visits, and this visit (an invitation, or a walk-in request). */
export interface Signer {
  personKey: string;
  invitationId: number | null;
  walkInId: number | null;
  name: string;
}

export type Audience = 'invited' | 'walkIns';

const COPIES = 'agreements';
const PHOTOS = 'photos';

let sharedFonts: FontBook | undefined;
const fontsOf = (deps: AgreementDeps) => deps.fonts?.() ?? (sharedFonts ??= createFontBook());

function folder(deps: AgreementDeps, name: string): string {
  const dir = join(deps.dataDir, name);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  return dir;
}

/** A file's own name, made here (never a caller's): the time and a random part. */
const fileName = (now: number, extension: string) =>
  `${iso(now).replace(/[:.]/g, '-')}-${randomBytes(6).toString('hex')}.${extension}`;

function removeFile(deps: Pick<AgreementDeps, 'dataDir'>, dir: string, name: string | null): void {
  if (name) rmSync(join(deps.dataDir, dir, name), { force: true });
}

/** What a version stands for: the title and every text, as the guest reads them. */
function hashOf(doc: AgreementDocument): string {
  const texts = Object.entries(doc.texts).sort(([a], [b]) => a.localeCompare(b));
  return createHash('sha256')
    .update(JSON.stringify([doc.title, texts]))
    .digest('hex');
}

/** Each document with its current version (a new one is numbered when its text changed, however it was edited). */
export function currentDocuments(deps: AgreementDeps): (AgreementDocument & { version: number })[] {
  const docs = deps.config().agreements.documents;
  if (docs.length === 0) return [];
  const at = iso(deps.now());
  return deps.mirror.transaction(() =>
    docs.map((doc) => ({ ...doc, version: deps.mirror.agreements.versionOf(doc.id, hashOf(doc), at) })),
  );
}

const hasText = (paragraphs: string[] | undefined) => !!paragraphs && paragraphs.join('').trim() !== '';

/** The text in the guest's language, else the site's start language, else the first language that has one. */
export function textIn(
  texts: Partial<Record<KioskLanguage, string[]>>,
  language: string | null | undefined,
  startLanguage: string,
): { paragraphs: string[]; language: string } {
  for (const code of [toKioskLanguage(language), toKioskLanguage(startLanguage)])
    if (code && hasText(texts[code]))
      return { paragraphs: texts[code]!.filter((p) => p.trim() !== ''), language: code };
  const first = Object.entries(texts).find(([, p]) => hasText(p));
  return first
    ? { paragraphs: first[1].filter((p) => p.trim() !== ''), language: first[0] }
    : { paragraphs: [], language: startLanguage };
}

const applies = (doc: AgreementDocument, audience: Audience) => doc.appliesTo === 'both' || doc.appliesTo === audience;

/** Whether a signature of the person still holds for this version (0 days: only one given for this visit). */
function holds(deps: AgreementDeps, signer: Signer, doc: AgreementDocument & { version: number }): boolean {
  const visit = signer.invitationId ?? (signer.walkInId === null ? null : -signer.walkInId);
  if (visit !== null && deps.mirror.agreements.signedForVisit(visit, doc.id, doc.version)) return true;
  if (doc.validDays === 0) return false;
  const last = deps.mirror.agreements.lastSigned(signer.personKey, doc.id);
  return !!last && last.version === doc.version && Date.parse(last.at) + doc.validDays * DAY > deps.now();
}

/** The documents this signer is still to sign, in the language asked for. */
export function toSign(
  deps: AgreementDeps,
  signer: Signer | null,
  audience: Audience,
  language: string,
): AgreementToSign[] {
  const start = deps.config().kiosk.defaultLanguage;
  return currentDocuments(deps)
    .filter((doc) => applies(doc, audience) && (!signer || !holds(deps, signer, doc)))
    .map((doc) => ({
      documentId: doc.id,
      version: doc.version,
      title: doc.title,
      ...textIn(doc.texts, language, start),
    }));
}

/** The document as the guest was shown it, or a refusal when it changed meanwhile (or does not apply). */
function documentToAnswer(deps: AgreementDeps, documentId: string, version: number, audience: Audience) {
  const doc = currentDocuments(deps).find((d) => d.id === documentId && applies(d, audience));
  if (!doc) throw new AgreementRefused('this document is not asked for here');
  if (doc.version !== version) throw new AgreementRefused('the document was changed meanwhile: please read it again');
  return doc;
}

/** A signature or decline for a document that is not (or no longer) the one asked for. */
export class AgreementRefused extends AppError {
  override name = 'AgreementRefused';
  constructor(message: string) {
    super('REFUSED', message);
  }
}

/**
 * A signature: the signed copy written as a PDF first, then its row (the
 * file is removed again if the row cannot be written: nothing half-kept).
 */
export async function sign(
  deps: AgreementDeps,
  signer: Signer,
  input: {
    documentId: string;
    version: number;
    language: string;
    signature: { drawn: string } | { typed: string };
    device: string;
    audience: Audience;
  },
): Promise<AnswerRow> {
  const doc = documentToAnswer(deps, input.documentId, input.version, input.audience);
  const signature =
    'drawn' in input.signature
      ? {
          drawn: readImage(input.signature.drawn, 'signature', {
            maxBytes: MAX_SIGNATURE_BYTES,
            allowed: ['image/png'],
          }).bytes,
        }
      : { typed: input.signature.typed };
  const config = deps.config();
  const text = textIn(doc.texts, input.language, config.kiosk.defaultLanguage);
  const now = deps.now();
  const zone = siteZone(config);
  const pdf = await renderSignedCopy(
    {
      title: doc.title,
      version: doc.version,
      paragraphs: text.paragraphs,
      language: text.language,
      name: signer.name,
      signature,
      signedAt: `${localStamp(iso(now), zone)} (${zone})`,
      device: input.device,
    },
    fontsOf(deps),
  );
  const name = fileName(now, 'pdf');
  writeFileAtomic(join(folder(deps, COPIES), name), pdf);
  try {
    return deps.mirror.agreements.addAnswer({
      documentId: doc.id,
      version: doc.version,
      title: doc.title,
      outcome: 'signed',
      personKey: signer.personKey,
      invitationId: signer.invitationId,
      walkInId: signer.walkInId,
      name: signer.name,
      language: text.language,
      method: 'drawn' in signature ? 'drawn' : 'typed',
      at: iso(now),
      device: input.device,
      file: name,
    });
  } catch (error) {
    removeFile(deps, COPIES, name);
    throw error;
  }
}

export function decline(
  deps: AgreementDeps,
  signer: Signer,
  input: { documentId: string; version: number; device: string; audience: Audience },
): AnswerRow {
  const doc = documentToAnswer(deps, input.documentId, input.version, input.audience);
  return deps.mirror.agreements.addAnswer({
    documentId: doc.id,
    version: doc.version,
    title: doc.title,
    outcome: 'declined',
    personKey: signer.personKey,
    invitationId: signer.invitationId,
    walkInId: signer.walkInId,
    name: signer.name,
    language: '',
    method: null,
    at: iso(deps.now()),
    device: input.device,
    file: null,
  });
}

/** A signed copy's bytes, while it is kept. */
export function readCopy(deps: Pick<AgreementDeps, 'dataDir'>, row: AnswerRow): Buffer | undefined {
  return readKept(deps, COPIES, row.file);
}

/** A photo's bytes, or undefined when its file is gone (its retention passed meanwhile). */
export function readPhoto(deps: Pick<AgreementDeps, 'dataDir'>, row: PhotoRow): Buffer | undefined {
  return readKept(deps, PHOTOS, row.file);
}

function readKept(deps: Pick<AgreementDeps, 'dataDir'>, dir: string, name: string | null): Buffer | undefined {
  if (!name) return undefined;
  try {
    return readFileSync(join(deps.dataDir, dir, name));
  } catch {
    return undefined;
  }
}

/** A photo: refused unless JPEG or PNG of at most MAX_PHOTO_BYTES; the file first, then its row. */
export function savePhoto(deps: AgreementDeps, signer: Signer, image: string, device: string): PhotoRow {
  const { bytes, type } = readImage(image, 'photo', {
    maxBytes: MAX_PHOTO_BYTES,
    allowed: ['image/jpeg', 'image/png'],
  });
  const now = deps.now();
  const name = fileName(now, type === 'image/png' ? 'png' : 'jpg');
  writeFileAtomic(join(folder(deps, PHOTOS), name), bytes);
  try {
    return deps.mirror.agreements.addPhoto({
      personKey: signer.personKey,
      invitationId: signer.invitationId,
      walkInId: signer.walkInId,
      takenAt: iso(now),
      device,
      file: name,
      type,
    });
  } catch (error) {
    removeFile(deps, PHOTOS, name);
    throw error;
  }
}

/** A guest's photo (by their guest key: an invitation, or a walk-in, shared/domain/guest-key.ts), while it is kept. */
export function photoOf(
  deps: AgreementDeps,
  id: number,
): { bytes: Buffer; type: ImageType; takenAt: string } | undefined {
  const row = deps.mirror.agreements.photoOf(id);
  const bytes = row && readPhoto(deps, row);
  return row && bytes ? { bytes, type: row.type, takenAt: row.takenAt } : undefined;
}

/** Days signed copies are kept: the site's figure for signatures (retention/kinds.ts). */
export const signatureDays = (config: Config) => retentionDaysOf(config, 'signatures');

type Files = Pick<AgreementDeps, 'mirror' | 'dataDir'>;

/** An answer, its row and its signed copy. */
export function deleteAnswer(deps: Files, row: AnswerRow): void {
  deps.mirror.agreements.deleteAnswer(row.id);
  removeFile(deps, COPIES, row.file);
}

/** A photo, its row and its file. */
export function deletePhoto(deps: Files, row: PhotoRow): void {
  deps.mirror.agreements.deletePhoto(row.id);
  removeFile(deps, PHOTOS, row.file);
}

/** Deletes every row `due` gives (a page at a time: its queries have a limit) with `remove`, until none is due. */
function purgeInPages<Row>(due: () => Row[], remove: (row: Row) => void): number {
  let purged = 0;
  for (let page = due(); page.length > 0; page = due()) {
    for (const row of page) remove(row);
    purged += page.length;
  }
  return purged;
}

/** Deletes the answers given before `cutoff` (an ISO instant), rows and files; returns how many. */
export const purgeAnswersBefore = (deps: Files, cutoff: string): number =>
  purgeInPages(
    () => deps.mirror.agreements.answersBefore(cutoff),
    (row) => deleteAnswer(deps, row),
  );

/** Deletes the photos taken before `cutoff`, rows and files; returns how many. */
export const purgePhotosBefore = (deps: Files, cutoff: string): number =>
  purgeInPages(
    () => deps.mirror.agreements.photosBefore(cutoff),
    (row) => deletePhoto(deps, row),
  );

/** Deletes the signed copies and photos whose retention has passed, rows and files. */
export function sweepDue(deps: AgreementDeps): { answers: number; photos: number } {
  const config = deps.config();
  const now = deps.now();
  return {
    answers: purgeAnswersBefore(deps, iso(now - signatureDays(config) * DAY)),
    photos: purgePhotosBefore(deps, iso(now - retentionDaysOf(config, 'photos') * DAY)),
  };
}

/**
 * The agreements' part in the core (domains.ts): signed copies and photos past their retention go, rows and files,
 * looked at whenever a call ends or the sync status changes, at most once a minute of the dispatcher's clock.
 */
export const agreementsDomain: DomainModule = {
  name: 'agreements',
  subscribe(bus, { runtime, log }) {
    let sweptAt = -Infinity;
    bus.on('settled', ({ at }) => {
      if (at - sweptAt < MINUTE) return;
      sweptAt = at;
      try {
        sweepDue({ mirror: runtime.mirror, dataDir: runtime.dataDir, config: () => runtime.config, now: () => at });
      } catch (error) {
        log(`signed copies and photos past their retention were not deleted: ${String(error)}`);
      }
    });
  },
};
