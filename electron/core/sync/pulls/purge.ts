import type { Config } from '../../config/config.ts';
import type { Mirror } from '../../db/mirror.ts';
import { DAY, iso } from '../../../../shared/time.ts';

/** Drops invitations and check-ins older than the retention period. */
export function purgeExpired(mirror: Mirror, config: Config, now: number) {
  return mirror.transaction(() => {
    const purged = mirror.invitations.purgeBefore(iso(now - config.retentionDays * DAY));
    mirror.invitations.removeOrphans();
    return purged;
  });
}
