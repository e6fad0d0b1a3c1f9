/**
 * What one session's stream carries (app/events.ts): every outbox change
 * publishes the whole sync status, and a hub's desks got 2 MB of them in a
 * morning rush (issue 36). A stream carries the status at most once a window,
 * the newest one, never one it sent already; `mirror-changed` at most once a
 * window; every other event at once. Timers are the test's own.
 */
import { describe, expect, it } from 'vitest';
import type { AppEvent } from '../../../shared/contract/events.ts';
import type { SyncStatus } from '../../../shared/contract/sync.ts';
import { sessionEvents, STREAM_EVERY_MS } from '../../../electron/core/app/events.ts';
import { createSession } from '../../../electron/core/access/session.ts';

/** Timers run by hand: `advance(ms)` runs those due, in order. */
function fakeTimers() {
  let now = 0;
  let timers: { at: number; fn: () => void }[] = [];
  return {
    schedule(fn: () => void, ms: number) {
      const timer = { at: now + ms, fn };
      timers.push(timer);
      return () => void (timers = timers.filter((t) => t !== timer));
    },
    advance(ms: number) {
      const until = now + ms;
      for (;;) {
        const due = timers.filter((t) => t.at <= until).sort((a, b) => a.at - b.at)[0];
        if (!due) break;
        timers = timers.filter((t) => t !== due);
        now = due.at;
        due.fn();
      }
      now = until;
    },
    pending: () => timers.length,
  };
}

const status = (pending: number, online: boolean | null = true): SyncStatus => ({
  online,
  lastOnlineAt: null,
  tokenRejected: false,
  resources: {},
  outbox: { pending, failed: 0, delivered: 0, conflicts: 0, delivering: false },
});
const syncStatus = (pending: number, online?: boolean | null): AppEvent => ({
  type: 'sync-status',
  status: status(pending, online),
});
const pendings = (events: AppEvent[]) =>
  events.flatMap((e) => (e.type === 'sync-status' ? [e.status.outbox.pending] : []));

function deskStream() {
  const timers = fakeTimers();
  const heard: AppEvent[] = [];
  const stream = sessionEvents(createSession('d', 'desk'), (event) => heard.push(event), {
    schedule: timers.schedule,
  });
  return { timers, heard, stream };
}

describe("a session's stream", () => {
  it('sends the first status at once, then the newest one at the end of the window, never dropping the last', () => {
    const { timers, heard, stream } = deskStream();
    stream.hear(syncStatus(1));
    expect(pendings(heard)).toEqual([1]);
    for (let pending = 2; pending <= 40; pending++) stream.hear(syncStatus(pending));
    expect(pendings(heard)).toEqual([1]);
    timers.advance(STREAM_EVERY_MS - 1);
    expect(pendings(heard)).toEqual([1]);
    timers.advance(1);
    expect(pendings(heard)).toEqual([1, 40]);
    stream.hear(syncStatus(41));
    timers.advance(STREAM_EVERY_MS);
    expect(pendings(heard)).toEqual([1, 40, 41]);
    // Quiet for a window: the next status goes at once again.
    timers.advance(STREAM_EVERY_MS);
    expect(timers.pending()).toBe(0);
    stream.hear(syncStatus(42));
    expect(pendings(heard)).toEqual([1, 40, 41, 42]);
  });

  it('sees the newest status within a second, however long the burst', () => {
    expect(STREAM_EVERY_MS).toBeLessThanOrEqual(1_000);
    const { timers, heard, stream } = deskStream();
    const STEP_MS = 37;
    let latest = 0;
    for (let step = 0; step < 200; step++) {
      stream.hear(syncStatus(++latest));
      timers.advance(STEP_MS);
      // The status the stream last sent is never more than one window behind the newest.
      expect(pendings(heard).at(-1)).toBeGreaterThanOrEqual(latest - Math.ceil(STREAM_EVERY_MS / STEP_MS));
    }
    timers.advance(STREAM_EVERY_MS);
    expect(pendings(heard).at(-1)).toBe(latest);
    // One a window, not one a change.
    expect(heard.length).toBeLessThanOrEqual(Math.ceil((200 * STEP_MS) / STREAM_EVERY_MS) + 1);
  });

  it('does not send a status the stream sent already', () => {
    const { timers, heard, stream } = deskStream();
    stream.hear(syncStatus(1));
    stream.hear(syncStatus(1));
    timers.advance(STREAM_EVERY_MS);
    stream.hear(syncStatus(1));
    timers.advance(STREAM_EVERY_MS);
    expect(pendings(heard)).toEqual([1]);
    // Back and forth within a window: the newest is what was sent, so nothing goes.
    stream.hear(syncStatus(2));
    stream.hear(syncStatus(3));
    stream.hear(syncStatus(2));
    timers.advance(STREAM_EVERY_MS);
    expect(pendings(heard)).toEqual([1, 2]);
  });

  it('sends mirror-changed at once, then once at the end of a window with the resources of all it held', () => {
    const { timers, heard, stream } = deskStream();
    stream.hear({ type: 'mirror-changed', resources: ['events'] });
    stream.hear({ type: 'mirror-changed', resources: ['hosts'] });
    stream.hear({ type: 'mirror-changed', resources: ['events', 'checkIns'] });
    expect(heard).toEqual([{ type: 'mirror-changed', resources: ['events'] }]);
    timers.advance(STREAM_EVERY_MS);
    expect(heard).toEqual([
      { type: 'mirror-changed', resources: ['events'] },
      { type: 'mirror-changed', resources: ['hosts', 'events', 'checkIns'] },
    ]);
    timers.advance(STREAM_EVERY_MS);
    expect(heard).toHaveLength(2);
  });

  it('passes every other event at once, in the window as well', () => {
    const { heard, stream } = deskStream();
    stream.hear(syncStatus(1));
    stream.hear(syncStatus(2));
    stream.hear({ type: 'guests-changed', version: 7 });
    stream.hear({ type: 'devices-changed' });
    expect(heard.map((e) => e.type)).toEqual(['sync-status', 'guests-changed', 'devices-changed']);
  });

  it('reduces a held status by the role the session has when it is sent', () => {
    const timers = fakeTimers();
    const heard: AppEvent[] = [];
    const session = createSession('s', 'desk', 'admin');
    const stream = sessionEvents(session, (event) => heard.push(event), { schedule: timers.schedule });
    const failing = (pending: number): AppEvent => ({
      type: 'sync-status',
      status: {
        ...status(pending, false),
        resources: {
          checkIns: {
            running: false,
            lastSuccessAt: null,
            lastFullAt: null,
            lastError: { kind: 'server', message: 's3cret', at: '2026-11-24T10:00:00.000Z' },
            progress: null,
            warnings: [],
          },
        },
      },
    });
    stream.hear(failing(1));
    stream.hear(failing(2));
    session.role = 'kiosk';
    timers.advance(STREAM_EVERY_MS);
    const texts = heard.map((e) => JSON.stringify(e));
    expect(texts).toHaveLength(2);
    expect(texts[0]).toContain('s3cret');
    expect(texts[1]).not.toContain('s3cret');
  });

  it('a kiosk device hears the status only when whether the service is reached changed', () => {
    const timers = fakeTimers();
    const heard: AppEvent[] = [];
    const stream = sessionEvents(createSession('k', 'kiosk', 'kiosk'), (event) => heard.push(event), {
      schedule: timers.schedule,
    });
    stream.hear(syncStatus(1, true));
    timers.advance(STREAM_EVERY_MS);
    stream.hear(syncStatus(2, true));
    timers.advance(STREAM_EVERY_MS);
    stream.hear(syncStatus(3, false));
    timers.advance(STREAM_EVERY_MS);
    expect(heard.map((e) => (e.type === 'sync-status' ? e.status.online : e.type))).toEqual([true, false]);
    expect(pendings(heard)).toEqual([0, 0]);
  });

  it('sends nothing more once closed', () => {
    const { timers, heard, stream } = deskStream();
    stream.hear(syncStatus(1));
    stream.hear(syncStatus(2));
    stream.hear({ type: 'mirror-changed', resources: ['events'] });
    stream.hear({ type: 'mirror-changed', resources: ['events'] });
    stream.close();
    expect(timers.pending()).toBe(0);
    stream.hear(syncStatus(3));
    timers.advance(STREAM_EVERY_MS);
    expect(pendings(heard)).toEqual([1]);
  });
});
