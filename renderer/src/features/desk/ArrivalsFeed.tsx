import { memo, useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { formatAgo, formatClock, fullName } from '../../lib/format.ts';
import { throttle } from '../../lib/throttle.ts';
import { useNow } from '../../lib/use-now.ts';
import { onAppEvent, useSession } from '../../stores/session.ts';
import { placeText, useArrivals } from './arrivals-store.ts';
import { dayRange } from './guest-lists.ts';
import './arrivals-feed.css';

/**
 * Who just arrived, newest first: name, company, where and how long ago, so
 * that the receptionist greets a guest a kiosk let in. A strip above the
 * list; a tap opens the guest. Live: asked again whenever the guests move.
 * Memoised: it has its own store, and the desk's keystrokes do not change it.
 */
export const ArrivalsFeed = memo(function ArrivalsFeed({
  today,
  onSelect,
}: {
  today: string;
  onSelect: (invitationId: number) => void;
}) {
  const { arrivals, loaded, error, load, clear } = useArrivals(
    useShallow((s) => ({ arrivals: s.arrivals, loaded: s.loaded, error: s.error, load: s.load, clear: s.clear })),
  );
  const guestsVersion = useSession((s) => s.guestsVersion);
  const now = useNow(15_000);
  const since = dayRange(today).from;

  useEffect(() => {
    void load(since);
  }, [load, since, guestsVersion]);
  useEffect(() => {
    // A walk-in let in shows before its invitation comes back from the service.
    const reload = throttle(() => void load(since), 500);
    const stop = onAppEvent((event) => {
      if (event.type === 'walk-ins-changed') reload();
    });
    return () => {
      stop();
      reload.cancel();
    };
  }, [load, since]);
  // Locking the desk leaves no names behind in memory.
  useEffect(() => clear, [clear]);

  return (
    <section className="arrivals-feed" aria-labelledby="arrivals-feed-title" data-testid="arrivals-feed">
      <h2 id="arrivals-feed-title" className="arrivals-feed-title">
        Just arrived
      </h2>
      {arrivals.length === 0 ? (
        <p className="arrivals-feed-empty muted" data-testid="arrivals-empty">
          {error ? `The arrivals could not be loaded: ${error}` : loaded ? 'Nobody has arrived yet today.' : 'Loading…'}
        </p>
      ) : (
        <ol className="arrivals-feed-list">
          {arrivals.map((arrival) => {
            const name = fullName(arrival);
            const where = placeText(arrival.where);
            // Two lines: who and when; where and their company.
            const body = (
              <>
                <span className="arrival-line">
                  <span className="arrival-name">{name}</span>
                  <time className="arrival-time" dateTime={arrival.at} title={formatClock(arrival.at)}>
                    {formatAgo(arrival.at, now)}
                    {arrival.left && ', left'}
                  </time>
                </span>
                <span className="arrival-line">
                  <span className={`arrival-where where-${arrival.where.kind}`} data-testid="arrival-where">
                    {where}
                  </span>
                  {arrival.companyName && <span className="arrival-company">{arrival.companyName}</span>}
                </span>
              </>
            );
            return (
              <li key={arrival.invitationId}>
                {/* A walk-in not yet back from the service opens too (guests.get takes the list's -id). */}
                <button
                  type="button"
                  className="arrival"
                  onClick={() => onSelect(arrival.invitationId)}
                  data-testid="arrival"
                  data-id={arrival.invitationId}
                >
                  {body}
                </button>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
});
