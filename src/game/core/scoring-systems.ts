/**
 * The scoring systems a game may be created with (`/game create scoring:`, docs/bot.md "Scoring"); the scores
 * themselves are computed in src/game/scores.
 */
import type { GameRow } from '../../store/schema.js';

export const SCORING_SYSTEMS = ['draw-size', 'sum-of-squares', 'solo-or-nothing', 'carnage'] as const;
export type ScoringSystem = (typeof SCORING_SYSTEMS)[number];

/** The game's scoring system (`games.scoring`; a value this code does not know reads as the default). */
export function scoringOf(game: Pick<GameRow, 'scoring'>): ScoringSystem {
  return (SCORING_SYSTEMS as readonly string[]).includes(game.scoring) ? (game.scoring as ScoringSystem) : 'draw-size';
}
