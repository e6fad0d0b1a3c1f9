import { memo } from 'react';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { Overview } from './desk-store.ts';
import { arrivalsSentence, arrivalsSummary, hourLabels, hourSpans } from './overview.ts';

/**
 * The day at a glance: arrivals per hour as bars, and who is on site now as
 * a number. The chart is drawn for the eye; the same facts are in its text
 * alternative for a screen reader. Memoised: the desk draws itself again at
 * every keystroke of a search, and the chart changes only with the overview.
 */
export const ArrivalsChart = memo(function ArrivalsChart({
  overview,
  from,
  day,
  isToday,
}: {
  overview: Overview;
  /** The start of the day the overview counts from (its local midnight). */
  from: string;
  day: string;
  isToday: boolean;
}) {
  // Each bar is named by the clock: on the days the clocks change, not every hour since midnight is one.
  const labels = hourLabels(from, overview.arrivalsPerHour.length);
  const spans = hourSpans(from, overview.arrivalsPerHour.length);
  const data = overview.arrivalsPerHour.map((arrivals, i) => ({
    hour: labels[i]!,
    arrivals,
    sentence: arrivalsSentence(arrivals, spans[i]!),
  }));
  const total = overview.arrivalsPerHour.reduce((sum, n) => sum + n, 0);
  const summary = arrivalsSummary(overview.arrivalsPerHour, labels);
  return (
    <section className="overview" aria-labelledby="overview-title" data-testid="overview">
      <div className="overview-figures">
        <h2 id="overview-title" className="overview-title">
          {isToday ? 'Today' : day}
        </h2>
        {isToday && (
          <p className="overview-figure" data-testid="on-site-now">
            <strong>{overview.onSite.toLocaleString()}</strong> on site now
          </p>
        )}
        <p className="overview-figure">
          <strong>{total.toLocaleString()}</strong> {total === 1 ? 'arrival' : 'arrivals'}
        </p>
      </div>
      <figure className="overview-chart">
        <div aria-hidden="true" className="overview-plot">
          <ResponsiveContainer width="100%" height={96}>
            <BarChart accessibilityLayer={false} data={data} margin={{ top: 6, right: 4, bottom: 0, left: 0 }}>
              <CartesianGrid vertical={false} stroke="#e3e8ef" />
              <XAxis
                dataKey="hour"
                tickLine={false}
                axisLine={false}
                interval={2}
                tick={{ fontSize: 11, fill: '#3d4a5c' }}
              />
              <YAxis
                allowDecimals={false}
                tickLine={false}
                axisLine={false}
                width={30}
                tick={{ fontSize: 11, fill: '#3d4a5c' }}
              />
              <Tooltip
                cursor={{ fill: 'rgb(15 107 107 / 0.08)' }}
                content={({ active, payload }) => {
                  // The bar's hour and count as one sentence ("211 arrivals between 09:00 and 10:00").
                  const bar = payload?.[0]?.payload as { sentence: string } | undefined;
                  return active && bar ? <div className="chart-tip">{bar.sentence}</div> : null;
                }}
              />
              <Bar dataKey="arrivals" fill="#0f6b6b" radius={[3, 3, 0, 0]} isAnimationActive={false} />
            </BarChart>
          </ResponsiveContainer>
        </div>
        <figcaption className="sr-only" data-testid="chart-text">
          Arrivals per hour: {summary}
        </figcaption>
      </figure>
    </section>
  );
});
