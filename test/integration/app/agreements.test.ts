/**
 * Agreements and photos through the app core, against the reference
 * service, on a clock fixed at noon (UTC, the kiosk's zone): a guest found
 * at the kiosk reads the NDA in German, signs with a drawn stroke, and the
 * desk lists "NDA v1 signed" and opens the signed copy (a PDF holding the
 * German text, the name and the signature image); the next day the same
 * person is not asked again, and after the admin edits the text is; a
 * decline is heard by the desk; a walk-in signs with its request; photos
 * are kept, shown to the desk only, refused when they are not images, and
 * deleted from disk when their retention passes.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppCore } from '../../../electron/core/app/core.ts';
import { createSession } from '../../../electron/core/access/session.ts';
import type { Runtime } from '../../../electron/core/runtime.ts';
import type { AppEvent } from '../../../shared/contract/events.ts';
import { DAY, localMidnight } from '../../../shared/time.ts';
import { openApp } from '../../support/app.ts';
import { HOUR, iso } from '../../support/basics.ts';
import { jpegBytes, strokePng } from '../../support/images.ts';
import { cleanup, startServiceOn, tempDir, seedGuests } from '../outbox/helpers.ts';
import { walkInsOf } from '../../../electron/core/walk-ins/repo.ts';

let service: Awaited<ReturnType<typeof startServiceOn>>;
let runtime: Runtime;
let core: AppCore;
let dataDir: string;
const noon = localMidnight(Date.now(), 0, 'UTC') + 12 * HOUR;
let clock = noon;
const kiosk = createSession('agreements-kiosk', 'kiosk', 'kiosk', 'ip:10.2.0.1');
const otherKiosk = createSession('agreements-kiosk-2', 'kiosk', 'kiosk', 'ip:10.2.0.2');
const desk = createSession('agreements-desk', 'desk', 'admin');
const admin = createSession('agreements-admin', 'admin', 'admin');

const GERMAN = [
  'Der Besucher verpflichtet sich, alle vertraulichen Informationen geheim zu halten.',
  'Diese Vereinbarung gilt ab der Unterzeichnung.',
];
const NDA = {
  id: 'nda',
  title: 'NDA',
  texts: { EN: ['The visitor keeps all confidential information secret.'], DE: GERMAN },
  appliesTo: 'both' as const,
  validDays: 365,
};

const seedEvent = async (startsAt: number, endsAt: number, people: [string, string, string][]): Promise<number[]> =>
  (
    await seedGuests(service, people.length, {
      startsAt,
      endsAt,
      people: people.map(([firstName, lastName, email]) => ({ firstName, lastName, email })),
    })
  ).guests.map((g) => g.id);

let today: number[];
let tomorrow: number[];
const events: AppEvent[] = [];

beforeAll(async () => {
  service = await startServiceOn(tempDir('foyer-agreements-svc-'));
  today = await seedEvent(noon - HOUR, noon + 3 * HOUR, [
    ['Greta', 'Vertraulich', 'greta@example.test'],
    ['Paul', 'Ablehner', 'paul@example.test'],
  ]);
  tomorrow = await seedEvent(noon + DAY - HOUR, noon + DAY + 3 * HOUR, [
    ['Greta', 'Vertraulich', 'greta@example.test'],
  ]);
  dataDir = tempDir('foyer-agreements-data-');
  ({ runtime, core } = await openApp(dataDir, {
    service,
    now: () => clock,
    config: (config) => ({
      locationId: 10,
      companyId: 1,
      kiosk: { ...config.kiosk, timeZone: 'UTC', defaultLanguage: 'EN' },
      walkIns: { mode: 'open', lengthMinutes: null, entranceId: null },
    }),
  }));
  core.subscribe((event) => events.push(event), desk);
  await core.call(desk, 'sync.now', { full: true });
}, 30_000);

afterAll(async () => {
  await runtime?.close();
  await cleanup();
});

const find = async (text: string, session = kiosk) => {
  const [guest] = await core.call(session, 'kiosk.lookup', { text });
  expect(guest, text).toBeDefined();
  return guest!;
};
const drawn = () => ({ drawn: strokePng().toString('base64') });

describe('agreements', () => {
  it('are settings of the admin: each edit of a text is a new version', async () => {
    const saved = await core.call(admin, 'agreements.setSettings', { documents: [NDA], signatureRetentionDays: null });
    expect(saved.versions).toEqual({ nda: 1 });
    // Saved again unchanged: the same version.
    expect((await core.call(admin, 'agreements.setSettings', saved)).versions).toEqual({ nda: 1 });
    await expect(core.call(kiosk, 'agreements.setSettings', saved)).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('a found guest reads the NDA in German and signs it; the desk lists it and opens the signed copy', async () => {
    const guest = await find('Vertraulich');
    const [doc, ...more] = await core.call(kiosk, 'agreements.forGuest', { ticket: guest.ticket, language: 'DE' });
    expect(more).toEqual([]);
    expect(doc).toMatchObject({ documentId: 'nda', version: 1, title: 'NDA', paragraphs: GERMAN, language: 'DE' });
    // A language with no text: the site's start language.
    const [french] = await core.call(kiosk, 'agreements.forGuest', { ticket: guest.ticket, language: 'FR' });
    expect(french!.language).toBe('EN');

    await core.call(kiosk, 'agreements.sign', {
      ticket: guest.ticket,
      documentId: 'nda',
      version: 1,
      language: 'DE',
      signature: drawn(),
    });
    expect(events.some((e) => e.type === 'agreements-changed' && e.invitationId === today[0])).toBe(true);
    expect(await core.call(kiosk, 'agreements.forGuest', { ticket: guest.ticket, language: 'DE' })).toEqual([]);

    const [record] = await core.call(desk, 'agreements.ofGuest', { invitationId: today[0]! });
    expect(record).toMatchObject({ title: 'NDA', version: 1, outcome: 'signed', method: 'drawn', hasCopy: true });
    const copy = await core.call(desk, 'agreements.copy', { id: record!.id });
    const pdf = join(tempDir('foyer-agreements-pdf-'), copy.fileName);
    writeFileSync(pdf, Buffer.from(copy.content, 'base64'));
    const text = execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    expect(text).toContain('vertraulichen Informationen geheim');
    expect(text).toContain('Greta Vertraulich');
    expect(text).toContain('Version 1');
    expect(execFileSync('pdfimages', ['-list', pdf], { encoding: 'utf8' })).toMatch(/\n\s*1\s+0\s+image\s+120\s+40/);
    // The kiosk reads no signed copy.
    await expect(core.call(kiosk, 'agreements.copy', { id: record!.id })).rejects.toMatchObject({ code: 'FORBIDDEN' });

    // Checked in: the visitor log says what was signed, and when, on the site's clock.
    await core.call(kiosk, 'kiosk.checkIn', { ticket: guest.ticket });
    const day = new Date(noon).toISOString().slice(0, 10);
    const log = await core.call(desk, 'visits.export', {
      from: iso(noon - 12 * HOUR),
      to: iso(noon + 12 * HOUR),
      firstDay: day,
      lastDay: day,
      format: 'csv',
    });
    const line = log.content.split('\n').find((l) => l.includes('Greta Vertraulich'));
    expect(line).toMatch(/,NDA v1 signed 12:00\r?$/);
  });

  it('the next day the same person is not asked again; after the admin edits the text, asked again', async () => {
    clock = noon + DAY;
    await core.call(desk, 'sync.now', { full: true });
    const guest = await find('Vertraulich');
    expect(guest.invitationId).toBe(tomorrow[0]);
    expect(await core.call(kiosk, 'agreements.forGuest', { ticket: guest.ticket, language: 'DE' })).toEqual([]);

    const settings = await core.call(admin, 'agreements.settings', {});
    const edited = { ...NDA, texts: { ...NDA.texts, DE: [...GERMAN, 'Neu: auch Fotos sind vertraulich.'] } };
    const saved = await core.call(admin, 'agreements.setSettings', { ...settings, documents: [edited] });
    expect(saved.versions).toEqual({ nda: 2 });
    const [again] = await core.call(kiosk, 'agreements.forGuest', { ticket: guest.ticket, language: 'DE' });
    expect(again).toMatchObject({ version: 2 });
    // A signature for the version shown before the edit is refused: the guest reads the new one.
    await expect(
      core.call(kiosk, 'agreements.sign', {
        ticket: guest.ticket,
        documentId: 'nda',
        version: 1,
        language: 'DE',
        signature: drawn(),
      }),
    ).rejects.toMatchObject({ code: 'REFUSED' });
    // Typed, for a guest who cannot draw.
    await core.call(kiosk, 'agreements.sign', {
      ticket: guest.ticket,
      documentId: 'nda',
      version: 2,
      language: 'DE',
      signature: { typed: 'Greta Vertraulich' },
    });
    const records = await core.call(desk, 'agreements.ofGuest', { invitationId: tomorrow[0]! });
    expect(records.map((r) => `${r.version} ${r.method}`)).toEqual(['2 typed', '1 drawn']);
    clock = noon;
    await core.call(desk, 'sync.now', { full: true });
  });

  it('a decline is kept and heard by the desk, with who and what', async () => {
    const guest = await find('Ablehner');
    const [doc] = await core.call(kiosk, 'agreements.forGuest', { ticket: guest.ticket, language: 'EN' });
    await core.call(kiosk, 'agreements.decline', { ticket: guest.ticket, documentId: 'nda', version: doc!.version });
    expect(events).toContainEqual({
      type: 'agreements-changed',
      invitationId: today[1],
      declined: { name: 'Paul Ablehner', title: 'NDA' },
    });
    const [record] = await core.call(desk, 'agreements.ofGuest', { invitationId: today[1]! });
    expect(record).toMatchObject({ outcome: 'declined', hasCopy: false });
  });

  it('a guest who has not signed is not checked in, whoever calls; a party member signs with their own ticket', async () => {
    // Paul declined: a call that skips the kiosk's screens is refused too, saying what is missing.
    const paul = await find('Ablehner');
    await expect(core.call(kiosk, 'kiosk.checkIn', { ticket: paul.ticket })).rejects.toMatchObject({
      code: 'REFUSED',
      message: 'NDA must be signed before the check-in: please read and sign it first',
    });
    // Found as the other of Greta's party: asked on his own, signs with his own ticket, and checks in.
    const greta = await find('Vertraulich');
    const [member, ...others] = await core.call(kiosk, 'kiosk.party', { ticket: greta.ticket });
    expect(others).toEqual([]);
    expect(member).toMatchObject({ firstName: 'Paul', lastInitial: 'A' });
    const [doc] = await core.call(kiosk, 'agreements.forGuest', { ticket: member!.ticket, language: 'DE' });
    expect(doc).toMatchObject({ documentId: 'nda', language: 'DE' });
    await core.call(kiosk, 'agreements.sign', {
      ticket: member!.ticket,
      documentId: 'nda',
      version: doc!.version,
      language: 'DE',
      signature: { typed: 'Paul Ablehner' },
    });
    await core.call(kiosk, 'kiosk.checkIn', { ticket: member!.ticket });
    const records = await core.call(desk, 'agreements.ofGuest', { invitationId: today[1]! });
    expect(records.map((r) => r.outcome)).toEqual(['signed', 'declined']);
  });

  it('a kiosk acts only for a guest it found itself, and takes only a PNG of bounded size as a signature', async () => {
    const guest = await find('Ablehner');
    const input = { ticket: guest.ticket, documentId: 'nda', version: 2, language: 'EN' };
    await expect(
      core.call(otherKiosk, 'agreements.forGuest', { ticket: guest.ticket, language: 'EN' }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(core.call(otherKiosk, 'agreements.sign', { ...input, signature: drawn() })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    const notAnImage = Buffer.from('<svg onload="alert(1)"></svg>').toString('base64');
    await expect(core.call(kiosk, 'agreements.sign', { ...input, signature: { drawn: notAnImage } })).rejects.toThrow(
      /not an image Foyer takes \(PNG\)/,
    );
    const jpeg = jpegBytes().toString('base64');
    await expect(core.call(kiosk, 'agreements.sign', { ...input, signature: { drawn: jpeg } })).rejects.toThrow(/PNG/);
    const huge = Buffer.concat([strokePng(), Buffer.alloc(300 * 1024)]).toString('base64');
    await expect(core.call(kiosk, 'agreements.sign', { ...input, signature: { drawn: huge } })).rejects.toMatchObject({
      code: 'INVALID_INPUT',
    });
  });

  it('a walk-in signs with the form: the documents for walk-ins, signed by the request ticket', async () => {
    const docs = await core.call(kiosk, 'agreements.forWalkIn', { language: 'DE' });
    expect(docs.map((d) => `${d.documentId} v${d.version} ${d.language}`)).toEqual(['nda v2 DE']);
    const [host] = await core.call(kiosk, 'walkIns.hosts', { text: 'Ada' });
    const { requestTicket } = await core.call(kiosk, 'walkIns.request', {
      firstName: 'Wanda',
      lastName: 'Laufkundin',
      hostTicket: host!.hostTicket,
      language: 'DE',
    });
    await core.call(kiosk, 'agreements.sign', {
      requestTicket,
      documentId: 'nda',
      version: 2,
      language: 'DE',
      signature: drawn(),
    });
    const walkIn = walkInsOf(runtime.mirror).requested(10);
    expect(walkIn).toEqual([]); // let in at once ("open")
    const [row] = runtime.mirror.db
      .prepare('SELECT id FROM walk_ins WHERE last_name = ?')
      .pluck()
      .all('Laufkundin') as number[];
    const [record] = await core.call(desk, 'agreements.ofGuest', { invitationId: -row! });
    expect(record).toMatchObject({ title: 'NDA', version: 2, outcome: 'signed' });
  });
});

describe('photos', () => {
  it('are off by default: the kiosk offers no camera and a photo is refused', async () => {
    expect(await core.call(kiosk, 'photos.settings', { language: 'DE' })).toEqual({ enabled: false, consent: [] });
    const guest = await find('Vertraulich');
    await expect(
      core.call(kiosk, 'photos.take', { ticket: guest.ticket, image: jpegBytes().toString('base64') }),
    ).rejects.toMatchObject({ code: 'REFUSED' });
  });

  it('once on, a found guest is photographed; the desk sees it, the kiosk reads none back', async () => {
    await core.call(admin, 'photos.setSettings', {
      enabled: true,
      consentTexts: { EN: ['Your photo is kept for 30 days.'], DE: ['Ihr Foto wird 30 Tage aufbewahrt.'] },
      retentionDays: 30,
    });
    expect(await core.call(kiosk, 'photos.settings', { language: 'DE' })).toEqual({
      enabled: true,
      consent: ['Ihr Foto wird 30 Tage aufbewahrt.'],
    });
    const guest = await find('Vertraulich');
    await core.call(kiosk, 'photos.take', { ticket: guest.ticket, image: jpegBytes().toString('base64') });
    const photo = await core.call(desk, 'photos.ofGuest', { invitationId: today[0]! });
    expect(photo?.image).toMatch(/^data:image\/jpeg;base64,\/9j\//);
    await expect(core.call(kiosk, 'photos.ofGuest', { invitationId: today[0]! })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
  });

  it('refuses what is not a JPEG or PNG, and a photo too large, with a clear message', async () => {
    const guest = await find('Vertraulich');
    const gif = Buffer.from('GIF89a........').toString('base64');
    await expect(core.call(kiosk, 'photos.take', { ticket: guest.ticket, image: gif })).rejects.toThrow(
      'the photo is not an image Foyer takes (JPEG or PNG)',
    );
    await expect(
      core.call(kiosk, 'photos.take', { ticket: guest.ticket, image: jpegBytes(500 * 1024).toString('base64') }),
    ).rejects.toMatchObject({ code: 'INVALID_INPUT' });
  });

  it('are deleted from disk, row and file, once their retention passed; signed copies follow the visit data', async () => {
    const photos = join(dataDir, 'photos');
    expect(readdirSync(photos)).toHaveLength(1);
    clock = noon + 31 * DAY;
    await core.call(desk, 'sync.now', {}).catch(() => {});
    expect(readdirSync(photos)).toEqual([]);
    expect(await core.call(desk, 'photos.ofGuest', { invitationId: today[0]! })).toBeNull();
    // Signatures follow the visit data's retention (30 days) unless set: those of the first day are gone, rows and
    // files; the one signed the next day is 30 days old and stays.
    expect(existsSync(join(dataDir, 'agreements'))).toBe(true);
    expect(readdirSync(join(dataDir, 'agreements'))).toHaveLength(1);
    expect(await core.call(desk, 'agreements.ofGuest', { invitationId: tomorrow[0]! })).toEqual([
      expect.objectContaining({ version: 2, method: 'typed' }),
    ]);
    clock = noon;
  });
});
