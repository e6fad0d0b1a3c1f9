/**
 * One pass over a JSON file's text, without recursion: the line numbers of
 * the items of its list (a top-level array, or the `member` array of a
 * top-level object), so that errors in JSON files point at a line as they do
 * for CSV; and the line where it nests too deep, so that a file no recursive
 * code (JSON.stringify of the request body, schema checks) could handle is
 * refused before any of them sees it.
 */

/** Arrays and objects inside each other: a list of items with custom fields needs a handful; 64 leaves room. */
export const MAX_JSON_DEPTH = 64;

export interface JsonOutline {
  /** The line where each item of the list starts. */
  lines: number[];
  /** The first line where arrays and objects nest deeper than the limit, or null. */
  tooDeepAt: number | null;
}

export function outlineJson(text: string, member?: string, maxDepth = MAX_JSON_DEPTH): JsonOutline {
  const lines: number[] = [];
  let line = 1;
  let depth = 0;
  let listDepth = -1;
  let listDone = false;
  let inString = false;
  let stringStart = -1;
  let lastString = '';
  let key: string | undefined; // the member of the top-level object whose value comes next
  let expectItem = false;
  let topIsArray: boolean | undefined;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === '\n') line++;
    if (inString) {
      if (char === '\\') i++;
      else if (char === '"') {
        inString = false;
        lastString = text.slice(stringStart + 1, i);
      }
      continue;
    }
    if (char === ' ' || char === '\n' || char === '\r' || char === '\t') continue;
    if (expectItem && char !== ']') {
      lines.push(line);
      expectItem = false;
    }
    if (char === '"') {
      inString = true;
      stringStart = i;
    } else if (char === ':' && depth === 1) key = lastString;
    else if (char === '[' || char === '{') {
      depth++;
      if (depth > maxDepth) return { lines, tooDeepAt: line };
      if (depth === 1) topIsArray = char === '[';
      const wanted =
        depth === 1 ? topIsArray : depth === 2 && topIsArray === false && member !== undefined && key === member;
      if (char === '[' && listDepth === -1 && !listDone && wanted) {
        listDepth = depth;
        expectItem = true;
      }
    } else if (char === ']' || char === '}') {
      // The list ends here; the rest of the text is still read for its depth.
      if (depth === listDepth) {
        listDepth = -1;
        listDone = true;
      }
      depth--;
      expectItem = false;
    } else if (char === ',' && depth === listDepth) expectItem = true;
  }
  return { lines, tooDeepAt: null };
}

/** The line where each item of the list starts. */
export const itemLines = (text: string, member?: string): number[] => outlineJson(text, member, Infinity).lines;
