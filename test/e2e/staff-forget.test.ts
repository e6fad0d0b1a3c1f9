/**
 * Named staff and a visitor forgotten, end to end in Chromium through a site
 * hub with the service stopped: three devices paired as desks, each in its
 * own browser context from its own loopback address (two reception desks,
 * https://127.0.0.2:PORT and https://127.0.0.3:PORT, and an office PC,
 * https://127.0.0.4:PORT, whose admin opens the console).
 *
 * In the console's Staff card the admin adds two receptionists with PINs of
 * their own (a shared PIN refused at its field first); each unlocks a desk
 * with their own PIN, the desk's header names them, and each checks a guest
 * in; the console's audit log names each ("Anna Weber, desk, Reception
 * tablet"). A person removed in the console cannot unlock any more, and the
 * desk they have open locks within a second. Then a guest whose name is
 * written in Cyrillic, found by its Latin spelling, is exported (JSON and
 * PDF) and forgotten in the console's Visitor data tab, their check-in still
 * waiting for the service confirmed first; the export held everything, and
 * afterwards no file of the hub's data directory (hub.sqlite among them)
 * holds the name or the email.
 *
 * No sleeps: every wait polls the page or the core. Screens:
 * test-results/screens/staff-forget-*.png (1440x900).
 */
import { mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../electron/core/access/session.ts';
import { PINS } from '../integration/hub/site.ts';
import { cleanup, putUntilOk } from '../integration/outbox/helpers.ts';
import { fromNow, HOUR, uid } from '../support/basics.ts';
import { SCREENS } from '../support/browser.ts';
import { TEST_TOKEN } from '../support/world.ts';
import { type E2eSite, launchForHub, openE2eSite } from './site-fixture.ts';

const SCREEN = { width: 1440, height: 900 };
const ADDRESSES = { reception: '127.0.0.2', front: '127.0.0.3', office: '127.0.0.4' } as const;
type Device = keyof typeof ADDRESSES;
const NAMES: Record<Device, string> = { reception: 'Reception tablet', front: 'Front desk', office: 'Back office' };
/** "Within a second", as the issue asks. */
const LIVE_MS = 1000;

const ANNA = { name: 'Anna Weber', pin: '24680' };
const TOM = { name: 'Tom Berg', pin: '13579' };
/** Checked in by Anna, by Tom, and the guest who asks to be forgotten (a name in another script, an email). */
const GUESTS = [
  { firstName: 'Sara', lastName: 'Lombardi-Staff' },
  { firstName: 'Ben', lastName: 'Ito-Staff' },
  {
    firstName: 'Дмитрий',
    lastName: 'Соловьёв',
    email: 'dmitri.solovyov@kranich-logistik.example',
    companyName: 'Kranich Logistik',
  },
] as const;
const FORGOTTEN = GUESTS[2];

let site: E2eSite;
let browser: Browser;
const contexts: BrowserContext[] = [];
const pages = {} as Record<Device, Page>;
const pageErrors: string[] = [];
const local = createSession('hub-window', 'admin', 'admin', 'desktop');
const ids = new Map<string, number>();

const urlOf = (device: Device) => `https://${ADDRESSES[device]}:${site.host.port}/`;
const idOf = (guest: { lastName: string }) => ids.get(guest.lastName)!;
const guestRow = (page: Page, guest: { lastName: string }) =>
  page.locator(`[data-testid=guest-row][data-id="${idOf(guest)}"]`);

async function shoot(page: Page, name: string) {
  await page.evaluate('new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))');
  await page.screenshot({ path: join(SCREENS, `staff-forget-${name}-1440x900.png`) });
}

/** Every file under the directory, read whole, as `grep -ra` reads them: those holding `text`. */
function filesHolding(dir: string, text: string): string[] {
  const needle = Buffer.from(text, 'utf8');
  const found: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) found.push(...filesHolding(path, text));
    else if (readFileSync(path).includes(needle)) found.push(path);
  }
  return found;
}

/** The files of the directory, all of them. */
function allFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? allFiles(path) : [path];
  });
}

/** A device opens the hub, shows its code, is paired at the hub itself as a desk, and opens as a kiosk. */
async function pair(device: Device) {
  const page = pages[device];
  await page.goto(urlOf(device));
  const code = page.locator('[data-testid=pairing-code]');
  await code.waitFor({ timeout: 15_000 });
  await site.core.call(local, 'hub.pair', {
    code: (await code.getAttribute('data-code')) ?? '',
    role: 'desk',
    name: NAMES[device],
  });
  await page.locator('[data-testid=kiosk]').waitFor({ timeout: 10_000 });
}

/** Types a PIN on the pad the staff button opens. */
async function typePin(page: Page, pin: string) {
  await page.click('[data-testid=staff-button]');
  await page.locator('[data-testid=pin-pad]').waitFor();
  await page.keyboard.type(pin);
  await page.keyboard.press('Enter');
}

/** The desk finds the guest (a search shows every list) and checks them in or out from their row. */
async function act(page: Page, guest: { lastName: string }, action: 'checkIn' | 'checkOut') {
  await page.fill('[data-testid=desk-search]', guest.lastName);
  const row = guestRow(page, guest);
  await row.locator(`[data-testid=action-${action}]`).click();
  // Checked in: the row offers the check-out; checked out: the toast offers its undo.
  await (
    action === 'checkIn' ? row.locator('[data-testid=action-checkOut]') : page.locator('[data-testid=undo-check-out]')
  ).waitFor({ timeout: 10_000 });
  await page.fill('[data-testid=desk-search]', '');
}

beforeAll(async () => {
  mkdirSync(SCREENS, { recursive: true });
  site = await openE2eSite('foyer-staff', Object.values(ADDRESSES));
  site.runtime.engine.start();
  // One visit under way, with an email for the guest who will be forgotten; pulled into the hub, then the service stops.
  const sourceId = uid('staff-visit');
  const event = {
    sourceId,
    name: 'Logistics review',
    startsAt: fromNow(-HOUR),
    endsAt: fromNow(3 * HOUR),
    locationId: 10,
    invitations: GUESTS.map((guest, i) => ({ sourceId: `${sourceId}-${i}`, companyName: 'Kranich AG', ...guest })),
  };
  const answer = await putUntilOk(site.service.baseUrl, '/events', { events: [event] }, TEST_TOKEN);
  expect(answer.status, answer.text).toBe(200);
  await site.core.call(local, 'sync.now', {});
  for (const guest of GUESTS) {
    const [person] = (await site.core.call(local, 'forget.find', { text: `${guest.firstName} ${guest.lastName}` }))
      .people;
    expect(person?.invitationIds, `${guest.lastName} reached the hub's mirror`).toHaveLength(1);
    ids.set(guest.lastName, person!.invitationIds[0]!);
  }
  await site.service.close();

  browser = await launchForHub(site.hub);
  for (const device of Object.keys(ADDRESSES) as Device[]) {
    const context = await browser.newContext({ viewport: SCREEN, acceptDownloads: true });
    contexts.push(context);
    const page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(`${device}: ${error.message}`));
    pages[device] = page;
    await pair(device);
  }
}, 240_000);

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close();
  if (site) await site.stopHub();
  await site?.relay.close();
  await cleanup();
});

describe('named staff and a visitor forgotten, through a hub with the service stopped', () => {
  it('the admin adds two receptionists with PINs of their own in the console; a shared PIN is refused at its field', async () => {
    const office = pages.office;
    await typePin(office, PINS.admin);
    await office.click('[data-testid=area-admin]');
    await office.click('[data-testid=tab-settings]');
    const card = office.locator('[data-testid=staff]');
    await card.waitFor();
    // The desk's shared PIN cannot become a person's own: refused at the PIN field.
    await office.fill('[data-testid=staff-name]', 'Eve Shared');
    await office.fill('[data-testid=staff-pin]', PINS.desk);
    await card.locator('button[type=submit]').click();
    await card.locator('.field-invalid [data-testid=staff-pin]').waitFor();
    expect(await card.locator('[data-testid=staff-row]').count()).toBe(0);

    for (const person of [ANNA, TOM]) {
      await office.fill('[data-testid=staff-name]', person.name);
      await office.fill('[data-testid=staff-pin]', person.pin);
      await card.locator('button[type=submit]').click();
      await card.locator('[data-testid=staff-row]', { hasText: person.name }).waitFor();
    }
    expect(await card.locator('[data-testid=staff-row]').allTextContents()).toEqual([
      expect.stringContaining('Anna Weber'),
      expect.stringContaining('Tom Berg'),
    ]);
    await card.scrollIntoViewIfNeeded();
    await shoot(office, 'console-staff');
  }, 60_000);

  it('each receptionist unlocks a desk with their own PIN, is named in its header, and checks a guest in', async () => {
    const { reception, front } = pages;
    await typePin(reception, ANNA.pin);
    await typePin(front, TOM.pin);
    for (const [page, person] of [
      [reception, ANNA],
      [front, TOM],
    ] as const) {
      await page.locator('[data-testid=desk]').waitFor();
      await page.locator('[data-testid=role]', { hasText: person.name }).waitFor();
    }
    await act(reception, GUESTS[0], 'checkIn');
    await act(front, GUESTS[1], 'checkIn');
    await shoot(reception, 'desk-anna');
  }, 60_000);

  it('the console’s audit log names each person, their role and their desk', async () => {
    const office = pages.office;
    await office.click('[data-testid=tab-audit]');
    const rows = office.locator('[data-testid=audit-row]');
    // Each check-in under the person who made it, their role and their desk.
    const checkIns = (who: string, guest: { lastName: string }) =>
      rows.filter({ hasText: who }).filter({ hasText: 'Checked in' }).filter({ hasText: guest.lastName }).count();
    // The list is read when the tab opens: opened again until both check-ins are there.
    await expect
      .poll(
        async () => {
          await office.click('[data-testid=tab-settings]');
          await office.click('[data-testid=tab-audit]');
          await rows.first().waitFor();
          return [
            await checkIns('Anna Weber, desk, Reception tablet', GUESTS[0]),
            await checkIns('Tom Berg, desk, Front desk', GUESTS[1]),
          ];
        },
        { timeout: 10_000 },
      )
      .toEqual([1, 1]);
    await shoot(office, 'console-audit');
  }, 60_000);

  it('a person removed in the console cannot unlock any more, and their open desk locks within a second', async () => {
    const { office, front } = pages;
    await office.click('[data-testid=tab-settings]');
    const card = office.locator('[data-testid=staff]');
    await card.locator('[data-testid=staff-row]', { hasText: TOM.name }).getByRole('button').click();
    await office.locator('[data-testid=staff-remove-confirm]').waitFor();
    await office.click('[data-testid=staff-remove-confirm-button]');
    const removedAt = Date.now();
    await front.locator('[data-testid=kiosk]').waitFor({ timeout: 5_000 });
    const elapsed = Date.now() - removedAt;
    expect(elapsed, `Tom's desk locked after ${elapsed} ms`).toBeLessThan(LIVE_MS);
    await card.locator('[data-testid=staff-removed]', { hasText: 'Tom Berg was removed' }).waitFor();
    expect(await card.locator('[data-testid=staff-row]').allTextContents()).toEqual([
      expect.stringContaining('Anna Weber'),
    ]);

    // His PIN is refused now, at his desk and at Anna's; Anna's own desk stays open.
    await typePin(front, TOM.pin);
    await expect.poll(() => front.textContent('.pin-error'), { timeout: 10_000 }).toMatch(/wrong PIN/i);
    expect(await front.locator('[data-testid=desk]').count()).toBe(0);
    await front.click('[data-testid=pin-close]');
    expect(await pages.reception.locator('[data-testid=role]').textContent()).toBe(ANNA.name);
    await shoot(front, 'desk-tom-locked');
  }, 60_000);

  it('a guest asks for their data and to be forgotten: exported, then erased from every file of the hub', async () => {
    const { reception, office } = pages;
    // Their visit, at Anna's desk: in and out, neither delivered (the service is stopped).
    await act(reception, FORGOTTEN, 'checkIn');
    await act(reception, FORGOTTEN, 'checkOut');
    const dataDir = site.dataDir;
    const name = `${FORGOTTEN.firstName} ${FORGOTTEN.lastName}`;
    expect(filesHolding(dataDir, FORGOTTEN.lastName).length).toBeGreaterThan(0);

    // Found by the Latin spelling of the name.
    await office.click('[data-testid=tab-privacy]');
    await office.fill('[data-testid=forget-text]', 'Dmitrii Solovyov');
    await office.click('[data-testid=forget-find]');
    const chosen = office.locator('[data-testid=forget-chosen]');
    await chosen.waitFor();
    expect(await chosen.textContent()).toContain(FORGOTTEN.email);

    const [jsonDownload] = await Promise.all([
      office.waitForEvent('download'),
      office.click('[data-testid=forget-export-json]'),
    ]);
    const exported = JSON.parse(readFileSync((await jsonDownload.path())!, 'utf8')) as {
      person: { names: string[]; emails: string[]; companies: string[] };
      held: Record<string, unknown[]>;
    };
    expect(exported.person.names).toContain(name);
    expect(exported.person.emails).toEqual([FORGOTTEN.email]);
    expect(exported.person.companies).toContain(FORGOTTEN.companyName);
    // Everything: the invitation and its check-in, the changes waiting in the outbox, the audit log's entries.
    expect(Object.keys(exported.held)).toEqual(
      expect.arrayContaining(['invitations and check-ins', 'outbox', 'audit log']),
    );
    const audit = JSON.stringify(exported.held['audit log']);
    expect(audit).toContain('Anna Weber');
    expect(audit).toContain(FORGOTTEN.lastName);
    const [pdfDownload] = await Promise.all([
      office.waitForEvent('download'),
      office.click('[data-testid=forget-export-pdf]'),
    ]);
    expect(pdfDownload.suggestedFilename()).toMatch(/\.pdf$/);
    expect(
      readFileSync((await pdfDownload.path())!)
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    await office.locator('[data-testid=forget-exported]', { hasText: '.pdf' }).waitFor();

    // Forgotten: asked once, then once more for the check-in and check-out that still wait for the service.
    await office.click('[data-testid=forget-erase]');
    await office.click('[data-testid=forget-confirm-button]');
    await office.locator('[data-testid=forget-queued]').waitFor();
    expect(await office.locator('[data-testid=forget-queued] li').count()).toBeGreaterThan(0);
    await shoot(office, 'console-forget-queued');
    await office.click('[data-testid=forget-queued-button]');
    const done = office.locator('[data-testid=forget-done]');
    await done.waitFor({ timeout: 30_000 });
    expect(await done.textContent()).toContain(`${name} was forgotten`);
    // What the service still holds, plainly, with its id.
    expect(await office.textContent('[data-testid=forget-service]')).toContain(`invitations ${idOf(FORGOTTEN)}`);
    expect(await office.locator('[data-testid=forget-still-found]').count()).toBe(0);
    await shoot(office, 'console-forgotten');

    // No file of the data directory holds the name or the email, in any of their forms.
    const files = allFiles(dataDir);
    expect(files.map((f) => f.slice(dataDir.length + 1))).toEqual(expect.arrayContaining(['hub.sqlite']));
    for (const text of [name, FORGOTTEN.firstName, FORGOTTEN.lastName, FORGOTTEN.email, 'dmitri.solovyov'])
      expect({ text, files: filesHolding(dataDir, text) }).toEqual({ text, files: [] });
    // The audit log keeps Anna's entries, with a pseudonym for the guest.
    const { entries } = await site.core.call(local, 'audit.list', {});
    // Two entries of the erasure: the question about the queued changes, then the erasure, by the pseudonym only.
    const erasures = entries.filter((e) => e.action === 'visitor-forget').map((e) => e.subject ?? '');
    expect(erasures).toEqual([expect.stringMatching(/^Visitor [0-9a-f]{8}$/), expect.stringMatching(/^nobody yet/)]);
    const pseudonym = erasures[0];
    expect(entries.some((e) => e.person === 'Anna Weber' && e.subject?.includes(pseudonym!))).toBe(true);
    expect(pageErrors).toEqual([]);
  }, 120_000);
});
