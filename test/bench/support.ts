/** Helpers shared by the benchmarks: a service in a second process, percentiles, reporting. */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const FOYER = fileURLToPath(new URL('../../bin/foyer.mjs', import.meta.url));

export interface ServiceProcess {
  baseUrl: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/**
 * Starts `foyer service` in its own process on a free loopback port. With `dbPath`, the service uses
 * that database file and leaves it when it stops (to be prepared, or started again); otherwise a
 * temporary one, removed on stop.
 */
export async function spawnService(args: string[], dbPath?: string): Promise<ServiceProcess> {
  const dir = dbPath ? undefined : mkdtempSync(join(tmpdir(), 'foyer-bench-'));
  const db = dbPath ?? join(dir!, 'service.db');
  const child = spawn(process.execPath, [FOYER, 'service', '--port', '0', '--db', db, ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! });
  const baseUrl = await new Promise<string>((resolve, reject) => {
    lines.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`foyer service exited with ${code}`)));
  });
  return {
    baseUrl,
    child,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => {
          if (dir) rmSync(dir, { recursive: true, force: true }); // a 100,000-invitation database is ~170 MB
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}

export interface Check {
  name: string;
  value: number;
  unit: string;
  target: string;
  ok: boolean;
}

/** Prints the figures as a table; returns whether every target was met. */
export function report(title: string, checks: Check[]): boolean {
  console.log(`\n${title}`);
  for (const c of checks)
    console.log(
      `  ${c.ok ? 'PASS' : 'MISS'}  ${c.name.padEnd(44)} ${c.value.toFixed(c.value < 10 ? 2 : 0).padStart(10)} ${c.unit.padEnd(10)} target ${c.target}`,
    );
  return checks.every((c) => c.ok);
}

/**
 * A step of a benchmark with a time limit: a step that never ends (it has
 * happened, rarely, with no CPU used and no timer pending) fails the run
 * with its name instead of holding it up silently.
 */
export async function step<T>(name: string, work: Promise<T> | (() => Promise<T>), limitMs = 120_000): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const started = performance.now();
  try {
    return await Promise.race([
      typeof work === 'function' ? work() : work,
      new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`benchmark step "${name}" did not finish within ${limitMs / 1000} s`)),
          limitMs,
        );
      }),
    ]);
  } finally {
    clearTimeout(timer);
    if (process.env.FOYER_BENCH_STEPS) console.log(`  step ${name}: ${(performance.now() - started).toFixed(0)} ms`);
  }
}
