/**
 * The lint rules that keep the layers apart, tried on snippets: the core
 * imports no Electron, and of the reference service only service/embed.ts.
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The snippets are no files of a TypeScript project: the typed rules (and their project service) are left out.
const eslint = new ESLint({
  cwd: new URL('../../../', import.meta.url).pathname,
  overrideConfig: {
    files: ['**/*.ts'],
    languageOptions: { parserOptions: { projectService: false } },
    rules: { '@typescript-eslint/no-floating-promises': 'off', '@typescript-eslint/no-misused-promises': 'off' },
  },
});

async function restricted(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('electron/core imports', () => {
  it('may use service/embed.ts', async () => {
    expect(
      await restricted(
        'electron/core/embedded.ts',
        "import { startDemoService } from '../../service/embed.ts';\nvoid startDemoService;\n",
      ),
    ).toEqual([]);
  });

  it.each([
    ['../../service/index.ts'],
    ['../../service/cli.ts'],
    ['../../../service/store/context.ts'],
    ['../../service/demo/world-path.ts'],
  ])('may not import %s', async (path) => {
    const file = path.startsWith('../../../') ? 'electron/core/cli/x.ts' : 'electron/core/x.ts';
    expect(await restricted(file, `import * as s from '${path}';\nvoid s;\n`)).toEqual([
      expect.stringContaining('service/embed.ts only'),
    ]);
  });

  it('still may not import electron', async () => {
    expect(await restricted('electron/core/x.ts', "import { app } from 'electron';\nvoid app;\n")).toEqual([
      expect.stringContaining('Only electron/main'),
    ]);
  });
});
