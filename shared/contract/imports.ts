/**
 * Imports: a file the admin uploads (identities, access profiles, events),
 * checked row by row without queueing anything; pushes.ts queues it.
 */
import { z } from 'zod';
import { ADMIN, op } from './op.ts';

export const ImportIssue = z.object({
  file: z.string(),
  line: z.number().int().nullable(),
  column: z.string().nullable(),
  message: z.string(),
});

/** `watchlist` is kept on this site (shared/contract/watchlist.ts): never queued for the service. */
export const PUSH_KINDS = ['identities', 'profiles', 'events', 'watchlist'] as const;
/** The largest file pushed at once (from the console, or the command line through the same contract). */
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;

export const FileUpload = z.object({
  kind: z.enum(PUSH_KINDS),
  /** Access profile group, for profiles. */
  group: z.string().min(1).max(200).optional(),
  fileName: z
    .string()
    .min(1)
    .max(255)
    .regex(/^[^/\\]+$/, 'a file name, without folders')
    .refine((name) => name !== '.' && name !== '..', 'a file name, not "." or ".."'),
  /** The file's bytes, base64; at most 20 MiB. */
  contentBase64: z
    .string()
    .max(
      Math.ceil(MAX_UPLOAD_BYTES / 3) * 4,
      `a file of at most ${MAX_UPLOAD_BYTES / 1024 / 1024} MiB: split a larger one`,
    ),
  /** Chosen by the caller: the `import-progress` events of this check carry it. */
  uploadId: z
    .string()
    .max(64)
    .regex(/^[A-Za-z0-9_-]{1,64}$/)
    .optional(),
});
export type FileUpload = z.infer<typeof FileUpload>;

export const ImportPreview = z.object({
  file: z.string(),
  format: z.enum(['csv', 'xlsx', 'json']),
  rows: z.number().int(),
  validItems: z.number().int(),
  invalidRows: z.number().int(),
  issues: z.array(ImportIssue),
  /** The file could not be read as this kind of file at all: only its issue counts, no rows. */
  unreadable: z.boolean(),
  /** What the valid rows hold, counted as people think of them (events and invitations). */
  summary: z.array(z.object({ label: z.string(), count: z.number().int() })),
  /** The first valid items, flattened into columns. */
  sample: z.object({ columns: z.array(z.string()), rows: z.array(z.array(z.string())) }),
  /** For profiles: what the upload would change. */
  profileDiff: z
    .object({
      firstUpload: z.boolean(),
      added: z.array(z.string()),
      removed: z.array(z.string()),
      renamed: z.array(z.object({ sourceId: z.string(), from: z.string(), to: z.string() })),
      changed: z.array(z.string()),
      unchanged: z.number().int(),
      needsConfirmation: z.boolean(),
    })
    .nullable(),
  /**
   * What may be done with the file, by the same rule as pushes.file: queue it as it is, queue its valid rows
   * only, or neither (`refusal` says why). A profiles file that needs confirmation may be queued once confirmed.
   */
  allowed: z.object({ queue: z.boolean(), queueValidOnly: z.boolean(), refusal: z.string().nullable() }),
});
export type ImportPreview = z.infer<typeof ImportPreview>;

export const importsOperations = {
  'imports.issuesCsv': op(
    ADMIN,
    FileUpload,
    z.object({ fileName: z.string(), csv: z.string() }),
    "Every problem of a file's rows, as CSV",
  ),
  'imports.preview': op(ADMIN, FileUpload, ImportPreview, 'Validate a file, row by row, without queueing'),
} as const;
