/** Conflicts: transitions the service refused, which the desk retries from the guest as now, or dismisses. */
import type { conflictsOperations } from '../../../../shared/contract/conflicts.ts';
import { iso } from '../../../../shared/time.ts';
import { AppError } from '../../errors.ts';
import type { Handlers } from '../handler.ts';
import { deskViews } from './guests-view.ts';
import { retryTransition } from './transition.ts';

export const conflictsHandlers: Handlers<keyof typeof conflictsOperations> = {
  'conflicts.list': (_, { runtime }) => runtime.mirror.outbox.openConflicts(),
  'conflicts.retry': ({ id }, ctx) => {
    const { runtime } = ctx;
    const conflict = runtime.mirror.outbox.openConflicts().find((c) => c.id === id);
    if (!conflict) throw new AppError('NOT_FOUND', `no open conflict ${id}`);
    const guest = retryTransition(ctx, conflict.outboxId);
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
