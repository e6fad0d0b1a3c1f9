import type { DeskGuest, GuestViewInput } from '../../../../shared/contract/operations.ts';
import type { Guest } from '../../db/repos/guests.ts';
import type { GuestViewQuery } from '../../db/repos/desk-guests.ts';
import { syncWindow } from '../../sync/pulls.ts';
import { statusForRole } from '../../sync/status.ts';
import { AppError } from '../errors.ts';
import type { HandlerContext, Handlers } from '../handler.ts';
import { iso } from '../../../../shared/time.ts';
import { toGuestView } from './guests-view.ts';
import { retryTransition, transition } from './transition.ts';
import { SYNC_NOW_WAIT_MS } from '../../sync/engine.ts';

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
  };
}

function hostNames({ runtime }: HandlerContext) {
  const names = new Map<number, string | null>();
  return (hostId: number | null): string | null => {
    if (hostId === null) return null;
    if (!names.has(hostId)) {
      const host = runtime.mirror.employees.byId(hostId);
      names.set(hostId, host ? [host.firstName, host.lastName].filter(Boolean).join(' ') || host.email : null);
    }
    return names.get(hostId) ?? null;
  };
}

/** The desk's guest views, with their hosts' names. */
function deskViews(ctx: HandlerContext) {
  const hostName = hostNames(ctx);
  return (guest: Guest): DeskGuest => ({ ...toGuestView(guest), hostName: hostName(guest.hostId) });
}

const totalOf = (counts: Record<string, number>, category: string | undefined) =>
  category ? (counts[category] ?? 0) : Object.values(counts).reduce((sum, n) => sum + n, 0);

function guestOrNotFound(invitationId: number, { runtime }: HandlerContext): Guest {
  const guest = runtime.mirror.guests.byId(invitationId, runtime.config.flow);
  if (!guest) throw new AppError('NOT_FOUND', `no guest with invitation id ${invitationId}`);
  return guest;
}

export const deskHandlers: Handlers<
  | 'sync.status'
  | 'sync.now'
  | 'guests.list'
  | 'guests.changes'
  | 'guests.overview'
  | 'guests.get'
  | 'guests.revealPin'
  | 'guests.transition'
  | 'guests.evacuationList'
  | 'conflicts.list'
  | 'conflicts.retry'
  | 'conflicts.dismiss'
  | 'employees.search'
> = {
  'sync.status': (_, { runtime, session }) => statusForRole(runtime.engine.status.get(), session.role),
  'sync.now': async ({ full }, { runtime }) => {
    // A person waits for this: it answers within seconds, the rest goes on in the background.
    await runtime.engine.syncNow({ full: Boolean(full), waitMs: SYNC_NOW_WAIT_MS });
    return runtime.engine.status.get();
  },
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
  'guests.get': ({ invitationId }, ctx) => {
    const { runtime } = ctx;
    const guest = runtime.mirror.guests.byId(invitationId, runtime.config.flow);
    if (!guest) return null;
    const host = guest.hostId === null ? undefined : runtime.mirror.employees.byId(guest.hostId);
    return {
      ...deskViews(ctx)(guest),
      host: host ?? null,
      ...runtime.mirror.deskGuests.details(invitationId),
      tappedAt: runtime.mirror.guests.details(invitationId).tappedAt,
    };
  },
  'guests.revealPin': ({ invitationId }, ctx) => {
    guestOrNotFound(invitationId, ctx);
    return { pin: ctx.runtime.mirror.deskGuests.pin(invitationId) };
  },
  'guests.transition': ({ invitationId, action }, ctx) =>
    deskViews(ctx)(transition(ctx, invitationId, action, 'desk', { undoable: true })),
  'guests.evacuationList': (_, ctx) => {
    const { runtime } = ctx;
    const status = runtime.engine.status.get();
    return {
      generatedAt: new Date().toISOString(),
      lastSyncAt: status.resources.checkIns?.lastSuccessAt ?? null,
      location: {
        id: runtime.config.locationId,
        name: runtime.mirror.groups.locationName(runtime.config.locationId) ?? null,
      },
      guests: [
        ...runtime.mirror.guests.onSite(runtime.config.locationId, runtime.config.flow),
        ...runtime.mirror.deskGuests.walkInsOnSite(runtime.config.locationId, runtime.config.flow),
      ].map(deskViews(ctx)),
    };
  },
  'conflicts.list': (_, { runtime }) => runtime.mirror.outbox.openConflicts(),
  'conflicts.retry': ({ id }, ctx) => {
    const { runtime } = ctx;
    const conflict = runtime.mirror.outbox.openConflicts().find((c) => c.id === id);
    if (!conflict) throw new AppError('NOT_FOUND', `no open conflict ${id}`);
    const guest = retryTransition(ctx, conflict.outboxId);
    runtime.mirror.outbox.dismissConflict(id, iso(ctx.now()));
    runtime.engine.outboxChanged();
    return deskViews(ctx)(guest);
  },
  'conflicts.dismiss': ({ id }, { runtime, now }) => {
    runtime.mirror.outbox.dismissConflict(id, iso(now()));
    runtime.engine.outboxChanged();
    return { ok: true as const };
  },
  'employees.search': ({ text }, { runtime }) => runtime.mirror.employees.search(text, 20),
};
