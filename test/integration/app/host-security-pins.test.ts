/**
 * The browser host tried the way an attacker would: over real HTTP on
 * 127.0.0.1, with a real core on the reference service. Each test first
 * reproduces the attack of issue 9, then shows what the host does instead.
 * Here: PIN changes, PIN guessing, PIN hashing, error answers. DNS
 * rebinding, sessions and closing: host-security-sessions.test.ts.
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { createAppCore } from '../../../electron/core/app/core.ts';
import { createBus } from '../../../electron/core/bus.ts';
import type { PinLimit } from '../../../electron/core/access/pin-guard.ts';
import { type AppError } from '../../../electron/core/errors.ts';
import { createSession } from '../../../electron/core/access/session.ts';
import { hashPin } from '../../../electron/core/access/pins.ts';
import type { Runtime } from '../../../electron/core/runtime.ts';
import {
  FOYER,
  dataDir,
  store,
  extraCores,
  clockedHost,
  send,
  freshCookie,
  unlockWith,
  unlocked,
  expectErrorAnswer,
  setUpSecureHost,
} from './host-security-fixture.ts';

setUpSecureHost();

describe('PIN changes: the configuration has one source of truth', () => {
  it('a PIN set with "foyer config set" while the host runs unlocks at once; the old one does not', async () => {
    expect((await unlockWith('2468', await freshCookie())).body).toEqual({ role: 'admin' });
    const cli = spawnSync(process.execPath, [FOYER, 'config', 'set', 'adminPin', '97531', '--data-dir', dataDir], {
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(cli.status, cli.stderr).toBe(0);
    expect((await unlockWith('97531', await freshCookie())).body).toEqual({ role: 'admin' });
    const old = await unlockWith('2468', await freshCookie());
    expect(old.status).toBe(409);
    expect(old.body.error.message).toMatch(/wrong PIN/);

    // A kiosk-settings save changes the kiosk settings and nothing else: the new PIN's hash stays.
    const hash = store.read().pins.admin;
    const admin = await unlocked('97531', await freshCookie());
    const saved = await send('POST', '/app/settings.setKiosk', { cookie: admin, body: { welcomeTitle: 'Hello' } });
    expect(saved.body).toMatchObject({ welcomeTitle: 'Hello' });
    expect(store.read().pins.admin).toBe(hash);
    expect(store.read().kiosk.welcomeTitle).toBe('Hello');
    expect((await unlockWith('97531', await freshCookie())).body).toEqual({ role: 'admin' });
    store.update((config) => ({ ...config, pins: { ...config.pins, admin: hashPin('2468') } })); // for the tests below
  }, 40_000);
});

describe('PIN guessing', () => {
  /** Wrong PINs until the host refuses to try one; the clock moves past each wait. Returns the log of answers. */
  async function guess(port: number, clock: { now: number }, tries: number, withCookie: boolean) {
    const cookie = withCookie ? await freshCookie(port) : undefined;
    const answers: string[] = [];
    for (let i = 0; i < tries; i++) {
      const answer = await unlockWith(String(1000 + i), cookie, port);
      answers.push(answer.body.error.message);
      expect(answer.status).toBe(409);
    }
    return answers;
  }

  it('a loop without a cookie is refused early, and the right PIN is refused while it waits', async () => {
    const { port, clock } = await clockedHost();
    const answers = await guess(port, clock, 6, false);
    // Three free mistakes, the fourth sets a wait: from then on no PIN is even tried.
    expect(answers.slice(0, 4)).toEqual(Array(4).fill('wrong PIN'));
    expect(answers[4]).toMatch(/too many wrong PINs; try again in 1 s/);
    const right = await unlockWith('2468', undefined, port);
    expect(right.status).toBe(409);
    expect(right.body.error.message).toMatch(/too many wrong PINs/);
    clock.now += 1_000;
    expect((await unlockWith('2468', undefined, port)).body).toEqual({ role: 'admin' });
  });

  it('a loop with one cookie is held exactly as long as one without', async () => {
    const withCookie = await clockedHost();
    const without = await clockedHost();
    expect(await guess(withCookie.port, withCookie.clock, 6, true)).toEqual(
      await guess(without.port, without.clock, 6, false),
    );
  });

  it('waits grow, then a long lockout that the log tells staff about; the right PIN is refused until it ends', async () => {
    const { port, clock, lines } = await clockedHost();
    const waits: number[] = [];
    let wrong = 0;
    while (wrong < 10) {
      const answer = await unlockWith(String(5000 + wrong), undefined, port);
      const wait = /try again in (\d+) (s|min)/.exec(answer.body.error.message);
      if (!wait) {
        wrong++;
        continue;
      }
      const ms = Number(wait[1]) * (wait[2] === 'min' ? 60_000 : 1000);
      waits.push(ms);
      clock.now += ms;
    }
    expect(waits).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 32_000]);
    expect(lines.some((line) => /PIN lockout: 10 wrong PINs from ip:127\.0\.0\.1/.test(line))).toBe(true);
    const locked = await unlockWith('2468', undefined, port);
    expect(locked.body.error.message).toMatch(/too many wrong PINs; try again in 15 min/);
    clock.now += 14 * 60_000;
    expect((await unlockWith('2468', undefined, port)).status).toBe(409);
    clock.now += 60_000;
    expect((await unlockWith('2468', undefined, port)).body).toEqual({ role: 'admin' });
  });

  it('the Electron IPC door has the same limit, per process, whatever the window', async () => {
    const { core: own } = await clockedHost();
    const answers: string[] = [];
    for (let i = 0; i < 6; i++) {
      // a new window each time: nothing is kept per session
      const window = own.sessions.open('desk', 'admin', 'desktop', { evictable: false });
      answers.push(
        await own.call(window, 'session.unlock', { pin: String(3000 + i) }).then(
          () => 'unlocked',
          (error: Error) => error.message,
        ),
      );
    }
    expect(answers.slice(0, 4)).toEqual(Array(4).fill('wrong PIN'));
    expect(answers[4]).toMatch(/too many wrong PINs/);
  });

  it('@fastify/rate-limit caps guesses per address per minute, in the error shape', async () => {
    const { port } = await clockedHost({ pinLimits: { client: LOOSE, process: LOOSE } });
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++) statuses.push((await unlockWith(String(7000 + i), undefined, port)).status);
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(409));
    const limited = await unlockWith('2468', undefined, port);
    expectErrorAnswer(limited, 429);
    expect(limited.body.error.code).toBe('REFUSED');
  });
});

const LOOSE: PinLimit = { free: 1e6, firstDelayMs: 1, lockoutAfter: 1e6, lockoutMs: 1, forgetMs: 1 };

describe('PIN hashing off the event loop', () => {
  it('20 unlock attempts at once do not hold up another request', async () => {
    const { core: own } = await clockedHost({ pinLimits: { client: LOOSE, process: LOOSE } });
    // Sessions made by hand, as any door makes them (no PIN limit is in the way: LOOSE).
    const kiosk = createSession('k', 'kiosk', 'admin', 'ip:192.0.2.1');
    const started = performance.now();
    const attempts = Array.from({ length: 20 }, (_, i) =>
      own
        .call(createSession(`s${i}`, 'kiosk', 'admin', `ip:192.0.2.${i + 2}`), 'session.unlock', { pin: '0000' })
        .catch(() => undefined),
    );
    await own.call(kiosk, 'kiosk.settings', {});
    const other = performance.now() - started;
    await Promise.all(attempts);
    const all = performance.now() - started;
    // Synchronous scrypt: 40 hashes one after the other before the other call even starts (40 attempts: 4.6 s).
    expect(other).toBeLessThan(Math.max(500, all / 4));
  }, 60_000);
});

describe('error answers: the one shape, short, no internals', () => {
  it('a NUL byte or another control character in a text is a 400 naming the field, never a 500 from SQLite', async () => {
    for (const text of ['Ann\u0000a', 'An\u001bn', 'Ann\u0007']) {
      const answer = await send('POST', '/app/kiosk.lookup', { body: { text } });
      expectErrorAnswer(answer, 400);
      expect(answer.body.error).toMatchObject({ code: 'INVALID_INPUT', details: [{ path: 'text' }] });
    }
  });

  it('a file named ".." is a clean 400 with no server path', async () => {
    const admin = await unlocked('2468', await freshCookie());
    for (const fileName of ['..', '.']) {
      const answer = await send('POST', '/app/imports.preview', {
        cookie: admin,
        body: { kind: 'identities', fileName, contentBase64: Buffer.from('sourceId\n1\n').toString('base64') },
      });
      expectErrorAnswer(answer, 400);
      expect(answer.body.error.details[0].path).toBe('fileName');
    }
  });

  it('an unknown key is named, cut short, never echoed in full', async () => {
    const key = 'k'.repeat(60_000); // under the 64 KB a kiosk may send
    const answer = await send('POST', '/app/kiosk.lookup', { body: { text: 'Ann', [key]: 1 } });
    expectErrorAnswer(answer, 400);
    expect(answer.body.error.message).toMatch(/unknown key "k{10,60}…"/);
  });

  it("the framework's own refusals: 404, 413, malformed JSON, 415, all in the shape with the headers", async () => {
    expectErrorAnswer(await send('POST', '/nothing/here'), 404);
    expectErrorAnswer(await send('POST', '/app/no.such'), 404);
    const malformed = await send('POST', '/app/kiosk.lookup', { rawBody: '{"text": "Ann' });
    expectErrorAnswer(malformed, 400);
    expect(malformed.body.error.message).toBe('the body is not valid JSON');
    expectErrorAnswer(
      await send('POST', '/app/kiosk.lookup', { rawBody: '<text/>', headers: { 'content-type': 'application/xml' } }),
      415,
    );
    const big = { text: 'Ann', padding: 'x'.repeat(100 * 1024) };
    expectErrorAnswer(await send('POST', '/app/kiosk.lookup', { body: big }), 413);
  });

  it('a kiosk may send 64 KB at most; an admin sends a file of megabytes', async () => {
    const csv = `sourceId,email,firstName\n${Array.from({ length: 30_000 }, (_, i) => `big-${i},big${i}@example.test,Bo`).join('\n')}\n`;
    const upload = { kind: 'identities', fileName: 'big.csv', contentBase64: Buffer.from(csv).toString('base64') };
    expect(JSON.stringify(upload).length).toBeGreaterThan(1024 * 1024);
    const kiosk = await freshCookie();
    expectErrorAnswer(await send('POST', '/app/imports.preview', { cookie: kiosk, body: upload }), 413);
    const admin = await unlocked('2468', await freshCookie());
    const answer = await send('POST', '/app/imports.preview', { cookie: admin, body: upload });
    expect(answer.status).toBe(200);
    expect(answer.body.validItems).toBe(30_000);
  });

  it('a failure inside an operation says which operation, and nothing of the server', async () => {
    const failing = createAppCore({
      onStatus: () => () => {},
      mirror: { deskGuests: { version: () => 0 } },
      printing: { onChange: () => () => {} },
      bus: createBus(),
      get config(): never {
        throw new Error('SQLITE_IOERR: disk I/O error in /tmp/secret/mirror.db');
      },
    } as unknown as Runtime);
    extraCores.push(failing);
    const error = await failing.call(createSession('x', 'kiosk'), 'kiosk.settings', {}).catch((e: AppError) => e);
    expect(error).toMatchObject({ code: 'INTERNAL', message: 'kiosk.settings failed; the details are in the log' });
  });
});
