/**
 * Shared set-up of the browser host security tests (host-security-*.test.ts):
 * a real core on the reference service behind the browser host on 127.0.0.1,
 * hosts of their own with a clock the test moves, and helpers to send
 * requests, unlock, and check the one error shape.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Agent, request } from 'undici';
import { afterAll, beforeAll, expect } from 'vitest';
import { createAppCore, type AppCore, type AppCoreOptions } from '../../../electron/core/app/core.ts';
import { createConfigStore, type ConfigStore } from '../../../electron/core/config/config.ts';
import type { Runtime } from '../../../electron/core/runtime.ts';
import { startBrowserHost } from '../../../electron/core/web/host.ts';
import { openApp } from '../../support/app.ts';
import { startTestService, type TestService } from '../../support/service.ts';

export const FOYER = fileURLToPath(new URL('../../../bin/foyer.mjs', import.meta.url));
export const RENDERER = mkdtempSync(join(tmpdir(), 'foyer-renderer-'));
writeFileSync(join(RENDERER, 'index.html'), '<!doctype html><title>Foyer</title>');

export let svc: TestService;
export let dataDir: string;
export let store: ConfigStore;
export let runtime: Runtime;
export let core: AppCore;
export let host: Awaited<ReturnType<typeof startBrowserHost>>;
export const logged: string[] = [];

export const extraHosts: { close(): Promise<void> }[] = [];
export const extraCores: AppCore[] = [];

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
  text: string;
}

/** A host of its own, on a core with a clock the test moves: time-based rules without waiting. */
export async function clockedHost(coreOptions: AppCoreOptions = {}) {
  const clock = { now: Date.now() };
  const lines: string[] = [];
  const own = createAppCore(runtime, { now: () => clock.now, log: (line) => lines.push(line), ...coreOptions });
  const served = await startBrowserHost({ core: own, rendererDir: RENDERER, port: 0, pinsSet: true });
  extraCores.push(own);
  extraHosts.push(served);
  return { core: own, port: served.port, clock, lines };
}

/** One agent per loopback address a test sends from (127.0.0.2, ...): a host sees each as another client. */
const agents = new Map<string, Agent>();
const agentFrom = (address: string) =>
  agents.get(address) ?? agents.set(address, new Agent({ localAddress: address })).get(address)!;

export async function send(
  method: 'GET' | 'POST',
  path: string,
  options: {
    body?: unknown;
    rawBody?: string;
    cookie?: string;
    headers?: Record<string, string>;
    port?: number;
    /** The loopback address to send from (Linux answers on all of 127.0.0.0/8). */
    from?: string;
  } = {},
): Promise<Answer> {
  const response = await request(`http://127.0.0.1:${options.port ?? host.port}${path}`, {
    method,
    ...(options.from ? { dispatcher: agentFrom(options.from) } : {}),
    headers: {
      ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...options.headers,
    },
    ...(method === 'POST' ? { body: options.rawBody ?? JSON.stringify(options.body ?? {}) } : {}),
  });
  const text = await response.body.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: the test looks at the text
  }
  return { status: response.statusCode, headers: response.headers, body, text };
}

export const cookieOf = (answer: Answer) => String(answer.headers['set-cookie']).split(';')[0]!;

export async function freshCookie(port?: number): Promise<string> {
  return cookieOf(await send('GET', '/', port ? { port } : {}));
}

export async function unlockWith(pin: string, cookie?: string, port?: number) {
  return send('POST', '/app/session.unlock', {
    body: { pin },
    ...(cookie ? { cookie } : {}),
    ...(port ? { port } : {}),
  });
}

/** Unlocks to admin; the cookie to go on with (every unlock gives the session a new id). */
export async function unlocked(pin: string, cookie?: string, port?: number): Promise<string> {
  const answer = await unlockWith(pin, cookie, port);
  expect(answer.body).toEqual({ role: 'admin' });
  return cookieOf(answer);
}

/** The one error shape of the app contract, with the security headers, and nothing of the server's insides. */
export function expectErrorAnswer(answer: Answer, status: number) {
  expect(answer.status).toBe(status);
  expect(answer.body).toMatchObject({ error: { code: expect.any(String), message: expect.any(String) } });
  expect(answer.headers['content-security-policy']).toContain("default-src 'self'");
  expect(answer.headers['x-content-type-options']).toBe('nosniff');
  expect(answer.text).not.toMatch(/\/(tmp|work|home)\/|at \S+ \(|SQLITE|stack/i);
  expect(answer.text.length).toBeLessThan(600);
}

/** Starts the service, the app and its browser host for the calling test file, and closes them (and any clocked hosts) after it. */
export function setUpSecureHost(): void {
  beforeAll(async () => {
    svc = await startTestService();
    dataDir = mkdtempSync(join(tmpdir(), 'foyer-host-security-'));
    ({ runtime, core } = await openApp(dataDir, { service: svc, pins: { admin: '2468', desk: '1357' } }));
    store = createConfigStore(dataDir);
    host = await startBrowserHost({
      core,
      rendererDir: RENDERER,
      host: '127.0.0.1',
      port: 0,
      pinsSet: true,
      allowedHosts: () => runtime.config.allowedHosts,
      log: (line) => logged.push(line),
    });
  }, 30_000);
  afterAll(async () => {
    for (const extra of extraHosts) await extra.close();
    for (const extra of extraCores) extra.close();
    core?.close();
    await host?.close();
    await runtime?.close();
    await svc?.close();
  });
}
