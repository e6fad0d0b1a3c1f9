/** The one event stream: what every door's screens hear (IPC events, the browser host's SSE). */
import type { Role } from './op.ts';
import type { SyncStatus } from './sync.ts';
import type { WalkInEvent } from './walk-ins.ts';
import type { EvacuationEvent } from './evacuation.ts';

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
  | WalkInEvent
  | EvacuationEvent;
