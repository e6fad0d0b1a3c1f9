/**
 * The built `foyer` command: bin/foyer.mjs runs the build when it is newer
 * than the sources and the sources otherwise, and each command loads only
 * what it needs (a module-load hook lists every module a run resolves).
 */
import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
const BUILT_CLI = join(root, 'out/main/cli.js');
const temp = mkdtempSync(join(tmpdir(), 'foyer-cli-build-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

describe('bin/foyer.mjs chooses the build or the sources', () => {
  // A checkout of its own: the real bin/foyer.mjs, and a stand-in build and sources that say which ran.
  const checkout = join(temp, 'checkout');
  const builtFile = join(checkout, 'out/main/cli.js');
  const sourceFile = join(checkout, 'electron/core/cli/main.ts');
  mkdirSync(join(checkout, 'bin'), { recursive: true });
  mkdirSync(join(checkout, 'out/main'), { recursive: true });
  mkdirSync(join(checkout, 'electron/core/cli'), { recursive: true });
  copyFileSync(join(root, 'bin/foyer.mjs'), join(checkout, 'bin/foyer.mjs'));
  writeFileSync(join(checkout, 'package.json'), '{ "type": "module" }');
  symlinkSync(join(root, 'node_modules'), join(checkout, 'node_modules'), 'dir');
  const standIn = (which: string) =>
    `export async function main(argv: string[]) { process.stdout.write('${which} ' + argv.join(' ')); return 3; }\n`;
  writeFileSync(sourceFile, standIn('sources'));
  const run = (env: Record<string, string> = {}) =>
    spawnSync(process.execPath, [join(checkout, 'bin/foyer.mjs'), 'status', '--json'], {
      encoding: 'utf8',
      env: { ...process.env, FOYER_FROM_SOURCES: '', ...env },
    });
  const writeBuild = (ageSeconds: number) => {
    writeFileSync(builtFile, standIn('built').replace('argv: string[]', 'argv'));
    const at = Date.now() / 1000 - ageSeconds;
    utimesSync(builtFile, at, at);
    utimesSync(sourceFile, at - 60, at - 60);
  };

  it('runs the sources through tsx while there is no build', () => {
    rmSync(builtFile, { force: true });
    const result = run();
    expect(result.stdout).toBe('sources status --json');
    expect(result.status).toBe(3);
    // Not a terminal: nothing added to what scripts read.
    expect(result.stderr).toBe('');
  });

  it('runs the build when it is newer than every source', () => {
    writeBuild(10);
    const result = run();
    expect(result.stdout).toBe('built status --json');
    expect(result.status).toBe(3);
  });

  it('runs the sources when one changed after the build, or when asked to', () => {
    writeBuild(10);
    expect(run({ FOYER_FROM_SOURCES: '1' }).stdout).toBe('sources status --json');
    writeFileSync(sourceFile, readFileSync(sourceFile, 'utf8')); // edited now
    expect(run().stdout).toBe('sources status --json');
  });

  it('ends quietly when the reader stops reading (foyer guests | head -3)', () => {
    // A command writing far more than a pipe holds, read by a shell pipeline that takes one line and closes.
    writeFileSync(
      builtFile,
      `export async function main() { for (let i = 0; i < 20000; i++) process.stdout.write('guest ' + i + '\\n'); await new Promise((r) => setTimeout(r, 200)); return 0; }\n`,
    );
    const result = spawnSync(
      '/bin/sh',
      [
        '-c',
        `"${process.execPath}" "${join(checkout, 'bin/foyer.mjs')}" guests 2>"${join(temp, 'epipe.txt')}" | head -1`,
      ],
      { encoding: 'utf8', env: { ...process.env, FOYER_FROM_SOURCES: '' } },
    );
    expect(result.stdout).toBe('guest 0\n');
    expect(readFileSync(join(temp, 'epipe.txt'), 'utf8')).toBe('');
  });
});

describe('the built command loads what the command needs', () => {
  // Records every module a run resolves (Node's module hooks run in a thread of their own).
  const hook = join(temp, 'hook.mjs');
  writeFileSync(
    hook,
    `import { appendFileSync } from 'node:fs';
export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  appendFileSync(process.env.FOYER_LOADED, result.url + '\\n');
  return result;
}
`,
  );
  const register = join(temp, 'register.mjs');
  writeFileSync(
    register,
    `import { register } from 'node:module';\nregister(${JSON.stringify(pathToFileURL(hook).href)});\n`,
  );

  function loaded(...argv: string[]) {
    expect(existsSync(BUILT_CLI), 'run "npm run build" first (npm test does)').toBe(true);
    const log = join(temp, `loaded-${argv[0]}.txt`);
    const script = `const { main } = await import(${JSON.stringify(pathToFileURL(BUILT_CLI).href)});
process.exitCode = await main(${JSON.stringify(argv)});`;
    const result = spawnSync(process.execPath, ['--import', register, '--input-type=module', '-e', script], {
      encoding: 'utf8',
      env: { ...process.env, FOYER_LOADED: log },
    });
    expect(result.status, result.stderr).toBe(0);
    return { out: result.stdout, modules: readFileSync(log, 'utf8').split('\n').filter(Boolean) };
  }
  const packages = (modules: string[]) =>
    [...new Set(modules.map((url) => /node_modules\/((@[^/]+\/)?[^/]+)/.exec(url)?.[1]).filter(Boolean))].sort();

  it('foyer --help: no package at all', () => {
    const { out, modules } = loaded('--help');
    expect(out).toContain('Usage: foyer <command>');
    expect(packages(modules)).toEqual([]);
    expect(modules.every((url) => !url.includes('/electron/') && !url.includes('/service/'))).toBe(true);
  });

  it('foyer config get: neither SQLite nor the reference service', () => {
    const dataDir = join(temp, 'data');
    const { out, modules } = loaded('config', 'get', 'locationId', '--data-dir', dataDir);
    expect(out.trim()).toBe('10');
    expect(packages(modules)).not.toContain('better-sqlite3');
    expect(packages(modules)).not.toContain('fastify');
  });

  it('foyer status: the mirror, but not the reference service', () => {
    const dataDir = join(temp, 'data');
    const { out, modules } = loaded('status', '--data-dir', dataDir);
    expect(out).toContain('Nothing pulled yet');
    expect(packages(modules)).toContain('better-sqlite3');
    expect(packages(modules)).not.toContain('fastify');
    expect(packages(modules)).not.toContain('undici');
  });
});
