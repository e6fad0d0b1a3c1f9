/**
 * The daily automatic check-out (the setting `autoCheckOut`): once its local
 * time has passed each day, every guest still on site at the location whose
 * visit has ended is checked out through the outbox, as a desk's check-out
 * is (so it reaches the service exactly once), marked as automatic. A guest
 * whose visit is still under way, or has no known end, is left alone.
 *
 * The day of the last run is kept in the mirror's sync_state, written in the
 * same transaction as the check-outs it queued: a restart (or a crash right
 * after) never runs the same day twice. Only the Foyer that holds the mirror
 * (a hub, or a Foyer on its own) runs it: a paired device has no mirror.
 */
import { autoCheckOutDue, autoCheckOutMoment } from '../../../shared/domain/visit-end.ts';
import { iso } from '../../../shared/time.ts';
import type { Config } from '../config/config.ts';
import type { Mirror } from '../db/mirror.ts';
import { guestsSubject } from '../lookup/names.ts';
import type { Outbox } from '../outbox/outbox.ts';
import { createJob, type Job, type Timers } from '../sync/job.ts';
import { stateKey } from '../sync/pulls.ts';
import { endedVisits } from './check-out-many.ts';

/** The sync_state row whose watermark is the local day ("YYYY-MM-DD") of the last run. */
const LAST_RUN_ROW = 'mirror:auto-check-out';
/** How often the time is looked at: a run starts within a minute of its time (and of a changed setting). */
export const AUTO_CHECK_OUT_CHECK_MS = 60_000;

export interface AutoCheckOutDeps {
  mirror: Mirror;
  outbox: Pick<Outbox, 'queueTransitions'>;
  /** The configuration as it is now: read at each look, so that a changed setting counts at once. */
  config: () => Config;
  now: () => number;
  log: (line: string) => void;
}

export interface AutoCheckOutRun {
  /** The local day the run was for. */
  day: string;
  checkedOut: number[];
  refused: { invitationId: number; reason: string }[];
}

export const lastAutoCheckOutDay = (mirror: Mirror): string | undefined =>
  mirror.syncState.get(LAST_RUN_ROW)?.watermark ?? undefined;

/**
 * Runs today's automatic check-out if it is due; returns what it did, or
 * undefined when it was not due. Not before the location's check-ins were
 * pulled once: an empty mirror knows nobody on site, and the day would count
 * as done with its guests left on the list.
 */
export function runAutoCheckOutIfDue(deps: AutoCheckOutDeps): AutoCheckOutRun | undefined {
  const { mirror, outbox, now, log } = deps;
  const config = deps.config();
  const at = now();
  if (config.autoCheckOut === 'off') return undefined;
  if (!autoCheckOutDue(config.autoCheckOut, at, lastAutoCheckOutDay(mirror))) return undefined;
  if (!mirror.syncState.get(stateKey('checkIns', config))?.lastSuccessAt) return undefined;
  const run = mirror.transaction((): AutoCheckOutRun | undefined => {
    // Looked at again inside the transaction: two callers at once never both run the day.
    const day = autoCheckOutDue(config.autoCheckOut, at, lastAutoCheckOutDay(mirror));
    if (!day) return undefined;
    // Judged at the configured moment, not now: a catch-up (a Foyer switched on at 07:30 for 03:00) checks out
    // exactly the guests the run at 03:00 would have, and leaves a night visit that was under way then.
    const moment = autoCheckOutMoment(config.autoCheckOut, at) ?? at;
    const ended = endedVisits(mirror, config, moment);
    // One guest who cannot be checked out (refused by the flow) does not keep the others on the list.
    const { done, refused } = outbox.queueTransitions(
      ended.map((guest) => guest.invitationId),
      'checkOut',
      'desk',
      { automatic: true },
    );
    mirror.syncState.recordSuccess(LAST_RUN_ROW, iso(at), { watermark: day });
    // In the audit log with the check-outs: no person did it, so the role is the system's.
    if (done.length)
      mirror.auditLog.add({
        at: iso(at),
        action: 'automatic-check-out',
        role: 'system',
        device: 'automatic',
        person: null,
        subject: guestsSubject(done.map(({ guest }) => guest)),
        detail: `${done.length} checked out (${config.autoCheckOut}), ${refused.length} refused; invitations ${done
          .slice(0, 50)
          .map(({ guest }) => guest.invitationId)
          .join(', ')}`,
      });
    return {
      day,
      checkedOut: done.map(({ guest }) => guest.invitationId),
      refused: refused.map(({ checkInId, reason }) => ({ invitationId: checkInId, reason })),
    };
  });
  if (run)
    log(
      `automatic check-out (${config.autoCheckOut}) for ${run.day}: ${run.checkedOut.length} guests whose visit had ended` +
        (run.refused.length ? `; ${run.refused.length} refused (${run.refused[0]!.reason})` : ''),
    );
  return run;
}

/**
 * Looks at the time every minute while the sync engine runs (one job: see
 * sync/job.ts). The first look waits for the first check-ins pull
 * (`firstPull`), so that a Foyer switched on after the time judges by who is
 * on site now, not by yesterday's mirror.
 */
export function createAutoCheckOutTimer(
  deps: AutoCheckOutDeps & {
    firstPull: () => Promise<unknown> | undefined;
    /** A look that failed (a full disk): the engine shows it; the next look tries again. */
    onError: (error: unknown) => void;
    intervalMs?: number;
    timers?: Timers;
  },
): Job {
  const job: Job = createJob(
    async () => {
      await Promise.resolve(deps.firstPull()).catch(() => undefined);
      // Stopped while it waited for the pull: the mirror may be closing.
      if (job.active()) runAutoCheckOutIfDue(deps);
    },
    {
      interval: () => deps.intervalMs ?? AUTO_CHECK_OUT_CHECK_MS,
      onError: deps.onError,
      ...(deps.timers ? { timers: deps.timers } : {}),
    },
  );
  return job;
}
