/**
 * Run before every file of the `pure` project (vitest.config.ts): the bundled variants loaded, as in every program
 * that words texts (the bot and its pad load the registry at start-up, the CLI and the render workers the variant they
 * use). A variant declares the French grammar of its names in its own definition (`defineVariant({ french })`,
 * docs/locales.md "French place names"), so a French text about `Qin` reads `Le Qin` once Warring States is defined,
 * as it does wherever a game of it is played; a test of the catalogues alone sees the same.
 */
await import('../../src/variants/index.js');
