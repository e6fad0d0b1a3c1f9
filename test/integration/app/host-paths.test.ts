/**
 * The plain browser host (foyer web) and odd paths: raw HTTP requests with
 * the path exactly as written. An operation spelled with percent-escapes is
 * that operation, with its body limit, rate limit and headers; a doubled,
 * dotted or upper-case path reaches nothing (issue 21).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppCore, createAppCore } from '../../../electron/core/app/core.ts';
import type { Runtime } from '../../../electron/core/runtime.ts';
import { startBrowserHost } from '../../../electron/core/web/host.ts';
import { openApp } from '../../support/app.ts';
import { startTestService, type TestService } from '../../support/service.ts';
import { encodedOperationPaths, oddOperationPaths, rawRequest, type RawTarget, setSession } from '../hub/raw-http.ts';

const RENDERER = mkdtempSync(join(tmpdir(), 'foyer-renderer-'));
writeFileSync(join(RENDERER, 'index.html'), '<!doctype html><title>Foyer</title>');
const ADMIN_PIN = '2468';

let svc: TestService;
let runtime: Runtime;
const cores: AppCore[] = [];
const hosts: { close(): Promise<void> }[] = [];

beforeAll(async () => {
  svc = await startTestService();
  ({ runtime } = await openApp(mkdtempSync(join(tmpdir(), 'foyer-host-paths-')), {
    service: svc,
    pins: { admin: ADMIN_PIN, desk: '1357' },
  }));
}, 30_000);

afterAll(async () => {
  for (const host of hosts) await host.close();
  for (const core of cores) core.close();
  await runtime?.close();
  await svc?.close();
});

/** A host of its own (its own rate limits, PIN waits and sessions). */
async function ownHost(): Promise<{ core: AppCore; target: RawTarget }> {
  const core = createAppCore(runtime);
  const host = await startBrowserHost({ core, rendererDir: RENDERER, port: 0, pinsSet: true });
  cores.push(core);
  hosts.push(host);
  return { core, target: { port: host.port } };
}

async function kioskCookie(target: RawTarget): Promise<string> {
  return setSession(await rawRequest(target, 'GET', '/'))!;
}

describe('an operation spelled with percent-escapes', () => {
  it('is that operation, with the kiosk 64 KB limit and no-store', async () => {
    const { target } = await ownHost();
    const cookie = await kioskCookie(target);
    const big = JSON.stringify({ text: 'Ann', padding: 'x'.repeat(100 * 1024) });
    for (const path of encodedOperationPaths('kiosk.lookup')) {
      const refused = await rawRequest(target, 'POST', path, { body: big, cookie });
      expect(refused.status, path).toBe(413);
      expect(refused.body.error.code, path).toBe('INVALID_INPUT');
      const answer = await rawRequest(target, 'POST', path, { body: JSON.stringify({ text: 'Ann' }), cookie });
      expect(answer.status, `${path}: ${answer.text}`).toBe(200);
      expect(answer.headers['cache-control'], path).toBe('no-store');
    }
  });

  it("shares the plain spelling's rate limit: 20 PIN attempts a minute per address, whatever the spelling", async () => {
    const { target } = await ownHost();
    const spellings = [...encodedOperationPaths('session.unlock'), '/app/session.unlock'];
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) {
      const path = spellings[i % spellings.length]!;
      statuses.push((await rawRequest(target, 'POST', path, { body: JSON.stringify({ pin: `9${i}0` }) })).status);
    }
    expect(statuses).not.toContain(429);
    for (const path of spellings) {
      const answer = await rawRequest(target, 'POST', path, { body: JSON.stringify({ pin: ADMIN_PIN }) });
      expect(answer.status, path).toBe(429);
    }
  });

  it('the event stream, whatever its spelling, is the one stream with its session', async () => {
    const { target } = await ownHost();
    const answer = await rawRequest(target, 'GET', '/%61pp/%65vents', { readFor: 500 });
    expect(answer.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.text).toContain('"type":"role","role":"kiosk"');
  });
});

describe('odd paths', () => {
  it('reach no operation: the admin PIN sent to them unlocks nothing', async () => {
    const { target } = await ownHost();
    const cookie = await kioskCookie(target);
    for (const path of oddOperationPaths('session.unlock')) {
      const answer = await rawRequest(target, 'POST', path, { body: JSON.stringify({ pin: ADMIN_PIN }), cookie });
      expect(answer.status, `${path}: ${answer.text}`).toBe(404);
      expect(answer.body.error.code, path).toMatch(/^(NOT_FOUND|UNKNOWN_OPERATION)$/);
    }
    const session = await rawRequest(target, 'POST', '/app/session.get', { body: '{}', cookie });
    expect(session.body.role).toBe('kiosk');
  });

  it("are held to a kiosk's 64 KB; an admin's large body reaches no operation there either", async () => {
    const { target } = await ownHost();
    const cookie = await kioskCookie(target);
    const big = JSON.stringify({ padding: 'x'.repeat(100 * 1024) });
    for (const path of oddOperationPaths('imports.preview'))
      expect((await rawRequest(target, 'POST', path, { body: big, cookie })).status, path).toBe(413);
    const unlocked = await rawRequest(target, 'POST', '/app/session.unlock', {
      body: JSON.stringify({ pin: ADMIN_PIN }),
      cookie,
    });
    const admin = setSession(unlocked)!;
    for (const path of oddOperationPaths('imports.preview'))
      expect([404, 413], path).toContain((await rawRequest(target, 'POST', path, { body: big, cookie: admin })).status);
  });

  it('GET: a page at most, never the event stream', async () => {
    const { target } = await ownHost();
    for (const path of oddOperationPaths('events')) {
      const answer = await rawRequest(target, 'GET', path, { readFor: 500 });
      expect(answer.headers['content-type'], path).not.toMatch(/event-stream/);
      expect([200, 403, 404], `${path}: ${answer.status} ${answer.text}`).toContain(answer.status);
      if (answer.status !== 200) expect(answer.body.error.code, path).toMatch(/^(NOT_FOUND|INVALID_INPUT)$/);
      else expect(answer.text, path).toContain('<title>Foyer</title>');
    }
  });
});

describe('sessions', () => {
  it('an unlock gives the session a new id; the id from before it is a kiosk session again', async () => {
    const { target } = await ownHost();
    const planted = await kioskCookie(target);
    const unlocked = await rawRequest(target, 'POST', '/app/session.unlock', {
      body: JSON.stringify({ pin: ADMIN_PIN }),
      cookie: planted,
    });
    expect(unlocked.body).toEqual({ role: 'admin' });
    const renewed = setSession(unlocked)!;
    expect(renewed).toMatch(/^foyer_session_\d+=[\w-]{20,}$/);
    expect(renewed).not.toBe(planted);
    expect((await rawRequest(target, 'POST', '/app/outbox.list', { body: '{}', cookie: renewed })).status).toBe(200);
    // The old id is a kiosk now; a reload that raced the unlock with it does not take the browser's new cookie away.
    const raced = await rawRequest(target, 'POST', '/app/outbox.list', { body: '{}', cookie: planted });
    expect(raced.status).toBe(403);
    expect(setSession(raced)).toBeUndefined();
    expect((await rawRequest(target, 'POST', '/app/outbox.list', { body: '{}', cookie: renewed })).status).toBe(200);
  });
});
