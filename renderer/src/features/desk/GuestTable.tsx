import { useVirtualizer } from '@tanstack/react-virtual';
import { type ReactNode, useRef } from 'react';
import type { Guest } from '../../../../shared/contract/operations.ts';
import { Icon } from '../../components/Icon.tsx';
import { formatClock, formatTimeRange, fullName } from '../../lib/format.ts';
import { actionsFor, type ListRow, stateLabel, type TransitionAction } from './guest-lists.ts';

const ROW_HEIGHT = 60;
const DAY_HEIGHT = 44;

const ACTION_LABELS: Record<TransitionAction, string> = { checkIn: 'Check in', checkOut: 'Check out', undo: 'Undo' };
const ACTION_ICONS = { checkIn: 'logIn', checkOut: 'logOut', undo: 'undo' } as const;

export function StateBadge({ guest }: { guest: Pick<Guest, 'state' | 'category' | 'pending'> }) {
  return (
    <span className="state-cell">
      <span className={`state state-${guest.category}`} title={guest.state}>
        {stateLabel(guest)}
      </span>
      {guest.pending && (
        <span className="badge-pending" title="Changed here; not yet confirmed by the service" data-testid="pending">
          pending
        </span>
      )}
    </span>
  );
}

export function ActionButtons({
  guest,
  busy,
  onAction,
  size = 'small',
}: {
  guest: Guest;
  busy: TransitionAction | undefined;
  onAction: (action: TransitionAction) => void;
  size?: 'small' | 'normal';
}) {
  return (
    <>
      {actionsFor(guest).map((action) => (
        <button
          type="button"
          key={action}
          className={`${action === 'undo' ? 'button-ghost' : action === 'checkIn' ? 'button-primary' : 'button-secondary'} button-${size}`}
          disabled={busy !== undefined}
          onClick={(event) => {
            event.stopPropagation();
            onAction(action);
          }}
          data-testid={`action-${action}`}
        >
          {busy === action ? (
            <span className="spinner" aria-hidden="true" />
          ) : (
            <Icon name={ACTION_ICONS[action]} size={16} />
          )}
          {ACTION_LABELS[action]}
        </button>
      ))}
    </>
  );
}

function TimeCell({ guest, headed }: { guest: Guest; headed: boolean }) {
  // Under a day heading the day is said once, above; elsewhere each row says it when it is not today.
  const event = headed
    ? formatTimeRange(guest.startsAt, guest.endsAt, 'en-GB', guest.startsAt ? new Date(guest.startsAt) : undefined)
    : formatTimeRange(guest.startsAt, guest.endsAt);
  if (guest.category === 'onsite' && guest.arrivedAt)
    return (
      <span className="cell-stack">
        <span>Arrived {formatClock(guest.arrivedAt)}</span>
        <span className="muted">{event}</span>
      </span>
    );
  if (guest.category === 'left' && guest.leftAt)
    return (
      <span className="cell-stack">
        <span>Left {formatClock(guest.leftAt)}</span>
        <span className="muted">{event}</span>
      </span>
    );
  return <span>{event}</span>;
}

/** Thousands of guests scroll smoothly: only the rows in view exist in the page. */
export function GuestTable({
  rows,
  selectedId,
  busy,
  onSelect,
  onAction,
  empty,
}: {
  rows: ListRow[];
  selectedId: number | null;
  busy: Record<number, TransitionAction>;
  onSelect: (id: number) => void;
  onAction: (id: number, action: TransitionAction) => void;
  empty: ReactNode;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is read in this render only
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: (index) => (rows[index]!.kind === 'day' ? DAY_HEIGHT : ROW_HEIGHT),
    overscan: 12,
    getItemKey: (index) => {
      const row = rows[index]!;
      return row.kind === 'day' ? `day-${row.key}` : row.guest.invitationId;
    },
  });
  const headed = rows[0]?.kind === 'day';

  return (
    <div className="guest-table" role="table" aria-rowcount={rows.length} data-testid="guest-table">
      <div className="guest-row guest-head" role="row">
        <span role="columnheader">Name</span>
        <span role="columnheader">Company</span>
        <span role="columnheader">Event</span>
        <span role="columnheader">Time</span>
        <span role="columnheader">State</span>
        <span role="columnheader" className="cell-actions">
          Actions
        </span>
      </div>
      <div className="guest-scroll" ref={scroller}>
        {rows.length === 0 ? (
          <div className="empty">{empty}</div>
        ) : (
          <div className="guest-body" style={{ height: virtualizer.getTotalSize() }}>
            {virtualizer.getVirtualItems().map((item) => {
              const row = rows[item.index]!;
              if (row.kind === 'day')
                return (
                  <div
                    key={item.key}
                    role="row"
                    className="day-row"
                    style={{ transform: `translateY(${item.start}px)`, height: DAY_HEIGHT }}
                  >
                    <span role="cell">{row.label}</span>
                    <span className="day-count">{row.count === 1 ? '1 guest' : `${row.count} guests`}</span>
                  </div>
                );
              const guest = row.guest;
              return (
                <div
                  key={item.key}
                  role="row"
                  aria-rowindex={item.index + 1}
                  aria-selected={guest.invitationId === selectedId}
                  className={`guest-row${guest.invitationId === selectedId ? ' selected' : ''}`}
                  style={{ transform: `translateY(${item.start}px)`, height: ROW_HEIGHT }}
                  onClick={() => onSelect(guest.invitationId)}
                  data-testid="guest-row"
                  data-id={guest.invitationId}
                >
                  <span role="cell" className="cell-name">
                    <button type="button" className="link-button" onClick={() => onSelect(guest.invitationId)}>
                      {fullName(guest)}
                    </button>
                    {guest.email && <span className="muted ellipsis">{guest.email}</span>}
                  </span>
                  <span role="cell" className="ellipsis" title={guest.companyName ?? ''}>
                    {guest.companyName ?? <span className="muted">—</span>}
                  </span>
                  <span role="cell" className="ellipsis" title={guest.eventName ?? ''}>
                    {guest.eventName ?? <span className="muted">—</span>}
                  </span>
                  <span role="cell">
                    <TimeCell guest={guest} headed={headed} />
                  </span>
                  <span role="cell">
                    <StateBadge guest={guest} />
                  </span>
                  <span role="cell" className="cell-actions">
                    <ActionButtons
                      guest={guest}
                      busy={busy[guest.invitationId]}
                      onAction={(action) => onAction(guest.invitationId, action)}
                    />
                  </span>
                </div>
              );
            })}
          </div>
        )}
      </div>
    </div>
  );
}
