/**
 * The settings that were CLI only, through the app core as the admin console
 * calls them: the staff idle time, the host names, hub mode, the site key
 * (site.*), and the kiosk's time zone and service QR pattern
 * (settings.setKiosk). A bad value is refused with a sentence at its field,
 * and the stored configuration (and key) stays as it was.
 */
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppCore } from '../../../electron/core/app/core.ts';
import { AppError } from '../../../electron/core/errors.ts';
import { createSession } from '../../../electron/core/access/session.ts';
import { signPassCode, verifyPassCode } from '../../../electron/core/codes/pass-codes.ts';
import { createSiteKeyStore } from '../../../electron/core/codes/site-key.ts';
import { createConfigStore } from '../../../electron/core/config/config.ts';
import type { Runtime } from '../../../electron/core/runtime.ts';
import { openApp } from '../../support/app.ts';
import { startTestService, type TestService } from '../../support/service.ts';

let svc: TestService;
let runtime: Runtime;
let core: AppCore;
let dataDir: string;
const admin = createSession('site-admin', 'admin', 'admin', 'desktop');

beforeAll(async () => {
  svc = await startTestService();
  dataDir = mkdtempSync(join(tmpdir(), 'foyer-site-settings-'));
  ({ runtime, core } = await openApp(dataDir, { service: svc, pins: { admin: '2468' } }));
}, 30_000);

afterAll(async () => {
  await runtime?.close();
  await svc?.close();
});

const configText = () => readFileSync(join(dataDir, 'config.json'), 'utf8');

/** The refusal's details, after checking that nothing was written. */
async function refusedAt(call: () => Promise<unknown>): Promise<{ path: string; message: string }[]> {
  const before = configText();
  const error = await call().then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).code).toBe('INVALID_INPUT');
  expect(configText()).toBe(before);
  return (error as AppError).details ?? [];
}

describe('staff idle time and host names', () => {
  it('shows the defaults, refuses bad values at their field, and stores good ones', async () => {
    expect(await core.call(admin, 'site.get', {})).toEqual({
      staffIdleMinutes: 15,
      allowedHosts: [],
      browserNames: {},
      hub: { enabled: false, host: '0.0.0.0', port: 5443 },
      hubRunning: false,
      siteKeySet: false,
    });
    expect(await refusedAt(() => core.call(admin, 'site.setAccess', { staffIdleMinutes: 0 }))).toEqual([
      { path: 'staffIdleMinutes', message: 'the staff idle time is 1 to 1440 minutes' },
    ]);
    expect(await refusedAt(() => core.call(admin, 'site.setAccess', { staffIdleMinutes: 2.5 }))).toEqual([
      { path: 'staffIdleMinutes', message: 'the staff idle time is 1 to 1440 minutes' },
    ]);
    const badName = await refusedAt(() =>
      core.call(admin, 'site.setAccess', { staffIdleMinutes: 30, allowedHosts: ['reception.lan', 'front desk'] }),
    );
    expect(badName).toEqual([
      {
        path: 'allowedHosts[1]',
        message: 'a host name or IP address, optionally with :port (e.g. reception.example.lan)',
      },
    ]);
    expect(await refusedAt(() => core.call(admin, 'site.setAccess', { allowedHosts: ['a.lan', 'A.lan'] }))).toEqual([
      { path: 'allowedHosts', message: 'each host name once' },
    ]);
    expect(runtime.config.staffIdleMinutes).toBe(15);

    const saved = await core.call(admin, 'site.setAccess', {
      staffIdleMinutes: 30,
      allowedHosts: ['Reception.Example.LAN', '192.168.1.20:8443'],
    });
    expect(saved).toMatchObject({ staffIdleMinutes: 30, allowedHosts: ['reception.example.lan', '192.168.1.20:8443'] });
    expect(createConfigStore(dataDir).read()).toMatchObject({
      staffIdleMinutes: 30,
      allowedHosts: ['reception.example.lan', '192.168.1.20:8443'],
    });
    // One part alone leaves the other as it is.
    expect((await core.call(admin, 'site.setAccess', { staffIdleMinutes: 20 })).allowedHosts).toHaveLength(2);
  });
});

describe('names of the browsers of foyer web', () => {
  it('names a browser by its address in the audit log and the walk-ins; refuses what is not an address', async () => {
    expect(
      await refusedAt(() => core.call(admin, 'site.setAccess', { browserNames: { 'front desk': 'Lobby' } })),
    ).toEqual([expect.objectContaining({ message: 'an IP address of a browser, e.g. 192.168.1.31' })]);
    expect(await refusedAt(() => core.call(admin, 'site.setAccess', { browserNames: { '10.0.0.9': '  ' } }))).toEqual([
      expect.objectContaining({ message: 'a name for the browser, e.g. "Lobby tablet"' }),
    ]);

    // An IPv4 address as a dual-stack socket reports it is the same browser.
    const saved = await core.call(admin, 'site.setAccess', { browserNames: { '::FFFF:10.0.0.9': 'Lobby tablet' } });
    expect(saved.browserNames).toEqual({ '10.0.0.9': 'Lobby tablet' });
    const tablet = createSession('site-tablet', 'admin', 'admin', 'ip:::ffff:10.0.0.9');
    const other = createSession('site-other', 'admin', 'admin', 'ip:10.0.0.10');
    await core.call(tablet, 'site.setAccess', { staffIdleMinutes: 25 });
    await core.call(other, 'site.setAccess', { staffIdleMinutes: 20 });
    const { entries } = await core.call(admin, 'audit.list', {});
    expect(entries.slice(0, 2).map((e) => e.device)).toEqual(['browser 10.0.0.10', 'Lobby tablet']);
  });
});

describe('hub mode', () => {
  it('refuses a bad port or address at its field; stores good ones for the next start', async () => {
    expect(
      await refusedAt(() => core.call(admin, 'site.setHub', { enabled: true, host: '0.0.0.0', port: 70_000 })),
    ).toEqual([{ path: 'port', message: 'a port from 1 to 65535, e.g. 5443' }]);
    const badHost = await refusedAt(() =>
      core.call(admin, 'site.setHub', { enabled: true, host: 'every network', port: 5443 }),
    );
    expect(badHost[0]?.path).toBe('host');
    const saved = await core.call(admin, 'site.setHub', { enabled: true, host: '192.168.1.20', port: 6443 });
    expect(saved).toMatchObject({ hub: { enabled: true, host: '192.168.1.20', port: 6443 }, hubRunning: false });
    expect(runtime.config.hub).toEqual({ enabled: true, host: '192.168.1.20', port: 6443 });
    await core.call(admin, 'site.setHub', { enabled: false, host: '0.0.0.0', port: 5443 });
  });

  it('a device of another hub cannot be a hub too', async () => {
    runtime.configStore.update((config) => ({ ...config, hubUrl: 'https://reception.local:5443/' }));
    try {
      const refused = await refusedAt(() =>
        core.call(admin, 'site.setHub', { enabled: true, host: '0.0.0.0', port: 5443 }),
      );
      expect(refused).toEqual([
        {
          path: 'enabled',
          message:
            'this machine is a device of the hub at https://reception.local:5443/: a machine is the hub or a device, not both',
        },
      ]);
    } finally {
      runtime.configStore.update(({ hubUrl: _, ...config }) => config);
    }
  });
});

describe('the site key', () => {
  it('is set from another machine’s key or generated, never shown; old passes stop working', async () => {
    const keys = createSiteKeyStore(dataDir);
    const refused = await refusedAt(() => core.call(admin, 'site.setSiteKey', { key: 'too short' }));
    expect(refused[0]?.path).toBe('key');
    expect(existsSync(join(dataDir, 'site-key'))).toBe(false);

    const shared = 'k3y-of-the-lobby-kiosk-0123456789abcdef';
    expect((await core.call(admin, 'site.setSiteKey', { key: shared })).siteKeySet).toBe(true);
    expect(keys.get().toString()).toBe(shared);
    const pass = signPassCode(keys.get(), 42);

    const generated = await core.call(admin, 'site.setSiteKey', { key: null });
    expect(generated.siteKeySet).toBe(true);
    const key = keys.get().toString();
    expect(key).not.toBe(shared);
    expect(key.length).toBeGreaterThanOrEqual(22);
    expect(JSON.stringify(generated)).not.toContain(key);
    expect(verifyPassCode(keys.get(), pass)).toBeUndefined();

    const { entries } = await core.call(admin, 'audit.list', { action: 'settings' });
    expect(entries.filter((e) => e.subject === 'site key').map((e) => e.detail)).toEqual(['generated', 'set']);
    expect(JSON.stringify(entries)).not.toContain(shared);
  });
});

describe('the kiosk’s time zone and service QR pattern', () => {
  it('refuses an unknown zone and a pattern without exactly one group at their fields', async () => {
    const before = runtime.config.kiosk;
    const zone = await refusedAt(() => core.call(admin, 'settings.setKiosk', { timeZone: 'Europe/Atlantis' }));
    expect(zone).toEqual([
      { path: 'timeZone', message: 'timeZone must be an IANA time zone name such as Europe/Berlin' },
    ]);
    const pattern = await refusedAt(() =>
      core.call(admin, 'settings.setKiosk', { codes: { servicePattern: '^(\\w+)/(\\d+)$' } }),
    );
    expect(pattern[0]?.path).toBe('codes.servicePattern');
    expect(pattern[0]?.message).toMatch(/exactly one capturing group/);
    expect(runtime.config.kiosk).toEqual(before);

    const saved = await core.call(admin, 'settings.setKiosk', {
      timeZone: 'Europe/Berlin',
      codes: { servicePattern: '^https://visit\\.example\\.com/i/(\\d+)$' },
    });
    expect(saved).toMatchObject({ timeZone: 'Europe/Berlin', codes: { servicePattern: expect.any(String) } });
    expect({ ...saved, timeZone: before.timeZone, codes: before.codes }).toEqual(before);
  });
});
