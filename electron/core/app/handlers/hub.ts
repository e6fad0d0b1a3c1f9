/**
 * The site hub's operations (see electron/core/hub). A Foyer that is not a
 * hub says so: it has no devices to list, pair or revoke.
 */
import { AppError } from '../errors.ts';
import type { Handlers } from '../handler.ts';

const notAHub = () =>
  new AppError(
    'REFUSED',
    'this Foyer is not a site hub: start one with "foyer hub" or set hub.enabled in the desktop app',
  );

export const hubHandlers: Handlers<'hub.status' | 'hub.pair' | 'hub.revoke'> = {
  'hub.status': () => ({ enabled: false, urls: [], fingerprint: null, devices: [], pendingPairings: 0 }),
  'hub.pair': () => {
    throw notAHub();
  },
  'hub.revoke': () => {
    throw notAHub();
  },
};
