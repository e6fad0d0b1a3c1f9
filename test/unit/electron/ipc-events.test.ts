/**
 * Event roles at every door (issue 31): the desktop app's kiosk window, over
 * IPC, heard devices-changed, walk-ins-changed and every roll-call mark,
 * since only the web host filtered events by role. Now the contract says
 * which roles hear each event (EVENT_ROLES) and the core applies it to every
 * session's stream. Here the main process's forwardEvents sends to mocked
 * windows (their webContents.send records), on a real core against the
 * reference service over HTTP, while a desk works.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSession, type Session } from '../../../electron/core/access/session.ts';
import type { TestApp } from '../../support/app.ts';
import { openApp } from '../../support/app.ts';
import { type AppEvent, EVENT_ROLES } from '../../../shared/contract/events.ts';
import { IPC_CHANNELS } from '../../../shared/contract/ipc.ts';
import { forwardEvents } from '../../../electron/main/ipc.ts';
import { cleanup, seedGuests, type Service, startServiceOn, tempDir } from '../../integration/outbox/helpers.ts';

let service: Service;
let app: TestApp;
let guests: { id: number }[];

/** A mocked window's webContents: what it was sent on the event channel. */
function windowFor(session: Session) {
  const send = vi.fn();
  const stop = forwardEvents(app.core, { send, isDestroyed: () => false } as never, session);
  const heard = () =>
    send.mock.calls.filter(([channel]) => channel === IPC_CHANNELS.event).map(([, event]) => event as AppEvent);
  return { heard, stop };
}

beforeAll(async () => {
  service = await startServiceOn(tempDir('foyer-ipc-events-svc-'));
  ({ guests } = await seedGuests(service, 3));
  app = await openApp(tempDir('foyer-ipc-events-data-'), { service, config: { locationId: 10, companyId: 1 } });
  await app.core.call(createSession('setup', 'admin', 'admin'), 'sync.now', { full: true });
}, 30_000);

afterAll(async () => {
  app?.core.close();
  await app?.runtime.close();
  await cleanup();
});

describe('the events of the contract', () => {
  it('names the roles that hear each event', () => {
    expect(EVENT_ROLES).toEqual({
      'sync-status': ['kiosk', 'desk', 'admin'],
      'mirror-changed': ['kiosk', 'desk', 'admin'],
      'guests-changed': ['kiosk', 'desk', 'admin'],
      role: ['kiosk', 'desk', 'admin'],
      'import-progress': ['admin'],
      'devices-changed': ['desk', 'admin'],
      'walk-ins-changed': ['desk', 'admin'],
      'printing-changed': ['desk', 'admin'],
      'staff-changed': ['admin'],
      'evacuation-changed': ['kiosk', 'desk', 'admin'],
      'watchlist-changed': ['desk', 'admin'],
      'agreements-changed': ['desk', 'admin'],
    });
  });
});

describe('over IPC', () => {
  it('the kiosk window hears only kiosk events: no walk-ins, no devices, no marks; the desk window hears them', async () => {
    const kioskWindow = createSession('ipc-kiosk', 'kiosk', 'kiosk', 'desktop');
    const deskWindow = createSession('ipc-desk', 'desk', 'admin', 'desktop');
    const kiosk = windowFor(kioskWindow);
    const desk = windowFor(deskWindow);
    try {
      await app.core.call(deskWindow, 'guests.transition', { invitationId: guests[0]!.id, action: 'checkIn' });
      const hostId = app.runtime.mirror.db.prepare('SELECT id FROM employees ORDER BY id LIMIT 1').pluck().get();
      await app.core.call(deskWindow, 'walkIns.add', { firstName: 'Wal', lastName: 'Kin', hostId: hostId as number });
      const rollCall = await app.core.call(deskWindow, 'evacuation.start', {});
      for (const accounted of [true, false, true])
        await app.core.call(deskWindow, 'evacuation.tick', {
          rollCallId: rollCall.id,
          invitationId: guests[0]!.id,
          accounted,
        });
      await app.core.call(deskWindow, 'evacuation.end', { rollCallId: rollCall.id });
      const types = (events: AppEvent[]) => [...new Set(events.map((e) => e.type))].sort();

      expect(types(desk.heard())).toEqual(
        expect.arrayContaining(['evacuation-changed', 'guests-changed', 'role', 'walk-ins-changed']),
      );
      const heard = kiosk.heard();
      expect(types(heard).every((type) => EVENT_ROLES[type].includes('kiosk'))).toBe(true);
      expect(types(heard)).not.toContain('walk-ins-changed');
      expect(types(heard)).toContain('guests-changed');
      // Of the roll call, only that one started and ended, and where to gather: never a mark.
      const evacuation = heard.filter((e) => e.type === 'evacuation-changed');
      expect(evacuation.map((e) => (e as { active: boolean }).active)).toEqual([true, false]);
      for (const event of evacuation) expect(Object.keys(event).sort()).toEqual(['active', 'assemblyPoint', 'type']);
      // Of the sync status, only whether the service is reached (a kiosk window never unlocks).
      for (const event of heard.filter((e) => e.type === 'sync-status'))
        expect((event as { status: { outbox: { pending: number } } }).status.outbox.pending).toBe(0);
    } finally {
      kiosk.stop();
      desk.stop();
    }
  });
});
