/** Names, times and counts as people read them. Pure functions: the tests run them in Node. */
import type { SyncStatus } from '../../../shared/contract/sync.ts';
import { personName, writesFamilyNameFirst } from '../../../shared/domain/person-name.ts';
import { dayBounds } from '../../../shared/time.ts';

interface Named {
  firstName: string | null;
  lastName: string | null;
}

/** "Maria Popa", "王超" (in its own order: shared/domain/person-name.ts), or a stand-in when the service sent no name. */
export function fullName(person: Named & { email?: string | null }, fallback = 'Unnamed guest'): string {
  return personName(person) || person.email || fallback;
}

/** Han characters (Chinese, and the kanji of Japanese names): the shipped CJK font is needed to show them. */
const HAN = /\p{Script=Han}/u;

export function isHanName(person: Named): boolean {
  return HAN.test(`${person.firstName ?? ''}${person.lastName ?? ''}`);
}

/**
 * What a kiosk shows of a name: first name and the initial of the last one
 * ("Maria P."), enough to recognise oneself and not enough to read a guest
 * list over someone's shoulder. A name written family name first (Chinese,
 * Japanese, Korean) is shown whole in its own order ("王超", never "超 W."):
 * a Chinese or Korean family name is one of a few hundred, which says no
 * more than an initial does.
 */
export function kioskName(person: Named): string {
  if (writesFamilyNameFirst(person)) return personName(person);
  const first = person.firstName?.trim() ?? '';
  const last = person.lastName?.trim() ?? '';
  const initial = last ? `${Array.from(last)[0]!.toLocaleUpperCase()}.` : '';
  return [first, initial].filter(Boolean).join(' ');
}

function sameDay(a: Date, b: Date): boolean {
  return a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
}

function valid(iso: string | null | undefined): Date | undefined {
  if (!iso) return undefined;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

const CLOCK = { hour: '2-digit', minute: '2-digit' } as const;
const DAY = { weekday: 'short', day: 'numeric', month: 'short' } as const;
const DAY_KEY = { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' } as const;
const STAMP = { dateStyle: 'medium', timeStyle: 'short' } as const;

const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * One formatter per locale and format, made once: `toLocaleTimeString` and
 * its kin make a new one at every call (about 30 µs each, which a desk
 * re-rendering its rows, events and arrivals paid hundreds of times per
 * keystroke). The same text (the options are those of the `toLocale…`
 * calls); the time zone is the page's, read when a formatter is made.
 */
function formatter(locale: string, name: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${name}`;
  let made = formatters.get(key);
  if (!made) formatters.set(key, (made = new Intl.DateTimeFormat(locale, options)));
  return made;
}

/** "09:15" (the locale's clock) of a date. */
export const clockOf = (date: Date, locale = 'en-GB') => formatter(locale, 'clock', CLOCK).format(date);

/** "Tue 24 Nov" (the locale's words) of a date. */
export const dayOf = (date: Date, locale = 'en-GB') => formatter(locale, 'day', DAY).format(date);

export function formatClock(iso: string | null | undefined, locale = 'en-GB'): string {
  const date = valid(iso);
  return date ? clockOf(date, locale) : '';
}

/** "Tue 24 Nov" in the locale's own words. */
export function formatDay(iso: string | null | undefined, locale = 'en-GB'): string {
  const date = valid(iso);
  return date ? dayOf(date, locale) : '';
}

/** "Thu, 26 Nov 2026": a local day "YYYY-MM-DD" (a day picker's value) in the app's format; '' for anything else. */
export function formatDayKey(day: string, locale = 'en-GB'): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return '';
  return formatter(locale, 'dayKey', DAY_KEY).format(new Date(dayBounds(day).from));
}

/** "10:00 – 12:30", with the day in front when it is not today. */
export function formatTimeRange(
  startsAt: string | null | undefined,
  endsAt: string | null | undefined,
  locale = 'en-GB',
  now: Date = new Date(),
): string {
  const start = valid(startsAt);
  const end = valid(endsAt);
  if (!start && !end) return '';
  const range = start && end ? `${clockOf(start, locale)} – ${clockOf(end, locale)}` : clockOf((start ?? end)!, locale);
  const day = start ?? end!;
  return sameDay(day, now) ? range : `${dayOf(day, locale)}, ${range}`;
}

/** "26 Nov 2026, 09:15": a moment on a printed sheet, in the desk's one time format. */
export function formatStamp(iso: string | null | undefined, locale = 'en-GB'): string {
  const date = valid(iso);
  return date ? formatter(locale, 'stamp', STAMP).format(date) : '';
}

/** A day and a time, for logs and lists of past things. */
export function formatDateTime(iso: string | null | undefined, locale = 'en-GB', now: Date = new Date()): string {
  const date = valid(iso);
  if (!date) return '';
  const clock = clockOf(date, locale);
  return sameDay(date, now) ? `Today ${clock}` : `${dayOf(date, locale)} ${clock}`;
}

/** "12 s ago", "4 min ago", "3 h ago", or the date. */
export function formatAgo(iso: string | null | undefined, now: number = Date.now()): string {
  const date = valid(iso);
  if (!date) return 'never';
  const seconds = Math.max(0, Math.round((now - date.getTime()) / 1000));
  if (seconds < 5) return 'just now';
  if (seconds < 60) return `${seconds} s ago`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ago`;
  if (seconds < 86_400) return `${Math.floor(seconds / 3600)} h ago`;
  return formatter('en-GB', 'stamp', STAMP).format(date);
}

/** The newest successful pull of any resource: when this machine last heard from the service. */
export function lastSyncOf(status: SyncStatus | null | undefined): string | null {
  if (!status) return null;
  return (
    Object.values(status.resources)
      .map((r) => r.lastSuccessAt)
      .filter((t): t is string => Boolean(t))
      .sort()
      .at(-1) ?? null
  );
}

const counts = new Intl.NumberFormat('en-GB');

export function plural(count: number, one: string, many = `${one}s`): string {
  return `${counts.format(count)} ${count === 1 ? one : many}`;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** The contract's messages start lower-case (they read on after a field's name): as a sentence on screen. */
export const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
