import type { ReactNode } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { Guest } from '../../../../shared/contract/operations.ts';
import { Icon } from '../../components/Icon.tsx';
import { formatDateTime, formatTimeRange, fullName } from '../../lib/format.ts';
import { useDesk } from './desk-store.ts';
import { ActionButtons, StateBadge } from './GuestTable.tsx';

const humanise = (key: string) =>
  key
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .replace(/^./, (c) => c.toUpperCase());

function show(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** A record the service sent as it is (trustedId results, legitimation): every field, readable. */
function RecordList({ record }: { record: Record<string, unknown> }) {
  const entries = Object.entries(record);
  if (entries.length === 0) return <p className="muted">No details.</p>;
  return (
    <dl className="facts">
      {entries.map(([key, value]) => (
        <div key={key}>
          <dt>{humanise(key)}</dt>
          <dd>{show(value)}</dd>
        </div>
      ))}
    </dl>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children || <span className="muted">—</span>}</dd>
    </div>
  );
}

/** One guest with everything the desk may know: host, access PIN, identity checks. */
export function GuestDetailPanel({ fallback }: { fallback: Guest | undefined }) {
  const { detail, loading, busy, select, transition } = useDesk(
    useShallow((s) => ({
      detail: s.detail,
      loading: s.detailLoading,
      busy: s.selectedId === null ? undefined : s.busy[s.selectedId],
      select: s.select,
      transition: s.transition,
    })),
  );
  const guest = detail ?? fallback;
  if (!guest) return null;
  return (
    <aside className="detail-panel" aria-label={`Details of ${fullName(guest)}`} data-testid="guest-detail">
      <header className="detail-head">
        <div>
          <h2>{fullName(guest)}</h2>
          <p className="muted">{guest.companyName ?? 'No company'}</p>
        </div>
        <button type="button" className="icon-button" onClick={() => select(null)} aria-label="Close details">
          <Icon name="close" />
        </button>
      </header>
      <div className="detail-state">
        <StateBadge guest={guest} />
        <div className="detail-actions">
          <ActionButtons
            guest={guest}
            busy={busy}
            onAction={(action) => void transition(guest.invitationId, action)}
            size="normal"
          />
        </div>
      </div>
      <div className="detail-body">
        <section>
          <h3>Visit</h3>
          <dl className="facts">
            <Fact label="Event">{guest.eventName}</Fact>
            <Fact label="Time">{formatTimeRange(guest.startsAt, guest.endsAt)}</Fact>
            <Fact label="Arrived">{formatDateTime(guest.arrivedAt)}</Fact>
            <Fact label="Left">{formatDateTime(guest.leftAt)}</Fact>
            <Fact label="Invitation">#{guest.invitationId}</Fact>
          </dl>
        </section>
        <section>
          <h3>Host</h3>
          {detail?.host ? (
            <dl className="facts">
              <Fact label="Name">{fullName(detail.host, `Employee #${detail.host.id}`)}</Fact>
              <Fact label="Email">
                {detail.host.email && <a href={`mailto:${detail.host.email}`}>{detail.host.email}</a>}
              </Fact>
            </dl>
          ) : (
            <p className="muted">{loading ? 'Loading…' : 'No host on this invitation.'}</p>
          )}
        </section>
        <section>
          <h3>Guest</h3>
          <dl className="facts">
            <Fact label="Email">{guest.email}</Fact>
            <Fact label="Language">{guest.language}</Fact>
            {detail && <Fact label="Birthdate">{detail.birthdate}</Fact>}
          </dl>
        </section>
        {detail && (
          <>
            <section>
              <h3>Access</h3>
              <dl className="facts">
                <Fact label="PIN">{detail.pin && <span className="pin-value">{detail.pin}</span>}</Fact>
              </dl>
            </section>
            <section>
              <h3>Trusted ID</h3>
              {detail.trustedId ? <RecordList record={detail.trustedId} /> : <p className="muted">No results.</p>}
            </section>
            <section>
              <h3>Legitimation</h3>
              {detail.legitimation ? (
                <RecordList record={detail.legitimation} />
              ) : (
                <p className="muted">None recorded.</p>
              )}
            </section>
          </>
        )}
      </div>
    </aside>
  );
}
