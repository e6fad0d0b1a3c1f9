/**
 * The service's own invitation QR codes, read by the site's pattern
 * (kiosk.codes.servicePattern): a regular expression with one capturing
 * group around the invitation id. One reader for the kiosk (which needs the
 * id) and the admin console's "try a code" (which needs the reason too).
 * Plain TypeScript: the renderer bundles it.
 */

export type ServiceCodeReading = { id: number } | { reason: string };

/** A compiled pattern: the groups of its first match in a text (0: the whole match), or null. */
export type CodeMatcher = (text: string) => readonly (string | undefined)[] | null;

/** JavaScript's own engine: for the admin console's "try a code" (the kiosk matches in linear time, codes/). */
const nativeMatcher = (pattern: string): CodeMatcher => {
  const expression = new RegExp(pattern, 'u');
  return (text) => expression.exec(text);
};

/** Which invitation id a scanned text stands for by this pattern, or why it stands for none. */
export function readServiceCode(
  pattern: string | null,
  text: string,
  compile: (pattern: string) => CodeMatcher = nativeMatcher,
): ServiceCodeReading {
  if (!pattern) return { reason: 'no pattern is set: the kiosk accepts only the pass codes Foyer prints' };
  let matcher: CodeMatcher;
  try {
    matcher = compile(pattern);
  } catch {
    return { reason: 'the pattern is not a valid regular expression' };
  }
  const match = matcher(text.trim());
  if (!match) return { reason: 'the pattern does not match this code' };
  const captured = match[1];
  if (captured === undefined) return { reason: 'the pattern matches, but has no capturing group ( ) around the id' };
  if (!/^\d{1,12}$/.test(captured))
    return {
      reason: `the pattern matches, but its group captured “${captured.slice(0, 40)}”: an invitation id is digits only`,
    };
  const id = Number(captured);
  return Number.isSafeInteger(id) && id > 0 ? { id } : { reason: 'the group captured 0: an invitation id starts at 1' };
}

/**
 * A pattern made from one example of the service's codes: the text as it is
 * (special characters escaped), anchored, with its last number as the
 * invitation id: "https://visit.example.com/i/4711" gives
 * ^https://visit\.example\.com/i/(\d+)$. Undefined when the text holds no number.
 */
export function patternFromExample(example: string): string | undefined {
  const text = example.trim();
  const last = /\d+(?!.*\d)/su.exec(text);
  if (!last) return undefined;
  const escape = (part: string) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const before = escape(text.slice(0, last.index));
  const after = escape(text.slice(last.index + last[0].length));
  return `^${before}(\\d+)${after}$`;
}
