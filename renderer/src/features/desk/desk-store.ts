/**
 * The reception desk: a day's guests (today first), filtered, sorted and
 * paged by the core; changes arrive as rows and counts; check-ins and
 * check-outs with undo; conflicts; the evacuation list.
 */
import { create } from 'zustand';
import type { DeskGuest, GuestDetail } from '../../../../shared/contract/guests.ts';
import type { OperationInput, OperationOutput } from '../../../../shared/contract/operations.ts';
import type { GuestCategory } from '../../../../shared/domain/flow.ts';
import { api, ApiCallError } from '../../lib/api.ts';
import { fullName } from '../../lib/format.ts';
import { dayKey, dayRange, type GuestSort, type TransitionAction } from './guest-lists.ts';
import { keepList, keptList } from './roll-call/kept.ts';

export type Conflict = OperationOutput<'conflicts.list'>[number];
export type EvacuationList = OperationOutput<'guests.evacuationList'>;
export type Overview = OperationOutput<'guests.overview'>;
export type Counts = OperationOutput<'guests.list'>['counts'];

/**
 * Rows per request: a screenful or two. The first page of a new view is what
 * a keystroke waits for, so it is kept small; more pages follow the scroll.
 */
export const PAGE_SIZE = 50;

export interface Notice {
  id: number;
  tone: 'info' | 'error';
  text: string;
  /** A check-out that can still be taken back. */
  undo?: { invitationId: number; until: string };
}

interface DeskState {
  /** The day shown, "YYYY-MM-DD" by the desk's clock. */
  day: string;
  category: GuestCategory;
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
  busy: Record<number, TransitionAction>;
  conflicts: Conflict[];
  syncing: boolean;
  evacuation: EvacuationList | null;
  evacuationLoading: boolean;
  /** Set when the list shown is the one this device kept, the hub being unreachable: when it was true. */
  evacuationKeptAt: string | null;
  notice: Notice | null;

  load(): Promise<void>;
  /** Loads the pages under rows `start`..`end` that are not loaded yet. */
  ensureRows(start: number, end: number): void;
  /** The core moved to a new version: take what changed. */
  applyChanges(version: number): Promise<void>;
  loadOverview(): Promise<void>;
  setDay(day: string): void;
  setCategory(category: GuestCategory): void;
  setHost(hostId: number | null): void;
  setEvent(eventId: number | null): void;
  setSort(sort: GuestSort): void;
  setQuery(text: string): void;
  select(invitationId: number | null): void;
  loadDetail(): Promise<void>;
  revealPin(): Promise<void>;
  hidePin(): void;
  transition(invitationId: number, action: TransitionAction): Promise<void>;
  loadConflicts(): Promise<void>;
  retryConflict(id: number): Promise<void>;
  dismissConflict(id: number): Promise<void>;
  syncNow(): Promise<void>;
  openEvacuation(): Promise<void>;
  closeEvacuation(): void;
  dismissNotice(): void;
  clear(): void;
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));
const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const DONE: Record<TransitionAction, string> = {
  checkIn: 'checked in',
  checkOut: 'checked out',
  undo: 'is back as before (undone)',
};

/** Bumped whenever the view changes: answers for an older view are dropped. */
let viewSequence = 0;
let noticeId = 0;
const pagesInFlight = new Set<number>();
let changesRunning: Promise<void> | undefined;
let reloading: Promise<void> | undefined;
let reloadAgain = false;
let changesAgain = false;

const emptyCounts = (): Counts => ({ expected: 0, onsite: 0, left: 0, other: 0 });

const initial = () =>
  ({
    day: dayKey(Date.now()),
    category: 'expected' as GuestCategory,
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
    busy: {},
    conflicts: [],
    syncing: false,
    evacuation: null,
    evacuationLoading: false,
    evacuationKeptAt: null,
    notice: null,
  }) satisfies Partial<DeskState>;

type ViewInput = Omit<OperationInput<'guests.list'>, 'offset' | 'limit'>;

/** The view the core is asked for. A search spans every day; the category tabs filter it too. */
export function viewOf(s: Pick<DeskState, 'day' | 'category' | 'hostId' | 'eventId' | 'sort' | 'query'>): ViewInput {
  const text = s.query.trim();
  return {
    ...dayRange(s.day),
    category: s.category,
    sort: s.sort,
    ...(s.hostId !== null && !text ? { hostId: s.hostId } : {}),
    ...(s.eventId !== null && !text ? { eventId: s.eventId } : {}),
    ...(text ? { text } : {}),
  };
}

export const useDesk = create<DeskState>()((set, get) => {
  const notify = (tone: Notice['tone'], text: string, undo?: Notice['undo']) =>
    set({ notice: { id: ++noticeId, tone, text, ...(undo ? { undo } : {}) } });

  /** The guest as the core now shows them, wherever they are in the loaded rows. */
  const patchRow = (guest: DeskGuest) =>
    set((s) => {
      const index = s.rows.findIndex((g) => g?.invitationId === guest.invitationId);
      if (index < 0) return {};
      const rows = s.rows.slice();
      rows[index] = guest;
      return { rows };
    });

  /** Loads one page of the view; `fresh`: the first page of a new view, which replaces every row. */
  async function loadPage(page: number, sequence: number, fresh = false) {
    if (pagesInFlight.has(page)) return;
    pagesInFlight.add(page);
    const query = get().query;
    try {
      const answer = await api.call('guests.list', { ...viewOf(get()), offset: page * PAGE_SIZE, limit: PAGE_SIZE });
      if (sequence !== viewSequence) return;
      set((s) => {
        const rows = fresh
          ? resized([], answer.total)
          : s.rows.length === answer.total
            ? s.rows.slice()
            : resized(s.rows, answer.total);
        answer.guests.forEach((guest, i) => (rows[answer.offset + i] = guest));
        return {
          rows,
          total: answer.total,
          counts: answer.counts,
          version: Math.max(s.version, answer.version),
          shownQuery: query,
          loaded: true,
          loadError: null,
        };
      });
    } catch (error) {
      if (sequence === viewSequence) set({ loadError: message(error) });
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
  function reloadView(): Promise<void> {
    if (reloading) {
      reloadAgain = true;
      return reloading;
    }
    reloading = (async () => {
      do {
        reloadAgain = false;
        const sequence = ++viewSequence;
        pagesInFlight.clear();
        await loadPage(0, sequence, true);
      } while (reloadAgain);
    })().finally(() => {
      reloading = undefined;
    });
    return reloading;
  }

  async function takeChanges(version: number) {
    const s = get();
    if (version <= s.version || !s.loaded) return;
    const sequence = viewSequence;
    const delta = await api.call('guests.changes', { ...viewOf(s), since: s.version });
    if (sequence !== viewSequence) return;
    const loaded = new Set(get().rows.flatMap((g) => (g ? [g.invitationId] : [])));
    const membershipMoved =
      delta.reload ||
      delta.total !== get().total ||
      delta.changed.some((g) => !loaded.has(g.invitationId)) ||
      delta.removed.some((id) => loaded.has(id));
    set({ counts: delta.counts, version: delta.version });
    if (membershipMoved) {
      // Rows came or went: the loaded pages are read again (the table asks for those in view).
      const next = ++viewSequence;
      pagesInFlight.clear();
      set({ rows: resized([], delta.total), total: delta.total });
      await loadPage(0, next);
    } else for (const guest of delta.changed) patchRow(guest);
    if (
      get().selectedId !== null &&
      [...delta.changed.map((g) => g.invitationId), ...delta.removed].includes(get().selectedId!)
    )
      void get().loadDetail();
    void get().loadOverview();
  }

  return {
    ...initial(),

    load: () => {
      void get().loadOverview();
      return reloadView();
    },

    ensureRows(start, end) {
      const { rows } = get();
      const sequence = viewSequence;
      for (let page = Math.floor(start / PAGE_SIZE); page <= Math.floor(end / PAGE_SIZE); page++) {
        const first = page * PAGE_SIZE;
        if (first >= rows.length) break;
        const last = Math.min(rows.length, first + PAGE_SIZE);
        for (let i = first; i < last; i++)
          if (rows[i] === undefined) {
            void loadPage(page, sequence);
            break;
          }
      }
    },

    async applyChanges(version) {
      if (changesRunning) {
        changesAgain = true;
        return changesRunning;
      }
      changesRunning = (async () => {
        try {
          do {
            changesAgain = false;
            await takeChanges(version);
          } while (changesAgain);
        } catch (error) {
          set({ loadError: message(error) });
        } finally {
          changesRunning = undefined;
        }
      })();
      return changesRunning;
    },

    async loadOverview() {
      const { day } = get();
      try {
        const overview = await api.call('guests.overview', dayRange(day));
        if (get().day === day) set({ overview });
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
      set({ category });
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
      set({ query: text });
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
        notify('error', `Could not open the guest: ${message(error)}`);
      }
    },

    async revealPin() {
      const id = get().selectedId;
      if (id === null) return;
      try {
        const { pin } = await api.call('guests.revealPin', { invitationId: id });
        if (get().selectedId === id) set({ revealedPin: pin });
      } catch (error) {
        notify('error', `Could not show the PIN: ${message(error)}`);
      }
    },

    hidePin() {
      set({ revealedPin: null });
    },

    async transition(invitationId, action) {
      if (get().busy[invitationId]) return;
      set((s) => ({ busy: { ...s.busy, [invitationId]: action } }));
      try {
        const guest = await api.call('guests.transition', { invitationId, action });
        // The answer is the guest as now shown (pending until the service confirms): show it at once.
        patchRow(guest);
        if (action === 'checkOut' && guest.undoUntil)
          notify('info', `${fullName(guest)} checked out.`, { invitationId, until: guest.undoUntil });
        else notify('info', `${fullName(guest)} ${DONE[action]}.`);
        if (get().selectedId === invitationId) void get().loadDetail();
      } catch (error) {
        notify('error', capitalised(message(error)));
      } finally {
        set((s) => {
          const busy = { ...s.busy };
          delete busy[invitationId];
          return { busy };
        });
      }
    },

    async loadConflicts() {
      try {
        set({ conflicts: await api.call('conflicts.list', {}) });
      } catch {
        // Shown again on the next change of the outbox.
      }
    },

    async retryConflict(id) {
      try {
        const guest = await api.call('conflicts.retry', { id });
        patchRow(guest);
        notify('info', `Trying again: ${fullName(guest)}.`);
      } catch (error) {
        notify('error', `Not tried again: ${message(error)}`);
      }
      void get().loadConflicts();
    },

    async dismissConflict(id) {
      set((s) => ({ conflicts: s.conflicts.filter((c) => c.id !== id) }));
      try {
        await api.call('conflicts.dismiss', { id });
      } catch (error) {
        notify('error', `Could not dismiss: ${message(error)}`);
        void get().loadConflicts();
      }
    },

    async syncNow() {
      if (get().syncing) return;
      set({ syncing: true });
      try {
        const status = await api.call('sync.now', {});
        if (status.online === false)
          notify('error', 'The service could not be reached: the desk keeps working offline.');
        else notify('info', 'Synced with the service.');
      } catch (error) {
        notify('error', `Sync failed: ${message(error)}`);
      } finally {
        set({ syncing: false });
      }
      void get().loadConflicts();
    },

    async openEvacuation() {
      set({ evacuationLoading: true });
      try {
        const evacuation = await api.call('guests.evacuationList', {});
        keepList(evacuation, new Date());
        set({ evacuation, evacuationKeptAt: null, evacuationLoading: false });
      } catch (error) {
        // The hub is away: the list this device kept, with its time (roll-call/kept.ts).
        const kept = error instanceof ApiCallError && error.code === 'UNREACHABLE' ? keptList() : undefined;
        set({ evacuationLoading: false, ...(kept ? { evacuation: kept.value, evacuationKeptAt: kept.keptAt } : {}) });
        if (!kept) notify('error', `Could not build the evacuation list: ${message(error)}`);
      }
    },

    closeEvacuation() {
      set({ evacuation: null });
    },

    dismissNotice() {
      set({ notice: null });
    },

    clear() {
      viewSequence++;
      pagesInFlight.clear();
      set(initial());
    },
  };
});

function resized<T>(rows: readonly (T | undefined)[], length: number): (T | undefined)[] {
  const next = rows.slice(0, length);
  next.length = length;
  return next;
}
