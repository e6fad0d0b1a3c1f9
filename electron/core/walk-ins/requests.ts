/**
 * Walk-ins, exactly once. A request is a row of the hub's mirror; its
 * sourceIds (event and invitation) and the marker the event's description
 * carries are fixed when it is made. Approval writes ONE outbox row (PUT
 * /events: one event, one invitation, visit.ts) in the same transaction as
 * the approval, so that a crash leaves either both or neither, and a resend
 * is the same upsert. When a pull brings the invitation, its check-in is
 * queued in the same transaction as the link (link.ts), so it is queued once.
 * Until then the guest counts as on site, pending (desk-walk-ins.ts).
 */
import { randomUUID } from 'node:crypto';
import type { WalkInForm } from '../../../shared/contract/walk-ins.ts';
import { iso } from '../../../shared/time.ts';
import { AppError } from '../errors.ts';
import type { Config } from '../config/config.ts';
import type { Mirror } from '../db/mirror.ts';
import { employeeName, personName } from '../../../shared/domain/person-name.ts';
import type { Outbox } from '../outbox/outbox.ts';
import { walkInsOf, type WalkInRow } from './repo.ts';
import { eventItemOf, visitWindow } from './visit.ts';

export interface WalkInDeps {
  mirror: Mirror;
  outbox: Pick<Outbox, 'queueTransition'>;
  config: () => Config;
  now: () => number;
  log?: (line: string) => void;
}

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
  return walkInsOf(mirror).add({
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

const stateWords = { approved: 'was already let in', declined: 'was already declined' } as const;

function waiting(mirror: Mirror, id: number): WalkInRow {
  const row = walkInsOf(mirror).byId(id);
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
    walkInsOf(mirror).approve(row.id, iso(at), window, outboxId);
    return walkInsOf(mirror).byId(row.id)!;
  });
}

export function declineWalkIn(deps: WalkInDeps, id: number, reason: string): WalkInRow {
  const { mirror, now } = deps;
  return mirror.transaction(() => {
    const row = waiting(mirror, id);
    walkInsOf(mirror).decline(row.id, iso(now()), reason);
    return walkInsOf(mirror).byId(row.id)!;
  });
}

/** A request approved at once (the desk, the command line, a site that lets walk-ins in): one transaction. */
export function admitWalkIn(deps: WalkInDeps, request: NewRequest): WalkInRow {
  return deps.mirror.transaction(() => approveWalkIn(deps, requestWalkIn(deps, request), request.again?.endsAt));
}
