/**
 * Shared set-up of the admin console tests (admin-*.test.ts): two reference
 * services over real HTTP, the app core on a data dir synced from the first,
 * an admin session, the events it sends, and helpers.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { AppEvent } from '../../../shared/contract/events.ts';
import type { AppCore } from '../../../electron/core/app/core.ts';
import { AppError } from '../../../electron/core/errors.ts';
import { createSession, type Session } from '../../../electron/core/access/session.ts';
import { openMirror } from '../../../electron/core/db/mirror.ts';
import type { Runtime } from '../../../electron/core/runtime.ts';
import { openApp } from '../../support/app.ts';
import { runFoyer } from '../../support/cli.ts';
import { cleanup, dataDirFor, seedGuests, startServiceOn, tempDir, type Service } from '../outbox/helpers.ts';

export const SAMPLES = fileURLToPath(new URL('../../../resources/samples/', import.meta.url));

export let svc: Service;
export let second: Service;
export let dir: string;
export let runtime: Runtime;
export let core: AppCore;
export let admin: Session;
export const events: AppEvent[] = [];

export const foyer = runFoyer;

export const upload = (kind: 'identities' | 'profiles' | 'events', file: string, group?: string) => ({
  kind,
  fileName: file,
  contentBase64: readFileSync(join(SAMPLES, file)).toString('base64'),
  ...(group ? { group } : {}),
});

export async function refusal(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

/** The request bodies a data dir's outbox holds, in order, without ids or times. */
export function queuedBodies(dataDir: string): unknown[] {
  const mirror = openMirror(join(dataDir, 'mirror.db'));
  try {
    return mirror.outbox
      .newest(1000)
      .reverse()
      .map((r) => ({ kind: r.kind, target: r.target, payload: JSON.parse(r.payload) }));
  } finally {
    mirror.close();
  }
}

/** Every guest the mirror holds, as the desk's view lists them (a window of every day, one page). */
export async function allGuests(category?: 'expected' | 'onsite' | 'left') {
  const view = { from: '2000-01-01T00:00:00.000Z', to: '2100-01-01T00:00:00.000Z', limit: 500 };
  return (await core.call(admin, 'guests.list', { ...view, ...(category ? { category } : {}) })).guests;
}

/** Starts both services and the app for the calling test file, and closes them after it. */
export function setUpAdminApp(): void {
  beforeAll(async () => {
    svc = await startServiceOn(tempDir('foyer-admin-svc-'));
    second = await startServiceOn(tempDir('foyer-admin-svc2-'));
    await seedGuests(svc, 3);
    dir = dataDirFor(svc.baseUrl);
    ({ runtime, core } = await openApp(dir, { pins: { admin: '2468' } }));
    core.subscribe((event) => events.push(event));
    admin = createSession('admin-test', 'admin');
    await runtime.engine.syncNow();
  }, 60_000);
  afterAll(async () => {
    await runtime?.close();
    await cleanup();
  });
}
