/**
 * The scheduler: composes the pull steps on their intervals, keeps one
 * status for all of them, and never runs the same resource twice at once.
 */
import { ApiError } from '../api/errors.ts';
import type { ApiClient } from '../api/client.ts';
import type { Config } from '../config/config.ts';
import type { Mirror } from '../db/mirror.ts';
import type { DeliverySummary, Outbox } from '../outbox/outbox.ts';
import {
  stateKey,
  pullCheckIns,
  pullEmployees,
  pullGroups,
  pullInvitations,
  purgeExpired,
  type CheckInListing,
  type ListingMemo,
  type PullContext,
  type PullResult,
} from './pulls.ts';
import { createStatus, RESOURCES, type Resource, type StatusStore } from './status.ts';
import { iso } from '../../../shared/time.ts';

export interface SyncEngineDeps {
  mirror: Mirror;
  api: ApiClient;
  /** The configuration as it is now (the runtime's config store): read at each use, never kept. */
  config: () => Config;
  outbox?: Outbox;
  now?: () => number;
  log?: (line: string) => void;
  status?: StatusStore;
  /** How often queued changes are tried while the engine runs. */
  outboxIntervalMs?: number;
}

export type SyncOutcome = { ok: true; result: PullResult } | { ok: false; error: { kind: string; message: string } };

export function createSyncEngine(deps: SyncEngineDeps) {
  const { mirror, api, config } = deps;
  const now = deps.now ?? Date.now;
  const log = deps.log ?? (() => {});
  const status = deps.status ?? createStatus();
  const running = new Map<Resource, Promise<SyncOutcome>>();
  const timers = new Map<Resource | 'outbox', NodeJS.Timeout>();
  let controller = new AbortController();
  let started = false;

  // Show what the mirror already knows, before the first pull.
  for (const row of mirror.syncState.all()) {
    const resource = RESOURCES.find((r) => row.resource === r || row.resource.startsWith(`${r}:`));
    if (resource)
      status.update({}, resource, {
        lastSuccessAt: row.lastSuccessAt,
        lastFullAt: row.lastFullAt,
        lastError:
          row.lastError && row.lastErrorAt ? { kind: 'earlier', message: row.lastError, at: row.lastErrorAt } : null,
      });
  }

  /** Pages of the listings refreshed in full, as last applied (see refreshInFull in pulls.ts). */
  const listings: ListingMemo = new Map();
  /** The check-ins listing as last read (see pullCheckIns in pulls.ts). */
  const checkInListings = new Map<string, CheckInListing>();
  const context = (resource: Resource): PullContext => ({
    mirror,
    api,
    config: config(), // one pull sees one configuration
    now,
    signal: controller.signal,
    onProgress: (progress) => status.update({}, resource, { progress }),
    listings,
    checkInListings,
  });

  function fullDue(): boolean {
    const state = mirror.syncState.get(stateKey('invitations', config()));
    if (!state?.lastFullAt || !state.watermark) return true;
    return now() - Date.parse(state.lastFullAt) >= config().intervals.fullSeconds * 1000;
  }

  const pulls: Record<Resource, (mode?: 'incremental' | 'full') => Promise<PullResult>> = {
    invitations: async (mode) => {
      const full = mode === 'full' || fullDue();
      const result = await pullInvitations(context('invitations'), full ? 'full' : 'incremental');
      if (full) purgeExpired(mirror, config(), now());
      return result;
    },
    checkIns: (mode) => pullCheckIns(context('checkIns'), mode === 'full' ? 'full' : 'pass'),
    groups: () => pullGroups(context('groups')),
    employees: () => pullEmployees(context('employees')),
  };

  /** Runs one resource's pull; joins the one in flight instead of starting a second. */
  function run(resource: Resource, mode?: 'incremental' | 'full'): Promise<SyncOutcome> {
    const inFlight = running.get(resource);
    if (inFlight) return inFlight;
    const promise = (async (): Promise<SyncOutcome> => {
      if (status.get().tokenRejected)
        return { ok: false, error: { kind: 'unauthorized', message: 'the token was rejected; set a new one' } };
      status.update({}, resource, { running: true, progress: null });
      try {
        const result = await pulls[resource](mode);
        const at = iso(now());
        status.update({ online: true, lastOnlineAt: at }, resource, {
          running: false,
          progress: null,
          lastSuccessAt: at,
          lastError: null,
          warnings: result.warnings,
          lastFullAt: mirror.syncState.get(stateKey(resource, config()))?.lastFullAt ?? null,
        });
        log(`sync ${resource}: ${result.received} received in ${result.pages} pages, ${result.removed} removed`);
        for (const warning of result.warnings) log(`sync ${resource}: ${warning.kind}: ${warning.message}`);
        return { ok: true, result };
      } catch (error) {
        const at = iso(now());
        const described =
          error instanceof ApiError
            ? { kind: error.kind, message: error.message }
            : { kind: 'internal', message: (error as Error)?.message ?? String(error) };
        mirror.syncState.recordFailure(stateKey(resource, config()), at, described.message);
        const offline = error instanceof ApiError && (error.kind === 'network' || error.kind === 'timeout');
        status.update(
          {
            ...(offline ? { online: false } : error instanceof ApiError ? { online: true, lastOnlineAt: at } : {}),
            ...(error instanceof ApiError && error.kind === 'unauthorized' ? { tokenRejected: true } : {}),
          },
          resource,
          { running: false, progress: null, lastError: { ...described, at } },
        );
        log(`sync ${resource} failed: ${described.message}`);
        if (!(error instanceof ApiError) && !controller.signal.aborted) log((error as Error)?.stack ?? String(error));
        return { ok: false, error: described };
      }
    })();
    // Registered before it can settle, removed after: a run that ends synchronously must not linger.
    running.set(resource, promise);
    void promise.finally(() => {
      if (running.get(resource) === promise) running.delete(resource);
    });
    return promise;
  }

  const intervalOf = (resource: Resource): number => {
    const { intervals } = config();
    return (
      1000 *
      {
        invitations: intervals.incrementalSeconds,
        checkIns: intervals.checkInsSeconds,
        groups: intervals.referenceSeconds,
        employees: intervals.referenceSeconds,
      }[resource]
    );
  };

  function schedule(resource: Resource, delay: number) {
    if (!started) return;
    timers.set(
      resource,
      setTimeout(() => {
        void run(resource).finally(() => schedule(resource, intervalOf(resource)));
      }, delay),
    );
  }

  function refreshOutboxStatus(delivering = status.get().outbox.delivering) {
    if (!deps.outbox) return;
    const counts = deps.outbox.counts();
    const outbox = {
      pending: counts.pending + counts.sending,
      failed: counts.failed,
      delivered: counts.delivered,
      conflicts: mirror.outbox.openConflicts().length,
      // A round over an empty outbox is no news: the status only says "delivering" when something is to be sent.
      delivering: delivering && counts.pending + counts.sending > 0,
    };
    // Only news is published: an idle outbox is tried every few seconds, and every status goes to every screen.
    if (JSON.stringify(outbox) === JSON.stringify(status.get().outbox)) return;
    status.update({ outbox });
  }
  refreshOutboxStatus(false);

  /** Sends what is queued; a rejected token stops pulls and pushes alike. */
  async function deliver(): Promise<DeliverySummary | undefined> {
    if (!deps.outbox || status.get().tokenRejected) return undefined;
    refreshOutboxStatus(true);
    try {
      const summary = await deps.outbox.deliver(controller.signal);
      if (summary.unauthorized) status.update({ tokenRejected: true, online: true });
      else if (summary.delivered > 0 || summary.failed > 0) status.update({ online: true, lastOnlineAt: iso(now()) });
      // A check-in that cannot be sent shows the service as gone now, not at the next pull.
      else if (summary.unreachable && status.get().online !== false) status.update({ online: false });
      return summary;
    } finally {
      refreshOutboxStatus(false);
    }
  }

  function scheduleOutbox(delay: number) {
    if (!started || !deps.outbox) return;
    timers.set(
      'outbox',
      setTimeout(() => {
        void deliver()
          .catch((error: unknown) => log(`outbox delivery failed: ${(error as Error)?.stack ?? String(error)}`))
          .finally(() => scheduleOutbox(deps.outboxIntervalMs ?? 5000));
      }, delay),
    );
  }

  return {
    status,
    deliver,
    /** The outbox changed: show it; when new work was queued, try to send it soon. */
    outboxChanged(queued = false): void {
      refreshOutboxStatus();
      if (started && queued) {
        clearTimeout(timers.get('outbox'));
        scheduleOutbox(0);
      }
    },
    /**
     * Pulls now (invitations in full when asked or due) every resource, or the
     * ones named; resolves when all are done.
     */
    async syncNow<R extends Resource = Resource>(
      options: { full?: boolean; resources?: readonly R[] } = {},
    ): Promise<Record<R, SyncOutcome>> {
      // Pushes first, so that the pulls show the service as it is after them.
      await deliver();
      const resources = options.resources ?? (RESOURCES as readonly Resource[] as readonly R[]);
      const outcomes = await Promise.all(
        resources.map((r) => run(r, options.full ? 'full' : undefined).then((o) => [r, o] as const)),
      );
      return Object.fromEntries(outcomes) as Record<R, SyncOutcome>;
    },
    /** Starts the timers; the first pull of each resource runs at once. */
    start(): void {
      if (started) return;
      started = true;
      if (controller.signal.aborted) controller = new AbortController();
      for (const resource of RESOURCES) schedule(resource, 0);
      scheduleOutbox(0);
    },
    /** Whether the timers run (start was called and stop was not). */
    isStarted: (): boolean => started,
    /** Stops the timers and cancels pulls in flight (nothing half-applied: pages are transactions). */
    async stop(): Promise<void> {
      started = false;
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
      controller.abort(new Error('sync stopped'));
      await Promise.allSettled(running.values());
    },
    /** After the token or the configuration changed: let pulls run again. */
    clearTokenRejected(): void {
      status.update({ tokenRejected: false });
    },
  };
}
export type SyncEngine = ReturnType<typeof createSyncEngine>;
