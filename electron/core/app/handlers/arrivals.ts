/** The desk's feed of arrivals (see usecases/arrivals.ts). */
import type { arrivalsOperations } from '../../../../shared/contract/arrivals.ts';
import { recentArrivals } from '../../usecases/arrivals.ts';
import type { Handlers } from '../handler.ts';

export const arrivalsHandlers: Handlers<keyof typeof arrivalsOperations> = {
  'arrivals.list': ({ since, limit }, { runtime }) => ({ arrivals: recentArrivals(runtime, Date.parse(since), limit) }),
};
