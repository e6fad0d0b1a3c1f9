/**
 * Working offline: a check-in queued while the service is down shows at once
 * (pending), survives failed deliveries, and reaches the service when it is
 * back (the same database, a new port); queued work is delivered in order per
 * guest and per push, and guests are independent of each other.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { PermanentIdentityItem } from '../../../shared/api/index.ts';
import { createSyncEngine } from '../../../electron/core/sync/engine.ts';
import {
  cleanup,
  closedPort,
  countingClient,
  outboxFor,
  scriptedFaults,
  seedGuests,
  serviceState,
  startServiceOn,
  switchableApi,
  syncMirror,
  tempDir,
  tempMirror,
  NO_RETRY,
  makeConfig,
} from './helpers.ts';
import { onCleanup } from '../../support/fixtures.ts';

afterEach(cleanup);

const pinOf = (mirror: ReturnType<typeof tempMirror>, id: number) =>
  mirror.db.prepare("SELECT json_extract(access_control, '$.pin') FROM check_ins WHERE id = ?").pluck().get(id);

describe('offline check-in, delivered later', () => {
  it('shows at once, waits while the service is down, and is delivered when it is back', async () => {
    const serviceDir = tempDir('foyer-svc-');
    const first = await startServiceOn(serviceDir);
    const { guests } = await seedGuests(first, 3);
    const guest = guests[1]!;

    const mirror = tempMirror();
    const online = countingClient(first.baseUrl);
    await syncMirror(mirror, online.api);
    expect(mirror.guests.byId(guest.id)).toMatchObject({ state: 'EXPECTED', pending: false });

    // The service goes away; the client still points at it.
    await first.close();
    const client = switchableApi(online.api);
    const outbox = outboxFor(mirror, client.api, { random: () => 0 });

    const queued = outbox.queueTransition(guest.id, 'checkIn', 'kiosk');
    expect(queued.guest).toMatchObject({ invitationId: guest.id, state: 'CHECKED_IN', pending: true });
    expect(queued.guest.arrivedAt).not.toBeNull();
    expect(mirror.guests.byId(guest.id)).toMatchObject({ state: 'CHECKED_IN', category: 'onsite', pending: true });

    for (let i = 1; i <= 2; i++) {
      const summary = await outbox.deliver();
      expect(summary).toEqual({ delivered: 0, failed: 0, pending: 1, unauthorized: false, unreachable: true });
      const row = mirror.outbox.byId(queued.outboxId)!;
      // No answer: the POST may have arrived. The second time the row is read back first, which fails too:
      // nothing is sent again, so the attempts stay at 1.
      expect(row).toMatchObject({ state: 'pending', attempts: 1, uncertain: 1 });
      expect(row.lastError).toMatch(/cannot reach/);
      expect(mirror.guests.byId(guest.id)).toMatchObject({ state: 'CHECKED_IN', pending: true });
    }
    expect(outbox.counts()).toEqual({ pending: 1, sending: 0, delivered: 0, failed: 0 });

    // Back, on the same database, at a new address.
    const second = await startServiceOn(serviceDir);
    expect(serviceState(second.db, guest.id)).toBe('EXPECTED');
    client.use(countingClient(second.baseUrl).api);

    const summary = await outbox.deliver();
    expect(summary).toEqual({ delivered: 1, failed: 0, pending: 0, unauthorized: false, unreachable: false });
    const row = mirror.outbox.byId(queued.outboxId)!;
    expect(row.state).toBe('delivered');
    expect(JSON.parse(row.result!)).toMatchObject({ id: guest.id, state: 'CHECKED_IN' });

    const pin = pinOf(mirror, guest.id);
    expect(pin).toMatch(/^\d{6}$/);
    const servicePin = second.db
      .prepare("SELECT json_extract(access_control, '$.pin') FROM check_ins WHERE id = ?")
      .pluck()
      .get(guest.id);
    expect(pin).toBe(servicePin);
    expect(mirror.guests.byId(guest.id)).toMatchObject({ state: 'CHECKED_IN', pending: false });
    expect(mirror.db.prepare('SELECT count(*) FROM pending_transitions').pluck().get()).toBe(0);
    expect(serviceState(second.db, guest.id)).toBe('CHECKED_IN');
    // The others were not touched.
    expect(serviceState(second.db, guests[0]!.id)).toBe('EXPECTED');
    expect(mirror.guests.byId(guests[0]!.id)).toMatchObject({ state: 'EXPECTED', pending: false });
  });

  it('a client configured with a closed port queues and waits just the same', async () => {
    const svc = await startServiceOn(tempDir('foyer-svc-'));
    const { guests } = await seedGuests(svc, 1);
    const mirror = tempMirror();
    await syncMirror(mirror, countingClient(svc.baseUrl).api);
    const dead = countingClient(`http://127.0.0.1:${await closedPort()}/api/v2`, { retry: NO_RETRY });
    const client = switchableApi(dead.api);
    const outbox = outboxFor(mirror, client.api, { random: () => 0 });
    outbox.queueTransition(guests[0]!.id, 'checkIn', 'desk');
    expect((await outbox.deliver()).pending).toBe(1);
    expect(dead.count('transitionCheckIn')).toBe(1);
    client.use(countingClient(svc.baseUrl).api);
    expect((await outbox.deliver()).delivered).toBe(1);
    expect(serviceState(svc.db, guests[0]!.id)).toBe('CHECKED_IN');
  });

  it('a check-in that finds no service shows the status offline at once, not at the next pull', async () => {
    const svc = await startServiceOn(tempDir('foyer-svc-'));
    const { guests } = await seedGuests(svc, 1);
    const mirror = tempMirror();
    const config = makeConfig();
    const client = switchableApi(countingClient(svc.baseUrl).api);
    const outbox = outboxFor(mirror, client.api, { random: () => 0 });
    const engine = createSyncEngine({ mirror, api: client.api, config: () => config, outbox });
    await engine.syncNow({ full: true });
    expect(engine.status.get().online).toBe(true);

    // The service goes away between two pulls; a guest checks in.
    client.use(countingClient(`http://127.0.0.1:${await closedPort()}/api/v2`, { retry: NO_RETRY }).api);
    outbox.queueTransition(guests[0]!.id, 'checkIn', 'kiosk');
    const summary = await engine.deliver();
    expect(summary).toMatchObject({ delivered: 0, pending: 1, unreachable: true });
    expect(engine.status.get().online).toBe(false);

    // It is back: the delivery says so.
    client.use(countingClient(svc.baseUrl).api);
    mirror.transaction(() => mirror.db.prepare('UPDATE outbox SET next_attempt_at = NULL').run());
    expect(await engine.deliver()).toMatchObject({ delivered: 1, unreachable: false });
    expect(engine.status.get().online).toBe(true);
    await engine.stop();
  });
  it.each([
    ['no answer at all', async () => `http://127.0.0.1:${await closedPort()}/api/v2`],
    ['a proxy in front of it answering 502', async () => `${await answering(502)}/api/v2`],
  ])('what waits in backoff goes as soon as the service answers again (%s)', async (_, down) => {
    const svc = await startServiceOn(tempDir('foyer-svc-'));
    const { guests } = await seedGuests(svc, 2);
    const mirror = tempMirror();
    const config = makeConfig();
    const client = switchableApi(countingClient(svc.baseUrl).api);
    // A row's next attempt an hour after each failure: only the service's return can send it sooner.
    const outbox = outboxFor(mirror, client.api, {
      random: () => 1,
      retry: { retries: Number.POSITIVE_INFINITY, baseDelayMs: 3_600_000, maxDelayMs: 3_600_000 },
    });
    const engine = createSyncEngine({ mirror, api: client.api, config: () => config, outbox });
    await engine.syncNow({ full: true });
    // A guest leaves, and the desk may still undo it for an hour: that check-out was never tried, and waits.
    outbox.queueTransition(guests[1]!.id, 'checkIn', 'desk');
    expect(await engine.deliver()).toMatchObject({ delivered: 1 });
    const held = outbox.queueTransition(guests[1]!.id, 'checkOut', 'desk', { holdMs: 3_600_000 });

    client.use(countingClient(await down(), { retry: NO_RETRY }).api);
    const checkIn = outbox.queueTransition(guests[0]!.id, 'checkIn', 'kiosk');
    await engine.syncNow();
    expect(mirror.outbox.byId(checkIn.outboxId)).toMatchObject({ state: 'pending', attempts: 1 });
    expect(Date.parse(mirror.outbox.byId(checkIn.outboxId)!.nextAttemptAt!)).toBeGreaterThan(Date.now() + 3_000_000);
    expect(serviceState(svc.db, guests[0]!.id)).toBe('EXPECTED');

    client.use(countingClient(svc.baseUrl).api);
    await engine.syncNow();
    expect(engine.status.get().online).toBe(true);
    expect(mirror.outbox.byId(checkIn.outboxId)).toMatchObject({ state: 'delivered' });
    expect(serviceState(svc.db, guests[0]!.id)).toBe('CHECKED_IN');
    // The held check-out still waits for its undo window.
    expect(mirror.outbox.byId(held.outboxId)).toMatchObject({ state: 'pending', attempts: 0 });
    expect(serviceState(svc.db, guests[1]!.id)).toBe('CHECKED_IN');
    await engine.stop();
  });
});

/** A server on loopback that answers every request with `status` (closed at the end of the test). */
async function answering(status: number): Promise<string> {
  const server = createServer((_, response) => response.writeHead(status).end());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  onCleanup(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('order of delivery', () => {
  it("a guest's check-in and check-out queued offline arrive in order", async () => {
    const serviceDir = tempDir('foyer-svc-');
    const svc = await startServiceOn(serviceDir);
    const { guests } = await seedGuests(svc, 2);
    const [a, b] = guests as [(typeof guests)[0], (typeof guests)[0]];
    const mirror = tempMirror();
    await syncMirror(mirror, countingClient(svc.baseUrl).api);
    await svc.close();

    const client = switchableApi(countingClient(`http://127.0.0.1:${await closedPort()}/api/v2`).api);
    const outbox = outboxFor(mirror, client.api, { random: () => 0 });
    const checkIn = outbox.queueTransition(a.id, 'checkIn', 'kiosk');
    const checkOut = outbox.queueTransition(a.id, 'checkOut', 'desk');
    const other = outbox.queueTransition(b.id, 'checkIn', 'kiosk');
    expect(mirror.guests.byId(a.id)).toMatchObject({ state: 'CHECKED_OUT', pending: true });
    expect(mirror.guests.byId(a.id)!.arrivedAt).toBe(checkIn.guest.arrivedAt);
    await outbox.deliver();
    // The check-out waits behind its check-in: never tried while the check-in is open.
    expect(mirror.outbox.byId(checkOut.outboxId)!.attempts).toBe(0);

    const back = await startServiceOn(serviceDir);
    const counting = countingClient(back.baseUrl);
    client.use(counting.api);
    await outbox.deliver();
    expect(outbox.counts()).toEqual({ pending: 0, sending: 0, delivered: 3, failed: 0 });
    expect(serviceState(back.db, a.id)).toBe('CHECKED_OUT');
    expect(serviceState(back.db, b.id)).toBe('CHECKED_IN');
    const delivered = [checkIn, checkOut, other].map((q) => mirror.outbox.byId(q.outboxId)!);
    expect(delivered.map((r) => JSON.parse(r.result!).state)).toEqual(['CHECKED_IN', 'CHECKED_OUT', 'CHECKED_IN']);
    expect(delivered[0]!.deliveredAt! <= delivered[1]!.deliveredAt!).toBe(true);
    expect(mirror.guests.byId(a.id)).toMatchObject({ state: 'CHECKED_OUT', pending: false });
    expect(mirror.guests.byId(a.id)!.leftAt).not.toBeNull();
  });

  it('guests are independent: a fault on one does not hold back the other', async () => {
    const faults = scriptedFaults();
    const svc = await startServiceOn(tempDir('foyer-svc-'), faults);
    const { guests } = await seedGuests(svc, 2);
    const mirror = tempMirror();
    const client = countingClient(svc.baseUrl, { retry: NO_RETRY });
    await syncMirror(mirror, client.api);
    const outbox = outboxFor(mirror, client.api, { random: () => 1 });
    const a = outbox.queueTransition(guests[0]!.id, 'checkIn', 'kiosk');
    const aOut = outbox.queueTransition(guests[0]!.id, 'checkOut', 'kiosk');
    const b = outbox.queueTransition(guests[1]!.id, 'checkIn', 'kiosk');
    faults.next('unavailable'); // a's check-in gets a 503
    const summary = await outbox.deliver();
    expect(summary).toMatchObject({ delivered: 1, failed: 0, pending: 2 });
    expect(mirror.outbox.byId(a.outboxId)).toMatchObject({ state: 'pending', attempts: 1, uncertain: 0 });
    expect(mirror.outbox.byId(aOut.outboxId)).toMatchObject({ state: 'pending', attempts: 0 });
    expect(mirror.outbox.byId(b.outboxId)!.state).toBe('delivered');
    expect(serviceState(svc.db, guests[0]!.id)).toBe('EXPECTED');
    expect(serviceState(svc.db, guests[1]!.id)).toBe('CHECKED_IN');
  });

  it('an identities push keeps the order of the file, also across requests and after a fault', async () => {
    const faults = scriptedFaults();
    const svc = await startServiceOn(tempDir('foyer-svc-'), faults);
    const mirror = tempMirror();
    const client = countingClient(svc.baseUrl, { retry: NO_RETRY });
    const outbox = outboxFor(mirror, client.api, { random: () => 0 });
    // The same person three times, in three requests: the last row of the file must win.
    const items: PermanentIdentityItem[] = Array.from({ length: 450 }, (_, i) => ({
      sourceId: `order-${i}`,
      email: `order.${i}@example.test`,
      lastName: `Name${i}`,
    }));
    items[10] = { sourceId: 'same', lastName: 'First' };
    items[250] = { sourceId: 'same', lastName: 'Second' };
    items[449] = { sourceId: 'same', lastName: 'Third', companyName: 'Last Ltd' };
    const queued = outbox.queueIdentities(items, { source: null, label: 'ordered' });
    faults.next('unavailable');
    const first = await outbox.deliver();
    // The first request failed: the later ones of the same push were not sent before it.
    expect(first).toMatchObject({ delivered: 0, pending: 3 });
    expect(client.count('syncPermanentIdentities')).toBe(1);
    expect(mirror.outbox.inBatch(queued.batchId).map((r) => r.attempts)).toEqual([1, 0, 0]);

    expect((await outbox.deliver()).delivered).toBe(3);
    const rows = mirror.outbox.inBatch(queued.batchId);
    expect(rows.map((r) => r.state)).toEqual(['delivered', 'delivered', 'delivered']);
    expect(rows[0]!.deliveredAt! <= rows[1]!.deliveredAt! && rows[1]!.deliveredAt! <= rows[2]!.deliveredAt!).toBe(true);
    // Results in request order, for every item.
    const results = rows.flatMap(
      (r) => JSON.parse(r.result!).permanentIdentities as { sourceId: string; status: string }[],
    );
    expect(results.map((r) => r.sourceId)).toEqual(items.map((i) => i.sourceId));
    expect(results.every((r) => r.status === 'SUCCESS')).toBe(true);
    const same = svc.db
      .prepare(
        "SELECT last_name AS lastName, company_name AS companyName FROM permanent_identities WHERE source_id = 'same'",
      )
      .get();
    expect(same).toEqual({ lastName: 'Third', companyName: 'Last Ltd' });
  });
});

describe('the sync engine and the outbox', () => {
  it('syncNow delivers what is queued before it pulls, so the pull shows the service after it', async () => {
    const svc = await startServiceOn(tempDir('foyer-svc-'));
    const { guests } = await seedGuests(svc, 2);
    const mirror = tempMirror();
    const client = countingClient(svc.baseUrl);
    const config = makeConfig();
    const outbox = outboxFor(mirror, client.api);
    const engine = createSyncEngine({ mirror, api: client.api, config: () => config, outbox });
    await engine.syncNow({ full: true });
    outbox.queueTransition(guests[0]!.id, 'checkIn', 'kiosk');
    engine.outboxChanged();
    expect(engine.status.get().outbox).toMatchObject({ pending: 1, delivered: 0 });

    const before = client.requests.length;
    const outcomes = await engine.syncNow();
    expect(Object.values(outcomes).every((o) => o.ok)).toBe(true);
    const order = client.requests.slice(before);
    expect(order[0]).toBe('transitionCheckIn');
    expect(order).toContain('listCheckIns');
    expect(mirror.guests.byId(guests[0]!.id)).toMatchObject({ state: 'CHECKED_IN', pending: false });
    // The pull of check-ins kept the delivered check-in (it is listed now), with its PIN.
    expect(pinOf(mirror, guests[0]!.id)).toMatch(/^\d{6}$/);
    expect(engine.status.get().outbox).toMatchObject({
      pending: 0,
      delivered: 1,
      failed: 0,
      conflicts: 0,
      delivering: false,
    });
    await engine.stop();
  });
});
