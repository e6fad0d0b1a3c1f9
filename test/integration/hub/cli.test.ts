/**
 * The hub's commands as separate processes next to a running hub: "foyer
 * devices pair/revoke" change the same registry, and the hub sees it at the
 * device's next request (and closes its streams within its poll); "foyer
 * hub" serves HTTPS and prints its URLs and fingerprint.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { Agent, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../../electron/core/access/session.ts';
import { fingerprintOf } from '../../../electron/core/hub/tls.ts';
import { HUB_COOKIES } from '../../../shared/contract/hub.ts';
import { runFoyer } from '../../support/cli.ts';
import { cleanup, FOYER } from '../outbox/helpers.ts';
import { until } from '../../support/until.ts';
import { openSite, RENDERER, type Site } from './site.ts';

let site: Site;

beforeAll(async () => {
  site = await openSite({ pollMs: 200 });
}, 60_000);

afterAll(async () => {
  await site?.close();
  await cleanup();
});

/** bin/foyer.mjs in its own process, on the site's data directory. */
function foyer(...args: string[]) {
  const run = spawnSync(process.execPath, [FOYER, ...args, '--data-dir', site.dataDir], {
    encoding: 'utf8',
    timeout: 30_000,
  });
  return { code: run.status, out: run.stdout, err: run.stderr };
}

describe('foyer devices', () => {
  it('pairs a device from another process, lists it, and revokes it while the hub runs', async () => {
    const lobby = site.device('127.0.0.8');
    const paired = await lobby.pair(async (code) => {
      const run = foyer('devices', 'pair', code, '--role', 'kiosk', '--name', 'Lobby 3');
      expect(run.code, run.err).toBe(0);
      expect(run.out).toMatch(/^Paired device \d+ "Lobby 3" as kiosk\.\n$/);
    });
    expect(paired.body).toEqual({ state: 'paired', role: 'kiosk', name: 'Lobby 3' });
    expect(await lobby.call('kiosk.settings')).toBeTruthy();

    const listed = foyer('devices', '--json');
    expect(listed.code, listed.err).toBe(0);
    const [device] = JSON.parse(listed.out) as { id: number; name: string; lastAddress: string }[];
    expect(device).toMatchObject({ name: 'Lobby 3', role: 'kiosk', lastAddress: '127.0.0.8', revokedAt: null });
    const table = foyer('devices');
    expect(table.out).toMatch(/Lobby 3\s+kiosk/);
    // The same credential used from a second machine: the table names both addresses, and says why it matters.
    const copy = site.device('127.0.0.19');
    copy.cookies.set(HUB_COOKIES.device, lobby.cookies.get(HUB_COOKIES.device)!);
    await lobby.call('kiosk.settings');
    await copy.call('kiosk.settings');
    expect(foyer('devices').out).toMatch(
      /127\.0\.0\.8, 127\.0\.0\.19 \(copied\?\)|127\.0\.0\.19, 127\.0\.0\.8 \(copied\?\)/,
    );

    const stream = await lobby.events();
    await until(() => stream.events.some((e) => e.type === 'role'), 'the stream to start');
    const revoked = foyer('devices', 'revoke', String(device!.id));
    expect(revoked.code, revoked.err).toBe(0);
    // Its next request is refused at once; its open stream is closed within the hub's poll.
    const refused = await lobby.send('POST', '/app/kiosk.settings');
    expect(refused.status).toBe(401);
    expect(refused.body.error.message).toMatch(/revoked/);
    await stream.ended;
    expect(JSON.parse(foyer('devices', '--json').out)[0].revokedAt).not.toBeNull();
    // Both in the site's audit log, made by the terminal (the CLI's door: core.call as its own session).
    const admin = createSession('cli-audit', 'admin', 'admin', 'desktop');
    const { entries } = await site.core.call(admin, 'audit.list', {});
    expect(entries.filter((e) => e.device === 'cli').map((e) => `${e.action} ${e.subject}`)).toEqual(
      expect.arrayContaining(['pair Lobby 3', 'revoke Lobby 3']),
    );
  }, 60_000);

  it('says what to fix: a code nobody shows, a device that does not exist, wrong usage', async () => {
    const noCode = await runFoyer(
      'devices',
      'pair',
      '123456',
      '--role',
      'kiosk',
      '--name',
      'X',
      '--data-dir',
      site.dataDir,
    );
    expect(noCode.code).toBe(1);
    expect(noCode.err).toMatch(/no device shows the code 123456/);
    const noDevice = await runFoyer('devices', 'revoke', '999', '--data-dir', site.dataDir);
    expect(noDevice).toMatchObject({ code: 1 });
    expect(noDevice.err).toMatch(/no device 999/);
    const badRole = await runFoyer(
      'devices',
      'pair',
      '123456',
      '--role',
      'admin',
      '--name',
      'X',
      '--data-dir',
      site.dataDir,
    );
    expect(badRole.code).toBe(2);
    expect(badRole.err).toMatch(/role/);
    expect((await runFoyer('devices', 'forget', '1', '--data-dir', site.dataDir)).code).toBe(2);
    expect((await runFoyer('devices', 'revoke', 'abc', '--data-dir', site.dataDir)).code).toBe(2);
  });
});

describe('foyer hub', () => {
  it('serves HTTPS, prints its URL and fingerprint, and answers unpaired devices 401', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'foyer-hub-cli-'));
    const child = spawn(
      process.execPath,
      [FOYER, 'hub', '--host', '127.0.0.1', '--port', '0', '--renderer', RENDERER, '--data-dir', dataDir],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    try {
      const lines: string[] = [];
      const reader = createInterface({ input: child.stdout });
      reader.on('line', (line) => lines.push(line));
      await until(() => lines.length >= 6 || child.exitCode !== null, 'foyer hub to start', { timeout: 40_000 });
      expect(lines[0]).toMatch(/^Foyer hub for the embedded demo service, serving this site at:$/);
      const url = lines[1]!.trim();
      expect(url).toMatch(/^https:\/\/127\.0\.0\.1:\d+\/$/);
      const cert = (await import('node:fs')).readFileSync(join(dataDir, 'hub-tls', 'cert.pem'), 'utf8');
      // In groups of four, as the desk and the pairing screen show it: short first, then whole.
      const groups = fingerprintOf(cert).replaceAll(':', '').match(/.{4}/g)!;
      expect(lines[2]).toBe(`Security code: ${groups.slice(0, 4).join(' ')}`);
      expect(lines[5]!.trim()).toBe(groups.join(' '));
      const agent = new Agent({ connect: { ca: cert } });
      const answer = await request(new URL('/app/kiosk.settings', url), {
        method: 'POST',
        dispatcher: agent,
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      expect(answer.statusCode).toBe(401);
      expect(await answer.body.json()).toMatchObject({ error: { code: 'UNPAIRED' } });
      await agent.close();
    } finally {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
  }, 60_000);

  it('refuses to serve beyond loopback without a PIN', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'foyer-hub-cli-'));
    const run = spawnSync(
      process.execPath,
      [FOYER, 'hub', '--host', '0.0.0.0', '--port', '0', '--renderer', RENDERER, '--data-dir', dataDir],
      { encoding: 'utf8', timeout: 40_000 },
    );
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/refusing to serve on 0\.0\.0\.0 without a PIN/);
  }, 60_000);
});
