/** The desk's watchlist alerts: who matched the list where they were being let in, until a desk decides. */
import { create } from 'zustand';
import type { WatchlistAlert, WatchlistDecision } from '../../../../shared/contract/watchlist.ts';
import { api } from '../../lib/api.ts';
import { errorText } from '../../lib/error-text.ts';

interface WatchlistState {
  alerts: WatchlistAlert[];
  message: { kind: 'ok' | 'error'; text: string } | null;
  load(): Promise<void>;
  /** An alert heard on the event stream: shown at once, before any call. */
  heard(alert: WatchlistAlert): void;
  decide(id: number, decision: WatchlistDecision): Promise<void>;
}

const DONE: Record<WatchlistDecision, (name: string) => string> = {
  letIn: (name) => `${name} may be let in: check them in (or add them) now.`,
  turnAway: (name) => `${name} was turned away.`,
  notThisPerson: (name) => `${name} is not the person on the list: they are not alerted for this entry again.`,
};

export const useWatchlist = create<WatchlistState>()((set, get) => ({
  alerts: [],
  message: null,
  async load() {
    try {
      set({ alerts: await api.call('watchlist.alerts', {}) });
    } catch {
      // a locked session or a hub away: the list stays as shown and is asked again at the next event
    }
  },
  heard(alert) {
    set((s) => ({ alerts: [alert, ...s.alerts.filter((a) => a.id !== alert.id)] }));
  },
  async decide(id, decision) {
    try {
      const decided = await api.call('watchlist.decide', { id, decision });
      set({ message: { kind: 'ok', text: DONE[decision](decided.name) } });
    } catch (error) {
      set({ message: { kind: 'error', text: errorText(error) } });
    }
    await get().load();
  },
}));
