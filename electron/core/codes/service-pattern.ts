/**
 * The service's invitation QR pattern (kiosk.codes.servicePattern), set by an
 * admin and matched against what anyone scans or types at a kiosk. A
 * backtracking engine (JavaScript's RegExp) takes exponential time on some
 * patterns: `^(\d+)(?:a+a+)+$` took 12 s on a code of 30 characters, and
 * blocked every other request meanwhile. So the kiosk matches with RE2
 * (re2js, a linear-time engine: no pattern can block the host), and setting
 * a pattern refuses what RE2 cannot read (lookaround, backreferences) and any
 * repetition inside a repetition (safe-regex2's star-height check), which
 * would be a trap under any backtracking reader of the same setting.
 */
import { RE2JS } from 're2js';
import isSafe from 'safe-regex2';
import { type CodeMatcher, readServiceCode, type ServiceCodeReading } from '../../../shared/domain/service-code.ts';

/** The last patterns compiled: a kiosk compiles its pattern once, not at every scan. */
const compiled = new Map<string, CodeMatcher>();

/** The pattern compiled by RE2: the groups of the first match in a text, or null. Throws when RE2 cannot read it. */
export function linearMatcher(pattern: string): CodeMatcher {
  let matcher = compiled.get(pattern);
  if (!matcher) {
    const expression = RE2JS.compile(pattern);
    matcher = (text) => {
      const match = expression.matcher(text);
      if (!match.find()) return null;
      return Array.from({ length: expression.groupCount() + 1 }, (_, i) => match.group(i) ?? undefined);
    };
    if (compiled.size >= 8) compiled.delete(compiled.keys().next().value!);
    compiled.set(pattern, matcher);
  }
  return matcher;
}

/** What the kiosk reads in a scanned or typed code by the site's pattern, in linear time. */
export const readServiceCodeLinear = (pattern: string | null, text: string): ServiceCodeReading =>
  readServiceCode(pattern, text, linearMatcher);

/** Why an admin may not set this pattern, or undefined when it is fine (its groups are checked by the contract). */
export function servicePatternProblem(pattern: string): string | undefined {
  try {
    linearMatcher(pattern);
  } catch {
    return 'codes.servicePattern uses what the kiosk cannot match (a lookahead, lookbehind or backreference): write it with plain groups, classes and repetitions';
  }
  if (!isSafe(pattern))
    return 'codes.servicePattern repeats a repetition (such as (a+)+ or (\\d*x*)*), which can take minutes on some codes: repeat each part once, e.g. ^https://visit\\.example\\.com/i/(\\d+)$';
  return undefined;
}
