/**
 * A person on a roll call accounted for, or not (shared/contract/evacuation-marks.ts):
 * the last mark the hub receives wins, with its time and device, and the roll
 * call's version moves, in one transaction. The roll call itself (started,
 * ended, its arrivals) is the roll call's domain; this reads it below both
 * (db/repos/roll-call-records.ts): without that domain there is no roll call
 * to find, and a tick is refused.
 */
import type { RollCallEntry } from '../../../shared/contract/evacuation.ts';
import { iso } from '../../../shared/time.ts';
import { rollCallRecords } from '../db/repos/roll-call-records.ts';
import { AppError } from '../errors.ts';
import type { Runtime } from '../runtime.ts';
import { marksOf } from './repo.ts';

/** Refused with the reason: the roll call ended, there is no such one, or the person is not on it. */
export class MarkRefused extends AppError {
  override name = 'MarkRefused';
}

/** A person accounted for, or not: the last mark the hub receives wins, with its time and device. */
export function markPerson(
  site: Pick<Runtime, 'mirror'>,
  input: { rollCallId: number; invitationId: number; accounted: boolean },
  by: string,
  now: number,
): { version: number; entry: RollCallEntry } {
  const stored = rollCallRecords(site.mirror);
  const marks = marksOf(site);
  return site.mirror.transaction(() => {
    const row = stored.byId(input.rollCallId);
    if (!row)
      throw new MarkRefused('NOT_FOUND', `no roll call ${input.rollCallId}: start one, or load the one under way`);
    if (row.endedAt)
      throw new MarkRefused('REFUSED', `the roll call ended at ${row.endedAt}: its marks stay as they were`);
    if (!marks.mark(row.id, input.invitationId, input.accounted, iso(now), by))
      throw new MarkRefused('NOT_FOUND', `nobody with invitation id ${input.invitationId} is on this roll call`);
    return { version: stored.bump(row.id), entry: stored.entry(row.id, input.invitationId)! };
  });
}
