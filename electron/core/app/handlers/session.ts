/** The session's role: as it started, unlocked with a PIN (or the first admin PIN set), locked again. */
import type { sessionOperations } from '../../../../shared/contract/session.ts';
import { firstPinRefusal, setFirstAdminPin } from '../../usecases/first-pin.ts';
import type { Handlers } from '../handler.ts';
import { unlock } from '../../access/session.ts';

export const sessionHandlers: Handlers<keyof typeof sessionOperations> = {
  'session.get': (_, { session, runtime }) => ({
    role: session.role,
    pinsSet: Boolean(runtime.config.pins.admin || runtime.config.pins.desk),
    kioskOnly: session.maxRole === 'kiosk',
    firstStart: firstPinRefusal(session, runtime.config.pins) === undefined,
    person: session.staff?.name ?? null,
  }),
  // The PINs as the configuration says now: one set a moment ago by "foyer config set" counts.
  // Named staff as the mirror lists them now: a person removed a moment ago (anywhere on the site) unlocks nothing.
  'session.unlock': async ({ pin, staffId }, { session, runtime, pinGuard, now }) => {
    const role = await unlock(
      session,
      pin,
      runtime.config.pins,
      pinGuard,
      now(),
      runtime.mirror.staff.active(),
      staffId,
    );
    return session.staff ? { role, person: session.staff.name } : { role };
  },
  'session.setFirstAdminPin': async ({ pin }, { session, runtime, now }) => {
    await setFirstAdminPin(runtime, session, pin, now());
    return { role: session.role };
  },
  'session.lock': (_, { session }) => {
    session.role = session.baseRole;
    session.staff = undefined;
    return { role: session.role };
  },
};
