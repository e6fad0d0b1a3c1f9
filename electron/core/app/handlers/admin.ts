import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'csv-stringify/sync';
import type { FileUpload, ImportPreview } from '../../../../shared/contract/imports.ts';
import type { OutboxItem } from '../../../../shared/contract/outbox.ts';
import { ApiError } from '../../api/errors.ts';
import type { OutboxRow } from '../../db/repos/outbox.ts';
import { needsConfirmation } from '../../outbox/profile-diff.ts';
import { countByStatus, exportResults, itemResults } from '../../outbox/report.ts';
import { retryAllFailed, retryItem } from '../../usecases/outbox-items.ts';
import { type CheckedFile, checkFile, queueCheckedFile, sampleOf } from '../../usecases/push-file.ts';
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
      // The service refused (core.call says so as REFUSED); only a service out of reach is answered from the mirror.
      if (!(error instanceof ApiError && error.transient)) throw error;
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
    const csv = stringify([
      ['file', 'line', 'column', 'problem'],
      ...result.issues.map((i) => [i.file, i.line ?? '', i.column ?? '', i.message]),
    ]);
    return { fileName: `${upload.fileName.replace(/\.[^.]+$/, '')}-errors.csv`, csv };
  },
  'pushes.queue': async (upload, ctx) =>
    queueCheckedFile(ctx.runtime.outbox, await checkUpload(upload, ctx), { ...upload, source: upload.fileName }),
  'outbox.list': ({ limit }, { runtime }) => runtime.mirror.outbox.newest(limit).map(outboxItem),
  'outbox.retry': ({ id }, { runtime }) => outboxItem(retryItem(runtime.mirror, runtime.outbox, id)),
  'outbox.retryAll': (_, { runtime }) => retryAllFailed(runtime.mirror, runtime.outbox),
  'outbox.exportCsv': ({ id }, { runtime }) => {
    const exported = exportResults(runtime.mirror.outbox, id);
    if (!exported) throw new AppError('NOT_FOUND', `no outbox item ${id}`);
    return exported;
  },
};
