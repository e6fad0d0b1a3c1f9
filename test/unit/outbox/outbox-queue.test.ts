/** The outbox on a real mirror file (fixture.ts): what queueing writes, and retries by a person. */
import { describe, expect, it } from 'vitest';
import { TransitionRefused } from '../../../electron/core/outbox/transitions.ts';
import { iso } from '../../../shared/time.ts';
import { apiError, guest, identities, clock, outbox, mirror, rows, service, START, useMirror } from './fixture.ts';

useMirror();

describe('queueing', () => {
  it('a transition: one row and the optimistic state, together', () => {
    const { outbox: box } = outbox(service);
    const queued = box.queueTransition(1, 'checkIn', 'kiosk');
    expect(queued.guest).toMatchObject({ invitationId: 1, state: 'CHECKED_IN', category: 'onsite', pending: true });
    expect(queued.guest.arrivedAt).toBe(iso(START));
    const row = mirror.outbox.byId(queued.outboxId)!;
    expect(row).toMatchObject({
      kind: 'transition',
      target: 'check-in:1',
      state: 'pending',
      attempts: 0,
      label: 'Check in Ada Guest',
    });
    expect(JSON.parse(row.payload)).toEqual({
      checkInId: 1,
      locationId: 10,
      action: 'checkIn',
      eventName: 'CHECK_IN',
      fromState: 'EXPECTED',
      toState: 'CHECKED_IN',
    });
    expect(box.counts()).toEqual({ pending: 1, sending: 0, delivered: 0, failed: 0 });
  });

  it('a double tap queues nothing twice; an unknown guest queues nothing', () => {
    const { outbox: box } = outbox(service);
    box.queueTransition(1, 'checkIn', 'kiosk');
    expect(() => box.queueTransition(1, 'checkIn', 'kiosk')).toThrow(TransitionRefused);
    expect(() => box.queueTransition(999, 'checkIn', 'desk')).toThrow(/no guest/);
    expect(rows()).toHaveLength(1);
  });

  it('check-out and undo build on the pending state', () => {
    const { outbox: box } = outbox(service);
    box.queueTransition(1, 'checkIn', 'desk');
    clock.now += 60_000;
    const out = box.queueTransition(1, 'checkOut', 'desk');
    expect(out.guest).toMatchObject({
      state: 'CHECKED_OUT',
      pending: true,
      arrivedAt: iso(START),
      leftAt: iso(clock.now),
    });
    box.queueTransition(2, 'checkIn', 'desk');
    const undo = box.queueTransition(2, 'undo', 'desk');
    expect(undo.guest).toMatchObject({ state: 'EXPECTED', pending: true, arrivedAt: null, leftAt: null });
    expect(JSON.parse(mirror.outbox.byId(undo.outboxId)!.payload)).toMatchObject({
      eventName: 'UNDO_CHECK_IN',
      fromState: 'CHECKED_IN',
      toState: 'EXPECTED',
    });
  });

  it('identities: rows of at most 200 in one batch, with the file lines of their items', () => {
    const { outbox: box } = outbox(service);
    const lines = Array.from({ length: 450 }, (_, i) => i + 2);
    const queued = box.queueIdentities(identities(450), {
      source: 'people.csv',
      label: 'identities from people.csv',
      lines,
    });
    expect(queued.outboxIds).toHaveLength(3);
    const batchRows = mirror.outbox.inBatch(queued.batchId);
    expect(batchRows.map((r) => JSON.parse(r.payload).permanentIdentities.length)).toEqual([200, 200, 50]);
    expect(batchRows.map((r) => r.label)).toEqual([
      'identities from people.csv: items 1-200 of 450',
      'identities from people.csv: items 201-400 of 450',
      'identities from people.csv: items 401-450 of 450',
    ]);
    expect(JSON.parse(batchRows[1]!.itemLines!)[0]).toBe(202);
    expect(JSON.parse(batchRows[2]!.itemLines!)).toEqual(lines.slice(400));
    expect(mirror.outbox.batchById(queued.batchId)).toMatchObject({
      kind: 'identities',
      source: 'people.csv',
      items: 450,
    });
    expect(batchRows.every((r) => r.target === 'identities')).toBe(true);
  });

  it('events: rows of at most 100', () => {
    const { outbox: box } = outbox(service);
    const events = Array.from({ length: 250 }, (_, i) => ({ sourceId: `e${i}`, name: `E${i}` }));
    const queued = box.queueEvents(events, { source: null, label: 'events' });
    expect(mirror.outbox.inBatch(queued.batchId).map((r) => JSON.parse(r.payload).events.length)).toEqual([
      100, 100, 50,
    ]);
  });

  it('profiles: the whole set as one row, remembered as the last set of the group', () => {
    const { outbox: box } = outbox(service);
    expect(box.lastProfileSet('berlin-doors')).toBeUndefined();
    const set = [
      { sourceId: 'a', name: 'A' },
      { sourceId: 'b', name: 'B', description: 'bee' },
    ];
    const queued = box.queueProfiles('berlin-doors', set, { source: 'p.csv', label: 'profiles' });
    expect(queued.outboxIds).toHaveLength(1);
    const row = mirror.outbox.byId(queued.outboxIds[0]!)!;
    expect(row).toMatchObject({ kind: 'profiles', target: 'profiles:berlin-doors' });
    expect(JSON.parse(row.payload)).toEqual({ groupSourceId: 'berlin-doors', accessProfiles: set });
    expect(box.lastProfileSet('berlin-doors')).toEqual(set);
    box.queueProfiles('berlin-doors', [], { source: null, label: 'empty' });
    expect(box.lastProfileSet('berlin-doors')).toEqual([]);
    expect(box.lastProfileSet('hamburg-doors')).toBeUndefined();
  });
});

describe('retry by a person', () => {
  it('queues a failed push row again, as it was', async () => {
    let fail = true;
    const { outbox: box } = outbox((call) => {
      if (fail) throw apiError('validation', 400);
      return service(call);
    });
    box.queueIdentities(identities(2), { source: null, label: 'ids' });
    await box.deliver();
    const id = rows()[0]!.id;
    expect(rows()[0]!.state).toBe('failed');
    const again = box.retry(id);
    expect(again).toMatchObject({ id, state: 'pending', attempts: 0, lastError: null, uncertain: 0 });
    fail = false;
    expect((await box.deliver()).delivered).toBe(1);
  });

  it('plans a failed transition again from the state now, as a new item', async () => {
    let refuse = true;
    const { outbox: box } = outbox((call) => {
      if (refuse && call.endpoint === 'transitionCheckIn') throw apiError('validation', 409);
      return service(call);
    });
    const first = box.queueTransition(1, 'checkIn', 'kiosk');
    await box.deliver();
    const again = box.retry(first.outboxId);
    expect(again.id).not.toBe(first.outboxId);
    expect(again).toMatchObject({ kind: 'transition', state: 'pending' });
    expect(JSON.parse(again.payload)).toMatchObject({
      action: 'checkIn',
      eventName: 'CHECK_IN',
      fromState: 'EXPECTED',
    });
    // The old item keeps its reason as it was, and is tried again only once.
    expect(mirror.outbox.byId(first.outboxId)!.lastError).not.toContain('retried');
    expect(JSON.parse(mirror.outbox.byId(first.outboxId)!.result!)).toEqual({ retriedAs: again.id });
    expect(() => box.retry(first.outboxId)).toThrow(/already tried again as item/);
    expect(guest(1)).toMatchObject({ state: 'CHECKED_IN', pending: true });
    refuse = false;
    await box.deliver();
    expect(guest(1)).toMatchObject({ state: 'CHECKED_IN', pending: false });
  });

  it('refuses to retry what has not failed, or does not exist', async () => {
    const { outbox: box } = outbox(service);
    const { outboxId } = box.queueTransition(1, 'checkIn', 'kiosk');
    expect(() => box.retry(outboxId)).toThrow(/is pending; only failed items/);
    await box.deliver();
    expect(() => box.retry(outboxId)).toThrow(/is delivered/);
    expect(() => box.retry(12345)).toThrow(/no outbox item 12345/);
  });
});
