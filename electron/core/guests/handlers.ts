/**
 * The desk's guests (shared/contract/guests.ts): its view of a day (listed,
 * changed, overview), the window the command line lists, one guest's detail,
 * door PIN and pass code, the desk's transitions, the evacuation list, and
 * checking out several at once; with their part of the audit policy.
 */
import type { GuestDetail, guestsOperations } from '../../../shared/contract/guests.ts';
import { walkInIdOf, walkInKey } from '../../../shared/domain/guest-key.ts';
import { endedVisitsLast, visitEndedLongAgo } from '../../../shared/domain/visit-end.ts';
import { iso } from '../../../shared/time.ts';
import type { AuditPolicy } from '../app/audit.ts';
import { deskViews, hostNames } from '../app/guest-views.ts';
import type { HandlerContext, Handlers } from '../app/handler.ts';
import { passCodeOf } from '../codes/guest-pass.ts';
import { madeAt, transition } from '../app/transition.ts';
import { publishCheckedIn } from '../app/where.ts';
import type { Guest } from '../db/repos/guests.ts';
import { AppError } from '../errors.ts';
import { guestsSubject } from '../lookup/names.ts';
import { syncWindow } from '../sync/pulls.ts';
import { checkOutMany, endedVisits, type ManyCheckedOut, undoCheckOutMany } from './check-out-many.ts';
import { MAX_CHANGES, totalOf, viewQuery } from './desk-view.ts';

type GuestsOperation = keyof typeof guestsOperations;

function guestOrNotFound(invitationId: number, { runtime }: HandlerContext): Guest {
  const guest = runtime.mirror.guests.byId(invitationId, runtime.config.flow);
  if (!guest) throw new AppError('NOT_FOUND', `no guest with invitation id ${invitationId}`);
  return guest;
}

/** A walk-in let in, as the desk lists it before the service has their visit: what they gave, nothing more. */
function walkInDetail(walkInId: number, ctx: HandlerContext): GuestDetail | null {
  const { locationId, flow } = ctx.runtime.config;
  const guest = ctx.runtime.mirror.deskGuests
    .walkInsOnSite(locationId, flow)
    .find((g) => g.invitationId === walkInKey(walkInId));
  if (!guest) return null;
  const host = guest.hostId === null ? undefined : ctx.runtime.mirror.employees.byId(guest.hostId);
  return {
    ...deskViews(ctx)(guest),
    host: host ?? null,
    birthdate: null,
    hasPin: false,
    trustedId: null,
    legitimation: null,
    accessControl: null,
    customFields: null,
    tappedAt: guest.arrivedAt,
    autoCheckedOutAt: null,
  };
}

/** Several check-outs as the desk shows them: the guests with their hosts' names. */
const shown = (ctx: HandlerContext, many: ManyCheckedOut) => ({ ...many, guests: many.guests.map(deskViews(ctx)) });

export const guestsHandlers: Handlers<GuestsOperation> = {
  // The location's guests over the whole mirrored window, as the command line lists and finds them: a person at a
  // terminal asks about the week (the kiosk's lookup covers today, the desk pages through its own view).
  'guests.window': (which, { runtime, now: clock }) => {
    const now = clock();
    const { locationId, flow } = runtime.config;
    const window = { locationId, ...syncWindow(runtime.config, now), flow, now };
    // A search: by name, email or company, as typed (any script, typos tolerated).
    if ('text' in which) return runtime.mirror.guests.lookup(which.text, window);
    // Else each of the category (or all) by the desk's own view, whoever is on site however long ago their event
    // was included; no limit (SQLite's -1): a terminal lists the whole window.
    const query = { ...window, withOnSite: true, category: which.category, sort: 'time' as const };
    return runtime.mirror.deskGuests.page(query, 0, -1);
  },
  'guests.list': ({ offset, limit, ...view }, ctx) => {
    const repo = ctx.runtime.mirror.deskGuests;
    const query = viewQuery(view, ctx.runtime.config, ctx.now());
    // Read in one transaction: the version, the counts and the page agree with each other.
    return ctx.runtime.mirror.transaction(() => {
      const counts = repo.counts(query);
      return {
        version: repo.version(),
        total: totalOf(counts, query.category),
        counts,
        offset,
        guests: repo.page(query, offset, limit).map(deskViews(ctx)),
      };
    });
  },
  'guests.changes': ({ since, ...view }, ctx) => {
    const repo = ctx.runtime.mirror.deskGuests;
    const query = viewQuery(view, ctx.runtime.config, ctx.now());
    return ctx.runtime.mirror.transaction(() => {
      const version = repo.version();
      const ids = repo.changedSince(since, MAX_CHANGES + 1);
      const counts = repo.counts(query);
      const total = totalOf(counts, query.category);
      if (ids === undefined || ids.length > MAX_CHANGES)
        return { version, reload: true, total, counts, changed: [], removed: [] };
      const changed = repo.inView(query, ids);
      const inView = new Set(changed.map((g) => g.invitationId));
      return {
        version,
        reload: false,
        total,
        counts,
        changed: changed.map(deskViews(ctx)),
        removed: ids.filter((id) => !inView.has(id)),
      };
    });
  },
  'guests.overview': ({ from, to }, { runtime }) => {
    const overview = runtime.mirror.deskGuests.overview(runtime.config.locationId, from, to, runtime.config.flow);
    const hostName = hostNames({ runtime });
    const hosts = new Map<number, string>();
    for (const event of overview.events)
      if (!hosts.has(event.hostId)) hosts.set(event.hostId, hostName(event.hostId) ?? `Employee #${event.hostId}`);
    return {
      ...overview,
      hosts: [...hosts].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name)),
    };
  },
  // A pass: the signed code the desk prints or sends, which the kiosk accepts (see kiosk.byCode).
  'guests.passCode': ({ invitationId }, { runtime }) => {
    if (!runtime.mirror.guests.byId(invitationId, runtime.config.flow))
      throw new AppError('NOT_FOUND', `no guest with invitation id ${invitationId} in the mirror`);
    const code = passCodeOf(runtime, invitationId);
    // A hand scanner types the QR's text into the kiosk: the code itself, nothing around it.
    return { invitationId, code, qrText: code };
  },
  'guests.get': ({ invitationId }, ctx) => {
    const { runtime } = ctx;
    const walkInId = walkInIdOf(invitationId);
    if (walkInId !== undefined) return walkInDetail(walkInId, ctx);
    const guest = runtime.mirror.guests.byId(invitationId, runtime.config.flow);
    if (!guest) return null;
    const host = guest.hostId === null ? undefined : runtime.mirror.employees.byId(guest.hostId);
    return {
      ...deskViews(ctx)(guest),
      host: host ?? null,
      ...runtime.mirror.deskGuests.details(invitationId),
      tappedAt: runtime.mirror.guests.details(invitationId).tappedAt,
      autoCheckedOutAt: guest.category === 'left' ? runtime.mirror.deskGuests.autoCheckedOutAt(invitationId) : null,
    };
  },
  'guests.revealPin': ({ invitationId }, ctx) => {
    guestOrNotFound(invitationId, ctx);
    return { pin: ctx.runtime.mirror.deskGuests.pin(invitationId) };
  },
  'guests.transition': ({ invitationId, action, undoable }, ctx) => {
    const guest = deskViews(ctx)(transition(ctx, invitationId, action, 'desk', { undoable }));
    if (action === 'checkIn') publishCheckedIn(ctx, guest.invitationId);
    return guest;
  },
  'guests.evacuationList': (_, ctx) => {
    const { runtime } = ctx;
    const status = runtime.engine.status.get();
    const now = ctx.now();
    return {
      generatedAt: iso(ctx.now()),
      lastSyncAt: status.resources.checkIns?.lastSuccessAt ?? null,
      location: {
        id: runtime.config.locationId,
        name: runtime.mirror.groups.locationName(runtime.config.locationId) ?? null,
      },
      // Whose visit ended more than an hour ago: last, with the end time to mark them by; never left out.
      // Approved walk-ins whose invitation has not come back yet are on site too (pending), as on the roll call.
      guests: endedVisitsLast(runtime.mirror.onSite.everyone(runtime.config.locationId, runtime.config.flow), now).map(
        (guest) => ({
          ...deskViews(ctx)(guest),
          visitEndedAt: visitEndedLongAgo(guest, now) ? guest.endsAt : null,
        }),
      ),
    };
  },
  // Bulk check-out and its Undo (issue 23): check-out-many.ts.
  'guests.endedVisits': (_, ctx) => endedVisits(ctx.runtime.mirror, ctx.runtime.config, ctx.now()).map(deskViews(ctx)),
  'guests.checkOutMany': ({ invitationIds }, ctx) =>
    shown(ctx, checkOutMany(ctx.runtime.outbox, invitationIds, madeAt(ctx))),
  'guests.undoCheckOutMany': ({ invitationIds }, ctx) =>
    shown(ctx, undoCheckOutMany(ctx.runtime.outbox, invitationIds)),
};

/** The invitation ids of several guests, for the detail: they stay true when a name changes. */
const invitations = (ids: readonly number[]) =>
  `invitation${ids.length === 1 ? '' : 's'} ${ids.slice(0, 20).join(', ')}${ids.length > 20 ? ' …' : ''}`;

/** The guests' part of the audit policy (app/audit.ts): the desk's moves of a guest, and whose door PIN it read. */
export const guestsAudit = {
  'guests.list': 'reads',
  'guests.window': 'reads',
  'guests.changes': 'reads',
  'guests.overview': 'reads',
  'guests.passCode': 'reads',
  'guests.get': 'reads',
  'guests.evacuationList': 'reads',
  'guests.endedVisits': 'reads',
  'guests.transition': {
    entry: ({ invitationId, action }) => ({
      action: action === 'checkIn' ? 'check-in' : action === 'checkOut' ? 'check-out' : 'undo',
      subject: invitationId,
    }),
  },
  'guests.checkOutMany': {
    entry: (_, out) => ({
      action: 'bulk-check-out',
      subject: guestsSubject(out.guests),
      detail: `${out.guests.length} checked out, ${out.refused.length} refused; ${invitations(out.guests.map((g) => g.invitationId))}`,
    }),
  },
  'guests.undoCheckOutMany': {
    entry: (_, out) => ({
      action: 'undo-bulk-check-out',
      subject: guestsSubject(out.guests),
      detail: invitations(out.guests.map((g) => g.invitationId)),
    }),
  },
  'guests.revealPin': { entry: ({ invitationId }) => ({ action: 'pin-reveal', subject: invitationId }) },
} satisfies AuditPolicy<GuestsOperation>;
