/**
 * The renderer's list of domains (renderer/src/domains.ts) and their folders
 * (renderer/src/domains/<domain>/) meet one to one: each folder is imported
 * there once, by its index.ts, and is listed; its plug is named as its folder.
 * Read as text: the screens' modules are the web side's (tsconfig.web.json).
 * Nothing here names a domain, so that it holds without one too
 * (scripts/remove-domain.mjs).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const src = new URL('../../../renderer/src/', import.meta.url);
const root = new URL('domains/', src);
const folders = existsSync(root)
  ? readdirSync(root, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort()
  : [];
const list = readFileSync(new URL('domains.ts', src), 'utf8');
const imports = [...list.matchAll(/^import \{ (\w+) \} from '\.\/domains\/([^/]+)\/index\.ts';$/gm)].map(
  ([, plug, folder]) => ({ plug: plug!, folder: folder! }),
);

describe("the renderer's domains", () => {
  it('are each a folder of renderer/src/domains/, imported once by its index.ts', () => {
    expect(imports.map((i) => i.folder).sort()).toEqual(folders);
  });

  it('are each listed once, on a line of its own (the line the script removes)', () => {
    for (const { plug } of imports) expect(list.match(new RegExp(`^  ${plug},$`, 'gm'))).toHaveLength(1);
  });

  it('are each named as their folder', () => {
    for (const folder of folders)
      expect(readFileSync(new URL(`${folder}/index.ts`, root), 'utf8')).toContain(`name: '${folder}',`);
  });
});
