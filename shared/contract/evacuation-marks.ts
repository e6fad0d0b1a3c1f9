/**
 * The marks of a roll call (evacuation.ts): every desk ticks people off as
 * accounted for, or not, and the ticks of every device meet at the hub, the
 * last one of a person winning, with its time and device. Its operation kept
 * the name the screens call, `evacuation.tick`: this domain is the file's
 * name, `evacuation-marks`, not the prefix (test/unit/contract/domains.test.ts).
 * Without the roll call's domain (roll-call.ts), a tick finds no roll call.
 */
import { z } from 'zod';
import { op, STAFF } from './op.ts';
import { RollCallEntry } from './evacuation.ts';

export const evacuationMarksOperations = {
  'evacuation.tick': op(
    STAFF,
    z
      .object({ rollCallId: z.number().int().positive(), invitationId: z.number().int(), accounted: z.boolean() })
      .strict(),
    z.object({ version: z.number().int(), entry: RollCallEntry }),
    'Mark a person as accounted for (or not): the last mark wins, with its time and device',
  ),
} as const;
