/** The reception desk: who is expected, on site and gone, and moving check-ins along. */
import { create } from 'zustand';
import type { Guest, GuestDetail, OperationOutput } from '../../../../shared/contract/operations.ts';
import type { GuestCategory } from '../../../../shared/domain/flow.ts';
import { api } from '../../lib/api.ts';
import { fullName } from '../../lib/format.ts';
import { type TransitionAction, withGuest } from './guest-lists.ts';

export type Conflict = OperationOutput<'conflicts.list'>[number];
export type EvacuationList = OperationOutput<'guests.evacuationList'>;

export const SEARCH_DEBOUNCE_MS = 200;

export interface Notice {
  id: number;
  tone: 'info' | 'error';
  text: string;
}

interface DeskState {
  guests: Guest[];
  loaded: boolean;
  loading: boolean;
  loadError: string | null;
  tab: GuestCategory;
  query: string;
  /** Search answers; null while no search is active. */
  searchResults: Guest[] | null;
  searching: boolean;
  selectedId: number | null;
  detail: GuestDetail | null;
  detailLoading: boolean;
  /** Guests whose transition is on its way to the core. */
  busy: Record<number, TransitionAction>;
  conflicts: Conflict[];
  syncing: boolean;
  evacuation: EvacuationList | null;
  evacuationLoading: boolean;
  notice: Notice | null;

  load(): Promise<void>;
  setTab(tab: GuestCategory): void;
  setQuery(text: string): void;
  select(invitationId: number | null): void;
  loadDetail(): Promise<void>;
  transition(invitationId: number, action: TransitionAction): Promise<void>;
  loadConflicts(): Promise<void>;
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
  undo: 'is expected again (check-in undone)',
};

let searchTimer: ReturnType<typeof setTimeout> | undefined;
let searchSequence = 0;
let loadSequence = 0;
let noticeId = 0;

const initial = {
  guests: [],
  loaded: false,
  loading: false,
  loadError: null,
  tab: 'expected' as GuestCategory,
  query: '',
  searchResults: null,
  searching: false,
  selectedId: null,
  detail: null,
  detailLoading: false,
  busy: {},
  conflicts: [],
  syncing: false,
  evacuation: null,
  evacuationLoading: false,
  notice: null,
} satisfies Partial<DeskState>;

export const useDesk = create<DeskState>()((set, get) => {
  const notify = (tone: Notice['tone'], text: string) => set({ notice: { id: ++noticeId, tone, text } });

  const runSearch = async (text: string, sequence: number) => {
    try {
      const results = await api.call('guests.search', { text });
      if (sequence === searchSequence) set({ searchResults: results, searching: false });
    } catch (error) {
      if (sequence === searchSequence) {
        set({ searchResults: [], searching: false });
        notify('error', `Search failed: ${message(error)}`);
      }
    }
  };

  return {
    ...initial,

    async load() {
      const sequence = ++loadSequence;
      set({ loading: true });
      try {
        const guests = await api.call('guests.list', {});
        if (sequence !== loadSequence) return;
        set({ guests, loaded: true, loading: false, loadError: null });
      } catch (error) {
        if (sequence === loadSequence) set({ loading: false, loadError: message(error) });
      }
      // Search answers and the open guest follow the mirror too.
      const { query, selectedId } = get();
      if (query.trim()) void runSearch(query.trim(), searchSequence);
      if (selectedId !== null) void get().loadDetail();
    },

    setTab(tab) {
      clearTimeout(searchTimer);
      searchSequence++;
      set({ tab, query: '', searchResults: null, searching: false });
    },

    setQuery(text) {
      clearTimeout(searchTimer);
      const sequence = ++searchSequence;
      const trimmed = text.trim();
      if (!trimmed) {
        set({ query: text, searchResults: null, searching: false });
        return;
      }
      set({ query: text, searching: true });
      searchTimer = setTimeout(() => void runSearch(trimmed, sequence), SEARCH_DEBOUNCE_MS);
    },

    select(invitationId) {
      set({ selectedId: invitationId, detail: null });
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

    async transition(invitationId, action) {
      if (get().busy[invitationId]) return;
      set((s) => ({ busy: { ...s.busy, [invitationId]: action } }));
      try {
        const guest = await api.call('guests.transition', { invitationId, action });
        // The answer is the guest as now shown (pending until the service confirms): show it at once.
        set((s) => ({
          guests: withGuest(s.guests, guest),
          searchResults: s.searchResults && withGuest(s.searchResults, guest),
        }));
        notify('info', `${fullName(guest)} ${DONE[action]}.`);
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
        // Shown again on the next mirror change.
      }
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
      void get().load();
      void get().loadConflicts();
    },

    async openEvacuation() {
      set({ evacuationLoading: true });
      try {
        set({ evacuation: await api.call('guests.evacuationList', {}), evacuationLoading: false });
      } catch (error) {
        set({ evacuationLoading: false });
        notify('error', `Could not build the evacuation list: ${message(error)}`);
      }
    },

    closeEvacuation() {
      set({ evacuation: null });
    },

    dismissNotice() {
      set({ notice: null });
    },

    clear() {
      clearTimeout(searchTimer);
      searchSequence++;
      loadSequence++;
      set(initial);
    },
  };
});
