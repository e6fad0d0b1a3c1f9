/**
 * A committed action answers as done, whatever a bookkeeping write after it
 * does: with the hub's device registry on a full disk, a kiosk device's
 * check-in (committed in the mirror, then counted in the device's day) is
 * answered done, and reaches the service; the log says what was not counted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../../electron/core/access/session.ts';
import { openRegistry, type Registry } from '../../../electron/core/hub/registry.ts';
import { fillDisk, freeSpace } from '../../support/full-disk.ts';
import { cleanup, seedGuests } from '../outbox/helpers.ts';
import { until } from '../../support/until.ts';
import { type DeviceClient, openSite, PINS, type Site } from './site.ts';

let site: Site;
let registry: Registry | undefined;
let kiosk: DeviceClient;
/** The hub's own window: the trusted local door. */
const local = createSession('hub-window', 'admin', 'admin', 'desktop');

beforeAll(async () => {
  site = await openSite({ openRegistry: (path) => (registry = openRegistry(path)) });
  const desk = site.device('127.0.0.2');
  await desk.pair((code) => site.core.call(local, 'hub.pair', { code, role: 'desk', name: 'Desk' }));
  await desk.call('session.unlock', { pin: PINS.desk });
  kiosk = site.device('127.0.0.3');
  await kiosk.pair((code) => desk.call('hub.pair', { code, role: 'kiosk', name: 'Lobby' }));
}, 60_000);

afterAll(async () => {
  if (registry) freeSpace(registry.db);
  await site?.close();
  await cleanup();
});

describe("a kiosk device's check-in with the registry's disk full", () => {
  it("is answered done and delivered, though counting it in the device's day failed", async () => {
    const { guests } = await seedGuests(site.service, 1);
    await site.runtime.engine.syncNow();
    const found = (await kiosk.call('kiosk.lookup', { text: guests[0]!.lastName })) as { ticket: string }[];
    fillDisk(registry!.db);

    const answer = await kiosk.send('POST', '/app/kiosk.checkIn', { body: { ticket: found[0]!.ticket } });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toMatchObject({ invitationId: guests[0]!.id, state: 'CHECKED_IN' });
    await site.runtime.engine.deliver();
    await until(() => site.relay.delivered.some((d) => d.id === guests[0]!.id), 'the check-in at the service');
    expect(
      site.logged.some((line) =>
        /kiosk.checkIn of device \d+ in its day's counts not noted: database or disk is full/.test(line),
      ),
    ).toBe(true);
  });
});
