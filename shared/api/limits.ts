/** Limits of the /api/v2 interface (docs/interface.md "Limits" and "Errors"). */
import { DAY } from '../time.ts';

export const LIMITS = {
  invitations: { defaultLimit: 20, maxLimit: 50 },
  employees: { defaultLimit: 20, maxLimit: 50 },
  checkIns: { defaultLimit: 100, maxLimit: 500 },
  accessProfileGroups: { defaultLimit: 100, maxLimit: 500 },
  /** At most this many identities per PUT /permanent-identities; more is a 400. */
  identitiesPerRequest: 200,
  /** At most this many events per PUT /events; more is a 413. At least one, else 400. */
  eventsPerRequest: 100,
  /** A body over this size is a 413. */
  bodyBytes: 5 * 1024 * 1024,
  /** CHECK_IN is allowed from this long before the event starts until it ends. */
  checkInEarlyMs: DAY,
} as const;

export const API_BASE_PATH = '/api/v2';
