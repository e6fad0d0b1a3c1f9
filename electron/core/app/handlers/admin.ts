import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  applyKioskPatch,
  type FileUpload,
  type ImportPreview,
  type OutboxItem,
} from '../../../../shared/contract/operations.ts';
import type { AccessProfileItem } from '../../../../shared/api/index.ts';
import type { OutboxRow } from '../../db/repos/outbox.ts';
import { importEvents, importIdentities, importProfiles } from '../../imports/importers.ts';
import { ImportError, type ImportResult } from '../../imports/issues.ts';
import { diffProfiles, needsConfirmation } from '../../outbox/profile-diff.ts';
import { countByStatus, exportResults, itemResults } from '../../outbox/report.ts';
import { AppError } from '../errors.ts';
import type { HandlerContext, Handlers } from '../handler.ts';

/** Runs an importer on the uploaded bytes (importers read files: they stream big ones). */
async function importUpload(upload: FileUpload): Promise<ImportResult<unknown>> {
  if (upload.kind === 'profiles' && !upload.group)
    throw new AppError('INVALID_INPUT', 'choose the access profile group', [
      { path: 'group', message: 'required for profiles' },
    ]);
  const dir = mkdtempSync(join(tmpdir(), 'foyer-upload-'));
  const path = join(dir, upload.fileName);
  try {
    writeFileSync(path, Buffer.from(upload.contentBase64, 'base64'));
    const importer = { identities: importIdentities, profiles: importProfiles, events: importEvents }[upload.kind];
    return await importer(path);
  } catch (error) {
    if (error instanceof ImportError)
      return {
        file: upload.fileName,
        format: 'csv',
        rows: 0,
        items: [],
        lines: [],
        invalidRows: 0,
        issues: [error.issue],
      };
    throw error;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function preview(upload: FileUpload, result: ImportResult<unknown>, ctx: HandlerContext): ImportPreview {
  let profileDiff: ImportPreview['profileDiff'] = null;
  if (upload.kind === 'profiles' && upload.group) {
    const diff = diffProfiles(ctx.runtime.outbox.lastProfileSet(upload.group), result.items as AccessProfileItem[]);
    profileDiff = {
      firstUpload: diff.firstUpload,
      added: diff.added.map((p) => p.sourceId),
      removed: diff.removed.map((p) => p.sourceId),
      renamed: diff.renamed,
      changed: diff.changed.map((p) => p.sourceId),
      unchanged: diff.unchanged,
      needsConfirmation: needsConfirmation(diff),
    };
  }
  return {
    file: result.file,
    format: result.format,
    rows: result.rows,
    validItems: result.items.length,
    invalidRows: result.invalidRows,
    issues: result.issues.slice(0, 500),
    profileDiff,
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
  | 'imports.preview'
  | 'pushes.queue'
  | 'outbox.list'
  | 'outbox.retry'
  | 'outbox.exportCsv'
  | 'settings.get'
  | 'settings.setKiosk'
> = {
  'groups.list': (_, { runtime }) => runtime.mirror.groups.all.all(),
  'imports.preview': async (upload, ctx) => preview(upload, await importUpload(upload), ctx),
  'pushes.queue': async (upload, ctx) => {
    const result = await importUpload(upload);
    if (result.issues.length > 0 && !upload.allowPartial)
      throw new AppError(
        'REFUSED',
        `${result.invalidRows || result.issues.length} row(s) have errors: fix them, or push the valid rows only`,
      );
    const { outbox } = ctx.runtime;
    const meta = { source: upload.fileName, label: `${upload.kind} from ${upload.fileName}`, lines: result.lines };
    let queued;
    if (upload.kind === 'profiles') {
      const diff = diffProfiles(outbox.lastProfileSet(upload.group!), result.items as AccessProfileItem[]);
      if (needsConfirmation(diff) && !upload.confirmed)
        throw new AppError(
          'REFUSED',
          'this upload removes profiles or replaces a set not known here: confirm it first',
        );
      queued = outbox.queueProfiles(upload.group!, result.items as AccessProfileItem[], {
        ...meta,
        label: `profiles of ${upload.group} from ${upload.fileName}`,
      });
    } else if (result.items.length === 0) throw new AppError('REFUSED', 'the file has no valid rows');
    else if (upload.kind === 'identities') queued = outbox.queueIdentities(result.items as never, meta);
    else queued = outbox.queueEvents(result.items as never, meta);
    return {
      batchId: queued.batchId,
      items: result.items.length,
      outboxItems: queued.outboxIds.length,
    };
  },
  'outbox.list': ({ limit }, { runtime }) => runtime.mirror.outbox.list.all(limit).map(outboxItem),
  'outbox.retry': ({ id }, { runtime }) => {
    try {
      return outboxItem(runtime.outbox.retry(id));
    } catch (error) {
      throw new AppError('REFUSED', (error as Error).message);
    }
  },
  'outbox.exportCsv': ({ id }, { runtime }) => {
    const exported = exportResults(runtime.mirror.outbox, id);
    if (!exported) throw new AppError('NOT_FOUND', `no outbox item ${id}`);
    return exported;
  },
  'settings.get': (_, { runtime }) => ({
    baseUrl: runtime.config.baseUrl ?? null,
    embedded: runtime.embedded !== undefined,
    tokenSet: runtime.embedded !== undefined || Boolean(runtime.tokenStore.get()),
    companyId: runtime.config.companyId,
    locationId: runtime.config.locationId,
    windowDaysBack: runtime.config.windowDaysBack,
    windowDaysAhead: runtime.config.windowDaysAhead,
    retentionDays: runtime.config.retentionDays,
  }),
  'settings.setKiosk': (patch, { runtime }) => {
    const next = { ...runtime.config, kiosk: applyKioskPatch(runtime.config.kiosk, patch) };
    runtime.configStore.write(next);
    runtime.config.kiosk = next.kiosk;
    return next.kiosk;
  },
};
