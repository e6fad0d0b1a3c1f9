/** The sync's operations: its one status, a sync now, and the day's changes between online and offline. */
import { z } from 'zod';
import { ADMIN, ALL, op, STAFF, PASSIVE } from './op.ts';

export const ResourceStatus = z.object({
  running: z.boolean(),
  lastSuccessAt: z.string().nullable(),
  lastFullAt: z.string().nullable(),
  lastError: z.object({ kind: z.string(), message: z.string(), at: z.string() }).nullable(),
  progress: z.object({ pagesDone: z.number(), pagesTotal: z.number() }).nullable(),
  /** Skipped records, incomplete listings, changes held until confirmed (empty for the kiosk role). */
  warnings: z.array(z.object({ kind: z.enum(['skipped', 'incomplete', 'held']), message: z.string(), at: z.string() })),
});

export const SyncStatus = z.object({
  online: z.boolean().nullable(),
  lastOnlineAt: z.string().nullable(),
  tokenRejected: z.boolean(),
  /** The disk is full (disk_full) or cannot be written (storage): the sentence to show, until a write works again. */
  storage: z.object({ kind: z.string(), message: z.string(), at: z.string() }).nullable().optional(),
  /** A damaged mirror whose queued changes could not all be read: how many, and where the file is kept. */
  damage: z.object({ message: z.string(), at: z.string() }).nullable().optional(),
  resources: z.record(z.string(), ResourceStatus),
  outbox: z.object({
    pending: z.number(),
    failed: z.number(),
    delivered: z.number(),
    conflicts: z.number(),
    delivering: z.boolean(),
  }),
});
export type SyncStatus = z.infer<typeof SyncStatus>;

/** What the mirror holds and each resource's pulls as stored (`foyer status`): read without starting anything. */
export const MirrorStatus = z.object({
  counts: z.object({
    invitations: z.number().int(),
    checkIns: z.number().int(),
    employees: z.number().int(),
    groups: z.number().int(),
  }),
  resources: z.array(
    z.object({
      resource: z.string(),
      watermark: z.string().nullable(),
      lastSuccessAt: z.string().nullable(),
      lastFullAt: z.string().nullable(),
      lastError: z.string().nullable(),
      lastErrorAt: z.string().nullable(),
    }),
  ),
});
export type MirrorStatus = z.infer<typeof MirrorStatus>;

export const syncOperations = {
  'sync.status': op(ALL, z.object({}).strict(), SyncStatus, 'The sync status', PASSIVE),
  'sync.mirror': op(
    ADMIN,
    z.object({}).strict(),
    MirrorStatus,
    'What the mirror holds and when each resource was pulled',
  ),
  'sync.now': op(STAFF, z.object({ full: z.boolean().optional() }).strict(), SyncStatus, 'Sync now'),
  'sync.history': op(
    ADMIN,
    z.object({}).strict(),
    z.array(z.object({ at: z.string(), online: z.boolean() })),
    "Today's changes between online and offline",
    PASSIVE,
  ),
} as const;
