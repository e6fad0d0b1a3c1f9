/** Imports: an uploaded file checked row by row (streamed, with progress events), previewed or its issues as CSV. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FileUpload, ImportPreview, importsOperations } from '../../../../shared/contract/imports.ts';
import { needsConfirmation } from '../../outbox/profile-diff.ts';
import { type CheckedFile, checkFile, choicesOf, sampleOf } from '../../usecases/push-file.ts';
import { csvText } from '../../../../shared/csv.ts';
import type { HandlerContext, Handlers } from '../handler.ts';

/** Progress events at most this often: a big file must not flood the event stream. */
const PROGRESS_EVERY_MS = 100;

/** Checks the uploaded bytes (importers read files: they stream big ones), telling the caller how far it is. */
export async function checkUpload(upload: FileUpload, ctx: HandlerContext): Promise<CheckedFile> {
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
    allowed: choicesOf(checked),
  };
}

export const importsHandlers: Handlers<keyof typeof importsOperations> = {
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
};
