#!/usr/bin/env node
// `npm test`: the static checks and the build side by side (each is one thread: on a machine of N cores, N of
// them at a time), then every test (vitest, which runs test files in parallel itself). Each step's output is
// printed whole when it ends, under its name; the end says how long each step took, so that what makes the suite
// slow is in every run's output. Exits non-zero, before the tests, when a check fails.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => join(root, 'node_modules', '.bin', name);

/** Longest first, so that the short ones fill the other cores meanwhile. */
const checks = [
  { name: 'lint (typed)', command: bin('eslint'), args: ['.', '--max-warnings', '0'] },
  { name: 'typecheck (node)', command: bin('tsc'), args: ['-p', 'tsconfig.node.json'] },
  { name: 'typecheck (web)', command: bin('tsc'), args: ['-p', 'tsconfig.web.json'] },
  { name: 'build', command: bin('electron-vite'), args: ['build'] },
  { name: 'formatting', command: bin('prettier'), args: ['--check', '.', '--log-level', 'warn'] },
];

const seconds = (ms) => `${(ms / 1000).toFixed(0)} s`;

/** Runs one step with its output kept, and prints it when the step ends. */
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

async function all(steps, width) {
  const results = [];
  let next = 0;
  const lane = async () => {
    while (next < steps.length) results.push(await run(steps[next++]));
  };
  await Promise.all(Array.from({ length: Math.min(width, steps.length) }, lane));
  return results;
}

const started = Date.now();
const width = Math.max(1, availableParallelism());
console.log(`--- checks and build, ${width} at a time: ${checks.map((c) => c.name).join(', ')}`);
const results = await all(checks, width);
const failed = results.filter((r) => !r.ok);
if (failed.length === 0) {
  console.log('--- tests (vitest)');
  results.push(await run({ name: 'tests', command: bin('vitest'), args: ['run'] }, { inherit: true }));
}
console.log(
  `--- took ${seconds(Date.now() - started)} in all: ${results.map((r) => `${r.name} ${seconds(r.ms)}`).join(', ')}`,
);
const failures = results.filter((r) => !r.ok);
if (failures.length) {
  console.log(`--- failed: ${failures.map((r) => r.name).join(', ')}`);
  process.exit(1);
}
