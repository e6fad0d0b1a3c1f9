/** The outbox's operations (the admin's): what is queued for the service, retried, and its results as CSV. */
import { z } from 'zod';
import { ADMIN, id, op, PASSIVE } from './op.ts';

export const OutboxItem = z.object({
  id: z.number().int(),
  kind: z.string(),
  label: z.string(),
  state: z.enum(['pending', 'sending', 'delivered', 'failed']),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
  batchId: z.number().int().nullable(),
  results: z.record(z.string(), z.number()).nullable(),
});
export type OutboxItem = z.infer<typeof OutboxItem>;

/**
 * An item as it is stored: what it sends (payload) and what the service answered (result), as JSON text, and the
 * lines of the file its items came from. The command line prints it (`foyer outbox --json`) and reads an item's
 * per-row results from it (outbox/report.ts).
 */
export const StoredOutboxItem = z.object({
  id: z.number().int(),
  kind: z.enum(['transition', 'identities', 'events', 'profiles']),
  target: z.string(),
  payload: z.string(),
  label: z.string(),
  batchId: z.number().int().nullable(),
  itemLines: z.string().nullable(),
  state: z.enum(['pending', 'sending', 'delivered', 'failed']),
  uncertain: z.number().int(),
  attempts: z.number().int(),
  nextAttemptAt: z.string().nullable(),
  lastError: z.string().nullable(),
  result: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  deliveredAt: z.string().nullable(),
});
export type StoredOutboxItem = z.infer<typeof StoredOutboxItem>;

/** Which stored items: the newest (any number), one push's (a batch), one item, or a guest's latest check-in item. */
const StoredItemsOf = z.union([
  z.strictObject({ newest: z.number().int().positive() }),
  z.strictObject({ batchId: id }),
  z.strictObject({ id }),
  z.strictObject({ checkInOf: id }),
]);

export const outboxOperations = {
  'outbox.list': op(
    ADMIN,
    z.object({ limit: z.number().int().min(1).max(500).default(100) }).strict(),
    z.array(OutboxItem),
    'The outbox',
    PASSIVE,
  ),
  'outbox.items': op(
    ADMIN,
    StoredItemsOf,
    z.array(StoredOutboxItem),
    'Items as stored, newest first (a batch in its order): what they send and what the service answered',
  ),
  'outbox.retry': op(ADMIN, z.object({ id }).strict(), OutboxItem, 'Queue a failed item again'),
  'outbox.retryAll': op(
    ADMIN,
    z.object({}).strict(),
    z.object({
      retried: z.number().int(),
      refused: z.array(z.object({ id: z.number().int(), label: z.string(), reason: z.string() })),
    }),
    'Queue every failed item again; those that cannot go again say why',
  ),
  'outbox.exportCsv': op(
    ADMIN,
    z.object({ id }).strict(),
    z.object({ fileName: z.string(), csv: z.string() }),
    'Per-item results as CSV',
  ),
} as const;
