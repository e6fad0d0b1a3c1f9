/** Conflicts: transitions the service refused, which the desk retries from the guest as now, or dismisses. */
import type { conflictsOperations } from '../../../../shared/contract/conflicts.ts';
import { iso } from '../../../../shared/time.ts';
import { AppError } from '../../errors.ts';
import { parsePayload } from '../../outbox/payloads.ts';
import { deskViews } from '../guest-views.ts';
import type { Handlers } from '../handler.ts';

export const conflictsHandlers: Handlers<keyof typeof conflictsOperations> = {
  'conflicts.list': (_, { runtime }) => runtime.mirror.outbox.openConflicts(),
  'conflicts.retry': ({ id }, ctx) => {
    const { runtime } = ctx;
    const conflict = runtime.mirror.outbox.openConflicts().find((c) => c.id === id);
    if (!conflict) throw new AppError('NOT_FOUND', `no open conflict ${id}`);
    // Planned again from the guest as they are now; refused with the reason when it cannot be.
    const parsed = parsePayload(runtime.outbox.retry(conflict.outboxId));
    // The retry is a row written just now by this version: it always reads as a transition.
    if (!parsed.ok || parsed.kind !== 'transition')
      throw new Error(`outbox item ${conflict.outboxId} was not retried as a transition`);
    const guest = runtime.mirror.guests.byId(parsed.payload.checkInId, runtime.config.flow)!;
    runtime.mirror.outbox.dismissConflict(id, iso(ctx.now()));
    runtime.engine.outboxChanged();
    return deskViews(ctx)(guest);
  },
  'conflicts.dismiss': ({ id }, { runtime, now }) => {
    runtime.mirror.outbox.dismissConflict(id, iso(now()));
    runtime.engine.outboxChanged();
    return { ok: true as const };
  },
};
