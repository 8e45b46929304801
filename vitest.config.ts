import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // PostgreSQL for the tests that ask for it (test/support/postgres.ts), started at most once per run.
    globalSetup: ['test/support/postgres-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
