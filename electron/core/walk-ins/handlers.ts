/**
 * The walk-in operations. A kiosk finds a host by typing at least three
 * letters (full names only, at most five, counted in the kiosk's lookup
 * budget) and names them by a host ticket; it learns the outcome of its own
 * request only, by the request ticket handed out with it. The desk lists,
 * approves and declines requests, and registers visitors itself.
 */
import type { WalkIn, WalkInStatus } from '../../../shared/contract/walk-ins.ts';
import { personName } from '../../../shared/domain/person-name.ts';
import { walkInRequestTickets } from '../access/walk-in-requests.ts';
import { createTickets, type Tickets } from '../access/tickets.ts';
import { deviceName } from '../access/device.ts';
import type { AuditPolicy } from '../app/audit.ts';
import type { HandlerContext, Handlers } from '../app/handler.ts';
import { passCodeOf } from '../codes/guest-pass.ts';
import { lookupBudgetOf } from '../access/lookup-budget.ts';
import { queueWalkInBadge } from '../app/handlers/printing.ts';
import { AppError } from '../errors.ts';
import type { Runtime } from '../runtime.ts';
import { updateConfig } from '../usecases/settings.ts';
import { createWalkInRequestLimit, type WalkInRequestLimit } from './limits.ts';
import { toWalkIn, walkInsOf, type WalkInRow } from './repo.ts';
import {
  admitWalkIn,
  approveWalkIn,
  declineWalkIn,
  type NewRequest,
  requestWalkIn,
  type WalkInDeps,
} from './requests.ts';
import { walkInKey } from '../../../shared/domain/guest-key.ts';

type WalkInsOperation =
  | 'walkIns.settings'
  | 'walkIns.siteSettings'
  | 'walkIns.setSettings'
  | 'walkIns.hosts'
  | 'walkIns.request'
  | 'walkIns.status'
  | 'walkIns.get'
  | 'walkIns.pending'
  | 'walkIns.approve'
  | 'walkIns.decline'
  | 'walkIns.add'
  | 'walkIns.checkInAgain';

/** At most this many hosts a search: enough to find the one, too few to read out the staff list. */
export const HOST_RESULTS = 5;

/**
 * What the kiosks' walk-ins keep in memory per running core: the host tickets
 * (their own key, so that one opens neither as a guest's ticket nor as a
 * request's) and how many requests each session and client made lately.
 */
const kioskWalkIns = new WeakMap<Runtime, { hosts: Tickets; limit: WalkInRequestLimit }>();
function atKiosks(runtime: Runtime) {
  let state = kioskWalkIns.get(runtime);
  if (!state) kioskWalkIns.set(runtime, (state = { hosts: createTickets(), limit: createWalkInRequestLimit() }));
  return state;
}

const depsOf = ({ runtime, now, log }: HandlerContext): WalkInDeps => ({
  mirror: runtime.mirror,
  outbox: runtime.outbox,
  config: () => runtime.config,
  now,
  ...(log ? { log } : {}),
});

/** Tells every screen, and the engine (an approval queued a row). */
function changed(ctx: HandlerContext, queued: boolean): void {
  ctx.emit({ type: 'walk-ins-changed' });
  if (queued) ctx.runtime.engine.outboxChanged(true);
}

/**
 * Lets a walk-in in (`letIn`: an approval, or a request approved at once) and
 * queues their badge in the same transaction, when the host prints badges: a
 * visitor let in never stands without one. The spooler is kicked after.
 */
function letInWithBadge(ctx: HandlerContext, letIn: () => WalkInRow): WalkInRow {
  const { row, printed } = ctx.runtime.mirror.transaction(() => {
    const approved = letIn();
    return { row: approved, printed: queueWalkInBadge(ctx, approved) };
  });
  if (printed) ctx.runtime.printing.kickSoon();
  return row;
}

function statusOf(runtime: Runtime, row: WalkInRow): WalkInStatus {
  let passCode: string | null = null;
  // The walk-in's own pass, from the moment they are let in: it stays good once the service has their visit.
  if (row.state === 'approved')
    try {
      passCode = passCodeOf(runtime, walkInKey(row.id));
    } catch {
      passCode = null; // the site key cannot be read: the badge goes without its code
    }
  return {
    state: row.state,
    // The host prints their badge on the site's label printer: the kiosk's page prints none.
    hostPrints: row.state === 'approved' && runtime.mirror.printJobs.ofGuest(walkInKey(row.id)).length > 0,
    hostName: row.hostName,
    firstName: row.firstName,
    lastName: row.lastName,
    companyName: row.companyName,
    passCode,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
  };
}

const notFound = () => new AppError('NOT_FOUND', 'this request was not made at this kiosk in the last minutes');

function refuseWhenOff(runtime: Runtime): void {
  if (runtime.config.walkIns.mode === 'off')
    throw new AppError('REFUSED', 'visitors without an invitation register at the reception desk here');
}

/** A desk registration: the visitor is let in at once. */
function admitFromDesk(ctx: HandlerContext, request: Omit<NewRequest, 'device' | 'source'>): WalkIn {
  const row = letInWithBadge(ctx, () =>
    admitWalkIn(depsOf(ctx), { ...request, device: deviceName(ctx), source: 'desk' }),
  );
  changed(ctx, true);
  return toWalkIn(row);
}

export const walkInsHandlers: Handlers<WalkInsOperation> = {
  'walkIns.settings': (_, { runtime }) => ({ mode: runtime.config.walkIns.mode }),
  'walkIns.siteSettings': (_, { runtime }) => runtime.config.walkIns,
  'walkIns.setSettings': (walkIns, ctx) => {
    const saved = updateConfig(ctx.runtime, (c) => ({ ...c, walkIns })).walkIns;
    // Kiosks ask for the mode again: the button comes or goes without a reload.
    changed(ctx, false);
    return saved;
  },
  'walkIns.hosts': ({ text }, { runtime, session, now: clock }) => {
    refuseWhenOff(runtime);
    const now = clock();
    const budget = lookupBudgetOf(runtime);
    budget.check(session, now);
    const hosts = walkInsOf(runtime.mirror).hostsByName(text, HOST_RESULTS);
    // Counted with the guests shown, apart from them (an employee's id is not an invitation's).
    budget.shown(
      session,
      hosts.map((h) => -h.id),
      now,
    );
    const tickets = atKiosks(runtime).hosts;
    return hosts.map((h) => ({
      name: personName(h) || `Employee #${h.id}`,
      hostTicket: tickets.issue(session.id, h.id, now),
    }));
  },
  'walkIns.request': ({ hostTicket, language, ...form }, ctx) => {
    const { runtime, session } = ctx;
    refuseWhenOff(runtime);
    const now = ctx.now();
    // A few requests per session and client; a host ticket names the host of one request only.
    const { limit } = atKiosks(runtime);
    const { openAllowed } = limit.check(session, now);
    const deps = depsOf(ctx);
    const made = atKiosks(runtime).hosts.spend(session.id, hostTicket, now, (hostId) => {
      const request: NewRequest = { form, hostId, language, device: deviceName(ctx), source: 'kiosk' };
      // Past the site's ceiling of visitors let in at once, a request waits for a desk, as in "approve" mode.
      const open = runtime.config.walkIns.mode === 'open' && openAllowed;
      const row = open
        ? letInWithBadge(ctx, () => admitWalkIn(deps, request))
        : walkInsOf(runtime.mirror).byId(requestWalkIn(deps, request))!;
      return { row, open };
    });
    if (made === undefined)
      throw new AppError('NOT_FOUND', 'this person was not found at this kiosk in the last minutes; search again');
    const { row, open } = made;
    limit.made(session, open, now);
    changed(ctx, open);
    return {
      requestTicket: walkInRequestTickets(runtime).issue(session.id, row.id, now),
      status: statusOf(runtime, row),
    };
  },
  'walkIns.status': ({ requestTicket }, { runtime, session, now }) => {
    const id = walkInRequestTickets(runtime).open(session.id, requestTicket, now());
    const row = id === undefined ? undefined : walkInsOf(runtime.mirror).byId(id);
    if (!row) throw notFound();
    return statusOf(runtime, row);
  },
  'walkIns.get': ({ id }, { runtime }) => {
    const row = walkInsOf(runtime.mirror).byId(id);
    if (!row) throw new AppError('NOT_FOUND', `no walk-in ${id}`);
    return toWalkIn(row);
  },
  'walkIns.pending': (_, { runtime }) => walkInsOf(runtime.mirror).requested(runtime.config.locationId).map(toWalkIn),
  'walkIns.approve': ({ id }, ctx) => {
    const row = letInWithBadge(ctx, () => approveWalkIn(depsOf(ctx), id));
    changed(ctx, true);
    return toWalkIn(row);
  },
  'walkIns.decline': ({ id, reason }, ctx) => {
    const row = declineWalkIn(depsOf(ctx), id, reason);
    changed(ctx, false);
    return toWalkIn(row);
  },
  'walkIns.add': ({ hostId, ...form }, ctx) => admitFromDesk(ctx, { form, hostId }),
  'walkIns.checkInAgain': ({ invitationId }, ctx) => {
    const { runtime } = ctx;
    const guest = runtime.mirror.guests.byId(invitationId, runtime.config.flow);
    if (!guest) throw new AppError('NOT_FOUND', `no guest with invitation id ${invitationId}`);
    if (guest.category !== 'left')
      throw new AppError(
        'REFUSED',
        'only a guest who has left can be checked in again (the state is ' + guest.state + ')',
      );
    if (walkInsOf(runtime.mirror).checkedInAgain(invitationId))
      throw new AppError('REFUSED', `${personName(guest)} was already checked in again`);
    // A walk-in's event has the integration's default host: the host they asked for is the walk-in's own.
    const hostId = walkInsOf(runtime.mirror).byInvitation(invitationId)?.hostId ?? guest.hostId;
    if (hostId === null) throw new AppError('REFUSED', 'this guest has no host in the mirror: use "Add visitor"');
    if (!guest.firstName || !guest.lastName)
      throw new AppError('REFUSED', 'this guest has no first and last name in the mirror: use "Add visitor"');
    return admitFromDesk(ctx, {
      form: {
        firstName: guest.firstName,
        lastName: guest.lastName,
        companyName: guest.companyName ?? undefined,
        email: guest.email ?? undefined,
      },
      hostId,
      language: guest.language ?? undefined,
      // The same visit goes on: its end is kept, and the desk lists the person once (desk-walk-ins.ts).
      again: { invitationId, endsAt: guest.endsAt },
    });
  },
};

const walkInSubject = (w: { id: number; firstName: string; lastName: string }) => `${personName(w)} (walk-in ${w.id})`;

/**
 * Which of them the audit log keeps (app/audit.ts): the desk's decisions and registrations, and the settings; a
 * kiosk's request is the guest's own step (its row says who and when).
 */
export const walkInsAudit = {
  'walkIns.settings': 'reads',
  'walkIns.siteSettings': 'reads',
  'walkIns.hosts': 'reads',
  'walkIns.request': 'guest',
  'walkIns.status': 'reads',
  'walkIns.pending': 'reads',
  'walkIns.get': 'reads',
  'walkIns.approve': { entry: (_, out) => ({ action: 'walk-in-approve', subject: walkInSubject(out) }) },
  'walkIns.decline': { entry: (_, out) => ({ action: 'walk-in-decline', subject: walkInSubject(out) }) },
  'walkIns.add': { entry: (_, out) => ({ action: 'walk-in-add', subject: walkInSubject(out) }) },
  'walkIns.checkInAgain': {
    entry: ({ invitationId }) => ({ action: 'walk-in-check-in-again', subject: invitationId }),
  },
  'walkIns.setSettings': { entry: () => ({ action: 'settings', subject: 'walk-ins' }) },
} satisfies AuditPolicy<WalkInsOperation>;
