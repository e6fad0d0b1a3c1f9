/**
 * What one kiosk session can reach (issue 21), through the app core against
 * the reference service: it acts (check in, check out, the success screen)
 * only on a guest it found itself by lookup or code, by the ticket it was
 * handed with them; its refusals name nobody; the guests its lookups show
 * are budgeted, per session and per address or device; and once a check-in
 * is queued, the guest is told it worked, whatever fails after.
 */
import { mkdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppCore, createAppCore } from '../../../electron/core/app/core.ts';
import { createSession, type Session } from '../../../electron/core/access/session.ts';
import { LOOKUP_BUDGET } from '../../../electron/core/access/lookup-budget.ts';
import { TICKET_MS } from '../../../electron/core/access/tickets.ts';
import type { Runtime } from '../../../electron/core/runtime.ts';
import { openApp } from '../../support/app.ts';
import { HOUR, iso, uid } from '../../support/basics.ts';
import { cleanup, putUntilOk, startServiceOn, tempDir } from '../outbox/helpers.ts';

let service: Awaited<ReturnType<typeof startServiceOn>>;
let runtime: Runtime;
let core: AppCore;
const desk = createSession('desk-1', 'desk', 'admin');
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
/** Guests of distinct names, for the budget: Budgetxaa, Budgetxab, ... */
const BUDGET_NAMES = Array.from({ length: 150 }, (_, i) => `Budgetx${LETTERS[Math.floor(i / 26)]}${LETTERS[i % 26]}`);
const NAMED = [
  { firstName: 'Íñigo', lastName: 'Hernández' },
  { firstName: 'Ola', lastName: 'Schlüsselbund' },
  { firstName: 'Ute', lastName: 'Schlüsselbund' },
  { firstName: 'Pia', lastName: 'Schlüsselbund' },
];
let ids: number[];

/** One event at location 10 with these guests, under way; returns their invitation ids in order. */
async function seedEvent(people: { firstName: string; lastName: string }[]): Promise<number[]> {
  const sourceId = uid('ev');
  const now = Date.now();
  const invitations = people.map((p, i) => ({
    sourceId: `${sourceId}-inv-${i}`,
    email: `${uid('g')}@example.test`,
    ...p,
  }));
  const event = { sourceId, name: `Event ${sourceId}`, startsAt: iso(now - HOUR), endsAt: iso(now + 3 * HOUR) };
  const res = await putUntilOk(service.baseUrl, '/events', { events: [{ ...event, locationId: 10, invitations }] });
  expect(res.body.events[0].status, res.text).toBe('SUCCESS');
  const rows = service.db
    .prepare(
      'SELECT i.source_id AS s, i.id FROM invitations i JOIN events e ON e.id = i.event_id WHERE e.source_id = ?',
    )
    .all(sourceId) as { s: string; id: number }[];
  const bySource = new Map(rows.map((r) => [r.s, r.id]));
  return invitations.map((inv) => bySource.get(inv.sourceId)!);
}

beforeAll(async () => {
  service = await startServiceOn(tempDir('foyer-kiosk-reach-svc-'));
  ids = await seedEvent([...NAMED, ...BUDGET_NAMES.map((lastName) => ({ firstName: 'Bea', lastName }))]);
  ({ runtime, core } = await openApp(tempDir('foyer-kiosk-reach-data-'), {
    service,
    config: (config) => ({ locationId: 10, companyId: 1, kiosk: { ...config.kiosk, timeZone: 'UTC' } }),
  }));
  await core.call(desk, 'sync.now', { full: true });
}, 30_000);

afterAll(async () => {
  await runtime?.close();
  await cleanup();
});

let sessions = 0;
/** A kiosk session of its own, from an address of its own. */
const newKiosk = (client = `ip:10.1.${++sessions >> 8}.${sessions & 255}`) =>
  createSession(`kiosk-${++sessions}`, 'kiosk', 'kiosk', client);

async function ticketOf(session: Session, text: string, id: number, on: AppCore = core): Promise<string> {
  const found = (await on.call(session, 'kiosk.lookup', { text })).find((g) => g.invitationId === id);
  if (!found) throw new Error(`"${text}" does not find invitation ${id}`);
  return found.ticket;
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => ({ code: 'NONE', message: '' }),
    (error: { code: string; message: string }) => ({ code: error.code, message: error.message }),
  );
const queued = () => runtime.outbox.counts().pending;

describe('a kiosk acts only on a guest it found', () => {
  it('refuses a bare id, a made-up, altered or expired ticket, and another session’s, and queues nothing', async () => {
    const kiosk = newKiosk();
    const other = newKiosk();
    const id = ids[0]!;
    const ticket = await ticketOf(kiosk, 'Íñigo', id);
    const otherTicket = await ticketOf(other, 'Íñigo', id);
    const clock = { now: Date.now() + TICKET_MS + 1_000 };
    const later = createAppCore(runtime, { now: () => clock.now });
    const before = queued();
    for (const operation of ['kiosk.checkIn', 'kiosk.checkOut', 'kiosk.arrival'] as const) {
      expect(await refusal(core.call(kiosk, operation, { invitationId: id } as never))).toMatchObject({
        code: 'INVALID_INPUT',
      });
      for (const forged of [
        String(id),
        `F1-${id}-ABCDEFGH`,
        ticket.slice(0, -2) + (ticket.endsWith('AA') ? 'BB' : 'AA'),
      ])
        expect(await refusal(core.call(kiosk, operation, { ticket: forged }))).toMatchObject({ code: 'NOT_FOUND' });
      expect(await refusal(core.call(kiosk, operation, { ticket: otherTicket }))).toMatchObject({ code: 'NOT_FOUND' });
      expect(await refusal(core.call(other, operation, { ticket }))).toMatchObject({ code: 'NOT_FOUND' });
      // 15 minutes after the guest was found, the ticket opens nothing: the guest is looked up again.
      expect(await refusal(later.call(kiosk, operation, { ticket }))).toMatchObject({ code: 'NOT_FOUND' });
    }
    expect(queued()).toBe(before);
    expect((await core.call(desk, 'guests.get', { invitationId: id }))?.category).toBe('expected');
  });

  it('checks in and out a guest found by lookup or by code, with the ticket handed out with them', async () => {
    const kiosk = newKiosk();
    const [byName, byCode] = [ids[1]!, ids[2]!];
    const checkedIn = await core.call(kiosk, 'kiosk.checkIn', { ticket: await ticketOf(kiosk, 'Ola Schl', byName) });
    expect(checkedIn).toMatchObject({ invitationId: byName, category: 'onsite', pending: true });
    expect((await core.call(kiosk, 'kiosk.arrival', { ticket: checkedIn.ticket })).invitationId).toBe(byName);
    expect(await core.call(kiosk, 'kiosk.checkOut', { ticket: checkedIn.ticket })).toMatchObject({
      invitationId: byName,
      category: 'left',
    });

    const { code } = await core.call(desk, 'guests.passCode', { invitationId: byCode });
    const found = await core.call(kiosk, 'kiosk.byCode', { code });
    expect(found).toMatchObject({ invitationId: byCode });
    expect(await core.call(kiosk, 'kiosk.checkIn', { ticket: found!.ticket })).toMatchObject({
      invitationId: byCode,
      category: 'onsite',
    });
  });

  it('refuses without naming the guest', async () => {
    const kiosk = newKiosk();
    const id = ids[0]!;
    const ticket = await ticketOf(kiosk, 'Íñigo Hernández', id);
    const checkOut = await refusal(core.call(kiosk, 'kiosk.checkOut', { ticket }));
    expect(checkOut).toMatchObject({
      code: 'REFUSED',
      message: expect.stringContaining('this guest cannot be checked out'),
    });
    const first = await core.call(kiosk, 'kiosk.checkIn', { ticket });
    const again = await refusal(core.call(kiosk, 'kiosk.checkIn', { ticket: first.ticket }));
    expect(again).toMatchObject({
      code: 'REFUSED',
      message: expect.stringContaining('this guest cannot be checked in'),
    });
    for (const { message } of [checkOut, again]) expect(message).not.toMatch(/Íñigo|Hernández|Inigo|Hernandez/i);
  });
});

describe('once a check-in is queued, the guest is told it worked', () => {
  it('checks in, without a pass code, when the site key cannot be read; a second tap is refused', async () => {
    const lines: string[] = [];
    const logged = createAppCore(runtime, { log: (line) => lines.push(line) });
    const kiosk = newKiosk();
    const id = ids[3]!;
    const ticket = await ticketOf(kiosk, 'Pia Schl', id, logged);
    const key = join(runtime.dataDir, 'site-key');
    await core.call(desk, 'guests.passCode', { invitationId: id }); // the key exists
    renameSync(key, `${key}.kept`);
    mkdirSync(key); // a directory where the key should be: no read succeeds
    try {
      const before = queued();
      const checkIn = await logged.call(kiosk, 'kiosk.checkIn', { ticket });
      expect(checkIn).toMatchObject({ invitationId: id, category: 'onsite', pending: true, passCode: null });
      expect(queued()).toBe(before + 1);
      expect(lines.some((line) => /kiosk\.checkIn: no pass code for the badge/.test(line))).toBe(true);
      expect(await refusal(logged.call(kiosk, 'kiosk.checkIn', { ticket: checkIn.ticket }))).toMatchObject({
        code: 'REFUSED',
      });
      expect(queued()).toBe(before + 1);
    } finally {
      rmSync(key, { recursive: true, force: true });
      renameSync(`${key}.kept`, key);
    }
  });
});

describe("the guests a kiosk's lookups show are budgeted", () => {
  /** Lookups of distinct names until one is refused: the guests shown (added to `shown`), and where it stopped. */
  async function listUntilRefused(session: Session, from: number, shown = new Set<number>()) {
    for (let i = from; i < BUDGET_NAMES.length; i++) {
      const answer = await refusal(
        core.call(session, 'kiosk.lookup', { text: BUDGET_NAMES[i]! }).then((found) => {
          for (const g of found) shown.add(g.invitationId);
        }),
      );
      if (answer.code !== 'NONE') return { shown: shown.size, answer, next: i };
    }
    return { shown: shown.size, answer: null, next: BUDGET_NAMES.length };
  }

  it('one session, then every session of one address, meets its budget; another address does not', async () => {
    const address = 'ip:192.0.2.50';
    const byAddress = new Set<number>();
    const first = await listUntilRefused(newKiosk(address), 0, byAddress);
    expect(first.shown).toBeLessThanOrEqual(LOOKUP_BUDGET.session);
    expect(first.shown).toBeGreaterThan(LOOKUP_BUDGET.session - 5);
    expect(first.answer).toMatchObject({ code: 'REFUSED', message: expect.stringMatching(/look up again in \d+ min/) });
    // New cookies from the same address: the rest of the address's budget, no more.
    let next = first.next;
    for (let cookies = 0; cookies < 5; cookies++)
      ({ next } = await listUntilRefused(newKiosk(address), next, byAddress));
    expect(byAddress.size).toBeLessThanOrEqual(LOOKUP_BUDGET.client);
    expect(byAddress.size).toBeGreaterThan(LOOKUP_BUDGET.client - 5);
    expect((await listUntilRefused(newKiosk(address), next)).shown).toBe(0);
    // A guest at another kiosk finds themselves.
    expect((await core.call(newKiosk(), 'kiosk.lookup', { text: 'Íñigo' })).map((g) => g.invitationId)).toContain(
      ids[0],
    );
  });

  it('a guest after guest, each typing a name letter by letter (a typo, a backspace) and checking in, never meets it', async () => {
    const kiosk = newKiosk('device:9');
    for (const [n, name] of BUDGET_NAMES.slice(100, 115).entries()) {
      const typed = `Bea ${name}`;
      const texts: string[] = [];
      for (let i = 2; i <= typed.length; i++) texts.push(typed.slice(0, i));
      texts.splice(4 + (n % 6), 0, `${typed.slice(0, 3 + (n % 6))}q`); // the typo; the next text is its backspace
      let ticket: string | undefined;
      for (const text of texts.map((t) => t.trim()).filter((t) => t.length >= 2)) {
        const found = await core.call(kiosk, 'kiosk.lookup', { text });
        ticket = found.find((g) => g.invitationId === ids[NAMED.length + 100 + n])?.ticket ?? ticket;
      }
      expect(ticket, typed).toBeDefined();
      await core.call(kiosk, 'kiosk.checkIn', { ticket: ticket! });
    }
  });
});
