/**
 * A kiosk is a public screen: the sync status it receives (the sync.status
 * operation and the event stream) says online or offline, never what the
 * service said: its error text comes from a server that is not ours.
 */
import { describe, expect, it } from 'vitest';
import type { AppEvent } from '../../../shared/contract/events.ts';
import { createAppCore } from '../../../electron/core/app/core.ts';
import { createBus } from '../../../electron/core/bus.ts';
import { createSession } from '../../../electron/core/access/session.ts';
import type { Runtime } from '../../../electron/core/runtime.ts';
import { createStatus } from '../../../electron/core/sync/status.ts';

const SECRET = 'service said: Bearer s3cret-token at /var/www';

/** The stream's coalescing timers, run by hand (app/events.ts holds a status for up to STREAM_EVERY_MS). */
function heldTimers() {
  const due = new Set<() => void>();
  return {
    schedule: (fn: () => void) => {
      due.add(fn);
      return () => void due.delete(fn);
    },
    runAll() {
      for (const fn of [...due]) {
        due.delete(fn);
        fn();
      }
    },
  };
}

function coreWithStatus() {
  const status = createStatus();
  // The core also reads the guests' version from the mirror on each status: a mirror that never changes.
  const mirror = { deskGuests: { version: () => 0 } };
  const printing = { onChange: () => () => {} };
  // No domain subscribed: the core publishes its domain events to nobody.
  const bus = createBus();
  const runtime = { engine: { status }, onStatus: status.subscribe, mirror, printing, bus } as unknown as Runtime;
  const timers = heldTimers();
  return { status, timers, core: createAppCore(runtime, { schedule: timers.schedule }) };
}

function failWith(status: ReturnType<typeof createStatus>) {
  status.update({ online: false }, 'checkIns', {
    lastError: { kind: 'server', message: SECRET, at: '2026-11-24T10:00:00.000Z' },
    warnings: [{ kind: 'skipped', message: SECRET, at: '2026-11-24T10:00:00.000Z' }],
  });
}

describe('the sync status by role', () => {
  it('sync.status gives a kiosk session online/offline and no service text; staff get it all', async () => {
    const { status, core } = coreWithStatus();
    failWith(status);
    const kiosk = await core.call(createSession('k', 'kiosk', 'admin'), 'sync.status', {});
    expect(kiosk.online).toBe(false);
    expect(JSON.stringify(kiosk)).not.toContain('s3cret');
    expect(kiosk.resources.checkIns!.lastError).toBeNull();
    expect(kiosk.resources.checkIns!.warnings).toEqual([]);
    // A kiosk for good (a kiosk window or device, at every door): whether the service is reached, nothing more.
    const kioskWindow = await core.call(createSession('w', 'kiosk', 'kiosk', 'desktop'), 'sync.status', {});
    expect(kioskWindow).toMatchObject({ online: false, resources: {}, outbox: { pending: 0, failed: 0 } });
    const desk = await core.call(createSession('d', 'desk'), 'sync.status', {});
    expect(desk.resources.checkIns!.lastError?.message).toBe(SECRET);
    expect(desk.resources.checkIns!.warnings).toHaveLength(1);
  });

  it('the event stream filters by the role the session has when each event is sent', () => {
    const { status, timers, core } = coreWithStatus();
    const session = createSession('s', 'kiosk', 'admin');
    const events: AppEvent[] = [];
    core.subscribe((event) => events.push(event), session);
    failWith(status);
    timers.runAll();
    session.role = 'desk';
    failWith(status);
    timers.runAll();
    const texts = events.filter((e) => e.type === 'sync-status').map((e) => JSON.stringify(e));
    expect(texts).toHaveLength(2);
    expect(texts[0]).not.toContain('s3cret');
    expect(texts[0]).toContain('"online":false');
    expect(texts[1]).toContain('s3cret');
  });
});
