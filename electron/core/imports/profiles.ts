/** Access profiles from CSV, XLSX or JSON. */
import { AccessProfileItem } from '../../../shared/api/index.ts';
import type { ImportResult, Progress } from './issues.ts';
import { importJsonFile } from './json-file.ts';
import { present, type TableSpec } from './spec.ts';
import { importTableFile } from './table-file.ts';
import { tableFormat } from './tables.ts';

const PROFILE_COLUMNS = AccessProfileItem.keyof().options;

const profileSpec: TableSpec<AccessProfileItem> = {
  what: 'access profiles',
  columns: PROFILE_COLUMNS,
  requireOneOf: ['sourceId'],
  schema: AccessProfileItem,
  build(cells) {
    const raw: Record<string, unknown> = {};
    for (const column of PROFILE_COLUMNS)
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
