/**
 * The computer player's levels (docs/ai.md "Levels"; the CLI's `--level`, the bot's `computer-level:`). A level
 * is how the player decides, never a blunder a person would notice: `hard` is the full search, `normal` the same
 * search on half the budget, content with twice its fair share of centres, `easy` a short search against DumbBots only,
 * on its own province values bent by noise (it still moves towards what it values, only less precisely), content with
 * its fair share. A content level's share does not depend on how strong its opponents' details make them. In the card
 * game `easy` and `normal` sometimes take another of their few most promising actions instead of the best one.
 * Levels are measured in `npm run bench` (docs/benchmarks.md) against DumbBot-style players.
 */
export const LEVELS = ['easy', 'normal', 'hard'] as const;
export type Level = (typeof LEVELS)[number];

/** The CLI's level when none is given: today's strongest player (contract: docs/cli.md `ai`). */
export const CLI_DEFAULT_LEVEL: Level = 'hard';
/** A game's level when `/game create` names none. */
export const GAME_DEFAULT_LEVEL: Level = 'normal';

export function isLevel(value: unknown): value is Level {
  return typeof value === 'string' && (LEVELS as readonly string[]).includes(value);
}

/** How a Diplomacy computer player of a level decides its movement orders. */
export interface OrdersLevel {
  /** Simulated adjudications for one power's movement orders (src/ai/search.ts). */
  budget: number;
  /** Each province's value is multiplied by a factor drawn in [1 − noise, 1 + noise]. */
  valueNoise: number;
  /** Declarations a power makes at most after a provisional result (null: as many as it has commanders). */
  declarations: number | null;
  /**
   * Content with this multiple of the fair share of centres (null: never): centres beyond it count for little in
   * the search's evaluation, so the player keeps what it has rather than reaching for more (src/ai/evaluate.ts).
   */
  content: number | null;
  /** The opponent model (src/ai/model.ts) looks for look-ahead players too. */
  lookahead: boolean;
}

/** The full search's budget (search.ts uses it when a request names neither a budget nor a level). */
export const HARD_BUDGET = 1600;
/** The share of the centres `normal` is content with, as a multiple of the fair share (the middle of its band). */
const NORMAL_CONTENT = 2;
/** `easy`'s search: short, against DumbBots only (under the look-ahead model's budget), content with the fair share. */
const EASY_BUDGET = 100;
const EASY_CONTENT = 1;

export const ORDERS_LEVELS: Readonly<Record<Level, OrdersLevel>> = {
  easy: { budget: EASY_BUDGET, valueNoise: 0.75, declarations: 1, content: EASY_CONTENT, lookahead: false },
  normal: { budget: HARD_BUDGET / 2, valueNoise: 0, declarations: null, content: NORMAL_CONTENT, lookahead: true },
  hard: { budget: HARD_BUDGET, valueNoise: 0, declarations: null, content: null, lookahead: true },
};

/** How the card game's computer player of a level decides (src/ai/cards/index.ts). */
export interface CardLevel {
  /** Playouts per decision (0: the fast policy's pick, no search). */
  playouts: number;
  /** Chance that a decision is another of the `sampleWidth` most promising actions, drawn evenly. */
  sampleShare: number;
  sampleWidth: number;
}

export const CARD_LEVELS: Readonly<Record<Level, CardLevel>> = {
  easy: { playouts: 0, sampleShare: 0.5, sampleWidth: 3 },
  normal: { playouts: 0, sampleShare: 0.2, sampleWidth: 3 },
  hard: { playouts: 240, sampleShare: 0, sampleWidth: 0 },
};
