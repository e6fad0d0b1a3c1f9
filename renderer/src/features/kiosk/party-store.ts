/**
 * A party at the kiosk: once one guest is found to check in, the others of
 * the same visit still expected today (first name and initial, each with its
 * own ticket from the core), and whom the guest ticked as here with them.
 */
import { create } from 'zustand';
import type { KioskPartyMember } from '../../../../shared/contract/kiosk.ts';
import { api } from '../../lib/api.ts';

interface PartyState {
  /** The ticket of the guest the party belongs to: answers for another guest are dropped. */
  of: string | null;
  members: KioskPartyMember[];
  /** The tickets of the members ticked as here. */
  ticked: string[];
  load(ticket: string): Promise<void>;
  toggle(ticket: string): void;
  clear(): void;
}

export const useParty = create<PartyState>()((set, get) => ({
  of: null,
  members: [],
  ticked: [],
  async load(ticket) {
    set({ of: ticket, members: [], ticked: [] });
    try {
      const members = await api.call('kiosk.party', { ticket });
      if (get().of === ticket) set({ members });
    } catch {
      // No party offered (the budget, say): the guest checks in alone, the others find themselves.
    }
  },
  toggle(ticket) {
    const { ticked } = get();
    set({ ticked: ticked.includes(ticket) ? ticked.filter((t) => t !== ticket) : [...ticked, ticket] });
  },
  clear() {
    set({ of: null, members: [], ticked: [] });
  },
}));
