/**
 * Retention per kind of personal data (visits, walk-in requests, photos,
 * signatures, the audit log): each kind's figure in days (the config's
 * `retentionDays` for visits, `retention.<kind>Days` for the others, each
 * falling back to `retentionDays`), and what purges it. A domain whose data
 * is not in this branch yet (photos, signatures) registers its purge here when
 * it comes (`registerRetention`); until then its figure is kept and shown, and
 * the console says that nothing of that kind is held.
 *
 * Enforced once a day (retention/daily.ts, with the sync engine) and after
 * each full pull (sync/pulls/purge.ts), with `secure_delete` on, so that a
 * purged name leaves no bytes in the mirror's free space.
 */
import type { RetentionKind } from '../../../shared/contract/settings.ts';
import { DAY, dayKey, HOUR, iso, MINUTE } from '../../../shared/time.ts';
import type { Config } from '../config/config.ts';
import type { Mirror } from '../db/mirror.ts';
import type { DomainModule } from '../domain.ts';
import { createJob } from '../sync/job.ts';

export interface RetentionPurge {
  kind: RetentionKind;
  /** Removes what is older than `cutoff` (an ISO instant); returns how many rows or files. Synchronous. */
  purge(deps: { mirror: Mirror; dataDir: string }, cutoff: string): number;
}

const purges = new Map<RetentionKind, RetentionPurge[]>();

export function registerRetention(purge: RetentionPurge): void {
  purges.set(purge.kind, [...(purges.get(purge.kind) ?? []).filter((p) => p !== purge), purge]);
}

/** Whether this Foyer holds data of the kind at all (photos and signatures come with another part). */
export const retentionHeld = (kind: RetentionKind) => (purges.get(kind)?.length ?? 0) > 0;

/**
 * The figure in force: `retention.<kind>Days`; for photos and signatures, where unset, the agreements' own
 * settings (`photos.retentionDays`, `agreements.signatureRetentionDays`); else as long as the visits.
 */
export function retentionDaysOf(config: Config, kind: RetentionKind): number {
  if (kind === 'visits') return config.retentionDays;
  const own =
    kind === 'photos'
      ? config.photos.retentionDays
      : kind === 'signatures'
        ? config.agreements.signatureRetentionDays
        : null;
  return config.retention[`${kind}Days`] ?? own ?? config.retentionDays;
}

/** Purges every kind past its figure; returns what went, by kind. */
export function enforceRetention(
  deps: { mirror: Mirror; dataDir: string; config: Config; now: number },
  except: readonly RetentionKind[] = [],
) {
  const done: Partial<Record<RetentionKind, number>> = {};
  const { db } = deps.mirror;
  db.pragma('secure_delete = ON');
  try {
    deps.mirror.transaction(() => {
      for (const [kind, list] of purges) {
        if (except.includes(kind)) continue;
        const cutoff = iso(deps.now - retentionDaysOf(deps.config, kind) * DAY);
        done[kind] = list.reduce((sum, p) => sum + p.purge(deps, cutoff), 0);
      }
    });
  } finally {
    db.pragma('secure_delete = OFF');
  }
  return done;
}

/** The sync_state row whose watermark is the local day of the last daily run. */
const LAST_RUN_ROW = 'mirror:retention';

/** Once a day (the engine looks every hour): every kind purged past its figure, the day noted with it. */
export function enforceRetentionIfDue(deps: { mirror: Mirror; dataDir: string; config: Config; now: number }) {
  const day = dayKey(deps.now);
  if (deps.mirror.syncState.get(LAST_RUN_ROW)?.watermark === day) return undefined;
  const done = enforceRetention(deps);
  deps.mirror.syncState.recordSuccess(LAST_RUN_ROW, iso(deps.now), { watermark: day });
  return done;
}

/**
 * Retention's part in the core (domains.ts): once a day, whether or not the service is reached, while the sync engine
 * runs. A purge that could not be written (a full disk) shows in the engine's status until any write works again,
 * and is tried again in a minute.
 */
export const retentionDomain: DomainModule = {
  name: 'retention',
  jobs({ mirror, config, now, log, dataDir, failed, timers }) {
    let retentionFailed = false;
    const daily = createJob(
      () => {
        const done = enforceRetentionIfDue({ mirror, config: config(), now: now(), dataDir });
        retentionFailed = false;
        if (done) log(`retention: ${JSON.stringify(done)}`);
      },
      {
        interval: () => (retentionFailed ? MINUTE : HOUR),
        onError: (error) => {
          retentionFailed = true;
          failed(error, 'retention');
        },
        ...(timers ? { timers } : {}),
      },
    );
    return [daily];
  },
};

// The kinds the mirror holds.
registerRetention({
  kind: 'visits',
  purge({ mirror }, cutoff) {
    const purged = mirror.invitations.purgeBefore(cutoff);
    mirror.invitations.removeOrphans();
    // Where and how each check-in was made goes with its visit (check_in_facts).
    const facts = mirror.checkInFacts.purgeBefore(cutoff);
    return purged.invitations + purged.checkIns + mirror.printJobs.purgeBefore(cutoff) + facts;
  },
});
registerRetention({
  kind: 'walkIns',
  // Decided requests only: one still waiting is a person at the door.
  purge: ({ mirror }, cutoff) =>
    mirror.db
      .prepare(`DELETE FROM walk_ins WHERE state <> 'requested' AND coalesce(decided_at, requested_at) < ?`)
      .run(cutoff).changes,
});
registerRetention({ kind: 'audit', purge: ({ mirror }, cutoff) => mirror.auditLog.purgeBefore(cutoff) });
