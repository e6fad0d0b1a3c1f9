/**
 * Named staff: the people who unlock the desk or admin role with a PIN of
 * their own or their staff card's code, so that the audit log names each
 * ("Anna Weber, desk, Reception tablet"). The shared desk and admin PINs
 * remain for small sites. Kept by the admin; see electron/core/usecases/staff.ts.
 */
import { z } from 'zod';
import { ADMIN, id, op } from './op.ts';
import { PIN_HINT, PIN_PATTERN } from '../domain/pin.ts';

export const STAFF_ROLES = ['desk', 'admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const CARD_CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9:._-]{5,63}$/;
export const CARD_CODE_HINT = 'a card code is 6 to 64 letters, digits, ":", ".", "_" or "-"';

export const StaffMember = z.object({
  id: z.number().int(),
  name: z.string(),
  role: z.enum(STAFF_ROLES),
  hasPin: z.boolean(),
  hasCard: z.boolean(),
  addedAt: z.string(),
});
export type StaffMember = z.infer<typeof StaffMember>;

export const StaffAddInput = z
  .strictObject({
    name: z.string().trim().min(1, 'a name is needed').max(100),
    role: z.enum(STAFF_ROLES),
    pin: z.string().max(12, PIN_HINT).regex(PIN_PATTERN, PIN_HINT).optional(),
    /** The code on the person's staff card, typed or scanned (a scanner types it and Enter). */
    cardCode: z.string().trim().max(64, CARD_CODE_HINT).regex(CARD_CODE_PATTERN, CARD_CODE_HINT).optional(),
  })
  .refine((input) => input.pin !== undefined || input.cardCode !== undefined, {
    message: 'give a PIN or a card code (or both)',
    path: ['pin'],
  });

export const staffOperations = {
  'staff.list': op(ADMIN, z.strictObject({}), z.object({ staff: z.array(StaffMember) }), 'The site staff, by name'),
  'staff.add': op(
    ADMIN,
    StaffAddInput,
    StaffMember,
    'Add a person with a PIN of their own or a staff card code (hashed; unique on the site)',
  ),
  'staff.remove': op(
    ADMIN,
    z.strictObject({ id }),
    z.object({ id: z.number().int(), name: z.string(), sessionsEnded: z.number().int() }),
    'Remove a person: nothing of theirs unlocks any more, and their open sessions lock now',
  ),
} as const;
