/**
 * A session is one door's caller: an Electron window, or a browser tab of the
 * browser host. Its role starts at the door's base role and can be raised
 * with a PIN, never above what the door allows (a kiosk window stays kiosk).
 */
import type { Role } from '../../../shared/contract/operations.ts';
import { AppError } from './errors.ts';
import { verifyPin } from './pins.ts';

const RANK: Record<Role, number> = { kiosk: 0, desk: 1, admin: 2 };
const MAX_FAILURES = 5;
const LOCKOUT_MS = 60_000;

export interface Session {
  readonly id: string;
  role: Role;
  readonly baseRole: Role;
  readonly maxRole: Role;
  failures: number;
  lockedUntil: number;
}

export function createSession(id: string, baseRole: Role, maxRole: Role = baseRole): Session {
  return { id, role: baseRole, baseRole, maxRole, failures: 0, lockedUntil: 0 };
}

/** Raises the session's role with the admin or desk PIN; repeated wrong PINs lock it for a minute. */
export function unlock(
  session: Session,
  pin: string,
  pins: { desk?: string | undefined; admin?: string | undefined },
  now = Date.now(),
): Role {
  if (now < session.lockedUntil)
    throw new AppError(
      'REFUSED',
      `too many wrong PINs; try again in ${Math.ceil((session.lockedUntil - now) / 1000)} s`,
    );
  const role: Role | undefined = verifyPin(pin, pins.admin) ? 'admin' : verifyPin(pin, pins.desk) ? 'desk' : undefined;
  if (!role) {
    session.failures++;
    if (session.failures >= MAX_FAILURES) {
      session.lockedUntil = now + LOCKOUT_MS;
      session.failures = 0;
    }
    throw new AppError(
      'REFUSED',
      pins.admin || pins.desk
        ? 'wrong PIN'
        : 'no PIN is set on this machine: set one with "foyer config set adminPin <digits>"',
    );
  }
  if (RANK[role] > RANK[session.maxRole])
    throw new AppError('FORBIDDEN', `this ${session.baseRole} door cannot be unlocked`);
  session.failures = 0;
  session.role = role;
  return role;
}
