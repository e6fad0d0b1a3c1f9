import { z } from 'zod';

/**
 * A value of a string enumeration as read from the service. Known values are
 * typed; an unknown value is accepted and kept as it came, so that a real
 * deployment with more values cannot break the client (docs/interface.md "What the client tolerates").
 */
export function tolerantEnum<const T extends readonly [string, ...string[]]>(values: T) {
  // Bounded: a value of an enumeration is a word, not a page (a longer one is refused).
  return z
    .string()
    .max(100)
    .meta({ examples: [...values] }) as unknown as z.ZodType<T[number] | (string & {})>;
}

/** ISO 8601 date-time with `Z` or an offset; anything else is refused (docs/interface.md "Timestamps"). */
export const dateTime = z.iso.datetime({
  offset: true,
  error: 'must be an ISO 8601 date-time with Z or an offset, e.g. 2026-11-21T09:30:00.000Z',
});

const CANONICAL_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const READ_TIME = /^(\d{4}-\d\d-\d\dT\d\d:\d\d(?::\d\d(?:[.,]\d+)?)?)(Z|[+-]\d\d(?::?\d\d)?)?$/i;

/** A read timestamp in the one form the client keeps: UTC with milliseconds (unchanged when it cannot be read). */
export function canonicalTime(value: string): string {
  if (CANONICAL_TIME.test(value)) return value;
  const match = READ_TIME.exec(value);
  if (!match) return value;
  const [, local, offset = 'Z'] = match;
  const zone = /^[zZ]$/.test(offset)
    ? 'Z'
    : offset.length === 3
      ? `${offset}:00`
      : `${offset.slice(0, 3)}:${offset.slice(-2)}`;
  const ms = Date.parse(`${local!.replace(',', '.')}${zone}`);
  return Number.isNaN(ms) ? value : new Date(ms).toISOString();
}

/**
 * A timestamp as read from a service, which is not always ours: besides
 * ISO 8601 with `Z` or `+02:00`, also `+0200`, `+02`, and no offset at all,
 * which is taken as UTC (the interface's timestamps are UTC where shown).
 * Read values come out normalised to UTC with milliseconds.
 */
export const readTime = z
  .string()
  .refine((value) => CANONICAL_TIME.test(value) || (READ_TIME.test(value) && canonicalTime(value) !== value), {
    error: 'must be an ISO 8601 date-time, e.g. 2026-11-21T09:30:00.000Z',
  })
  .overwrite(canonicalTime);

/** An integer id as read from a service: a number, or a string of digits (some services quote ids). */
export const readId = z.preprocess(
  (value) => (typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : value),
  z.number().int(),
);

export const GUEST_LANGUAGES = [
  'CS',
  'DE',
  'EN',
  'ES',
  'FR',
  'HR',
  'HU',
  'IT',
  'NL',
  'PL',
  'PT',
  'RO',
  'RU',
  'TR',
  'ZH_CN',
] as const;
export type KnownGuestLanguage = (typeof GUEST_LANGUAGES)[number];
export const GuestLanguage = tolerantEnum(GUEST_LANGUAGES);
export type GuestLanguage = z.infer<typeof GuestLanguage>;

export const ITEM_STATUSES = ['SUCCESS', 'INVALID', 'CONFLICT'] as const;
export const ItemStatus = tolerantEnum(ITEM_STATUSES);
export type ItemStatus = z.infer<typeof ItemStatus>;

/** Check-in states of the reference service; a real deployment may have others. */
export const CHECK_IN_STATES = ['EXPECTED', 'CHECKED_IN', 'CHECKED_OUT', 'CANCELLED'] as const;
export type KnownCheckInState = (typeof CHECK_IN_STATES)[number];

/** Transition names the reference service accepts; a real deployment may have others. */
export const TRANSITION_EVENT_NAMES = ['CHECK_IN', 'CHECK_OUT', 'UNDO_CHECK_IN'] as const;
export type KnownTransitionEventName = (typeof TRANSITION_EVENT_NAMES)[number];

export const ERROR_CODES = [
  'VALIDATION_ERROR',
  'UNAUTHENTICATED',
  'NOT_FOUND',
  'INVALID_TRANSITION',
  'PAYLOAD_TOO_LARGE',
  'RATE_LIMITED',
  'INTERNAL',
  'UNAVAILABLE',
] as const;
export type KnownErrorCode = (typeof ERROR_CODES)[number];

export const EMPLOYEE_SORT_FIELDS = ['EMAIL'] as const;

/** A free-form object (customFields). */
export const FreeForm = z.record(z.string(), z.unknown());
export type FreeForm = z.infer<typeof FreeForm>;
