/**
 * The site hub: one Foyer serves the site's kiosks and desks over HTTPS
 * (electron/core/web/host.ts in hub mode), so that every device works on
 * the one mirror and the one outbox. This module is what the host, the core
 * and the CLI share: the registry of paired devices (registry.ts), pairing
 * with short codes typed by staff, device credentials, revocation, the
 * devices' activity and connected state, and the TLS certificate (tls.ts).
 *
 * Several processes may open the same registry (a running hub and "foyer
 * devices"): what one writes, the other sees at its next query; a hub
 * looks every few seconds whether a device with an open stream was revoked
 * elsewhere, and closes its streams.
 */
import { join } from 'node:path';
import {
  type PairingStarted,
  type PairingState,
  MAX_PENDING_PAIRINGS,
  PAIRING_TTL_MS,
} from '../../../shared/contract/hub.ts';
import type { z } from 'zod';
import type { Device, DeviceRole, HubPairInput, HubStatus } from '../../../shared/contract/hub.ts';
import type { Role } from '../../../shared/contract/op.ts';
import type { OperationName } from '../../../shared/contract/operations.ts';
import { AppError } from '../errors.ts';
import { createPinGuard, PIN_LIMITS, type PinGuard, type PinLimit } from '../access/pin-guard.ts';
import { dayKey, iso, MINUTE, SECOND } from '../../../shared/time.ts';
import type { Config } from '../config/config.ts';
import { ensurePrivateDir } from '../config/config.ts';
import { type LanNames, lanNames } from './names.ts';
import { type ActivityKind, type DeviceRow, newSecret, openRegistry, type Registry } from './registry.ts';
import { ensureCertificate, type HubTls } from './tls.ts';

export type { HubTls } from './tls.ts';

/** A paired device as a request sees it. */
export interface PairedDevice {
  id: number;
  name: string;
  role: DeviceRole;
}

export type Authentication = { ok: true; device: PairedDevice } | { ok: false; reason: 'unpaired' | 'revoked' };

export interface Hub {
  /** Its URLs, fingerprint, devices (with connected and today's activity) and waiting pairings. */
  status(): HubStatus;
  /** A device's name (a revoked one's too), undefined for none: one row, for every call of a device (access/device.ts). */
  nameOf(id: number): string | undefined;
  /**
   * Staff typed the code a device shows. `by` is who typed it ("device:3",
   * "desktop", "cli"): wrong codes are counted per typist, as PIN guesses.
   */
  pair(input: z.output<typeof HubPairInput>, by: string): Device;
  /** Its credential opens nothing any more; its streams and sessions close now. */
  revoke(id: number): Device;
  /** The device of a credential (the foyer_device cookie), noting that it was seen from `address`. */
  authenticate(credential: string | undefined, address: string): Authentication;
  /**
   * POST /hub/pairing: a code to show, and the secret for the browser's foyer_pairing cookie; the
   * browser's waiting pairing (`previous`, its cookie) is replaced.
   */
  startPairing(address: string, previous?: string): PairingStarted & { secret: string };
  /**
   * GET /hub/pairing from `address`: the state; once paired, the device credential for its foyer_device
   * cookie (given once, and only to the browser that asked for the code, from the address it asked from).
   */
  pairingState(secret: string | undefined, address: string): { answer: PairingState; credential?: string };
  /** A call a device made and that succeeded: counted in its activity of the day. */
  noteCall(deviceId: number, name: OperationName, input: unknown): void;
  /** A device opened an event stream from `address`; `close` ends it (on revocation). Returns what to call when it ended. */
  openStream(deviceId: number, close: () => void, address: string): () => void;
  /**
   * A desk device's session as it is now (after an unlock, a staff action, a lock): kept while it is
   * unlocked, so that it outlives a restart of the hub within its idle time; dropped once it is locked.
   */
  keepSession(
    deviceId: number,
    session: { id: string; role: Role; lastActiveAt: number; staff?: { id: number; name: string } | undefined },
  ): void;
  /** The kept session of this id, if it is this device's, unlocked and within its idle time (read now). */
  restoreSession(
    id: string,
    deviceId: number,
  ): { role: 'desk' | 'admin'; lastActiveAt: number; staff: { id: number; name: string } | undefined } | undefined;
  /** The id is no longer a session's (renewed by an unlock, closed). */
  dropSession(id: string): void;
  /** Told when a device was revoked (here or by another process): its sessions end. */
  onRevoked(listener: (deviceId: number) => void): () => void;
  /** The host's URLs, once it listens. */
  served(urls: readonly string[]): void;
  /** Devices changed (paired, revoked, connected, seen, did something): throttled to one call a second. */
  onChange(listener: () => void): () => void;
  close(): void;
}

export type OpenedHub = Hub & { readonly tls: HubTls; readonly names: LanNames };

export interface HubOptions {
  dataDir: string;
  config: () => Config;
  /** Names besides the configuration's allowedHosts that the certificate must cover (foyer hub --allowed-host). */
  extraNames?: readonly string[];
  log?: (line: string) => void;
  now?: () => number;
  /** Tests: how often the registry is looked at for changes made by another process. */
  pollMs?: number;
  /** Tests: the limits on wrong pairing codes. */
  codeLimits?: { client: PinLimit; process: PinLimit };
  /** Tests: the machine's names. */
  names?: LanNames;
  /** Tests: how the device registry is opened (to reach its connection). */
  openRegistry?: (path: string) => Registry;
}

/** Codes waiting for one address: a device reloading its screen replaces its own; a flood pushes out its own first. */
const PENDING_PER_ADDRESS = 3;
/** A credential heard from two addresses within this time is shown as used from both (copied). */
export const ADDRESSES_WINDOW_MS = 5 * MINUTE;
/** A device's last-seen time is written at most this often (each request reads; few write). */
const SEEN_EVERY_MS = 30 * SECOND;
const CHANGE_THROTTLE_MS = SECOND;
const POLL_MS = 2 * SECOND;

/**
 * Staff work that changes something, besides checking guests in and out:
 * a device's "other actions". Reading (a guest's details, a PIN shown, a
 * search, a preview, the evacuation list, an export) is not counted.
 */
const OTHER_ACTIONS: ReadonlySet<OperationName> = new Set<OperationName>([
  'conflicts.retry',
  'conflicts.dismiss',
  'sync.now',
  'pushes.queue',
  'outbox.retry',
  'outbox.retryAll',
  'settings.setKiosk',
  'settings.setConnection',
  'settings.setPin',
  'settings.setFlow',
  'settings.setSync',
  'hub.pair',
  'hub.revoke',
]);

/** What a successful call counts as in a device's day; undefined for reads, a person's session, and guests' own steps. */
export function activityOf(name: OperationName, input: unknown): ActivityKind | undefined {
  if (name === 'kiosk.checkIn') return 'checkIns';
  if (name === 'kiosk.checkOut') return 'checkOuts';
  if (name === 'guests.transition') {
    const action = (input as { action?: string } | null)?.action;
    return action === 'checkIn' ? 'checkIns' : action === 'checkOut' ? 'checkOuts' : 'other';
  }
  return OTHER_ACTIONS.has(name) ? 'other' : undefined;
}

function toDevice(row: DeviceRow, connected: boolean, addresses: readonly string[]): Device {
  return {
    id: row.id,
    name: row.name,
    role: row.role,
    pairedAt: row.pairedAt,
    lastSeenAt: row.lastSeenAt,
    lastAddress: row.lastAddress,
    connected,
    revokedAt: row.revokedAt,
    today: row.today,
    addresses: [...addresses],
  };
}

/** The registry without the certificate: what "foyer devices" needs, in any process. */
export function openHubRegistry(options: Omit<HubOptions, 'extraNames' | 'names'>): Hub {
  const now = options.now ?? Date.now;
  ensurePrivateDir(options.dataDir);
  const registry: Registry = (options.openRegistry ?? openRegistry)(join(options.dataDir, 'hub.sqlite'));
  const guard: PinGuard = createPinGuard({
    now,
    ...(options.log ? { log: options.log } : {}),
    // Wrong codes are limited as PIN guesses are: six digits and at most 50 waiting take thousands of tries.
    limits: options.codeLimits ?? PIN_LIMITS,
    names: { failures: 'wrong pairing codes', lockout: 'pairing code lockout' },
  });
  let urls: readonly string[] = [];
  /** Open streams per device: how to close each, and the address it was opened from. */
  const streams = new Map<number, Map<() => void, string>>();
  /** When a device was last written as seen from an address ("id address"). */
  const lastWritten = new Map<string, number>();
  const changeListeners = new Set<() => void>();
  const revokedListeners = new Set<(id: number) => void>();

  let changeTimer: NodeJS.Timeout | undefined;
  let lastChangeAt = 0;
  const fireChange = () => {
    changeTimer = undefined;
    lastChangeAt = now();
    for (const listener of changeListeners) listener();
  };
  /** At most one change a second: a busy morning is not a flood of events to every desk. */
  const changed = () => {
    if (changeTimer) return;
    const wait = Math.max(0, lastChangeAt + CHANGE_THROTTLE_MS - now());
    changeTimer = setTimeout(fireChange, wait);
    changeTimer.unref();
  };

  /** Each device's addresses now: those of its open streams and those it was heard from lately. */
  const addressesNow = (at: number) => {
    const recent = registry.addressesSince(iso(at - ADDRESSES_WINDOW_MS));
    return (id: number) => [...new Set([...(recent.get(id) ?? []), ...(streams.get(id)?.values() ?? [])])];
  };
  const deviceOrThrow = (id: number) => {
    const at = now();
    const row = registry.device(id, dayKey(at));
    if (!row) throw new AppError('NOT_FOUND', `no device ${id}: "foyer devices" lists them`);
    return toDevice(row, streams.has(id), addressesNow(at)(id));
  };

  /**
   * A note about a device's work (its day's counts, when it was last seen) never refuses nor undoes that
   * work: the call it notes was committed, or is about to be made. A write that fails (a full disk) is logged.
   */
  function bookkeeping(what: string, write: () => void): void {
    try {
      write();
    } catch (error) {
      options.log?.(`hub: ${what} not noted: ${(error as Error)?.message ?? String(error)}`);
    }
  }

  function ended(id: number): void {
    for (const close of [...(streams.get(id)?.keys() ?? [])]) close();
    streams.delete(id);
    for (const key of [...lastWritten.keys()]) if (key.startsWith(`${id} `)) lastWritten.delete(key);
    for (const listener of revokedListeners) listener(id);
  }

  // Another process (foyer devices) may pair or revoke: PRAGMA data_version moves when it commits.
  let dataVersion = registry.dataVersion();
  const poller = setInterval(() => {
    const version = registry.dataVersion();
    if (version === dataVersion) return;
    dataVersion = version;
    for (const id of registry.revokedAmong([...streams.keys()])) ended(id);
    changed();
  }, options.pollMs ?? POLL_MS);
  poller.unref();

  return {
    status() {
      const at = now();
      const addresses = addressesNow(at);
      return {
        enabled: urls.length > 0,
        urls: [...urls],
        fingerprint: null,
        devices: registry.devices(dayKey(at)).map((row) => toDevice(row, streams.has(row.id), addresses(row.id))),
        pendingPairings: registry.pendingCount(at),
      };
    },
    nameOf: (id) => registry.nameOf(id),
    pair({ code, role, name }, by) {
      const attempt = guard.begin(by);
      let id: number | undefined;
      try {
        id = registry.approve(code, role, name, by, now());
      } finally {
        if (id === undefined) attempt.failed();
        else attempt.succeeded();
      }
      if (id === undefined)
        throw new AppError(
          'NOT_FOUND',
          `no device shows the code ${code} now: type the code the new device shows (codes last ${PAIRING_TTL_MS / MINUTE} minutes)`,
        );
      options.log?.(`hub: paired device ${id} "${name}" as ${role} (by ${by})`);
      changed();
      return deviceOrThrow(id);
    },
    revoke(id) {
      if (!registry.revoke(id, iso(now())))
        throw new AppError('NOT_FOUND', `no device ${id}: "foyer devices" lists them`);
      options.log?.(`hub: revoked device ${id}`);
      ended(id);
      changed();
      return deviceOrThrow(id);
    },
    authenticate(credential, address) {
      if (!credential) return { ok: false, reason: 'unpaired' };
      const found = registry.byCredential(credential);
      if (!found) return { ok: false, reason: 'unpaired' };
      if (found.revokedAt) return { ok: false, reason: 'revoked' };
      const at = now();
      const key = `${found.id} ${address}`;
      const last = lastWritten.get(key);
      if (last === undefined || at - last >= SEEN_EVERY_MS)
        bookkeeping(`device ${found.id} seen from ${address}`, () => {
          registry.seen(found.id, iso(at), address);
          lastWritten.set(key, at);
          changed();
        });
      return { ok: true, device: { id: found.id, name: found.name, role: found.role } };
    },
    startPairing(address, previous) {
      const secret = newSecret();
      const started = registry.startPairing(secret, address, now(), {
        ttlMs: PAIRING_TTL_MS,
        max: MAX_PENDING_PAIRINGS,
        perAddress: PENDING_PER_ADDRESS,
        previous,
      });
      if (started.dropped.length > 0)
        options.log?.(
          `hub: ${MAX_PENDING_PAIRINGS} pairing codes (or ${PENDING_PER_ADDRESS} for one address) were waiting; dropped the oldest of ${[...new Set(started.dropped)].join(', ')} to give ${address} a code`,
        );
      changed();
      return { code: started.code, expiresAt: iso(started.expiresAt), secret };
    },
    pairingState(secret, address) {
      const pairing = secret ? registry.pairing(secret) : undefined;
      // A pairing cookie carried to another machine is no pairing there: the code was shown at that address.
      if (!pairing || pairing.address !== address) return { answer: { state: 'none' } };
      if (pairing.deviceId !== null) {
        const credential = registry.collect(pairing.id, pairing.deviceId);
        const device = credential ? registry.device(pairing.deviceId, dayKey(now())) : undefined;
        if (!credential || !device) return { answer: { state: 'none' } };
        registry.seen(device.id, iso(now()), address);
        changed();
        return { answer: { state: 'paired', role: device.role, name: device.name }, credential };
      }
      if (pairing.expiresAt <= now()) return { answer: { state: 'expired' } };
      return {
        answer: { state: 'pending', code: pairing.code, expiresAt: iso(pairing.expiresAt) },
      };
    },
    noteCall(deviceId, name, input) {
      const kind = activityOf(name, input);
      if (!kind) return;
      bookkeeping(`${name} of device ${deviceId} in its day's counts`, () => {
        registry.count(deviceId, dayKey(now()), kind);
        changed();
      });
    },
    openStream(deviceId, close, address) {
      let open = streams.get(deviceId);
      if (!open) streams.set(deviceId, (open = new Map()));
      open.set(close, address);
      changed();
      return () => {
        const set = streams.get(deviceId);
        if (!set?.delete(close)) return;
        if (set.size === 0) streams.delete(deviceId);
        changed();
      };
    },
    keepSession(deviceId, { id, role, lastActiveAt, staff }) {
      if (role === 'kiosk') return registry.dropSession(id);
      const idleUntil = lastActiveAt + options.config().staffIdleMinutes * MINUTE;
      registry.keepSession(id, {
        deviceId,
        role,
        lastActiveAt,
        idleUntil,
        staffId: staff?.id ?? null,
        staffName: staff?.name ?? null,
      });
    },
    restoreSession(id, deviceId) {
      const kept = registry.keptSession(id);
      if (!kept || kept.deviceId !== deviceId) return undefined;
      // Idle by the time set when it was kept, or by the one set now, whichever is shorter: it locks as it would have.
      const at = now();
      if (at >= kept.idleUntil || at - kept.lastActiveAt >= options.config().staffIdleMinutes * MINUTE) {
        registry.dropSession(id);
        return undefined;
      }
      const staff =
        kept.staffId !== null && kept.staffId !== undefined
          ? { id: kept.staffId, name: kept.staffName ?? '' }
          : undefined;
      return { role: kept.role, lastActiveAt: kept.lastActiveAt, staff };
    },
    dropSession: (id) => registry.dropSession(id),
    onRevoked(listener) {
      revokedListeners.add(listener);
      return () => revokedListeners.delete(listener);
    },
    served(next) {
      urls = [...next];
      changed();
    },
    onChange(listener) {
      changeListeners.add(listener);
      return () => changeListeners.delete(listener);
    },
    close() {
      clearInterval(poller);
      if (changeTimer) clearTimeout(changeTimer);
      changeListeners.clear();
      revokedListeners.clear();
      registry.close();
    },
  };
}

/**
 * The hub of a data directory: its registry, and its certificate made or
 * renewed for the machine's names and the configured ones.
 */
export async function openHub(options: HubOptions): Promise<OpenedHub> {
  const names = options.names ?? lanNames([...(options.extraNames ?? []), ...options.config().allowedHosts]);
  ensurePrivateDir(options.dataDir);
  const tls = await ensureCertificate(options.dataDir, names, (options.now ?? Date.now)());
  if (tls.renewed) options.log?.(`hub: made its TLS certificate; fingerprint (SHA-256) ${tls.fingerprint}`);
  const hub = openHubRegistry(options);
  return {
    ...hub,
    status: () => ({ ...hub.status(), fingerprint: tls.fingerprint }),
    tls,
    names,
  };
}
