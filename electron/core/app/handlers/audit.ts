/** The audit log for the admin: filtered in the console, exported as CSV (through shared/csv.ts). */
import { AUDIT_PAGE, type auditOperations, MAX_AUDIT_EXPORT } from '../../../../shared/contract/audit.ts';
import { csvText } from '../../../../shared/csv.ts';
import type { Handlers } from '../handler.ts';

const HEADER = ['time', 'action', 'role', 'device', 'subject', 'detail'];

export const auditHandlers: Handlers<keyof typeof auditOperations> = {
  'audit.list': (filter, { runtime }) => {
    const repo = runtime.mirror.auditLog;
    const rows = repo.list({ ...filter, limit: AUDIT_PAGE + 1 });
    return { entries: rows.slice(0, AUDIT_PAGE), more: rows.length > AUDIT_PAGE, ...repo.choices() };
  },
  'audit.exportCsv': (filter, { runtime, now }) => {
    const rows = runtime.mirror.auditLog.list({ ...filter, limit: MAX_AUDIT_EXPORT });
    const csv = csvText(
      HEADER,
      rows.map((r) => [r.at, r.action, r.role, r.device, r.subject, r.detail]),
    );
    const day = new Date(now()).toISOString().slice(0, 10);
    return { fileName: `foyer-audit-${day}.csv`, csv, rows: rows.length };
  },
};
