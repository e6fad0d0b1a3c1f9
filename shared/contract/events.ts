/** The one event stream: what every door's screens hear (IPC events, the browser host's SSE). */
import { ALL, ADMIN, type Role, STAFF } from './op.ts';
import type { SyncStatus } from './sync.ts';
import type { WatchlistEvent } from './watchlist.ts';
import type { AgreementEvent } from './agreements.ts';

/** The event every screen of the site hears when a walk-in request comes, is approved or declined. */
export type WalkInEvent = { type: 'walk-ins-changed' };

/**
 * On the event stream: a roll call started, changed (a mark, an arrival) or ended, or the assembly point
 * changed during one. A kiosk hears only whether one is under way and where to gather, when that changed.
 */
export type EvacuationEvent = { type: 'evacuation-changed'; active: boolean; assemblyPoint: string; version?: number };

export type AppEvent =
  | { type: 'sync-status'; status: SyncStatus }
  | { type: 'mirror-changed'; resources: string[] }
  /** The guests moved to a new version: the desk asks guests.changes for what changed. */
  | { type: 'guests-changed'; version: number }
  | { type: 'role'; role: Role }
  /** How far the check of an uploaded file is: rows (or bytes) done of total. */
  | { type: 'import-progress'; uploadId: string; done: number; total: number }
  /** A site hub's devices changed (paired, revoked, connected, disconnected, did something). */
  | { type: 'devices-changed' }
  /** A badge printed or failed, or a printer's state changed: the desk asks printing.status. */
  | { type: 'printing-changed' }
  /** A person was added to or removed from the site's staff list: the console's Staff section reads it again. */
  | { type: 'staff-changed' }
  | WalkInEvent
  | EvacuationEvent
  | WatchlistEvent
  /** A guest signed or declined a document, or a photo was taken: the desk asks again for the guest's. */
  | AgreementEvent;

/**
 * Which roles' screens hear each event, whatever the door (an Electron
 * window over IPC, a browser, a hub's device): the core applies it to every
 * session's stream, by the session's role at the moment (app/events.ts). A
 * kiosk hears a reduced form of two of them: of the sync status only whether
 * the service is reached (a kiosk device: only when that changed), and of a
 * roll call only that one is under way and where to gather, never the marks.
 */
export const EVENT_ROLES: { readonly [T in AppEvent['type']]: readonly Role[] } = {
  'sync-status': ALL,
  'mirror-changed': ALL,
  'guests-changed': ALL,
  role: ALL,
  'import-progress': ADMIN,
  'devices-changed': STAFF,
  'walk-ins-changed': STAFF,
  'printing-changed': STAFF,
  'staff-changed': ADMIN,
  'evacuation-changed': ALL,
  // Never a kiosk's: a guest is not told why, nor that a list exists.
  'watchlist-changed': STAFF,
  'agreements-changed': STAFF,
};
