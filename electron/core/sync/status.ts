/** The one sync status that every door shows: the desk, the kiosk, the CLI and the logs. */
export const RESOURCES = ['invitations', 'checkIns', 'groups', 'employees'] as const;
export type Resource = (typeof RESOURCES)[number];

export interface ResourceStatus {
  running: boolean;
  lastSuccessAt: string | null;
  lastFullAt: string | null;
  lastError: { kind: string; message: string; at: string } | null;
  /** Pages done of total, while a long pull runs. */
  progress: { pagesDone: number; pagesTotal: number } | null;
}

export interface SyncStatus {
  /** null until the first request tells. */
  online: boolean | null;
  lastOnlineAt: string | null;
  /** The service rejected the token: pulls stop until the configuration changes. */
  tokenRejected: boolean;
  resources: Record<Resource, ResourceStatus>;
  /** Changes waiting to reach the service, and those that failed for good. */
  outbox: { pending: number; failed: number; delivered: number; conflicts: number; delivering: boolean };
}

export type StatusListener = (status: SyncStatus) => void;

function emptyResource(): ResourceStatus {
  return { running: false, lastSuccessAt: null, lastFullAt: null, lastError: null, progress: null };
}

export function createStatus() {
  let status: SyncStatus = {
    online: null,
    lastOnlineAt: null,
    tokenRejected: false,
    resources: Object.fromEntries(RESOURCES.map((r) => [r, emptyResource()])) as Record<Resource, ResourceStatus>,
    outbox: { pending: 0, failed: 0, delivered: 0, conflicts: 0, delivering: false },
  };
  const listeners = new Set<StatusListener>();
  const emit = () => {
    for (const listener of listeners) listener(status);
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
