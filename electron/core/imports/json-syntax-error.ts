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
