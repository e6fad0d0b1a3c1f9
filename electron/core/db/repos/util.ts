import { canonicalTime } from '../../../../shared/api/index.ts';

/**
 * The fields a response schema names (the columns a repository stores), read
 * from the schema itself: a field added to the schema is not kept twice, once
 * in its column and once in `extra`.
 */
export const keysOf = (schema: { shape: object }): readonly string[] => Object.keys(schema.shape);

/** Splits an object into the columns a repository knows and the rest (kept as JSON in `extra`). */
export function extraOf(value: Record<string, unknown>, known: readonly string[]): string | null {
  let extra: Record<string, unknown> | undefined;
  for (const key of Object.keys(value)) if (!known.includes(key)) (extra ??= {})[key] = value[key];
  return extra ? JSON.stringify(extra) : null;
}

export const jsonOrNull = (value: unknown) => (value === undefined || value === null ? null : JSON.stringify(value));
export const orNull = <T>(value: T | null | undefined): T | null => (value === undefined ? null : value);
export const parseJsonColumn = <T>(text: string | null): T | undefined =>
  text === null ? undefined : (JSON.parse(text) as T);

/**
 * Timestamps the mirror compares (windows, retention, watermarks) are stored
 * in one form, UTC with milliseconds, so that text order is time order even
 * when a service writes offsets: the read schema's canonical form
 * (canonicalTime), null kept.
 */
export function utc(value: string): string;
export function utc(value: string | null | undefined): string | null;
export function utc(value: string | null | undefined): string | null {
  return value === null || value === undefined ? null : canonicalTime(value);
}
