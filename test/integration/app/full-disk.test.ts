/**
 * A full disk, met by a person: every refusal of an action that could not be
 * saved names it ("The disk is full: nothing was saved; free space and try
 * again.") at every door, with one code (DISK_FULL), and nothing was saved;
 * once space returns the same actions go through.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../../electron/core/access/session.ts';
import { openApp, type TestApp } from '../../support/app.ts';
import { fillDisk, freeSpace } from '../../support/full-disk.ts';
import { cleanup, seedGuests, type SeededGuest, type Service, startServiceOn, tempDir } from '../outbox/helpers.ts';

let service: Service;
let app: TestApp;
let guests: SeededGuest[];
const kiosk = createSession('kiosk-full', 'kiosk', 'kiosk', 'ip:10.0.0.9');
const desk = createSession('desk-full', 'desk', 'admin', 'desktop');

const FULL = { code: 'DISK_FULL', message: 'The disk is full: nothing was saved; free space and try again.' };

beforeAll(async () => {
  service = await startServiceOn(tempDir('foyer-full-svc-'));
  ({ guests } = await seedGuests(service, 4));
  app = await openApp(tempDir('foyer-full-data-'), {
    service,
    config: { locationId: 10, companyId: 1 },
    pins: { desk: '1357' },
  });
  await app.runtime.engine.syncNow();
}, 30_000);

afterAll(async () => {
  await app.runtime.close();
  app.core.close();
  await service.close();
  await cleanup();
});

const ticketOf = async (guest: SeededGuest) =>
  (await app.core.call(kiosk, 'kiosk.lookup', { text: guest.lastName })).find((g) => g.invitationId === guest.id)!
    .ticket;
const hostTicket = async () => (await app.core.call(kiosk, 'walkIns.hosts', { text: 'hopper' }))[0]!.hostTicket;
const visitor = (lastName: string) => ({ firstName: 'Peter', lastName, companyName: '', email: '' });

describe('with the disk full', () => {
  it('names the full disk in every refusal, saves nothing, and takes the same actions once space returns', async () => {
    const [a, b, c] = guests as [SeededGuest, SeededGuest, SeededGuest];
    // Made before the disk fills: a request waiting at the desk and a roll call under way.
    await app.core.call(kiosk, 'walkIns.request', { ...visitor('Waiting'), hostTicket: await hostTicket() });
    const waiting = (await app.core.call(desk, 'walkIns.pending', {}))[0]!;
    await app.core.call(desk, 'guests.transition', { invitationId: c.id, action: 'checkIn' });
    const rollCall = await app.core.call(desk, 'evacuation.start', {});
    const ticket = await ticketOf(a);
    const host = await hostTicket();
    const outboxBefore = app.runtime.outbox.counts();

    fillDisk(app.runtime.mirror.db);
    const attempts = {
      'kiosk.checkIn': () => app.core.call(kiosk, 'kiosk.checkIn', { ticket }),
      'guests.transition': () => app.core.call(desk, 'guests.transition', { invitationId: b.id, action: 'checkIn' }),
      'walkIns.request': () => app.core.call(kiosk, 'walkIns.request', { ...visitor('Kiosk'), hostTicket: host }),
      'walkIns.add': () => app.core.call(desk, 'walkIns.add', { ...visitor('Desk'), hostId: 102 }),
      'walkIns.approve': () => app.core.call(desk, 'walkIns.approve', { id: waiting.id }),
      'evacuation.tick': () =>
        app.core.call(desk, 'evacuation.tick', { rollCallId: rollCall.id, invitationId: c.id, accounted: true }),
    };
    for (const [name, attempt] of Object.entries(attempts)) await expect(attempt(), name).rejects.toMatchObject(FULL);
    expect(app.runtime.outbox.counts()).toEqual(outboxBefore);
    expect(await app.core.call(desk, 'walkIns.pending', {})).toHaveLength(1);

    freeSpace(app.runtime.mirror.db);
    for (const [name, attempt] of Object.entries(attempts)) await expect(attempt(), name).resolves.toBeTruthy();
    expect(app.runtime.outbox.counts().pending).toBeGreaterThan(outboxBefore.pending);
  });

  it('answers an action done that was done, though its audit entry after it could not be written', async () => {
    // Unlocking hashes the PIN (asynchronous): its entry follows it, and the disk is full by then.
    const screen = createSession('screen-full', 'kiosk', 'admin', 'desktop');
    fillDisk(app.runtime.mirror.db);
    try {
      await expect(app.core.call(screen, 'session.unlock', { pin: '1357' })).resolves.toEqual({ role: 'desk' });
      expect(screen.role).toBe('desk');
    } finally {
      freeSpace(app.runtime.mirror.db);
    }
  });
});
