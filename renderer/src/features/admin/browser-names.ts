/** The names of foyer web's browsers as the console edits them: a line each, "address = name". */
import { BrowserNames } from '../../../../shared/contract/site.ts';

/** The lines of a text box that hold something, trimmed. */
export const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/** "192.168.1.31 = Lobby tablet", a line each, as the contract's map; or the first line it refuses, said. */
export function parseBrowserNames(text: string): { names: Record<string, string> } | { error: string } {
  const names: Record<string, string> = {};
  for (const [index, line] of lines(text).entries()) {
    const at = line.indexOf('=');
    const address = at < 0 ? '' : line.slice(0, at).trim();
    const name = at < 0 ? '' : line.slice(at + 1).trim();
    const parsed = BrowserNames.safeParse({ [address]: name });
    if (at < 0 || !parsed.success)
      return {
        error: `Line ${index + 1} (“${line.slice(0, 60)}”): ${
          at < 0 ? 'write the address, “=”, then the name' : (parsed.error?.issues[0]?.message ?? '')
        }.`,
      };
    const [key] = Object.keys(parsed.data);
    if (Object.hasOwn(names, key!)) return { error: `Line ${index + 1}: ${key} is named twice.` };
    names[key!] = parsed.data[key!]!;
  }
  const all = BrowserNames.safeParse(names);
  return all.success ? { names } : { error: all.error.issues[0]?.message ?? 'not valid' };
}

export const browserLines = (names: Record<string, string>) =>
  Object.entries(names)
    .map(([address, name]) => `${address} = ${name}`)
    .join('\n');
