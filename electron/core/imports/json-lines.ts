/**
 * Line numbers of the items of a JSON file's list (a top-level array, or the
 * first array member of a top-level object), so that errors in JSON files
 * point at a line as they do for CSV.
 */
export function itemLines(text: string): number[] {
  const lines: number[] = [];
  let line = 1;
  let depth = 0;
  let listDepth = -1;
  let inString = false;
  let expectItem = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === '\n') line++;
    if (inString) {
      if (char === '\\') i++;
      else if (char === '"') inString = false;
      continue;
    }
    if (char === ' ' || char === '\n' || char === '\r' || char === '\t') continue;
    if (expectItem && char !== ']') {
      lines.push(line);
      expectItem = false;
    }
    if (char === '"') inString = true;
    else if (char === '[' || char === '{') {
      depth++;
      if (char === '[' && listDepth === -1 && depth <= 2) {
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
