/**
 * The ticket by which a kiosk session names its own walk-in request: handed
 * out with the request (walk-ins/handlers.ts), it lets that session alone
 * learn the request's outcome, and sign its agreements and take its photo
 * (app/handlers/agreements.ts, photos.ts) for a few minutes. Its own key, so
 * that it opens neither as a guest's ticket nor as a host's. Kept here, below
 * the domains that issue and open it, with the stored request it names
 * (db/repos/walk-in-records.ts), so that neither imports the other.
 */
import { walkInRecords, type WalkInRow } from '../db/repos/walk-in-records.ts';
import type { Mirror } from '../db/mirror.ts';
import { createTickets, type Tickets } from './tickets.ts';

const ticketsOf = new WeakMap<object, Tickets>();

/** The request tickets of this running core (`owner`: its runtime): a restarted process has none that open. */
export function walkInRequestTickets(owner: object): Tickets {
  let tickets = ticketsOf.get(owner);
  if (!tickets) ticketsOf.set(owner, (tickets = createTickets()));
  return tickets;
}

/** The walk-in request a request ticket of this session names, if any. */
export function openWalkInRequest(
  runtime: { mirror: Pick<Mirror, 'repo'> },
  sessionId: string,
  requestTicket: string,
  now: number,
): WalkInRow | undefined {
  const id = walkInRequestTickets(runtime).open(sessionId, requestTicket, now);
  return id === undefined ? undefined : walkInRecords(runtime.mirror).byId(id);
}
