import { useEffect, useMemo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { Icon } from '../../components/Icon.tsx';
import { Tabs } from '../../components/Tabs.tsx';
import { Toast } from '../../components/Toast.tsx';
import { plural } from '../../lib/format.ts';
import { useSession } from '../../stores/session.ts';
import { ConflictsPanel } from './ConflictsPanel.tsx';
import { useDesk } from './desk-store.ts';
import { EvacuationSheet } from './EvacuationSheet.tsx';
import {
  CATEGORY_LABELS,
  countByCategory,
  guestsOf,
  plainRows,
  visibleCategories,
  withDayHeadings,
} from './guest-lists.ts';
import { GuestDetailPanel } from './GuestDetailPanel.tsx';
import { GuestTable } from './GuestTable.tsx';
import './desk.css';

const EMPTY_TEXT = {
  expected: 'Nobody else is expected.',
  onsite: 'Nobody is checked in on site.',
  left: 'Nobody has left yet.',
  other: 'No guests in other states.',
};

/** The reception desk: expected, on site and left, a search across all, and the work on each guest. */
export function DeskScreen() {
  const s = useDesk(
    useShallow((s) => ({
      guests: s.guests,
      loaded: s.loaded,
      loading: s.loading,
      loadError: s.loadError,
      tab: s.tab,
      query: s.query,
      searchResults: s.searchResults,
      searching: s.searching,
      selectedId: s.selectedId,
      busy: s.busy,
      syncing: s.syncing,
      evacuation: s.evacuation,
      evacuationLoading: s.evacuationLoading,
      notice: s.notice,
    })),
  );
  const actions = useDesk(
    useShallow((s) => ({
      load: s.load,
      loadConflicts: s.loadConflicts,
      setTab: s.setTab,
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
  const mirrorVersion = useSession((s) => s.mirrorVersion);
  const { load, loadConflicts, clear } = actions;

  useEffect(() => {
    void load();
    void loadConflicts();
  }, [mirrorVersion, load, loadConflicts]);
  // Locking the desk leaves no guest list behind in memory.
  useEffect(() => clear, [clear]);

  const counts = useMemo(() => countByCategory(s.guests), [s.guests]);
  const categories = visibleCategories(counts);
  const tab = categories.includes(s.tab) ? s.tab : 'expected';
  const searching = s.searchResults !== null || s.query.trim() !== '';
  const list = useMemo(() => s.searchResults ?? guestsOf(s.guests, tab), [s.searchResults, s.guests, tab]);
  // Expected spans the days of the window: a heading per day; the other lists are about today.
  const rows = useMemo(
    () => (s.searchResults === null && tab === 'expected' ? withDayHeadings(list) : plainRows(list)),
    [list, s.searchResults, tab],
  );
  const selected =
    s.selectedId === null
      ? undefined
      : (s.guests.find((g) => g.invitationId === s.selectedId) ??
        s.searchResults?.find((g) => g.invitationId === s.selectedId));

  let caption: string;
  if (searching)
    caption = s.searching
      ? 'Searching…'
      : `${plural(list.length, 'match', 'matches')} for “${s.query.trim()}” in all lists${list.length >= 50 ? ' (the first 50)' : ''}`;
  else caption = `${CATEGORY_LABELS[tab]}: ${plural(list.length, 'guest')}`;

  return (
    <div className="desk" data-testid="desk">
      <div className="desk-toolbar">
        <Tabs
          label="Guest lists"
          value={searching ? null : tab}
          onChange={actions.setTab}
          items={categories.map((c) => ({
            id: c,
            label: CATEGORY_LABELS[c],
            count: counts[c],
            tone: c === 'other' ? 'warn' : 'default',
          }))}
        />
        <div className="search-field">
          <Icon name="search" size={18} />
          <input
            type="search"
            placeholder="Search name, email or company"
            aria-label="Search guests"
            value={s.query}
            onChange={(event) => actions.setQuery(event.target.value)}
            onKeyDown={(event) => event.key === 'Escape' && actions.setQuery('')}
            data-testid="desk-search"
          />
        </div>
        <div className="toolbar-actions">
          <button
            type="button"
            className="button-secondary"
            onClick={() => void actions.syncNow()}
            disabled={s.syncing}
            data-testid="sync-now"
          >
            {s.syncing ? <span className="spinner" aria-hidden="true" /> : <Icon name="refresh" size={18} />}
            {s.syncing ? 'Syncing…' : 'Sync now'}
          </button>
          <button
            type="button"
            className="button-secondary"
            onClick={() => void actions.openEvacuation()}
            disabled={s.evacuationLoading}
            data-testid="evacuation-button"
          >
            <Icon name="printer" size={18} />
            Evacuation list
          </button>
        </div>
      </div>
      <ConflictsPanel />
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
        <span data-testid="list-caption">{caption}</span>
        {searching && (
          <button type="button" className="link-button" onClick={() => actions.setQuery('')}>
            Clear search
          </button>
        )}
        {s.loading && s.loaded && <span className="muted">Refreshing…</span>}
      </div>
      <div className={`desk-body${selected ? ' with-detail' : ''}`}>
        <GuestTable
          rows={rows}
          selectedId={s.selectedId}
          busy={s.busy}
          onSelect={actions.select}
          onAction={(id, action) => void actions.transition(id, action)}
          empty={
            !s.loaded ? (
              <>
                <span className="spinner" aria-hidden="true" /> Loading guests…
              </>
            ) : searching ? (
              s.searching ? (
                'Searching…'
              ) : (
                `Nobody matches “${s.query.trim()}”.`
              )
            ) : (
              EMPTY_TEXT[tab]
            )
          }
        />
        {selected && <GuestDetailPanel fallback={selected} />}
      </div>
      <Toast notice={s.notice} onDismiss={actions.dismissNotice} />
      {s.evacuation && <EvacuationSheet list={s.evacuation} onClose={actions.closeEvacuation} />}
    </div>
  );
}
