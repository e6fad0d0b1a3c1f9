/**
 * Files to API items, with row-level validation by the strict request
 * schemas of shared/api: every issue names the file, the line and the
 * column, and says what to fix.
 */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { z } from 'zod';
import {
  AccessProfileItem,
  EventSyncItem,
  type InvitationItem,
  PermanentIdentityItem,
} from '../../../shared/api/index.ts';
import { formatPath } from '../../../shared/api/errors.ts';
import {
  clip,
  clipped,
  ImportError,
  type ImportIssue,
  type ImportResult,
  type Progress,
  quote,
  ECHO_CHARS,
} from './issues.ts';
import { MAX_JSON_DEPTH, outlineJson } from './json-lines.ts';
import { openTable, type Table, tableFormat } from './tables.ts';

/** How one kind of file maps to items. */
interface TableSpec<T> {
  what: string;
  columns: readonly string[];
  /** Columns named `<prefix><key>` are allowed too (custom fields). */
  prefix?: string;
  /** At least one of these columns must be in the header. */
  requireOneOf: readonly string[];
  schema: z.ZodType<T>;
  /** Cells to a raw item; cell-level problems go to `issue`. */
  build: (cells: Record<string, string>, issue: (column: string, message: string) => void) => Record<string, unknown>;
  /** The column a schema path points at. */
  columnOf: (path: readonly PropertyKey[]) => string;
  /** Keys that must be unique in the file (e.g. sourceId), per item. */
  uniqueKeys?: (item: T) => { column: string; value: string | undefined }[];
}

const present = (value: string | undefined) => {
  const trimmed = value?.trim();
  return trimmed === '' ? undefined : trimmed;
};

function checkHeader(
  header: string[],
  spec: { columns: readonly string[]; prefix?: string; requireOneOf: readonly string[]; what: string },
  file: string,
) {
  for (const name of header)
    if (
      !spec.columns.includes(name) &&
      !(spec.prefix && name.startsWith(spec.prefix) && name.length > spec.prefix.length)
    )
      throw new ImportError({
        file,
        line: 1,
        column: name,
        message: `unknown column for ${spec.what}; the columns are ${spec.columns.join(', ')}${spec.prefix ? `, and ${spec.prefix}<name>` : ''}`,
      });
  if (!spec.requireOneOf.some((c) => header.includes(c)))
    throw new ImportError({
      file,
      line: 1,
      column: null,
      message: `the header needs a ${spec.requireOneOf.join(' or ')} column`,
    });
}

/** Validates rows (from a table, or JSON items) into items, collecting issues. */
class Collector<T> {
  readonly items: T[] = [];
  /** The line of each item. */
  readonly lines: (number | null)[] = [];
  readonly issues: ImportIssue[] = [];
  invalidRows = 0;
  rows = 0;
  /** Per unique column: the values seen (lower case) and the line of each. */
  private readonly seen = new Map<string, Map<string, number | null>>();

  constructor(
    private readonly file: string,
    private readonly spec: Pick<TableSpec<T>, 'schema' | 'columnOf' | 'uniqueKeys'>,
  ) {}

  add(line: number | null, raw: unknown, cellIssues?: ImportIssue[]): void {
    this.rows++;
    const issues = cellIssues ?? [];
    const parsed = this.spec.schema.safeParse(raw);
    // Parsed again only when it failed, to name the values in the messages (reporting them slows every parse).
    if (!parsed.success)
      for (const issue of this.spec.schema.safeParse(raw, { reportInput: true }).error!.issues) {
        const value = typeof issue.input === 'string' ? `${quote(issue.input)}: ` : '';
        // zod's own message can name a key of the file (an unknown key): cut it too.
        issues.push({
          file: this.file,
          line,
          column: this.spec.columnOf(issue.path),
          message: value + clip(issue.message, 4 * ECHO_CHARS),
        });
      }
    else
      for (const { column, value } of this.spec.uniqueKeys?.(parsed.data) ?? []) {
        if (value === undefined) continue;
        let seen = this.seen.get(column);
        if (!seen) this.seen.set(column, (seen = new Map()));
        const key = value.toLowerCase();
        const first = seen.get(key);
        if (first !== undefined || seen.has(key))
          issues.push({
            file: this.file,
            line,
            column,
            message: `${quote(value)} is already used${first ? ` on line ${first}` : ''}; each row needs its own`,
          });
        else seen.set(key, line);
      }
    if (issues.length > 0) {
      this.invalidRows++;
      for (const issue of issues) this.issues.push(clipped(issue));
    } else if (parsed.success) {
      this.items.push(parsed.data);
      this.lines.push(line);
    }
  }

  result(format: ImportResult<T>['format']): ImportResult<T> {
    return {
      file: this.file,
      format,
      rows: this.rows,
      items: this.items,
      lines: this.lines,
      invalidRows: this.invalidRows,
      issues: this.issues,
    };
  }
}

async function importTableFile<T>(path: string, spec: TableSpec<T>, onProgress?: Progress): Promise<ImportResult<T>> {
  const table = await openTable(path, onProgress);
  try {
    checkHeader(table.header, spec, table.file);
    return await collect(table, spec);
  } finally {
    await table.close();
  }
}

async function collect<T>(table: Table, spec: TableSpec<T>): Promise<ImportResult<T>> {
  const collector = new Collector<T>(table.file, spec);
  const columns = table.header.length;
  for await (const batch of table.rows)
    for (const row of batch) {
      let issues: ImportIssue[] | undefined;
      const issue = (column: string | null, message: string) =>
        (issues ??= []).push({ file: table.file, line: row.line, column, message });
      if (row.extra > 0)
        issue(
          null,
          `this line has ${columns + row.extra} fields, the header has ${columns}; check for an unquoted delimiter`,
        );
      collector.add(row.line, spec.build(row.cells, issue), issues);
    }
  return collector.result(table.format);
}

/** A JSON file: an array of items, or `{ "<member>": [items] }` (the API's own body shape). */
function importJsonFile<T>(
  path: string,
  member: string,
  spec: Pick<TableSpec<T>, 'schema' | 'uniqueKeys'>,
): ImportResult<T> {
  const file = basename(path);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(readFileSync(path)).replace(/^\uFEFF/, '');
  } catch {
    throw new ImportError({ file, line: null, column: null, message: 'the file is not valid UTF-8; save it as UTF-8' });
  }
  // Before anything recursive sees the text: the dry run and the push must give the same answer.
  const outline = outlineJson(text, member);
  if (outline.tooDeepAt !== null)
    throw new ImportError({
      file,
      line: outline.tooDeepAt,
      column: null,
      message: `arrays and objects nest deeper than ${MAX_JSON_DEPTH} levels here; flatten the data`,
    });
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    const position = /position (\d+)/.exec((error as Error).message);
    const offset = position ? Number(position[1]) : syntaxErrorOffset(text);
    const line = offset === null ? null : text.slice(0, offset).split('\n').length;
    throw new ImportError({
      file,
      line,
      column: null,
      message: `not valid JSON: ${clip((error as Error).message, 4 * ECHO_CHARS)}`,
    });
  }
  const list = Array.isArray(json) ? json : (json as Record<string, unknown> | null)?.[member];
  if (!Array.isArray(list))
    throw new ImportError({
      file,
      line: 1,
      column: null,
      message: `expected an array of items, or an object with a "${member}" array`,
    });
  const { lines } = outline;
  const collector = new Collector<T>(file, { ...spec, columnOf: (p) => formatPath(p) });
  list.forEach((item, index) => collector.add(lines[index] ?? null, item));
  return collector.result('json');
}

/**
 * Where a JSON text goes wrong, when the parser's message does not say (V8 names
 * no position for an unexpected token): the shortest prefix that is not merely
 * cut short ends just after the offending character. Binary search, on the
 * error path only.
 */
export function syntaxErrorOffset(text: string): number | null {
  const broken = (n: number): boolean => {
    try {
      JSON.parse(text.slice(0, n));
      return false;
    } catch (error) {
      const message = (error as Error).message;
      if (/end of JSON input|Unterminated string/.test(message)) return false;
      const position = /position (\d+)/.exec(message);
      return position ? Number(position[1]) < n : true;
    }
  };
  if (!broken(text.length)) return null;
  let low = 1;
  let high = text.length;
  while (low < high) {
    const middle = Math.floor((low + high) / 2);
    if (broken(middle)) high = middle;
    else low = middle + 1;
  }
  return low - 1;
}

// ---- permanent identities ----

const IDENTITY_COLUMNS = [
  'sourceId',
  'email',
  'firstName',
  'lastName',
  'companyName',
  'startsAt',
  'endsAt',
  'accessProfiles',
  'deletedAt',
] as const;

/** `group:profile;group:profile` to access profile references. */
export function parseProfileRefs(text: string, issue: (message: string) => void) {
  const refs: { accessProfileGroupSourceId: string; sourceId: string }[] = [];
  // The common case, one pair and nothing to trim, without splitting.
  const colon = text.indexOf(':');
  if (
    colon > 0 &&
    colon < text.length - 1 &&
    text.indexOf(':', colon + 1) === -1 &&
    !text.includes(';') &&
    !/\s/.test(text)
  )
    return [{ accessProfileGroupSourceId: text.slice(0, colon), sourceId: text.slice(colon + 1) }];
  for (const part of text
    .split(';')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [group, profile, ...rest] = part.split(':').map((p) => p.trim());
    if (!group || !profile || rest.length > 0) {
      issue(
        `${quote(part)} is not group:profile; write the group's sourceId, a colon, then the profile's sourceId (pairs separated by ;)`,
      );
      continue;
    }
    refs.push({ accessProfileGroupSourceId: group, sourceId: profile });
  }
  return refs;
}

const identitySpec: TableSpec<PermanentIdentityItem> = {
  what: 'permanent identities',
  columns: IDENTITY_COLUMNS,
  prefix: 'custom.',
  requireOneOf: ['sourceId', 'email'],
  schema: PermanentIdentityItem.superRefine((item, ctx) => {
    if (!item.sourceId && !item.email)
      ctx.addIssue({ code: 'custom', path: ['sourceId'], message: 'each identity needs a sourceId or an email' });
  }),
  build(cells, issue) {
    const raw: Record<string, unknown> = {};
    let customFields: Record<string, string> | undefined;
    for (const column in cells) {
      const value = present(cells[column]);
      if (value === undefined) continue;
      if (column === 'accessProfiles') raw.accessProfiles = parseProfileRefs(value, (m) => issue('accessProfiles', m));
      else if (column.startsWith('custom.')) (customFields ??= {})[column.slice('custom.'.length)] = value;
      else raw[column] = value;
    }
    if (customFields) raw.customFields = customFields;
    return raw;
  },
  columnOf: (path) => (path[0] === 'customFields' ? `custom.${String(path[1])}` : String(path[0] ?? '')),
  uniqueKeys: (item) => [
    { column: 'sourceId', value: item.sourceId ?? undefined },
    { column: 'email', value: item.email ?? undefined },
  ],
};

export async function importIdentities(
  path: string,
  onProgress?: Progress,
): Promise<ImportResult<PermanentIdentityItem>> {
  if (tableFormat(path) === 'json') return importJsonFile(path, 'permanentIdentities', identitySpec);
  return importTableFile(path, identitySpec, onProgress);
}

// ---- access profiles ----

const profileSpec: TableSpec<AccessProfileItem> = {
  what: 'access profiles',
  columns: ['sourceId', 'name', 'description'],
  requireOneOf: ['sourceId'],
  schema: AccessProfileItem,
  build(cells) {
    const raw: Record<string, unknown> = {};
    for (const column of ['sourceId', 'name', 'description'])
      if (present(cells[column]) !== undefined) raw[column] = present(cells[column]);
    return raw;
  },
  columnOf: (path) => String(path[0] ?? ''),
  uniqueKeys: (item) => [{ column: 'sourceId', value: item.sourceId }],
};

export async function importProfiles(path: string, onProgress?: Progress): Promise<ImportResult<AccessProfileItem>> {
  if (tableFormat(path) === 'json') return importJsonFile(path, 'accessProfiles', profileSpec);
  return importTableFile(path, profileSpec, onProgress);
}

// ---- events with invitations ----

const EVENT_FIELDS = [
  'sourceId',
  'name',
  'description',
  'startsAt',
  'endsAt',
  'locationId',
  'entranceId',
  'draft',
  'deletedAt',
] as const;
const INVITATION_FIELDS = ['sourceId', 'email', 'firstName', 'lastName', 'companyName', 'deletedAt'] as const;
const EVENT_COLUMNS = [...EVENT_FIELDS.map((f) => `event.${f}`), ...INVITATION_FIELDS.map((f) => `invitation.${f}`)];

/** One CSV row per invitation: its event's columns repeat, and must agree, on every row of that event. */
const invitationRowSchema = z.strictObject({
  event: EventSyncItem.omit({ invitations: true, accessProfiles: true, customFields: true, updatedAt: true }),
  invitation: EventSyncItem.shape.invitations.unwrap().unwrap().element.optional(),
});
type InvitationRow = z.output<typeof invitationRowSchema>;

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
  const events = new Map<string, { event: EventSyncItem; line: number | null }>();
  const issues = [...rows.issues];
  let invalidRows = rows.invalidRows;
  rows.items.forEach((row, index) => {
    const line = rows.lines[index] ?? null;
    const known = events.get(row.event.sourceId);
    if (!known) {
      events.set(row.event.sourceId, {
        event: { ...row.event, invitations: row.invitation ? [row.invitation] : [] },
        line,
      });
      return;
    }
    // A row that contradicts its event's earlier rows is invalid as a whole: neither its event
    // columns nor its invitation are taken.
    const stored = known.event as Record<string, unknown>;
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
    if (row.invitation) (known.event.invitations as InvitationItem[]).push(row.invitation);
  });
  const grouped = [...events.values()];
  return { ...rows, items: grouped.map((e) => e.event), lines: grouped.map((e) => e.line), issues, invalidRows };
}
