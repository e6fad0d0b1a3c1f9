/**
 * The guests' part in the core besides their handlers (domains.ts): the
 * daily automatic check-out (auto-check-out.ts) looks at the time while the
 * sync engine runs, only where the mirror and its outbox are (a hub, or
 * Foyer alone). A look that could not write (a full disk) shows in the
 * engine's status until the outbox writes again.
 */
import type { DomainModule } from '../domain.ts';
import { createAutoCheckOutTimer } from './auto-check-out.ts';

export const guestsDomain: DomainModule = {
  name: 'guests',
  jobs: ({ mirror, outbox, config, now, log, inFlight, failed, timers }) =>
    outbox
      ? [
          createAutoCheckOutTimer({
            mirror,
            outbox,
            config,
            now,
            log,
            firstPull: () => inFlight('checkIns'),
            onError: (error) => failed(error, 'automatic check-out', 'outbox'),
            ...(timers ? { timers } : {}),
          }),
        ]
      : [],
};
