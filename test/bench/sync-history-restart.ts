/**
 * The history scenario across processes (issue 26): the same year of past
 * check-ins (25,000) as sync-history.ts, synced by `foyer sync --once` in a
 * process of its own, twice, on one data directory, as a kiosk restarted
 * every night or the CLI run from cron does. The first process walks the
 * whole check-ins listing; the second, with nothing changed, passes over it
 * as kept in the mirror: at most 3 check-in requests, and it ends within
 * 500 ms of its first request. A counting proxy in front of the service
 * sees every request, its time and the bytes answered.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createConfigStore } from '../../electron/core/config/config.ts';
import { createFileTokenStore } from '../../electron/core/config/token-store.ts';
import { CHECK_IN_PASS_REQUESTS } from '../../electron/core/sync/pulls.ts';
import { DEMO_TOKEN, DEMO_WORLD_PATH } from '../../service/demo/world-path.ts';
import { ensureCliBuilt, FOYER_BIN } from '../support/cli.ts';
import { PAST_CHECK_INS, seedHistory } from './sync-history.ts';
import { type Check, spawnService, step } from './support.ts';

const LOCATION = 10;
const END_WITHIN_MS = 500;

interface Seen {
  at: number;
  path: string;
  bytes: number;
}

/** An HTTP proxy on loopback in front of the service that notes each request: when, where, bytes answered. */
async function countingProxy(target: string) {
  const upstream = new URL(target);
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    const entry: Seen = { at: performance.now(), path: req.url ?? '', bytes: 0 };
    seen.push(entry);
    const forward = httpRequest(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.on('data', (chunk: Buffer) => (entry.bytes += chunk.length));
        answer.pipe(res);
      },
    );
    forward.on('error', () => res.destroy());
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}${upstream.pathname}`,
    seen,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export async function restartScenario(): Promise<Check[]> {
  ensureCliBuilt();
  const dir = mkdtempSync(join(tmpdir(), 'foyer-history-restart-'));
  const dbPath = join(dir, 'service.db');
  const args = ['--world', DEMO_WORLD_PATH];
  await (await spawnService(args, dbPath)).stop();
  seedHistory(dbPath, Date.now());
  const service = await spawnService(args, dbPath);
  const proxy = await countingProxy(service.baseUrl);
  const dataDir = join(dir, 'client');
  mkdirSync(dataDir, { mode: 0o700 });
  const store = createConfigStore(dataDir);
  store.write({ ...store.read(), baseUrl: proxy.baseUrl, locationId: LOCATION, companyId: 1 });
  createFileTokenStore(dataDir).set(DEMO_TOKEN);

  /** `foyer sync --once` in a process of its own: what it asked, and when it ended. */
  const syncProcess = async (name: string) => {
    const from = proxy.seen.length;
    const t0 = performance.now();
    const child = spawn(process.execPath, [FOYER_BIN, 'sync', '--once', '--data-dir', dataDir], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await step(name, () => new Promise<number | null>((resolve) => child.once('exit', resolve)));
    const ended = performance.now();
    if (code !== 0) throw new Error(`${name}: foyer sync --once exited with ${code}: ${output}`);
    const requests = proxy.seen.slice(from);
    if (process.env.FOYER_BENCH_STEPS)
      for (const r of requests)
        console.log(`      +${(r.at - requests[0]!.at).toFixed(0)} ms ${r.path} (${r.bytes} bytes)`);
    const checkIns = requests.filter((r) => r.path.includes('/check-ins'));
    return {
      wallMs: ended - t0,
      fromFirstRequestMs: ended - (requests[0]?.at ?? t0),
      requests: requests.length,
      checkInRequests: checkIns.length,
      checkInBytes: checkIns.reduce((sum, r) => sum + r.bytes, 0),
    };
  };
  const line = (what: string, r: Awaited<ReturnType<typeof syncProcess>>) =>
    console.log(
      `    ${what}: ${r.checkInRequests} check-in requests (${(r.checkInBytes / 1024 / 1024).toFixed(2)} MB), ` +
        `${r.requests} requests in all; ended ${r.fromFirstRequestMs.toFixed(0)} ms after its first request ` +
        `(${r.wallMs.toFixed(0)} ms in all)`,
    );

  try {
    console.log(
      `(h) history across processes: foyer sync --once twice on one data dir, ${PAST_CHECK_INS} past check-ins`,
    );
    const first = await syncProcess('the first foyer sync --once');
    line('first process (a new data dir: the whole listing)', first);
    const second = await syncProcess('the second foyer sync --once');
    line('second process, nothing changed', second);
    return [
      {
        name: `(h) 2nd process: check-in requests`,
        value: second.checkInRequests,
        unit: 'requests',
        target: `<= ${CHECK_IN_PASS_REQUESTS}`,
        ok: second.checkInRequests <= CHECK_IN_PASS_REQUESTS,
      },
      {
        name: '(h) 2nd process: end after its first request',
        value: second.fromFirstRequestMs,
        unit: 'ms',
        target: `< ${END_WITHIN_MS}`,
        ok: second.fromFirstRequestMs < END_WITHIN_MS,
      },
      {
        name: '(h) 2nd process: check-in bytes received',
        value: second.checkInBytes / 1024,
        unit: 'KiB',
        target: '',
        ok: true,
      },
    ];
  } finally {
    await proxy.close();
    await service.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
