/**
 * The desk's feed of arrivals (arrivals.list): today's newest arrivals,
 * asked again whenever the guests move (a kiosk's check-in included) or a
 * walk-in is let in. Only the newest answer counts.
 */
import { create } from 'zustand';
import type { Arrival } from '../../../../shared/contract/arrivals.ts';
import { api } from '../../lib/api.ts';
import { errorText } from '../../lib/error-text.ts';
import { latest } from '../../lib/latest.ts';

/** Enough for the last few minutes of a busy morning, few enough for one strip. */
export const FEED_SIZE = 10;

/** Where a guest checked in, as the receptionist says it. */
export function placeText(where: Arrival['where']): string {
  switch (where.kind) {
    case 'device':
      return where.name ?? 'A paired device';
    case 'kiosk':
      return 'Kiosk';
    case 'desk':
      return 'Desk';
    case 'here':
      return 'Kiosk or desk';
    case 'walk-in':
      return 'Walk-in';
    case 'elsewhere':
      return 'Elsewhere';
  }
}

interface ArrivalsState {
  arrivals: Arrival[];
  loaded: boolean;
  error: string | null;
  /** Today's arrivals from `since` (the desk's local midnight). */
  load(since: string): Promise<void>;
  clear(): void;
}

const answers = latest();

export const useArrivals = create<ArrivalsState>()((set) => ({
  arrivals: [],
  loaded: false,
  error: null,
  async load(since) {
    try {
      const answer = await answers.run(() => api.call('arrivals.list', { since, limit: FEED_SIZE }));
      if (answer.current) set({ arrivals: answer.value.arrivals, loaded: true, error: null });
    } catch (error) {
      set({ error: errorText(error), loaded: true });
    }
  },
  clear() {
    answers.cancel();
    set({ arrivals: [], loaded: false, error: null });
  },
}));
