/**
 * Text rules of the app contract, for every operation's input: no control
 * characters anywhere (a NUL reached SQLite as a 500; escapes reach logs and
 * terminals), and text from a caller is never echoed back in full.
 */

/** Control characters (C0, DEL, C1): no input text of any operation may hold one. */
const CONTROL = /\p{Cc}/u;

/** The path of the first text (or key) in an input that holds a control character. */
export function controlCharacterAt(input: unknown, path: PropertyKey[] = []): PropertyKey[] | undefined {
  if (typeof input === 'string') return CONTROL.test(input) ? path : undefined;
  if (input === null || typeof input !== 'object') return undefined;
  for (const [key, value] of Object.entries(input)) {
    if (CONTROL.test(key)) return [...path, clip(key)];
    const found = controlCharacterAt(value, [...path, Array.isArray(input) ? Number(key) : key]);
    if (found) return found;
  }
  return undefined;
}

/** A caller's text as it may appear in a message: control characters escaped, at most `max` characters. */
export function clip(text: string, max = 60): string {
  const clean = text.replace(/\p{Cc}/gu, (c) => `\\u${c.codePointAt(0)!.toString(16).padStart(4, '0')}`);
  return clean.length > max ? `${clean.slice(0, max)}…` : clean;
}
