#!/usr/bin/env node
// The `foyer` command. Runs the built command (out/main/cli.js, made by `npm run build` with the
// rest of the app), which starts in a tenth of the time the TypeScript sources take. It runs the
// sources through tsx instead when there is no build yet, when a source file is newer than the
// build (a developer's edit, or tests run without building first: never yesterday's code), or
// when FOYER_FROM_SOURCES=1 asks for it.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const built = new URL('../out/main/cli.js', import.meta.url);
// Everything the command is built from (the renderer is served, not run, by it).
const SOURCES = ['electron', 'shared', 'service'];

/** Why the build cannot be run, or null when it can. */
function whyNotBuilt() {
  if (process.env.FOYER_FROM_SOURCES === '1') return 'asked';
  let buildTime;
  try {
    buildTime = statSync(built).mtimeMs;
  } catch {
    return 'there is no build yet';
  }
  for (const dir of SOURCES) {
    const path = `${root}${dir}`;
    if (!existsSync(path)) continue;
    for (const entry of readdirSync(path, { recursive: true, withFileTypes: true }))
      if (entry.isFile() && statSync(`${entry.parentPath}/${entry.name}`).mtimeMs > buildTime)
        return `${dir}/ changed since the last build`;
  }
  return null;
}

// A reader that stops reading (`foyer guests | head -3`) has all it wanted: end quietly, as other commands do.
process.stdout.on('error', (error) => {
  if (error.code !== 'EPIPE') throw error;
  process.exit(process.exitCode ?? 0);
});

const reason = whyNotBuilt();
let main;
if (reason === null) ({ main } = await import(built.href));
else {
  // Said to a person only: scripts and tests read stdout and stderr, and get the same results.
  if (process.stderr.isTTY && reason !== 'asked')
    process.stderr.write(
      `foyer: ${reason}, so running from the sources (slow to start); "npm run build" makes the fast one\n`,
    );
  const { register } = await import('tsx/esm/api');
  register();
  ({ main } = await import('../electron/core/cli/main.ts'));
}
process.exitCode = await main(process.argv.slice(2));
