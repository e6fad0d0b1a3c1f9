import type { Config } from '../../config/config.ts';
import type { Mirror } from '../../db/mirror.ts';
import { DAY, iso } from '../../../../shared/time.ts';
import { enforceRetention } from '../../retention/kinds.ts';

/**
 * Drops invitations and check-ins older than the retention period, then every other kind past its own figure
 * (retention/kinds.ts: print jobs, decided walk-in requests, audit log entries, what other parts registered).
 */
export function purgeExpired(mirror: Mirror, config: Config, now: number, dataDir = '') {
  const purged = mirror.transaction(() => {
    const cutoff = iso(now - config.retentionDays * DAY);
    const visits = mirror.invitations.purgeBefore(cutoff);
    mirror.invitations.removeOrphans();
    mirror.printJobs.purgeBefore(cutoff);
    return visits;
  });
  enforceRetention({ mirror, config, now, dataDir }, ['visits']);
  return purged;
}
