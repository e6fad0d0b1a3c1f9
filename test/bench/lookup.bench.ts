/**
 * The kiosk's guest lookup over a mirror of 100,000 invitations (location 10,
 * events from yesterday to a week ahead, names of all 15 guest languages,
 * half of the family names made distinct), as a guest types: 2 and 4
 * letters, a full name as written, the name typed on a plain keyboard
 * (Mueller, Kilic, Solovyov, pinyin), one Chinese character, one letter
 * wrong, a name nobody has (the typo-tolerant stage runs in full), and a
 * whole email. Target: p99 < 5 ms for every kind (the kiosk's code path,
 * kioskLookup, with its day, its 5 results and its fuzzy stage). The CPU
 * time of each lookup is printed too: on a machine shared with other work,
 * the wall-clock p99 shows the other work as much as the lookup.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { kioskLookup } from '../../electron/core/kiosk/lookup.ts';
import { Config } from '../../electron/core/config/config.ts';
import { openMirror } from '../../electron/core/db/mirror.ts';
import { asciify, GUEST_NAMES } from '../../service/demo/names.ts';
import { GUEST_LANGUAGES, type KnownGuestLanguage } from '../../shared/api/primitives.ts';
import type { ReceptionInvitation } from '../../shared/api/index.ts';
import { type Check, percentile, report } from './support.ts';
import { DAY, HOUR } from '../../shared/time.ts';

const INVITATIONS = 100_000;
const PER_EVENT = 20;
const LOCATION = 10;
/** 10:00 UTC on a fixed day: the kiosk's "now" (time zone UTC). */
const NOW = Date.parse('2030-03-12T10:00:00.000Z');
const LOOKUPS_PER_KIND = 300;
const TARGET_MS = 5;

function seededRandom(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

interface Person {
  language: KnownGuestLanguage;
  firstName: string;
  lastName: string;
  email: string;
  /** Set when the mirror is filled. */
  endsAt?: number;
  startsAt?: number;
}

const LATIN_SYLLABLES = [
  'an',
  'er',
  'ko',
  'mi',
  'la',
  'ta',
  'ri',
  'so',
  've',
  'du',
  'ne',
  'bo',
  'li',
  'ga',
  'to',
  'ru',
];
const CYRILLIC_SYLLABLES = ['ин', 'ов', 'ко', 'ми', 'ла', 'та', 'ри', 'со', 'ве', 'ду', 'не', 'бо'];
const HAN_GIVEN = '伟强磊军洋勇杰涛明超浩然子轩建国俊宇芳娜秀英敏静丽艳婷雪欣怡雨涵慧'.split('');

function people(random: () => number): Person[] {
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  return Array.from({ length: INVITATIONS }, (_, i) => {
    const language = GUEST_LANGUAGES[i % GUEST_LANGUAGES.length]!;
    const names = GUEST_NAMES[language];
    const female = random() < 0.5;
    const firstName = pick(female ? names.female : names.male);
    const last = pick(names.last);
    let lastName = typeof last === 'string' ? last : last[female ? 1 : 0];
    let given = firstName;
    // Half of the guests get a family name (or a Chinese given name) nobody else has, so that the
    // typo-tolerant stage meets as many distinct names as a real day brings.
    if (random() < 0.5) {
      if (language === 'ZH_CN') given = pick(HAN_GIVEN) + pick(HAN_GIVEN);
      else if (language === 'RU') lastName = `${lastName}${pick(CYRILLIC_SYLLABLES)}${pick(CYRILLIC_SYLLABLES)}`;
      else lastName = `${lastName}${pick(LATIN_SYLLABLES)}${pick(LATIN_SYLLABLES)}`;
    }
    const email = `${asciify(given, language)}.${asciify(lastName, language)}.${i}@guests.test`;
    return { language, firstName: given, lastName, email };
  });
}

let firstInvitation: ReceptionInvitation;

function fill(path: string, guests: readonly Person[], random: () => number) {
  const mirror = openMirror(path);
  const stamp = new Date(NOW - 30 * DAY).toISOString();
  mirror.lookupIndex.defer();
  let id = 1;
  for (let start = 0; start < guests.length; start += 1000) {
    const page: ReceptionInvitation[] = [];
    for (let i = start; i < Math.min(start + 1000, guests.length); i++) {
      const eventId = Math.floor(i / PER_EVENT) + 1;
      // Events from yesterday to a week ahead, between 08:00 and 18:00 UTC.
      const day = (eventId % 9) - 1;
      const startsAt = NOW - 10 * HOUR + day * DAY + 8 * HOUR + Math.floor((eventId * 7919) % 9) * HOUR;
      const g = guests[i]!;
      const endsAt = startsAt + (1 + Math.floor(random() * 3)) * HOUR;
      g.startsAt = startsAt;
      g.endsAt = endsAt;
      page.push({
        id: id++,
        createdAt: stamp,
        updatedAt: stamp,
        event: {
          id: eventId,
          name: `Event ${eventId}`,
          startsAt: new Date(startsAt).toISOString(),
          endsAt: new Date(endsAt).toISOString(),
          locationId: LOCATION,
          hostId: 100,
          createdAt: stamp,
          updatedAt: stamp,
        },
        contact: {
          id: i + 1,
          firstName: g.firstName,
          lastName: g.lastName,
          email: g.email,
          language: g.language,
          createdAt: stamp,
          updatedAt: stamp,
        },
      });
    }
    firstInvitation ??= page[0]!;
    mirror.transaction(() => mirror.invitations.upsertMany(page));
  }
  mirror.lookupIndex.restore();
  return mirror;
}

/** One letter of a Latin name replaced by its neighbour in the alphabet (a letter wrong). */
function typo(text: string, random: () => number): string {
  const chars = [...text];
  const at = 1 + Math.floor(random() * (chars.length - 2));
  const c = chars[at]!;
  chars[at] = c === 'z' ? 'y' : String.fromCharCode(c.charCodeAt(0) + 1);
  return chars.join('');
}

export async function run(): Promise<boolean> {
  const dir = mkdtempSync(join(tmpdir(), 'foyer-lookup-bench-'));
  try {
    const random = seededRandom(20_301_203);
    const guests = people(random);
    const loadStart = performance.now();
    const mirror = fill(join(dir, 'mirror.db'), guests, random);
    const loadMs = performance.now() - loadStart;
    const config = Config.parse({ locationId: LOCATION, kiosk: { timeZone: 'UTC' } });
    const lookup = (text: string) => kioskLookup(mirror, config, text, NOW);

    // The guests of today that a guest at the kiosk could be.
    const endOfDay = NOW - 10 * HOUR + DAY;
    const todays = guests.filter((g) => g.endsAt! > NOW && g.startsAt! < endOfDay);
    const latin = todays.filter((g) => g.language !== 'RU' && g.language !== 'ZH_CN');
    const draw = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
    const typed = (g: Person) => `${asciify(g.firstName, g.language)} ${asciify(g.lastName, g.language)}`;
    const kinds: { kind: string; make: () => string }[] = [
      { kind: '2 letters', make: () => [...draw(todays).lastName].slice(0, 2).join('') },
      { kind: '4 letters', make: () => [...draw(todays).lastName].slice(0, 4).join('') },
      { kind: 'full name as written', make: () => { const g = draw(todays); return `${g.firstName} ${g.lastName}`; } },
      { kind: 'typed on a plain keyboard', make: () => typed(draw(todays)) },
      { kind: 'Cyrillic name in Latin letters', make: () => typed(draw(todays.filter((g) => g.language === 'RU'))) },
      { kind: 'Chinese name in pinyin', make: () => typed(draw(todays.filter((g) => g.language === 'ZH_CN'))) },
      { kind: 'one Chinese character', make: () => [...draw(todays.filter((g) => g.language === 'ZH_CN')).lastName][0]! },
      { kind: 'one letter wrong', make: () => typo(asciify(draw(latin).lastName, 'EN'), random) },
      { kind: 'nobody of that name', make: () => `Qx${typo(asciify(draw(latin).lastName, 'EN'), random)}` },
      { kind: 'whole email', make: () => draw(todays).email },
    ]; // prettier-ignore

    for (const { make } of kinds) for (let i = 0; i < 20; i++) lookup(make()); // warm-up
    if (process.env.LOOKUP_DEBUG) {
      for (const text of process.env.LOOKUP_DEBUG.split(',')) {
        for (let i = 0; i < 3; i++) {
          const start = performance.now();
          const r = lookup(text);
          console.log(
            `  debug ${JSON.stringify(text)}: ${(performance.now() - start).toFixed(2)} ms, ${r.length} found`,
          );
        }
      }
      return true;
    }

    const checks: Check[] = [];
    const all: number[] = [];
    console.log(
      `  ${INVITATIONS.toLocaleString('en')} invitations loaded in ${(loadMs / 1000).toFixed(1)} s; ` +
        `${todays.length.toLocaleString('en')} of them today (from 10:00 UTC)`,
    );
    for (const { kind, make } of kinds) {
      const texts = Array.from({ length: LOOKUPS_PER_KIND }, make);
      const ms: number[] = [];
      const cpu: number[] = [];
      let found = 0;
      let slowest = { text: '', ms: 0 };
      for (const text of texts) {
        const cpuStart = process.cpuUsage();
        const start = performance.now();
        const result = lookup(text);
        const took = performance.now() - start;
        const used = process.cpuUsage(cpuStart);
        ms.push(took);
        cpu.push((used.user + used.system) / 1000);
        if (took > slowest.ms) slowest = { text, ms: took };
        if (result.length > 0) found++;
      }
      // Slow by itself, or slowed by the machine (a collection, another process)? Timed again.
      const again = performance.now();
      lookup(slowest.text);
      const againMs = performance.now() - again;
      ms.sort((a, b) => a - b);
      cpu.sort((a, b) => a - b);
      all.push(...ms);
      const p99 = percentile(ms, 99);
      console.log(
        `    ${kind.padEnd(32)} p50 ${percentile(ms, 50).toFixed(2)} ms, p99 ${p99.toFixed(2)} ms, ` +
          `max ${ms.at(-1)!.toFixed(2)} ms (${JSON.stringify(slowest.text)}, ${againMs.toFixed(2)} ms again); ` +
          `found someone for ${found} of ${texts.length}; CPU time p99 ${percentile(cpu, 99).toFixed(2)} ms`,
      );
      checks.push({ name: `p99, ${kind}`, value: p99, unit: 'ms', target: `< ${TARGET_MS}`, ok: p99 < TARGET_MS });
    }
    // A write that leaves the guests as they are (a check-in, a sync pass with nothing new) keeps the typo
    // stage's day in memory; a changed invitation makes the next lookup read the day's guests again.
    const afterWrite = async (write: (i: number) => void) => {
      const times: number[] = [];
      const reads: number[] = [];
      for (let i = 0; i < 10; i++) {
        write(i);
        const start = performance.now();
        lookup(`Qx${i}zzyzx`);
        times.push(performance.now() - start);
        // The day is read again right after the answer: how long that holds the process up.
        const after = performance.now();
        await new Promise((resolve) => setImmediate(resolve));
        reads.push(performance.now() - after);
      }
      times.sort((a, b) => a - b);
      reads.sort((a, b) => a - b);
      return (
        `median ${percentile(times, 50).toFixed(1)} ms, max ${times.at(-1)!.toFixed(1)} ms; ` +
        `then the process is busy for ${percentile(reads, 50).toFixed(1)} ms (median)`
      );
    };
    const unrelated = await afterWrite(() =>
      mirror.transaction(() =>
        mirror.db.prepare("INSERT INTO mirror_flags (name) VALUES ('bench') ON CONFLICT DO NOTHING").run(),
      ),
    );
    const renamed = await afterWrite((i) => {
      const stamp = new Date(NOW - DAY + i * 1000).toISOString();
      mirror.transaction(() =>
        mirror.invitations.upsertMany([
          {
            ...firstInvitation,
            updatedAt: stamp,
            contact: { ...firstInvitation.contact, lastName: `Renamed${i}`, updatedAt: stamp },
          },
        ]),
      );
    });
    console.log(`    first lookup after a write that changes no guest: ${unrelated}`);
    console.log(`    first lookup after a guest's name changed (the day's guests read again): ${renamed}`);
    all.sort((a, b) => a - b);
    const overall = percentile(all, 99);
    checks.push({
      name: 'p99, all kinds',
      value: overall,
      unit: 'ms',
      target: `< ${TARGET_MS}`,
      ok: overall < TARGET_MS,
    });
    mirror.close();
    return report('kiosk lookup over 100,000 invitations', checks);
  } finally {
    if (!process.env.LOOKUP_KEEP) rmSync(dir, { recursive: true, force: true });
    else console.log(`  kept ${dir}`);
  }
}
