/** Runs the `foyer` command in-process, with its output captured; and makes sure the built one is current. */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
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

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const FOYER_BIN = join(ROOT, 'bin/foyer.mjs');
export const BUILT_CLI = join(ROOT, 'out/main/cli.js');

/**
 * Builds the app (npm run build) when the built command is missing or older
 * than its sources, so that bin/foyer.mjs runs the build and not the sources
 * (what a benchmark of the command must measure).
 */
export function ensureCliBuilt(): void {
  const newest = (dir: string): number =>
    Math.max(
      0,
      ...readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => statSync(join(entry.parentPath, entry.name)).mtimeMs),
    );
  const sources = Math.max(...['electron', 'shared', 'service'].map((dir) => newest(join(ROOT, dir))));
  if (existsSync(BUILT_CLI) && statSync(BUILT_CLI).mtimeMs >= sources) return;
  console.log('  (the built foyer command is missing or older than the sources: npm run build first)');
  execFileSync('npx', ['electron-vite', 'build'], { cwd: ROOT, stdio: 'pipe', timeout: 180_000 });
}
