/**
 * The one cleaner of text from a service that is not ours, applied where
 * that text enters Foyer (the API client: error bodies, and every string of
 * every parsed answer) before it is stored, logged or shown.
 *
 * A hostile service has the token (it is sent to it) and may echo it in any
 * form: as it is, in other letter case, URL-encoded, in base64 or base64url,
 * in hex, broken by spaces or newlines, or in pieces across two fields. So
 * every form is looked for case-insensitively with white space ignored, and
 * not only whole: any piece of a form at least `pieceLength` long is removed,
 * so that no field, nor two fields together, gives the token back.
 */

/** Longest service text kept in an error message or detail: enough to tell what went wrong, never a whole page. */
export const SERVICE_MESSAGE_MAX = 500;

const REDACTED = '[token]';

// ANSI escape sequences (CSI ... final byte, OSC ... BEL/ST), then any other control character.
// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[[0-?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)?|\u009b[0-?]*[ -/]*[@-~]/g;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]+/g;
const BEARER = /\b(Bearer)\s+[^\s"',;]+/gi;
const SPACE = /\s/;

/** The part of base64 text that depends only on `bytes`, when they start `offset` bytes into a group of three. */
function base64Core(bytes: Buffer, offset: number): string {
  const text = Buffer.concat([Buffer.alloc(offset), bytes]).toString('base64');
  const end = (offset + bytes.length) % 3 === 0 ? text.length : text.length - 4;
  return text.slice(offset === 0 ? 0 : 4, end).replace(/=+$/, '');
}

/** The rolling hash is a polynomial in BASE, modulo 2^32 (int32 arithmetic that wraps). */
const BASE = 131;

/** A character code lower-cased (ASCII letters), or -1 for white space, which is skipped. */
function normalCode(c: number): number {
  if (c <= 32) return c === 32 || (c >= 9 && c <= 13) ? -1 : c;
  if (c >= 65 && c <= 90) return c + 32;
  if (c < 128) return c;
  return SPACE.test(String.fromCharCode(c)) ? -1 : c;
}

/**
 * Whether the hash of some `size`-long run of the text's characters
 * (lower-cased, white space skipped) passes `hit`. Every string of every
 * answer passes here: one pass, no allocation.
 */
function someRun(text: string, size: number, top: number, window: Int32Array, hit: (hash: number) => boolean): boolean {
  let hash = 0;
  let count = 0;
  let slot = 0;
  for (let i = 0; i < text.length; i++) {
    const code = normalCode(text.charCodeAt(i));
    if (code < 0) continue;
    if (count >= size) hash = (hash - Math.imul(window[slot]!, top)) | 0;
    hash = (Math.imul(hash, BASE) + code) | 0;
    window[slot] = code;
    slot = slot + 1 === size ? 0 : slot + 1;
    if (++count >= size && hit(hash)) return true;
  }
  return false;
}

/** Every form in which a secret may come back, lower-cased. */
export function formsOf(secret: string): string[] {
  const bytes = Buffer.from(secret, 'utf8');
  const forms = new Set<string>([secret, encodeURIComponent(secret), bytes.toString('hex')]);
  for (const offset of [0, 1, 2]) {
    const core = base64Core(bytes, offset);
    forms.add(core);
    forms.add(core.replace(/\+/g, '-').replace(/\//g, '_'));
  }
  return [...forms].map((form) => form.toLowerCase()).filter((form) => form.length >= 4);
}

/** The shortest piece of a form that is removed: all of a short one, half of a longer one, at most 12. */
export function pieceLength(form: string): number {
  return Math.min(form.length, Math.max(6, Math.min(12, Math.ceil(form.length / 2))));
}

interface Form {
  text: string;
  piece: number;
  /** Where each character occurs in the form. */
  at: Map<string, number[]>;
}

export interface ServiceTextCleaner {
  /** Cleans one text: secrets out, control characters out, at most `max` characters. */
  clean(text: string, max?: number): string;
  /** Whether `text` may hold a piece of a secret (a quick test; `clean` does the rest). */
  suspect(text: string): boolean;
  /** Cleans every string (and key) of a parsed answer in place; returns it. */
  cleanDeep<T>(value: T): T;
}

/**
 * `secrets`: what must never come back (the token, the base URL's keys).
 * Secrets shorter than 4 characters cannot be told from ordinary text and are
 * left alone.
 */
export function createServiceTextCleaner(secrets: readonly string[]): ServiceTextCleaner {
  const forms: Form[] = [...new Set(secrets.filter((s) => s.length >= 4).flatMap(formsOf))].map((text) => {
    const at = new Map<string, number[]>();
    for (let i = 0; i < text.length; i++) at.set(text[i]!, [...(at.get(text[i]!) ?? []), i]);
    return { text, piece: pieceLength(text), at };
  });
  const shortest = Math.min(...forms.map((f) => f.piece));
  // Every `gram`-long run of every form, by its rolling hash: a piece of at least `shortest` characters holds one.
  const gram = Math.min(shortest, 6);
  const grams = new Set<number>();
  let top = 1; // BASE^(gram-1), wrapped
  for (let i = 1; i < gram; i++) top = Math.imul(top, BASE);
  const window = new Int32Array(gram);
  for (const { text } of forms) someRun(text, gram, top, window, (hash) => (grams.add(hash), false));
  const isGram = (hash: number) => grams.has(hash);

  /** The text lower-cased without its white space, with where each character came from. */
  function squeeze(text: string): { chars: string; from: number[] } {
    let chars = '';
    const from: number[] = [];
    for (let i = 0; i < text.length; i++) {
      const c = text[i]!;
      if (SPACE.test(c)) continue;
      const lower = c.toLowerCase();
      chars += lower.length === 1 ? lower : c;
      from.push(i);
    }
    return { chars, from };
  }

  /** Every answer's every string passes here: no allocation, one pass (a hash hit is checked by `pieces`). */
  function suspect(text: string): boolean {
    return forms.length > 0 && text.length >= gram && someRun(text, gram, top, window, isGram);
  }

  /** The ranges of `text` (start, end) that are pieces of a secret's form. */
  function pieces(text: string): [number, number][] {
    const { chars, from } = squeeze(text);
    const ranges: [number, number][] = [];
    for (const form of forms)
      for (let i = 0; i < chars.length;) {
        let best = 0;
        for (const p of form.at.get(chars[i]!) ?? []) {
          let k = 0;
          while (i + k < chars.length && p + k < form.text.length && chars[i + k] === form.text[p + k]) k++;
          best = Math.max(best, k);
        }
        if (best >= form.piece) {
          ranges.push([from[i]!, from[i + best - 1]! + 1]);
          i += best;
        } else i++;
      }
    return ranges.sort((a, b) => a[0] - b[0]);
  }

  function redact(text: string): string {
    if (!suspect(text)) return text;
    let out = '';
    let end = 0;
    for (const [from, to] of pieces(text)) {
      if (to <= end) continue;
      if (from >= end) out += text.slice(end, from) + REDACTED;
      end = Math.max(end, to);
    }
    return out + text.slice(end);
  }

  function clean(text: string, max = SERVICE_MESSAGE_MAX): string {
    // Capped before the slower steps (a hostile text may be huge), and again after them.
    let out = text.length > max * 4 ? text.slice(0, max * 4) : text;
    out = redact(out.replace(ANSI, '').replace(CONTROL, ' '));
    out = out.replace(BEARER, `$1 ${REDACTED}`).replace(/ {2,}/g, ' ').trim();
    return out.length > max ? `${out.slice(0, max - 1)}…` : out;
  }

  // The keys of an answer are few and repeat on every record: each is looked at once.
  const keys = new Map<string, boolean>();
  function suspectKey(key: string): boolean {
    let known = keys.get(key);
    if (known === undefined) {
      known = suspect(key);
      if (keys.size < 10_000) keys.set(key, known);
    }
    return known;
  }

  function cleanDeep<T>(value: T): T {
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) {
        const item: unknown = value[i];
        if (typeof item === 'string') {
          if (suspect(item)) value[i] = redact(item);
        } else if (item && typeof item === 'object') cleanDeep(item);
      }
    } else if (value && typeof value === 'object') {
      const record = value as Record<string, unknown>;
      for (const key of Object.keys(record)) {
        const item = record[key];
        if (typeof item === 'string') {
          if (suspect(item)) record[key] = redact(item);
        } else if (item && typeof item === 'object') cleanDeep(item);
        if (suspectKey(key)) {
          record[redact(key)] = record[key];
          delete record[key];
        }
      }
    }
    return value;
  }

  return { clean, suspect, cleanDeep };
}
