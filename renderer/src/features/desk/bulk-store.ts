/**
 * The bulk check-out at the desk: guests ticked in the On site list (or
 * "everyone whose visit has ended"), a confirmation, then one call that
 * checks them all out, held back by the core for the same 8 s as a single
 * check-out, and one Undo for all of them while it is.
 */
import { create } from 'zustand';
import type { DeskGuest } from '../../../../shared/contract/operations.ts';
import { api } from '../../lib/api.ts';
import { fullName } from '../../lib/format.ts';
import { bulkResult } from './ended-visits.ts';
import { errorText as message } from '../../lib/error-text.ts';

export interface BulkNotice {
  id: number;
  tone: 'info' | 'error';
  text: string;
  /** The check-outs that can still be taken back together. */
  undo?: { invitationIds: number[]; until: string };
}

interface BulkState {
  /** Ticked in the On site list. */
  selected: ReadonlySet<number>;
  /** What the confirmation asks about: the guests and their names (for the dialog). */
  confirming: { invitationIds: number[]; names: string[]; ended: boolean } | null;
  working: boolean;
  notice: BulkNotice | null;

  toggle(guest: Pick<DeskGuest, 'invitationId'>): void;
  clearSelection(): void;
  /** Asks to check out the ticked guests; `names` as the rows show them. */
  askSelected(names: Map<number, string>): void;
  /** Asks to check out everyone on site whose visit has ended (the core says who). */
  askEnded(): Promise<void>;
  cancel(): void;
  confirm(): Promise<void>;
  undo(): Promise<void>;
  dismiss(): void;
}

let noticeId = 0;

export const useBulk = create<BulkState>()((set, get) => {
  const notify = (tone: BulkNotice['tone'], text: string, undo?: BulkNotice['undo']) =>
    set({ notice: { id: ++noticeId, tone, text, ...(undo ? { undo } : {}) } });

  return {
    selected: new Set(),
    confirming: null,
    working: false,
    notice: null,

    toggle({ invitationId }) {
      const selected = new Set(get().selected);
      if (!selected.delete(invitationId)) selected.add(invitationId);
      set({ selected });
    },

    clearSelection() {
      set({ selected: new Set() });
    },

    askSelected(names) {
      const invitationIds = [...get().selected];
      if (invitationIds.length === 0) return;
      set({
        confirming: {
          invitationIds,
          names: invitationIds.map((id) => names.get(id) ?? `Guest ${id}`),
          ended: false,
        },
      });
    },

    async askEnded() {
      set({ working: true });
      try {
        const guests = await api.call('guests.endedVisits', {});
        if (guests.length === 0) notify('info', 'Nobody on site has a visit that has ended.');
        else
          set({
            confirming: {
              invitationIds: guests.map((g) => g.invitationId),
              names: guests.map((g) => fullName(g)),
              ended: true,
            },
          });
      } catch (error) {
        notify('error', `Could not find whose visit has ended: ${message(error)}`);
      } finally {
        set({ working: false });
      }
    },

    cancel() {
      set({ confirming: null });
    },

    async confirm() {
      const asked = get().confirming;
      if (!asked || get().working) return;
      set({ working: true });
      try {
        const done = await api.call('guests.checkOutMany', { invitationIds: asked.invitationIds });
        const ids = done.guests.map((g) => g.invitationId);
        set({ confirming: null, selected: new Set() });
        notify(
          done.guests.length ? 'info' : 'error',
          bulkResult(done.guests.length, done.refused),
          done.undoUntil && ids.length ? { invitationIds: ids, until: done.undoUntil } : undefined,
        );
      } catch (error) {
        set({ confirming: null });
        notify('error', `Nobody was checked out: ${message(error)}`);
      } finally {
        set({ working: false });
      }
    },

    async undo() {
      const held = get().notice?.undo;
      if (!held) return;
      set({ notice: null });
      try {
        const undone = await api.call('guests.undoCheckOutMany', { invitationIds: held.invitationIds });
        notify(undone.refused.length ? 'error' : 'info', bulkResult(undone.guests.length, undone.refused, true));
      } catch (error) {
        notify('error', `Could not undo: ${message(error)}`);
      }
    },

    dismiss() {
      set({ notice: null });
    },
  };
});
