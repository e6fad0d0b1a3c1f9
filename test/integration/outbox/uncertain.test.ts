/**
 * Transitions whose answer was lost: the service applied the POST, then the
 * connection dropped (simulated fault), or the client gave up mid-request.
 * The outbox reads the check-in back instead of sending it again, so the
 * service never answers 409 to a second CHECK_IN and the row ends delivered.
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  cleanup,
  countingClient,
  deliverAll,
  NO_RETRY,
  outboxFor,
  scriptedFaults,
  seedGuests,
  serviceState,
  startServiceOn,
  syncMirror,
  tempDir,
  tempMirror,
} from './helpers.ts';
import { until } from '../../support/until.ts';

afterEach(cleanup);

const pinAt = (db: { prepare(sql: string): { pluck(): { get(id: number): unknown } } }, id: number) =>
  db.prepare("SELECT json_extract(access_control, '$.pin') FROM check_ins WHERE id = ?").pluck().get(id);

/**
 * Service options that run the callback given to `next` once the next request has reached the service and is
 * about to be applied (at its pick of a fault, after its latency): a client stopped there has sent a request
 * that the service applies, without a guess at how long the request takes to get there.
 */
function onArrival(random: () => number = () => 0.99, faultRate = Number.MIN_VALUE) {
  let pending: (() => void) | undefined;
  return {
    faultRate,
    random: () => {
      const run = pending;
      pending = undefined;
      run?.();
      return random();
    },
    next: (callback: () => void) => void (pending = callback),
  };
}

describe('lost answers', () => {
  it('applied, then the connection dropped: read back, not sent twice, delivered', async () => {
    const faults = scriptedFaults();
    const svc = await startServiceOn(tempDir('foyer-svc-'), faults);
    const { guests } = await seedGuests(svc, 1);
    const guest = guests[0]!;
    const mirror = tempMirror();
    const client = countingClient(svc.baseUrl, { retry: NO_RETRY });
    await syncMirror(mirror, client.api);
    const outbox = outboxFor(mirror, client.api, { random: () => 0 });
    const queued = outbox.queueTransition(guest.id, 'checkIn', 'kiosk');

    faults.next('drop-after');
    const first = await outbox.deliver();
    expect(first).toMatchObject({ delivered: 0, failed: 0, pending: 1 });
    expect(mirror.outbox.byId(queued.outboxId)).toMatchObject({ state: 'pending', uncertain: 1, attempts: 1 });
    // The service did it; the client does not know yet.
    expect(serviceState(svc.db, guest.id)).toBe('CHECKED_IN');
    expect(mirror.guests.byId(guest.id)).toMatchObject({ state: 'CHECKED_IN', pending: true });

    const second = await outbox.deliver();
    expect(second).toMatchObject({ delivered: 1, failed: 0, pending: 0 });
    expect(client.count('transitionCheckIn')).toBe(1);
    expect(client.count('listCheckIns')).toBe(1);
    const row = mirror.outbox.byId(queued.outboxId)!;
    expect(row).toMatchObject({ state: 'delivered', uncertain: 0, attempts: 1, lastError: null });
    expect(mirror.outbox.openConflicts()).toEqual([]);
    // The record read back carries the PIN the service issued with the one CHECK_IN it applied.
    expect(pinAt(mirror.db, guest.id)).toMatch(/^\d{6}$/);
    expect(pinAt(mirror.db, guest.id)).toBe(pinAt(svc.db, guest.id));
    expect(mirror.guests.byId(guest.id)).toMatchObject({ state: 'CHECKED_IN', pending: false });
  });

  it('dropped before it was applied: read back, then sent once more', async () => {
    const faults = scriptedFaults();
    const svc = await startServiceOn(tempDir('foyer-svc-'), faults);
    const { guests } = await seedGuests(svc, 1);
    const mirror = tempMirror();
    const client = countingClient(svc.baseUrl, { retry: NO_RETRY });
    await syncMirror(mirror, client.api);
    const outbox = outboxFor(mirror, client.api, { random: () => 0 });
    const queued = outbox.queueTransition(guests[0]!.id, 'checkIn', 'kiosk');
    faults.next('drop-before');
    await outbox.deliver();
    expect(serviceState(svc.db, guests[0]!.id)).toBe('EXPECTED');
    expect(mirror.outbox.byId(queued.outboxId)!.uncertain).toBe(1);
    await outbox.deliver();
    expect(client.requests.filter((r) => r !== 'listInvitations')).toEqual([
      'transitionCheckIn',
      'listCheckIns',
      'transitionCheckIn',
    ]);
    expect(mirror.outbox.byId(queued.outboxId)).toMatchObject({ state: 'delivered', attempts: 2 });
    expect(serviceState(svc.db, guests[0]!.id)).toBe('CHECKED_IN');
  });

  it('a check-out after a check-in whose answer was lost: both end delivered, each applied once', async () => {
    const faults = scriptedFaults();
    const svc = await startServiceOn(tempDir('foyer-svc-'), faults);
    const { guests } = await seedGuests(svc, 1);
    const mirror = tempMirror();
    const client = countingClient(svc.baseUrl, { retry: NO_RETRY });
    await syncMirror(mirror, client.api);
    const outbox = outboxFor(mirror, client.api, { random: () => 0 });
    outbox.queueTransition(guests[0]!.id, 'checkIn', 'kiosk');
    outbox.queueTransition(guests[0]!.id, 'checkOut', 'kiosk');
    faults.next('drop-after');
    await deliverAll(outbox);
    expect(outbox.counts()).toEqual({ pending: 0, sending: 0, delivered: 2, failed: 0 });
    expect(client.count('transitionCheckIn')).toBe(2);
    expect(serviceState(svc.db, guests[0]!.id)).toBe('CHECKED_OUT');
  });

  it('aborted mid-request (the service still applies it): the row goes back to pending, uncertain, and is settled by reading back', async () => {
    const arrival = onArrival();
    const svc = await startServiceOn(tempDir('foyer-svc-'), arrival);
    const { guests } = await seedGuests(svc, 1);
    const guest = guests[0]!;
    const mirror = tempMirror();
    const client = countingClient(svc.baseUrl, { retry: NO_RETRY });
    await syncMirror(mirror, client.api);
    const outbox = outboxFor(mirror, client.api);
    const queued = outbox.queueTransition(guest.id, 'checkIn', 'kiosk');

    const controller = new AbortController();
    // The POST has reached the service (which applies it); then the client is stopped, before the answer.
    client.onRequest = (endpoint) => {
      if (endpoint === 'transitionCheckIn') arrival.next(() => controller.abort(new Error('app closed')));
    };
    await outbox.deliver(controller.signal);
    client.onRequest = undefined;
    // A stop puts the row back (a crash would leave it 'sending'): either way it may have reached the service.
    expect(mirror.outbox.byId(queued.outboxId)).toMatchObject({ state: 'pending', uncertain: 1, attempts: 1 });

    await until(() => serviceState(svc.db, guest.id) === 'CHECKED_IN', 'the service to apply the POST');
    const summary = await outbox.deliver();
    expect(summary).toMatchObject({ delivered: 1, failed: 0, pending: 0 });
    expect(client.count('transitionCheckIn')).toBe(1);
    expect(mirror.outbox.byId(queued.outboxId)!.state).toBe('delivered');
    expect(mirror.outbox.openConflicts()).toEqual([]);
    expect(pinAt(mirror.db, guest.id)).toBe(pinAt(svc.db, guest.id));
  });

  // BUG (outbox.ts deliverOnce/markRetry): a row left 'sending' by an abort or crash (outcome unknown) is read back
  // before sending; when that read-back fails with a 503 (or 429), the row is set back to 'pending' with
  // uncertain = 0, so the next delivery POSTs again without looking, gets 409 (the first POST was applied), fails
  // the row, rolls the guest back to EXPECTED and records a conflict, although the guest is checked in.
  it('aborted mid-request, then the read-back gets a 503: still not sent twice', async () => {
    const faults = scriptedFaults();
    const arrival = onArrival(faults.random, faults.faultRate);
    const svc = await startServiceOn(tempDir('foyer-svc-'), arrival);
    const { guests } = await seedGuests(svc, 1);
    const guest = guests[0]!;
    const mirror = tempMirror();
    const client = countingClient(svc.baseUrl, { retry: NO_RETRY });
    await syncMirror(mirror, client.api);
    const outbox = outboxFor(mirror, client.api, { random: () => 0 });
    const queued = outbox.queueTransition(guest.id, 'checkIn', 'kiosk');
    const controller = new AbortController();
    client.onRequest = (endpoint) => {
      if (endpoint === 'transitionCheckIn') arrival.next(() => controller.abort(new Error('app closed')));
    };
    await outbox.deliver(controller.signal);
    client.onRequest = undefined;
    await until(() => serviceState(svc.db, guest.id) === 'CHECKED_IN', 'the service to apply the POST');

    faults.next('unavailable'); // the read-back
    await outbox.deliver();
    await outbox.deliver();
    expect(client.count('transitionCheckIn')).toBe(1);
    expect(mirror.outbox.byId(queued.outboxId)!.state).toBe('delivered');
    expect(mirror.guests.byId(guest.id)).toMatchObject({ state: 'CHECKED_IN', pending: false });
  });
});

describe('a service that drops and refuses many requests', () => {
  it('with faultRate 0.6, ten check-ins all end delivered, each applied once, none refused', async () => {
    let on = false;
    let seed = 20260322;
    const seeded = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    const svc = await startServiceOn(tempDir('foyer-svc-'), { faultRate: 0.6, random: () => (on ? seeded() : 1) });
    const { guests } = await seedGuests(svc, 10);
    const mirror = tempMirror();
    const client = countingClient(svc.baseUrl);
    await syncMirror(mirror, client.api);
    const outbox = outboxFor(mirror, client.api);
    for (const guest of guests) outbox.queueTransition(guest.id, 'checkIn', 'kiosk');
    on = true;
    await deliverAll(outbox);
    on = false;
    expect(outbox.counts()).toEqual({ pending: 0, sending: 0, delivered: 10, failed: 0 });
    expect(mirror.outbox.openConflicts()).toEqual([]);
    for (const guest of guests) {
      expect(serviceState(svc.db, guest.id)).toBe('CHECKED_IN');
      expect(mirror.guests.byId(guest.id)).toMatchObject({ state: 'CHECKED_IN', pending: false });
      expect(pinAt(mirror.db, guest.id)).toBe(pinAt(svc.db, guest.id));
    }
    // Faults happened, and some answers were lost (read back at least once).
    expect(client.count('transitionCheckIn')).toBeGreaterThan(10);
    expect(client.count('listCheckIns')).toBeGreaterThan(0);
  });
});
