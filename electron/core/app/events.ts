/**
 * The events a session hears, for every door alike (IPC, the browser host,
 * a hub's devices): only those its role's screens use (EVENT_ROLES in
 * shared/contract/events.ts), read at each event, so an unlock or a lock
 * changes what follows at once. A kiosk gets the sync status as a kiosk may
 * see it (no service's error text); a session whose ceiling is kiosk (a kiosk
 * window, a kiosk device, which never unlock) only whether the service is
 * reached, and only when that changed, so the outbox's counts moving do not
 * tell it that the desk acted; and of a roll call only that one started or
 * ended (and where to gather), never a desk's marks.
 */
import { type AppEvent, EVENT_ROLES } from '../../../shared/contract/events.ts';
import type { Role } from '../../../shared/contract/op.ts';
import type { SyncStatus } from '../../../shared/contract/sync.ts';
import { statusForRole } from '../sync/status.ts';
import type { Session } from '../access/session.ts';

/** Whether a session with this role (now) hears this event. */
export const heardBy = (role: Role, event: AppEvent) => EVENT_ROLES[event.type].includes(role);

/** The status as a kiosk shows it: whether the hub reaches the service, nothing of the outbox or the pulls. */
export function kioskStatus(status: SyncStatus): SyncStatus {
  return {
    online: status.online,
    lastOnlineAt: status.lastOnlineAt,
    tokenRejected: status.tokenRejected,
    resources: {},
    outbox: { pending: 0, failed: 0, delivered: 0, conflicts: 0, delivering: false },
  };
}

/** The sync status as this session may see it now (sync.status answers the same). */
export const statusForSession = (session: Session, status: SyncStatus): SyncStatus =>
  session.maxRole === 'kiosk' ? kioskStatus(status) : statusForRole(status, session.role);

/** The events of one session, filtered and reduced as above; `send` gets what it may hear. */
export function sessionEvents(session: Session, send: (event: AppEvent) => void): (event: AppEvent) => void {
  let lastKioskStatus = '';
  let lastEvacuation = '';
  return (event) => {
    if (!heardBy(session.role, event)) return;
    if (event.type === 'evacuation-changed' && session.role === 'kiosk') {
      const reduced = { type: event.type, active: event.active, assemblyPoint: event.assemblyPoint };
      const text = JSON.stringify(reduced);
      if (text !== lastEvacuation) send(reduced);
      lastEvacuation = text;
      return;
    }
    if (event.type !== 'sync-status') return send(event);
    const status = statusForSession(session, event.status);
    if (session.maxRole !== 'kiosk') return send({ type: 'sync-status', status });
    const text = JSON.stringify(status);
    if (text === lastKioskStatus) return;
    lastKioskStatus = text;
    send({ type: 'sync-status', status });
  };
}
