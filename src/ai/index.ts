/**
 * Computer players (docs/ai.md): pure functions of what a seat may see (the position, its power, the game's
 * options, who is seated) and a seed. No I/O and no clock: the same request gives the same answer, so the bot can
 * run them in a worker thread and the CLI's `ai` commands print them.
 */
export { aiOrders, strongPlayer } from './player.js';
export { aiDeclarations, type DeclareRequest } from './declare.js';
export { aiStartChoice, type StartChoice, type StartOption } from './start.js';
export { DEFAULT_BUDGET } from './search.js';
export { dumbBot } from './baselines/dumbbot.js';
export { holdBot, randBot } from './baselines/floor.js';
export { toTexts, type OrderTextEntry } from './orders.js';
export type { Player, SeatRequest } from './types.js';
export {
  CARD_LEVELS,
  CLI_DEFAULT_LEVEL,
  GAME_DEFAULT_LEVEL,
  isLevel,
  LEVELS,
  ORDERS_LEVELS,
  type Level,
} from './levels.js';
