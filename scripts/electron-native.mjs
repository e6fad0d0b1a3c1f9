#!/usr/bin/env node
// Builds better-sqlite3 for Electron's ABI into build/native/electron/, once per
// Electron version, leaving node_modules' Node build (used by the tests) alone.
// Needs internet: node-gyp downloads Electron's headers.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const electronVersion = require('electron/package.json').version;
const out = join(root, 'build/native/electron');
const stamp = join(out, 'electron-version.txt');
if (
  existsSync(join(out, 'better_sqlite3.node')) &&
  existsSync(stamp) &&
  readFileSync(stamp, 'utf8') === electronVersion
) {
  console.log(`better-sqlite3 for Electron ${electronVersion} is already built`);
  process.exit(0);
}
const work = join(root, 'build/native/src');
rmSync(work, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
cpSync(dirname(require.resolve('better-sqlite3/package.json')), work, { recursive: true });
console.log(`building better-sqlite3 for Electron ${electronVersion} (downloads Electron's headers)…`);
execFileSync(
  'npx',
  [
    '--yes',
    'node-gyp',
    'rebuild',
    '--release',
    `--target=${electronVersion}`,
    '--runtime=electron',
    '--dist-url=https://electronjs.org/headers',
  ],
  { cwd: work, stdio: 'inherit' },
);
cpSync(join(work, 'build/Release/better_sqlite3.node'), join(out, 'better_sqlite3.node'));
writeFileSync(stamp, electronVersion);
rmSync(work, { recursive: true, force: true });
console.log(`built ${join(out, 'better_sqlite3.node')}`);
