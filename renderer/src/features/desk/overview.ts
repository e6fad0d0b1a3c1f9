/** The day's figures in words and the chart's hours. Pure: tested in Node. */
import { clockHour, HOUR } from '../../../../shared/time.ts';

/**
 * The clock hour of each of the day's hours, as "08": the core counts
 * arrivals per hour from the day's start (`from`), and on the days the
 * clocks change the hours after the change are not the hours since midnight
 * (23 of them in spring, with no 02; 25 in autumn, with 02 twice).
 */
export function hourLabels(from: string, hours: number): string[] {
  const start = Date.parse(from);
  return Array.from({ length: hours }, (_, i) => String(clockHour(start + i * HOUR)).padStart(2, '0'));
}

/** The clock at the start and end of each of the day's hours, "09:00" and "10:00" (see hourLabels for the days the clocks change). */
export function hourSpans(from: string, hours: number): [string, string][] {
  const start = Date.parse(from);
  const clock = (at: number) => `${String(clockHour(at)).padStart(2, '0')}:00`;
  return Array.from({ length: hours }, (_, i) => [clock(start + i * HOUR), clock(start + (i + 1) * HOUR)]);
}

/** A bar's tooltip as a sentence: "211 arrivals between 09:00 and 10:00". */
export function arrivalsSentence(arrivals: number, [start, end]: readonly [string, string]): string {
  return `${arrivals.toLocaleString('en-GB')} ${arrivals === 1 ? 'arrival' : 'arrivals'} between ${start} and ${end}`;
}

/** "none yet", or every hour with arrivals ("08:00 3, 09:00 12"), with the busiest hour named. */
export function arrivalsSummary(perHour: readonly number[], labels: readonly string[]): string {
  const busy = perHour.flatMap((n, h) => (n > 0 ? [[`${labels[h]}:00`, n] as const] : []));
  if (busy.length === 0) return 'none yet.';
  const [peakHour, peak] = busy.reduce((best, x) => (x[1] > best[1] ? x : best));
  return `${busy.map(([h, n]) => `${h} ${n}`).join(', ')}. Busiest hour ${peakHour} with ${peak}.`;
}
