/**
 * The evacuation list through the app core, against the reference service:
 * everyone checked in, those checked in while the service was away included,
 * with the location's name; a kiosk may not print it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppCore } from '../../../electron/core/app/core.ts';
import { createSession } from '../../../electron/core/access/session.ts';
import type { Runtime } from '../../../electron/core/runtime.ts';
import { openApp, today } from '../../support/app.ts';
import { cleanup, seedGuests, startServiceOn, tempDir, type SeededGuest } from '../outbox/helpers.ts';

let service: Awaited<ReturnType<typeof startServiceOn>>;
let runtime: Runtime;
let core: AppCore;
let guests: SeededGuest[];
const desk = createSession('desk-1', 'desk', 'admin');

beforeAll(async () => {
  service = await startServiceOn(tempDir('foyer-evac-svc-'));
  ({ guests } = await seedGuests({ baseUrl: service.baseUrl, db: service.db }, 5));
  ({ runtime, core } = await openApp(tempDir('foyer-evac-data-'), {
    service,
    config: { locationId: 10, companyId: 1 },
  }));
  await core.call(desk, 'sync.now', { full: true });
}, 30_000);

afterAll(async () => {
  await runtime?.close();
  await cleanup();
});

describe('the evacuation list', () => {
  it('lists everyone on site, a check-in queued while the service is away included', async () => {
    const [a, b, c] = guests as [SeededGuest, SeededGuest, SeededGuest];
    await core.call(desk, 'guests.transition', { invitationId: a.id, action: 'checkIn' });
    await core.call(desk, 'guests.transition', { invitationId: c.id, action: 'checkIn' });
    await core.call(desk, 'guests.transition', { invitationId: c.id, action: 'checkOut' });
    // The desk holds a check-out back for its undo window: as if that had passed.
    runtime.mirror.db.prepare("UPDATE outbox SET next_attempt_at = NULL WHERE state = 'pending'").run();
    await runtime.engine.deliver();
    expect(runtime.outbox.counts()).toMatchObject({ pending: 0, failed: 0 });

    await service.close();
    const queued = await core.call(desk, 'guests.transition', { invitationId: b.id, action: 'checkIn' });
    expect(queued).toMatchObject({ state: 'CHECKED_IN', pending: true });

    const list = await core.call(desk, 'guests.evacuationList', {});
    expect(list.location).toEqual({ id: 10, name: 'Berlin HQ' });
    expect(list.lastSyncAt).not.toBeNull();
    expect(list.guests.map((g) => [g.invitationId, g.state, g.pending]).sort()).toEqual(
      [
        [a.id, 'CHECKED_IN', false],
        [b.id, 'CHECKED_IN', true],
      ].sort(),
    );
  });

  it('keeps a guest who never checked out after an event days ago, on the sheet and in the desk list', async () => {
    const long = Date.now() - 5 * 86_400_000;
    const at = (ms: number) => new Date(ms).toISOString();
    runtime.mirror.transaction(() => {
      runtime.mirror.invitations.upsertMany([
        {
          id: 990_001,
          createdAt: at(long - 86_400_000),
          updatedAt: at(long - 86_400_000),
          event: {
            id: 990_002,
            name: 'Workshop last week',
            startsAt: at(long),
            endsAt: at(long + 3_600_000),
            locationId: 10,
            hostId: 100,
            createdAt: at(long - 86_400_000),
            updatedAt: at(long - 86_400_000),
          },
          contact: {
            id: 990_003,
            firstName: 'Forgot',
            lastName: 'To-Check-Out',
            createdAt: at(long - 86_400_000),
            updatedAt: at(long - 86_400_000),
          },
        },
      ]);
      runtime.mirror.checkIns.upsertMany([{ id: 990_001, state: 'CHECKED_IN', arrivedAt: at(long) }], 10);
    });
    const sheet = await core.call(desk, 'guests.evacuationList', {});
    expect(sheet.guests.map((g) => g.invitationId)).toContain(990_001);
    const day = today();
    const onSite = await core.call(desk, 'guests.list', { ...day, category: 'onsite', limit: 500 });
    expect(onSite.guests.map((g) => g.invitationId)).toContain(990_001);
    const all = await core.call(desk, 'guests.list', { ...day, limit: 500 });
    expect(all.guests.filter((g) => g.invitationId === 990_001)).toHaveLength(1);
    const expected = await core.call(desk, 'guests.list', { ...day, category: 'expected', limit: 500 });
    expect(expected.guests.map((g) => g.invitationId)).not.toContain(990_001);
  });

  it('is not for a kiosk', async () => {
    const kiosk = createSession('kiosk-1', 'kiosk', 'kiosk');
    await expect(core.call(kiosk, 'guests.evacuationList', {})).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});
