/**
 * The first admin PIN, set without a terminal: while no admin PIN is set, a
 * door at the machine itself (the desktop app's desk window, a browser of
 * "foyer web" reached over loopback; the door says so when it opens the
 * session, see Session.atMachine) may set it, and its session is admin at
 * once. Whoever sits at the machine could set it with "foyer config set
 * adminPin" anyway; nobody elsewhere can (a LAN address, a hub's device).
 *
 * A browser on the machine starts as a kiosk (it may be the lobby's screen):
 * once a desk PIN is set, the machine is set up and a guest could be in front
 * of it, so such a session must unlock the desk first.
 */
import { AppError } from '../errors.ts';
import { hashPinAsync } from '../access/pins.ts';
import type { Session } from '../access/session.ts';
import type { Config } from '../config/config.ts';
import type { Runtime } from '../runtime.ts';
import { checkNewPin } from './settings.ts';

type Door = Pick<Session, 'atMachine' | 'role' | 'maxRole'>;

export const AT_THE_MACHINE =
  'the first admin PIN is set at the machine Foyer runs on: in the desktop app’s window, or in a browser on that ' +
  'machine (http://localhost:<port> of "foyer web"); or there with "foyer config set adminPin <digits>"';

/** Why this session may not set the first admin PIN now; undefined when it may. */
export function firstPinRefusal(session: Door, pins: Config['pins']): string | undefined {
  if (pins.admin) return 'an admin PIN is already set: unlock with it (an admin changes it in the admin console)';
  if (!session.atMachine || session.maxRole !== 'admin') return AT_THE_MACHINE;
  if (session.role === 'kiosk' && pins.desk)
    return 'a desk PIN is set on this machine: unlock the desk with it first, then set the admin PIN';
  return undefined;
}

/**
 * Sets the first admin PIN and makes the session admin. Two calls at once
 * leave one PIN: the check is made again inside the one synchronous
 * read-modify-write of the configuration, and the later call is refused.
 */
export async function setFirstAdminPin(
  runtime: Pick<Runtime, 'configStore'>,
  session: Session,
  pin: string,
  now: number,
): Promise<void> {
  const refused = () => firstPinRefusal(session, runtime.configStore.current().pins);
  const before = refused();
  if (before) throw new AppError('REFUSED', before);
  await checkNewPin(runtime, 'admin', pin);
  const hash = await hashPinAsync(pin);
  runtime.configStore.update((config) => {
    const meanwhile = firstPinRefusal(session, config.pins);
    if (meanwhile) throw new AppError('REFUSED', meanwhile);
    return { ...config, pins: { ...config.pins, admin: hash } };
  });
  session.role = 'admin';
  session.lastActiveAt = now;
}
