import { useVirtualizer } from '@tanstack/react-virtual';
import {
  type CSSProperties,
  type KeyboardEvent,
  memo,
  type ReactNode,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import type { DeskGuest, Guest } from '../../../../shared/contract/guests.ts';
import { Icon } from '../../components/Icon.tsx';
import { formatClock, formatTimeRange, fullName } from '../../lib/format.ts';
import { useNow } from '../../lib/use-now.ts';
import { endedMark } from './ended-visits.ts';
import './guest-days.css';
import { useActionConfirm } from './ActionConfirm.tsx';
import { actionLabel, confirmationFor, otherDay } from './guest-days.ts';
import { actionsFor, stateLabel, type TransitionAction, walkInOnItsWay } from './guest-lists.ts';

const ROW_HEIGHT = 56;

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

/** The buttons for what can be done now, or why nothing can (a check-in whose event is over); some ask first. */
export function ActionButtons({
  guest,
  busy,
  onAction,
  size = 'small',
  tabbable = true,
}: {
  guest: Guest;
  busy: TransitionAction | undefined;
  onAction: (action: TransitionAction) => void;
  size?: 'small' | 'normal';
  /** In a list row the row is the one tab stop; its buttons are reached by pointer or from the detail. */
  tabbable?: boolean;
}) {
  const now = useNow(30_000);
  const ask = useActionConfirm((s) => s.ask);
  const { actions, closed } = actionsFor(guest, now);
  if (closed)
    return (
      <span className="closed-note" data-testid="check-in-closed">
        <Icon name="clock" size={14} />
        {closed}
      </span>
    );
  return (
    <>
      {actions.map((action) => (
        <button
          type="button"
          key={action}
          className={`${action === 'undo' ? 'button-ghost' : action === 'checkIn' ? 'button-primary' : 'button-secondary'} button-${size}`}
          disabled={busy !== undefined}
          tabIndex={tabbable ? undefined : -1}
          onClick={(event) => {
            event.stopPropagation();
            const confirmation = confirmationFor(action, guest, now);
            if (confirmation) ask({ ...confirmation, run: () => onAction(action) });
            else onAction(action);
          }}
          data-testid={`action-${action}`}
        >
          {busy === action ? (
            <span className="spinner" aria-hidden="true" />
          ) : (
            <Icon name={ACTION_ICONS[action]} size={16} />
          )}
          {actionLabel(action, guest)}
        </button>
      ))}
    </>
  );
}

function TimeCell({ guest }: { guest: DeskGuest }) {
  const now = useNow(60_000);
  const event = formatTimeRange(guest.startsAt, guest.endsAt);
  // Still on site more than an hour after the visit ended: said in place of the event's times.
  const ended = guest.category === 'onsite' ? endedMark(guest, now) : undefined;
  const [label, at] =
    guest.category === 'onsite' && guest.arrivedAt
      ? ['Arrived', guest.arrivedAt]
      : guest.category === 'left' && guest.leftAt
        ? ['Left', guest.leftAt]
        : [null, null];
  const day = guest.category !== 'onsite' ? otherDay(guest, now) : undefined;
  const dayMark = day && (
    <span className="day-mark" data-testid="day-mark">
      {day}
    </span>
  );
  if (!label)
    return (
      <span className="cell-stack">
        {dayMark}
        <span>{event}</span>
      </span>
    );
  return (
    <span className="cell-stack">
      <span>
        {label} {formatClock(at)}
      </span>
      {ended ? (
        <span className="ended-mark" data-testid="ended-mark">
          {ended}
        </span>
      ) : (
        <span className="muted">{event}</span>
      )}
    </span>
  );
}

/** Ticking guests on site for a bulk check-out (see BulkCheckOut.tsx). */
export interface RowSelection {
  ids: ReadonlySet<number>;
  toggle: (guest: DeskGuest) => void;
}

const COLUMNS = ['Name', 'Company', 'Host', 'Event', 'Time', 'State', 'Action'];

/**
 * Thousands of guests scroll smoothly: only the rows in view exist in the
 * page, and only the pages in view are loaded. One Tab stop for the list:
 * arrows move between rows, Enter opens the guest.
 */
export function GuestTable({
  rows,
  total,
  selectedId,
  busy,
  onSelect,
  onAction,
  onRange,
  empty,
  label,
  shownQuery,
  view,
  selection,
}: {
  rows: (DeskGuest | undefined)[];
  total: number;
  selectedId: number | null;
  busy: Record<number, TransitionAction>;
  onSelect: (id: number) => void;
  onAction: (id: number, action: TransitionAction) => void;
  /** The rows in view (with some overscan): their pages are loaded. */
  onRange: (start: number, end: number) => void;
  empty: ReactNode;
  label: string;
  /** The search the rows answer (for tests and the benchmark: the list is up to date when it equals what was typed). */
  shownQuery: string;
  /** What the rows are a view of: when it changes, the list goes back to its top. */
  view: string;
  /** Guests on site can be ticked (Space on the row, or the box); absent: no boxes. */
  selection?: RowSelection | undefined;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(0);
  const focusAfterMove = useRef(false);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is read in this render only
  const virtualizer = useVirtualizer({
    count: total,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
    getItemKey: (index) => rows[index]?.invitationId ?? `row-${index}`,
  });
  const items = virtualizer.getVirtualItems();
  const first = items[0]?.index ?? 0;
  const last = items.at(-1)?.index ?? 0;
  useEffect(() => {
    if (total > 0) onRange(first, last);
  }, [first, last, total, onRange, rows]);
  const current = Math.min(active, Math.max(0, total - 1));
  // A new view (search, filter, sort, day) starts at its top.
  const viewKey = useRef(view);
  useEffect(() => {
    if (viewKey.current === view) return;
    viewKey.current = view;
    setActive(0);
    // Written only when the list is scrolled: a write makes the browser lay the page out at once, at every keystroke.
    if (scroller.current && virtualizer.scrollOffset) scroller.current.scrollTop = 0;
  }, [view, virtualizer]);

  useEffect(() => {
    if (!focusAfterMove.current) return;
    focusAfterMove.current = false;
    scroller.current?.querySelector<HTMLElement>(`[data-index="${current}"]`)?.focus();
  });

  const move = (to: number) => {
    const next = Math.max(0, Math.min(total - 1, to));
    setActive(next);
    focusAfterMove.current = true;
    virtualizer.scrollToIndex(next);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>, index: number, guest: DeskGuest | undefined) => {
    const page = Math.max(1, Math.floor((scroller.current?.clientHeight ?? 560) / ROW_HEIGHT) - 1);
    const moves: Record<string, number> = {
      ArrowDown: index + 1,
      ArrowUp: index - 1,
      PageDown: index + page,
      PageUp: index - page,
      Home: 0,
      End: total - 1,
    };
    if (event.key in moves) {
      event.preventDefault();
      move(moves[event.key]!);
    } else if (event.key === ' ' && guest && selection && guest.category === 'onsite') {
      event.preventDefault();
      selection.toggle(guest);
    } else if ((event.key === 'Enter' || event.key === ' ') && guest) {
      event.preventDefault();
      onSelect(guest.invitationId);
    }
  };

  // The rows keep one handler whatever the table's state: a row whose guest did not change is not drawn again.
  const keyDown = useRef(onKeyDown);
  useLayoutEffect(() => {
    keyDown.current = onKeyDown;
  });
  const onRowKeyDown = useCallback(
    (event: KeyboardEvent<HTMLDivElement>, index: number, guest: DeskGuest | undefined) =>
      keyDown.current(event, index, guest),
    [],
  );

  return (
    <div
      className="guest-table"
      role="grid"
      aria-label={label}
      aria-rowcount={total + 1}
      aria-colcount={COLUMNS.length}
      data-testid="guest-table"
      data-query={shownQuery}
    >
      <div className="guest-row guest-head" role="row" aria-rowindex={1}>
        {COLUMNS.map((column) => (
          <span role="columnheader" key={column} className={column === 'Action' ? 'cell-actions' : undefined}>
            {column}
          </span>
        ))}
      </div>
      <div className="guest-scroll" ref={scroller}>
        {total === 0 ? (
          // The one row, focusable as the rows are: a keyboard can scroll it into view where little room is left.
          <div className="empty" role="row" tabIndex={0}>
            <span role="gridcell">{empty}</span>
          </div>
        ) : (
          <div className="guest-body" role="rowgroup" style={{ height: virtualizer.getTotalSize() }}>
            {items.map((item) => {
              const guest = rows[item.index];
              const tickable = selection !== undefined && guest?.category === 'onsite' && !walkInOnItsWay(guest);
              return (
                <GuestRow
                  key={item.key}
                  index={item.index}
                  start={item.start}
                  guest={guest}
                  current={item.index === current}
                  selected={guest !== undefined && guest.invitationId === selectedId}
                  busy={guest ? busy[guest.invitationId] : undefined}
                  tickable={tickable}
                  ticked={tickable && selection.ids.has(guest.invitationId)}
                  onToggle={selection?.toggle}
                  onSelect={onSelect}
                  onAction={onAction}
                  onFocusRow={setActive}
                  onRowKeyDown={onRowKeyDown}
                />
              );
            })}
          </div>
        )}
      </div>
    </div>
  );
}

/**
 * One row of the list. Memoised: a keystroke draws the table again (its
 * label, its view) before the answer comes, and an answer that keeps some
 * guests keeps their rows; only rows whose guest or state changed render.
 */
const GuestRow = memo(function GuestRow({
  index,
  start,
  guest,
  current,
  selected,
  busy,
  tickable,
  ticked,
  onToggle,
  onSelect,
  onAction,
  onFocusRow,
  onRowKeyDown,
}: {
  index: number;
  start: number;
  guest: DeskGuest | undefined;
  /** The list's one tab stop. */
  current: boolean;
  selected: boolean;
  busy: TransitionAction | undefined;
  /** A guest on site whose box can be ticked for a bulk check-out. */
  tickable: boolean;
  ticked: boolean;
  onToggle: ((guest: DeskGuest) => void) | undefined;
  onSelect: (id: number) => void;
  onAction: (id: number, action: TransitionAction) => void;
  onFocusRow: (index: number) => void;
  onRowKeyDown: (event: KeyboardEvent<HTMLDivElement>, index: number, guest: DeskGuest | undefined) => void;
}) {
  const style: CSSProperties = { transform: `translateY(${start}px)`, height: ROW_HEIGHT };
  const common = {
    role: 'row',
    'aria-rowindex': index + 2,
    tabIndex: current ? 0 : -1,
    'data-index': index,
    onFocus: () => onFocusRow(index),
    onKeyDown: (event: KeyboardEvent<HTMLDivElement>) => onRowKeyDown(event, index, guest),
  } as const;
  if (!guest)
    return (
      <div {...common} className="guest-row placeholder" style={style} aria-busy="true">
        <span role="gridcell" className="placeholder-bar" aria-label="Loading" />
      </div>
    );
  return (
    <div
      {...common}
      aria-selected={selected}
      className={`guest-row${selected ? ' selected' : ''}`}
      style={style}
      onClick={() => onSelect(guest.invitationId)}
      data-testid="guest-row"
      data-id={guest.invitationId}
    >
      <span role="gridcell" className={`cell-name${tickable ? ' with-select' : ''}`}>
        {tickable && onToggle && (
          <input
            type="checkbox"
            className="row-check"
            // The row is the one tab stop: Space on it ticks, as the box does.
            tabIndex={-1}
            checked={ticked}
            onChange={() => onToggle(guest)}
            onClick={(event) => event.stopPropagation()}
            aria-label={`Select ${fullName(guest)} to check out`}
            data-testid="row-check"
          />
        )}
        <strong className="ellipsis">{fullName(guest)}</strong>
        {guest.email && <span className="muted ellipsis">{guest.email}</span>}
      </span>
      <span role="gridcell" className="ellipsis" title={guest.companyName ?? ''}>
        {guest.companyName ?? <span className="muted">—</span>}
      </span>
      <span role="gridcell" className="ellipsis" title={guest.hostName ?? ''}>
        {guest.hostName ?? <span className="muted">—</span>}
      </span>
      <span role="gridcell" className="ellipsis" title={guest.eventName ?? ''}>
        {guest.eventName ?? <span className="muted">—</span>}
      </span>
      <span role="gridcell">
        <TimeCell guest={guest} />
      </span>
      <span role="gridcell">
        <StateBadge guest={guest} />
      </span>
      <span role="gridcell" className="cell-actions">
        <ActionButtons
          guest={guest}
          busy={busy}
          onAction={(action) => onAction(guest.invitationId, action)}
          tabbable={false}
        />
      </span>
    </div>
  );
});
