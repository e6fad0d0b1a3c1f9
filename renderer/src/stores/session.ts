/** The session (role) and the live sync status, fed by the one event stream. */
import { create } from 'zustand';
import type { AppEvent } from '../../../shared/contract/events.ts';
import type { Role } from '../../../shared/contract/op.ts';
import type { SyncStatus } from '../../../shared/contract/sync.ts';
import { api, onUnpaired } from '../lib/api.ts';
import { throttle } from '../lib/throttle.ts';
import { GUESTS_EVERY_MS, RELOAD_EVERY_MS, STATUS_EVERY_MS } from './pace.ts';

/** Listeners of the stream's other events (e.g. an import's progress), so that one stream serves all. */
const eventListeners = new Set<(event: AppEvent) => void>();
export function onAppEvent(listener: (event: AppEvent) => void): () => void {
  eventListeners.add(listener);
  return () => eventListeners.delete(listener);
}

interface SessionState {
  role: Role | null;
  /** The named person who unlocked this screen with their own PIN or card (null: a shared PIN, or locked). */
  person: string | null;
  pinsSet: boolean;
  /** This door can never be raised above kiosk (a device paired as kiosk): no staff entry is shown. */
  kioskOnly: boolean;
  /** No admin PIN is set, and this door is at the machine itself: the app asks for the first one. */
  firstStart: boolean;
  /** The first admin PIN was set from this screen a moment ago: the app opens the admin console. */
  justSetUp: boolean;
  status: SyncStatus | null;
  /** Bumped whenever the mirror changed: lists reload on it. */
  mirrorVersion: number;
  /** The newest version of the guests the core announced: the desk asks for what changed since its own. */
  guestsVersion: number;
  /** Whether the event stream to the core (the hub, for a browser device) is open now. */
  connected: boolean;
  /**
   * Set when the host (a site hub) refused this device as not paired, or no
   * longer paired: its message says which. The app shows the pairing screen.
   */
  unpaired: string | null;
  /** When the stream dropped (null while it is open, and in the desktop app, whose door cannot drop). */
  connectionLostAt: number | null;
  /** "Not now" was chosen on the first-start screen. */
  firstStartSkipped: boolean;
  start(): () => void;
  unlock(pin: string): Promise<Role>;
  setFirstAdminPin(pin: string): Promise<Role>;
  /** The desk window goes on without the admin PIN for now (asked again at the next start). */
  skipFirstStart(): void;
  lock(): Promise<void>;
}

export const useSession = create<SessionState>()((set) => ({
  role: null,
  person: null,
  pinsSet: false,
  kioskOnly: false,
  firstStart: false,
  justSetUp: false,
  status: null,
  mirrorVersion: 0,
  guestsVersion: 0,
  connected: false,
  unpaired: null,
  connectionLostAt: null,
  firstStartSkipped: false,
  start() {
    // Whichever call hears it first: the session call below, a kiosk lookup, the stream's reconnect.
    const stopUnpaired = onUnpaired((message) => set({ unpaired: message }));
    const refresh = () =>
      api.call('session.get', {}).then(
        ({ role, person, pinsSet, kioskOnly, firstStart }) =>
          // Once skipped, the desk window is not asked again until the next start (a reconnect asks the core again).
          set((state) => ({ role, person, pinsSet, kioskOnly, firstStart: firstStart && !state.firstStartSkipped })),
        () => {}, // the stream's own reconnect brings the role back
      );
    void refresh();
    const showStatus = throttle((status: SyncStatus) => set({ status, connected: true }), STATUS_EVERY_MS);
    const mirrorChanged = throttle(() => set((state) => ({ mirrorVersion: state.mirrorVersion + 1 })), RELOAD_EVERY_MS);
    // A burst of changes (a sync applying pages) reaches the desk as one request per GUESTS_EVERY_MS at most.
    const guestsChanged = throttle((version: number) => set({ guestsVersion: version }), GUESTS_EVERY_MS);
    const unsubscribe = api.subscribe(
      (event) => {
        if (event.type === 'sync-status') showStatus(event.status);
        else if (event.type === 'mirror-changed') mirrorChanged();
        else if (event.type === 'guests-changed') guestsChanged(event.version);
        else if (event.type === 'role') {
          // Locked by the core (idle, a person removed, another screen's lock): whoever it names is asked again.
          set({ role: event.role, person: null });
          void refresh();
        } else for (const listener of eventListeners) listener(event);
      },
      (connected) => {
        set((state) => ({ connected, connectionLostAt: connected ? null : (state.connectionLostAt ?? Date.now()) }));
        // Back after a drop: the host may have restarted, and the mirror moved on meanwhile.
        if (connected) {
          void refresh();
          mirrorChanged();
        }
      },
    );
    return () => {
      stopUnpaired();
      unsubscribe();
      showStatus.cancel();
      mirrorChanged.cancel();
      guestsChanged.cancel();
    };
  },
  async unlock(pin) {
    const { role, person } = await api.call('session.unlock', { pin });
    set({ role, person: person ?? null });
    return role;
  },
  async setFirstAdminPin(pin) {
    const { role } = await api.call('session.setFirstAdminPin', { pin });
    set({ role, pinsSet: true, firstStart: false, justSetUp: true });
    return role;
  },
  skipFirstStart() {
    set({ firstStart: false, firstStartSkipped: true });
  },
  async lock() {
    const { role } = await api.call('session.lock', {});
    set({ role, person: null });
  },
}));

/** Whether the stream has been down for at least `afterMs` (a blip while it reconnects is not worth a word). */
export function lostFor(lostAt: number | null, afterMs: number, now: number): boolean {
  return lostAt !== null && now - lostAt >= afterMs;
}
