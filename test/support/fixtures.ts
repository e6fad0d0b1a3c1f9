/**
 * What a test sets up and must take down again, written once: temporary
 * folders, mirrors in them, a data directory configured for a service (its
 * configuration and token), and whatever else registers a step with
 * onCleanup (a client to close, a service to stop). `cleanup()` runs the
 * steps in reverse order (a mirror closes before its folder goes), usually
 * from afterAll or afterEach.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Config, createConfigStore } from '../../electron/core/config/config.ts';
import { createFileTokenStore } from '../../electron/core/config/token-store.ts';
import { openMirror, type Mirror } from '../../electron/core/db/mirror.ts';
import { TEST_TOKEN } from './world.ts';

const steps: (() => unknown)[] = [];

/** Registers a step for the next cleanup(). */
export function onCleanup(step: () => unknown): void {
  steps.push(step);
}

/** Runs (in reverse order) every step registered since the last call; a failing step does not stop the others. */
export async function cleanup(): Promise<void> {
  for (const step of steps.splice(0).reverse())
    await Promise.resolve()
      .then(step)
      .catch(() => {});
}

/** A new folder under the system's temporary folder, removed by cleanup(). */
export function tempDir(prefix = 'foyer-test-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  onCleanup(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A new mirror (mirror.db in `dir`), closed by cleanup(). */
export function tempMirror(dir = tempDir('foyer-mirror-')): Mirror {
  const mirror = openMirror(join(dir, 'mirror.db'));
  onCleanup(() => mirror.db.open && mirror.close());
  return mirror;
}

/** The configuration most tests run with: location 10 of company 1, no watermark margin; `overrides` on top. */
export function testConfig(overrides: Record<string, unknown> = {}): Config {
  return Config.parse({ locationId: 10, companyId: 1, watermarkMarginSeconds: 0, ...overrides });
}

/** A data directory (new unless given) whose configuration points at `baseUrl`, with the token stored as "foyer config set" stores it. */
export function configuredDataDir(
  baseUrl: string,
  {
    dir = tempDir('foyer-data-'),
    token = TEST_TOKEN,
    config = {},
  }: {
    dir?: string;
    token?: string;
    config?: Record<string, unknown>;
  } = {},
): string {
  createConfigStore(dir).write(testConfig({ baseUrl, ...config }));
  createFileTokenStore(dir).set(token);
  return dir;
}
