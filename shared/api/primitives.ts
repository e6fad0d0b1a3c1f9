import { z } from 'zod';

/**
 * A value of a string enumeration as read from the service. Known values are
 * typed; an unknown value is accepted and kept as it came, so that a real
 * deployment with more values cannot break the client (decisions.md).
 */
export function tolerantEnum<const T extends readonly [string, ...string[]]>(values: T) {
  return z.string().meta({ examples: [...values] }) as unknown as z.ZodType<T[number] | (string & {})>;
}

/** ISO 8601 date-time with `Z` or an offset; anything else is refused (decisions.md "Timestamps"). */
export const dateTime = z.iso.datetime({
  offset: true,
  error: 'must be an ISO 8601 date-time with Z or an offset, e.g. 2026-11-21T09:30:00.000Z',
});

/** Output format of every timestamp the reference service writes. */
export function toWireTime(date: Date | number): string {
  return new Date(date).toISOString();
}

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
