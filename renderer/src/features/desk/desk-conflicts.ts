/** The desk's conflicts (transitions the service refused) and its "Sync now". */
import type { StateCreator } from 'zustand';
import type { OperationOutput } from '../../../../shared/contract/operations.ts';
import { api } from '../../lib/api.ts';
import { errorText } from '../../lib/error-text.ts';
import { fullName } from '../../lib/format.ts';
import { noticeOf, withGuest } from './desk-rows.ts';
import type { DeskState } from './desk-store.ts';

export type Conflict = OperationOutput<'conflicts.list'>[number];

export interface ConflictsSlice {
  conflicts: Conflict[];
  syncing: boolean;
  loadConflicts(): Promise<void>;
  retryConflict(id: number): Promise<void>;
  dismissConflict(id: number): Promise<void>;
  syncNow(): Promise<void>;
}

export const initialConflicts = () => ({ conflicts: [], syncing: false }) satisfies Partial<ConflictsSlice>;

export const createConflictsSlice: StateCreator<DeskState, [], [], ConflictsSlice> = (set, get) => {
  const notify = (tone: 'info' | 'error', text: string) => set({ notice: noticeOf(tone, text) });
  return {
    ...initialConflicts(),

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
        set((s) => ({ rows: withGuest(s.rows, guest) ?? s.rows }));
        notify('info', `Trying again: ${fullName(guest)}.`);
      } catch (error) {
        notify('error', `Not tried again: ${errorText(error)}`);
      }
      void get().loadConflicts();
    },

    async dismissConflict(id) {
      set((s) => ({ conflicts: s.conflicts.filter((c) => c.id !== id) }));
      try {
        await api.call('conflicts.dismiss', { id });
      } catch (error) {
        notify('error', `Could not dismiss: ${errorText(error)}`);
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
        notify('error', `Sync failed: ${errorText(error)}`);
      } finally {
        set({ syncing: false });
      }
      void get().loadConflicts();
    },
  };
};
