/** What the scenarios of `npm run bench -- sync` share with sync.bench.ts: settings, one service, one API client, fresh mirrors. */
import type { createApiClient } from '../../electron/core/api/client.ts';
import type { Config } from '../../electron/core/config/config.ts';
import type { openMirror } from '../../electron/core/db/mirror.ts';
import type { syncWindow } from '../../electron/core/sync/pulls.ts';
import { type EndpointName, LIMITS } from '../../shared/api/index.ts';
import { type Check, percentile } from './support.ts';

export const LOCATION = 10;
export const ALL_LOCATIONS = [10, 11, 12, 13];
export const CONCURRENCY = 4;
/** (g): a kiosk check-in this often while the full sync runs. */
export const CHECK_IN_EVERY_MS = 20;
export const LOOKUPS_PER_KIND = 200;
/** Wall time allowed per kind of lookup, so that a slow lookup cannot stretch the run past a few minutes. */
export const LOOKUP_BUDGET_MS = 20_000;
export const LOOKUP_WARMUP_BUDGET_MS = 3_000;
export const SYNC_RESOURCES: { resource: string; endpoint: EndpointName; pageSize: number }[] = [
  { resource: 'invitations', endpoint: 'listInvitations', pageSize: LIMITS.invitations.maxLimit },
  { resource: 'checkIns', endpoint: 'listCheckIns', pageSize: LIMITS.checkIns.maxLimit },
  { resource: 'groups', endpoint: 'listAccessProfileGroups', pageSize: LIMITS.accessProfileGroups.maxLimit },
  { resource: 'employees', endpoint: 'listEmployees', pageSize: LIMITS.employees.maxLimit },
];

export const median = (values: readonly number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );
export const fmt = (ms: number) => `${ms.toFixed(ms < 10 ? 2 : 0)} ms`;

export interface SyncBench {
  api: ReturnType<typeof createApiClient>;
  config: ReturnType<typeof Config.parse>;
  NOW: number;
  window: ReturnType<typeof syncWindow>;
  requests: Map<EndpointName, number>;
  checks: Check[];
  freshMirror: () => { mirror: ReturnType<typeof openMirror>; path: string };
  removeDb: (path: string) => void;
}
