/** The desk's check-ins, check-outs and undos: one at a time per guest, shown at once, a check-out with its undo. */
import type { StateCreator } from 'zustand';
import { api } from '../../lib/api.ts';
import { errorText } from '../../lib/error-text.ts';
import { capitalised, fullName } from '../../lib/format.ts';
import { noticeOf, withGuest } from './desk-rows.ts';
import type { DeskState } from './desk-store.ts';
import type { TransitionAction } from './guest-lists.ts';

export interface TransitionsSlice {
  /** The guests with a transition under way, and which. */
  busy: Record<number, TransitionAction>;
  transition(invitationId: number, action: TransitionAction): Promise<void>;
}

const DONE: Record<TransitionAction, string> = {
  checkIn: 'checked in',
  checkOut: 'checked out',
  undo: 'is back as before (undone)',
};

export const initialTransitions = () => ({ busy: {} }) satisfies Partial<TransitionsSlice>;

export const createTransitionsSlice: StateCreator<DeskState, [], [], TransitionsSlice> = (set, get) => ({
  ...initialTransitions(),

  async transition(invitationId, action) {
    if (get().busy[invitationId]) return;
    set((s) => ({ busy: { ...s.busy, [invitationId]: action } }));
    try {
      const guest = await api.call('guests.transition', { invitationId, action });
      // The answer is the guest as now shown (pending until the service confirms): show it at once.
      set((s) => ({ rows: withGuest(s.rows, guest) ?? s.rows }));
      if (action === 'checkOut' && guest.undoUntil)
        set({ notice: noticeOf('info', `${fullName(guest)} checked out.`, { invitationId, until: guest.undoUntil }) });
      else set({ notice: noticeOf('info', `${fullName(guest)} ${DONE[action]}.`) });
      if (get().selectedId === invitationId) void get().loadDetail();
    } catch (error) {
      set({ notice: noticeOf('error', capitalised(errorText(error))) });
    } finally {
      set((s) => {
        const busy = { ...s.busy };
        delete busy[invitationId];
        return { busy };
      });
    }
  },
});
