/**
 * A guest's pass code as the desk, the kiosk and a walk-in's badge print it:
 * signed (pass-codes.ts) under this data directory's site key (site-key.ts).
 */
import { guestKey } from '../../../shared/domain/guest-key.ts';
import { signPassCode } from './pass-codes.ts';
import { createSiteKeyStore } from './site-key.ts';

/**
 * The signed pass code of a guest: of the invitation, or (a walk-in key, as the desk lists a walk-in whose visit the
 * service has not given back yet: shared/domain/guest-key.ts) of the walk-in. Throws when the site key cannot be read.
 */
export function passCodeOf({ dataDir }: { dataDir: string }, invitationId: number): string {
  const key = guestKey(invitationId);
  const siteKey = createSiteKeyStore(dataDir).get();
  return key.kind === 'walkIn'
    ? signPassCode(siteKey, key.walkInId, 'walkIn')
    : signPassCode(siteKey, key.invitationId);
}
