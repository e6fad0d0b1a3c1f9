/**
 * Walk-ins, exactly once. A request is a row of the hub's mirror; its
 * sourceIds (event and invitation) and the marker the event's description
 * carries are fixed when it is made. Approval writes ONE outbox row (PUT
 * /events: one event, one invitation) in the same transaction as the
 * approval, so that a crash leaves either both or neither, and a resend is
 * the same upsert. When a pull brings the invitation, its check-in is
 * queued in the same transaction as the link, so it is queued once.
 * Until then the guest counts as on site, pending (desk-guests.ts).
 */
import { randomUUID } from 'node:crypto';
import { EventSyncItem } from '../../../shared/api/index.ts';
import type { WalkInForm } from '../../../shared/contract/walk-ins.ts';
import { iso, MINUTE, nextLocalMidnight } from '../../../shared/time.ts';
import { AppError } from '../errors.ts';
import type { Config } from '../config/config.ts';
import type { Mirror } from '../db/mirror.ts';
import type { DomainModule } from '../domain.ts';
import type { WalkInRow } from '../db/repos/walk-ins.ts';
import { employeeName, personName } from '../../../shared/domain/person-name.ts';
import type { Outbox } from '../outbox/outbox.ts';
import { TransitionRefused } from '../outbox/transitions.ts';

export interface WalkInDeps {
  mirror: Mirror;
  outbox: Pick<Outbox, 'queueTransition'>;
  config: () => Config;
  now: () => number;
  log?: (line: string) => void;
}

/** A walk-in's visit is never shorter than this, even when it is approved just before midnight. */
const SHORTEST_VISIT = 30 * MINUTE;

export interface NewRequest {
  form: { firstName: string; lastName: string; companyName?: string | undefined; email?: string | undefined };
  hostId: number;
  language?: string | undefined;
  /** Who registers it, as people read it: "Lobby kiosk (device 3)", "desk", "command line". */
  device: string;
  /** The door whose check-in event name the check-in sends. */
  source: 'kiosk' | 'desk';
  /** "Check in again": the invitation of the visit the guest left, and that visit's end, which the new one keeps. */
  again?: { invitationId: number; endsAt: string | null };
}

export type ParsedForm = ReturnType<(typeof WalkInForm)['parse']>;

function hostNameOf(mirror: Mirror, hostId: number): string {
  const host = mirror.employees.byId(hostId);
  if (!host) throw new AppError('NOT_FOUND', `no employee ${hostId} in the mirror; sync, then try again`);
  return employeeName(host);
}

/** Records a request: its sourceIds and marker are fixed here, so that everything sent later is the same upsert. */
export function requestWalkIn(deps: WalkInDeps, request: NewRequest): number {
  const { mirror, config, now } = deps;
  const hostName = hostNameOf(mirror, request.hostId);
  const key = randomUUID();
  return mirror.walkIns.add({
    eventSourceId: `foyer-walk-in-${key}`,
    invitationSourceId: `foyer-walk-in-${key}-guest`,
    marker: `Walk-in registered at Foyer (${request.device}); ref ${key}`,
    firstName: request.form.firstName,
    lastName: request.form.lastName,
    companyName: request.form.companyName ?? null,
    email: request.form.email ?? null,
    language: request.language ?? null,
    hostId: request.hostId,
    hostName,
    locationId: config().locationId,
    device: request.device,
    source: request.source,
    requestedAt: iso(now()),
    againOf: request.again?.invitationId ?? null,
  });
}

/**
 * From now to the end of the local day, or for the configured length; a
 * guest checked in again keeps the end of the visit they came back to
 * (`keepEnd`), while it is still ahead.
 */
export function visitWindow(
  config: Config,
  now: number,
  keepEnd?: string | null,
): { startsAt: string; endsAt: string } {
  const { lengthMinutes } = config.walkIns;
  const kept = keepEnd ? Date.parse(keepEnd) : NaN;
  const end =
    kept >= now + SHORTEST_VISIT
      ? kept
      : lengthMinutes === null
        ? Math.max(nextLocalMidnight(now, config.kiosk.timeZone ?? undefined), now + SHORTEST_VISIT)
        : now + lengthMinutes * MINUTE;
  return { startsAt: iso(now), endsAt: iso(end) };
}

/** The one event with its one invitation that an approved walk-in is at the service. */
export function eventItemOf(row: WalkInRow, window: { startsAt: string; endsAt: string }, config: Config) {
  return EventSyncItem.parse({
    sourceId: row.eventSourceId,
    name: `Walk-in for ${row.hostName ?? `employee #${row.hostId}`}`,
    description: row.marker,
    ...window,
    locationId: row.locationId,
    ...(config.walkIns.entranceId !== null ? { entranceId: config.walkIns.entranceId } : {}),
    invitations: [
      {
        sourceId: row.invitationSourceId,
        firstName: row.firstName,
        lastName: row.lastName,
        ...(row.companyName ? { companyName: row.companyName } : {}),
        ...(row.email ? { email: row.email } : {}),
        customFields: { walkIn: true, requestedHostId: row.hostId, device: row.device },
      },
    ],
  });
}

const stateWords = { approved: 'was already let in', declined: 'was already declined' } as const;

function waiting(mirror: Mirror, id: number): WalkInRow {
  const row = mirror.walkIns.byId(id);
  if (!row) throw new AppError('NOT_FOUND', `no walk-in request ${id}`);
  if (row.state !== 'requested') throw new AppError('REFUSED', `${personName(row)} ${stateWords[row.state]}`);
  return row;
}

/** Lets a walk-in in: the approval and its one outbox row, in one transaction. The caller tells the engine. */
export function approveWalkIn(deps: WalkInDeps, id: number, keepEnd?: string | null): WalkInRow {
  const { mirror, config, now } = deps;
  return mirror.transaction(() => {
    const row = waiting(mirror, id);
    const at = now();
    const window = visitWindow(config(), at, keepEnd);
    const outboxId = mirror.outbox.add({
      kind: 'events',
      // Its own target: a long push queued before it does not hold a visitor at the door.
      target: `walk-in:${row.id}`,
      payload: { events: [eventItemOf(row, window, config())] },
      label: `Walk-in ${personName(row)} for ${row.hostName ?? `employee #${row.hostId}`}`,
      now: iso(at),
    });
    mirror.walkIns.approve(row.id, iso(at), window, outboxId);
    return mirror.walkIns.byId(row.id)!;
  });
}

export function declineWalkIn(deps: WalkInDeps, id: number, reason: string): WalkInRow {
  const { mirror, now } = deps;
  return mirror.transaction(() => {
    const row = waiting(mirror, id);
    mirror.walkIns.decline(row.id, iso(now()), reason);
    return mirror.walkIns.byId(row.id)!;
  });
}

/** A request approved at once (the desk, the command line, a site that lets walk-ins in): one transaction. */
export function admitWalkIn(deps: WalkInDeps, request: NewRequest): WalkInRow {
  return deps.mirror.transaction(() => approveWalkIn(deps, requestWalkIn(deps, request), request.again?.endsAt));
}

/**
 * After a pull: each approved walk-in whose invitation the mirror now holds
 * is linked to it, and its check-in queued, in one transaction (so once).
 * A guest already on site (checked in elsewhere) is linked without a check-in.
 * `checkedIn` hears each check-in queued, once its transaction committed.
 */
export function linkWalkIns(
  deps: WalkInDeps,
  checkedIn?: (invitationId: number, source: WalkInRow['source']) => void,
): number {
  const { mirror, config, outbox, log } = deps;
  let linked = 0;
  for (const row of mirror.walkIns.unlinked()) {
    const invitationId = mirror.walkIns.invitationOf(row.marker);
    if (invitationId === undefined) continue;
    const checkIn = mirror.transaction(() => {
      const guest = mirror.guests.byId(invitationId, config().flow);
      let checkIn: number | null = null;
      if (guest?.category === 'expected')
        try {
          checkIn = outbox.queueTransition(invitationId, 'checkIn', row.source).outboxId;
        } catch (error) {
          if (!(error instanceof TransitionRefused)) throw error;
          log?.(`walk-in ${row.id}: not checked in: ${error.message}`);
        }
      mirror.walkIns.link(row.id, invitationId, checkIn);
      return checkIn;
    });
    if (checkIn !== null) checkedIn?.(invitationId, row.source);
    linked += 1;
  }
  return linked;
}

/**
 * The walk-ins' part in the core (domains.ts): after each pull of the
 * invitations, approved walk-ins whose invitation came are linked and checked
 * in (a check-in Foyer made itself: `automatic`).
 */
export const walkInsDomain: DomainModule = {
  name: 'walk-ins',
  subscribe(bus, { runtime, now, log }) {
    bus.on('invitationsPulled', () => {
      const deps = { mirror: runtime.mirror, outbox: runtime.outbox, config: () => runtime.config, now, log };
      linkWalkIns(deps, (invitationId, door) =>
        bus.publish('checkedIn', { invitationId, door, device: null, automatic: true }),
      );
    });
  },
};
