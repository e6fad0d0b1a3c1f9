#!/usr/bin/env node
// `npm run bench [-- NAME...]`: runs test/bench/NAME.bench.ts (all of them without a name), each in a
// process of its own, so that one benchmark's heap and warm caches do not show in the next one's figures.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

const dir = new URL('../test/bench/', import.meta.url);
const available = readdirSync(dir)
  .filter((file) => file.endsWith('.bench.ts'))
  .map((file) => file.slice(0, -'.bench.ts'.length));

const child = process.argv[2] === '--child';
const wanted = process.argv.slice(child ? 3 : 2);
const unknown = wanted.filter((name) => !available.includes(name));
if (unknown.length > 0) {
  console.error(`unknown benchmark ${unknown.join(', ')}; available: ${available.join(', ')}`);
  process.exit(2);
}

if (child) {
  register();
  const { run } = await import(new URL(`${wanted[0]}.bench.ts`, dir).href);
  process.exit((await run()) === false ? 1 : 0);
}

let failed = false;
for (const name of wanted.length > 0 ? wanted : available) {
  console.log(`\n=== bench: ${name}`);
  const { status } = spawnSync(process.execPath, [fileURLToPath(import.meta.url), '--child', name], {
    stdio: 'inherit',
  });
  if (status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
