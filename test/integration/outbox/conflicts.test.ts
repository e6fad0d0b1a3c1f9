/**
 * The service refuses a queued transition (409: its state differs from what
 * the mirror showed). The outbox reads the check-in back: when the service
 * already shows what was asked (someone made the same change first), the row
 * is done; otherwise the mirror takes the service's state, a conflict is
 * recorded for the desk, and what was queued after it for that guest is not sent.
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  cleanup,
  countingClient,
  outboxFor,
  seedGuests,
  serviceState,
  startServiceOn,
  syncMirror,
  tempDir,
  tempMirror,
} from './helpers.ts';

afterEach(cleanup);

async function setUp(n: number) {
  const svc = await startServiceOn(tempDir('foyer-svc-'));
  const { guests } = await seedGuests(svc, n);
  const mirror = tempMirror();
  const client = countingClient(svc.baseUrl);
  await syncMirror(mirror, client.api);
  const outbox = outboxFor(mirror, client.api);
  return { svc, guests, mirror, client, outbox };
}

describe('409: the service already shows the target state', () => {
  it('a check-in made elsewhere first is settled as done, and the check-out queued after it goes', async () => {
    const { svc, guests, mirror, client, outbox } = await setUp(2);
    const [guest, other] = guests as [(typeof guests)[0], (typeof guests)[0]];
    // Someone checked the guest in at another desk; this mirror still says EXPECTED.
    const direct = await svc.call('POST', '/check-ins/transitions', {
      body: { eventName: 'CHECK_IN', checkIn: { id: guest.id } },
    });
    expect(direct.status, direct.text).toBe(200);
    expect(mirror.guests.byId(guest.id)).toMatchObject({ state: 'EXPECTED', pending: false });

    const checkIn = outbox.queueTransition(guest.id, 'checkIn', 'desk');
    const otherIn = outbox.queueTransition(other.id, 'checkIn', 'kiosk');
    const summary = await outbox.deliver();
    expect(summary).toEqual({ delivered: 2, failed: 0, pending: 0, unauthorized: false, unreachable: false });
    expect(mirror.outbox.byId(checkIn.outboxId)).toMatchObject({ state: 'delivered', lastError: null });
    expect(mirror.outbox.byId(otherIn.outboxId)!.state).toBe('delivered');
    expect(client.count('listCheckIns')).toBe(1);
    expect(mirror.outbox.openConflicts()).toEqual([]);
    // On site in the mirror (and so on the evacuation list) with the service's record, its PIN included.
    expect(mirror.guests.byId(guest.id)).toMatchObject({ state: 'CHECKED_IN', pending: false });
    expect(mirror.guests.byId(guest.id)!.arrivedAt).not.toBeNull();
    expect(mirror.db.prepare('SELECT count(*) FROM pending_transitions').pluck().get()).toBe(0);

    const checkOut = outbox.queueTransition(guest.id, 'checkOut', 'desk');
    expect((await outbox.deliver()).delivered).toBe(1);
    expect(mirror.outbox.byId(checkOut.outboxId)!.state).toBe('delivered');
    expect(serviceState(svc.db, guest.id)).toBe('CHECKED_OUT');
    expect(outbox.counts()).toEqual({ pending: 0, sending: 0, delivered: 3, failed: 0 });
  });

  it('a check-out of a guest the service shows as left is settled as done', async () => {
    const { svc, guests, mirror, outbox } = await setUp(1);
    const guest = guests[0]!;
    outbox.queueTransition(guest.id, 'checkIn', 'kiosk');
    await outbox.deliver();
    await svc.call('POST', '/check-ins/transitions', { body: { eventName: 'CHECK_OUT', checkIn: { id: guest.id } } });
    const checkOut = outbox.queueTransition(guest.id, 'checkOut', 'desk');
    expect(await outbox.deliver()).toMatchObject({ delivered: 1, failed: 0 });
    expect(mirror.outbox.byId(checkOut.outboxId)!.state).toBe('delivered');
    expect(mirror.outbox.openConflicts()).toEqual([]);
    expect(mirror.guests.byId(guest.id)).toMatchObject({ state: 'CHECKED_OUT', pending: false });
  });
});

describe('409: the service shows another state (a true conflict)', () => {
  it('the mirror takes the service state, a conflict says it in words, the rows after it fail, a retry says why not', async () => {
    const { svc, guests, mirror, client, outbox } = await setUp(1);
    const guest = guests[0]!;
    // Checked in and out elsewhere; this mirror still says EXPECTED.
    for (const eventName of ['CHECK_IN', 'CHECK_OUT'])
      await svc.call('POST', '/check-ins/transitions', { body: { eventName, checkIn: { id: guest.id } } });
    const checkIn = outbox.queueTransition(guest.id, 'checkIn', 'desk');
    const checkOut = outbox.queueTransition(guest.id, 'checkOut', 'desk');
    expect(await outbox.deliver()).toMatchObject({ delivered: 0, failed: 1 });

    const failed = mirror.outbox.byId(checkIn.outboxId)!;
    expect(failed.state).toBe('failed');
    expect(failed.lastError).toBe(
      'transitionCheckIn: 409 INVALID_TRANSITION: the service already shows this guest as left (CHECKED_OUT)',
    );
    expect(mirror.outbox.byId(checkOut.outboxId)).toMatchObject({ state: 'failed', attempts: 0 });
    expect(mirror.outbox.byId(checkOut.outboxId)!.lastError).toMatch(/^not sent: "Check in /);
    expect(client.count('transitionCheckIn')).toBe(1);
    // Not rolled back to what the mirror knew before: what the service shows.
    expect(mirror.guests.byId(guest.id)).toMatchObject({ state: 'CHECKED_OUT', pending: false });
    const conflicts = mirror.outbox.openConflicts();
    expect(conflicts).toHaveLength(1);
    expect(conflicts[0]).toMatchObject({ outboxId: checkIn.outboxId, checkInId: guest.id, label: failed.label });

    // Trying again plans from the guest as now: it cannot go, says why, and queues nothing.
    expect(() => outbox.retry(checkIn.outboxId)).toThrow(/cannot be checked in: the state is CHECKED_OUT/);
    expect(outbox.counts()).toEqual({ pending: 0, sending: 0, delivered: 0, failed: 2 });
  });

  it('after the service changes again, the refused check-out can be retried and goes through', async () => {
    const { svc, guests, mirror, client, outbox } = await setUp(1);
    const guest = guests[0]!;
    outbox.queueTransition(guest.id, 'checkIn', 'kiosk');
    await outbox.deliver();
    // Undone elsewhere: the desk's check-out is refused, and the mirror shows the guest as expected.
    await svc.call('POST', '/check-ins/transitions', {
      body: { eventName: 'UNDO_CHECK_IN', checkIn: { id: guest.id } },
    });
    const checkOut = outbox.queueTransition(guest.id, 'checkOut', 'desk');
    expect((await outbox.deliver()).failed).toBe(1);
    expect(mirror.outbox.byId(checkOut.outboxId)!.lastError).toContain('as expected (EXPECTED)');
    expect(mirror.guests.byId(guest.id)).toMatchObject({ state: 'EXPECTED', pending: false });

    // Checked in again elsewhere; the next pull brings it into the mirror.
    await svc.call('POST', '/check-ins/transitions', { body: { eventName: 'CHECK_IN', checkIn: { id: guest.id } } });
    const { pullCheckIns } = await import('../../../electron/core/sync/pulls.ts');
    const { makeConfig } = await import('./helpers.ts');
    await pullCheckIns({ mirror, api: client.api, config: makeConfig(), now: Date.now });
    expect(mirror.guests.byId(guest.id)).toMatchObject({ state: 'CHECKED_IN', pending: false });

    const again = outbox.retry(checkOut.outboxId);
    expect(again.id).not.toBe(checkOut.outboxId);
    expect(JSON.parse(again.payload)).toMatchObject({
      action: 'checkOut',
      fromState: 'CHECKED_IN',
      toState: 'CHECKED_OUT',
    });
    expect((await outbox.deliver()).delivered).toBe(1);
    expect(serviceState(svc.db, guest.id)).toBe('CHECKED_OUT');
    expect(mirror.guests.byId(guest.id)).toMatchObject({ state: 'CHECKED_OUT', pending: false });
  });

  it('an undo refused by the service (the guest already left) shows the guest as left', async () => {
    const { svc, guests, mirror, client, outbox } = await setUp(1);
    const guest = guests[0]!;
    outbox.queueTransition(guest.id, 'checkIn', 'kiosk');
    await outbox.deliver();
    // Checked out elsewhere; the mirror still shows CHECKED_IN.
    await svc.call('POST', '/check-ins/transitions', { body: { eventName: 'CHECK_OUT', checkIn: { id: guest.id } } });
    const undo = outbox.queueTransition(guest.id, 'undo', 'desk');
    expect(mirror.guests.byId(guest.id)).toMatchObject({ state: 'EXPECTED', pending: true });
    expect((await outbox.deliver()).failed).toBe(1);
    expect(mirror.outbox.byId(undo.outboxId)!.state).toBe('failed');
    expect(mirror.guests.byId(guest.id)).toMatchObject({ state: 'CHECKED_OUT', pending: false });
    expect(mirror.outbox.openConflicts().map((c) => c.checkInId)).toEqual([guest.id]);
    expect(serviceState(svc.db, guest.id)).toBe('CHECKED_OUT');
    expect(client.count('transitionCheckIn')).toBe(2);
  });
});
