/**
 * The kiosk's check-out that can be undone, its parties and its ended visits,
 * through the app core against the reference service, both on a clock fixed
 * at noon (UTC, the kiosk's zone), whatever the hour the test runs at: a check-out held back 8 s that only the
 * session that made it can take back; the others of a visit offered with
 * their own tickets (first name and initial only), counted against the
 * lookup budget; and a name whose visit ended earlier today told apart from
 * a name not invited at all.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppCore } from '../../../electron/core/app/core.ts';
import { createSession } from '../../../electron/core/access/session.ts';
import type { Runtime } from '../../../electron/core/runtime.ts';
import { localMidnight, SECOND } from '../../../shared/time.ts';
import { openApp } from '../../support/app.ts';
import { HOUR, MINUTE } from '../../support/basics.ts';
import { cleanup, startServiceOn, tempDir, seedGuests } from '../outbox/helpers.ts';

let service: Awaited<ReturnType<typeof startServiceOn>>;
let runtime: Runtime;
let core: AppCore;
const noon = localMidnight(Date.now(), 0, 'UTC') + 12 * HOUR;
let clock = noon;
const kiosk = createSession('kiosk-party-1', 'kiosk', 'kiosk', 'ip:10.1.0.1');
const otherKiosk = createSession('kiosk-party-2', 'kiosk', 'kiosk', 'ip:10.1.0.2');

const seedEvent = async (startsAt: number, endsAt: number, people: [string, string][]): Promise<number[]> =>
  (
    await seedGuests(service, people.length, {
      startsAt,
      endsAt,
      people: people.map(([firstName, lastName]) => ({ firstName, lastName })),
    })
  ).guests.map((g) => g.id);

let party: number[];
let leaving: number[];

beforeAll(async () => {
  // The service's clock too: at its own (wall) clock, a visit of noon to 15:00 has ended by the evening.
  service = await startServiceOn(tempDir('foyer-kiosk-party-svc-'), { now: () => clock });
  party = await seedEvent(noon - HOUR, noon + 3 * HOUR, [
    ['Maria', 'Partyweg'],
    ['Jonas', 'Brückner'],
    ['Lea', 'Sommer'],
  ]);
  leaving = await seedEvent(noon - HOUR, noon + 3 * HOUR, [['Olga', 'Abmelder']]);
  await seedEvent(noon - 3 * HOUR, noon - 20 * MINUTE, [['Konrad', 'Spaetling']]);
  ({ runtime, core } = await openApp(tempDir('foyer-kiosk-party-data-'), {
    service,
    now: () => clock,
    config: (config) => ({ locationId: 10, companyId: 1, kiosk: { ...config.kiosk, timeZone: 'UTC' } }),
  }));
  await core.call(createSession('desk-party', 'desk', 'admin'), 'sync.now', { full: true });
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

describe('kiosk check-out', () => {
  it('is held back 8 s, and the session that made it can undo it within them', async () => {
    const olga = await find('Olga Abmelder');
    await core.call(kiosk, 'kiosk.checkIn', { ticket: olga.ticket });
    const out = await core.call(kiosk, 'kiosk.checkOut', { ticket: (await find('Olga Abmelder')).ticket });
    expect(out).toMatchObject({ invitationId: leaving[0], category: 'left' });
    expect(Date.parse(out.undoUntil!)).toBe(clock + 8 * SECOND);
    // Another kiosk that finds her cannot take it back: not its check-out.
    const seenElsewhere = await find('Olga Abmelder', otherKiosk);
    await expect(core.call(otherKiosk, 'kiosk.undoCheckOut', { ticket: seenElsewhere.ticket })).rejects.toMatchObject({
      code: 'REFUSED',
    });
    clock += 5 * SECOND;
    const back = await core.call(kiosk, 'kiosk.undoCheckOut', { ticket: out.ticket });
    expect(back).toMatchObject({ invitationId: leaving[0], category: 'onsite' });
    await runtime.engine.deliver();
    expect(service.db.prepare('SELECT state FROM check_ins WHERE id = ?').pluck().get(leaving[0])).toBe('CHECKED_IN');
  });

  it('cannot be undone once the 8 s are over', async () => {
    const out = await core.call(kiosk, 'kiosk.checkOut', { ticket: (await find('Olga Abmelder')).ticket });
    clock += 9 * SECOND;
    await expect(core.call(kiosk, 'kiosk.undoCheckOut', { ticket: out.ticket })).rejects.toMatchObject({
      code: 'REFUSED',
    });
  });
});

describe('kiosk party', () => {
  it('offers the others of the visit still expected, by first name and initial, each with a ticket', async () => {
    const maria = await find('Maria Partyweg');
    const members = await core.call(kiosk, 'kiosk.party', { ticket: maria.ticket });
    expect(members.map((m) => [m.firstName, m.lastInitial])).toEqual(
      expect.arrayContaining([
        ['Jonas', 'B'],
        ['Lea', 'S'],
      ]),
    );
    expect(members).toHaveLength(2);
    for (const m of members) expect(Object.keys(m).sort()).toEqual(['firstName', 'lastInitial', 'ticket']);
    // A member's ticket is this session's alone.
    await expect(core.call(otherKiosk, 'kiosk.checkIn', { ticket: members[0]!.ticket })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    // One check-in each, by their own tickets; a checked-in member is no longer offered.
    for (const { ticket } of [maria, ...members]) await core.call(kiosk, 'kiosk.checkIn', { ticket });
    for (const id of party) expect(runtime.mirror.guests.byId(id)?.category).toBe('onsite');
    expect(await core.call(kiosk, 'kiosk.party', { ticket: maria.ticket })).toEqual([]);
  });
});

describe('a visit that has ended', () => {
  it('is told apart from no invitation at all', async () => {
    expect(await core.call(kiosk, 'kiosk.lookup', { text: 'Konrad Spaetling' })).toEqual([]);
    expect(await core.call(kiosk, 'kiosk.miss', { text: 'Konrad Spaetling' })).toEqual({ reason: 'visitEnded' });
    expect(await core.call(kiosk, 'kiosk.miss', { text: 'Spätling' })).toEqual({ reason: 'visitEnded' });
    expect(await core.call(kiosk, 'kiosk.miss', { text: 'Peter Brandt' })).toEqual({ reason: 'notFound' });
  });
});

describe('a kiosk-only door', () => {
  it('is told so by session.get, so that it shows no staff entry; a door that a PIN can raise is not', async () => {
    expect(await core.call(kiosk, 'session.get', {})).toMatchObject({ role: 'kiosk', kioskOnly: true });
    const raisable = createSession('kiosk-browser', 'kiosk', 'admin', 'ip:10.1.0.3');
    expect(await core.call(raisable, 'session.get', {})).toMatchObject({ role: 'kiosk', kioskOnly: false });
  });
});
