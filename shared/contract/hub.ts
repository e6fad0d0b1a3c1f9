/**
 * The site hub (electron/core/hub): one Foyer serves the site's other
 * devices over HTTPS; each device is paired once by staff and holds a device
 * credential with its role. A kiosk device stays a kiosk; a desk device
 * starts as a kiosk and is unlocked with the desk or admin PIN, as any door.
 */
import { z } from 'zod';
import { MINUTE } from '../time.ts';
import { id, op, STAFF, PASSIVE } from './op.ts';

export const DEVICE_ROLES = ['kiosk', 'desk'] as const;
export type DeviceRole = (typeof DEVICE_ROLES)[number];

export const Device = z.object({
  id: z.number().int(),
  name: z.string(),
  role: z.enum(DEVICE_ROLES),
  pairedAt: z.string(),
  /** The last request of the device (any call, the event stream included), and from where. */
  lastSeenAt: z.string().nullable(),
  lastAddress: z.string().nullable(),
  /** Whether the device holds an open event stream now. */
  connected: z.boolean(),
  /** Set once the device was revoked: its credential opens nothing any more. */
  revokedAt: z.string().nullable(),
  /** What it did today (the hub's local day): check-ins, check-outs and other staff actions. */
  today: z.object({ checkIns: z.number().int(), checkOuts: z.number().int(), other: z.number().int() }),
  /** Where its credential is used now (open streams, and requests of the last 5 minutes): two means it was copied. */
  addresses: z.array(z.string()),
});
export type Device = z.infer<typeof Device>;

export const HubStatus = z.object({
  /** Whether this Foyer serves as a hub now (foyer hub, or the desktop app with hub.enabled). */
  enabled: z.boolean(),
  /** Where devices reach it, e.g. https://reception.local:5443/ and its LAN addresses. */
  urls: z.array(z.string()),
  /** SHA-256 of the hub's certificate, colon hex; screens show it as the security code (shared/fingerprint.ts). */
  fingerprint: z.string().nullable(),
  devices: z.array(Device),
  /** Pairing requests waiting for staff (their codes are shown at the devices only). */
  pendingPairings: z.number().int(),
});
export type HubStatus = z.infer<typeof HubStatus>;

/** The short code a new device shows; staff type it at the desk. */
export const PAIRING_CODE = /^[0-9]{6}$/;
export const HubPairInput = z.strictObject({
  code: z.string().trim().max(6).regex(PAIRING_CODE, 'the six digits the device shows'),
  role: z.enum(DEVICE_ROLES),
  name: z.string().trim().min(1, 'give the device a name, e.g. "Lobby kiosk 2"').max(60),
});

export const hubOperations = {
  'hub.status': op(
    STAFF,
    z.object({}).strict(),
    HubStatus,
    'The site hub: its address, fingerprint and devices',
    PASSIVE,
  ),
  'hub.pair': op(STAFF, HubPairInput, Device, 'Pair the device that shows this code, with its role'),
  'hub.revoke': op(STAFF, z.object({ id }).strict(), Device, 'Revoke a paired device: its credential opens nothing'),
} as const;

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
export const HUB_PAIRING_PATH = '/hub/pairing';

/** Cookies of a hub (httpOnly, Secure, SameSite=Strict): the device credential, and a pairing in progress. */
export const HUB_COOKIES = { device: 'foyer_device', pairing: 'foyer_pairing' } as const;

/** How long a code is valid, and how many codes wait at most (beyond, the oldest of the busiest address goes). */
export const PAIRING_TTL_MS = 10 * MINUTE;
export const MAX_PENDING_PAIRINGS = 50;

const Code = z.string().regex(PAIRING_CODE);
/** ISO 8601 (UTC). */
const Instant = z.string();

/**
 * The hub's certificate fingerprint (colon hex), which a waiting device shows as the hub's security code
 * (shared/fingerprint.ts) beside its own padlock's: nothing new to the browser, which was shown the certificate
 * itself to open the page. Set by the browser host; the registry leaves it out.
 */
const HubFingerprint = z.string().max(200).optional();

/** POST /hub/pairing (body `{}`): a new code for this device. */
export const PairingStarted = z.object({ code: Code, expiresAt: Instant, fingerprint: HubFingerprint });
export type PairingStarted = z.infer<typeof PairingStarted>;

/** GET /hub/pairing: where this device's pairing stands. */
export const PairingState = z.discriminatedUnion('state', [
  /** Waiting for staff to type the code. */
  z.object({ state: z.literal('pending'), code: Code, expiresAt: Instant, fingerprint: HubFingerprint }),
  /** Staff paired it: this answer set the device credential; reload the app. */
  z.object({ state: z.literal('paired'), role: z.enum(DEVICE_ROLES), name: z.string() }),
  /** The code ran out before staff typed it: start again (POST). */
  z.object({ state: z.literal('expired') }),
  /** No pairing in progress for this browser. */
  z.object({ state: z.literal('none') }),
]);
export type PairingState = z.infer<typeof PairingState>;
