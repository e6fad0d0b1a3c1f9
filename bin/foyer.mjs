#!/usr/bin/env node
// The `foyer` command. Runs the TypeScript sources through tsx, so it works
// right after `npm ci`, with no build step.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../electron/core/cli/main.ts');
process.exitCode = await main(process.argv.slice(2));
