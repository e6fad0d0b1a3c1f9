import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FileUpload, ImportPreview, OutboxItem } from '../../../../shared/contract/operations.ts';
import { ApiError } from '../../api/errors.ts';
import type { OutboxRow } from '../../db/repos/outbox.ts';
import { needsConfirmation } from '../../outbox/profile-diff.ts';
import { countByStatus, exportResults, itemResults } from '../../outbox/report.ts';
import { NoSuchOutboxItem, retryAllFailed, retryItem, RetryRefused } from '../../usecases/outbox-items.ts';
import { type CheckedFile, checkFile, PushRefused, queueCheckedFile, sampleOf } from '../../usecases/push-file.ts';
import { csvText } from '../../../../shared/csv.ts';
import { AppError } from '../errors.ts';
import type { HandlerContext, Handlers } from '../handler.ts';

/** Progress events at most this often: a big file must not flood the event stream. */
const PROGRESS_EVERY_MS = 100;

/** Checks the uploaded bytes (importers read files: they stream big ones), telling the caller how far it is. */
async function checkUpload(upload: FileUpload, ctx: HandlerContext): Promise<CheckedFile> {
  const dir = mkdtempSync(join(tmpdir(), 'foyer-upload-'));
  const path = join(dir, upload.fileName);
  let last = 0;
  const onProgress = upload.uploadId
    ? (done: number, total: number) => {
        const now = Date.now();
        if (now - last < PROGRESS_EVERY_MS && done < total) return;
        last = now;
        ctx.emit({ type: 'import-progress', uploadId: upload.uploadId!, done, total });
      }
    : undefined;
  try {
    writeFileSync(path, Buffer.from(upload.contentBase64, 'base64'));
    return await checkFile(
      { kind: upload.kind, path, group: upload.group },
      ctx.runtime.outbox.lastProfileSet,
      onProgress,
    );
  } catch (error) {
    if (error instanceof PushRefused)
      throw new AppError('INVALID_INPUT', error.message, [{ path: 'group', message: error.message }]);
    throw error;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function preview(checked: CheckedFile): ImportPreview {
  const { result, diff } = checked;
  return {
    file: result.file,
    format: result.format,
    rows: result.rows,
    validItems: result.items.length,
    invalidRows: result.invalidRows,
    issues: result.issues.slice(0, 500),
    unreadable: checked.unreadable,
    summary: checked.summary,
    sample: sampleOf(result.items),
    profileDiff: diff && {
      firstUpload: diff.firstUpload,
      added: diff.added.map((p) => p.sourceId),
      removed: diff.removed.map((p) => p.sourceId),
      renamed: diff.renamed,
      changed: diff.changed.map((p) => p.sourceId),
      unchanged: diff.unchanged,
      needsConfirmation: needsConfirmation(diff),
    },
  };
}

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

/** The outbox's use cases speak in typed errors; the contract in its one error shape. */
function asAppError(error: unknown): never {
  if (error instanceof NoSuchOutboxItem) throw new AppError('NOT_FOUND', error.message);
  if (error instanceof RetryRefused || error instanceof PushRefused) throw new AppError('REFUSED', error.message);
  throw error;
}

export const adminHandlers: Handlers<
  | 'groups.list'
  | 'employees.browse'
  | 'imports.preview'
  | 'imports.issuesCsv'
  | 'pushes.queue'
  | 'outbox.list'
  | 'outbox.retry'
  | 'outbox.retryAll'
  | 'outbox.exportCsv'
> = {
  'groups.list': (_, { runtime }) => {
    const uploads = new Map(
      runtime.mirror.outbox.deliveredProfileSets().map((u) => [
        u.groupSourceId,
        {
          deliveredAt: u.deliveredAt,
          profiles: u.profiles.map((p) => ({ sourceId: p.sourceId, name: p.name ?? null })),
        },
      ]),
    );
    return runtime.mirror.groups.all().map((g) => ({ ...g, lastUpload: uploads.get(g.sourceId) ?? null }));
  },
  'employees.browse': async (query, { runtime }) => {
    const searchQuery = query.searchQuery || undefined;
    try {
      const page = await runtime.api.call(
        'listEmployees',
        {
          params: { companyId: runtime.config.companyId },
          query: {
            limit: query.limit,
            offset: query.offset,
            ...(searchQuery ? { searchQuery } : {}),
            ...(query.sortField ? { sortField: query.sortField } : {}),
            ...(query.sortAscending !== undefined ? { sortAscending: query.sortAscending } : {}),
          },
        },
        { retry: { retries: 0, baseDelayMs: 1, maxDelayMs: 1 } },
      );
      return {
        employees: page.employees.map((e) => ({
          id: e.id,
          email: e.email ?? null,
          firstName: e.firstName ?? null,
          lastName: e.lastName ?? null,
        })),
        totalCount: page.pageInfo.totalCount,
        source: 'service' as const,
      };
    } catch (error) {
      if (!(error instanceof ApiError && error.transient)) throw new AppError('REFUSED', (error as Error).message);
      // Offline: the mirror's copy, searched and sorted the same way.
      const { rows, total } = runtime.mirror.employees.page({
        text: searchQuery ?? '',
        byEmail: query.sortField === 'EMAIL',
        ascending: query.sortAscending ?? true,
        offset: query.offset,
        limit: query.limit,
      });
      return { employees: rows, totalCount: total, source: 'mirror' as const };
    }
  },
  'imports.preview': async (upload, ctx) => preview(await checkUpload(upload, ctx)),
  'imports.issuesCsv': async (upload, ctx) => {
    const { result } = await checkUpload(upload, ctx);
    // The file's name, its headers and its values are in these cells: written through csvText, never as formulas.
    const csv = csvText(
      ['file', 'line', 'column', 'problem'],
      result.issues.map((i) => [i.file, i.line, i.column, i.message]),
    );
    return { fileName: `${upload.fileName.replace(/\.[^.]+$/, '')}-errors.csv`, csv };
  },
  'pushes.queue': async (upload, ctx) => {
    const checked = await checkUpload(upload, ctx);
    try {
      return queueCheckedFile(ctx.runtime.outbox, checked, { ...upload, source: upload.fileName });
    } catch (error) {
      return asAppError(error);
    }
  },
  'outbox.list': ({ limit }, { runtime }) => runtime.mirror.outbox.newest(limit).map(outboxItem),
  'outbox.retry': ({ id }, { runtime }) => {
    try {
      return outboxItem(retryItem(runtime.mirror, runtime.outbox, id));
    } catch (error) {
      return asAppError(error);
    }
  },
  'outbox.retryAll': (_, { runtime }) => retryAllFailed(runtime.mirror, runtime.outbox),
  'outbox.exportCsv': ({ id }, { runtime }) => {
    const exported = exportResults(runtime.mirror.outbox, id);
    if (!exported) throw new AppError('NOT_FOUND', `no outbox item ${id}`);
    return exported;
  },
};
