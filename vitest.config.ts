import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';

const include = ['test/**/*.test.ts', 'test/**/*.test.tsx'];
const exclude = ['test/bench/**', 'node_modules/**'];

/**
 * Most test files share their worker's modules with the files it ran before (isolate: false): a fresh process and
 * module graph for each of 200 files cost more than half of the suite's CPU time. A file that replaces modules,
 * globals, the environment or the clock (vi.mock, vi.stubGlobal, fake timers, spies) would leak that into the next
 * file, so it runs in a worker of its own. Such files are found here by what they call: a new test needs no list.
 */
const REPLACES_SOMETHING = /\bvi\.(mock|doMock|unmock|hoisted|stubGlobal|stubEnv|useFakeTimers|resetModules|spyOn)\b/;
const ownWorker = readdirSync('test', { recursive: true, encoding: 'utf8' })
  .map((file) => join('test', file))
  .filter((file) => /\.test\.tsx?$/.test(file) && !file.startsWith(join('test', 'bench')))
  .filter((file) => REPLACES_SOMETHING.test(readFileSync(file, 'utf8')));

const common = { include, pool: 'forks' as const, testTimeout: 20_000, hookTimeout: 30_000 };

/**
 * Test files run side by side, more of them than cores: most of a file's time is spent waiting (on Chromium, on a
 * server, on a timer), and vitest's default (one fewer than the cores) ran them one at a time on 2 cores, with the
 * machine 60 % idle.
 */
const WORKERS = Number(process.env.FOYER_TEST_WORKERS) || 3;

/**
 * The files that take longest, started first when no run has left their durations yet (a fresh clone, CI): vitest
 * then orders by file size, which put the 60-second packaging test last, alone, for the run's final 25 s. Once
 * durations are cached (node_modules/.vite/vitest), vitest's own order (failed, then longest, first) stands.
 */
const LONGEST_FIRST = [
  /^test\/e2e\//,
  /^test\/integration\/packaging\.test\.ts$/,
  /^test\/integration\/outbox\/crash\.test\.ts$/,
  /^test\/integration\/hub\/cli\.test\.ts$/,
];

class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const known = (file: TestSpecification) =>
      this.ctx.cache.getFileTestResults(`${file.project.name}:${relative(this.ctx.config.root, file.moduleId)}`);
    if (sorted.every(known)) return sorted;
    const long = (file: TestSpecification) =>
      LONGEST_FIRST.some((pattern) => pattern.test(relative(this.ctx.config.root, file.moduleId)));
    return [...sorted.filter(long), ...sorted.filter((file) => !long(file))];
  }
}

export default defineConfig({
  test: {
    maxWorkers: WORKERS,
    sequence: { sequencer: LongestFirst },
    reporters: ['default', ['json', { outputFile: 'test-results/vitest.json' }]],
    projects: [
      { test: { ...common, name: 'shared', exclude: [...exclude, ...ownWorker], isolate: false } },
      { test: { ...common, name: 'own-worker', include: ownWorker, exclude, isolate: true } },
    ],
  },
});
