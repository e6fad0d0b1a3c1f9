/**
 * The outbox: every change a person makes is one row, written in the same
 * transaction as its optimistic effect on the mirror, and delivered in order
 * per target, exactly once in effect:
 * - PUTs (identities, events, profiles) are idempotent upserts: sending one
 *   again after a crash or a lost answer leaves the service as intended;
 * - transition POSTs are not: an attempt whose outcome is unknown (timeout,
 *   dropped connection, crash while sending) is settled by reading the
 *   check-in back before anything is sent again.
 * One idea per file: queue.ts adds work, payloads.ts reads what a row holds,
 * send.ts sends a row per kind (read-back.ts reads a check-in back after a
 * lost answer or a refusal), settle.ts says what a result does to the row,
 * schedule.ts says when rows go.
 */
import { iso } from '../../../shared/time.ts';
import type { AccessProfileItem } from '../../../shared/api/index.ts';
import type { ApiClient } from '../api/client.ts';
import type { RetryPolicy } from '../api/retry.ts';
import type { Config } from '../config/config.ts';
import type { Mirror } from '../db/mirror.ts';
import type { OutboxCounts, OutboxRow } from '../db/repos/outbox.ts';
import type { OutboxContext } from './context.ts';
import { parsePayload } from './payloads.ts';
import { createQueue } from './queue.ts';
import { deliverRound, DELIVERY_RETRY, type DeliverySummary } from './schedule.ts';
import { createSender } from './send.ts';
import { createSettle, type Outcome } from './settle.ts';

export type { DeliverySummary } from './schedule.ts';

export interface OutboxDeps {
  mirror: Mirror;
  api: ApiClient;
  /** The configuration as it is now (the runtime's config store): read at each use, never kept. */
  config: () => Config;
  now?: () => number;
  log?: (line: string) => void;
  /** Backoff between delivery attempts of one row. */
  retry?: RetryPolicy;
  random?: () => number;
  /** `queued`: new work waits to be sent; `progress`: rows moved on (only the counts changed). */
  onChange?: (what: 'queued' | 'progress') => void;
}

export function createOutbox(deps: OutboxDeps) {
  const ctx: OutboxContext = {
    mirror: deps.mirror,
    api: deps.api,
    config: deps.config,
    now: deps.now ?? Date.now,
    log: deps.log ?? (() => {}),
    changed: (what = 'progress') => deps.onChange?.(what),
  };
  const repo = ctx.mirror.outbox;
  const queue = createQueue(ctx);
  const send = createSender(ctx);
  const settle = createSettle(ctx, deps.retry ?? DELIVERY_RETRY, deps.random);
  let delivering: Promise<DeliverySummary> | undefined;

  /** Sends one row and settles it. */
  async function deliverRow(row: OutboxRow, signal?: AbortSignal): Promise<Outcome> {
    const parsed = parsePayload(row);
    if (!parsed.ok) return settle.unreadable(row, parsed.reason);
    try {
      // Transitions are marked only once it is settled that they must be sent (see send.ts).
      if (parsed.kind !== 'transition') ctx.mirror.transaction(() => repo.markSending(row.id, iso(ctx.now())));
      return settle.delivered(row, parsed, await send(row, parsed, signal));
    } catch (error) {
      if (signal?.aborted) return 'aborted';
      return settle.afterError(row, parsed, error);
    }
  }

  return {
    ...queue,
    /** Sends every row that is due, in order per target; joins a delivery in progress. */
    deliver(signal?: AbortSignal): Promise<DeliverySummary> {
      delivering ??= deliverRound(ctx, deliverRow, signal).finally(() => {
        delivering = undefined;
      });
      return delivering;
    },
    /** The last set queued for a group, for showing what an upload changes. */
    lastProfileSet: (groupSourceId: string): AccessProfileItem[] | undefined => repo.lastProfileSet(groupSourceId),
    counts: (): OutboxCounts => repo.counts(),
  };
}
export type Outbox = ReturnType<typeof createOutbox>;
