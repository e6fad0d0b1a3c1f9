/** What every part of the outbox works with: the mirror, the service, the clock, and whom to tell. */
import type { ApiClient } from '../api/client.ts';
import type { Config } from '../config/config.ts';
import type { Mirror } from '../db/mirror.ts';

export interface OutboxContext {
  mirror: Mirror;
  api: ApiClient;
  /** The configuration as it is now (the runtime's config store): read at each use, never kept. */
  config: () => Config;
  now: () => number;
  log: (line: string) => void;
  /** `queued`: new work waits to be sent; `progress`: rows moved on (only the counts changed). */
  changed: (what?: 'queued' | 'progress') => void;
}
