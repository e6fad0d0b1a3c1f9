/** The one sync status that every door shows: the desk, the kiosk, the CLI and the logs. */
import type { Role } from '../../../shared/contract/op.ts';
import type { DamageNotice } from '../db/damage-notice.ts';
import type { StorageProblem } from './storage.ts';

export const RESOURCES = ['invitations', 'checkIns', 'groups', 'employees'] as const;
export type Resource = (typeof RESOURCES)[number];

/**
 * Something a pull did not do as asked, though it did not fail: a record
 * the interface's shape refused and that was skipped (`skipped`), a listing
 * that could not be walked to its end so nothing was removed on its
 * strength (`incomplete`), a change to people on site held until a second
 * listing confirms it (`held`).
 */
export type SyncWarningKind = 'skipped' | 'incomplete' | 'held';
export interface SyncWarning {
  kind: SyncWarningKind;
  message: string;
  at: string;
}

export interface ResourceStatus {
  running: boolean;
  lastSuccessAt: string | null;
  lastFullAt: string | null;
  lastError: { kind: string; message: string; at: string } | null;
  /** Pages done of total, while a long pull runs. */
  progress: { pagesDone: number; pagesTotal: number } | null;
  /** What the last pull of this resource left undone or held back; empty when it went as asked. */
  warnings: SyncWarning[];
}

export interface SyncStatus {
  /** null until the first request tells. */
  online: boolean | null;
  lastOnlineAt: string | null;
  /**
   * The service refused the token (401). Every queued change is kept; pulls
   * go on asking at their intervals, and the first one the service accepts
   * clears this and sends what waited. `online` is false meanwhile.
   */
  tokenRejected: boolean;
  /** The disk is full or cannot be written: what was received or queued cannot be saved until it can. */
  storage: StorageProblem | null;
  /** A damaged mirror whose queued changes could not all be read: how many, and where it is kept (staff only). */
  damage: DamageNotice | null;
  resources: Record<Resource, ResourceStatus>;
  /** Changes waiting to reach the service, and those that failed for good. */
  outbox: { pending: number; failed: number; delivered: number; conflicts: number; delivering: boolean };
}

export type StatusListener = (status: SyncStatus) => void;

function emptyResource(): ResourceStatus {
  return { running: false, lastSuccessAt: null, lastFullAt: null, lastError: null, progress: null, warnings: [] };
}

/**
 * `onListenerError`: a listener that throws (one that writes to a full disk,
 * say) is reported there; it must not stop the others, nor the engine that
 * published the status.
 */
export function createStatus(options: { onListenerError?: (error: unknown) => void } = {}) {
  let status: SyncStatus = {
    online: null,
    lastOnlineAt: null,
    tokenRejected: false,
    storage: null,
    damage: null,
    resources: Object.fromEntries(RESOURCES.map((r) => [r, emptyResource()])) as Record<Resource, ResourceStatus>,
    outbox: { pending: 0, failed: 0, delivered: 0, conflicts: 0, delivering: false },
  };
  const listeners = new Set<StatusListener>();
  const emit = () => {
    for (const listener of listeners)
      try {
        listener(status);
      } catch (error) {
        try {
          options.onListenerError?.(error);
        } catch {
          // nowhere left to report it: the status itself was published
        }
      }
  };
  return {
    get: (): SyncStatus => status,
    /** Replaces the status immutably, so listeners can compare snapshots. */
    update(
      patch: Partial<Omit<SyncStatus, 'resources'>>,
      resource?: Resource,
      resourcePatch?: Partial<ResourceStatus>,
    ) {
      status = {
        ...status,
        ...patch,
        resources: resource
          ? { ...status.resources, [resource]: { ...status.resources[resource], ...resourcePatch } }
          : status.resources,
      };
      emit();
    },
    subscribe(listener: StatusListener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
export type StatusStore = ReturnType<typeof createStatus>;

/**
 * The status as a role may see it. A kiosk is a public screen: it learns
 * whether the service is reachable, never what the service said (error
 * text comes from a server that is not ours and may carry anything).
 */
export function statusForRole<S extends Pick<SyncStatus, 'online' | 'tokenRejected'> & { resources: object }>(
  status: S,
  role: Role,
): S {
  if (role !== 'kiosk') return status;
  const resources: Record<string, object> = { ...status.resources };
  for (const name of Object.keys(resources)) resources[name] = { ...resources[name], lastError: null, warnings: [] };
  // A refused token is, for a guest, a service that cannot be reached; where a damaged file is kept is staff business.
  return {
    ...status,
    resources,
    ...(status.tokenRejected ? { online: false } : {}),
    ...('damage' in status ? { damage: null } : {}),
  };
}
