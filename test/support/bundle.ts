/**
 * A script that a test starts as a process of its own, many times over (crash.test.ts kills and restarts one 20
 * times), bundled once with esbuild: `node --import tsx script.ts` spends 2 to 3 s of CPU compiling and loading
 * some 400 modules at every start, the bundle a few hundred milliseconds. Packages stay outside the bundle and
 * are loaded from node_modules, as the app's own build does (electron.vite.config.ts), and the mirror's SQL
 * migrations are copied next to it, where the mirror looks for them (new URL('./migrations/', import.meta.url)).
 */
import { cpSync, mkdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const MIGRATIONS = join(ROOT, 'electron/core/db/migrations');

/** Bundles `entry` (a .ts file) and returns the path of the bundle to run with `node`. */
export async function bundleScript(entry: string): Promise<string> {
  // Inside the project, so that the packages it imports resolve from its node_modules.
  const dir = join(ROOT, 'node_modules/.cache/foyer-tests', `${basename(entry, '.ts')}-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  const outfile = join(dir, 'script.mjs');
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'error',
  });
  cpSync(MIGRATIONS, join(dir, 'migrations'), { recursive: true });
  return outfile;
}
