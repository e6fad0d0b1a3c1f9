/**
 * The `foyer` command as a site's admin, a cron job or a health check runs
 * it (issue 26): whole processes of bin/foyer.mjs, which runs the build
 * (built first here when it is missing or older than the sources). Each
 * command: a warm-up, then the median of 5 runs of wall time, with the CPU
 * time and peak RSS of the median run:
 *   foyer --help < 300 ms, foyer config get KEY < 500 ms, foyer status < 800 ms
 *   (on a mirror the embedded demo filled);
 * and foyer web on the embedded demo: ready (answering with the app) within
 * 3 s, with the first sync going on behind it, on a new data directory (the
 * demo week made first) and on one used before (the slowest of 3 each).
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { ensureCliBuilt, FOYER_BIN } from '../support/cli.ts';
import { type Check, percentile, report, step } from './support.ts';

const RUNS = 5;
const WEB_RUNS = 3;
const WEB_READY_MS = 3_000;

interface Run {
  wallMs: number;
  cpuMs: number;
  maxRssMb: number;
}

/** Writes, as the process ends, its CPU time and peak RSS to fd 3 (loaded with --import: a few ms of its own). */
function usageProbe(dir: string): string {
  const path = join(dir, 'usage-probe.mjs');
  writeFileSync(
    path,
    `import { writeSync } from 'node:fs';
process.on('exit', () => {
  const u = process.resourceUsage();
  writeSync(3, JSON.stringify({ cpuMs: (u.userCPUTime + u.systemCPUTime) / 1000, maxRssMb: u.maxRSS / 1024 }));
});
`,
  );
  return path;
}

function runCommand(probe: string, argv: string[]): Run {
  const t0 = performance.now();
  const result = spawnSync(process.execPath, ['--import', probe, FOYER_BIN, ...argv], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
  });
  const wallMs = performance.now() - t0;
  if (result.status !== 0) throw new Error(`foyer ${argv.join(' ')}: exit ${result.status}: ${result.stderr}`);
  const usage = JSON.parse(String(result.output[3])) as { cpuMs: number; maxRssMb: number };
  return { wallMs, ...usage };
}

/** A warm-up, then RUNS runs: the median run by wall time. */
function measure(probe: string, argv: string[]): Run {
  runCommand(probe, argv);
  const runs = Array.from({ length: RUNS }, () => runCommand(probe, argv)).sort((a, b) => a.wallMs - b.wallMs);
  return runs[Math.floor(RUNS / 2)]!;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Starts foyer web on the data dir; the time until it answers / with the app. Stops it. */
async function webReady(dataDir: string): Promise<number> {
  const port = await freePort();
  const t0 = performance.now();
  const child = spawn(process.execPath, [FOYER_BIN, 'web', '--port', String(port), '--data-dir', dataDir], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let log = '';
  child.stderr!.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`foyer web exited with ${child.exitCode}: ${log}`);
      if (performance.now() - t0 > 30_000) throw new Error(`foyer web not ready within 30 s: ${log}`);
      try {
        const res = await fetch(`http://127.0.0.1:${port}/`);
        if (res.status === 200 && (await res.text()).includes('<html')) return performance.now() - t0;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

const fmt = (ms: number) => `${ms.toFixed(0)} ms`;

export async function run(): Promise<boolean> {
  ensureCliBuilt();
  const dir = mkdtempSync(join(tmpdir(), 'foyer-cli-bench-'));
  try {
    const probe = usageProbe(dir);
    const dataDir = join(dir, 'data');
    // A mirror the embedded demo filled, for foyer status to read.
    await step('foyer sync --once on the embedded demo', async () =>
      runCommand(probe, ['sync', '--once', '--data-dir', dataDir]),
    );
    const commands: { argv: string[]; target: number }[] = [
      { argv: ['--help'], target: 300 },
      { argv: ['config', 'get', 'locationId', '--data-dir', dataDir], target: 500 },
      { argv: ['status', '--data-dir', dataDir], target: 800 },
    ];
    const checks: Check[] = [];
    for (const { argv, target } of commands) {
      const m = measure(probe, argv);
      const name = `foyer ${argv.filter((a) => a !== '--data-dir' && a !== dataDir).join(' ')}`;
      console.log(
        `${name}: wall ${fmt(m.wallMs)} (median of ${RUNS}), CPU ${fmt(m.cpuMs)}, peak RSS ${m.maxRssMb.toFixed(0)} MiB`,
      );
      checks.push({
        name: `${name} (median)`,
        value: m.wallMs,
        unit: 'ms',
        target: `< ${target}`,
        ok: m.wallMs < target,
      });
    }

    const fresh: number[] = [];
    const again: number[] = [];
    for (let i = 0; i < WEB_RUNS; i++) {
      const webDir = join(dir, `web-${i}`);
      fresh.push(await step('foyer web, new data dir', () => webReady(webDir)));
      again.push(await step('foyer web, data dir used before', () => webReady(webDir)));
    }
    console.log(
      `foyer web on the embedded demo, ready: new data dir ${fresh.map(fmt).join(', ')}; ` +
        `used before ${again.map(fmt).join(', ')}`,
    );
    const slowest = (values: number[]) =>
      percentile(
        [...values].sort((a, b) => a - b),
        100,
      );
    checks.push(
      {
        name: 'foyer web ready, new data dir (slowest)',
        value: slowest(fresh),
        unit: 'ms',
        target: `< ${WEB_READY_MS}`,
        ok: slowest(fresh) < WEB_READY_MS,
      },
      {
        name: 'foyer web ready, data dir used before (slowest)',
        value: slowest(again),
        unit: 'ms',
        target: `< ${WEB_READY_MS}`,
        ok: slowest(again) < WEB_READY_MS,
      },
    );
    return report('the foyer command (built), whole processes', checks);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
