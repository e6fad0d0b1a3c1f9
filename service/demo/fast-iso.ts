import { DAY, iso as plainIso } from '../../shared/time.ts';

const isoDays = new Map<number, string>();
const pad2 = (n: number) => (n < 10 ? `0${n}` : `${n}`);

/**
 * The same string as `iso()` of shared/time, about six times faster (500,000
 * stamps: 60-80 ms against 370-560 ms, measured on this machine with tsx):
 * the date part is cached per day. Seeding formats half a million of these;
 * the cache grows by one entry per day formatted, which suits a seeder and
 * not a long-running process, so the rest of the code uses `iso()`.
 */
export function iso(t: number): string {
  const day = Math.floor(t / DAY);
  let prefix = isoDays.get(day);
  if (prefix === undefined) {
    const full = plainIso(day * DAY);
    if (full[10] !== 'T') return plainIso(t); // years outside 0000-9999
    prefix = full.slice(0, 11);
    isoDays.set(day, prefix);
  }
  const ms = t - day * DAY;
  const milli = ms % 1000;
  const seconds = Math.floor(ms / 1000);
  return `${prefix}${pad2(Math.floor(seconds / 3600))}:${pad2(Math.floor(seconds / 60) % 60)}:${pad2(seconds % 60)}.${
    milli < 10 ? `00${milli}` : milli < 100 ? `0${milli}` : milli
  }Z`;
}
