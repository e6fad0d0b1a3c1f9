/**
 * The first admin PIN is never set through the hub's door (usecases/first-pin.ts): a paired desk device, even
 * one on the hub's own machine (a loopback address, a loopback Host), neither sees the first-start screen nor
 * sets the PIN; the hub machine's own window does.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../../electron/core/access/session.ts';
import { cleanup } from '../outbox/helpers.ts';
import { type DeviceClient, openSite, type Site } from './site.ts';

let site: Site;
const local = createSession('hub-window', 'admin', 'admin', 'desktop');
let desk: DeviceClient;

beforeAll(async () => {
  site = await openSite();
  desk = site.device('127.0.0.2');
  await desk.pair((code) => site.core.call(local, 'hub.pair', { code, role: 'desk', name: 'Reception 2' }));
  // The site as it would be before anyone set a PIN (the hub itself refuses to start so; the rule must hold anyway).
  site.store.update((config) => ({ ...config, pins: {} }));
}, 60_000);

afterAll(async () => {
  await site?.close();
  await cleanup();
});

describe('the first admin PIN through the hub', () => {
  it('a paired desk device on the loopback is not at the machine: no screen, and the call is refused', async () => {
    expect(await desk.call('session.get')).toMatchObject({ role: 'kiosk', firstStart: false });
    const refused = await desk.send('POST', '/app/session.setFirstAdminPin', { body: { pin: '864201' } });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toMatch(/at the machine Foyer runs on/);
    expect(site.store.current().pins).toEqual({});
  });

  it("the hub machine's desk window sets it", async () => {
    const window = createSession('desk-window', 'desk', 'admin', 'desktop', Date.now(), true);
    expect(await site.core.call(window, 'session.setFirstAdminPin', { pin: '864201' })).toEqual({ role: 'admin' });
    expect(site.store.current().pins.admin).toMatch(/^scrypt:/);
  });
});
