/**
 * A session is one door's caller: an Electron window, or a browser of the
 * browser host. Its role starts at the door's base role and can be raised
 * with a PIN, never above what the door allows (a kiosk window stays kiosk).
 *
 * The rules are kept here, once, for every door: PIN attempts go through the
 * process's PIN guard (per client and per process, whatever the session); a
 * staff session that does nothing for the configured idle time locks back
 * to its base role; and the sessions the core keeps are bounded.
 */
import { randomBytes } from 'node:crypto';
import type { Role } from '../../../shared/contract/op.ts';
import { type OperationName, PASSIVE_OPERATIONS } from '../../../shared/contract/operations.ts';
import { AppError } from '../errors.ts';
import { countedClient, type PinGuard } from './pin-guard.ts';
import { pairedDeviceOf } from './device.ts';
import { verifyPin } from './pins.ts';
import { HOUR, MINUTE } from '../../../shared/time.ts';

const RANK: Record<Role, number> = { kiosk: 0, desk: 1, admin: 2 };

export interface Session {
  /** Its key (a browser's cookie): renewed on every unlock, so a key known before the unlock opens nothing after it. */
  id: string;
  role: Role;
  readonly baseRole: Role;
  readonly maxRole: Role;
  /** Who calls, for the PIN guard: "ip:<address>" for a browser, "desktop" for the Electron app. */
  readonly client: string;
  /** The last call of any kind: kiosk sessions unseen for long are dropped. */
  lastSeenAt: number;
  /** The last action of a person (see PASSIVE): a staff session idle for long locks. */
  lastActiveAt: number;
  /**
   * A door at the machine itself (the desktop app's desk window, a browser of "foyer web" over loopback), said so
   * by the door that opened it: while no admin PIN is set, such a door may set the first one (usecases/first-pin.ts).
   */
  readonly atMachine: boolean;
  /**
   * The named person who unlocked it with a PIN or card code of their own (usecases/staff.ts); undefined for a
   * shared PIN. Cleared whenever the session locks: every audit entry of the session names them.
   */
  staff: StaffRef | undefined;
}

/** A person of the site's staff list, as a session carries them. */
export interface StaffRef {
  id: number;
  name: string;
}

/** The command line's client: the machine's own user, who owns the data folder (cli/door.ts). */
export const CLI_CLIENT = 'cli';

export function createSession(
  id: string,
  baseRole: Role,
  maxRole: Role = baseRole,
  client = 'local',
  now = Date.now(),
  atMachine = false,
): Session {
  return {
    id,
    role: baseRole,
    baseRole,
    maxRole,
    client,
    lastSeenAt: now,
    lastActiveAt: now,
    atMachine,
    staff: undefined,
  };
}

/**
 * Calls the screens make by themselves (when the stream says the mirror
 * changed, or on a timer): they read, and do not show that a person is
 * there, so they do not keep a staff session from locking. Marked PASSIVE in
 * the contract, next to each operation.
 */
export const PASSIVE: ReadonlySet<OperationName> = PASSIVE_OPERATIONS;

export interface SessionKeeperOptions {
  now?: () => number;
  /** Idle time after which a desk or admin session locks (the configuration's staffIdleMinutes, read live). */
  staffIdleMs: () => number;
  /** A kiosk session of a browser unseen this long is dropped (its next call starts a new one). */
  kioskIdleMs?: number;
  /**
   * At most this many browser sessions: past it, an anonymous browser's kiosk session goes (one that never came
   * back with its cookie first, then the least recently seen); a paired device's or an unlocked one never does.
   */
  maxSessions?: number;
  /** At most this many browser sessions per client (an address, its IPv6 /64, a device): past it, its own go. */
  maxPerClient?: number;
  /** Told when a session locked for being idle, so that its door can tell the screen. */
  onLocked?: (session: Session) => void;
}

export interface SessionKeeper {
  /** A new session; `evictable` for browsers (a cookie), not for a window the app itself opened. */
  open(
    baseRole: Role,
    maxRole: Role,
    client: string,
    options?: { evictable?: boolean; id?: string; atMachine?: boolean },
  ): Session;
  get(id: string): Session | undefined;
  close(id: string): void;
  /**
   * Gives the session a new id (and drops the old one): after an unlock, so
   * that an id another person planted or saw before (session fixation) is
   * worth nothing. The same session object, so its event streams go on.
   */
  renew(session: Session): string;
  /** Whether `id` was renewed away in the last minute (a request sent before the unlock may still carry it). */
  retired(id: string): boolean;
  /**
   * Every call passes here first: a staff session idle too long is locked
   * (and the call then runs with the base role), then the call is noted.
   */
  touch(session: Session, name: OperationName): void;
  /** Locks idle staff sessions and drops stale browser sessions; the core runs it on a timer. */
  sweep(): void;
  /** Locks now every unlocked session of a person `gone` says is no longer on the staff list; returns them. */
  lockPeople(gone: (staffId: number) => boolean): Session[];
  /** Whether any session is unlocked by a named person (the core then looks for removals every second). */
  anyPerson(): boolean;
  readonly size: number;
}

const newSessionId = () => randomBytes(24).toString('base64url');

/** How long an id renewed away is known as such: requests sent just before an unlock arrive with it. */
const RETIRED_GRACE_MS = MINUTE;

export const SESSION_DEFAULTS = { kioskIdleMs: 12 * HOUR, maxSessions: 1_000, maxPerClient: 50 };

interface Kept {
  session: Session;
  evictable: boolean;
  /** Calls made: a session that made one (opened by a request without a cookie, never seen again) goes first. */
  calls: number;
  /** Its client as counted for the bound per client (pin-guard.ts: an IPv6 address by its /64). */
  counted: string;
}

/** A paired device's: never pushed out by anonymous browsers (their address is anyone's). */
const isDevice = (session: Session) => pairedDeviceOf(session) !== undefined;

export function createSessionKeeper(options: SessionKeeperOptions): SessionKeeper {
  const now = options.now ?? Date.now;
  const kioskIdleMs = options.kioskIdleMs ?? SESSION_DEFAULTS.kioskIdleMs;
  const maxSessions = options.maxSessions ?? SESSION_DEFAULTS.maxSessions;
  const maxPerClient = options.maxPerClient ?? SESSION_DEFAULTS.maxPerClient;
  const sessions = new Map<string, Kept>();
  /** Ids renewed away, and when. */
  const retiredIds = new Map<string, number>();
  const forgetRetired = (at: number) => {
    for (const [id, since] of retiredIds) if (at - since >= RETIRED_GRACE_MS) retiredIds.delete(id);
  };

  function lockIfIdle(session: Session, at: number): void {
    if (session.role === session.baseRole) return;
    if (at - session.lastActiveAt < options.staffIdleMs()) return;
    session.role = session.baseRole;
    session.staff = undefined;
    options.onLocked?.(session);
  }

  /**
   * Drops the least worth keeping of the browser sessions `among` allows: never an unlocked one; a session that
   * made one call before one that came back; then the least recently seen. False when none may go.
   */
  function evictOne(among: (kept: Kept) => boolean): boolean {
    let worst: Kept | undefined;
    const returned = (kept: Kept) => (kept.calls > 1 ? 1 : 0);
    for (const kept of sessions.values()) {
      const { session } = kept;
      if (!kept.evictable || session.role !== session.baseRole || !among(kept)) continue;
      if (
        !worst ||
        returned(kept) < returned(worst) ||
        (returned(kept) === returned(worst) && session.lastSeenAt < worst.session.lastSeenAt)
      )
        worst = kept;
    }
    if (worst) sessions.delete(worst.session.id);
    return worst !== undefined;
  }

  /** Room for a new browser session of this client: its own go past its share, anonymous ones past the bound. */
  function makeRoom(client: string): void {
    const counted = countedClient(client);
    let browsers = 0;
    let own = 0;
    for (const kept of sessions.values()) {
      if (!kept.evictable) continue;
      browsers++;
      if (kept.counted === counted) own++;
    }
    if (own >= maxPerClient && evictOne((kept) => kept.counted === counted)) return;
    // Paired devices' and unlocked sessions stay; past the bound with only those, the new one is kept as well.
    if (browsers >= maxSessions) evictOne((kept) => !isDevice(kept.session));
  }

  return {
    open(baseRole, maxRole, client, { evictable = true, id = newSessionId(), atMachine = false } = {}) {
      if (evictable) makeRoom(client);
      const session = createSession(id, baseRole, maxRole, client, now(), atMachine);
      sessions.set(id, { session, evictable, calls: 0, counted: countedClient(client) });
      return session;
    },
    get: (id) => sessions.get(id)?.session,
    retired(id) {
      const at = retiredIds.get(id);
      return at !== undefined && now() - at < RETIRED_GRACE_MS;
    },
    close(id) {
      sessions.delete(id);
    },
    renew(session) {
      const entry = sessions.get(session.id);
      sessions.delete(session.id);
      forgetRetired(now());
      retiredIds.set(session.id, now());
      session.id = newSessionId();
      if (entry) sessions.set(session.id, entry);
      return session.id;
    },
    touch(session, name) {
      const at = now();
      lockIfIdle(session, at);
      session.lastSeenAt = at;
      const kept = sessions.get(session.id);
      if (kept?.session === session) kept.calls++;
      if (!PASSIVE.has(name)) session.lastActiveAt = at;
    },
    sweep() {
      const at = now();
      forgetRetired(at);
      for (const { session, evictable } of [...sessions.values()]) {
        lockIfIdle(session, at);
        if (evictable && session.role === 'kiosk' && at - session.lastSeenAt >= kioskIdleMs)
          sessions.delete(session.id);
      }
    },
    lockPeople(gone) {
      const locked: Session[] = [];
      for (const { session } of sessions.values())
        if (session.staff && gone(session.staff.id)) {
          session.role = session.baseRole;
          session.staff = undefined;
          locked.push(session);
        }
      return locked;
    },
    anyPerson() {
      for (const { session } of sessions.values()) if (session.staff) return true;
      return false;
    },
    get size() {
      return sessions.size;
    },
  };
}

/** A named person who may unlock: their role, and the hashes of their PIN and card code (usecases/staff.ts). */
export interface StaffCredential {
  id: number;
  name: string;
  role: 'desk' | 'admin';
  pinHash: string | null;
  cardHash: string | null;
}

/** The person whose PIN or card code this is, if any (personal PINs are unique on the site: usecases/staff.ts). */
async function personOf(secret: string, people: readonly StaffCredential[]): Promise<StaffCredential | undefined> {
  const matches = await Promise.all(
    people.map(
      async (p) => (await verifyPin(secret, p.pinHash ?? undefined)) || verifyPin(secret, p.cardHash ?? undefined),
    ),
  );
  return people[matches.indexOf(true)];
}

/**
 * Raises the session's role with a person's own PIN or card code, or the
 * shared admin or desk PIN. Every attempt goes through the guard first, so
 * the wait it imposes holds whatever the session; naming the person
 * (`staffId`) tries their credential alone and counts a wrong one against
 * them too, so that one person's PIN guessed from many screens meets their
 * own lockout.
 */
export async function unlock(
  session: Session,
  pin: string,
  pins: { desk?: string | undefined; admin?: string | undefined },
  guard: PinGuard,
  now = Date.now(),
  people: readonly StaffCredential[] = [],
  staffId?: number,
): Promise<Role> {
  if (!pins.admin && !pins.desk && people.length === 0)
    throw new AppError(
      'REFUSED',
      'no PIN is set yet: set the first admin PIN in Foyer at the machine it runs on (the desktop app, or a browser ' +
        'there at http://localhost), or there with "foyer config set adminPin <digits>"',
    );
  if (session.maxRole === session.baseRole)
    throw new AppError('FORBIDDEN', `this ${session.baseRole} door cannot be unlocked`);
  const named = staffId === undefined ? undefined : people.find((p) => p.id === staffId);
  const attempts = [guard.begin(session.client)];
  if (staffId !== undefined && !named) {
    attempts[0]!.failed(); // a person not (or no longer) on the list: as a wrong PIN, from this client
    throw new AppError('REFUSED', 'wrong PIN');
  }
  try {
    if (named) attempts.push(guard.begin(`staff:${named.id}`));
  } catch (error) {
    attempts[0]!.failed();
    throw error;
  }
  let role: Role | undefined;
  let person: StaffCredential | undefined;
  try {
    person = await personOf(pin, named ? [named] : people);
    role =
      person?.role ??
      (named
        ? undefined
        : (await verifyPin(pin, pins.admin))
          ? 'admin'
          : (await verifyPin(pin, pins.desk))
            ? 'desk'
            : undefined);
  } catch (error) {
    for (const attempt of attempts) attempt.failed(); // settled whatever happens: an attempt left open would hold every later one
    throw error;
  }
  if (!role) {
    for (const attempt of attempts) attempt.failed();
    throw new AppError('REFUSED', 'wrong PIN');
  }
  for (const attempt of attempts) attempt.succeeded();
  if (RANK[role] > RANK[session.maxRole])
    throw new AppError('FORBIDDEN', `this ${session.baseRole} door cannot be unlocked to ${role}`);
  session.role = role;
  session.staff = person ? { id: person.id, name: person.name } : undefined;
  session.lastActiveAt = now;
  return role;
}
