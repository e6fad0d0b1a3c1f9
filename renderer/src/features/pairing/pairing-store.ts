/**
 * A device a site hub does not know yet: it asks the hub for a code, shows
 * it, and asks every couple of seconds whether staff have entered it at the
 * desk. Once they have, the hub has set the device's credential and the app
 * starts again as what it was paired as.
 */
import { create } from 'zustand';
import type { DeviceRole } from '../../../../shared/contract/hub.ts';
import { api, ApiCallError } from '../../lib/api.ts';

/** How often the device asks whether it was paired: staff see the app open within that much of confirming. */
export const PAIRING_POLL_MS = 2000;

export type PairingView =
  | { kind: 'asking' }
  | { kind: 'code'; code: string; expiresAt: string }
  | { kind: 'paired'; role: DeviceRole; name: string };

export interface PairingDeps {
  pairing: typeof api.pairing;
  /** Starts the app again, now with the device's credential. */
  reload: () => void;
}

interface PairingStore {
  view: PairingView;
  /** Why there is no code to show right now (the hub is out of reach, too many requests): said, and tried again. */
  problem: string | null;
  /** The hub's certificate fingerprint as the hub says it, shown as its security code; kept once heard. */
  fingerprint: string | null;
  /** Starts asking; the function it returns stops. */
  start(): () => void;
  /** A fresh code (the old one expired, or staff want one). */
  newCode(): Promise<void>;
}

const messageOf = (error: unknown) =>
  error instanceof ApiCallError ? error.message : 'Something went wrong while asking the hub for a code.';

export function createPairingStore(deps: PairingDeps) {
  return create<PairingStore>()((set, get) => {
    let asking = false;
    const ask = async (what: () => Promise<void>) => {
      // One question at a time: a slow hub must not get a second code request on top of the first.
      if (asking) return;
      asking = true;
      try {
        await what();
        set({ problem: null });
      } catch (error) {
        set({ problem: messageOf(error) });
      } finally {
        asking = false;
      }
    };
    const heard = (fingerprint: string | undefined) => (fingerprint ? { fingerprint } : {});
    const requestCode = async () => {
      const { code, expiresAt, fingerprint } = await deps.pairing.start();
      set({ view: { kind: 'code', code, expiresAt }, ...heard(fingerprint) });
    };
    const check = async () => {
      const state = await deps.pairing.state();
      if (state.state === 'pending')
        set({ view: { kind: 'code', code: state.code, expiresAt: state.expiresAt }, ...heard(state.fingerprint) });
      else if (state.state === 'paired') {
        set({ view: { kind: 'paired', role: state.role, name: state.name } });
        deps.reload();
      }
      // Expired, or no pairing at all (a first visit, cookies cleared): a new code at once, nobody has to tap.
      else await requestCode();
    };
    return {
      view: { kind: 'asking' },
      problem: null,
      fingerprint: null,
      start() {
        // A reload keeps the pending pairing (its cookie): the same code comes back rather than a new one.
        void ask(check);
        const timer = setInterval(() => {
          if (get().view.kind !== 'paired') void ask(check);
        }, PAIRING_POLL_MS);
        return () => clearInterval(timer);
      },
      newCode: () => ask(requestCode),
    };
  });
}

export const usePairing = createPairingStore({
  pairing: api.pairing,
  // Through globalThis: Node-side tests type-check this module too, without the DOM's names.
  reload: () => (globalThis as unknown as { location: { reload(): void } }).location.reload(),
});
