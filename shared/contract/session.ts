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
      /** The named person who unlocked this session (shared/contract/staff.ts); null for a shared PIN or locked. */
      person: z.string().nullable(),
    }),
    'The role of this session',
    PASSIVE,
  ),
  'session.unlock': op(
    ALL,
    z
      .object({
        /** A shared desk or admin PIN, a person's own PIN, or their staff card's code. */
        pin: z.string().min(4).max(64),
        /** The person unlocking, when the screen asks: only their credential is tried, and a wrong one counts against them. */
        staffId: z.number().int().positive().optional(),
      })
      .strict(),
    z.object({ role: z.enum(ROLES), person: z.string().nullable().optional() }),
    'Unlock the desk or admin role with a PIN or staff card code (browser host and desk window)',
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
