import type { Config } from '../../config/config.ts';
import type { Mirror } from '../../db/mirror.ts';
import { DAY, iso } from '../../../../shared/time.ts';

/** Drops invitations, check-ins and audit log entries older than the retention period. */
export function purgeExpired(mirror: Mirror, config: Config, now: number) {
  return mirror.transaction(() => {
    const cutoff = iso(now - config.retentionDays * DAY);
    const purged = mirror.invitations.purgeBefore(cutoff);
    mirror.invitations.removeOrphans();
    // The log names guests by their invitation id only, but who did what is personal data of the staff too.
    mirror.auditLog.purgeBefore(cutoff);
    mirror.printJobs.purgeBefore(cutoff);
    return purged;
  });
}
