/**
 * The service refuses a queued transition (409: its state differs from what
 * the mirror showed): the optimistic state is rolled back, a conflict is
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

describe('409: the service state differs', () => {
  it('rolls the check-in back, records a conflict, and fails the check-out queued after it', async () => {
    const { svc, guests, mirror, client, outbox } = await setUp(2);
    const [guest, other] = guests as [(typeof guests)[0], (typeof guests)[0]];
    // Someone checked the guest in at another desk; this mirror still says EXPECTED.
    const direct = await svc.call('POST', '/check-ins/transitions', {
      body: { eventName: 'CHECK_IN', checkIn: { id: guest.id } },
    });
    expect(direct.status, direct.text).toBe(200);
    expect(mirror.guests.byId(guest.id)).toMatchObject({ state: 'EXPECTED', pending: false });

    const checkIn = outbox.queueTransition(guest.id, 'checkIn', 'kiosk');
    const checkOut = outbox.queueTransition(guest.id, 'checkOut', 'desk');
    const otherIn = outbox.queueTransition(other.id, 'checkIn', 'kiosk');
    expect(mirror.guests.byId(guest.id)).toMatchObject({ state: 'CHECKED_OUT', pending: true });

    const summary = await outbox.deliver();
    expect(summary).toEqual({ delivered: 1, failed: 1, pending: 0, unauthorized: false, unreachable: false });

    const failed = mirror.outbox.byId(checkIn.outboxId)!;
    expect(failed.state).toBe('failed');
    expect(failed.lastError).toContain('409');
    expect(failed.lastError).toContain('INVALID_TRANSITION');
    const notSent = mirror.outbox.byId(checkOut.outboxId)!;
    expect(notSent).toMatchObject({ state: 'failed', attempts: 0 });
    expect(notSent.lastError).toMatch(/^not sent: "Check in /);
    expect(client.count('transitionCheckIn')).toBe(2); // the refused check-in and the other guest's

    // Rolled back: what the mirror knew before, nothing pending.
    expect(mirror.guests.byId(guest.id)).toMatchObject({ state: 'EXPECTED', pending: false, arrivedAt: null });
    expect(mirror.db.prepare('SELECT count(*) FROM pending_transitions').pluck().get()).toBe(0);

    const conflicts = mirror.outbox.openConflicts();
    expect(conflicts).toHaveLength(1);
    expect(conflicts[0]).toMatchObject({ outboxId: checkIn.outboxId, checkInId: guest.id });
    expect(conflicts[0]!.message).toContain('INVALID_TRANSITION');
    expect(conflicts[0]!.label).toBe(failed.label);

    // The other guest went through; the service was not checked out by the refused chain.
    expect(mirror.outbox.byId(otherIn.outboxId)!.state).toBe('delivered');
    expect(serviceState(svc.db, guest.id)).toBe('CHECKED_IN');
    expect(serviceState(svc.db, other.id)).toBe('CHECKED_IN');
    expect(outbox.counts()).toEqual({ pending: 0, sending: 0, delivered: 1, failed: 2 });
  });

  it('after the next pull shows the real state, the failed check-out can be retried and goes through', async () => {
    const { svc, guests, mirror, client, outbox } = await setUp(1);
    const guest = guests[0]!;
    await svc.call('POST', '/check-ins/transitions', { body: { eventName: 'CHECK_IN', checkIn: { id: guest.id } } });
    outbox.queueTransition(guest.id, 'checkIn', 'kiosk');
    const checkOut = outbox.queueTransition(guest.id, 'checkOut', 'desk');
    await outbox.deliver();

    // The pull of check-ins brings the service's state into the mirror.
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

  it('an undo refused by the service (the guest already left) is rolled back too', async () => {
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
    expect(mirror.guests.byId(guest.id)).toMatchObject({ state: 'CHECKED_IN', pending: false });
    expect(mirror.outbox.openConflicts().map((c) => c.checkInId)).toEqual([guest.id]);
    expect(serviceState(svc.db, guest.id)).toBe('CHECKED_OUT');
    expect(client.count('transitionCheckIn')).toBe(2);
  });
});
