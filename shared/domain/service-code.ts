/**
 * The service's own invitation QR codes, read by the site's pattern
 * (kiosk.codes.servicePattern): a regular expression with one capturing
 * group around the invitation id. One reader for the kiosk (which needs the
 * id) and the admin console's "try a code" (which needs the reason too).
 * Plain TypeScript: the renderer bundles it.
 */

export type ServiceCodeReading = { id: number } | { reason: string };

/** Which invitation id a scanned text stands for by this pattern, or why it stands for none. */
export function readServiceCode(pattern: string | null, text: string): ServiceCodeReading {
  if (!pattern) return { reason: 'no pattern is set: the kiosk accepts only the pass codes Foyer prints' };
  let expression: RegExp;
  try {
    expression = new RegExp(pattern, 'u');
  } catch {
    return { reason: 'the pattern is not a valid regular expression' };
  }
  const match = expression.exec(text.trim());
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
