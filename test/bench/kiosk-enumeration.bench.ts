/**
 * How much of the day's guest list one kiosk session can read through
 * `kiosk.lookup`, before and after the lookup budget (issue 21), against a
 * demo mirror (the reference service's demo, 20,000 invitations, location 10)
 * on a fake clock.
 *
 * The script: two-letter prefixes, a further letter wherever five (the most
 * a lookup shows) came back, a second word after three letters, 25 ms a
 * lookup; a refusal makes it wait as long as it says. "Before" runs the
 * lookup as kiosk.lookup ran it before the budget (kioskLookup, unbudgeted);
 * "after" goes through the kiosk's handler, one session, one address.
 *
 * And what a guest meets: each of the day's guests types their own name
 * letter by letter (one wrong letter and its backspace on the way), a
 * lookup per keystroke as the kiosk asks; then a busy kiosk, a guest every
 * 30 seconds for 10 minutes, each typing and checking in, in one session:
 * none may be refused.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAppCore } from '../../electron/core/app/core.ts';
import { kioskLookup } from '../../electron/core/kiosk/lookup.ts';
import { createSession } from '../../electron/core/access/session.ts';
import { createConfigStore } from '../../electron/core/config/config.ts';
import { createFileTokenStore } from '../../electron/core/config/token-store.ts';
import { openRuntime } from '../../electron/core/runtime.ts';
import { LOOKUP_BUDGET } from '../../electron/core/access/lookup-budget.ts';
import { DEMO_TOKEN } from '../../service/demo/seed.ts';
import { startDemoService } from '../../service/embed.ts';
import { LookupText } from '../../shared/contract/kiosk.ts';
import { MINUTE, SECOND } from '../../shared/time.ts';
import { type Check, percentile, report, step } from './support.ts';

const INVITATIONS = 20_000;
/** 09:30 UTC on a fixed weekday: the kiosk's time zone is UTC. */
const START = Date.parse('2030-03-12T09:30:00.000Z');
const SCRIPT_MS_PER_LOOKUP = 25;
const WINDOW_MS = 10 * MINUTE;
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

interface Clock {
  now: number;
}

/** Runs `lookup` as the enumerating script would for 10 minutes of the clock; returns the distinct guests listed. */
async function enumerate(clock: Clock, lookup: (text: string) => Promise<number[]>): Promise<Set<number>> {
  const seen = new Set<number>();
  const queue = [...LETTERS].flatMap((a) => [...LETTERS].map((b) => a + b));
  const end = clock.now + WINDOW_MS;
  while (queue.length > 0 && clock.now < end) {
    const text = queue.shift()!;
    let ids: number[];
    try {
      ids = await lookup(text);
    } catch (error) {
      const wait = /look up again in (\d+) min/.exec((error as Error).message);
      if (!wait) throw error;
      queue.unshift(text);
      clock.now += Number(wait[1]) * MINUTE;
      continue;
    }
    clock.now += SCRIPT_MS_PER_LOOKUP;
    for (const id of ids) seen.add(id);
    if (ids.length < 5) continue;
    const word = text.split(' ').at(-1)!;
    queue.push(...[...LETTERS].map((c) => text + c));
    if (word.length >= 3 && !text.includes(' ')) queue.push(...[...LETTERS].map((c) => `${text} ${c}`));
  }
  return seen;
}

/** What the kiosk asks while a guest types `name` letter by letter, with one wrong letter and its backspace. */
function keystrokes(name: string, typoAt: number): string[] {
  const texts: string[] = [];
  for (let i = 1; i <= name.length; i++) {
    if (i === typoAt) texts.push(name.slice(0, i - 1) + 'x', name.slice(0, i - 1));
    texts.push(name.slice(0, i));
  }
  return texts.map((t) => t.trim()).filter((t) => LookupText.safeParse(t).success);
}

export async function run(): Promise<boolean> {
  const clock: Clock = { now: START };
  const now = () => clock.now;
  const dir = mkdtempSync(join(tmpdir(), 'foyer-bench-enum-'));
  const service = await step('demo service', () =>
    startDemoService({ dbPath: join(dir, 'service.db'), now, invitations: INVITATIONS }),
  );
  const store = createConfigStore(join(dir, 'app'));
  store.write({
    ...store.read(),
    baseUrl: service.baseUrl,
    locationId: 10,
    kiosk: { ...store.read().kiosk, timeZone: 'UTC' },
  });
  createFileTokenStore(join(dir, 'app')).set(DEMO_TOKEN);
  const runtime = await openRuntime({ dataDir: join(dir, 'app'), now });
  const core = createAppCore(runtime, { now });
  try {
    await step('sync', () => runtime.engine.syncNow({ full: true }), 300_000);
    const before = await enumerate(clock, async (text) =>
      kioskLookup(runtime.mirror, runtime.config, text, clock.now).map((g) => g.invitationId),
    );
    clock.now = START;
    const session = createSession('enumerator', 'kiosk', 'kiosk', 'ip:192.0.2.66', clock.now);
    const after = await enumerate(clock, async (text) =>
      (await core.call(session, 'kiosk.lookup', { text })).map((g) => g.invitationId),
    );

    // Every guest of the day the unbudgeted script found (all of them, or nearly), typing their own name.
    clock.now = START;
    const guests = [...before].map((id) => runtime.mirror.guests.byId(id, runtime.config.flow)!);
    const perGuest: number[] = [];
    for (const [i, guest] of guests.entries()) {
      const name = [guest.firstName, guest.lastName].filter(Boolean).join(' ');
      const shown = new Set<number>();
      for (const text of keystrokes(name, 2 + (i % Math.max(1, name.length - 2))))
        for (const g of kioskLookup(runtime.mirror, runtime.config, text, clock.now)) shown.add(g.invitationId);
      perGuest.push(shown.size);
    }
    perGuest.sort((a, b) => a - b);

    // A busy kiosk: a guest every 30 s for 10 minutes, each typing their name and checking in, one session.
    clock.now = START + WINDOW_MS * 3;
    const kiosk = createSession('lobby', 'kiosk', 'kiosk', 'device:1', clock.now);
    const expected = guests.filter(
      (g) => g.category === 'expected' && g.startsAt && Date.parse(g.startsAt) > clock.now,
    );
    let refused = 0;
    let served = 0;
    for (const [i, guest] of expected.slice(0, 20).entries()) {
      clock.now += 30 * SECOND;
      const name = [guest.firstName, guest.lastName].filter(Boolean).join(' ');
      let found: { ticket: string } | undefined;
      for (const text of keystrokes(name, 2 + (i % Math.max(1, name.length - 2)))) {
        const answer = await core.call(kiosk, 'kiosk.lookup', { text }).catch(() => null);
        if (!answer) refused++;
        found = answer?.find((g) => g.invitationId === guest.invitationId) ?? found;
      }
      if (found && (await core.call(kiosk, 'kiosk.checkIn', { ticket: found.ticket }).catch(() => null))) served++;
    }

    console.log(
      `\n${guests.length} guests of the day at location 10 (kiosk day, ${INVITATIONS} invitations); ` +
        `budget per session ${LOOKUP_BUDGET.session}, per client ${LOOKUP_BUDGET.client}, ` +
        `+${LOOKUP_BUDGET.perServed} per guest served, in ${LOOKUP_BUDGET.windowMs / MINUTE} min`,
    );
    console.log(
      `a guest typing their name (one typo) is shown: p50 ${percentile(perGuest, 50)}, ` +
        `p95 ${percentile(perGuest, 95)}, max ${perGuest.at(-1)} distinct guests`,
    );
    console.log(
      `busy kiosk: ${served} of ${Math.min(20, expected.length)} guests checked in, ${refused} lookups refused`,
    );
    const checks: Check[] = [
      {
        name: 'listed by one session in 10 min, before',
        value: before.size,
        unit: 'guests',
        target: '(baseline)',
        ok: true,
      },
      {
        name: 'listed by one session in 10 min, after',
        value: after.size,
        unit: 'guests',
        target: `<= ${LOOKUP_BUDGET.session}`,
        ok: after.size <= LOOKUP_BUDGET.session,
      },
      {
        name: "a guest's own typing (max)",
        value: perGuest.at(-1) ?? 0,
        unit: 'guests',
        target: `< ${LOOKUP_BUDGET.session}`,
        ok: (perGuest.at(-1) ?? 0) < LOOKUP_BUDGET.session,
      },
      { name: 'lookups refused at a busy kiosk', value: refused, unit: 'lookups', target: '0', ok: refused === 0 },
    ];
    return report('kiosk enumeration (issue 21)', checks);
  } finally {
    await runtime.close();
    await service.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
