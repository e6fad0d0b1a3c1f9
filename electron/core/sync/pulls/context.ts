/**
 * What every pull is given and gives back, and the sync_state row each
 * resource keeps its watermark, held removals and listing under.
 */
import type { ApiClient } from '../../api/client.ts';
import type { Config } from '../../config/config.ts';
import type { Mirror } from '../../db/mirror.ts';
import type { CheckInListing } from '../check-in-listing.ts';
import type { Resource, SyncWarning } from '../status.ts';

export interface PullContext {
  mirror: Mirror;
  api: ApiClient;
  config: Config;
  now: () => number;
  signal?: AbortSignal | undefined;
  onProgress?: (progress: { pagesDone: number; pagesTotal: number }) => void;
  /** Pages in flight at once. */
  concurrency?: number;
  /**
   * The pages of the listings refreshed in full as this process last applied
   * them, kept by the engine between pulls (see refreshInFull in listing.ts).
   */
  listings?: ListingMemo;
  /** The check-ins listing as last read, kept by the engine between passes (see pullCheckIns in check-ins.ts). */
  checkInListings?: Map<string, CheckInListing>;
}

/** Per resource (its sync_state key), per offset: the hash of the page's text and the answer as parsed. */
export type ListingMemo = Map<string, Map<number, { hash: string; answer: unknown }>>;

export interface PullResult {
  /** Rows received. */
  received: number;
  pages: number;
  /** Rows removed by reconciliation. */
  removed: number;
  complete: boolean;
  /** What this pull skipped, could not complete or held back (shown in the status). */
  warnings: SyncWarning[];
}

/** The sync_state row of a resource: per location or company, so that changing them starts afresh. */
export function stateKey(resource: Resource, config: Config): string {
  switch (resource) {
    case 'invitations':
      return `invitations:${config.locationId}`;
    case 'checkIns':
      return `checkIns:${config.locationId}`;
    case 'employees':
      return `employees:${config.companyId}`;
    case 'groups':
      return 'groups';
  }
}
