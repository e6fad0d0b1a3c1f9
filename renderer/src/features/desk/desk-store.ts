/**
 * The reception desk: a day's guests (today first), filtered, sorted and
 * paged by the core; changes arrive as rows and counts; the open guest.
 * Its other concerns are slices of the same store, one file each:
 * transitions with undo (desk-transitions.ts), conflicts and Sync now
 * (desk-conflicts.ts), the evacuation list (desk-evacuation.ts).
 */
import { create, type StateCreator } from 'zustand';
import type { DeskGuest, GuestDetail } from '../../../../shared/contract/guests.ts';
import type { OperationInput, OperationOutput } from '../../../../shared/contract/operations.ts';
import type { GuestCategory } from '../../../../shared/domain/flow.ts';
import { api } from '../../lib/api.ts';
import { errorText } from '../../lib/error-text.ts';
import { latest, oneAtATime } from '../../lib/latest.ts';
import { createConflictsSlice, initialConflicts, type ConflictsSlice } from './desk-conflicts.ts';
import { createEvacuationSlice, initialEvacuation, type EvacuationSlice } from './desk-evacuation.ts';
import { noticeOf, resized, withGuest, type Notice } from './desk-rows.ts';
import { createTransitionsSlice, initialTransitions, type TransitionsSlice } from './desk-transitions.ts';
import { dayKey, dayRange, type GuestSort } from './guest-lists.ts';

export type { Conflict } from './desk-conflicts.ts';
export type { EvacuationList } from './desk-evacuation.ts';
export type { Notice } from './desk-rows.ts';
export type Overview = OperationOutput<'guests.overview'>;
export type Counts = OperationOutput<'guests.list'>['counts'];

/**
 * Rows per request: a screenful or two. The first page of a new view is what
 * a keystroke waits for, so it is kept small; more pages follow the scroll.
 */
export const PAGE_SIZE = 50;

interface ListSlice {
  /** The day shown, "YYYY-MM-DD" by the desk's clock. */
  day: string;
  /** The tab chosen for the day's list. */
  category: GuestCategory;
  /** The tab narrowing a search; null: matches of every category (a name is found wherever the guest is). */
  searchCategory: GuestCategory | null;
  hostId: number | null;
  eventId: number | null;
  sort: GuestSort;
  query: string;
  /** The search text of the view the rows show (the query may be ahead of it while typing). */
  shownQuery: string;
  /** The rows of the view by position; undefined where no page was loaded yet. */
  rows: (DeskGuest | undefined)[];
  total: number;
  counts: Counts;
  version: number;
  loaded: boolean;
  loadError: string | null;
  overview: Overview | null;
  selectedId: number | null;
  detail: GuestDetail | null;
  detailLoading: boolean;
  /** The PIN a person revealed for the open guest; forgotten when the detail closes. */
  revealedPin: string | null;
  notice: Notice | null;

  load(): Promise<void>;
  /** Loads the pages under rows `start`..`end` that are not loaded yet. */
  ensureRows(start: number, end: number): void;
  /** The core moved to a new version: take what changed. */
  applyChanges(version: number): Promise<void>;
  loadOverview(): Promise<void>;
  setDay(day: string): void;
  /** A tab: the day's category, or while searching, the category the matches are narrowed to (null: all). */
  setCategory(category: GuestCategory | null): void;
  setHost(hostId: number | null): void;
  setEvent(eventId: number | null): void;
  setSort(sort: GuestSort): void;
  setQuery(text: string): void;
  select(invitationId: number | null): void;
  loadDetail(): Promise<void>;
  revealPin(): Promise<void>;
  hidePin(): void;
  dismissNotice(): void;
  clear(): void;
}

export type DeskState = ListSlice & TransitionsSlice & ConflictsSlice & EvacuationSlice;

/** Whichever view is newest wins: its pages and changes are taken, those of older views dropped. */
const view = latest();
const overviews = latest();
const pagesInFlight = new Set<number>();

const emptyCounts = (): Counts => ({ expected: 0, onsite: 0, left: 0, other: 0 });

const initialList = () =>
  ({
    day: dayKey(Date.now()),
    category: 'expected' as GuestCategory,
    searchCategory: null,
    hostId: null,
    eventId: null,
    sort: 'time' as GuestSort,
    query: '',
    shownQuery: '',
    rows: [],
    total: 0,
    counts: emptyCounts(),
    version: 0,
    loaded: false,
    loadError: null,
    overview: null,
    selectedId: null,
    detail: null,
    detailLoading: false,
    revealedPin: null,
    notice: null,
  }) satisfies Partial<ListSlice>;

type ViewInput = Omit<OperationInput<'guests.list'>, 'offset' | 'limit'>;
type ViewState = Pick<ListSlice, 'day' | 'category' | 'searchCategory' | 'hostId' | 'eventId' | 'sort' | 'query'>;

/** The tab shown as chosen: the day's category, or while searching the narrowing (null: every category). */
export function shownCategory(s: Pick<ListSlice, 'category' | 'searchCategory' | 'query'>): GuestCategory | null {
  return s.query.trim() ? s.searchCategory : s.category;
}

/**
 * The view the core is asked for. A search spans every day and, unless a
 * tab narrows it, every category: the guest searched for is found wherever
 * they are, and the tabs count the matches.
 */
export function viewOf(s: ViewState): ViewInput {
  const text = s.query.trim();
  const category = shownCategory(s);
  return {
    ...dayRange(s.day),
    ...(category ? { category } : {}),
    sort: s.sort,
    ...(s.hostId !== null && !text ? { hostId: s.hostId } : {}),
    ...(s.eventId !== null && !text ? { eventId: s.eventId } : {}),
    ...(text ? { text } : {}),
  };
}

const createListSlice: StateCreator<DeskState, [], [], ListSlice> = (set, get) => {
  const notify = (tone: Notice['tone'], text: string) => set({ notice: noticeOf(tone, text) });

  /** Loads one page of the view; `fresh`: the first page of a new view, which replaces every row. */
  async function loadPage(page: number, ticket: number, fresh = false) {
    if (pagesInFlight.has(page)) return;
    pagesInFlight.add(page);
    const query = get().query;
    try {
      const answer = await view.run(
        () => api.call('guests.list', { ...viewOf(get()), offset: page * PAGE_SIZE, limit: PAGE_SIZE }),
        ticket,
      );
      if (!answer.current) return;
      const { total, guests, offset, counts, version } = answer.value;
      set((s) => {
        const rows = fresh ? resized([], total) : s.rows.length === total ? s.rows.slice() : resized(s.rows, total);
        guests.forEach((guest, i) => (rows[offset + i] = guest));
        const newest = Math.max(s.version, version);
        return { rows, total, counts, version: newest, shownQuery: query, loaded: true, loadError: null };
      });
    } catch (error) {
      set({ loadError: errorText(error) });
    } finally {
      pagesInFlight.delete(page);
    }
  }

  /**
   * A new view: its first page (the rows shown stay until it arrives), then
   * whatever the table asks for. Keystrokes are not delayed: the first goes
   * at once, and those typed while a view is loading make one request, for
   * the text typed by the time it returns.
   */
  const reloads = oneAtATime<void>(async () => {
    const ticket = view.next();
    pagesInFlight.clear();
    await loadPage(0, ticket, true);
  });
  const reloadView = (): Promise<void> => reloads.ask();

  async function takeChanges(version: number) {
    const s = get();
    if (version <= s.version || !s.loaded) return;
    const answer = await view.run(() => api.call('guests.changes', { ...viewOf(s), since: s.version }), view.ticket());
    if (!answer.current) return;
    const delta = answer.value;
    const loaded = new Set(get().rows.flatMap((g) => (g ? [g.invitationId] : [])));
    const membershipMoved =
      delta.reload ||
      delta.total !== get().total ||
      delta.changed.some((g) => !loaded.has(g.invitationId)) ||
      delta.removed.some((id) => loaded.has(id));
    set({ counts: delta.counts, version: delta.version });
    if (membershipMoved) {
      // Rows came or went: the loaded pages are read again (the table asks for those in view).
      const next = view.next();
      pagesInFlight.clear();
      set({ rows: resized([], delta.total), total: delta.total });
      await loadPage(0, next);
    } else for (const guest of delta.changed) set((s) => ({ rows: withGuest(s.rows, guest) ?? s.rows }));
    const selected = get().selectedId;
    if (selected !== null && [...delta.changed.map((g) => g.invitationId), ...delta.removed].includes(selected))
      void get().loadDetail();
    void get().loadOverview();
  }

  /** Changes heard while some are being taken are taken next, once, for the newest version. */
  const changes = oneAtATime<number>(async (version) => {
    try {
      await takeChanges(version);
    } catch (error) {
      set({ loadError: errorText(error) });
    }
  });

  return {
    ...initialList(),

    load: () => {
      void get().loadOverview();
      return reloadView();
    },

    ensureRows(start, end) {
      const { rows } = get();
      const ticket = view.ticket();
      for (let page = Math.floor(start / PAGE_SIZE); page <= Math.floor(end / PAGE_SIZE); page++) {
        const first = page * PAGE_SIZE;
        if (first >= rows.length) break;
        const last = Math.min(rows.length, first + PAGE_SIZE);
        for (let i = first; i < last; i++)
          if (rows[i] === undefined) {
            void loadPage(page, ticket);
            break;
          }
      }
    },

    applyChanges: (version) => changes.ask(version),

    async loadOverview() {
      try {
        const answer = await overviews.run(() => api.call('guests.overview', dayRange(get().day)));
        if (answer.current) set({ overview: answer.value });
      } catch {
        // The chart and the filters wait for the next change.
      }
    },

    setDay(day) {
      if (!day) return;
      set({ day, hostId: null, eventId: null, overview: null, loaded: false });
      void get().load();
    },
    setCategory(category) {
      if (get().query.trim()) set({ searchCategory: category });
      else if (category) set({ category });
      else return;
      void reloadView();
    },
    setHost(hostId) {
      set({ hostId });
      void reloadView();
    },
    setEvent(eventId) {
      set({ eventId });
      void reloadView();
    },
    setSort(sort) {
      set({ sort });
      void reloadView();
    },
    setQuery(text) {
      // A new search starts over every category; clearing it goes back to the day's tab.
      const searching = Boolean(text.trim());
      set((s) => ({ query: text, ...(searching !== Boolean(s.query.trim()) ? { searchCategory: null } : {}) }));
      void reloadView();
    },

    select(invitationId) {
      if (invitationId === get().selectedId) return;
      // Leaving a guest hides their PIN again.
      set({ selectedId: invitationId, detail: null, revealedPin: null });
      if (invitationId !== null) void get().loadDetail();
    },

    async loadDetail() {
      const id = get().selectedId;
      if (id === null) return;
      set({ detailLoading: true });
      try {
        const detail = await api.call('guests.get', { invitationId: id });
        if (get().selectedId === id) set({ detail, detailLoading: false });
      } catch (error) {
        if (get().selectedId === id) set({ detailLoading: false });
        notify('error', `Could not open the guest: ${errorText(error)}`);
      }
    },

    async revealPin() {
      const id = get().selectedId;
      if (id === null) return;
      try {
        const { pin } = await api.call('guests.revealPin', { invitationId: id });
        if (get().selectedId === id) set({ revealedPin: pin });
      } catch (error) {
        notify('error', `Could not show the PIN: ${errorText(error)}`);
      }
    },

    hidePin() {
      set({ revealedPin: null });
    },

    dismissNotice() {
      set({ notice: null });
    },

    clear() {
      view.cancel();
      overviews.cancel();
      pagesInFlight.clear();
      set({ ...initialList(), ...initialTransitions(), ...initialConflicts(), ...initialEvacuation() });
    },
  };
};

export const useDesk = create<DeskState>()((...a) => ({
  ...createListSlice(...a),
  ...createTransitionsSlice(...a),
  ...createConflictsSlice(...a),
  ...createEvacuationSlice(...a),
}));
