import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { GuestCategory } from '../../../../shared/domain/flow.ts';
import { DayField } from '../../components/DayField.tsx';
import { Icon } from '../../components/Icon.tsx';
import { PanelBoundary, resetStore } from '../../components/PanelBoundary.tsx';
import { type TabItem, Tabs } from '../../components/Tabs.tsx';
import type { PanelSlot } from '../../domain.ts';
import { deskSlot } from '../../domains.ts';
import { formatClock, formatDay, plural } from '../../lib/format.ts';
import { useSession } from '../../stores/session.ts';
import { ArrivalsChart } from './ArrivalsChart.tsx';
import { ArrivalsFeed } from './ArrivalsFeed.tsx';
import { useArrivals } from './arrivals-store.ts';
import { BulkCheckOut } from './BulkCheckOut.tsx';
import { useBulk } from './bulk-store.ts';
import { ConflictsPanel } from './ConflictsPanel.tsx';
import { shownCategory, useDesk } from './desk-store.ts';
import { EvacuationSheet } from './EvacuationSheet.tsx';
import {
  CATEGORY_LABELS,
  dayLabel,
  dayRange,
  type GuestSort,
  SORT_LABELS,
  type TransitionAction,
  visibleCategories,
} from './guest-lists.ts';
import { ActionConfirm } from './ActionConfirm.tsx';
import { GuestDetailPanel } from './GuestDetailPanel.tsx';
import { GuestTable } from './GuestTable.tsx';
import { useKeptEvacuationList } from './use-kept-list.ts';
import { UndoNotice } from './UndoNotice.tsx';
import { DeclinedNotice } from './GuestAgreements.tsx';
import { useWatchlist } from './watchlist-store.ts';
import { WatchlistPanel } from './WatchlistPanel.tsx';
import { useDeskToday } from './use-today.ts';
import { VisitorLogButton } from './VisitorLogButton.tsx';
import { PrintingNotice } from './PrintingNotice.tsx';
import './desk.css';

const EMPTY_TEXT = {
  expected: 'Nobody else is expected.',
  onsite: 'Nobody is checked in on site.',
  left: 'Nobody has left yet.',
  other: 'No guests in other states.',
};

/** The tabs: a search's matches in every category first ("All"), each category counting its matches. */
function categoryTabs(
  categories: GuestCategory[],
  counts: Record<GuestCategory, number>,
  searching: boolean,
): TabItem<GuestCategory | 'all'>[] {
  const tabs: TabItem<GuestCategory | 'all'>[] = categories.map((c) => ({
    id: c,
    label: CATEGORY_LABELS[c],
    count: counts[c],
    tone: c === 'other' ? 'warn' : 'default',
  }));
  const all = Object.values(counts).reduce((sum, n) => sum + n, 0);
  return searching ? [{ id: 'all', label: 'All', count: all }, ...tabs] : tabs;
}

/** A domain's panel of the desk (domain.ts), in its own boundary. */
const panel = ({ name, Panel, onReload }: PanelSlot) => (
  <PanelBoundary key={name} name={name} onReload={onReload}>
    <Panel />
  </PanelBoundary>
);

/** The reception desk: today's guests first, a search across all days, and the work on each guest. */
export function DeskScreen() {
  const s = useDesk(
    useShallow((s) => ({
      day: s.day,
      category: s.category,
      shown: shownCategory(s),
      hostId: s.hostId,
      eventId: s.eventId,
      sort: s.sort,
      query: s.query,
      shownQuery: s.shownQuery,
      rows: s.rows,
      total: s.total,
      counts: s.counts,
      loaded: s.loaded,
      loadError: s.loadError,
      overview: s.overview,
      selectedId: s.selectedId,
      detail: s.detail,
      busy: s.busy,
      syncing: s.syncing,
      evacuation: s.evacuation,
      evacuationLoading: s.evacuationLoading,
      evacuationKeptAt: s.evacuationKeptAt,
      notice: s.notice,
    })),
  );
  const a = useDesk(
    useShallow((s) => ({
      load: s.load,
      ensureRows: s.ensureRows,
      applyChanges: s.applyChanges,
      loadConflicts: s.loadConflicts,
      setDay: s.setDay,
      setCategory: s.setCategory,
      setHost: s.setHost,
      setEvent: s.setEvent,
      setSort: s.setSort,
      setQuery: s.setQuery,
      select: s.select,
      transition: s.transition,
      syncNow: s.syncNow,
      openEvacuation: s.openEvacuation,
      closeEvacuation: s.closeEvacuation,
      dismissNotice: s.dismissNotice,
      clear: s.clear,
    })),
  );
  const guestsVersion = useSession((s) => s.guestsVersion);
  const conflictCount = useSession((s) => s.status?.outbox.conflicts ?? 0);
  const search = useRef<HTMLInputElement>(null);
  const { load, loadConflicts, applyChanges, clear } = a;
  const today = useDeskToday();
  const ticked = useBulk((b) => b.selected);
  const onSite = s.shown === 'onsite';
  useKeptEvacuationList();

  useEffect(() => {
    void load();
    // Locking the desk leaves no guest list behind in memory.
    return clear;
  }, [load, clear]);
  useEffect(() => {
    if (guestsVersion > 0) void applyChanges(guestsVersion);
  }, [guestsVersion, applyChanges]);
  useEffect(() => {
    void loadConflicts();
  }, [conflictCount, loadConflicts]);
  useEffect(() => {
    // "/" finds a guest from anywhere on the desk, as in most list applications.
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      const typing = target?.closest('input, textarea, select, [contenteditable="true"]');
      if (event.key === '/' && !typing && !event.ctrlKey && !event.metaKey && !event.altKey) {
        event.preventDefault();
        search.current?.focus();
        search.current?.select();
      } else if (event.key === 'Escape' && !typing) {
        const desk = useDesk.getState();
        if (desk.evacuation || desk.selectedId === null) return;
        // Escape closes the guest and goes back to their row in the list.
        desk.select(null);
        document.querySelector<HTMLElement>('[data-testid=guest-table] [role=row][tabindex="0"]')?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const categories = visibleCategories(s.counts);
  const searching = s.query.trim() !== '';
  // A guest opened from the arrivals may be outside the list shown: their detail is enough.
  const selected =
    s.selectedId === null
      ? undefined
      : (s.rows.find((g) => g?.invitationId === s.selectedId) ??
        (s.detail?.invitationId === s.selectedId ? s.detail : undefined));
  const isToday = s.day === today;
  // The list's own data came in a shape that broke it: the view asked for again before the list is drawn again.
  const reloadList = () => load();
  const onRange = useCallback((start: number, end: number) => a.ensureRows(start, end), [a]);
  // The day's hosts and events (hundreds at a large site) are drawn once per overview, not at every keystroke.
  const overview = s.overview;
  const hostOptions = useMemo(
    () =>
      overview?.hosts.map((h) => (
        <option key={h.id} value={h.id}>
          {h.name}
        </option>
      )),
    [overview],
  );
  const eventOptions = useMemo(
    () =>
      overview?.events.map((e) => (
        <option key={e.id} value={e.id}>
          {formatClock(e.startsAt)} {e.name} ({e.guests})
        </option>
      )),
    [overview],
  );
  const onAction = useCallback((id: number, action: TransitionAction) => void a.transition(id, action), [a]);
  const tableLabel = searching
    ? `Guests matching ${s.query.trim()}`
    : `${CATEGORY_LABELS[s.category]} guests, ${dayLabel(s.day, today)}`;

  const caption = searching
    ? `${plural(s.total, 'match', 'matches')} for “${s.query.trim()}” on every day${s.shown ? `, ${CATEGORY_LABELS[s.shown].toLowerCase()}` : ''}`
    : `${CATEGORY_LABELS[s.category]}: ${plural(s.total, 'guest')}`;

  return (
    <main className="desk" data-testid="desk" aria-labelledby="desk-title">
      <h1 id="desk-title" className="sr-only">
        Reception desk
      </h1>
      {deskSlot('top').map(panel)}
      <div className="desk-top">
        <div className="desk-controls">
          <div className="desk-toolbar">
            <div className="day-field">
              <label htmlFor="desk-day">Day</label>
              <DayField id="desk-day" value={s.day} onChange={a.setDay} testId="desk-day" />
              {!isToday && (
                <button
                  type="button"
                  className="button-ghost button-small"
                  onClick={() => a.setDay(today)}
                  data-testid="desk-today"
                >
                  Today
                </button>
              )}
            </div>
            <div className="search-field">
              <Icon name="search" size={18} />
              <input
                ref={search}
                type="search"
                placeholder="Search name, email or company  ( / )"
                aria-label="Search guests on every day"
                aria-keyshortcuts="/"
                value={s.query}
                onChange={(event) => a.setQuery(event.target.value)}
                onKeyDown={(event) => event.key === 'Escape' && a.setQuery('')}
                data-testid="desk-search"
              />
            </div>
            <div className="toolbar-actions">
              {deskSlot('toolbar').map((Button, i) => (
                <Button key={i} />
              ))}
              <button
                type="button"
                className="button-secondary"
                onClick={() => void a.syncNow()}
                disabled={s.syncing}
                data-testid="sync-now"
              >
                {s.syncing ? <span className="spinner" aria-hidden="true" /> : <Icon name="refresh" size={18} />}
                {s.syncing ? 'Syncing…' : 'Sync now'}
              </button>
              <button
                type="button"
                className="button-secondary"
                onClick={() => void a.openEvacuation()}
                disabled={s.evacuationLoading}
                data-testid="evacuation-button"
              >
                <Icon name="printer" size={18} />
                Evacuation list
              </button>
              <VisitorLogButton />
            </div>
          </div>
          <div className="desk-toolbar">
            <Tabs
              label="Guest lists"
              value={s.shown ?? 'all'}
              onChange={(id) => a.setCategory(id === 'all' ? null : id)}
              items={categoryTabs(categories, s.counts, searching)}
            />
            <div className="filters">
              <label>
                <span>Host</span>
                <select
                  value={s.hostId ?? ''}
                  onChange={(event) => a.setHost(event.target.value ? Number(event.target.value) : null)}
                  disabled={searching}
                  data-testid="filter-host"
                >
                  <option value="">All hosts</option>
                  {hostOptions}
                </select>
              </label>
              <label>
                <span>Event</span>
                <select
                  value={s.eventId ?? ''}
                  onChange={(event) => a.setEvent(event.target.value ? Number(event.target.value) : null)}
                  disabled={searching}
                  data-testid="filter-event"
                >
                  <option value="">All events</option>
                  {eventOptions}
                </select>
              </label>
              <label>
                <span>Sort by</span>
                <select
                  value={s.sort}
                  onChange={(event) => a.setSort(event.target.value as GuestSort)}
                  data-testid="sort"
                >
                  {(Object.keys(SORT_LABELS) as GuestSort[]).map((sort) => (
                    <option key={sort} value={sort}>
                      {SORT_LABELS[sort]}
                    </option>
                  ))}
                </select>
              </label>
            </div>
          </div>
        </div>
        {s.overview && (
          <PanelBoundary name="arrivals-chart" onReload={reloadList}>
            <ArrivalsChart
              overview={s.overview}
              from={dayRange(s.day).from}
              day={formatDay(dayRange(s.day).from)}
              isToday={isToday}
            />
          </PanelBoundary>
        )}
      </div>
      <PanelBoundary name="conflicts" onReload={loadConflicts}>
        <ConflictsPanel />
      </PanelBoundary>
      <PanelBoundary name="watchlist" onReload={resetStore(useWatchlist)}>
        <WatchlistPanel />
      </PanelBoundary>
      {deskSlot('notices').map(panel)}
      <PanelBoundary name="printing">
        <PrintingNotice />
      </PanelBoundary>
      <PanelBoundary name="arrivals" onReload={resetStore(useArrivals)}>
        <ArrivalsFeed today={today} onSelect={a.select} />
      </PanelBoundary>
      {s.loadError && (
        <div className="banner banner-error" role="alert">
          <Icon name="alert" />
          The guest list could not be loaded: {s.loadError}
          <button type="button" className="button-ghost button-small" onClick={() => void load()}>
            Try again
          </button>
        </div>
      )}
      <div className="list-caption">
        <h2 className="list-day" data-testid="list-day">
          {searching ? 'Search' : dayLabel(s.day, today)}
        </h2>
        <span data-testid="list-caption">{caption}</span>
        {searching && (
          <button type="button" className="link-button" onClick={() => a.setQuery('')}>
            Clear search
          </button>
        )}
      </div>
      {onSite && (
        <PanelBoundary name="bulk-check-out" onReload={resetStore(useBulk)}>
          <BulkCheckOut rows={s.rows} onNotice={a.dismissNotice} />
        </PanelBoundary>
      )}
      <div className={`desk-body${selected ? ' with-detail' : ''}`}>
        <PanelBoundary name="guest-list" onReload={reloadList}>
          <GuestTable
            rows={s.rows}
            total={s.total}
            selectedId={s.selectedId}
            busy={s.busy}
            onSelect={a.select}
            onAction={onAction}
            onRange={onRange}
            label={tableLabel}
            shownQuery={s.shownQuery}
            view={`${s.day}|${s.shown}|${s.hostId}|${s.eventId}|${s.sort}|${s.query.trim()}`}
            selection={onSite ? { ids: ticked, toggle: useBulk.getState().toggle } : undefined}
            empty={
              !s.loaded ? (
                <>
                  <span className="spinner" aria-hidden="true" /> Loading guests…
                </>
              ) : searching ? (
                `Nobody matches “${s.query.trim()}”.`
              ) : (
                EMPTY_TEXT[s.category]
              )
            }
          />
        </PanelBoundary>
        {selected && (
          <PanelBoundary name="guest-detail" onReload={() => useDesk.getState().loadDetail()}>
            <GuestDetailPanel fallback={selected} />
          </PanelBoundary>
        )}
      </div>
      <DeclinedNotice />
      <ActionConfirm />
      <UndoNotice
        notice={s.notice}
        onDismiss={a.dismissNotice}
        onUndo={(id) => {
          a.dismissNotice();
          void a.transition(id, 'undo');
        }}
      />
      {s.evacuation && (
        <PanelBoundary name="evacuation-list" onReload={a.closeEvacuation}>
          <EvacuationSheet list={s.evacuation} keptAt={s.evacuationKeptAt} onClose={a.closeEvacuation} />
        </PanelBoundary>
      )}
      {deskSlot('sheets').map(panel)}
      {deskSlot('watchers').map((Watch, i) => (
        <Watch key={i} />
      ))}
    </main>
  );
}
