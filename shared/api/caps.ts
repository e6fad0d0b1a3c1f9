/**
 * Lengths of what a service may send, applied where its answers are read (the
 * response schemas): a service that is not ours may send a 300 KB surname,
 * and every screen, search and keystroke of the kiosk would carry it. Text a
 * person reads is cut (with an ellipsis) at a length no real value reaches;
 * a value that identifies something (a sourceId, a state, a PIN) is not cut,
 * since a cut one would name something else: a record with one too long is
 * set aside like any other the interface's shape refuses.
 */
import { z } from 'zod';

export const SERVICE_TEXT_LIMITS = {
  /** First and last names, company, event, location and group names. */
  name: 200,
  email: 320,
  /** An event's description. */
  description: 2_000,
  /** Error messages and per-item messages. */
  message: 500,
  /** Image addresses and other URLs. */
  url: 2_048,
  /** Birthdates and other short free text (a date, a document number). */
  short: 100,
  /** Identifiers (sourceIds, states, card numbers, enum values): longer ones are refused, not cut. */
  id: 200,
  /** Strings inside free-form values (customFields and fields beyond the interface's). */
  freeFormString: 500,
  /** Members of one free-form object or items of one array; the rest are dropped. */
  freeFormEntries: 50,
  /** Nesting of free-form values; deeper ones are dropped. */
  freeFormDepth: 4,
} as const;

/** The text cut to `max` characters, its last one an ellipsis. */
export function cut(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** A string a person reads, cut at `max`. */
export const cutText = (max: number) => z.string().overwrite((text) => cut(text, max));

/** A value of a free-form part of an answer, made small: strings cut, objects and arrays bounded, depth bounded. */
export function boundFreeForm(value: unknown, depth = 0): unknown {
  const { freeFormString, freeFormEntries, freeFormDepth } = SERVICE_TEXT_LIMITS;
  if (typeof value === 'string') return cut(value, freeFormString);
  if (value === null || typeof value !== 'object') return value;
  if (depth >= freeFormDepth) return null;
  if (Array.isArray(value)) return value.slice(0, freeFormEntries).map((item) => boundFreeForm(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value).slice(0, freeFormEntries))
    out[cut(key, SERVICE_TEXT_LIMITS.short)] = boundFreeForm((value as Record<string, unknown>)[key], depth + 1);
  return out;
}

/** Any value beyond the interface's fields, bounded (see boundFreeForm). */
export const boundedUnknown = z.unknown().overwrite((value) => boundFreeForm(value, 1));
