import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { formatPath } from '../../../shared/api/errors.ts';
import { Collector } from './collector.ts';
import { clip, ECHO_CHARS, ImportError, type ImportResult } from './issues.ts';
import { syntaxErrorOffset } from './json-syntax-error.ts';
import { binaryKindOf, notText } from './magic.ts';
import { MAX_JSON_DEPTH, outlineJson } from './json-lines.ts';
import type { TableSpec } from './spec.ts';

/** A JSON file: an array of items, or `{ "<member>": [items] }` (the API's own body shape). */
export function importJsonFile<T>(
  path: string,
  member: string,
  spec: Pick<TableSpec<T>, 'schema' | 'uniqueKeys'>,
): ImportResult<T> {
  const file = basename(path);
  const bytes = readFileSync(path);
  const binary = binaryKindOf(bytes);
  if (binary) throw notText(file, 'a JSON text file', binary);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
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
