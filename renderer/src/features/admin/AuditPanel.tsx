import { useEffect, useState } from 'react';
import { type AuditEntry, type AuditFilter, auditActionLabel } from '../../../../shared/contract/audit.ts';
import { dayBounds, dayKey, DAY, iso } from '../../../../shared/time.ts';
import { DayField } from '../../components/DayField.tsx';
import { Icon } from '../../components/Icon.tsx';
import { api } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/format.ts';
import { downloadText } from './browser-files.ts';
import { message } from './error-text.ts';

const ROLE_LABELS: Record<string, string> = { desk: 'Desk', admin: 'Admin', system: 'Automatic' };

interface Filters {
  fromDay: string;
  toDay: string;
  action: string;
  device: string;
  role: string;
}

/** The filters as the contract takes them: the days as this browser's local days, to exclusive. */
function filterOf(f: Filters): AuditFilter {
  return {
    ...(f.fromDay ? { from: iso(dayBounds(f.fromDay).from) } : {}),
    ...(f.toDay ? { to: iso(dayBounds(f.toDay).to) } : {}),
    ...(f.action ? { action: f.action } : {}),
    ...(f.device ? { device: f.device } : {}),
    ...(f.role ? { role: f.role as NonNullable<AuditFilter['role']> } : {}),
  };
}

/** Who did what, when, from which screen ("Anna Weber, desk, Reception tablet"): the audit log, filtered, and as CSV. */
export function AuditPanel() {
  const [filters, setFilters] = useState<Filters>(() => ({
    fromDay: dayKey(Date.now() - 6 * DAY),
    toDay: dayKey(Date.now()),
    action: '',
    device: '',
    role: '',
  }));
  const [entries, setEntries] = useState<AuditEntry[]>([]);
  const [choices, setChoices] = useState<{ actions: string[]; devices: string[] }>({ actions: [], devices: [] });
  const [more, setMore] = useState(false);
  const [error, setError] = useState<string | null>(null);

  // Asked again whenever a filter changes; an answer that comes after a newer question is dropped.
  useEffect(() => {
    let current = true;
    api.call('audit.list', filterOf(filters)).then(
      (result) => {
        if (!current) return;
        setEntries(result.entries);
        setMore(result.more);
        setChoices({ actions: result.actions, devices: result.devices });
        setError(null);
      },
      (e: unknown) => current && setError(message(e)),
    );
    return () => {
      current = false;
    };
  }, [filters]);

  const exportCsv = async () => {
    try {
      const { fileName, csv } = await api.call('audit.exportCsv', filterOf(filters));
      downloadText(fileName, csv);
    } catch (e) {
      setError(message(e));
    }
  };
  const set = (key: keyof Filters) => (event: { target: { value: string } }) =>
    setFilters((f) => ({ ...f, [key]: event.target.value }));
  const setDay = (key: 'fromDay' | 'toDay') => (day: string) => setFilters((f) => ({ ...f, [key]: day }));

  return (
    <section className="card audit" data-testid="audit">
      <header className="card-head">
        <div>
          <h2>Audit log</h2>
          <p className="muted">
            Every staff action with its time and who did it: the person (when they unlocked with their own PIN or card),
            the role and the screen. Kept as long as the audit log’s retention setting says.
          </p>
        </div>
        <div className="button-row">
          <button type="button" className="button-secondary" onClick={() => void exportCsv()} data-testid="audit-csv">
            <Icon name="download" size={18} />
            Export CSV
          </button>
        </div>
      </header>
      <div className="audit-filters" role="group" aria-label="Filters">
        <label className="field">
          <span>From</span>
          <DayField value={filters.fromDay} onChange={setDay('fromDay')} optional />
        </label>
        <label className="field">
          <span>To</span>
          <DayField value={filters.toDay} onChange={setDay('toDay')} optional />
        </label>
        <label className="field">
          <span>Action</span>
          <select value={filters.action} onChange={set('action')} data-testid="audit-action">
            <option value="">Every action</option>
            {choices.actions
              .map((a) => ({ value: a, label: auditActionLabel(a) }))
              .sort((a, b) => a.label.localeCompare(b.label))
              .map(({ value, label }) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
          </select>
        </label>
        <label className="field">
          <span>Screen or device</span>
          <select value={filters.device} onChange={set('device')}>
            <option value="">Every screen</option>
            {choices.devices.map((d) => (
              <option key={d}>{d}</option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>Role</span>
          <select value={filters.role} onChange={set('role')}>
            <option value="">Every role</option>
            {Object.entries(ROLE_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
      </div>
      {error && (
        <div className="banner banner-error" role="alert">
          <Icon name="alert" />
          {error}
        </div>
      )}
      {entries.length === 0 ? (
        <div className="empty">
          <Icon name="inbox" size={32} />
          <p>No staff action matches these filters.</p>
        </div>
      ) : (
        <div className="table-wrap">
          <table className="data-table audit-table">
            <thead>
              <tr>
                <th scope="col">Time</th>
                <th scope="col">What happened</th>
                <th scope="col">Who</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((e) => (
                <tr key={e.id} data-testid="audit-row">
                  <td className="nowrap">{formatDateTime(e.at)}</td>
                  <td>
                    <div className="cell-stack">
                      <span>{e.sentence}</span>
                      {e.detail && <span className="muted">{e.detail}</span>}
                    </div>
                  </td>
                  <td data-testid="audit-who">{e.who}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {more && <p className="muted">The newest 500 are shown: narrow the filters, or export them all as CSV.</p>}
        </div>
      )}
    </section>
  );
}
