/**
 * Shared set-up of the outbox CLI tests (cli-*.test.ts): one reference
 * service with seeded guests per test file, a closed port for "service
 * down", and data dirs configured (and synced) for either.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect } from 'vitest';
import { runFoyer } from '../../support/cli.ts';
import { openMirror } from '../../../electron/core/db/mirror.ts';
import { TEST_TOKEN } from '../../support/world.ts';
import { cleanup, closedPort, seedGuests, startServiceOn, tempDir, type SeededGuest, type Service } from './helpers.ts';

export const SAMPLES = fileURLToPath(new URL('../../../resources/samples/', import.meta.url));

export const foyer = runFoyer;

/** What the data dir's outbox holds, read directly. */
export function outboxRows(dataDir: string) {
  const mirror = openMirror(join(dataDir, 'mirror.db'));
  try {
    return mirror.outbox.newest(10_000).reverse();
  } finally {
    mirror.close();
  }
}

/**
 * Ends the backoff of every pending row in the data dir's outbox, as waiting it out would: the row is due
 * again from the moment it was queued. A test moves the row's time instead of waiting on the wall clock.
 */
export function endBackoffs(dataDir: string): void {
  const mirror = openMirror(join(dataDir, 'mirror.db'));
  try {
    for (const row of mirror.outbox.newest(10_000))
      if (row.state === 'pending' && row.nextAttemptAt !== null) mirror.outbox.holdUntil(row.id, row.createdAt);
  } finally {
    mirror.close();
  }
}

export let svc: Service;
export let guests: SeededGuest[];
export let downUrl: string;

/** Starts the service for the calling test file and cleans up after it. */
export function setUpCliService(): void {
  beforeAll(async () => {
    svc = await startServiceOn(tempDir('foyer-cli-svc-'));
    ({ guests } = await seedGuests(svc, 8));
    downUrl = `http://127.0.0.1:${await closedPort()}/api/v2`;
  }, 30_000);
  afterAll(cleanup);
}

/** A data dir configured for `baseUrl`, with the mirror synced from the live service first. */
export async function dataDir(baseUrl = svc.baseUrl, sync = true): Promise<string> {
  const dir = tempDir('foyer-cli-data-');
  expect((await foyer('config', 'set', 'baseUrl', svc.baseUrl, '--data-dir', dir)).code).toBe(0);
  expect((await foyer('config', 'set', 'token', TEST_TOKEN, '--data-dir', dir)).code).toBe(0);
  if (sync) {
    const synced = await foyer('sync', '--once', '--data-dir', dir);
    expect(synced.code, synced.out + synced.err).toBe(0);
  }
  if (baseUrl !== svc.baseUrl)
    expect((await foyer('config', 'set', 'baseUrl', baseUrl, '--data-dir', dir)).code).toBe(0);
  return dir;
}
