#!/usr/bin/env node
// `npm test`: the build, then every test (vitest, which runs test files in parallel itself) with the static checks
// beside it, one after another in one lane. The tests spend most of their time waiting (on Chromium, on servers,
// on timers): on 2 cores they keep about one core busy, and the checks (one thread each) fill the other, so the
// checks cost the run almost no time. Each check's output is printed whole when it ends, under its name; the end
// says how long each step took, so that what makes the suite slow is in every run's output. Exits non-zero when
// anything failed; a failed build stops the run before the tests (the end-to-end tests load what it built).
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => join(root, 'node_modules', '.bin', name);

const build = { name: 'build', command: bin('electron-vite'), args: ['build'] };
const tests = { name: 'tests', command: bin('vitest'), args: ['run'] };
/** Longest first: it ends while the tests still run. */
const checks = [
  { name: 'lint (typed)', command: bin('eslint'), args: ['.', '--max-warnings', '0'] },
  { name: 'typecheck (node)', command: bin('tsc'), args: ['-p', 'tsconfig.node.json'] },
  { name: 'typecheck (web)', command: bin('tsc'), args: ['-p', 'tsconfig.web.json'] },
  { name: 'formatting', command: bin('prettier'), args: ['--check', '.', '--log-level', 'warn'] },
];

const seconds = (ms) => `${(ms / 1000).toFixed(0)} s`;

/** Runs one step, its output kept and printed when it ends (or passed through, for vitest's live progress). */
function run({ name, command, args }, { inherit = false } = {}) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: inherit ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.on('error', (error) => output.push(Buffer.from(`${String(error)}\n`)));
    child.on('close', (code) => {
      const ms = Date.now() - started;
      const ok = code === 0;
      const text = Buffer.concat(output).toString().trimEnd();
      console.log(`--- ${name}: ${ok ? 'passed' : `FAILED (exit ${code})`} in ${seconds(ms)}`);
      if (text) console.log(text);
      resolve({ name, ok, ms });
    });
  });
}

async function inTurn(steps) {
  const results = [];
  for (const step of steps) results.push(await run(step));
  return results;
}

const started = Date.now();
const results = [await run(build)];
if (results[0].ok) {
  console.log(`--- tests (vitest), and beside them in turn: ${checks.map((c) => c.name).join(', ')}`);
  const [tested, checked] = await Promise.all([run(tests, { inherit: true }), inTurn(checks)]);
  results.push(...checked, tested);
}
console.log(
  `--- took ${seconds(Date.now() - started)} in all: ${results.map((r) => `${r.name} ${seconds(r.ms)}`).join(', ')}`,
);
const failures = results.filter((r) => !r.ok);
if (failures.length) {
  console.log(`--- failed: ${failures.map((r) => r.name).join(', ')}`);
  process.exit(1);
}
