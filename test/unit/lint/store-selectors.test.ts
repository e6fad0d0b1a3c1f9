/**
 * The lint rule that keeps a store's selector from making a new value on
 * each call (eslint.config.js, `storeSelectorRules`): such a selector never
 * compares equal to its last answer, React renders again forever ("Maximum
 * update depth exceeded", React #185) and the desk turns white. It did, on
 * the walk-in panel's Decline and Add visitor.
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The snippets are no files of a TypeScript project: the typed rules (and their project service) are left out.
const eslint = new ESLint({
  cwd: new URL('../../../', import.meta.url).pathname,
  overrideConfig: {
    files: ['**/*.tsx'],
    languageOptions: { parserOptions: { projectService: false } },
    rules: { '@typescript-eslint/no-floating-promises': 'off', '@typescript-eslint/no-misused-promises': 'off' },
  },
});

async function refused(body: string): Promise<number> {
  const code = `import { useShallow } from 'zustand/react/shallow';
import { useMemo } from 'react';
declare const useStore: <T>(select: (s: { a: number[]; b: (x: number | null) => void; c: boolean }) => T) => T;
export function Panel() {
  ${body}
}
`;
  const [result] = await eslint.lintText(code, { filePath: 'renderer/src/features/desk/Snippet.tsx' });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-syntax').length;
}

describe('store selectors', () => {
  it.each([
    ['a function', 'return useStore(useShallow((s) => ({ cancel: () => s.b(null) })));'],
    ['a bound function', 'return useStore(useShallow((s) => ({ cancel: s.b.bind(null, 1) })));'],
    ['an object', 'return useStore(useShallow((s) => ({ both: { a: s.a, c: s.c } })));'],
    ['an array', 'return useStore(useShallow((s) => ({ list: [s.c] })));'],
    ['a filtered list', 'return useStore(useShallow((s) => ({ list: s.a.filter((n) => n > 1) })));'],
    ['a fallback array', 'return useStore(useShallow((s) => ({ list: s.c ? s.a : [] })));'],
    ['a new Set', 'return useStore(useShallow((s) => ({ set: new Set(s.a) })));'],
    ['from a block', 'return useStore(useShallow((s) => { return { list: s.a.map((n) => n * 2) }; }));'],
    ['without useShallow', 'return useStore((s) => ({ a: s.a, c: s.c }));'],
  ])('refuses %s made inside the selector', async (_what, body) => {
    expect(await refused(body)).toBe(1);
  });

  it.each([
    ['the store’s own values', 'return useStore(useShallow((s) => ({ a: s.a, b: s.b, c: s.c })));'],
    [
      'derived primitives',
      'return useStore(useShallow((s) => ({ n: s.a.length, has: s.a.find((n) => n > 1) ?? 0 })));',
    ],
    ['one value', 'return useStore((s) => s.a);'],
    ['useMemo', 'const a = useStore((s) => s.a); return useMemo(() => ({ a }), [a]);'],
  ])('accepts %s', async (_what, body) => {
    expect(await refused(body)).toBe(0);
  });
});
