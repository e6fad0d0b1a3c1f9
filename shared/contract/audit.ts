/** The audit log: who did what, when, from which screen (see electron/core/app/audit.ts), for the admin. */
import { z } from 'zod';
import { ADMIN, op, ROLES } from './op.ts';

const instant = z.iso.datetime({ offset: true }).max(40);
const choice = z.string().trim().min(1).max(200).optional();

/** The console's filters: a date range (from inclusive, to exclusive), an action, a device, a role. */
export const AuditFilter = z
  .object({
    from: instant.optional(),
    to: instant.optional(),
    action: choice,
    device: choice,
    role: z.enum([...ROLES, 'system']).optional(),
  })
  .strict();
export type AuditFilter = z.infer<typeof AuditFilter>;

export const AuditEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  action: z.string(),
  role: z.string(),
  device: z.string(),
  subject: z.string().nullable(),
  detail: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

/** The console shows this many entries, newest first; the CSV holds up to MAX_AUDIT_EXPORT. */
export const AUDIT_PAGE = 500;
export const MAX_AUDIT_EXPORT = 100_000;

export const auditOperations = {
  'audit.list': op(
    ADMIN,
    AuditFilter,
    z.object({
      entries: z.array(AuditEntry),
      /** More entries match than were returned (narrow the filters, or export them). */
      more: z.boolean(),
      actions: z.array(z.string()),
      devices: z.array(z.string()),
    }),
    'The audit log, newest first, filtered; and the actions and devices it holds',
  ),
  'audit.exportCsv': op(
    ADMIN,
    AuditFilter,
    z.object({ fileName: z.string(), csv: z.string(), rows: z.number().int() }),
    'The filtered audit log as CSV',
  ),
} as const;
