/**
 * When rows go: a row waits for what was queued before it on its target (a
 * check-out never overtakes its check-in) and for its backoff; rows of
 * different targets, and of one independent batch, go side by side, a few at
 * a time.
 */
import { iso, MINUTE } from '../../../shared/time.ts';
import type { ApiError } from '../api/errors.ts';
import { backoffDelay, DEFAULT_RETRY, type RetryPolicy } from '../api/retry.ts';
import type { OutboxRow } from '../db/repos/outbox.ts';
import type { OutboxContext } from './context.ts';
import type { Outcome } from './settle.ts';

export interface DeliverySummary {
  delivered: number;
  failed: number;
  /** Still waiting: the service could not be reached, or backoff. */
  pending: number;
  /** The service rejected the token; nothing more is sent until it changes. */
  unauthorized: boolean;
  /** An attempt found no service to answer it (connection refused, reset, no route). */
  unreachable: boolean;
}

/** Requests in flight at once while delivering (rows that do not depend on each other). */
const DELIVERY_CONCURRENCY = 2;

/** Backoff between delivery attempts of one row: a row is never given up for want of an answer. */
export const DELIVERY_RETRY: RetryPolicy = { ...DEFAULT_RETRY, retries: Number.POSITIVE_INFINITY, maxDelayMs: MINUTE };

/** How long a row waits after a transient error: its backoff, or longer if the service asks for it. */
export function retryDelay(row: OutboxRow, error: ApiError, policy: RetryPolicy, random?: () => number): number {
  return Math.max(error.retryAfterMs ?? 0, backoffDelay(Math.min(row.attempts, 16), policy, random));
}

/**
 * Sends every row whose turn it is, a few at a time: rows of different
 * targets (and of one independent batch) do not wait for each other; a
 * target whose row must wait (backoff) is left alone for this round.
 */
export async function deliverRound(
  ctx: Pick<OutboxContext, 'mirror' | 'now' | 'changed'>,
  deliverRow: (row: OutboxRow, signal?: AbortSignal) => Promise<Outcome>,
  signal?: AbortSignal,
): Promise<DeliverySummary> {
  const { mirror, now, changed } = ctx;
  const repo = mirror.outbox;
  const summary: DeliverySummary = { delivered: 0, failed: 0, pending: 0, unauthorized: false, unreachable: false };
  const blockedTargets = new Set<string>();
  const inFlight = new Set<number>();
  let stopped = false;
  /**
   * A row whose attempt a stop cut short goes back to pending, not left 'sending': a transition stays
   * uncertain (it may have reached the service) and is read back before it is sent again.
   */
  const putBack = (row: OutboxRow) => {
    if (repo.byId(row.id)?.state !== 'sending') return;
    mirror.transaction(() =>
      repo.markRetry({
        id: row.id,
        uncertain: row.kind === 'transition' ? 1 : 0,
        error: 'stopped while sending',
        nextAttemptAt: null,
        now: iso(now()),
      }),
    );
  };
  // Read lazily, up to the first row that may go: a blocked target's independent batch can be
  // hundreds of rows long, and must not hide the rows of other targets behind it.
  const next = (): OutboxRow | undefined => {
    let id: number | undefined;
    for (const head of repo.due(iso(now())))
      if (!blockedTargets.has(head.target) && !inFlight.has(head.id)) {
        id = head.id;
        break;
      }
    return id === undefined ? undefined : repo.byId(id);
  };
  // Wakes the workers waiting whenever a row in flight is settled: what it held back may be due now.
  let waiting: (() => void)[] = [];
  const rowSettled = () => new Promise<void>((resolve) => waiting.push(resolve));
  const worker = async () => {
    for (;;) {
      if (stopped || signal?.aborted) return;
      const row = next();
      if (!row) {
        if (inFlight.size === 0) return;
        await rowSettled();
        continue;
      }
      inFlight.add(row.id);
      try {
        const outcome = await deliverRow(row, signal);
        if (outcome === 'delivered') summary.delivered++;
        else if (outcome === 'failed') summary.failed++;
        else if (outcome === 'later' || outcome === 'unreachable') {
          blockedTargets.add(row.target);
          if (outcome === 'unreachable') summary.unreachable = true;
        } else {
          if (outcome === 'unauthorized') summary.unauthorized = true;
          if (outcome === 'aborted') putBack(row);
          stopped = true;
        }
      } finally {
        inFlight.delete(row.id);
        const wake = waiting;
        waiting = [];
        for (const resolve of wake) resolve();
      }
      changed();
    }
  };
  await Promise.all(Array.from({ length: DELIVERY_CONCURRENCY }, worker));
  const counts = repo.counts();
  summary.pending = counts.pending + counts.sending;
  changed();
  return summary;
}
