/** Events with their invitations: JSON as the API's bodies, or one table row per invitation grouped by event. */
import { z } from 'zod';
import { EventSyncItem, InvitationItem } from '../../../shared/api/index.ts';
import { type ImportResult, type Progress, quote } from './issues.ts';
import { importJsonFile } from './json-file.ts';
import { present, type TableSpec } from './spec.ts';
import { importTableFile } from './table-file.ts';
import { tableFormat } from './tables.ts';

/** One CSV row per invitation: its event's columns repeat, and must agree, on every row of that event. */
const invitationRowSchema = z.strictObject({
  event: EventSyncItem.omit({ invitations: true, accessProfiles: true, customFields: true, updatedAt: true }),
  invitation: InvitationItem.omit({ customFields: true }).optional(),
});
type InvitationRow = z.output<typeof invitationRowSchema>;

// The columns are the schemas' own keys: a field added to the API's items is a column at once.
const EVENT_FIELDS = invitationRowSchema.shape.event.keyof().options;
const INVITATION_FIELDS = invitationRowSchema.shape.invitation.unwrap().keyof().options;
const EVENT_COLUMNS = [...EVENT_FIELDS.map((f) => `event.${f}`), ...INVITATION_FIELDS.map((f) => `invitation.${f}`)];

const eventRowSpec: TableSpec<InvitationRow> = {
  what: 'events',
  columns: EVENT_COLUMNS,
  requireOneOf: ['event.sourceId'],
  schema: invitationRowSchema,
  build(cells, issue) {
    const event: Record<string, unknown> = {};
    const invitation: Record<string, unknown> = {};
    for (const field of EVENT_FIELDS) {
      const value = present(cells[`event.${field}`]);
      if (value === undefined) continue;
      if (field === 'locationId' || field === 'entranceId') {
        if (!/^\d+$/.test(value)) issue(`event.${field}`, `${quote(value)} is not a whole number`);
        event[field] = Number(value);
      } else if (field === 'draft') {
        if (!/^(true|false|yes|no|1|0)$/i.test(value)) issue('event.draft', `${quote(value)} is not true or false`);
        event[field] = /^(true|yes|1)$/i.test(value);
      } else event[field] = value;
    }
    for (const field of INVITATION_FIELDS) {
      const value = present(cells[`invitation.${field}`]);
      if (value !== undefined) invitation[field] = value;
    }
    return Object.keys(invitation).length > 0 ? { event, invitation } : { event };
  },
  columnOf: (path) => `${String(path[0])}.${String(path[1] ?? '')}`,
  uniqueKeys: (row) => [
    {
      column: 'invitation.sourceId',
      value: row.invitation ? `${row.event.sourceId}\u0000${row.invitation.sourceId}` : undefined,
    },
  ],
};

export async function importEvents(path: string, onProgress?: Progress): Promise<ImportResult<EventSyncItem>> {
  if (tableFormat(path) === 'json')
    return importJsonFile(path, 'events', {
      schema: EventSyncItem,
      uniqueKeys: (e) => [{ column: 'sourceId', value: e.sourceId }],
    });
  const rows = await importTableFile(path, eventRowSpec, onProgress);
  // Group rows by event; an event's columns must not contradict themselves.
  const events = new Map<
    string,
    { event: InvitationRow['event']; invitations: InvitationItem[]; line: number | null }
  >();
  const issues = [...rows.issues];
  let invalidRows = rows.invalidRows;
  rows.items.forEach((row, index) => {
    const line = rows.lines[index] ?? null;
    const known = events.get(row.event.sourceId);
    if (!known) {
      events.set(row.event.sourceId, {
        event: { ...row.event },
        invitations: row.invitation ? [row.invitation] : [],
        line,
      });
      return;
    }
    // A row that contradicts its event's earlier rows is invalid as a whole: neither its event
    // columns nor its invitation are taken.
    // The same fields are written back, each from a row that passed the same schema.
    const stored: Record<string, unknown> = known.event;
    const contradictions = Object.entries(row.event).filter(
      ([field, value]) => value !== undefined && stored[field] !== undefined && stored[field] !== value,
    );
    for (const [field, value] of contradictions)
      issues.push({
        file: rows.file,
        line,
        column: `event.${field}`,
        message: `${quote(String(value))} differs from ${quote(String(stored[field]))} on line ${known.line} for the same event ${quote(row.event.sourceId)}`,
      });
    if (contradictions.length > 0) {
      invalidRows++;
      return;
    }
    for (const [field, value] of Object.entries(row.event)) if (value !== undefined) stored[field] = value;
    if (row.invitation) known.invitations.push(row.invitation);
  });
  const grouped = [...events.values()];
  return {
    ...rows,
    items: grouped.map((e): EventSyncItem => ({ ...e.event, invitations: e.invitations })),
    lines: grouped.map((e) => e.line),
    issues,
    invalidRows,
  };
}
