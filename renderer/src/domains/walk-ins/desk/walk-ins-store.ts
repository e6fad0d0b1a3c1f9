/** The desk's walk-ins: requests waiting at the kiosks, and visitors the desk registers itself. */
import { create } from 'zustand';
import type { WalkIn, WalkInForm } from '../../../../../shared/contract/walk-ins.ts';
import { employeeName, personName } from '../../../../../shared/domain/person-name.ts';
import { api } from '../../../lib/api.ts';
import { errorText } from '../../../lib/error-text.ts';

export interface HostChoice {
  id: number;
  name: string;
  email: string | null;
}

interface WalkInsState {
  pending: WalkIn[];
  /** The request whose decline reason is being typed. */
  declining: number | null;
  /** The "Add visitor" form is open. */
  adding: boolean;
  hostChoices: HostChoice[];
  message: { kind: 'ok' | 'error'; text: string } | null;
  load(): Promise<void>;
  approve(id: number): Promise<void>;
  startDecline(id: number | null): void;
  decline(id: number, reason: string): Promise<void>;
  setAdding(open: boolean): void;
  searchHosts(text: string): Promise<void>;
  add(form: WalkInForm & { hostId: number }): Promise<boolean>;
  checkInAgain(invitationId: number): Promise<void>;
}

export const useWalkIns = create<WalkInsState>()((set, get) => {
  /** Runs a desk action; says what happened, and shows the list as it is now. */
  async function act(work: () => Promise<WalkIn>, done: (w: WalkIn) => string): Promise<boolean> {
    try {
      const walkIn = await work();
      set({ message: { kind: 'ok', text: done(walkIn) }, declining: null });
      await get().load();
      return true;
    } catch (error) {
      set({ message: { kind: 'error', text: errorText(error) } });
      await get().load();
      return false;
    }
  }
  return {
    pending: [],
    declining: null,
    adding: false,
    hostChoices: [],
    message: null,
    async load() {
      try {
        set({ pending: await api.call('walkIns.pending', {}) });
      } catch {
        // a locked session or a hub away: the list stays as shown and is asked again at the next event
      }
    },
    approve: (id) =>
      act(
        () => api.call('walkIns.approve', { id }),
        (w) => `${personName(w)} is let in and counts as on site.`,
      ).then(() => {}),
    startDecline: (id) => set({ declining: id }),
    decline: (id, reason) =>
      act(
        () => api.call('walkIns.decline', { id, reason }),
        (w) => `${personName(w)} was declined: the kiosk asks them to see reception.`,
      ).then(() => {}),
    setAdding: (open) => set({ adding: open, hostChoices: [], message: null }),
    async searchHosts(text) {
      if (text.trim().length < 2) return set({ hostChoices: [] });
      try {
        const found = await api.call('employees.search', { text });
        set({
          hostChoices: found.slice(0, 8).map((e) => ({
            id: e.id,
            name: employeeName(e),
            email: e.email,
          })),
        });
      } catch {
        set({ hostChoices: [] });
      }
    },
    async add(form) {
      const ok = await act(
        () => api.call('walkIns.add', form),
        (w) => `${personName(w)} is registered for ${w.hostName ?? 'their host'} and counts as on site.`,
      );
      if (ok) set({ adding: false, hostChoices: [] });
      return ok;
    },
    checkInAgain: (invitationId) =>
      act(
        () => api.call('walkIns.checkInAgain', { invitationId }),
        (w) => `${personName(w)} is checked in again (a new registration for ${w.hostName ?? 'their host'}).`,
      ).then(() => {}),
  };
});
