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

export const outboxOperations = {
  'outbox.list': op(
    ADMIN,
    z.object({ limit: z.number().int().min(1).max(500).default(100) }).strict(),
    z.array(OutboxItem),
    'The outbox',
    PASSIVE,
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
