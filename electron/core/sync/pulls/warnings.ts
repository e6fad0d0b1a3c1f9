/** What a pull tells the status it skipped or could not complete. */
import type { RejectedRecord } from '../../api/client.ts';
import type { WalkResult } from '../../api/pager.ts';
import type { SyncWarning } from '../status.ts';
import type { PullContext } from './context.ts';
import { iso } from '../../../../shared/time.ts';

/** Set-aside records named one by one in the status; the rest are counted. */
const NAMED_REJECTS = 10;

export function warn(warnings: SyncWarning[], ctx: PullContext, kind: SyncWarning['kind'], message: string) {
  warnings.push({ kind, message, at: iso(ctx.now()) });
}

export function reportRejected(
  warnings: SyncWarning[],
  ctx: PullContext,
  what: string,
  rejected: readonly RejectedRecord[],
) {
  for (const r of rejected.slice(0, NAMED_REJECTS))
    warn(warnings, ctx, 'skipped', `${what} ${r.id ?? '(no id)'} skipped: ${r.problem}`);
  if (rejected.length > NAMED_REJECTS)
    warn(warnings, ctx, 'skipped', `and ${rejected.length - NAMED_REJECTS} more ${what} records skipped`);
}

export function reportIncomplete(warnings: SyncWarning[], ctx: PullContext, result: WalkResult) {
  if (!result.complete)
    warn(
      warnings,
      ctx,
      'incomplete',
      `the listing is incomplete, so nothing was removed: ${result.problems.join('; ')}`,
    );
}
