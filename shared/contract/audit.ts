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

/**
 * Each action in words: its name in the console's filter and the CSV, and the
 * entry as a sentence ("Checked out 2 guests: Sophie Turner, Ben Ito"), from
 * what it was about (the subject written with it: see electron/core/app/audit.ts).
 */
const ACTIONS: Record<string, { label: string; sentence: (about: string) => string }> = {
  'check-in': { label: 'Check-in', sentence: (s) => `Checked in ${s}` },
  'check-out': { label: 'Check-out', sentence: (s) => `Checked out ${s}` },
  undo: { label: 'Undo', sentence: (s) => `Undid the last check-in or check-out of ${s}` },
  'bulk-check-out': { label: 'Check-out of several guests', sentence: (s) => `Checked out ${s}` },
  'undo-bulk-check-out': { label: 'Undo of a check-out of several', sentence: (s) => `Undid the check-out of ${s}` },
  'automatic-check-out': { label: 'Automatic check-out', sentence: (s) => `Checked out automatically ${s}` },
  'pin-reveal': { label: 'Door PIN shown', sentence: (s) => `Showed the door PIN of ${s}` },
  'walk-in-approve': { label: 'Walk-in approved', sentence: (s) => `Approved the walk-in ${s}` },
  'walk-in-decline': { label: 'Walk-in declined', sentence: (s) => `Declined the walk-in ${s}` },
  'walk-in-add': { label: 'Visitor added', sentence: (s) => `Added the visitor ${s}` },
  'walk-in-check-in-again': { label: 'Checked in again', sentence: (s) => `Checked in again ${s}` },
  push: { label: 'File pushed', sentence: (s) => `Pushed the file ${s}` },
  'visitor-log-export': { label: 'Visitor log exported', sentence: (s) => `Exported the visitor log of ${s}` },
  retry: { label: 'Tried again', sentence: (s) => `Tried again: ${s}` },
  'dismiss-conflict': { label: 'Conflict dismissed', sentence: (s) => `Dismissed ${s}` },
  settings: { label: 'Settings changed', sentence: (s) => `Changed the settings: ${s}` },
  unlock: { label: 'Unlock', sentence: (s) => `Unlocked the ${s}` },
  pair: { label: 'Device paired', sentence: (s) => `Paired the device ${s}` },
  revoke: { label: 'Device revoked', sentence: (s) => `Revoked the device ${s}` },
  'roll-call-start': { label: 'Roll call started', sentence: (s) => `Started ${s}` },
  'roll-call-tick': { label: 'Roll call mark', sentence: (s) => `Marked ${s}` },
  'roll-call-end': { label: 'Roll call ended', sentence: (s) => `Ended ${s}` },
  'watchlist-alert': { label: 'Watchlist alert', sentence: (s) => `Watchlist alert for ${s}` },
  'watchlist-decision': { label: 'Watchlist decision', sentence: (s) => `Decided a watchlist alert: ${s}` },
  'staff-add': { label: 'Staff added', sentence: (s) => `Added ${s} to the staff` },
  'staff-remove': { label: 'Staff removed', sentence: (s) => `Removed ${s} from the staff` },
  'visitor-export': { label: 'Visitor data exported', sentence: (s) => `Exported the data held about ${s}` },
  'visitor-forget': { label: 'Visitor forgotten', sentence: (s) => `Forgot ${s}` },
};

/** An action's name in words ("Check-out of several guests"); an action of a newer Foyer as it is written. */
export const auditActionLabel = (action: string): string =>
  Object.hasOwn(ACTIONS, action) ? ACTIONS[action]!.label : action;

/** Who acted, in words: the person (when named), the role, the screen or device. */
export const auditWho = (row: { person: string | null; role: string; device: string }): string =>
  [row.person, row.role === 'system' ? 'automatic' : row.role, row.device === 'automatic' ? null : row.device]
    .filter(Boolean)
    .join(', ');

/** An entry as a sentence: what was done, to whom or what. */
export function auditSentence(action: string, subject: string | null): string {
  if (!Object.hasOwn(ACTIONS, action)) return subject ? `${action}: ${subject}` : action;
  return subject ? ACTIONS[action]!.sentence(subject) : ACTIONS[action]!.label;
}

export const AuditEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  /** The action's key, as the filter takes it; `sentence` says it in words. */
  action: z.string(),
  sentence: z.string(),
  role: z.string(),
  device: z.string(),
  subject: z.string().nullable(),
  detail: z.string().nullable(),
  /** The named person who acted (shared/contract/staff.ts); null for a shared PIN, the CLI or automatic work. */
  person: z.string().nullable(),
  /** Who, in words: "Anna Weber, desk, Reception tablet" (or "desk, Reception tablet" for a shared PIN). */
  who: z.string(),
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
