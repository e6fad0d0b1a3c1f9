/**
 * Whether the site is being evacuated, as the kiosk shows it: asked once at
 * start and whenever the stream comes back, then told by the hub
 * (evacuation-changed) within a moment of a desk starting or ending it.
 */
import { create } from 'zustand';
import { api } from '../../../lib/api.ts';
import { onAppEvent } from '../../../stores/session.ts';

interface EvacuationState {
  active: boolean;
  assemblyPoint: string;
  /** Asks the hub; an answer that does not come leaves the screen as it is. */
  load(): Promise<void>;
  /** Follows the stream's evacuation-changed; returns the stop. */
  follow(): () => void;
}

export const useEvacuation = create<EvacuationState>()((set, get) => ({
  active: false,
  assemblyPoint: '',
  async load() {
    try {
      set(await api.call('evacuation.state', {}));
    } catch {
      // The hub is away: the kiosk's own lost-hub screen says so; the next event or reconnect asks again.
    }
  },
  follow() {
    return onAppEvent((event) => {
      if (event.type !== 'evacuation-changed') return;
      set({ active: event.active, assemblyPoint: event.assemblyPoint });
      void get().load();
    });
  },
}));
