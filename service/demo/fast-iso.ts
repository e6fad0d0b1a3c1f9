const isoDays = new Map<number, string>();
const pad2 = (n: number) => (n < 10 ? `0${n}` : `${n}`);

/**
 * Same string as toWireTime (`new Date(t).toISOString()`), a few times faster:
 * the date part is cached per day. Seeding formats half a million of these.
 */
export function iso(t: number): string {
  const day = Math.floor(t / 86_400_000);
  let prefix = isoDays.get(day);
  if (prefix === undefined) {
    const full = new Date(day * 86_400_000).toISOString();
    if (full[10] !== 'T') return new Date(t).toISOString(); // years outside 0000-9999
    prefix = full.slice(0, 11);
    isoDays.set(day, prefix);
  }
  const ms = t - day * 86_400_000;
  const milli = ms % 1000;
  const seconds = Math.floor(ms / 1000);
  return `${prefix}${pad2(Math.floor(seconds / 3600))}:${pad2(Math.floor(seconds / 60) % 60)}:${pad2(seconds % 60)}.${
    milli < 10 ? `00${milli}` : milli < 100 ? `0${milli}` : milli
  }Z`;
}
