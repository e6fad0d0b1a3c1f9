/** The session's operations: the role of this door's session, unlocked with a PIN and locked again. */
import { z } from 'zod';
import { ALL, op, ROLES, PASSIVE } from './op.ts';
import { Pin } from '../domain/pin.ts';

export const sessionOperations = {
  'session.get': op(
    ALL,
    z.object({}).strict(),
    z.object({
      role: z.enum(ROLES),
      pinsSet: z.boolean(),
      /** A kiosk door (a device paired as kiosk, a kiosk window): no PIN raises it, so it shows no staff entry. */
      kioskOnly: z.boolean(),
      /**
       * No admin PIN is set yet and this door is at the machine itself (the desktop app's desk window, a browser
       * over loopback): the screen asks for the first admin PIN (session.setFirstAdminPin).
       */
      firstStart: z.boolean(),
    }),
    'The role of this session',
    PASSIVE,
  ),
  'session.unlock': op(
    ALL,
    z.object({ pin: z.string().min(4).max(64) }).strict(),
    z.object({ role: z.enum(ROLES) }),
    'Unlock the desk or admin role with its PIN (browser host and desk window)',
  ),
  'session.setFirstAdminPin': op(
    ALL,
    z.strictObject({
      pin: Pin,
    }),
    z.object({ role: z.enum(ROLES) }),
    'Set the first admin PIN while none is set, at the machine itself only; the session is then admin',
  ),
  'session.lock': op(
    ALL,
    z.object({}).strict(),
    z.object({ role: z.enum(ROLES) }),
    'Back to the role this door started with',
  ),
} as const;
