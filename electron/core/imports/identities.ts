/** Permanent identities from CSV, XLSX or JSON: `accessProfiles` as group:profile pairs, `custom.<name>` columns as custom fields. */
import { PermanentIdentityItem } from '../../../shared/api/index.ts';
import { type ImportResult, type Progress, quote } from './issues.ts';
import { importJsonFile } from './json-file.ts';
import { present, type TableSpec } from './spec.ts';
import { importTableFile } from './table-file.ts';
import { tableFormat } from './tables.ts';

/** The schema's keys; custom fields come as `custom.<name>` columns instead. */
const IDENTITY_COLUMNS = PermanentIdentityItem.omit({ customFields: true }).keyof().options;

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
