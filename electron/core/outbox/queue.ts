/**
 * Adding work: each change is one row (or one batch of rows), written in the
 * same transaction as its optimistic effect on the mirror.
 */
import { LIMITS } from '../../../shared/api/index.ts';
import type { AccessProfileItem, EventSyncItem, PermanentIdentityItem } from '../../../shared/api/index.ts';
import { iso } from '../../../shared/time.ts';
import type { MadeAt } from '../db/repos/check-in-facts.ts';
import type { Guest } from '../db/repos/guests.ts';
import type { OutboxKind, OutboxRow } from '../db/repos/outbox.ts';
import type { OutboxContext } from './context.ts';
import { z } from 'zod';
import { jsonOf, parsePayload, type TransitionPayload } from './payloads.ts';
import {
  describeTransition,
  NoSuchGuest,
  planTransition,
  TransitionRefused,
  type TransitionAction,
} from './transitions.ts';
import { personName } from '../../../shared/domain/person-name.ts';

/** `made`: the door's device or screen and the staff member, noted in the check-in's facts (check-in-facts.ts). */
export type TransitionOptions = { holdMs?: number; automatic?: boolean; made?: MadeAt | undefined };

export type PushMeta = { source: string | null; label: string; lines?: (number | null)[] | undefined };

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

/** What a failed transition's result says once a person tried it again (see retry()). */
const RetriedAs = z.object({ retriedAs: z.number().int() });

export function createQueue(ctx: OutboxContext) {
  const { mirror, config, now, changed } = ctx;
  const repo = mirror.outbox;

  /**
   * Queues a transition with its optimistic effect. `holdMs` holds a
   * check-out back before it is sent, so that Undo can take it back (the
   * interface has no way back from checked out). `automatic`: the daily
   * automatic check-out (guests/auto-check-out.ts), marked so in the row.
   * Its facts (where, how, by whom) are written with the row.
   */
  function queueTransition(
    checkInId: number,
    action: TransitionAction,
    source: 'kiosk' | 'desk',
    options: TransitionOptions = {},
  ) {
    const result = mirror.transaction(() => queueOne(checkInId, action, source, options));
    changed('queued');
    return result;
  }

  /** Queues one transition; call inside a transaction. */
  function queueOne(checkInId: number, action: TransitionAction, source: 'kiosk' | 'desk', options: TransitionOptions) {
    const { flow } = config();
    const guest = mirror.guests.byId(checkInId, flow);
    if (!guest) throw new NoSuchGuest(checkInId);
    if (action === 'undo' && guest.undoUntil !== null) return cancelHeldCheckOut(guest);
    const plan = planTransition(guest, action, flow, source, now());
    const at = iso(now());
    const automatic = options.automatic && action === 'checkOut';
    const payload: TransitionPayload = {
      checkInId,
      locationId: guest.locationId,
      ...plan,
      ...(automatic ? { by: 'auto' as const } : {}),
    };
    const outboxId = repo.add({
      kind: 'transition',
      target: `check-in:${checkInId}`,
      payload,
      label: describeTransition(guest, action, automatic),
      now: at,
    });
    mirror.checkInFacts.add({
      checkInId,
      action,
      at,
      eventName: plan.eventName,
      door: source,
      made: options.made,
      automatic: automatic === true,
      outboxId,
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
  }

  /**
   * The same transition for several guests (a bulk check-out at the desk, the
   * automatic one), in one transaction and with one notice. Each guest is its
   * own savepoint: one who cannot be (refused, or gone from the mirror) is
   * listed with the reason and the others go on.
   */
  function queueTransitions(
    checkInIds: readonly number[],
    action: TransitionAction,
    source: 'kiosk' | 'desk',
    options: TransitionOptions = {},
  ) {
    return many(checkInIds, (id) => queueOne(id, action, source, options));
  }

  /**
   * Undo of several check-outs still held back (a bulk check-out's Undo). A
   * guest whose check-out is no longer held back is refused: an undo here
   * never reaches further back (to the check-in).
   */
  function cancelHeldCheckOuts(checkInIds: readonly number[]) {
    return many(checkInIds, (id) => {
      const guest = mirror.guests.byId(id, config().flow);
      if (!guest) throw new NoSuchGuest(id);
      if (guest.undoUntil === null) {
        const name = personName(guest) || `guest ${id}`;
        throw new TransitionRefused(`the check-out of ${name} is not held back and cannot be undone`);
      }
      return cancelHeldCheckOut(guest);
    });
  }

  function many(checkInIds: readonly number[], one: (id: number) => { outboxId: number; guest: Guest }) {
    const result = mirror.transaction(() => {
      const done: { outboxId: number; guest: Guest }[] = [];
      const refused: { checkInId: number; reason: string }[] = [];
      for (const id of new Set(checkInIds)) {
        try {
          done.push(mirror.transaction(() => one(id)));
        } catch (error) {
          if (!(error instanceof TransitionRefused || error instanceof NoSuchGuest)) throw error;
          refused.push({ checkInId: id, reason: error.message });
        }
      }
      return { done, refused };
    });
    if (result.done.length) changed('queued');
    return result;
  }

  /** Undo of a check-out still held back: its row is removed before it was ever sent. Call inside a transaction. */
  function cancelHeldCheckOut(guest: Guest) {
    const name = personName(guest) || `guest ${guest.invitationId}`;
    const held = repo.heldCheckOut(guest.invitationId);
    if (!held || held.undoUntil <= iso(now()))
      throw new TransitionRefused(`the check-out of ${name} was already sent to the service and cannot be undone`);
    repo.clearPendingTransition(guest.invitationId, held.outboxId);
    mirror.checkInFacts.takenBack(held.outboxId);
    repo.remove(held.outboxId);
    // A check-in still on its way shows again as it did before the check-out.
    // One whose payload cannot be read shows nothing: it fails when its turn comes.
    const earlier = repo.lastOpen(`check-in:${guest.invitationId}`);
    const parsed = earlier && parsePayload(earlier);
    if (earlier && parsed?.ok && parsed.kind === 'transition') {
      repo.setPendingTransition({
        checkInId: guest.invitationId,
        outboxId: earlier.id,
        state: parsed.payload.toState,
        arrivedAt: parsed.payload.action === 'undo' ? null : guest.arrivedAt,
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

  /**
   * A failed row, queued again by a person. A transition is planned again
   * from the guest's state now (the old plan may no longer hold) as a new
   * row; the old one keeps its reason and remembers the new row, so that it
   * is retried once and its text never grows.
   */
  function retry(id: number): OutboxRow {
    const row = repo.byId(id);
    if (!row) throw new Error(`no outbox item ${id}`);
    if (row.state !== 'failed')
      throw new TransitionRefused(`outbox item ${id} is ${row.state}; only failed items can be retried`);
    if (row.kind === 'transition') {
      const retried = RetriedAs.safeParse(jsonOf(row.result));
      if (retried.success)
        throw new TransitionRefused(`this was already tried again as item ${retried.data.retriedAs}`);
      const payload = transitionOf(row);
      // Made where the first try was made, whoever tries it again: the guest was at that door.
      const first = mirror.checkInFacts.ofRow(id);
      const made = first?.device ? { device: first.device, staff: staffOf(first) } : undefined;
      const queued = mirror.transaction(() => {
        const again = queueTransition(payload.checkInId, payload.action, 'desk', { made });
        repo.setResult(id, JSON.stringify({ retriedAs: again.outboxId }), iso(now()));
        return again;
      });
      return repo.byId(queued.outboxId)!;
    }
    mirror.transaction(() => repo.requeue(id, iso(now())));
    changed('queued');
    return repo.byId(id)!;
  }

  return { queueTransition, queueTransitions, cancelHeldCheckOuts, queueIdentities, queueEvents, queueProfiles, retry };
}

const staffOf = (fact: { byStaffId: number | null; byPerson: string | null }) =>
  fact.byStaffId !== null && fact.byPerson !== null ? { id: fact.byStaffId, name: fact.byPerson } : undefined;

/** A failed transition's payload, to plan it again; one that cannot be read cannot be tried again, and says why. */
function transitionOf(row: OutboxRow): TransitionPayload {
  const parsed = parsePayload(row);
  if (!parsed.ok) throw new TransitionRefused(`outbox item ${row.id} cannot be tried again: ${parsed.reason}`);
  if (parsed.kind !== 'transition') throw new TransitionRefused(`outbox item ${row.id} is no transition`);
  return parsed.payload;
}
