/** The session (role) and the live sync status, fed by the one event stream. */
import { create } from 'zustand';
import type { Role, SyncStatus } from '../../../shared/contract/operations.ts';
import { api } from '../lib/api.ts';

interface SessionState {
  role: Role | null;
  pinsSet: boolean;
  status: SyncStatus | null;
  /** Bumped whenever the mirror changed: lists reload on it. */
  mirrorVersion: number;
  connected: boolean;
  start(): () => void;
  unlock(pin: string): Promise<Role>;
  lock(): Promise<void>;
}

export const useSession = create<SessionState>()((set) => ({
  role: null,
  pinsSet: false,
  status: null,
  mirrorVersion: 0,
  connected: false,
  start() {
    void api.call('session.get', {}).then(({ role, pinsSet }) => set({ role, pinsSet }));
    return api.subscribe((event) => {
      if (event.type === 'sync-status') set({ status: event.status, connected: true });
      else if (event.type === 'mirror-changed') set((state) => ({ mirrorVersion: state.mirrorVersion + 1 }));
      else if (event.type === 'role') set({ role: event.role });
    });
  },
  async unlock(pin) {
    const { role } = await api.call('session.unlock', { pin });
    set({ role });
    return role;
  },
  async lock() {
    const { role } = await api.call('session.lock', {});
    set({ role });
  },
}));
