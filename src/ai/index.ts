/**
 * Computer players (docs/ai.md): pure functions of what a seat may see (the position, its power, the game's
 * options, who is seated) and a seed. No I/O and no clock: the same request gives the same answer, so the bot can
 * run them in a worker thread and the CLI's `ai` commands print them.
 */
export { aiOrders, strongPlayer } from './player.js';
export { aiDeclarations } from './declare.js';
export { aiStartChoice } from './start.js';
export { dumbBot } from './baselines/dumbbot.js';
export { holdBot, randBot } from './baselines/floor.js';
export { toTexts } from './orders.js';
export type { Player } from './types.js';
export { LEVELS, type Level } from './levels.js';
