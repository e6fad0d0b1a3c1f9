/** The desk's guests: its view of a day, one guest's detail and door PIN, its transitions, the evacuation list, passes. */
import type { GuestDetail, GuestViewInput, guestsOperations } from '../../../../shared/contract/guests.ts';
import type { Guest } from '../../db/repos/guests.ts';
import type { GuestViewQuery } from '../../db/repos/desk-guests.ts';
import { iso } from '../../../../shared/time.ts';
import { syncWindow } from '../../sync/pulls.ts';
import { listGuests, lookupGuests } from '../../usecases/guest-lists.ts';
import { AppError } from '../../errors.ts';
import type { HandlerContext, Handlers } from '../handler.ts';
import { endedVisitsLast, visitEndedLongAgo } from '../../../../shared/domain/visit-end.ts';
import { bulkCheckOut } from './check-out-many.ts';
import { deskViews, hostNames } from './guests-view.ts';
import { passCodeOf } from './kiosk.ts';
import { transition } from './transition.ts';
import { publishCheckedIn } from '../where.ts';
import { walkInIdOf } from '../../../../shared/domain/guest-key.ts';

/** More changed guests than this since the desk's version: it loads its view again instead. */
const MAX_CHANGES = 500;

type ParsedView = Omit<GuestViewInput, 'sort'> & { sort: GuestViewQuery['sort'] };

/**
 * The desk's view as a query: the day it asked for, with whoever is on site
 * when that day is today; a search runs over every day the mirror holds.
 */
function viewQuery(view: ParsedView, { runtime, now: clock }: HandlerContext): GuestViewQuery {
  const { locationId, flow } = runtime.config;
  const now = clock();
  const text = view.text?.trim() || undefined;
  const today = Date.parse(view.from) <= now && now < Date.parse(view.to);
  return {
    locationId,
    flow,
    ...(text
      ? { ...syncWindow(runtime.config, now), withOnSite: true }
      : { from: view.from, to: view.to, withOnSite: today }),
    category: view.category,
    hostId: view.hostId,
    eventId: view.eventId,
    text,
    sort: view.sort,
    now,
  };
}

const totalOf = (counts: Record<string, number>, category: string | undefined) =>
  category ? (counts[category] ?? 0) : Object.values(counts).reduce((sum, n) => sum + n, 0);

function guestOrNotFound(invitationId: number, { runtime }: HandlerContext): Guest {
  const guest = runtime.mirror.guests.byId(invitationId, runtime.config.flow);
  if (!guest) throw new AppError('NOT_FOUND', `no guest with invitation id ${invitationId}`);
  return guest;
}

/** A walk-in let in, as the desk lists it before the service has their visit: what they gave, nothing more. */
function walkInDetail(walkInId: number, ctx: HandlerContext): GuestDetail | null {
  const { locationId, flow } = ctx.runtime.config;
  const guest = ctx.runtime.mirror.deskGuests.walkInsOnSite(locationId, flow).find((g) => g.invitationId === -walkInId);
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

export const guestsHandlers: Handlers<keyof typeof guestsOperations> = {
  'guests.window': (which, { runtime, now }) =>
    'text' in which
      ? lookupGuests(runtime.mirror, runtime.config, which.text, now())
      : listGuests(runtime.mirror, runtime.config, which.category, now()),
  'guests.list': ({ offset, limit, ...view }, ctx) => {
    const repo = ctx.runtime.mirror.deskGuests;
    const query = viewQuery(view, ctx);
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
    const query = viewQuery(view, ctx);
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
    const hostName = hostNames({ runtime } as HandlerContext);
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
  // Bulk check-out and its Undo (issue 23), in a file of their own.
  ...bulkCheckOut,
};
