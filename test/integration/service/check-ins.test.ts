/**
 * Check-ins (transitions and the listing): docs/interface.md "Check-ins".
 * Events are built around the real clock so that CHECK_IN windows hold.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CheckIn, CheckInsPage, LIMITS } from '../../../shared/api/index.ts';
import { startTestService, type TestService } from '../../support/service.ts';
import {
  createGuests,
  DAY,
  eventItem,
  expectError,
  expectNothingStored,
  fromNow,
  HOUR,
  invitationId,
  invitationItem,
  invitationsOfEvent,
  ISO_MS,
  MINUTE,
  storedState,
  syncOk,
  transition,
} from './helpers.ts';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(async () => {
  await svc?.close();
});

/** A transition that must succeed; returns the check-in. */
async function move(id: number, eventName: string) {
  const res = await transition(svc, id, eventName);
  expect(res.status, `${eventName} ${id}: ${res.text}`).toBe(200);
  expect(CheckIn.safeParse(res.body).success, res.text).toBe(true);
  expect(res.body.id).toBe(id);
  return res.body;
}

/** A transition that must be refused with 409 and leave the check-in as it was. */
async function refused(id: number, eventName: string) {
  const before = storedState(svc, id);
  const res = await expectNothingStored(svc, () => transition(svc, id, eventName));
  expectError(res, 409, 'INVALID_TRANSITION');
  expect(storedState(svc, id)).toBe(before);
}

async function listCheckIns(locationId: number, query: Record<string, number> = {}) {
  const res = await svc.call('GET', `/locations/${locationId}/check-ins`, { query });
  expect(res.status, res.text).toBe(200);
  expect(CheckInsPage.safeParse(res.body).success, res.text).toBe(true);
  return res.body as {
    checkIns: { id: number; state: string; leftAt?: string | null }[];
    pageInfo: { totalCount: number };
  };
}

const near = (t: string) => Math.abs(Date.parse(t) - Date.now()) < 5 * MINUTE;

describe('check-in records', () => {
  it('every listed invitation has one check-in record with the same id, EXPECTED at first', async () => {
    const { guests } = await createGuests(svc, { count: 3 });
    for (const g of guests) expect(storedState(svc, g.id)).toBe('EXPECTED');
    for (const g of guests) expect((await move(g.id, 'CHECK_IN')).id).toBe(g.id);
  });

  it('legitimation carries the invitation sourceId, the event window and the contact’s names', async () => {
    const { event, guests } = await createGuests(svc);
    const g = guests[0]!;
    const checkIn = await move(g.id, 'CHECK_IN');
    expect(checkIn.legitimation).toMatchObject({
      sourceId: g.sourceId,
      startsAt: event.startsAt,
      endsAt: event.endsAt,
      guest: { firstName: g.firstName, lastName: g.lastName },
    });
  });

  it('an unknown check-in id is 404', async () => {
    const res = await expectNothingStored(svc, () => transition(svc, 987654, 'CHECK_IN'));
    expectError(res, 404, 'NOT_FOUND');
  });
});

describe('CHECK_IN', () => {
  it('moves EXPECTED to CHECKED_IN, sets arrivedAt and fills accessControl with the event window', async () => {
    const { event, guests } = await createGuests(svc);
    const checkIn = await move(guests[0]!.id, 'CHECK_IN');
    expect(checkIn.state).toBe('CHECKED_IN');
    expect(checkIn.arrivedAt).toMatch(ISO_MS);
    expect(near(checkIn.arrivedAt)).toBe(true);
    expect(checkIn.leftAt ?? null).toBeNull();
    const ac = checkIn.accessControl;
    expect(ac.pin).toMatch(/^\d{6}$/);
    for (const card of ['cardNumberKiosk', 'cardNumberReception', 'cardNumberAccessControlSystem'])
      expect(typeof ac.credential[card] === 'string' && ac.credential[card].length > 0, card).toBe(true);
    expect(ac.access).toEqual({ startsAt: event.startsAt, endsAt: event.endsAt });
    expect(storedState(svc, guests[0]!.id)).toBe('CHECKED_IN');
  });

  it('is allowed from 24 hours before the event starts', async () => {
    const { guests } = await createGuests(svc, { startsAt: fromNow(23 * HOUR), endsAt: fromNow(26 * HOUR) });
    expect((await move(guests[0]!.id, 'CHECK_IN')).state).toBe('CHECKED_IN');
  });

  it('is 409 INVALID_TRANSITION for an event that starts in 25 hours', async () => {
    const { guests } = await createGuests(svc, { startsAt: fromNow(DAY + HOUR), endsAt: fromNow(DAY + 3 * HOUR) });
    await refused(guests[0]!.id, 'CHECK_IN');
  });

  it('is 409 INVALID_TRANSITION for an event that has ended', async () => {
    const { guests } = await createGuests(svc, { startsAt: fromNow(-3 * HOUR), endsAt: fromNow(-HOUR) });
    await refused(guests[0]!.id, 'CHECK_IN');
  });

  it('follows the event’s current times after the event is moved', async () => {
    const { event, guests } = await createGuests(svc, {
      startsAt: fromNow(DAY + HOUR),
      endsAt: fromNow(DAY + 2 * HOUR),
    });
    await refused(guests[0]!.id, 'CHECK_IN');
    const startsAt = fromNow(-HOUR);
    const endsAt = fromNow(HOUR);
    await syncOk(svc, [{ sourceId: event.sourceId, startsAt, endsAt }]);
    const checkIn = await move(guests[0]!.id, 'CHECK_IN');
    expect(checkIn.accessControl.access).toEqual({ startsAt, endsAt });
    expect(checkIn.legitimation).toMatchObject({ startsAt, endsAt });
  });

  it('is 409 for an invitation of a draft event', async () => {
    const inv = invitationItem();
    const event = eventItem({ draft: true, invitations: [inv] });
    await syncOk(svc, [event]);
    const id = invitationId(svc, event.sourceId as string, inv.sourceId as string);
    expect(id).toBeGreaterThan(0);
    const res = await expectNothingStored(svc, () => transition(svc, id, 'CHECK_IN'));
    expectError(res, 409, 'INVALID_TRANSITION');
  });
});

describe('CHECK_OUT and UNDO_CHECK_IN', () => {
  it('CHECK_OUT moves CHECKED_IN to CHECKED_OUT and sets leftAt', async () => {
    const { guests } = await createGuests(svc);
    const id = guests[0]!.id;
    const checkedIn = await move(id, 'CHECK_IN');
    const out = await move(id, 'CHECK_OUT');
    expect(out.state).toBe('CHECKED_OUT');
    expect(out.leftAt).toMatch(ISO_MS);
    expect(near(out.leftAt)).toBe(true);
    expect(out.arrivedAt).toBe(checkedIn.arrivedAt);
  });

  it('CHECK_OUT is still allowed after the event has ended', async () => {
    const { event, guests } = await createGuests(svc, { startsAt: fromNow(-3 * HOUR), endsAt: fromNow(HOUR) });
    await move(guests[0]!.id, 'CHECK_IN');
    await syncOk(svc, [{ sourceId: event.sourceId, endsAt: fromNow(-MINUTE) }]);
    expect((await move(guests[0]!.id, 'CHECK_OUT')).state).toBe('CHECKED_OUT');
  });

  it('UNDO_CHECK_IN moves CHECKED_IN back to EXPECTED and clears arrivedAt and accessControl', async () => {
    const { guests } = await createGuests(svc);
    const id = guests[0]!.id;
    await move(id, 'CHECK_IN');
    const undone = await move(id, 'UNDO_CHECK_IN');
    expect(undone.state).toBe('EXPECTED');
    expect(undone.arrivedAt ?? null).toBeNull();
    expect(undone.accessControl ?? null).toBeNull();
    expect(storedState(svc, id)).toBe('EXPECTED');
    // And the guest can check in again.
    expect((await move(id, 'CHECK_IN')).state).toBe('CHECKED_IN');
  });
});

describe('transitions not allowed from the current state', () => {
  const paths: Record<string, string[]> = {
    EXPECTED: [],
    CHECKED_IN: ['CHECK_IN'],
    CHECKED_OUT: ['CHECK_IN', 'CHECK_OUT'],
  };
  it.each([
    ['CHECK_OUT', 'EXPECTED'],
    ['UNDO_CHECK_IN', 'EXPECTED'],
    ['CHECK_IN', 'CHECKED_IN'],
    ['CHECK_IN', 'CHECKED_OUT'],
    ['CHECK_OUT', 'CHECKED_OUT'],
    ['UNDO_CHECK_IN', 'CHECKED_OUT'],
  ])('%s from %s is 409 INVALID_TRANSITION', async (eventName, state) => {
    const { guests } = await createGuests(svc);
    const id = guests[0]!.id;
    for (const step of paths[state]!) await move(id, step);
    expect(storedState(svc, id)).toBe(state);
    await refused(id, eventName);
  });
});

describe('deleting events and invitations', () => {
  it('deleting an event cancels EXPECTED check-ins; a CHECKED_IN guest stays, is listed and can check out', async () => {
    const { event, guests } = await createGuests(svc, { count: 3 });
    const [onSite, expected, left] = [guests[0]!, guests[1]!, guests[2]!];
    await move(onSite.id, 'CHECK_IN');
    await move(left.id, 'CHECK_IN');
    await move(left.id, 'CHECK_OUT');
    await syncOk(svc, [{ sourceId: event.sourceId, deletedAt: fromNow(0) }]);
    expect(storedState(svc, left.id)).toBe('CHECKED_OUT');
    expect(await invitationsOfEvent(svc, event.name as string)).toHaveLength(0);

    expect(storedState(svc, expected.id)).toBe('CANCELLED');
    await refused(expected.id, 'CHECK_IN');

    expect(storedState(svc, onSite.id)).toBe('CHECKED_IN');
    const listed = await listCheckIns(10, { limit: 500 });
    expect(listed.checkIns.find((c) => c.id === onSite.id)?.state).toBe('CHECKED_IN');
    expect(listed.checkIns.some((c) => c.id === expected.id)).toBe(false);
    expect((await move(onSite.id, 'CHECK_OUT')).state).toBe('CHECKED_OUT');
  });

  it('deleting an invitation cancels its EXPECTED check-in', async () => {
    const { event, guests } = await createGuests(svc, { count: 2 });
    const [gone, stays] = [guests[0]!, guests[1]!];
    await syncOk(svc, [
      { sourceId: event.sourceId, invitations: [{ sourceId: gone.sourceId, deletedAt: fromNow(0) }] },
    ]);
    expect(storedState(svc, gone.id)).toBe('CANCELLED');
    await refused(gone.id, 'CHECK_IN');
    expect((await move(stays.id, 'CHECK_IN')).state).toBe('CHECKED_IN');
  });

  it('deleting the invitation of a CHECKED_IN guest leaves the guest checked in', async () => {
    const { event, guests } = await createGuests(svc);
    const g = guests[0]!;
    await move(g.id, 'CHECK_IN');
    await syncOk(svc, [{ sourceId: event.sourceId, invitations: [{ sourceId: g.sourceId, deletedAt: fromNow(0) }] }]);
    expect(storedState(svc, g.id)).toBe('CHECKED_IN');
    expect((await listCheckIns(10, { limit: 500 })).checkIns.some((c) => c.id === g.id)).toBe(true);
    expect((await move(g.id, 'CHECK_OUT')).state).toBe('CHECKED_OUT');
  });
});

describe('GET /locations/{locationId}/check-ins', () => {
  it('lists only CHECKED_IN and CHECKED_OUT records of the location, by id', async () => {
    const { guests } = await createGuests(svc, { count: 5, locationId: 11 });
    const [inside, left, expected, undone, late] = guests as [
      (typeof guests)[0],
      (typeof guests)[0],
      (typeof guests)[0],
      (typeof guests)[0],
      (typeof guests)[0],
    ];
    await move(late.id, 'CHECK_IN');
    await move(inside.id, 'CHECK_IN');
    await move(left.id, 'CHECK_IN');
    await move(left.id, 'CHECK_OUT');
    await move(undone.id, 'CHECK_IN');
    await move(undone.id, 'UNDO_CHECK_IN');
    const elsewhere = await createGuests(svc, { locationId: 10 });
    await move(elsewhere.guests[0]!.id, 'CHECK_IN');

    const body = await listCheckIns(11);
    const expectedIds = [inside.id, left.id, late.id].sort((a, b) => a - b);
    expect(body.checkIns.map((c) => c.id)).toEqual(expectedIds);
    expect(body.pageInfo.totalCount).toBe(3);
    expect(body.checkIns.find((c) => c.id === left.id)).toMatchObject({ state: 'CHECKED_OUT' });
    expect(body.checkIns.find((c) => c.id === left.id)?.leftAt).toMatch(ISO_MS);
    expect(body.checkIns.find((c) => c.id === inside.id)).toMatchObject({ state: 'CHECKED_IN' });
    expect(body.checkIns.some((c) => c.id === expected.id || c.id === undone.id)).toBe(false);
  });

  it('a check-in is listed at the location its event is at now', async () => {
    const { event, guests } = await createGuests(svc);
    await move(guests[0]!.id, 'CHECK_IN');
    await syncOk(svc, [{ sourceId: event.sourceId, locationId: 11 }]);
    expect((await listCheckIns(10, { limit: 500 })).checkIns.some((c) => c.id === guests[0]!.id)).toBe(false);
    expect((await listCheckIns(11, { limit: 500 })).checkIns.some((c) => c.id === guests[0]!.id)).toBe(true);
    await syncOk(svc, [{ sourceId: event.sourceId, locationId: 10 }]);
  });

  it(`pages with a default limit of ${LIMITS.checkIns.defaultLimit} and a maximum of ${LIMITS.checkIns.maxLimit}`, async () => {
    const { guests } = await createGuests(svc, { count: LIMITS.checkIns.defaultLimit + 1 });
    for (const g of guests) await move(g.id, 'CHECK_IN');
    const all = await listCheckIns(10, { limit: LIMITS.checkIns.maxLimit });
    const total = all.pageInfo.totalCount;
    expect(total).toBeGreaterThan(LIMITS.checkIns.defaultLimit);
    expect(total).toBeLessThanOrEqual(LIMITS.checkIns.maxLimit);
    expect(all.checkIns).toHaveLength(total);
    const ids = all.checkIns.map((c) => c.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    for (const g of guests) expect(ids).toContain(g.id);
    expect(all.checkIns.every((c) => c.state === 'CHECKED_IN' || c.state === 'CHECKED_OUT')).toBe(true);

    const byDefault = await listCheckIns(10);
    expect(byDefault.checkIns.map((c) => c.id)).toEqual(ids.slice(0, LIMITS.checkIns.defaultLimit));
    expect(byDefault.pageInfo.totalCount).toBe(total);
    const page = await listCheckIns(10, { limit: 2, offset: 1 });
    expect(page.checkIns.map((c) => c.id)).toEqual(ids.slice(1, 3));
    const beyond = await listCheckIns(10, { offset: total });
    expect(beyond).toMatchObject({ checkIns: [], pageInfo: { totalCount: total } });
  });

  it('every listed check-in matches the wire schema with UTC millisecond timestamps', async () => {
    const { guests } = await createGuests(svc, { count: 2 });
    await move(guests[0]!.id, 'CHECK_IN');
    await move(guests[1]!.id, 'CHECK_IN');
    await move(guests[1]!.id, 'CHECK_OUT');
    const body = await listCheckIns(10, { limit: 500 });
    expect(body.checkIns.length).toBeGreaterThanOrEqual(2);
    for (const c of body.checkIns as Record<string, unknown>[]) {
      expect(c.arrivedAt).toMatch(ISO_MS);
      if (c.leftAt !== null && c.leftAt !== undefined) expect(c.leftAt).toMatch(ISO_MS);
    }
  });
});
