/**
 * Whether a typed word is within k edits (substitution, insertion,
 * deletion, or two neighbours swapped) of the start of a token: the typo
 * tolerance of the lookup. Banded, and it stops as soon as a row exceeds k,
 * so most tokens cost a handful of steps.
 */
const BIG = 1 << 20;
const MAX = 64;
const rows = [new Int32Array(MAX + 2), new Int32Array(MAX + 2), new Int32Array(MAX + 2)];

export const prefixWithin = (word: string, token: string, k: number) => editsWithin(word, token, k, true);

/** Whole strings within k edits (an email typed nearly right). */
export const within = (a: string, b: string, k: number) => editsWithin(a, b, k, false);

function editsWithin(word: string, token: string, k: number, prefix: boolean): boolean {
  const m = word.length;
  const n = prefix ? Math.min(token.length, m + k) : token.length;
  if (!prefix && Math.abs(m - n) > k) return false;
  if (m > MAX || n > MAX || n < m - k) return false;
  let [older, prev, cur] = rows as [Int32Array, Int32Array, Int32Array];
  for (let j = 0; j <= n; j++) prev[j] = j;
  prev[n + 1] = BIG;
  for (let i = 1; i <= m; i++) {
    const lo = Math.max(1, i - k);
    const hi = Math.min(n, i + k);
    cur[lo - 1] = lo === 1 ? i : BIG;
    let rowMin = lo === 1 ? i : BIG;
    const a = word.charCodeAt(i - 1);
    for (let j = lo; j <= hi; j++) {
      const b = token.charCodeAt(j - 1);
      let value = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a === b ? 0 : 1));
      if (i > 1 && j > 1 && a === token.charCodeAt(j - 2) && word.charCodeAt(i - 2) === b)
        value = Math.min(value, older[j - 2]! + 1);
      cur[j] = value;
      if (value < rowMin) rowMin = value;
    }
    cur[hi + 1] = BIG;
    if (rowMin > k) return false;
    [older, prev, cur] = [prev, cur, older];
  }
  if (!prefix) return prev[n]! <= k;
  for (let j = Math.max(0, m - k); j <= n; j++) if (prev[j]! <= k) return true;
  return false;
}

/** How many typos a typed word of this length may have. */
export function typosAllowed(length: number): number {
  return length >= 8 ? 2 : length >= 4 ? 1 : 0;
}
