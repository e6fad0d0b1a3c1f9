import type { z } from 'zod';

/** How one kind of file maps to items: what each importer declares; collector, table-file and json-file do the rest. */
export interface TableSpec<T> {
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

/** A cell's value, trimmed; an empty cell is absent. */
export const present = (value: string | undefined) => {
  const trimmed = value?.trim();
  return trimmed === '' ? undefined : trimmed;
};
