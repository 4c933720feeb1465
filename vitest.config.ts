import { defineConfig } from 'vitest/config';
import { preactAliases } from './apps/web/preact-aliases.ts';

// Two tiers here (STYLE.md "Tests"): pure unit tests, and API tests that start the real server
// on a fresh database (TEST_DB=pglite by default, TEST_DB=postgres with TEST_DATABASE_URL).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/**/*.test.ts',
            'apps/web/src/**/*.test.ts',
            'apps/server/src/lib/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          environment: 'node',
        },
        // The web's code runs on Preact (apps/web/preact-aliases.ts), here as in the build.
        resolve: { alias: preactAliases },
      },
      {
        test: {
          name: 'api',
          // *.pg.test.ts need a real PostgreSQL server (concurrency, benchmarks of invariants).
          include: ['apps/server/src/modules/**/*.test.ts', 'apps/server/src/*.test.ts'],
          exclude: process.env.TEST_DB === 'postgres' ? [] : ['**/*.pg.test.ts'],
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
    ],
  },
});
