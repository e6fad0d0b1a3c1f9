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

/**
 * How often a stream carries the sync status and `mirror-changed` at most.
 * Every outbox change publishes the whole status, and in a morning rush a
 * hub's desks got 2 MB of them each (issue 36); the screens show the status
 * at most every 250 ms and reload for a mirror change at most once a second
 * (renderer/src/stores/session.ts), so a stream sends the first at once and
 * then the newest at the end of each window: a screen is never more than this
 * behind.
 */
export const STREAM_EVERY_MS = 500;

/** Runs `fn` in `ms`; the answer cancels it. The core's is setTimeout; tests pass their own clock. */
export type Schedule = (fn: () => void, ms: number) => () => void;

const realSchedule: Schedule = (fn, ms) => {
  const timer = setTimeout(fn, ms);
  // A stream's last status is not worth keeping a process alive for.
  timer.unref?.();
  return () => clearTimeout(timer);
};

/**
 * At most one `deliver` a window: the first value at once, then the latest
 * (merged with those it replaced, if `merge`) when the window ends. `deliver`
 * answers whether it sent anything: a window opens only then.
 */
function coalesce<T>(
  schedule: Schedule,
  deliver: (value: T) => boolean,
  merge: (held: T, next: T) => T = (_held, next) => next,
) {
  let held: { value: T } | undefined;
  let cancel: (() => void) | undefined;
  const flush = () => {
    cancel = undefined;
    if (!held) return;
    const { value } = held;
    held = undefined;
    if (deliver(value)) cancel = schedule(flush, STREAM_EVERY_MS);
  };
  return {
    push(value: T) {
      held = { value: held ? merge(held.value, value) : value };
      if (!cancel) flush();
    },
    close() {
      cancel?.();
      cancel = undefined;
      held = undefined;
    },
  };
}

/** One session's stream: `hear` takes every event of the core, `close` drops what it still holds. */
export interface SessionStream {
  hear(event: AppEvent): void;
  close(): void;
}

/**
 * The events of one session, filtered and reduced as above; `send` gets what
 * it may hear. The sync status and `mirror-changed` are coalesced (see
 * STREAM_EVERY_MS); a status is reduced for the session's role when it is
 * sent, and one the stream sent already is not sent again. Every other event
 * goes at once.
 */
export function sessionEvents(
  session: Session,
  send: (event: AppEvent) => void,
  options: { schedule?: Schedule } = {},
): SessionStream {
  const schedule = options.schedule ?? realSchedule;
  let closed = false;
  let lastStatus = '';
  let lastEvacuation = '';
  const statuses = coalesce<SyncStatus>(schedule, (raw) => {
    // Read now: a session locked or unlocked while the status was held sees it as it now may.
    if (!heardBy(session.role, { type: 'sync-status', status: raw })) return false;
    const status = statusForSession(session, raw);
    const text = JSON.stringify(status);
    if (text === lastStatus) return false;
    lastStatus = text;
    send({ type: 'sync-status', status });
    return true;
  });
  const mirrorChanges = coalesce<string[]>(
    schedule,
    (resources) => {
      if (!heardBy(session.role, { type: 'mirror-changed', resources })) return false;
      send({ type: 'mirror-changed', resources });
      return true;
    },
    (held, next) => [...new Set([...held, ...next])],
  );
  return {
    hear(event) {
      if (closed || !heardBy(session.role, event)) return;
      if (event.type === 'sync-status') return statuses.push(event.status);
      if (event.type === 'mirror-changed') return mirrorChanges.push(event.resources);
      if (event.type === 'evacuation-changed' && session.role === 'kiosk') {
        const reduced = { type: event.type, active: event.active, assemblyPoint: event.assemblyPoint };
        const text = JSON.stringify(reduced);
        if (text !== lastEvacuation) send(reduced);
        lastEvacuation = text;
        return;
      }
      send(event);
    },
    close() {
      closed = true;
      statuses.close();
      mirrorChanges.close();
    },
  };
}
