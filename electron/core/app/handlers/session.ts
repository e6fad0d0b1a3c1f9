/** The session's role: as it started, unlocked with a PIN (or the first admin PIN set), locked again. */
import type { sessionOperations } from '../../../../shared/contract/session.ts';
import { firstPinRefusal, setFirstAdminPin } from '../../usecases/first-pin.ts';
import type { Handlers } from '../handler.ts';
import { unlock } from '../session.ts';

export const sessionHandlers: Handlers<keyof typeof sessionOperations> = {
  'session.get': (_, { session, runtime }) => ({
    role: session.role,
    pinsSet: Boolean(runtime.config.pins.admin || runtime.config.pins.desk),
    kioskOnly: session.maxRole === 'kiosk',
    firstStart: firstPinRefusal(session, runtime.config.pins) === undefined,
  }),
  // The PINs as the configuration says now: one set a moment ago by "foyer config set" counts.
  'session.unlock': async ({ pin }, { session, runtime, pinGuard, now }) => ({
    role: await unlock(session, pin, runtime.config.pins, pinGuard, now()),
  }),
  'session.setFirstAdminPin': async ({ pin }, { session, runtime, now }) => {
    await setFirstAdminPin(runtime, session, pin, now());
    return { role: session.role };
  },
  'session.lock': (_, { session }) => {
    session.role = session.baseRole;
    return { role: session.role };
  },
};
