/** Runs the `foyer` command in-process, with its output captured. */
import { main } from '../../electron/core/cli/main.ts';

export function memoryOutput(isTTY = false) {
  const output = { text: '', isTTY, write: (t: string) => void (output.text += t) };
  return output;
}

export async function runFoyer(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const out = memoryOutput();
  const err = memoryOutput();
  const code = await main(argv, out, err);
  return { code, out: out.text, err: err.text };
}
