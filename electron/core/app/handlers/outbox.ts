/** The outbox as the admin sees it: its items with their results, retried one by one or all, exported as CSV. */
import type { OutboxItem, outboxOperations } from '../../../../shared/contract/outbox.ts';
import type { OutboxRow } from '../../db/repos/outbox.ts';
import { countByStatus, exportResults, itemResults } from '../../outbox/report.ts';
import { retryAllFailed, retryItem } from '../../usecases/outbox-items.ts';
import { AppError } from '../../errors.ts';
import type { Handlers } from '../handler.ts';

function outboxItem(row: OutboxRow): OutboxItem {
  const results = itemResults(row);
  return {
    id: row.id,
    kind: row.kind,
    label: row.label,
    state: row.state,
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: row.createdAt,
    deliveredAt: row.deliveredAt,
    batchId: row.batchId,
    results: results.length > 0 ? countByStatus(results) : null,
  };
}

export const outboxHandlers: Handlers<keyof typeof outboxOperations> = {
  'outbox.list': ({ limit }, { runtime }) => runtime.mirror.outbox.newest(limit).map(outboxItem),
  // Items as stored (for `foyer outbox --json` and a push's results): the newest, the items one push queued (a
  // batch, in its order), one item, or the newest item of a guest's check-in (the one a transition just queued).
  'outbox.items': (which, { runtime: { mirror } }) => {
    if ('newest' in which) return mirror.outbox.newest(which.newest);
    if ('batchId' in which) return mirror.outbox.inBatch(which.batchId);
    const row = 'id' in which ? mirror.outbox.byId(which.id) : mirror.outbox.latestFor(`check-in:${which.checkInOf}`);
    return row ? [row] : [];
  },
  'outbox.retry': ({ id }, { runtime }) => outboxItem(retryItem(runtime.mirror, runtime.outbox, id)),
  // The loop stays in the use case: it lists each refused item by catching its refusal, which no handler does.
  'outbox.retryAll': (_, { runtime }) => retryAllFailed(runtime.mirror, runtime.outbox),
  'outbox.exportCsv': ({ id }, { runtime }) => {
    const exported = exportResults(runtime.mirror.outbox, id);
    if (!exported) throw new AppError('NOT_FOUND', `no outbox item ${id}`);
    return exported;
  },
};
