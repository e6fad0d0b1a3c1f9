/** The desk's evacuation list: the hub's, kept on this device each time, and the kept copy while the hub is away. */
import type { StateCreator } from 'zustand';
import type { OperationOutput } from '../../../../shared/contract/operations.ts';
import { api, ApiCallError } from '../../lib/api.ts';
import { errorText } from '../../lib/error-text.ts';
import { noticeOf } from './desk-rows.ts';
import type { DeskState } from './desk-store.ts';
import { keepList, keptList } from './kept.ts';

export type EvacuationList = OperationOutput<'guests.evacuationList'>;

export interface EvacuationSlice {
  evacuation: EvacuationList | null;
  evacuationLoading: boolean;
  /** Set when the list shown is the one this device kept, the hub being unreachable: when it was true. */
  evacuationKeptAt: string | null;
  openEvacuation(): Promise<void>;
  closeEvacuation(): void;
}

export const initialEvacuation = () =>
  ({ evacuation: null, evacuationLoading: false, evacuationKeptAt: null }) satisfies Partial<EvacuationSlice>;

export const createEvacuationSlice: StateCreator<DeskState, [], [], EvacuationSlice> = (set) => ({
  ...initialEvacuation(),

  async openEvacuation() {
    set({ evacuationLoading: true });
    try {
      const evacuation = await api.call('guests.evacuationList', {});
      keepList(evacuation, new Date());
      set({ evacuation, evacuationKeptAt: null, evacuationLoading: false });
    } catch (error) {
      // The hub is away: the list this device kept, with its time (kept.ts).
      const kept = error instanceof ApiCallError && error.code === 'UNREACHABLE' ? keptList() : undefined;
      set({ evacuationLoading: false, ...(kept ? { evacuation: kept.value, evacuationKeptAt: kept.keptAt } : {}) });
      if (!kept) set({ notice: noticeOf('error', `Could not build the evacuation list: ${errorText(error)}`) });
    }
  },

  closeEvacuation() {
    set({ evacuation: null });
  },
});
