import { useEffect, useState } from 'react';
import type { OperationOutput } from '../../../../shared/contract/operations.ts';
import type { SyncStatus } from '../../../../shared/contract/sync.ts';
import { explain } from '../../../../shared/service-errors.ts';
import { Icon } from '../../components/Icon.tsx';
import { api } from '../../lib/api.ts';
import { errorText } from '../../lib/error-text.ts';
import { formatAgo, formatClock, formatDateTime } from '../../lib/format.ts';
import { useNow } from '../../lib/use-now.ts';
import { useSession } from '../../stores/session.ts';

const RESOURCES = [
  ['invitations', 'Invitations'],
  ['checkIns', 'Check-ins'],
  ['groups', 'Access profile groups'],
  ['employees', 'Employees'],
] as const;

type Resource = SyncStatus['resources'][string];
type History = OperationOutput<'sync.history'>;

const WARNING_KINDS: Record<string, string> = {
  skipped: 'Records skipped',
  incomplete: 'Listing incomplete',
  held: 'Changes held',
};

/** The last error, as a sentence a person can act on: the one explanation of its kind, then the service's words. */
function errorSentence(error: NonNullable<Resource['lastError']>): string {
  const { what, next } = explain(error.kind);
  return `${what} (${formatDateTime(error.at)}): ${error.message}.${next ? ` ${next}` : ''}`;
}

function ResourceRow({ id, label, resource, now }: { id: string; label: string; resource: Resource; now: number }) {
  const warnings = resource.warnings ?? [];
  return (
    <tr data-testid={`sync-row-${id}`}>
      <th scope="row">
        {label}
        {resource.running && (
          <span className="muted">
            {' '}
            · syncing
            {resource.progress ? ` ${resource.progress.pagesDone}/${resource.progress.pagesTotal} pages` : '…'}
          </span>
        )}
      </th>
      <td>
        {resource.lastSuccessAt ? (
          <span title={formatDateTime(resource.lastSuccessAt)}>{formatAgo(resource.lastSuccessAt, now)}</span>
        ) : (
          <span className="muted">never</span>
        )}
      </td>
      <td>{resource.lastFullAt ? formatDateTime(resource.lastFullAt) : <span className="muted">never</span>}</td>
      <td className="wrap">
        {resource.lastError ? (
          <span className="error-text">{errorSentence(resource.lastError)}</span>
        ) : (
          <span className="muted">none</span>
        )}
        {warnings.length > 0 && (
          <ul className="warning-list" data-testid={`sync-warnings-${id}`}>
            {warnings.map((w, i) => (
              <li key={i}>
                <strong>{WARNING_KINDS[w.kind] ?? w.kind}:</strong> {w.message}
              </li>
            ))}
          </ul>
        )}
      </td>
    </tr>
  );
}

/** Online and offline today, as spans from each change to the next. */
function HistoryStrip({ history }: { history: History }) {
  if (history.length === 0) return <p className="muted">No change between online and offline recorded today.</p>;
  return (
    <ol className="online-history" data-testid="online-history">
      {history.map((h, i) => {
        const until = history[i + 1]?.at;
        return (
          <li key={h.at} className={h.online ? 'online' : 'offline'}>
            <Icon name={h.online ? 'checkCircle' : 'cloudOff'} size={16} />
            <span>
              <strong>{h.online ? 'Online' : 'Offline'}</strong> from {formatClock(h.at)}
              {until ? ` to ${formatClock(until)}` : ' until now'}
            </span>
          </li>
        );
      })}
    </ol>
  );
}

/** How fresh each part of the mirror is, what went wrong, and today's connectivity. */
export function SyncPanel() {
  const status = useSession((s) => s.status);
  const [history, setHistory] = useState<History>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Also the clock for the history: a drop shorter than the status's throttle shows at the next tick.
  const now = useNow(5_000);
  const online = status?.online;
  useEffect(() => {
    void api.call('sync.history', {}).then(setHistory, () => {});
  }, [online, now]);
  const syncNow = async () => {
    setBusy(true);
    setError(null);
    try {
      await api.call('sync.now', { full: true });
      setHistory(await api.call('sync.history', {}));
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="sync-panel" data-testid="sync-panel">
      <section className="card">
        <header className="card-head">
          <div>
            <h2>Sync</h2>
            <p className="muted">
              {status?.tokenRejected
                ? 'The service rejected the token: nothing is pulled or sent until a new one is set (Settings, Connection).'
                : online === false
                  ? 'Offline: the mirror shows what it last received; changes wait in the outbox.'
                  : online
                    ? 'Online.'
                    : 'Contacting the service…'}
            </p>
          </div>
          <button
            type="button"
            className="button-primary"
            onClick={() => void syncNow()}
            disabled={busy}
            data-testid="sync-now"
          >
            {busy ? <span className="spinner" aria-hidden="true" /> : <Icon name="refresh" size={18} />}
            Sync now
          </button>
        </header>
        {error && (
          <div className="banner banner-error" role="alert">
            <Icon name="alert" />
            {error}
          </div>
        )}
        <div className="table-wrap">
          <table className="data-table sync-table">
            <thead>
              <tr>
                <th scope="col">What</th>
                <th scope="col">Last success</th>
                <th scope="col">Last full listing</th>
                <th scope="col">Problems</th>
              </tr>
            </thead>
            <tbody>
              {RESOURCES.map(([id, label]) => {
                const resource = status?.resources[id];
                return resource ? <ResourceRow key={id} id={id} label={label} resource={resource} now={now} /> : null;
              })}
            </tbody>
          </table>
        </div>
      </section>
      <section className="card">
        <header className="card-head">
          <h2>Today</h2>
        </header>
        <HistoryStrip history={history} />
      </section>
    </div>
  );
}
