/** The desk's feed of arrivals (shared/contract/arrivals.ts): the newest of the mirror, each with where it was made. */
import type { arrivalsOperations } from '../../../../shared/contract/arrivals.ts';
import { iso } from '../../../../shared/time.ts';
import { createArrivalsRepo } from '../../db/repos/arrivals.ts';
import { whereOf } from '../../usecases/arrivals.ts';
import type { Handlers } from '../handler.ts';

export const arrivalsHandlers: Handlers<keyof typeof arrivalsOperations> = {
  'arrivals.list': ({ since, limit }, { runtime }) => {
    const { locationId, flow } = runtime.config;
    // The instant as the mirror stores it (UTC, compared as text), whatever offset the caller wrote.
    const rows = runtime.mirror.repo(createArrivalsRepo).since(locationId, iso(Date.parse(since)), limit);
    return {
      arrivals: rows.map(({ device, walkIn, eventName, ...row }) => ({
        ...row,
        where: whereOf({ device, walkIn, eventName }, flow),
      })),
    };
  },
};
