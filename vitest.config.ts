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
    'table-edges',
    'variants',
    'warhammer-limits',
    'warhammer',
  ].map((name) => `test/bot/${name}.e2e.test.ts`),
];

/**
 * Files of those suites that never open a database (the game layer's pure parts: clock, phase machine, scoring,
 * parsers, the worker pool): the second run would only import them again.
 */
const NO_DATABASE = [
  'test/game/ai-pool/pool.test.ts',
  'test/game/cards/engine-refusals.test.ts',
  'test/game/cards/outbox.test.ts',
  'test/game/core/clock.test.ts',
  'test/game/core/durations.test.ts',
  'test/game/core/variant-of-game.test.ts',
  'test/game/core/loop-turns.test.ts',
  'test/game/core/reasons.test.ts',
  'test/game/core/summary.test.ts',
  'test/game/core/variant-reasons.test.ts',
  'test/game/history/export.test.ts',
  'test/game/orders/order-check.test.ts',
  'test/game/orders/problems.test.ts',
  'test/game/phase/duties.test.ts',
  'test/game/phase/machine.test.ts',
  'test/game/phase/transition.test.ts',
  'test/game/scores/ratings.test.ts',
  'test/game/scores/scoring.test.ts',
  'test/game/settings/registry.test.ts',
];

/**
 * The pure suites (rules, computer players, catalogues, the import graph): no store, no bot, no worker. They share
 * each worker's modules with the files before them (`isolate: false`), so the engine and the variants are imported
 * once per worker rather than once per file.
 */
const PURE_SUITES = [
  'test/engine/**/*.test.ts',
  'test/ai/**/*.test.ts',
  'test/cardgame/**/*.test.ts',
  'test/i18n/**/*.test.ts',
  'test/architecture/**/*.test.ts',
];

/**
 * Every other file shares its worker's modules too (importing the bot anew for every file was about half of the
 * suite's time): each file opens its own database, stand-in, bot, browser and closes them. The files below need a
 * module graph of their own and run isolated, first (vitest queues the projects by name: docs/testing.md): a module
 * replaced for the file (`vi.mock`), a check of what the first use of a worker does (docs/testing.md "Modules shared
 * between test files").
 */
const OWN_MODULES = [
  'test/bot/final-chart.e2e.test.ts',
  'test/bot/cards-computer-create.e2e.test.ts',
  'test/bot/locales-mandate.e2e.test.ts',
];

/** What a file sharing its worker's modules starts with: no internal error left by the file before it. */
const FRESH_FILE = 'test/support/fresh-file.ts';

export default defineConfig({
  test: {
    // One folder for the run's temporary files (removed at its end); PostgreSQL for the tests that ask for it
    // (test/support/postgres.ts), started at most once per project.
    globalSetup: ['test/support/temp-root.ts', 'test/support/postgres-setup.ts', 'test/support/bot-build-setup.ts'],
    // Two cores: three workers keep both busy while the database and browser tests wait on I/O.
    maxWorkers: 3,
    // Transformed modules kept on disk between runs (node_modules/.experimental-vitest-cache, keyed by each file's
    // content): a second run skips most of the transform work (19 s -> 6 s for test/store and test/cli here).
    experimental: { fsModuleCache: true },
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // `expect.poll` waits for what a bot, browser or worker does next: vitest's 1 s default fails a passing test on a
    // loaded machine (three workers on two cores); a poll still ends as soon as its condition holds.
    expect: { poll: { timeout: 10_000 } },
    projects: [
      {
        extends: true,
        test: {
          name: 'sqlite',
          include: ['test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...PURE_SUITES, ...OWN_MODULES],
          isolate: false,
          setupFiles: [FRESH_FILE],
        },
      },
      {
        extends: true,
        test: { name: 'own-modules', include: OWN_MODULES },
      },
      {
        extends: true,
        test: { name: 'pure', include: PURE_SUITES, isolate: false, setupFiles: ['test/support/variants-loaded.ts'] },
      },
      // The same game suites again, their stores on PostgreSQL (test/game/helpers.ts `makeEnv`).
      {
        extends: true,
        test: {
          name: 'postgres',
          include: ON_BOTH_DATABASES,
          exclude: [...configDefaults.exclude, ...NO_DATABASE],
          provide: { testStore: 'postgres' },
          isolate: false,
          setupFiles: [FRESH_FILE],
        },
      },
    ],
  },
});
