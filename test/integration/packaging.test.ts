/**
 * Packaging, offline: electron-builder validates electron-builder.yml and
 * packs the app (--dir) around a stand-in Electron; the asar must hold what
 * the app needs and nothing it should not ship. (A real package needs
 * internet: see docs/desktop.md, "Packaging".)
 */
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type * as ElectronBuilder from 'electron-builder';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const root = fileURLToPath(new URL('../../', import.meta.url));

describe('packaging', () => {
  it('the configuration validates and the asar holds the app', async () => {
    expect(existsSync(join(root, 'out/main/index.js')), 'run "npm run build" first (npm test does)').toBe(true);
    const yaml = require('js-yaml') as { load(text: string): Record<string, unknown> };
    const config = yaml.load(readFileSync(join(root, 'electron-builder.yml'), 'utf8'));
    expect(config.npmRebuild).toBe(false);
    expect(config.asarUnpack).toContain('node_modules/better-sqlite3/**');

    const work = mkdtempSync(join(tmpdir(), 'foyer-pack-'));
    const electronDist = join(work, 'electron');
    mkdirSync(electronDist);
    writeFileSync(join(electronDist, 'electron'), '#!/bin/sh\necho stand-in electron\n');
    chmodSync(join(electronDist, 'electron'), 0o755);
    const native = join(work, 'better_sqlite3.node');
    writeFileSync(native, 'stand-in for the Electron-ABI build');

    const builder = require('electron-builder') as typeof ElectronBuilder;
    await builder.build({
      projectDir: root,
      targets: builder.Platform.LINUX.createTarget('dir'),
      config: {
        ...(config as object),
        electronDist,
        electronVersion: (require('electron/package.json') as { version: string }).version,
        directories: { output: join(work, 'dist') },
        // The configuration's other resources (the badge's font) come with it: electron-builder adds its file's.
        extraResources: [{ from: native, to: 'native/better_sqlite3.node' }],
      },
    });

    const resources = join(work, 'dist/linux-unpacked/resources');
    const asar = require('@electron/asar') as { listPackage(path: string): string[] };
    const files = asar.listPackage(join(resources, 'app.asar'));
    for (const needed of [
      '/package.json',
      '/out/main/index.js',
      // The foyer command, built with the app (bin/foyer.mjs runs it from a checkout).
      '/out/main/cli.js',
      '/out/preload/index.cjs',
      '/out/renderer/index.html',
      '/out/main/migrations/0001_mirror.sql',
      '/out/main/migrations/0002_outbox.sql',
      '/out/main/db/migrations/0001_init.sql',
      '/resources/demo/world.json',
      '/node_modules/better-sqlite3/package.json',
      '/node_modules/fastify/package.json',
      '/node_modules/undici/package.json',
      '/node_modules/zod/package.json',
    ])
      expect(files, needed).toContain(needed);
    // Sources, tests and renderer-only modules stay out; React is bundled into the renderer.
    expect(files.some((f) => /^\/(electron|renderer|service|shared|test)\//.test(f))).toBe(false);
    expect(files.some((f) => f.startsWith('/node_modules/react/'))).toBe(false);
    expect(files.some((f) => f.startsWith('/node_modules/vitest/'))).toBe(false);
    // Native code is unpacked from the asar; the Electron build sits in resources/native.
    expect(
      existsSync(join(resources, 'app.asar.unpacked/node_modules/better-sqlite3/build/Release/better_sqlite3.node')),
    ).toBe(true);
    expect(existsSync(join(resources, 'native/better_sqlite3.node'))).toBe(true);
    // The badge's font beside the app (electron/core/printing/fonts.ts): the Chinese subsets and Cyrillic at 400.
    expect(existsSync(join(resources, 'fonts/noto-sans-sc/unicode.json'))).toBe(true);
    expect(existsSync(join(resources, 'fonts/noto-sans-sc/files/noto-sans-sc-cyrillic-400-normal.woff'))).toBe(true);
    expect(existsSync(join(resources, 'fonts/noto-sans-sc/files/noto-sans-sc-cyrillic-700-normal.woff'))).toBe(false);
  }, 240_000);
});
