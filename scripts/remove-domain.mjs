#!/usr/bin/env node
/**
 * The test of the domains' shape (README, "Where each domain lives"): a
 * domain is one folder that the core does not name. In a copy of the working
 * tree (in the system's temporary folder; this tree is not touched) it
 * deletes a domain's folder, its contract file and its line in each index
 * (shared/contract/operations.ts, electron/core/domains.ts, and for a domain
 * with a command electron/core/cli/main.ts), and the tests
 * that are the domain's own; then it typechecks the node side
 * (tsconfig.node.json, which holds the tests too) and runs the core's tests
 * that remain (test/unit and test/integration/app).
 *
 *   node scripts/remove-domain.mjs roll-call|evacuation-marks|walk-ins [--web] [--keep] [--no-tests]
 *
 * A domain's own tests: its folders (test/<kind>/<domain>/) and every test or
 * bench file that imports a deleted module or calls one of its operations
 * (a string '<prefix>.something'), since such a file tests that domain, if
 * not only it. They are listed, so that what was left out of the run shows.
 *
 * `--web` also typechecks the renderer (tsconfig.web.json). The renderer's
 * screens still call the domains' operations by name, so a removed domain
 * breaks it: the errors are listed, and they do not fail the run (see
 * README). `--keep` keeps the copy. Exits 1 when the typecheck or a test fails.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The domains made removable: their folder, contract file, operations' prefix, and test folders. A domain's
 * operations are those its contract file declares: the roll call and its marks share the prefix `evacuation`
 * (the names the screens call), `evacuation.tick` in evacuation-marks.ts and the others in roll-call.ts; a
 * roll call's shapes stay in shared/contract/evacuation.ts, below both.
 */
const DOMAINS = {
  'roll-call': {
    folder: 'electron/core/roll-call',
    contract: 'shared/contract/roll-call.ts',
    prefix: 'evacuation',
    tests: ['test/unit/roll-call'],
  },
  'evacuation-marks': {
    folder: 'electron/core/evacuation-marks',
    contract: 'shared/contract/evacuation-marks.ts',
    prefix: 'evacuation',
    tests: ['test/unit/evacuation-marks'],
  },
  'walk-ins': {
    folder: 'electron/core/walk-ins',
    contract: 'shared/contract/walk-ins.ts',
    prefix: 'walkIns',
    tests: ['test/unit/walk-ins', 'test/integration/walk-ins'],
  },
};
/** The lists that name each domain once: the contract's operations, the core's domains, the command line's commands. */
const INDEXES = ['shared/contract/operations.ts', 'electron/core/domains.ts', 'electron/core/cli/main.ts'];

const [name, ...flags] = process.argv.slice(2);
const domain = DOMAINS[name];
if (!domain) {
  console.error(
    `usage: node scripts/remove-domain.mjs <${Object.keys(DOMAINS).join('|')}> [--web] [--keep] [--no-tests]`,
  );
  process.exit(2);
}
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const started = Date.now();
const say = (line) => console.log(`[remove ${name}, ${Math.round((Date.now() - started) / 1000)} s] ${line}`);

// The working tree as it is (tracked and new files), without node_modules, which is linked.
const copy = mkdtempSync(join(tmpdir(), `foyer-without-${name}-`));
const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard', '-z'], { cwd: root, encoding: 'utf8' })
  .split('\0')
  .filter((file) => file && existsSync(join(root, file)) && !file.startsWith('node_modules'));
for (const file of files) cpSync(join(root, file), join(copy, file), { recursive: true });
symlinkSync(join(root, 'node_modules'), join(copy, 'node_modules'));
say(`copied ${files.length} files to ${copy}`);

const walk = (dir) =>
  existsSync(dir) ? readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((file) => join(dir, file)) : [];
const removedModules = [
  ...walk(join(copy, domain.folder)).filter((f) => f.endsWith('.ts')),
  join(copy, domain.contract),
];

// Each index: the lines that import (or re-export) a deleted module, and the lines that are only one of the names
// they imported.
for (const index of INDEXES) {
  const path = join(copy, index);
  const lines = readFileSync(path, 'utf8').split('\n');
  const names = new Set();
  const kept = lines.filter((line) => {
    const from = /^(import|export) (?:type )?\{([^}]*)\} from '([^']+)';$/.exec(line);
    if (!from || !removedModules.includes(join(dirname(path), from[3]))) return true;
    // A re-export goes with its line; an import's names go with the lines that are only one of them.
    if (from[1] === 'import') for (const part of from[2].split(',')) names.add(part.replace(/^\s*type\s+/, '').trim());
    return false;
  });
  const out = kept.filter(
    (line) =>
      !names.has(
        line
          .trim()
          .replace(/^\.\.\./, '')
          .replace(/,$/, ''),
      ),
  );
  say(`${index}: ${lines.length - out.length} lines removed (${[...names].join(', ')})`);
  writeFileSync(path, out.join('\n'));
}

// The domain's own tests: its test folders, and every test that imports a deleted module or names an operation of it.
// Its operations are those its contract file declares, so that two domains sharing a prefix each name only theirs.
const operationNames = [
  ...readFileSync(join(copy, domain.contract), 'utf8').matchAll(
    new RegExp(`'(${domain.prefix}\\.[a-zA-Z]+)': op\\(`, 'g'),
  ),
].map(([, operation]) => operation);
if (operationNames.length === 0) throw new Error(`${domain.contract} declares no '${domain.prefix}.*' operation`);
const calls = new RegExp(`['"\`](${operationNames.join('|').replaceAll('.', '\\.')})['"\`]`);
const removedTests = [...domain.tests.flatMap((dir) => walk(join(copy, dir)))].filter((f) => f.endsWith('.ts'));
// The renderer's modules and the tests that import a deleted module go too, and so on, until none is left: the
// renderer is not the core, and its screens still name the domains (README); a test of them tests that domain.
const gone = new Set([...removedModules, ...removedTests]);
const candidates = [...walk(join(copy, 'test')), ...walk(join(copy, 'renderer/src'))].filter((f) => /\.tsx?$/.test(f));
for (let more = true; more;) {
  more = false;
  for (const file of candidates.filter((f) => !gone.has(f))) {
    const text = readFileSync(file, 'utf8');
    const imports = [...text.matchAll(/(?:from |import\()'([^']+)'/g)].some(([, spec]) =>
      gone.has(join(dirname(file), spec)),
    );
    if (imports || (file.includes('/test/') && calls.test(text))) {
      gone.add(file);
      if (file.includes(`${copy}/test/`)) removedTests.push(file);
      more = true;
    }
  }
}
const removedRenderer = [...gone].filter((f) => f.includes(`${copy}/renderer/`));
for (const file of removedRenderer) rmSync(file, { force: true });
for (const dir of domain.tests) rmSync(join(copy, dir), { recursive: true, force: true });
for (const file of removedTests) rmSync(file, { force: true });
rmSync(join(copy, domain.folder), { recursive: true, force: true });
rmSync(join(copy, domain.contract), { force: true });
say(`deleted ${domain.folder}/, ${domain.contract}, and ${removedTests.length} test files:`);
for (const file of removedTests.map((f) => relative(copy, f)).sort()) console.log(`    ${file}`);
say(`and ${removedRenderer.length} renderer modules that name it (the web typecheck shows what breaks):`);
for (const file of removedRenderer.map((f) => relative(copy, f)).sort()) console.log(`    ${file}`);

const run = (what, command, args) => {
  say(`${what}: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { cwd: copy, stdio: 'inherit' });
  say(`${what}: ${result.status === 0 ? 'passed' : `FAILED (${result.status})`}`);
  return result.status === 0;
};
let ok = run('node typecheck', 'npx', ['tsc', '-p', 'tsconfig.node.json', '--noEmit']);
if (flags.includes('--web')) {
  const web = spawnSync('npx', ['tsc', '-p', 'tsconfig.web.json', '--noEmit'], { cwd: copy, encoding: 'utf8' });
  const errors = web.stdout.split('\n').filter((line) => line.includes('error TS'));
  say(`web typecheck: ${errors.length} errors (the renderer's screens still name the domain; not counted)`);
  for (const line of errors) console.log(`    ${line}`);
}
if (!flags.includes('--no-tests'))
  ok = run('core tests', 'npx', ['vitest', 'run', '--maxWorkers', '1', 'test/unit', 'test/integration/app']) && ok;
if (!flags.includes('--keep')) rmSync(copy, { recursive: true, force: true });
say(ok ? `without ${name}, the rest typechecks and its tests pass` : `without ${name}, something broke`);
process.exit(ok ? 0 : 1);
