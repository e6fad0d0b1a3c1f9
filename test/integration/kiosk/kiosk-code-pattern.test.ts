/**
 * The service's QR pattern, set by an admin, cannot freeze the host (issue
 * 31, G4), over real HTTP through the browser host: `^(\d+)(?:a+a+)+$` was
 * accepted, and one anonymous kiosk.byCode of 30 characters took 12.4 s and
 * held up a desk's call as long. Now such a pattern is refused where it is
 * set, with a message saying why, and a pattern that reached config.json
 * another way is matched in linear time: no code holds the host up.
 */
import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import {
  expectErrorAnswer,
  freshCookie,
  send,
  setUpSecureHost,
  store,
  unlocked,
} from '../app/host-security-fixture.ts';

setUpSecureHost();

const CATASTROPHIC = '^(\\d+)(?:a+a+)+$';
const setPattern = (cookie: string, servicePattern: string) =>
  send('POST', '/app/settings.setKiosk', { cookie, body: { codes: { servicePattern } } });

describe('G4: an admin-set QR pattern', () => {
  it('is refused at the setting when it repeats a repetition, or uses what a linear-time matcher cannot read', async () => {
    const admin = await unlocked('2468', await freshCookie());
    const nested = await setPattern(admin, CATASTROPHIC);
    expectErrorAnswer(nested, 400);
    expect(nested.body.error.details).toEqual([
      { path: 'codes.servicePattern', message: expect.stringMatching(/repeats a repetition .*can take minutes/) },
    ]);
    for (const pattern of ['^(a|b+)*x(\\d+)$', '^((?:\\d+,?)+)$'])
      expectErrorAnswer(await setPattern(admin, pattern), 400);
    const lookahead = await setPattern(admin, '^(?=INV)INV-(\\d+)$');
    expectErrorAnswer(lookahead, 400);
    expect(lookahead.body.error.message).toMatch(/lookahead, lookbehind or backreference/);
    // An ordinary pattern is taken, and read at the kiosk as before.
    const fine = await setPattern(admin, '^https://visit\\.example\\.com/i/(\\d+)\\?t=[A-Za-z0-9]+$');
    expect(fine.status, fine.text).toBe(200);
    const kiosk = await freshCookie();
    const read = await send('POST', '/app/kiosk.byCode', {
      cookie: kiosk,
      body: { code: 'https://visit.example.com/i/999999?t=abc' },
    });
    expect(read.status, read.text).toBe(200);
    expect(read.body).toBeNull(); // no such invitation today: nobody, and quickly
  });

  it('written into config.json all the same, holds neither the kiosk nor a desk up on a 30- or 200-character code', async () => {
    const admin = await unlocked('2468', await freshCookie());
    store.update((config) => ({ ...config, kiosk: { ...config.kiosk, codes: { servicePattern: CATASTROPHIC } } }));
    try {
      const kiosk = await freshCookie();
      for (const length of [30, 200]) {
        const code = `1${'a'.repeat(length - 2)}b`;
        const started = performance.now();
        const [scan, desk] = await Promise.all([
          send('POST', '/app/kiosk.byCode', { cookie: kiosk, body: { code } }),
          send('POST', '/app/outbox.list', { cookie: admin }),
        ]);
        const took = performance.now() - started;
        expect(scan.status, scan.text).toBe(200);
        expect(scan.body).toBeNull();
        expect(desk.status).toBe(200);
        // Before: 12.4 s for 30 characters, doubling with each one more.
        expect(took, `${length} characters`).toBeLessThan(1_000);
      }
    } finally {
      store.update((config) => ({ ...config, kiosk: { ...config.kiosk, codes: { servicePattern: null } } }));
    }
  });
});
