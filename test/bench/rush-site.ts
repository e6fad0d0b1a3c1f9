/**
 * The morning rush's site, each part a process of its own where it matters:
 * the reference service (`foyer service` on the test world), the link to it
 * (rush-relay.ts, in this process), and the hub (`foyer hub`, the build, on
 * HTTPS at 127.0.0.1), whose CPU time and peak RSS are read from /proc.
 * Devices are paired as staff would with `foyer devices pair` (the registry
 * on the hub's data directory), each an HTTPS client from its own loopback
 * address.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import type { Config } from '../../electron/core/config/config.ts';
import { openHubRegistry } from '../../electron/core/hub/index.ts';
import { ensureCliBuilt, FOYER_BIN } from '../support/cli.ts';
import { DeviceClient, PINS, writeSiteConfig } from '../support/hub-site.ts';
import { TEST_TOKEN, testWorld } from '../support/world.ts';
import { type Relay, startRushRelay } from './rush-relay.ts';
import { type ServiceProcess, spawnService } from './support.ts';

export interface HubProcess {
  child: ChildProcess;
  url: string;
  cert: string;
  /** CPU time (user + system) so far, in ms. */
  cpuMs(): number;
  /** Peak resident set size so far, in MB. */
  peakRssMb(): number;
  log: string[];
  stop(): Promise<void>;
}

export interface RushSite {
  dir: string;
  service: ServiceProcess;
  serviceDb: string;
  relay: Relay;
  hub: HubProcess;
  dataDir: string;
  device(role: 'kiosk' | 'desk', name: string): Promise<DeviceClient>;
  close(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const CLOCK_TICKS_PER_SECOND = 100;

/** The process's CPU time from /proc/PID/stat (utime + stime, fields 14 and 15), in ms. */
function procCpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND) * 1000;
}

function procPeakRssMb(pid: number): number {
  const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : NaN;
}

/** `foyer hub` on the data directory; resolves once it printed its addresses. */
async function spawnHub(dataDir: string, cpuProfDir: string | undefined): Promise<HubProcess> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [
      ...(cpuProfDir ? ['--cpu-prof', '--cpu-prof-dir', cpuProfDir] : []),
      FOYER_BIN,
      'hub',
      '--data-dir',
      dataDir,
      '--host',
      '127.0.0.1',
      '--port',
      String(port),
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const log: string[] = [];
  child.stderr!.setEncoding('utf8').on('data', (text: string) => log.push(...text.split('\n').filter(Boolean)));
  await new Promise<void>((resolve, reject) => {
    let out = '';
    child.stdout!.setEncoding('utf8').on('data', (text: string) => {
      out += text;
      if (out.includes('Security code')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`foyer hub exited with ${code}: ${log.slice(-5).join('\n')}`)));
  });
  const pid = child.pid!;
  return {
    child,
    url: `https://127.0.0.1:${port}`,
    cert: readFileSync(join(dataDir, 'hub-tls', 'cert.pem'), 'utf8'),
    cpuMs: () => procCpuMs(pid),
    peakRssMb: () => procPeakRssMb(pid),
    log,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** The hub's mirror of the service in use (electron/core/db/mirror-files.ts). */
export const mirrorFile = (dataDir: string) => join(dataDir, 'mirror.db');

/** Puts the events at the service, 100 to a request (its limit). */
export async function putEvents(baseUrl: string, events: unknown[]): Promise<void> {
  for (let i = 0; i < events.length; i += 100) {
    const answer = await request(`${baseUrl}/events`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${TEST_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ events: events.slice(i, i + 100) }),
    });
    const text = await answer.body.text();
    if (answer.statusCode !== 200) throw new Error(`PUT /events: ${answer.statusCode} ${text}`);
  }
}

export async function openRushSite(options: {
  events: unknown[];
  relay: { slowShare: number; slowMs: readonly [number, number]; seed: number };
  cpuProfDir?: string;
  /** The hub's configuration changed before it starts (the printing benchmark's printers, say). */
  configure?: (config: Config) => Config;
}): Promise<RushSite> {
  ensureCliBuilt();
  const dir = mkdtempSync(join(tmpdir(), 'foyer-rush-'));
  const worldPath = join(dir, 'world.json');
  writeFileSync(worldPath, JSON.stringify(testWorld));
  const serviceDb = join(dir, 'service.db');
  const service = await spawnService(['--world', worldPath], serviceDb);
  await putEvents(service.baseUrl, options.events);
  const relay = await startRushRelay({ target: service.baseUrl.replace(/\/api\/v2$/, ''), ...options.relay });
  const dataDir = join(dir, 'hub');
  const store = writeSiteConfig(dataDir, relay.url, {
    // A walk-in's visit of four hours: a run just before midnight still has them on site at its end.
    walkIns: { mode: 'desk', lengthMinutes: 240, entranceId: null },
  });
  if (options.configure) store.update(options.configure);
  const hub = await spawnHub(dataDir, options.cpuProfDir);
  const registry = openHubRegistry({ dataDir, config: () => store.current() });
  const devices: DeviceClient[] = [];
  let address = 2;
  return {
    dir,
    service,
    serviceDb,
    relay,
    hub,
    dataDir,
    async device(role, name) {
      // Idle connections kept as a browser keeps them (the hub keeps them 72 s): not a TLS handshake per pause.
      const client = new DeviceClient(hub.url, `127.0.0.${address++}`, hub.cert, { keepAliveMs: 60_000 });
      devices.push(client);
      // As staff type the code the device shows: `foyer devices pair CODE --role ROLE --name NAME`.
      const paired = await client.pair(async (code) => registry.pair({ code, role, name }, 'cli'));
      if (paired.body?.state !== 'paired') throw new Error(`pairing ${name}: ${paired.text}`);
      if (role === 'desk') await client.call('session.unlock', { pin: PINS.desk });
      return client;
    },
    async close() {
      registry.close();
      for (const client of devices) await client.close();
      await hub.stop();
      await relay.close();
      await service.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
