/**
 * What a result does to a row: delivered (a transition's record replaces the
 * local one), failed for good (a transition's optimistic state is rolled
 * back, or replaced by what the service showed when it was read back after
 * the refusal; a conflict recorded, and its guest's later rows fail with it), or
 * tried again later (after backoff; a transition whose attempt may have
 * reached the service stays uncertain until it is read back).
 */
import type { CheckIn } from '../../../shared/api/index.ts';
import { iso, MINUTE } from '../../../shared/time.ts';
import { ApiError } from '../api/errors.ts';
import type { RetryPolicy } from '../api/retry.ts';
import type { OutboxRow } from '../db/repos/outbox.ts';
import type { OutboxContext } from './context.ts';
import { retryDelay } from './schedule.ts';
import type { ParsedPayload } from './payloads.ts';
import { TransitionConflict, type ServiceView } from './read-back.ts';

/** What the service showed when it refused a transition, read back: the mirror takes it. */
interface ServiceShows {
  view: ServiceView;
  locationId: number;
}

/**
 * How a row's attempt ended: `later` holds its target back for this round,
 * and so does `unreachable` (no answer: the service is not there, which the
 * status shows at once); `unauthorized` (the token was rejected) and
 * `aborted` stop the round.
 */
export type Outcome = 'delivered' | 'failed' | 'later' | 'unreachable' | 'unauthorized' | 'aborted';

/** An attempt may have reached the service when no answer came back. */
const outcomeUnknown = (error: ApiError) => error.kind === 'network' || error.kind === 'timeout';

function describe(error: ApiError): string {
  const details = error.details.slice(0, 5).map((d) => `${d.path}: ${d.message}`);
  return error.message + (details.length ? ` (${details.join('; ')})` : '');
}

export function createSettle(ctx: OutboxContext, policy: RetryPolicy, random?: () => number) {
  const { mirror, now, log } = ctx;
  const repo = mirror.outbox;

  function delivered(row: OutboxRow, parsed: ParsedPayload, result: unknown): 'delivered' {
    const at = iso(now());
    mirror.transaction(() => {
      repo.markDelivered(row.id, JSON.stringify(result ?? null), at);
      if (parsed.kind === 'transition') {
        // The service's record replaces the local one, PIN included.
        mirror.checkIns.upsertMany([result as CheckIn], parsed.payload.locationId);
        repo.clearPendingTransition(parsed.payload.checkInId, row.id);
      }
    });
    log(`outbox: delivered ${row.label}`);
    return 'delivered';
  }

  /**
   * A permanent failure: the row fails with a reason; a transition's optimistic state is rolled back and a
   * conflict recorded. `checkInId`: a transition's guest, from its payload (or, when that cannot be read, its target).
   */
  function failed(row: OutboxRow, reason: string, checkInId: number | null, serviceShows?: ServiceShows): void {
    const at = iso(now());
    mirror.transaction(() => {
      repo.markFailed(row.id, reason, at);
      // A transition refused for good was not made: its facts say so (check-in-facts.ts).
      mirror.checkInFacts.failed(row.id);
      // A set the service never received is no baseline for the next upload's difference.
      if (row.kind === 'profiles') repo.forgetProfileSet(row.id);
      if (row.kind !== 'transition' || checkInId === null) return;
      repo.clearPendingTransition(checkInId, row.id);
      // Read back when it was refused: the mirror shows what the service shows, not what it knew before.
      if (serviceShows) takeServiceState(serviceShows, checkInId);
      repo.addConflict({ outboxId: row.id, checkInId, message: reason, now: at });
      // Later transitions of this guest assumed this one: they cannot be sent either.
      for (const later of repo.laterOpen(row.target, row.id)) {
        repo.markFailed(later.id, `not sent: "${row.label}" before it failed`, at);
        mirror.checkInFacts.failed(later.id);
        repo.clearPendingTransition(checkInId, later.id);
      }
    });
  }

  /** The service's record replaces the mirror's; one the listing does not show is in the initial state (no record). */
  function takeServiceState({ view, locationId }: ServiceShows, checkInId: number): void {
    if (view.checkIn) mirror.checkIns.upsertMany([view.checkIn], locationId);
    else mirror.checkIns.removeIds([checkInId]);
  }

  /**
   * A row whose payload this version cannot read (an unknown kind, an older shape, damaged text): it fails
   * alone, with the reason, as a refusal by the service would; nothing is sent.
   */
  function unreadable(row: OutboxRow, reason: string): 'failed' {
    const target = /^check-in:(\d+)$/.exec(row.target);
    failed(row, reason, row.kind === 'transition' && target ? Number(target[1]) : null);
    log(`outbox: FAILED ${row.label}: ${reason}`);
    return 'failed';
  }

  /** What an error while sending (or settling) a row does to it. */
  function afterError(row: OutboxRow, parsed: ParsedPayload, error: unknown): Outcome {
    if (!(error instanceof ApiError)) {
      // A bug, not the service: keep the row, report loudly.
      log(`outbox: ${row.label}: ${(error as Error)?.stack ?? String(error)}`);
      mirror.transaction(() =>
        repo.markRetry({
          id: row.id,
          uncertain: 0,
          error: String(error),
          nextAttemptAt: iso(now() + MINUTE),
          now: iso(now()),
        }),
      );
      return 'later';
    }
    if (error.kind === 'unauthorized') {
      mirror.transaction(() =>
        repo.markRetry({ id: row.id, uncertain: 0, error: describe(error), nextAttemptAt: null, now: iso(now()) }),
      );
      return 'unauthorized';
    }
    if (error.transient) {
      const delay = retryDelay(row, error, policy, random);
      mirror.transaction(() =>
        repo.markRetry({
          id: row.id,
          // A row left 'sending' (a crash mid-request) stays uncertain until a read-back settles it.
          uncertain:
            row.kind === 'transition' && (row.uncertain === 1 || row.state === 'sending' || outcomeUnknown(error))
              ? 1
              : 0,
          error: describe(error),
          nextAttemptAt: iso(now() + delay),
          now: iso(now()),
        }),
      );
      log(`outbox: ${row.label}: ${error.message}; retrying in ${Math.round(delay)} ms`);
      return error.kind === 'network' ? 'unreachable' : 'later';
    }
    const checkInId = parsed.kind === 'transition' ? parsed.payload.checkInId : null;
    const serviceShows =
      error instanceof TransitionConflict && parsed.kind === 'transition'
        ? { view: error.view, locationId: parsed.payload.locationId }
        : undefined;
    failed(row, describe(error), checkInId, serviceShows);
    log(`outbox: FAILED ${row.label}: ${error.message}`);
    return 'failed';
  }

  return { delivered, afterError, unreadable };
}
