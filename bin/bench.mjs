#!/usr/bin/env node
// `npm run bench [-- NAME...]`: runs test/bench/NAME.bench.ts (all of them without a name).
import { readdirSync } from 'node:fs';
import { register } from 'tsx/esm/api';

register();
const dir = new URL('../test/bench/', import.meta.url);
const available = readdirSync(dir)
  .filter((file) => file.endsWith('.bench.ts'))
  .map((file) => file.slice(0, -'.bench.ts'.length));
const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !available.includes(name));
if (unknown.length > 0) {
  console.error(`unknown benchmark ${unknown.join(', ')}; available: ${available.join(', ')}`);
  process.exit(2);
}
let failed = false;
for (const name of wanted.length > 0 ? wanted : available) {
  console.log(`\n=== bench: ${name}`);
  const { run } = await import(new URL(`${name}.bench.ts`, dir).href);
  const ok = await run();
  if (ok === false) failed = true;
}
process.exit(failed ? 1 : 0);
