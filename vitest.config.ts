import { configDefaults, defineConfig } from 'vitest/config';
import { SlowestFirst } from './test/support/slowest-first.js';

/**
 * Two tiers: `unit` (pure logic, no database, no server; `npm run test:unit`) and `integration`
 * (a real database and server per file). `npm test` runs both.
 */
export default defineConfig({
  test: {
    pool: 'forks',
    maxWorkers: 2,
    // The heaviest files start first, so both workers finish together (a fresh clone has no timings).
    sequence: { sequencer: SlowestFirst },
    projects: [
      {
        extends: true,
        // Pure functions: one worker thread runs the files one after another without reloading shared modules.
        test: { name: 'unit', include: ['test/unit/**/*.test.ts'], testTimeout: 60_000, pool: 'threads', isolate: false },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, 'test/unit/**'],
          globalSetup: ['test/support/global-setup.ts'],
          // Files share a worker's loaded modules (the app, Prisma, GraphQL): importing them per file
          // took half the suite's CPU. Every file still opens its own database and server;
          // FAS_TEST_ISOLATE=1 reloads modules per file, to rule out state leaking between files.
          isolate: process.env.FAS_TEST_ISOLATE === '1',
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
