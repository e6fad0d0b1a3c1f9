/** Conflicts: transitions the service refused, which the desk retries or dismisses. */
import { z } from 'zod';
import { DeskGuest } from './guests.ts';
import { id, op, STAFF, PASSIVE } from './op.ts';

export const Conflict = z.object({
  id: z.number().int(),
  outboxId: z.number().int(),
  checkInId: z.number().int().nullable(),
  message: z.string(),
  createdAt: z.string(),
  label: z.string(),
  /** The transition that was refused. */
  action: z.string().nullable(),
});

export const conflictsOperations = {
  'conflicts.list': op(STAFF, z.object({}).strict(), z.array(Conflict), 'Transitions the service refused', PASSIVE),
  'conflicts.retry': op(
    STAFF,
    z.object({ id }).strict(),
    DeskGuest,
    'Try a refused transition again, from the guest as they are now (refused with the reason when it cannot be)',
  ),
  'conflicts.dismiss': op(
    STAFF,
    z.object({ id }).strict(),
    z.object({ ok: z.literal(true) }),
    'Mark a conflict as seen',
  ),
} as const;
