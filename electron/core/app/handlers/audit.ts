/**
 * The audit log for the admin: filtered in the console, exported as CSV
 * (through shared/csv.ts). Each entry is said as a sentence, and the CSV is
 * made for a spreadsheet like the other exports: the site's wall clock with
 * its zone named, the action in words (a column to filter on), a byte-order mark.
 */
import {
  AUDIT_PAGE,
  auditActionLabel,
  type auditOperations,
  auditSentence,
  auditWho,
  MAX_AUDIT_EXPORT,
} from '../../../../shared/contract/audit.ts';
import { CSV_BOM, csvText } from '../../../../shared/csv.ts';
import { dayKey } from '../../../../shared/time.ts';
import type { AuditRow } from '../../db/repos/audit-log.ts';
import { localStamp, siteZone } from '../../usecases/local-times.ts';
import type { Handlers } from '../handler.ts';

const HEADER = ['Time', 'What happened', 'Action', 'Screen or device', 'Role', 'Person', 'Detail', 'Time zone'];
const ROLES: Record<string, string> = { desk: 'desk', admin: 'admin', kiosk: 'kiosk', system: 'automatic' };

const withSentence = (row: AuditRow) => ({
  ...row,
  sentence: auditSentence(row.action, row.subject),
  who: auditWho(row),
});

export const auditHandlers: Handlers<keyof typeof auditOperations> = {
  'audit.list': (filter, { runtime }) => {
    const repo = runtime.mirror.auditLog;
    const rows = repo.list({ ...filter, limit: AUDIT_PAGE + 1 });
    return { entries: rows.slice(0, AUDIT_PAGE).map(withSentence), more: rows.length > AUDIT_PAGE, ...repo.choices() };
  },
  'audit.exportCsv': (filter, { runtime, now }) => {
    const rows = runtime.mirror.auditLog.list({ ...filter, limit: MAX_AUDIT_EXPORT });
    const zone = siteZone(runtime.config);
    const csv = csvText(
      HEADER,
      rows.map((r) => [
        localStamp(r.at, zone),
        auditSentence(r.action, r.subject),
        auditActionLabel(r.action),
        r.device,
        ROLES[r.role] ?? r.role,
        r.person,
        r.detail,
        zone,
      ]),
    );
    return { fileName: `foyer-audit-${dayKey(now(), zone)}.csv`, csv: CSV_BOM + csv, rows: rows.length };
  },
};
