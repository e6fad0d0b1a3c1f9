/**
 * The outbox: every change a person makes is one row, written in the same
 * transaction as its optimistic effect on the mirror, and delivered in order
 * per target, exactly once in effect:
 * - PUTs (identities, events, profiles) are idempotent upserts: sending one
 *   again after a crash or a lost answer leaves the service as intended;
 * - transition POSTs are not: an attempt whose outcome is unknown (timeout,
 *   dropped connection, crash while sending) is settled by reading the
 *   check-in back before anything is sent again.
 */
import { LIMITS, type CheckIn } from '../../../shared/api/index.ts';
import type { AccessProfileItem, EventSyncItem, PermanentIdentityItem } from '../../../shared/api/index.ts';
import { PreparedBody, type ApiClient } from '../api/client.ts';
import { ApiError } from '../api/errors.ts';
import { walkPages } from '../api/pager.ts';
import { backoffDelay, DEFAULT_RETRY, type RetryPolicy } from '../api/retry.ts';
import type { Config } from '../config/config.ts';
import type { Mirror } from '../db/mirror.ts';
import type { Guest } from '../db/repos/guests.ts';
import type { OutboxCounts, OutboxKind, OutboxRow } from '../db/repos/outbox.ts';
import {
  describeTransition,
  NoSuchGuest,
  planTransition,
  TransitionRefused,
  type TransitionAction,
  type TransitionPayload,
} from './transitions.ts';
import { iso, MINUTE } from '../../../shared/time.ts';

export interface OutboxDeps {
  mirror: Mirror;
  api: ApiClient;
  /** The configuration as it is now (the runtime's config store): read at each use, never kept. */
  config: () => Config;
  now?: () => number;
  log?: (line: string) => void;
  /** Backoff between delivery attempts of one row. */
  retry?: RetryPolicy;
  random?: () => number;
  /** `queued`: new work waits to be sent; `progress`: rows moved on (only the counts changed). */
  onChange?: (what: 'queued' | 'progress') => void;
}

export interface DeliverySummary {
  delivered: number;
  failed: number;
  /** Still waiting: the service could not be reached, or backoff. */
  pending: number;
  /** The service rejected the token; nothing more is sent until it changes. */
  unauthorized: boolean;
}

/** Requests in flight at once while delivering (rows that do not depend on each other). */
const DELIVERY_CONCURRENCY = 2;

/** No sourceId and no email (in any case) twice: every item is its own identity. */
function distinctIdentities(items: readonly PermanentIdentityItem[]): boolean {
  const sourceIds = new Set<string>();
  const emails = new Set<string>();
  for (const { sourceId, email } of items) {
    if (sourceId) {
      if (sourceIds.has(sourceId)) return false;
      sourceIds.add(sourceId);
    }
    if (email) {
      const key = email.toLowerCase();
      if (emails.has(key)) return false;
      emails.add(key);
    }
  }
  return true;
}

/** An attempt may have reached the service when no answer came back. */
const outcomeUnknown = (error: ApiError) => error.kind === 'network' || error.kind === 'timeout';

function parseJson(text: string | null): unknown {
  try {
    return text === null ? null : JSON.parse(text);
  } catch {
    return null;
  }
}

export function createOutbox(deps: OutboxDeps) {
  const { mirror, api, config } = deps;
  const now = deps.now ?? Date.now;
  const log = deps.log ?? (() => {});
  const retry = deps.retry ?? { ...DEFAULT_RETRY, retries: Number.POSITIVE_INFINITY, maxDelayMs: MINUTE };
  const repo = mirror.outbox;
  let delivering: Promise<DeliverySummary> | undefined;
  const changed = (what: 'queued' | 'progress' = 'progress') => deps.onChange?.(what);

  /**
   * Queues a transition with its optimistic effect. `holdMs` holds a
   * check-out back before it is sent, so that Undo can take it back (the
   * interface has no way back from checked out).
   */
  function queueTransition(
    checkInId: number,
    action: TransitionAction,
    source: 'kiosk' | 'desk',
    options: { holdMs?: number } = {},
  ) {
    const result = mirror.transaction(() => {
      const { flow } = config();
      const guest = mirror.guests.byId(checkInId, flow);
      if (!guest) throw new NoSuchGuest(checkInId);
      if (action === 'undo' && guest.undoUntil !== null) return cancelHeldCheckOut(guest);
      const plan = planTransition(guest, action, flow, source, now());
      const at = iso(now());
      const payload: TransitionPayload = { checkInId, locationId: guest.locationId, ...plan };
      const outboxId = repo.add({
        kind: 'transition',
        target: `check-in:${checkInId}`,
        payload,
        label: describeTransition(guest, action),
        now: at,
      });
      const undoUntil = action === 'checkOut' && options.holdMs ? iso(now() + options.holdMs) : null;
      if (undoUntil) repo.holdUntil(outboxId, undoUntil);
      repo.setPendingTransition({
        checkInId,
        outboxId,
        state: plan.toState,
        arrivedAt: action === 'checkIn' ? at : action === 'undo' ? null : guest.arrivedAt,
        leftAt: action === 'checkOut' ? at : null,
        undoUntil,
      });
      return { outboxId, guest: mirror.guests.byId(checkInId, flow)! };
    });
    changed('queued');
    return result;
  }

  /** Undo of a check-out still held back: its row is removed before it was ever sent. Call inside a transaction. */
  function cancelHeldCheckOut(guest: Guest) {
    const name = [guest.firstName, guest.lastName].filter(Boolean).join(' ') || `guest ${guest.invitationId}`;
    const held = repo.heldCheckOut(guest.invitationId);
    if (!held || held.undoUntil <= iso(now()))
      throw new TransitionRefused(`the check-out of ${name} was already sent to the service and cannot be undone`);
    repo.clearPendingTransition(guest.invitationId, held.outboxId);
    repo.remove(held.outboxId);
    // A check-in still on its way shows again as it did before the check-out.
    const earlier = repo.lastOpen(`check-in:${guest.invitationId}`);
    if (earlier) {
      const payload = JSON.parse(earlier.payload) as TransitionPayload;
      repo.setPendingTransition({
        checkInId: guest.invitationId,
        outboxId: earlier.id,
        state: payload.toState,
        arrivedAt: payload.action === 'undo' ? null : guest.arrivedAt,
        leftAt: null,
        undoUntil: null,
      });
    }
    return { outboxId: held.outboxId, guest: mirror.guests.byId(guest.invitationId, config().flow)! };
  }

  /** Queues API items in rows of at most `size`, as one batch; all in one transaction. */
  function queueBatch<T>(
    kind: Exclude<OutboxKind, 'transition'>,
    items: readonly T[],
    size: number,
    meta: {
      source: string | null;
      label: string;
      target: string;
      lines?: (number | null)[] | undefined;
      independent?: boolean;
    },
    body: (chunk: T[]) => unknown,
  ) {
    const result = mirror.transaction(() => {
      const at = iso(now());
      const batchId = repo.addBatch({
        kind,
        source: meta.source,
        label: meta.label,
        items: items.length,
        independent: meta.independent ?? false,
        now: at,
      });
      const ids: number[] = [];
      for (let start = 0; start < items.length; start += size) {
        const chunk = items.slice(start, start + size);
        const end = Math.min(items.length, start + size);
        ids.push(
          repo.add({
            kind,
            target: meta.target,
            payload: body(chunk),
            label: `${meta.label}: items ${start + 1}-${end} of ${items.length}`,
            batchId,
            itemLines: meta.lines?.slice(start, end),
            now: at,
          }),
        );
      }
      return { batchId, outboxIds: ids };
    });
    changed('queued');
    return result;
  }

  type PushMeta = { source: string | null; label: string; lines?: (number | null)[] | undefined };

  /**
   * Identities in requests of at most 200. When every item names its own
   * identity (no sourceId or email twice, which the importer ensures), the
   * requests do not depend on each other and are sent side by side.
   */
  const queueIdentities = (items: readonly PermanentIdentityItem[], meta: PushMeta) =>
    queueBatch(
      'identities',
      items,
      LIMITS.identitiesPerRequest,
      { ...meta, target: 'identities', independent: distinctIdentities(items) },
      (chunk) => ({ permanentIdentities: chunk }),
    );

  const queueEvents = (items: readonly EventSyncItem[], meta: PushMeta) =>
    queueBatch('events', items, LIMITS.eventsPerRequest, { ...meta, target: 'events' }, (chunk) => ({ events: chunk }));

  /** The whole set of a group, as one row: the service replaces the group's set with it. */
  function queueProfiles(groupSourceId: string, profiles: readonly AccessProfileItem[], meta: PushMeta) {
    return mirror.transaction(() => {
      const queued = queueBatch(
        'profiles',
        [profiles],
        1,
        { ...meta, lines: undefined, target: `profiles:${groupSourceId}` },
        ([set]) => ({ groupSourceId, accessProfiles: set }),
      );
      repo.saveProfileSet({
        group: groupSourceId,
        profiles,
        outboxId: queued.outboxIds[0]!,
        now: iso(now()),
      });
      return queued;
    });
  }

  // ---- delivery ----

  async function send(row: OutboxRow, signal?: AbortSignal): Promise<unknown> {
    const once = { retry: { ...DEFAULT_RETRY, retries: 0 }, signal };
    // Identities and events rows hold the request body itself, checked when they were queued.
    if (row.kind === 'identities')
      return api.call('syncPermanentIdentities', { body: new PreparedBody(row.payload) }, once);
    if (row.kind === 'events') return sendEvents(row.payload, once);
    const payload = JSON.parse(row.payload);
    switch (row.kind) {
      case 'profiles':
        await api.call(
          'uploadAccessProfiles',
          { params: { sourceId: payload.groupSourceId }, body: { accessProfiles: payload.accessProfiles } },
          once,
        );
        return { replacedWith: (payload.accessProfiles as unknown[]).length };
      case 'transition':
        return sendTransition(row, payload as TransitionPayload, once);
    }
  }

  /** PUT /events (a row's body text, or a part of it), split in halves while the service answers 413; results in request order. */
  async function sendEvents(
    body: string | EventSyncItem[],
    once: { retry: RetryPolicy; signal?: AbortSignal | undefined },
  ): Promise<unknown> {
    try {
      return await api.call(
        'syncEvents',
        { body: typeof body === 'string' ? new PreparedBody(body) : { events: body } },
        once,
      );
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 413) throw error;
      const events = typeof body === 'string' ? (JSON.parse(body) as { events: EventSyncItem[] }).events : body;
      if (events.length < 2) throw error;
      const half = Math.ceil(events.length / 2);
      log(
        `outbox: ${events.length} events were too large for one request; sending ${half} and ${events.length - half}`,
      );
      const first = (await sendEvents(events.slice(0, half), once)) as { events: unknown[] };
      const second = (await sendEvents(events.slice(half), once)) as { events: unknown[] };
      return { events: [...first.events, ...second.events] };
    }
  }

  async function sendTransition(
    row: OutboxRow,
    payload: TransitionPayload,
    once: { retry: RetryPolicy; signal?: AbortSignal | undefined },
  ): Promise<CheckIn> {
    if (row.uncertain || row.state === 'sending') {
      // An earlier attempt may have been applied: look before sending again.
      const current = await readBack(payload, once.signal);
      if (current.state === payload.toState) {
        log(`outbox: ${row.label} was already applied by the service`);
        return current.checkIn ?? ({ id: payload.checkInId, state: payload.toState } as CheckIn);
      }
      if (current.state !== payload.fromState)
        throw new ApiError({
          kind: 'validation',
          status: 409,
          code: 'INVALID_TRANSITION',
          endpoint: 'transitionCheckIn',
          message: `the guest is now ${current.state} at the service, not ${payload.fromState}; nothing was sent`,
        });
    }
    mirror.transaction(() => repo.markSending(row.id, iso(now())));
    return api.call(
      'transitionCheckIn',
      { body: { eventName: payload.eventName, checkIn: { id: payload.checkInId } } },
      once,
    );
  }

  /** The check-in's state at the service. The listing shows only on-site and left guests; absent means the initial state. */
  async function readBack(
    payload: TransitionPayload,
    signal?: AbortSignal,
  ): Promise<{ state: string; checkIn?: CheckIn }> {
    let found: CheckIn | undefined;
    await walkPages<CheckIn>({
      pageSize: LIMITS.checkIns.maxLimit,
      signal,
      idOf: (c) => c.id,
      fetchPage: async (offset, limit, pageSignal) => {
        const page = await api.call(
          'listCheckIns',
          { params: { locationId: payload.locationId }, query: { limit, offset } },
          { signal: pageSignal },
        );
        return { items: page.checkIns, totalCount: page.pageInfo.totalCount };
      },
      onPage: (items) => {
        found ??= items.find((c) => c.id === payload.checkInId);
      },
    });
    return found ? { state: found.state, checkIn: found } : { state: config().flow.initialState };
  }

  function onDelivered(row: OutboxRow, result: unknown) {
    const at = iso(now());
    mirror.transaction(() => {
      repo.markDelivered(row.id, JSON.stringify(result ?? null), at);
      if (row.kind === 'transition') {
        const payload = JSON.parse(row.payload) as TransitionPayload;
        // The service's record replaces the local one, PIN included.
        mirror.checkIns.upsertMany([result as CheckIn], payload.locationId);
        repo.clearPendingTransition(payload.checkInId, row.id);
      }
    });
  }

  /** A permanent failure: the row fails with a reason; a transition's optimistic state is rolled back and a conflict recorded. */
  function onFailed(row: OutboxRow, reason: string) {
    const at = iso(now());
    mirror.transaction(() => {
      repo.markFailed(row.id, reason, at);
      // A set the service never received is no baseline for the next upload's difference.
      if (row.kind === 'profiles') repo.forgetProfileSet(row.id);
      if (row.kind !== 'transition') return;
      const payload = JSON.parse(row.payload) as TransitionPayload;
      repo.clearPendingTransition(payload.checkInId, row.id);
      repo.addConflict({ outboxId: row.id, checkInId: payload.checkInId, message: reason, now: at });
      // Later transitions of this guest assumed this one: they cannot be sent either.
      for (const later of repo.laterOpen(row.target, row.id)) {
        repo.markFailed(later.id, `not sent: "${row.label}" before it failed`, at);
        repo.clearPendingTransition(payload.checkInId, later.id);
      }
    });
  }

  function describe(error: ApiError): string {
    const details = error.details.slice(0, 5).map((d) => `${d.path}: ${d.message}`);
    return error.message + (details.length ? ` (${details.join('; ')})` : '');
  }

  /** Sends one row and settles it; 'stop' when nothing more should be sent now (token rejected, stopped). */
  async function deliverRow(
    row: OutboxRow,
    summary: DeliverySummary,
    blockedTargets: Set<string>,
    signal?: AbortSignal,
  ): Promise<'next' | 'stop'> {
    try {
      // Transitions are marked only once it is settled that they must be sent (see sendTransition).
      if (row.kind !== 'transition') mirror.transaction(() => repo.markSending(row.id, iso(now())));
      const result = await send(row, signal);
      onDelivered(row, result);
      summary.delivered++;
      log(`outbox: delivered ${row.label}`);
    } catch (error) {
      if (signal?.aborted) return 'stop';
      if (!(error instanceof ApiError)) {
        // A bug, not the service: keep the row, report loudly.
        log(`outbox: ${row.label}: ${(error as Error)?.stack ?? String(error)}`);
        mirror.transaction(() =>
          repo.markRetry({
            id: row.id,
            uncertain: 0,
            error: String(error),
            nextAttemptAt: iso(now() + MINUTE),
            now: iso(now()),
          }),
        );
        blockedTargets.add(row.target);
        return 'next';
      }
      if (error.kind === 'unauthorized') {
        mirror.transaction(() =>
          repo.markRetry({
            id: row.id,
            uncertain: 0,
            error: describe(error),
            nextAttemptAt: null,
            now: iso(now()),
          }),
        );
        summary.unauthorized = true;
        return 'stop';
      }
      if (error.transient) {
        const delay = Math.max(error.retryAfterMs ?? 0, backoffDelay(Math.min(row.attempts, 16), retry, deps.random));
        mirror.transaction(() =>
          repo.markRetry({
            id: row.id,
            // A row left 'sending' (a crash mid-request) stays uncertain until a read-back settles it.
            uncertain:
              row.kind === 'transition' && (row.uncertain === 1 || row.state === 'sending' || outcomeUnknown(error))
                ? 1
                : 0,
            error: describe(error),
            nextAttemptAt: iso(now() + delay),
            now: iso(now()),
          }),
        );
        blockedTargets.add(row.target);
        log(`outbox: ${row.label}: ${error.message}; retrying in ${Math.round(delay)} ms`);
        return 'next';
      }
      onFailed(row, describe(error));
      summary.failed++;
      log(`outbox: FAILED ${row.label}: ${error.message}`);
    }
    return 'next';
  }

  /**
   * Sends every row whose turn it is, a few at a time: rows of different
   * targets (and of one independent batch) do not wait for each other; a
   * target whose row must wait (backoff) is left alone for this round.
   */
  async function deliverOnce(signal?: AbortSignal): Promise<DeliverySummary> {
    const summary: DeliverySummary = { delivered: 0, failed: 0, pending: 0, unauthorized: false };
    const blockedTargets = new Set<string>();
    const inFlight = new Set<number>();
    let stopped = false;
    // Read lazily, up to the first row that may go: a blocked target's independent batch can be
    // hundreds of rows long, and must not hide the rows of other targets behind it.
    const next = (): OutboxRow | undefined => {
      let id: number | undefined;
      for (const head of repo.due(iso(now())))
        if (!blockedTargets.has(head.target) && !inFlight.has(head.id)) {
          id = head.id;
          break;
        }
      return id === undefined ? undefined : repo.byId(id);
    };
    // Wakes the workers waiting whenever a row in flight is settled: what it held back may be due now.
    let waiting: (() => void)[] = [];
    const rowSettled = () => new Promise<void>((resolve) => waiting.push(resolve));
    const worker = async () => {
      for (;;) {
        if (stopped || signal?.aborted) return;
        const row = next();
        if (!row) {
          if (inFlight.size === 0) return;
          await rowSettled();
          continue;
        }
        inFlight.add(row.id);
        try {
          if ((await deliverRow(row, summary, blockedTargets, signal)) === 'stop') stopped = true;
        } finally {
          inFlight.delete(row.id);
          const wake = waiting;
          waiting = [];
          for (const resolve of wake) resolve();
        }
        changed();
      }
    };
    await Promise.all(Array.from({ length: DELIVERY_CONCURRENCY }, worker));
    summary.pending = countOpen();
    changed();
    return summary;
  }

  function countOpen(): number {
    const counts = repo.counts();
    return counts.pending + counts.sending;
  }

  return {
    queueTransition,
    queueIdentities,
    queueEvents,
    queueProfiles,
    /** Sends every row that is due, in order per target; joins a delivery in progress. */
    deliver(signal?: AbortSignal): Promise<DeliverySummary> {
      delivering ??= deliverOnce(signal).finally(() => {
        delivering = undefined;
      });
      return delivering;
    },
    /**
     * A failed row, queued again by a person. A transition is planned again
     * from the guest's state now (the old plan may no longer hold) as a new
     * row; the old one keeps its reason and remembers the new row, so that it
     * is retried once and its text never grows.
     */
    retry(id: number): OutboxRow {
      const row = repo.byId(id);
      if (!row) throw new Error(`no outbox item ${id}`);
      if (row.state !== 'failed')
        throw new TransitionRefused(`outbox item ${id} is ${row.state}; only failed items can be retried`);
      if (row.kind === 'transition') {
        const retriedAs = (parseJson(row.result) as { retriedAs?: number } | null)?.retriedAs;
        if (retriedAs !== undefined) throw new TransitionRefused(`this was already tried again as item ${retriedAs}`);
        const payload = JSON.parse(row.payload) as TransitionPayload;
        const queued = mirror.transaction(() => {
          const again = queueTransition(payload.checkInId, payload.action, 'desk');
          repo.setResult(id, JSON.stringify({ retriedAs: again.outboxId }), iso(now()));
          return again;
        });
        return repo.byId(queued.outboxId)!;
      }
      mirror.transaction(() => repo.requeue(id, iso(now())));
      changed('queued');
      return repo.byId(id)!;
    },
    /** The last set queued for a group, for showing what an upload changes. */
    lastProfileSet: (groupSourceId: string): AccessProfileItem[] | undefined => repo.lastProfileSet(groupSourceId),
    counts: (): OutboxCounts => repo.counts(),
  };
}
export type Outbox = ReturnType<typeof createOutbox>;
