import { defineConfig } from 'vitest/config';

/** One run for the whole repo: domain rules, server (unit and API on a real database), web. */
export default defineConfig({
  test: {
    // Vitest's default here was one worker on this 2-core machine (measured: 239 s for the
    // whole run against 149 s with two; three gained 10 s more and more timing noise).
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'domain',
          include: ['packages/domain/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: { name: 'scripts', include: ['scripts/**/*.test.mjs'], environment: 'node' },
      },
      {
        // The benchmark's own code (its report), not benchmarks: those run by `npm run bench`.
        test: { name: 'bench', include: ['bench/**/*.test.ts'], environment: 'node' },
      },
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/test-setup.ts'],
          // A hang detector, not a speed check: typing a whole form in jsdom on a loaded
          // 2-core machine can take a while.
          testTimeout: 60_000,
        },
      },
    ],
  },
});
