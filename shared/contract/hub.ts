/**
 * The site hub's pairing endpoints: plain HTTPS routes outside the app
 * contract, because the device asking has no session and no credential yet
 * (every /app route of a hub answers 401 UNPAIRED until it has one).
 *
 * A new device POSTs to start pairing and shows the code; staff type that
 * code at a desk (hub.pair) or on the hub machine ("foyer devices pair");
 * the device polls with GET until it is paired, and that answer sets its
 * device credential (an httpOnly cookie the page never sees). Failures use
 * the contract's one error shape (AppErrorBody): 429 when an address asks
 * too often. Starting is never refused for a full waiting list: the oldest
 * code of the address holding the most goes (electron/core/hub/registry.ts),
 * so a flood pushes out its own codes and a new tablet can always start.
 * Only the browser that asked (its foyer_pairing cookie, from the address it
 * asked from) collects the credential once staff typed the code.
 */
import { z } from 'zod';
import { MINUTE } from '../time.ts';
import { DEVICE_ROLES, PAIRING_CODE } from './operations.ts';

export const HUB_PAIRING_PATH = '/hub/pairing';

/** Cookies of a hub (httpOnly, Secure, SameSite=Strict): the device credential, and a pairing in progress. */
export const HUB_COOKIES = { device: 'foyer_device', pairing: 'foyer_pairing' } as const;

/** How long a code is valid, and how many codes wait at most (beyond, the oldest of the busiest address goes). */
export const PAIRING_TTL_MS = 10 * MINUTE;
export const MAX_PENDING_PAIRINGS = 50;

const Code = z.string().regex(PAIRING_CODE);
/** ISO 8601 (UTC). */
const Instant = z.string();

/** POST /hub/pairing (body `{}`): a new code for this device. */
export const PairingStarted = z.object({ code: Code, expiresAt: Instant });
export type PairingStarted = z.infer<typeof PairingStarted>;

/** GET /hub/pairing: where this device's pairing stands. */
export const PairingState = z.discriminatedUnion('state', [
  /** Waiting for staff to type the code. */
  z.object({ state: z.literal('pending'), code: Code, expiresAt: Instant }),
  /** Staff paired it: this answer set the device credential; reload the app. */
  z.object({ state: z.literal('paired'), role: z.enum(DEVICE_ROLES), name: z.string() }),
  /** The code ran out before staff typed it: start again (POST). */
  z.object({ state: z.literal('expired') }),
  /** No pairing in progress for this browser. */
  z.object({ state: z.literal('none') }),
]);
export type PairingState = z.infer<typeof PairingState>;
