/** Pushes: an uploaded file checked again (see imports.ts) and its valid items queued for the service. */
import type { pushesOperations } from '../../../../shared/contract/pushes.ts';
import type { WatchlistItem } from '../../imports/watchlist.ts';
import { queueCheckedFile, refusalOf } from '../../usecases/push-file.ts';
import type { Handlers } from '../handler.ts';
import { checkUpload } from './imports.ts';
import { keepPushedWatchlist } from './watchlist.ts';

export const pushesHandlers: Handlers<keyof typeof pushesOperations> = {
  'pushes.check': async (upload, ctx) => {
    const checked = await checkUpload(upload, ctx);
    const { result, diff } = checked;
    const refusal = refusalOf(checked, upload);
    return {
      file: result.file,
      rows: result.rows,
      invalidRows: result.invalidRows,
      issues: result.issues.slice(0, 500),
      issueCount: result.issues.length,
      unreadable: checked.unreadable,
      summary: checked.summary,
      profileDiff: diff ?? null,
      refusal: refusal ? { reason: refusal.reason, message: refusal.message } : null,
    };
  },
  'pushes.queue': async (upload, ctx) => {
    const checked = await checkUpload(upload, ctx);
    if (checked.kind !== 'watchlist')
      return queueCheckedFile(ctx.runtime.outbox, checked, { ...upload, source: upload.fileName });
    // Kept on this site, in place of the list in force: nothing of it is queued for the service.
    const refusal = refusalOf(checked, upload);
    if (refusal) throw refusal;
    const { items, lines, file } = checked.result;
    const listId = keepPushedWatchlist(ctx, file, items as WatchlistItem[], lines);
    return { batchId: listId, items: items.length, outboxItems: 0 };
  },
};
