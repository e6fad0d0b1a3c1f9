/**
 * Sending one row, per kind. PUTs (identities, events, profiles) are
 * idempotent upserts, sent as they are; a transition POST is not, so one
 * whose earlier attempt may have reached the service is settled by reading
 * the check-in back before anything is sent again, and so is one the service
 * refuses (409), which may already show what was asked.
 */
import type { CheckIn } from '../../../shared/api/index.ts';
import { iso } from '../../../shared/time.ts';
import { PreparedBody } from '../api/client.ts';
import { ApiError } from '../api/errors.ts';
import { DEFAULT_RETRY, type RetryPolicy } from '../api/retry.ts';
import type { OutboxRow } from '../db/repos/outbox.ts';
import type { OutboxContext } from './context.ts';
import type { ParsedPayload, TransitionPayload } from './payloads.ts';
import { isInvalidTransition, readBack, recordOf, TransitionConflict } from './read-back.ts';

type Once = { retry: RetryPolicy; signal?: AbortSignal | undefined };

export function createSender(ctx: OutboxContext) {
  const { mirror, api, config, now, log } = ctx;

  /** Sends a row once (the outbox schedules its retries) and gives the service's answer. */
  async function send(row: OutboxRow, parsed: ParsedPayload, signal?: AbortSignal): Promise<unknown> {
    const once: Once = { retry: { ...DEFAULT_RETRY, retries: 0 }, signal };
    switch (parsed.kind) {
      // Identities and events rows hold the request body itself, checked when they were queued.
      case 'identities':
        return api.call('syncPermanentIdentities', { body: new PreparedBody(row.payload) }, once);
      case 'events':
        return sendEvents(row.payload, parsed.payload.events, once);
      case 'profiles': {
        const { groupSourceId, accessProfiles } = parsed.payload;
        await api.call('uploadAccessProfiles', { params: { sourceId: groupSourceId }, body: { accessProfiles } }, once);
        return { replacedWith: accessProfiles.length };
      }
      case 'transition':
        return sendTransition(row, parsed.payload, once);
    }
  }

  /**
   * PUT /events with a body as stored JSON text (`events` are its items), split in halves while the service
   * answers 413; results in request order. The halves hold the same items, checked when they were queued.
   */
  async function sendEvents(body: string, events: readonly unknown[], once: Once): Promise<{ events: unknown[] }> {
    try {
      return await api.call('syncEvents', { body: new PreparedBody(body) }, once);
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 413 || events.length < 2) throw error;
      const half = Math.ceil(events.length / 2);
      log(
        `outbox: ${events.length} events were too large for one request; sending ${half} and ${events.length - half}`,
      );
      const part = (items: readonly unknown[]) => sendEvents(JSON.stringify({ events: items }), items, once);
      const first = await part(events.slice(0, half));
      const second = await part(events.slice(half));
      return { events: [...first.events, ...second.events] };
    }
  }

  async function sendTransition(row: OutboxRow, payload: TransitionPayload, once: Once): Promise<CheckIn> {
    if (row.uncertain || row.state === 'sending') {
      // An earlier attempt may have been applied: look before sending again.
      const current = await readBack(api, payload, config().flow.initialState, once.signal);
      if (current.state === payload.toState) {
        log(`outbox: ${row.label} was already applied by the service`);
        return recordOf(current, payload);
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
    mirror.transaction(() => mirror.outbox.markSending(row.id, iso(now())));
    try {
      return await api.call(
        'transitionCheckIn',
        { body: { eventName: payload.eventName, checkIn: { id: payload.checkInId } } },
        once,
      );
    } catch (error) {
      if (!isInvalidTransition(error)) throw error;
      return afterRefusal(row, payload, error, once.signal);
    }
  }

  /**
   * A 409 for a transition: the service may already show what was asked (someone made the same change
   * first, at another desk or system), which is done, not a failure. Otherwise the refusal stands; when
   * the guest changed at the service meanwhile, it says what the service shows, and carries it.
   */
  async function afterRefusal(
    row: OutboxRow,
    payload: TransitionPayload,
    refusal: ApiError,
    signal?: AbortSignal,
  ): Promise<CheckIn> {
    const flow = config().flow;
    const current = await readBack(api, payload, flow.initialState, signal);
    if (current.state === payload.toState) {
      log(`outbox: ${row.label}: the service already shows ${current.state}; settled as done`);
      return recordOf(current, payload);
    }
    // Still as planned from: the refusal has another reason (the clock, a draft event), which it says itself.
    if (current.state === payload.fromState) throw refusal;
    throw new TransitionConflict(refusal, current, flow);
  }

  return send;
}
