import { useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { MatchedPart } from '../../../../shared/contract/watchlist.ts';
import { Icon } from '../../components/Icon.tsx';
import { formatAgo } from '../../lib/format.ts';
import { useNow } from '../../lib/use-now.ts';
import { onAppEvent, useSession } from '../../stores/session.ts';
import { useWatchlist } from './watchlist-store.ts';
import './watchlist.css';

const HOW: Record<MatchedPart['how'], string> = {
  exact: 'the same',
  spelling: 'spelled otherwise',
  script: 'in another script',
  typo: 'a letter or two apart',
  email: 'the same email',
  company: 'the same company',
};

/**
 * Watchlist alerts (live: every desk of the site hears one within a second, with the entry's note and how the
 * names matched), each decided at any desk: Let in, Turn away, or Not this person (remembered for this visitor).
 */
export function WatchlistPanel() {
  const s = useWatchlist(
    useShallow((s) => ({ alerts: s.alerts, message: s.message, load: s.load, heard: s.heard, decide: s.decide })),
  );
  const now = useNow(30_000);
  const role = useSession((state) => state.role);
  const { load, heard } = s;
  useEffect(() => {
    void load();
    return onAppEvent((event) => {
      if (event.type !== 'watchlist-changed') return;
      if (event.alert) heard(event.alert);
      else void load();
    });
  }, [load, heard, role]);

  if (s.alerts.length === 0 && !s.message) return null;
  return (
    <section
      className="watchlist-alerts"
      aria-labelledby="watchlist-title"
      aria-live="assertive"
      data-testid="watchlist-alerts"
    >
      <header>
        <Icon name="alert" />
        <h2 id="watchlist-title">Watchlist{s.alerts.length > 0 ? `: ${s.alerts.length} to decide` : ''}</h2>
      </header>
      {s.message && (
        <p className={s.message.kind === 'error' ? 'watchlist-error' : 'muted'} role="status">
          {s.message.text}
        </p>
      )}
      <ul>
        {s.alerts.map((a) => (
          <li key={a.id} className={`watchlist-${a.action}`} data-testid="watchlist-alert" data-id={a.id}>
            <div>
              <strong>
                {a.name}
                {a.companyName ? ` · ${a.companyName}` : ''}
              </strong>
              <span>
                {a.action === 'deny' ? 'Do not let in' : 'Alert'}: matches “{a.entryName}” ({Math.round(a.score * 100)}
                %)
              </span>
              {a.note && <span className="watchlist-note">{a.note}</span>}
              <span className="muted">
                {a.matches.map((m) => `${m.person} ~ ${m.entry} (${HOW[m.how]})`).join(', ')}
              </span>
              <span className="muted">
                {a.point} · {a.device} · {formatAgo(a.raisedAt, now)}
              </span>
            </div>
            <span className="conflict-actions">
              <button
                type="button"
                className="button-secondary button-small"
                onClick={() => void s.decide(a.id, 'letIn')}
                data-testid="watchlist-let-in"
              >
                Let in
              </button>
              <button
                type="button"
                className="button-secondary button-small"
                onClick={() => void s.decide(a.id, 'turnAway')}
                data-testid="watchlist-turn-away"
              >
                Turn away
              </button>
              <button
                type="button"
                className="button-ghost button-small"
                onClick={() => void s.decide(a.id, 'notThisPerson')}
                data-testid="watchlist-not-this-person"
              >
                Not this person
              </button>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
