/**
 * Line numbers of the items of a JSON file's list (a top-level array, or the
 * `member` array of a top-level object), so that errors in JSON files point
 * at a line as they do for CSV.
 */
export function itemLines(text: string, member?: string): number[] {
  const lines: number[] = [];
  let line = 1;
  let depth = 0;
  let listDepth = -1;
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
      if (depth === 1) topIsArray = char === '[';
      const wanted =
        depth === 1 ? topIsArray : depth === 2 && topIsArray === false && member !== undefined && key === member;
      if (char === '[' && listDepth === -1 && wanted) {
        listDepth = depth;
        expectItem = true;
      }
    } else if (char === ']' || char === '}') {
      if (depth === listDepth) return lines;
      depth--;
      expectItem = false;
    } else if (char === ',' && depth === listDepth) expectItem = true;
  }
  return lines;
}
