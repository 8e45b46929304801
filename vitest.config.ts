import { configDefaults, defineConfig } from 'vitest/config';

/**
 * The suites that run on PostgreSQL too: the game layer (use-cases, scheduler, outbox, card game) over its store, and
 * the end-to-end files that reach the database only through the bot.
 */
const ON_BOTH_DATABASES = [
  'test/game/**/*.test.ts',
  'test/variants/mandate-of-heaven/game.test.ts',
  'test/variants/mandate-of-heaven/ballot-secrecy.test.ts',
  // End to end through the stand-in (test/bot/harness.ts): the files that read the store only through the bot.
  ...[
    'abuse',
    'campaign',
    'computer-create',
    'gm',
    'gm-edit',
    'identities',
    'logs',
    'maps',
    'muster',
    'order-replies',
    'pauses',
    'pins',
    'players',
    'press',
    'ratings',
    'replay-limits',
    'router',
    'seats-end',
    'secrecy',
    'spectators',
    'variants',
    'warhammer-limits',
    'warhammer',
  ].map((name) => `test/bot/${name}.e2e.test.ts`),
];

/**
 * Files that replace a module of the bot (`vi.mock`): they need a module graph of their own, so they run isolated.
 * Every other file shares its worker's modules with the files before it (`isolate: false`: each file imports the
 * bot once per worker rather than once per file, which was a third of the suite's time); a file must therefore
 * leave no state behind (timers, mocks, globals) (docs/architecture.md "Modules shared between test files").
 */
const OWN_MODULES = ['test/bot/final-chart.e2e.test.ts'];

export default defineConfig({
  test: {
    // PostgreSQL for the tests that ask for it (test/support/postgres.ts), started at most once per project.
    globalSetup: ['test/support/postgres-setup.ts'],
    // Two cores: three workers keep both busy while the database and browser tests wait on I/O.
    maxWorkers: 3,
    testTimeout: 60_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'sqlite',
          include: ['test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...OWN_MODULES],
          isolate: false,
        },
      },
      { extends: true, test: { name: 'sqlite-isolated', include: OWN_MODULES } },
      // The same game suites again, their stores on PostgreSQL (test/game/helpers.ts `makeEnv`).
      {
        extends: true,
        test: { name: 'postgres', include: ON_BOTH_DATABASES, isolate: false, provide: { testStore: 'postgres' } },
      },
    ],
  },
});
