import { syncWindow } from '../../sync/pulls.ts';
import { statusForRole } from '../../sync/status.ts';
import type { Handlers } from '../handler.ts';
import { toGuestView } from './guests-view.ts';
import { transition } from './transition.ts';

export const deskHandlers: Handlers<
  | 'sync.status'
  | 'sync.now'
  | 'guests.list'
  | 'guests.search'
  | 'guests.get'
  | 'guests.transition'
  | 'guests.evacuationList'
  | 'conflicts.list'
  | 'conflicts.dismiss'
  | 'employees.search'
> = {
  'sync.status': (_, { runtime, session }) => statusForRole(runtime.engine.status.get(), session.role),
  'sync.now': async ({ full }, { runtime }) => {
    await runtime.engine.syncNow({ full: Boolean(full) });
    return runtime.engine.status.get();
  },
  'guests.list': ({ category }, { runtime }) => {
    const { guests } = runtime.mirror;
    const { locationId, flow } = runtime.config;
    const listed = guests.list({ locationId, ...syncWindow(runtime.config, Date.now()), category, flow });
    if (category !== undefined && category !== 'onsite') return listed.map(toGuestView);
    // Whoever is on site stays listed, however long ago their event was (as on the evacuation list).
    const seen = new Set(listed.map((guest) => guest.invitationId));
    const earlier = guests.onSite(locationId, flow).filter((guest) => !seen.has(guest.invitationId));
    return [...earlier, ...listed].map(toGuestView);
  },
  'guests.search': ({ text }, { runtime }) =>
    runtime.mirror.guests
      .lookup(text, {
        locationId: runtime.config.locationId,
        ...syncWindow(runtime.config, Date.now()),
        flow: runtime.config.flow,
        limit: 50,
      })
      .map(toGuestView),
  'guests.get': ({ invitationId }, { runtime }) => {
    const guest = runtime.mirror.guests.byId(invitationId, runtime.config.flow);
    if (!guest) return null;
    const details = runtime.mirror.guests.details(invitationId);
    const host = guest.hostId === null ? undefined : runtime.mirror.employees.byId.get(guest.hostId);
    return {
      ...toGuestView(guest),
      host: host ?? null,
      ...details,
    };
  },
  'guests.transition': ({ invitationId, action }, ctx) => toGuestView(transition(ctx, invitationId, action, 'desk')),
  'guests.evacuationList': (_, { runtime }) => {
    const status = runtime.engine.status.get();
    return {
      generatedAt: new Date().toISOString(),
      lastSyncAt: status.resources.checkIns?.lastSuccessAt ?? null,
      location: {
        id: runtime.config.locationId,
        name: runtime.mirror.groups.locationName.get(runtime.config.locationId) ?? null,
      },
      guests: runtime.mirror.guests.onSite(runtime.config.locationId, runtime.config.flow).map(toGuestView),
    };
  },
  'conflicts.list': (_, { runtime }) => runtime.mirror.outbox.openConflicts.all(),
  'conflicts.dismiss': ({ id }, { runtime }) => {
    runtime.mirror.outbox.dismissConflict.run({ id, now: new Date().toISOString() });
    runtime.engine.outboxChanged();
    return { ok: true as const };
  },
  'employees.search': ({ text }, { runtime }) => runtime.mirror.employees.search(text, 20),
};
