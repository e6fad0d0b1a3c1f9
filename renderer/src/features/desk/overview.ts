/** The day's figures in words: the text alternative of the arrivals chart. Pure: tested in Node. */

const hour = (h: number) => `${String(h).padStart(2, '0')}:00`;

/** "none yet", or every hour with arrivals ("08:00 3, 09:00 12"), with the busiest hour named. */
export function arrivalsSummary(perHour: readonly number[]): string {
  const busy = perHour.flatMap((n, h) => (n > 0 ? [[h, n] as const] : []));
  if (busy.length === 0) return 'none yet.';
  const [peakHour, peak] = busy.reduce((best, x) => (x[1] > best[1] ? x : best));
  return `${busy.map(([h, n]) => `${hour(h)} ${n}`).join(', ')}. Busiest hour ${hour(peakHour)} with ${peak}.`;
}
