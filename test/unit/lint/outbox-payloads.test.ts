/**
 * Outbox rows outlive upgrades: what they hold is parsed with a schema where
 * it is read, never cast. The lint rule says so, tried on snippets, and the
 * outbox's files keep to it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = new URL('../../../', import.meta.url).pathname;

// The snippets are no files of a TypeScript project: the typed rules (and their project service) are left out.
const eslint = new ESLint({
  cwd: root,
  overrideConfig: {
    files: ['**/*.ts'],
    languageOptions: { parserOptions: { projectService: false } },
    rules: { '@typescript-eslint/no-floating-promises': 'off', '@typescript-eslint/no-misused-promises': 'off' },
  },
});

async function restricted(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
}

const CAST = 'export const payload = (text: string) => JSON.parse(text) as { checkInId: number };\n';

describe('outbox payloads are parsed, not cast', () => {
  it.each([
    ['electron/core/outbox/send.ts'],
    ['electron/core/outbox/new-part.ts'],
    ['electron/core/db/repos/outbox.ts'],
  ])('lint refuses JSON.parse(...) as ... in %s', async (file) => {
    expect(await restricted(file, CAST)).toEqual([expect.stringContaining('Parse stored JSON with a schema')]);
  });

  it('lint lets a schema parse the same text', async () => {
    const parsed =
      "import { z } from 'zod';\nexport const payload = (text: string) => z.object({ checkInId: z.number() }).parse(JSON.parse(text));\n";
    expect(await restricted('electron/core/outbox/send.ts', parsed)).toEqual([]);
  });

  it('no file of the outbox casts what JSON.parse gives', () => {
    const dir = `${root}electron/core/outbox/`;
    const files = [...readdirSync(dir).map((name) => `${dir}${name}`), `${root}electron/core/db/repos/outbox.ts`];
    const casts = files.filter((file) =>
      /JSON\.parse\((?:[^()]|\([^()]*\))*\)\s*\)?\s*as\b/.test(readFileSync(file, 'utf8')),
    );
    expect(casts).toEqual([]);
  });
});
