import type { Handlers } from '../handler.ts';
import { unlock } from '../session.ts';

export const sessionHandlers: Handlers<'session.get' | 'session.unlock' | 'session.lock'> = {
  'session.get': (_, { session, runtime }) => ({
    role: session.role,
    pinsSet: Boolean(runtime.config.pins.admin || runtime.config.pins.desk),
  }),
  'session.unlock': ({ pin }, { session, runtime }) => ({ role: unlock(session, pin, runtime.config.pins) }),
  'session.lock': (_, { session }) => {
    session.role = session.baseRole;
    return { role: session.role };
  },
};
