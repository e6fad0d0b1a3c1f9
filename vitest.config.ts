import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    exclude: ['test/bench/**', 'node_modules/**'],
    pool: 'forks',
    reporters: ['default', ['json', { outputFile: 'test-results/vitest.json' }]],
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
