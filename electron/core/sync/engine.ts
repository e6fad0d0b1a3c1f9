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
import { createProbe, statusAfterFailure } from './probe.ts';
import { createStatus, RESOURCES, type Resource, type StatusStore } from './status.ts';
import { storageProblemOf } from './storage.ts';
import { damageNotice } from '../db/damage-notice.ts';
import { iso } from '../../../shared/time.ts';
import type { Publish } from '../bus.ts';
import type { EngineJobContext } from '../domain.ts';
import { within } from './within.ts';
import { createJob, type Job, type Timers } from './job.ts';

export interface SyncEngineDeps {
  mirror: Mirror;
  api: ApiClient;
  /** The configuration as it is now (the runtime's config store): read at each use, never kept. */
  config: () => Config;
  outbox?: Outbox;
  now?: () => number;
  log?: (line: string) => void;
  /** The data directory, for the jobs' work on files (retention of kinds kept as files). */
  dataDir?: string;
  status?: StatusStore;
  /** How often queued changes are tried while the engine runs. */
  outboxIntervalMs?: number;
  /** Where the engine tells the domains what it did (bus.ts: invitationsPulled). */
  publish?: Publish;
  /** The domains' jobs (domains.ts), run while the engine runs: the automatic check-out, the daily retention. */
  jobs?: (ctx: EngineJobContext) => Job[];
  /** Tests: the jobs' timers (see job.ts). */
  timers?: Timers;
}

export type SyncOutcome = { ok: true; result: PullResult } | { ok: false; error: { kind: string; message: string } };

const STILL_SYNCING_TEXT = 'still syncing in the background; the status shows when it is done';

/** How long a person's "Sync now" waits before it answers; the work goes on in the background. */
export const SYNC_NOW_WAIT_MS = 10_000;

/** The outcome of a pull that was still running when the caller stopped waiting. */
export const STILL_SYNCING: SyncOutcome = { ok: false, error: { kind: 'in_progress', message: STILL_SYNCING_TEXT } };

export function createSyncEngine(deps: SyncEngineDeps) {
  const { mirror, api, config } = deps;
  const now = deps.now ?? Date.now;
  // A log that cannot be written (a full disk) must not stop the sync it reports on.
  const log = (line: string) => {
    try {
      deps.log?.(line);
    } catch {
      // nothing better to do: the status still says what is wrong
    }
  };
  const status = deps.status ?? createStatus({ onListenerError: (error) => writeFailed(error, 'status listener') });
  const running = new Map<Resource, Promise<SyncOutcome>>();
  let controller = new AbortController();
  let started = false;
  /** What could not write (see writesWork). */
  type WriteSource = Resource | 'outbox' | 'status';
  const blocked = new Set<WriteSource>();

  // Show what the mirror already knows, before the first pull.
  status.update({ damage: damageNotice(mirror.syncState) });
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

  /** Pages of the listings refreshed in full, as last applied (see refreshInFull in pulls/listing.ts). */
  const listings: ListingMemo = new Map();
  /** The check-ins listing as last read (see pullCheckIns in pulls/check-ins.ts). */
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
      deps.publish?.('invitationsPulled', { full });
      return result;
    },
    checkIns: (mode) => pullCheckIns(context('checkIns'), mode === 'full' ? 'full' : 'pass'),
    groups: () => pullGroups(context('groups')),
    employees: () => pullEmployees(context('employees')),
  };

  /**
   * A write that failed: a storage problem is shown in the status (once, not
   * on every retry) and logged; anything else is logged as the bug it is.
   * Never throws: it is called where an error has nowhere else to go.
   */
  function writeFailed(error: unknown, where: string, source: WriteSource = 'status'): void {
    const problem = storageProblemOf(error, iso(now()));
    if (!problem) return log(`${where}: ${(error as Error)?.stack ?? String(error)}`);
    blocked.add(source);
    if (status.get().storage?.kind === problem.kind) return;
    log(`${where}: ${problem.message}`);
    status.update({ storage: problem });
  }

  /**
   * What `source` writes went through. The status clears when every source
   * that failed has written since: a pull with nothing new to save proves
   * nothing about the pages another one needs.
   */
  function writesWork(source: WriteSource): void {
    blocked.delete(source);
    if (source !== 'status') blocked.delete('status');
    if (!status.get().storage || blocked.size > 0) return;
    log('writing to the data directory works again; syncing resumes');
    status.update({ storage: null });
  }

  /** The service accepted the token again: say so, and send what waited for it. */
  function tokenAccepted(): void {
    if (!status.get().tokenRejected) return;
    log('the service accepts the token again; sending what was queued');
    status.update({ tokenRejected: false });
    outboxJob?.soon();
  }

  function pullSucceeded(resource: Resource, result: PullResult): SyncOutcome {
    const at = iso(now());
    writesWork(resource);
    tokenAccepted();
    serviceAnswered();
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
  }

  function pullFailed(resource: Resource, error: unknown): SyncOutcome {
    const at = iso(now());
    const storage = storageProblemOf(error, at);
    const described = storage
      ? { kind: storage.kind, message: storage.message }
      : error instanceof ApiError
        ? { kind: error.kind, message: error.message }
        : { kind: 'internal', message: (error as Error)?.message ?? String(error) };
    // On a full disk this write fails too: the status says it instead of the mirror.
    if (!storage)
      try {
        mirror.syncState.recordFailure(stateKey(resource, config()), at, described.message);
      } catch (writeError) {
        writeFailed(writeError, `sync ${resource}`, resource);
      }
    if (storage) blocked.add(resource);
    if (error instanceof ApiError && (error.transient || error.kind === 'network')) serviceFailing = true;
    status.update(
      {
        // A refused token is a service Foyer cannot use: offline, with the reason beside it.
        ...statusAfterFailure(error, at),
        ...(storage && status.get().storage?.kind !== storage.kind ? { storage } : {}),
      },
      resource,
      { running: false, progress: null, lastError: { ...described, at } },
    );
    log(`sync ${resource} failed: ${described.message}`);
    if (!(error instanceof ApiError) && !storage && !controller.signal.aborted)
      log((error as Error)?.stack ?? String(error));
    return { ok: false, error: described };
  }

  /**
   * Whether the service failed to answer a pull (no answer, a timeout, a 5xx) or a delivery (no answer) since it
   * last answered one. When it answers again, what waits in backoff is sent at once, not up to a minute later at
   * its next attempt. A row refused alone (a 503 on its endpoint while pulls work) keeps its backoff.
   */
  let serviceFailing = false;
  function serviceAnswered(): void {
    if (!serviceFailing) return;
    serviceFailing = false;
    if (!deps.outbox) return;
    const waiting = mirror.transaction(() => mirror.outbox.retryNow(iso(now())));
    if (waiting === 0) return;
    log(`the service answers again: ${waiting} queued ${waiting === 1 ? 'change goes' : 'changes go'} now`);
    outboxJob?.soon();
  }

  const probe = createProbe({
    api,
    now,
    status,
    reached: () => {
      tokenAccepted();
      serviceAnswered();
    },
  }); // is the service there when nothing is due
  /** Runs one resource's pull; joins the one in flight instead of starting a second. Never rejects. */
  function run(resource: Resource, mode?: 'incremental' | 'full'): Promise<SyncOutcome> {
    const inFlight = running.get(resource);
    if (inFlight) return inFlight;
    const promise = (async (): Promise<SyncOutcome> => {
      status.update({}, resource, { running: true, progress: null });
      try {
        return pullSucceeded(resource, await pulls[resource](mode));
      } catch (error) {
        return pullFailed(resource, error);
      }
    })().catch((error: unknown): SyncOutcome => {
      // Only a bug gets here (reading the mirror failed while recording the outcome): never an unhandled rejection.
      writeFailed(error, `sync ${resource}`, resource);
      status.update({}, resource, { running: false, progress: null });
      return { ok: false, error: { kind: 'internal', message: (error as Error)?.message ?? String(error) } };
    });
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

  // One job per resource and one for the outbox (job.ts): one timer each, none left once stopped.
  const jobOptions = { ...(deps.timers ? { timers: deps.timers } : {}) };
  const pullJobs: Job[] = RESOURCES.map((resource) =>
    createJob(() => run(resource), {
      ...jobOptions,
      interval: () => intervalOf(resource),
      onError: (error) => writeFailed(error, `sync ${resource}`),
    }),
  );

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

  // The domains' jobs (domains.ts): one timer each, started and stopped with the engine's own.
  const domainJobs: Job[] =
    deps.jobs?.({
      mirror,
      outbox: deps.outbox,
      config,
      now,
      log,
      dataDir: deps.dataDir ?? '',
      inFlight: (resource) => running.get(resource),
      failed: (error, where, blocks) => writeFailed(error, where, blocks ?? 'status'),
      ...jobOptions,
    }) ?? [];

  /**
   * Sends what is queued. While the service refuses the token nothing is
   * sent (every row is kept); the pulls ask again at their intervals, and the
   * first one accepted sends at once. Never rejects: a write that fails (a
   * full disk) leaves every row as it was and is shown in the status.
   */
  async function deliver(): Promise<DeliverySummary | undefined> {
    if (!deps.outbox || status.get().tokenRejected) return undefined;
    try {
      refreshOutboxStatus(true);
      const summary = await deps.outbox.deliver(controller.signal);
      writesWork('outbox');
      if (summary.unauthorized) status.update({ tokenRejected: true, online: false });
      else if (summary.delivered > 0 || summary.failed > 0) status.update({ online: true, lastOnlineAt: iso(now()) });
      // A check-in that cannot be sent shows the service as gone now, not at the next pull.
      else if (summary.unreachable && status.get().online !== false) status.update({ online: false });
      if (summary.unreachable) serviceFailing = true;
      return summary;
    } catch (error) {
      if (!controller.signal.aborted) writeFailed(error, 'outbox delivery', 'outbox');
      return undefined;
    } finally {
      try {
        refreshOutboxStatus(false);
      } catch (error) {
        writeFailed(error, 'outbox status');
      }
    }
  }

  // Work queued during a round asks for one more round after it (soon), not for a second chain of timers.
  const outboxJob: Job | undefined =
    deps.outbox &&
    createJob(deliver, {
      ...jobOptions,
      interval: () => deps.outboxIntervalMs ?? 5000,
      onError: (error) => writeFailed(error, 'outbox delivery', 'outbox'),
    });

  return {
    status,
    deliver,
    /** The outbox changed: show it; when new work was queued, try to send it soon. */
    outboxChanged(queued = false): void {
      try {
        refreshOutboxStatus();
      } catch (error) {
        writeFailed(error, 'outbox status');
      }
      if (queued) outboxJob?.soon();
    },
    /**
     * Sends what is queued, then pulls (invitations in full when asked or
     * due) every resource, or the ones named. Resolves when all are done, or,
     * with `waitMs` (a person waiting), after that long at most: what is not
     * done by then answers STILL_SYNCING and goes on in the background.
     */
    async syncNow<R extends Resource = Resource>(
      options: { full?: boolean; resources?: readonly R[]; waitMs?: number } = {},
    ): Promise<Record<R, SyncOutcome>> {
      const resources = options.resources ?? (RESOURCES as readonly Resource[] as readonly R[]);
      const outcomes = new Map<R, SyncOutcome>();
      const work = (async () => {
        // Pushes first, so that the pulls show the service as it is after them.
        await deliver();
        await Promise.all(
          resources.map((r) => run(r, options.full ? 'full' : undefined).then((o) => void outcomes.set(r, o))),
        );
        // What the pulls queued (a walk-in's check-in) or a token accepted again let go is sent in this sync; what
        // that delivery made at the service is pulled in, and what it queues sent. Rows in backoff wait.
        const late = await deliver();
        if (late?.delivered && resources.includes('invitations' as R)) {
          const outcome = await run('invitations');
          if (!outcome.ok) outcomes.set('invitations' as R, outcome);
          await deliver();
        }
      })();
      if (options.waitMs === undefined) await work;
      else await within(work, options.waitMs);
      return Object.fromEntries(resources.map((r) => [r, outcomes.get(r) ?? STILL_SYNCING])) as Record<R, SyncOutcome>;
    },
    /** Starts the timers; the first pull of each resource runs at once. */
    start(): void {
      if (started) return;
      started = true;
      if (controller.signal.aborted) controller = new AbortController();
      for (const job of [...pullJobs, outboxJob, ...domainJobs]) job?.start(0);
      probe.start();
    },
    /** Whether the timers run (start was called and stop was not). */
    isStarted: (): boolean => started,
    /**
     * Stops the timers and cancels pulls in flight (nothing half-applied: pages are transactions); resolves when
     * no job runs and none has a timer.
     */
    async stop(): Promise<void> {
      started = false;
      const stopped = [...pullJobs, outboxJob, ...domainJobs].map((job) => job?.stop());
      controller.abort(new Error('sync stopped'));
      await Promise.allSettled([...stopped, ...running.values(), probe.stop()]);
    },
    /** After the token or the configuration changed: let pulls run again. */
    clearTokenRejected(): void {
      status.update({ tokenRejected: false });
    },
  };
}
export type SyncEngine = ReturnType<typeof createSyncEngine>;
