/**
 * A host that stops looks stopped at once: its event streams end, idle
 * keep-alive sockets close, and a request still running after a short grace
 * is cut with its socket, so no browser (or paired device) goes on reaching a
 * hub that has stopped through a socket left open.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Agent, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppCore } from '../../../electron/core/app/core.ts';
import { startBrowserHost } from '../../../electron/core/web/host.ts';
import { openApp, type TestApp } from '../../support/app.ts';
import { until } from '../../support/until.ts';

let app: TestApp;
let dataDir: string;
const renderer = mkdtempSync(join(tmpdir(), 'foyer-host-close-renderer-'));
writeFileSync(join(renderer, 'index.html'), '<!doctype html><title>Foyer</title>');

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'foyer-host-close-'));
  // No service is reached here: the address is never asked.
  app = await openApp(dataDir, { service: { baseUrl: 'http://127.0.0.1:9/api/v2' } });
});
afterAll(async () => {
  await app.runtime.close();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(renderer, { recursive: true, force: true });
});

/** Calls of the slow operation that reached the core. */
let slowCalls = 0;

/** The core, with one operation that takes `ms` to answer (a slow disk, a sync waiting for a service). */
function slowCore(core: AppCore, ms: number): AppCore {
  return Object.assign(Object.create(core) as AppCore, {
    call: (async (session, name, input) => {
      if (name === 'kiosk.settings') {
        slowCalls++;
        await new Promise((resolve) => setTimeout(resolve, ms));
      }
      return core.call(session, name, input as never);
    }) as AppCore['call'],
  });
}

describe('a host that stops', () => {
  it('cuts a request still running after the grace, instead of waiting for it', async () => {
    const host = await startBrowserHost({
      core: slowCore(app.core, 30_000),
      rendererDir: renderer,
      port: 0,
      pinsSet: false,
    });
    const agent = new Agent({ keepAliveTimeout: 60_000 });
    const slow = request(`${host.url}app/kiosk.settings`, {
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json' },
      dispatcher: agent,
    }).then(
      (answer) => answer.statusCode,
      (error: Error) => error.message,
    );
    await until(() => slowCalls === 1, 'the request to reach the core');
    const started = performance.now();
    await host.close();
    const took = performance.now() - started;
    expect(took).toBeLessThan(10_000); // the grace is 2 s; the request would have held it 30 s
    expect(typeof (await slow)).toBe('string'); // cut: an error, not an answer
    await agent.close();
  }, 40_000);
});
