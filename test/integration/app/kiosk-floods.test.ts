/**
 * Floods at the kiosk's door (issue 31, G1-G3), over real HTTP on 127.0.0.1
 * through the browser host, with a core on the reference service. Each test
 * makes the red team's attack and shows it refused:
 * - G1: one kiosk session reusing one host ticket made 150 walk-in requests;
 *   with walkIns.mode "open", 40 visitors were let in within a second;
 * - G2: each walk-in request and each check-out/undo of one guest bought
 *   room for 30 more guests in the lookup budget;
 * - G3: kiosk.miss checked the budget but never spent it, and spelled out
 *   the day's departed guests' names.
 * Each test sends from loopback addresses of its own (127.0.0.x), which the
 * host sees as different clients. The kiosk's time zone is one where it is
 * midday now, so that "today" holds the seeded visits whatever the hour.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppCore } from '../../../electron/core/app/core.ts';
import { createSession } from '../../../electron/core/access/session.ts';
import { createConfigStore } from '../../../electron/core/config/config.ts';
import { LOOKUP_BUDGET } from '../../../electron/core/access/lookup-budget.ts';
import { WALK_IN_LIMITS } from '../../../electron/core/walk-ins/limits.ts';
import type { Runtime } from '../../../electron/core/runtime.ts';
import { startBrowserHost } from '../../../electron/core/web/host.ts';
import { HOUR, MINUTE } from '../../../shared/time.ts';
import { openApp } from '../../support/app.ts';
import { cleanup, seedGuests, type Service, startServiceOn, tempDir } from '../outbox/helpers.ts';
import { cookieOf, RENDERER, send } from './host-security-fixture.ts';

let service: Service;
let dataDir: string;
let runtime: Runtime;
let core: AppCore;
let host: Awaited<ReturnType<typeof startBrowserHost>>;
const desk = createSession('floods-desk', 'desk', 'admin', 'desktop');
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
const names = (stem: string, n: number) =>
  Array.from({ length: n }, (_, i) => `${stem}${LETTERS[Math.floor(i / 26)]}${LETTERS[i % 26]}`);
/** Guests on site now, of distinct names, for the budget. */
const PRESENT = names('Budgetx', 150);
/** Guests whose visit ended ten minutes ago, today. */
const DEPARTED = names('Gonex', 80);
const FORM = { firstName: 'Wal', lastName: 'Kin' };

/** An Etc/GMT zone where it is between 10:00 and 14:00 now: the seeded visits are of its today. */
function middayZone(now = Date.now()): string {
  for (let offset = -12; offset <= 12; offset++) {
    const hour = (new Date(now).getUTCHours() + offset + 24) % 24;
    if (hour >= 10 && hour < 14)
      return offset === 0 ? 'Etc/GMT' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
  }
  throw new Error('no zone at midday');
}

/** An operation from a loopback address, with the session's cookie. */
const call = (name: string, body: unknown, cookie: string, from: string) =>
  send('POST', `/app/${name}`, { body, cookie, from, port: host.port });

/** A new kiosk session of a browser at `from`: the cookie its first call was given. */
async function kioskSession(from: string): Promise<string> {
  const answer = await send('POST', '/app/session.get', { from, port: host.port });
  expect(answer.body.role).toBe('kiosk');
  return cookieOf(answer);
}

async function hostTicket(cookie: string, from: string): Promise<string> {
  const answer = await call('walkIns.hosts', { text: 'grace' }, cookie, from);
  expect(answer.status, answer.text).toBe(200);
  return answer.body[0].hostTicket;
}

/** Lookups of each name in turn until one is refused: the distinct guests the session was shown. */
async function listUntilRefused(cookie: string, from: string, list: readonly string[]) {
  const shown = new Set<string>();
  for (const name of list) {
    const answer = await call('kiosk.lookup', { text: name }, cookie, from);
    if (answer.status !== 200) {
      expect(answer.body.error.code).toBe('REFUSED');
      return { shown: shown.size, refused: true };
    }
    for (const guest of answer.body) shown.add(guest.lastName);
  }
  return { shown: shown.size, refused: false };
}

beforeAll(async () => {
  service = await startServiceOn(tempDir('foyer-floods-svc-'));
  await seedGuests(service, PRESENT.length, { people: PRESENT.map((lastName) => ({ firstName: 'Bea', lastName })) });
  await seedGuests(service, DEPARTED.length, {
    people: DEPARTED.map((lastName) => ({ firstName: 'Dora', lastName })),
    now: () => Date.now() - HOUR,
    endsIn: HOUR - 10 * MINUTE,
  });
  dataDir = tempDir('foyer-floods-data-');
  ({ runtime, core } = await openApp(dataDir, {
    service,
    pins: { admin: '2468' },
    config: (config) => ({ locationId: 10, companyId: 1, kiosk: { ...config.kiosk, timeZone: middayZone() } }),
  }));
  await core.call(desk, 'sync.now', { full: true });
  host = await startBrowserHost({ core, rendererDir: RENDERER, port: 0, pinsSet: true });
}, 30_000);

afterAll(async () => {
  await host?.close();
  core?.close();
  await runtime?.close();
  await cleanup();
});

describe('G1: walk-in floods', () => {
  it('a host ticket names the host of one request only: 150 requests with one ticket make one', async () => {
    const from = '127.0.0.2';
    const cookie = await kioskSession(from);
    const ticket = await hostTicket(cookie, from);
    const answers = await Promise.all(
      Array.from({ length: 150 }, () => call('walkIns.request', { ...FORM, hostTicket: ticket }, cookie, from)),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.body?.error?.code === 'NOT_FOUND')).toHaveLength(149);
  });

  it('a kiosk session makes a few requests, and an address a few more with new cookies; the desk sees no more', async () => {
    const from = '127.0.0.3';
    const before = (await core.call(desk, 'walkIns.pending', {})).length;
    let made = 0;
    let refusals = 0;
    // Five sessions, each asking for the host anew before every request (more than its share): as a script would.
    const tries = WALK_IN_LIMITS.session + 5;
    for (let s = 0; s < 5; s++) {
      const cookie = await kioskSession(from);
      for (let i = 0; i < tries; i++) {
        const answer = await call(
          'walkIns.request',
          { ...FORM, hostTicket: await hostTicket(cookie, from) },
          cookie,
          from,
        );
        if (answer.status === 200) made++;
        else {
          expect(answer.body.error).toMatchObject({
            code: 'REFUSED',
            message: expect.stringMatching(/reception desk/),
          });
          refusals++;
        }
      }
      // A session makes at most its share, whatever it asks.
      if (s === 0) expect(made).toBe(WALK_IN_LIMITS.session);
    }
    expect(made).toBe(WALK_IN_LIMITS.client);
    expect(refusals).toBe(5 * tries - WALK_IN_LIMITS.client);
    expect((await core.call(desk, 'walkIns.pending', {})).length - before).toBe(WALK_IN_LIMITS.client);
  });

  it('"open" mode lets in at most the site\'s ceiling at once; the others wait for a desk', async () => {
    createConfigStore(dataDir).update((config) => ({ ...config, walkIns: { ...config.walkIns, mode: 'open' } }));
    try {
      const states: string[] = [];
      // Six kiosks (addresses), each making its session's share: more than the site's ceiling together.
      for (let k = 0; k < 6; k++) {
        const from = `127.0.0.${10 + k}`;
        const cookie = await kioskSession(from);
        for (let i = 0; i < WALK_IN_LIMITS.session; i++) {
          const answer = await call(
            'walkIns.request',
            { ...FORM, hostTicket: await hostTicket(cookie, from) },
            cookie,
            from,
          );
          expect(answer.status, answer.text).toBe(200);
          states.push(answer.body.status.state);
        }
      }
      expect(states.filter((s) => s === 'approved')).toHaveLength(WALK_IN_LIMITS.openSite);
      expect(states.filter((s) => s === 'requested')).toHaveLength(
        6 * WALK_IN_LIMITS.session - WALK_IN_LIMITS.openSite,
      );
    } finally {
      createConfigStore(dataDir).update((config) => ({ ...config, walkIns: { ...config.walkIns, mode: 'desk' } }));
    }
  });
});

describe('G2: the lookup budget counts distinct guests', () => {
  it('checking one guest out and back twenty times buys room for one guest, not twenty', async () => {
    const from = '127.0.0.30';
    const cookie = await kioskSession(from);
    const [guest] = (await call('kiosk.lookup', { text: `Bea ${PRESENT[0]}` }, cookie, from)).body;
    expect((await call('kiosk.checkIn', { ticket: guest.ticket }, cookie, from)).status).toBe(200);
    let ticket = guest.ticket as string;
    for (let i = 0; i < 20; i++) {
      const out = await call('kiosk.checkOut', { ticket }, cookie, from);
      expect(out.status, out.text).toBe(200);
      const back = await call('kiosk.undoCheckOut', { ticket: out.body.ticket }, cookie, from);
      expect(back.status, back.text).toBe(200);
      ticket = back.body.ticket;
    }
    const { shown, refused } = await listUntilRefused(cookie, from, PRESENT.slice(1));
    expect(refused).toBe(true);
    // Before: 60 + 20 x 30 guests (the whole list here).
    expect(shown).toBeLessThanOrEqual(LOOKUP_BUDGET.session + LOOKUP_BUDGET.perServed);
  });

  it('walk-in requests buy no room for lookups', async () => {
    const from = '127.0.0.31';
    const cookie = await kioskSession(from);
    for (let i = 0; i < WALK_IN_LIMITS.session; i++)
      expect(
        (await call('walkIns.request', { ...FORM, hostTicket: await hostTicket(cookie, from) }, cookie, from)).status,
      ).toBe(200);
    const { shown, refused } = await listUntilRefused(cookie, from, PRESENT);
    expect(refused).toBe(true);
    expect(shown).toBeLessThanOrEqual(LOOKUP_BUDGET.session);
  });
});

describe('G3: kiosk.miss spends the budget', () => {
  it("spelling departed guests' names is refused after the budget, like lookups", async () => {
    const from = '127.0.0.40';
    const cookie = await kioskSession(from);
    let ended = 0;
    let refused = false;
    for (const name of DEPARTED) {
      const answer = await call('kiosk.miss', { text: `Dora ${name}` }, cookie, from);
      if (answer.status !== 200) {
        expect(answer.body.error.code).toBe('REFUSED');
        refused = true;
        break;
      }
      if (answer.body.reason === 'visitEnded') ended++;
    }
    expect(refused).toBe(true);
    expect(ended).toBeGreaterThan(0); // it still tells a guest whose visit ended
    expect(ended).toBeLessThanOrEqual(LOOKUP_BUDGET.session);
    // And the misses were lookups too: this session's next lookup is refused as well.
    expect((await call('kiosk.lookup', { text: 'Bea Budgetxzz' }, cookie, from)).body.error.code).toBe('REFUSED');
  });
});
