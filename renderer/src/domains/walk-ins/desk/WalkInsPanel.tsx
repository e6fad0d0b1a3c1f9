import { useEffect, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { Icon } from '../../../components/Icon.tsx';
import { personName } from '../../../../../shared/domain/person-name.ts';
import { formatAgo } from '../../../lib/format.ts';
import { useNow } from '../../../lib/use-now.ts';
import { onAppEvent, useSession } from '../../../stores/session.ts';
import { type HostChoice, useWalkIns } from './walk-ins-store.ts';
import './walk-ins.css';

function DeclineForm({ id }: { id: number }) {
  const [reason, setReason] = useState('');
  const { decline, startDecline } = useWalkIns(
    useShallow((s) => ({ decline: s.decline, startDecline: s.startDecline })),
  );
  return (
    <form
      className="walk-in-decline"
      onSubmit={(event) => {
        event.preventDefault();
        void decline(id, reason);
      }}
    >
      <input
        autoFocus
        aria-label="Reason"
        placeholder="Reason, e.g. the host is not in today"
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        data-testid="walk-in-reason"
      />
      <button type="submit" className="button-secondary button-small" disabled={!reason.trim()}>
        Decline
      </button>
      <button type="button" className="button-ghost button-small" onClick={() => startDecline(null)}>
        Cancel
      </button>
    </form>
  );
}

/** "Add visitor": the kiosk's form, for the desk; the visitor is let in at once. */
function AddVisitor() {
  const { hostChoices, searchHosts, add, setAdding } = useWalkIns(
    useShallow((s) => ({ hostChoices: s.hostChoices, searchHosts: s.searchHosts, add: s.add, setAdding: s.setAdding })),
  );
  const [form, setForm] = useState({ firstName: '', lastName: '', companyName: '', email: '' });
  const [hostText, setHostText] = useState('');
  const [host, setHost] = useState<HostChoice | null>(null);
  const field = (key: keyof typeof form, label: string) => (
    <label>
      {label}
      <input
        value={form[key]}
        onChange={(event) => setForm({ ...form, [key]: event.target.value })}
        data-testid={`add-visitor-${key}`}
      />
    </label>
  );
  return (
    <form
      className="add-visitor"
      data-testid="add-visitor"
      onSubmit={(event) => {
        event.preventDefault();
        if (host) void add({ ...form, hostId: host.id });
      }}
    >
      {field('firstName', 'First name')}
      {field('lastName', 'Last name')}
      {field('companyName', 'Company (optional)')}
      {field('email', 'Email (optional)')}
      <label>
        Visiting
        <input
          value={host ? host.name : hostText}
          onChange={(event) => {
            setHost(null);
            setHostText(event.target.value);
            void searchHosts(event.target.value);
          }}
          data-testid="add-visitor-host"
        />
      </label>
      {!host && hostChoices.length > 0 && (
        <ul className="add-visitor-hosts">
          {hostChoices.map((h) => (
            <li key={h.id}>
              <button type="button" className="button-ghost button-small" onClick={() => setHost(h)}>
                {h.name} {h.email && <span className="muted">{h.email}</span>}
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="add-visitor-actions">
        <button
          type="submit"
          className="button-primary button-small"
          disabled={!host || !form.firstName.trim() || !form.lastName.trim()}
          data-testid="add-visitor-submit"
        >
          Check in
        </button>
        <button type="button" className="button-ghost button-small" onClick={() => setAdding(false)}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** Walk-ins waiting at the kiosks (live: every desk of the site hears a request within a second), and Add visitor. */
export function WalkInsPanel() {
  const s = useWalkIns(
    useShallow((s) => ({
      pending: s.pending,
      declining: s.declining,
      adding: s.adding,
      message: s.message,
      load: s.load,
      approve: s.approve,
      startDecline: s.startDecline,
      setAdding: s.setAdding,
    })),
  );
  const now = useNow(30_000);
  const role = useSession((state) => state.role);
  const { load } = s;
  // Asked again on every walk-ins-changed (a kiosk's request, another desk's decision) and when the role changes.
  useEffect(() => {
    void load();
    return onAppEvent((event) => {
      if (event.type === 'walk-ins-changed') void load();
    });
  }, [load, role]);

  return (
    <section className="walk-ins" aria-labelledby="walk-ins-title" data-testid="walk-ins">
      <header>
        <Icon name="users" />
        <h2 id="walk-ins-title">Walk-ins{s.pending.length > 0 ? `: ${s.pending.length} waiting` : ''}</h2>
        <button
          type="button"
          className="button-secondary button-small"
          onClick={() => s.setAdding(!s.adding)}
          data-testid="add-visitor-button"
        >
          Add visitor
        </button>
      </header>
      {s.message && (
        <p className={s.message.kind === 'error' ? 'walk-ins-error' : 'muted'} role="status">
          {s.message.text}
        </p>
      )}
      {s.adding && <AddVisitor />}
      {s.pending.length > 0 && (
        <ul>
          {s.pending.map((w) => (
            <li key={w.id} data-testid="walk-in-request" data-id={w.id}>
              <div>
                <strong>{personName(w)}</strong>
                {w.companyName && <span className="muted"> · {w.companyName}</span>}
                <span className="muted">
                  for {w.hostName ?? `employee #${w.hostId}`} · at {w.device} · {formatAgo(w.requestedAt, now)}
                </span>
              </div>
              {s.declining === w.id ? (
                <DeclineForm id={w.id} />
              ) : (
                <span className="conflict-actions">
                  <button
                    type="button"
                    className="button-primary button-small"
                    onClick={() => void s.approve(w.id)}
                    data-testid="walk-in-approve"
                  >
                    Approve
                  </button>
                  <button
                    type="button"
                    className="button-ghost button-small"
                    onClick={() => s.startDecline(w.id)}
                    data-testid="walk-in-decline"
                  >
                    Decline
                  </button>
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
