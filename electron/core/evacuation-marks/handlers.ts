/**
 * The marks of a roll call (shared/contract/evacuation-marks.ts): a tick at
 * any desk of the site, the hub being the one writer; each goes out on the
 * event stream as evacuation-changed (shared/contract/events.ts), so that
 * every desk shows it within a second. Nothing of it goes to the service.
 */
import type { AuditPolicy } from '../app/audit.ts';
import type { Handlers } from '../app/handler.ts';
import { placeOf } from '../app/where.ts';
import { markPerson } from './marks.ts';

type EvacuationMarksOperation = 'evacuation.tick';

export const evacuationMarksHandlers: Handlers<EvacuationMarksOperation> = {
  'evacuation.tick': (input, ctx) => {
    const result = markPerson(ctx.runtime, input, placeOf(ctx), ctx.now());
    // A mark is only made on a roll call under way (markPerson refuses one that ended).
    const { assemblyPoint } = ctx.runtime.config.evacuation;
    ctx.emit({ type: 'evacuation-changed', active: true, version: result.version, assemblyPoint });
    return result;
  },
};

/** Which of them the audit log keeps (app/audit.ts): every mark, with the person and the roll call. */
export const evacuationMarksAudit = {
  'evacuation.tick': {
    entry: (input) => ({
      action: 'roll-call-tick',
      subject: input.invitationId,
      detail: `roll call ${input.rollCallId}: ${input.accounted ? 'accounted' : 'not accounted'}`,
    }),
  },
} satisfies AuditPolicy<EvacuationMarksOperation>;
