/** Pushes: an uploaded file (see imports.ts), checked again and its valid items queued for the service. */
import { z } from 'zod';
import { FileUpload, ImportIssue } from './imports.ts';
import { ADMIN, op } from './op.ts';

/** Why pushes.queue would not take a file (the same rule at every door: electron/core/usecases/push-file.ts). */
export const PUSH_REFUSALS = ['no-group', 'unreadable', 'errors', 'partial-profiles', 'empty', 'confirm'] as const;

const Profile = z.object({ sourceId: z.string(), name: z.string() });
const Options = { allowPartial: z.boolean().default(false), confirmed: z.boolean().default(false) };

/** A file checked as pushes.queue would check it with these options, and whether it would be taken. */
export const PushCheck = z.object({
  file: z.string(),
  rows: z.number().int(),
  invalidRows: z.number().int(),
  /** The first 500 problems; issueCount says how many there are. */
  issues: z.array(ImportIssue),
  issueCount: z.number().int(),
  /** Not this kind of file at all: its one issue says why. */
  unreadable: z.boolean(),
  summary: z.array(z.object({ label: z.string(), count: z.number().int() })),
  /** For profiles: what the upload changes against the last set queued here. */
  profileDiff: z
    .object({
      firstUpload: z.boolean(),
      added: z.array(Profile),
      removed: z.array(Profile),
      renamed: z.array(z.object({ sourceId: z.string(), from: z.string(), to: z.string() })),
      changed: z.array(Profile),
      unchanged: z.number().int(),
    })
    .nullable(),
  refusal: z.object({ reason: z.enum(PUSH_REFUSALS), message: z.string() }).nullable(),
});
export type PushCheck = z.infer<typeof PushCheck>;

export const pushesOperations = {
  'pushes.check': op(
    ADMIN,
    FileUpload.extend(Options),
    PushCheck,
    'Check a file as pushes.queue would with these options, queueing nothing: its problems, and whether it is taken',
  ),
  'pushes.queue': op(
    ADMIN,
    FileUpload.extend(Options),
    z.object({ batchId: z.number().int(), items: z.number().int(), outboxItems: z.number().int() }),
    'Validate a file and queue its valid items for the service',
  ),
} as const;
