/**
 * The outbox on a real mirror file with a scripted API client (fixture.ts):
 * the order of delivery per target, backoff, failures, conflicts and a
 * rejected token. Queueing and retries are in outbox-queue.test.ts, uncertain
 * outcomes in outbox-uncertain.test.ts.
 */
import { describe, expect, it } from 'vitest';
import type { PermanentIdentityItem } from '../../../shared/api/index.ts';
import { iso } from '../../../shared/time.ts';
import {
  apiError,
  counted,
  guest,
  identities,
  clock,
  outbox,
  mirror,
  rows,
  service,
  START,
  useMirror,
} from './fixture.ts';

useMirror();

describe('delivery', () => {
  it('delivers everything in order; a transition takes the service record (PIN) and drops the overlay', async () => {
    const { outbox: box, calls } = outbox(service);
    box.queueTransition(1, 'checkIn', 'kiosk');
    box.queueIdentities(identities(3), { source: null, label: 'ids' });
    box.queueTransition(1, 'checkOut', 'desk');
    const summary = await box.deliver();
    expect(summary).toEqual(counted({ delivered: 3 }));
    expect(calls.map((c) => c.endpoint)).toEqual(['transitionCheckIn', 'syncPermanentIdentities', 'transitionCheckIn']);
    expect(calls.map((c) => (c.request.body as { eventName?: string }).eventName)).toEqual([
      'CHECK_IN',
      undefined,
      'CHECK_OUT',
    ]);
    expect(guest(1)).toMatchObject({ state: 'CHECKED_OUT', pending: false });
    expect(mirror.db.prepare('SELECT count(*) FROM pending_transitions').pluck().get()).toBe(0);
    const stored = mirror.db
      .prepare("SELECT json_extract(access_control, '$.pin') FROM check_ins WHERE id = 1")
      .pluck()
      .get();
    expect(stored).toBe('123456');
    expect(rows().every((r) => r.state === 'delivered' && r.attempts === 1 && r.deliveredAt !== null)).toBe(true);
    expect(JSON.parse(rows()[1]!.result!).permanentIdentities).toHaveLength(3);
  });

  it('a transient failure holds back its own target only, with backoff', async () => {
    let failIdentities = true;
    const { outbox: box, calls } = outbox((call) => {
      if (call.endpoint === 'syncPermanentIdentities' && failIdentities) throw apiError('server', 503);
      return service(call);
    });
    // One person twice in the push: its requests depend on each other and go one after the other.
    const items = identities(450);
    items[449] = { sourceId: 'id-0', lastName: 'Again' };
    box.queueIdentities(items, { source: null, label: 'ids' });
    box.queueTransition(2, 'checkIn', 'kiosk');
    const first = await box.deliver();
    expect(first).toEqual(counted({ delivered: 1, pending: 3 }));
    // Only the first identities row was tried: the later ones wait for it.
    expect(calls.map((c) => c.endpoint)).toEqual(['syncPermanentIdentities', 'transitionCheckIn']);
    const [a, b, c] = rows();
    expect(a).toMatchObject({ state: 'pending', attempts: 1, uncertain: 0 });
    expect(a!.lastError).toContain('503');
    // random 0.5 of a 1000 ms ceiling
    expect(a!.nextAttemptAt).toBe(iso(START + 500));
    expect([b!.attempts, c!.attempts]).toEqual([0, 0]);

    // Backoff not over: nothing is sent.
    expect((await box.deliver()).delivered).toBe(0);
    expect(calls).toHaveLength(2);

    clock.now += 500;
    failIdentities = false;
    expect(await box.deliver()).toEqual(counted({ delivered: 3 }));
    expect(
      calls
        .slice(2)
        .map(
          (c) => (c.request.body as { permanentIdentities: PermanentIdentityItem[] }).permanentIdentities[0]!.sourceId,
        ),
    ).toEqual(['id-0', 'id-200', 'id-400']);
  });

  it('a long push held back by backoff does not hide the work of other targets queued after it', async () => {
    const { outbox: box, count } = outbox((call) => {
      if (call.endpoint === 'syncPermanentIdentities') throw apiError('server', 503);
      return service(call);
    });
    // 60 requests of distinct identities, all due at once, all refused for now.
    box.queueIdentities(identities(60 * 200), { source: null, label: 'long' });
    box.queueTransition(2, 'checkIn', 'kiosk');
    const summary = await box.deliver();
    expect(count('transitionCheckIn')).toBe(1);
    expect(summary).toMatchObject({ delivered: 1, pending: 60 });
    expect(guest(2)).toMatchObject({ state: 'CHECKED_IN', pending: false });
  });

  it('a second push waits until every request of the first one is done', async () => {
    const log: string[] = [];
    const { outbox: box } = outbox(async (call) => {
      const first = (call.request.body as { permanentIdentities: PermanentIdentityItem[] }).permanentIdentities[0]!;
      log.push(`start ${first.sourceId}`);
      await new Promise((resolve) => setTimeout(resolve, first.sourceId === 'a-0' ? 20 : 5));
      log.push(`end ${first.sourceId}`);
      return service(call);
    });
    box.queueIdentities(identities(400, 'a'), { source: null, label: 'first' });
    box.queueIdentities(identities(400, 'b'), { source: null, label: 'second' });
    expect(await box.deliver()).toMatchObject({ delivered: 4, pending: 0 });
    // a-0 and a-200 side by side; b-0 only once both are done, though a-200 was done long before a-0;
    // then b-0 and b-200 side by side again.
    expect(log.slice(0, 2).toSorted()).toEqual(['start a-0', 'start a-200']);
    expect(log.indexOf('start b-0')).toBeGreaterThan(log.indexOf('end a-0'));
    expect(log.indexOf('start b-0')).toBeGreaterThan(log.indexOf('end a-200'));
    expect(log.slice(-4, -2).toSorted()).toEqual(['start b-0', 'start b-200']);
  });

  it('the requests of a push of distinct identities go side by side; a failed one is tried again alone', async () => {
    let inFlight = 0;
    let most = 0;
    let failFirst = true;
    const { outbox: box, calls } = outbox(async (call) => {
      inFlight++;
      most = Math.max(most, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 5));
      inFlight--;
      const first = (call.request.body as { permanentIdentities: PermanentIdentityItem[] }).permanentIdentities[0]!;
      if (first.sourceId === 'id-0' && failFirst) {
        failFirst = false;
        throw apiError('server', 503);
      }
      return service(call);
    });
    const queued = box.queueIdentities(identities(1000), { source: null, label: 'ids' });
    const first = await box.deliver();
    expect(most).toBe(2);
    // The first request failed; the second went out beside it and was delivered; the rest waited for the next round.
    expect(first).toEqual(counted({ delivered: 1, pending: 4 }));
    clock.now += 500;
    expect(await box.deliver()).toEqual(counted({ delivered: 4 }));
    const sent = calls.map(
      (c) => (c.request.body as { permanentIdentities: PermanentIdentityItem[] }).permanentIdentities[0]!.sourceId,
    );
    expect(sent.toSorted()).toEqual(['id-0', 'id-0', 'id-200', 'id-400', 'id-600', 'id-800']);
    expect(mirror.outbox.inBatch(queued.batchId).map((r) => [r.state, r.attempts])).toEqual([
      ['delivered', 2],
      ['delivered', 1],
      ['delivered', 1],
      ['delivered', 1],
      ['delivered', 1],
    ]);
  });

  it('backoff grows with the attempts, and a Retry-After is respected', async () => {
    const { outbox: box } = outbox(
      () => {
        throw apiError('rate_limited', 429, { retryAfterMs: 30_000 });
      },
      () => 1,
    );
    box.queueIdentities(identities(1), { source: null, label: 'ids' });
    await box.deliver();
    expect(rows()[0]!.nextAttemptAt).toBe(iso(clock.now + 30_000));
    const delays: number[] = [];
    const { outbox: box2 } = outbox(
      () => {
        throw apiError('server', 500);
      },
      () => 1,
    );
    mirror.db.prepare("UPDATE outbox SET state = 'delivered'").run();
    box2.queueIdentities(identities(1, 'b'), { source: null, label: 'ids' });
    for (let i = 0; i < 5; i++) {
      await box2.deliver();
      const next = Date.parse(rows().at(-1)!.nextAttemptAt!);
      delays.push(next - clock.now);
      clock.now = next;
    }
    expect(delays).toEqual([1000, 2000, 4000, 8000, 8000]);
  });

  it('a permanent failure of an identities row fails that row only', async () => {
    const { outbox: box } = outbox((call) => {
      const body = call.request.body as { permanentIdentities?: PermanentIdentityItem[] };
      if (body.permanentIdentities?.[0]?.sourceId === 'id-0')
        throw apiError('validation', 400, { code: 'VALIDATION_ERROR' });
      return service(call);
    });
    box.queueIdentities(identities(250), { source: null, label: 'ids' });
    expect(await box.deliver()).toEqual(counted({ delivered: 1, failed: 1 }));
    expect(rows().map((r) => r.state)).toEqual(['failed', 'delivered']);
    expect(mirror.outbox.openConflicts()).toEqual([]);
  });

  it('a refused transition is rolled back, recorded as a conflict, and fails the later ones of that guest', async () => {
    const { outbox: box, calls } = outbox((call) => {
      const body = call.request.body as { checkIn?: { id: number } };
      if (call.endpoint === 'transitionCheckIn' && body.checkIn?.id === 1)
        throw apiError('validation', 409, { code: 'INVALID_TRANSITION' });
      return service(call);
    });
    const first = box.queueTransition(1, 'checkIn', 'kiosk');
    const later = box.queueTransition(1, 'checkOut', 'desk');
    box.queueTransition(2, 'checkIn', 'kiosk');
    expect(await box.deliver()).toEqual(counted({ delivered: 1, failed: 1 }));
    // Read back after the refusal: the service still shows the state it was planned from (refused for another reason).
    expect(calls.map((c) => c.endpoint).sort()).toEqual(['listCheckIns', 'transitionCheckIn', 'transitionCheckIn']);
    expect(guest(1)).toMatchObject({ state: 'EXPECTED', pending: false, arrivedAt: null });
    expect(guest(2)).toMatchObject({ state: 'CHECKED_IN', pending: false });
    expect(mirror.outbox.byId(later.outboxId)).toMatchObject({ state: 'failed', attempts: 0 });
    expect(mirror.outbox.byId(later.outboxId)!.lastError).toBe('not sent: "Check in Ada Guest" before it failed');
    const conflicts = mirror.outbox.openConflicts();
    expect(conflicts).toHaveLength(1);
    expect(conflicts[0]).toMatchObject({ outboxId: first.outboxId, checkInId: 1, label: 'Check in Ada Guest' });
    expect(conflicts[0]!.message).toContain('409');
  });

  it('a rejected token stops delivery at once and keeps the row for later', async () => {
    const { outbox: box, calls } = outbox(() => {
      throw apiError('unauthorized', 401);
    });
    box.queueTransition(1, 'checkIn', 'kiosk');
    box.queueTransition(2, 'checkIn', 'kiosk');
    box.queueTransition(3, 'checkIn', 'kiosk');
    const summary = await box.deliver();
    expect(summary).toEqual(counted({ pending: 3, unauthorized: true }));
    // The two sent side by side; nothing after the refusal.
    expect(calls).toHaveLength(2);
    expect(rows()[0]).toMatchObject({ state: 'pending', nextAttemptAt: null });
    expect(guest(1)).toMatchObject({ state: 'CHECKED_IN', pending: true });
  });

  it('an error that is not the service (a bug) keeps the row for a minute and blocks its target only', async () => {
    const { outbox: box } = outbox((call) => {
      if (call.endpoint === 'syncPermanentIdentities') throw new TypeError('boom');
      return service(call);
    });
    box.queueIdentities(identities(300), { source: null, label: 'ids' });
    box.queueTransition(3, 'checkIn', 'desk');
    expect(await box.deliver()).toEqual(counted({ delivered: 1, pending: 2 }));
    expect(rows()[0]).toMatchObject({
      state: 'pending',
      lastError: 'TypeError: boom',
      nextAttemptAt: iso(clock.now + 60_000),
    });
  });

  it('a second deliver() joins the one in progress', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { outbox: box, calls } = outbox(async (call) => {
      await gate;
      return service(call);
    });
    box.queueTransition(1, 'checkIn', 'kiosk');
    const first = box.deliver();
    const second = box.deliver();
    expect(second).toBe(first);
    release();
    await first;
    expect(calls).toHaveLength(1);
  });
});
