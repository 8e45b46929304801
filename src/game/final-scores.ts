/**
 * A Diplomacy game's end as scores and ratings (docs/bot.md "Scoring", "Ratings"): at every end — a solo, a draw, a
 * concession, or the game master's `/gm cancel` of a started game (stored as abandoned) — the game is scored under its
 * system (`games.scoring`) from its stored boards (src/game/scoring.ts `factsFromBoards`, `scoreGame`), rated once in
 * the same transaction (src/game/rating-pools.ts), and the final post shows the scores (`scoresLines`).
 */
import { asc, count, eq } from 'drizzle-orm';
import type { Variant } from '../engine/variant.js';
import type { Tx } from '../store/db.js';
import { phases, seatRecords, type GameEnd, type GameRow } from '../store/schema.js';
import { isComputer, isPerson } from './computer-seat.js';
import { rateFinishedGame, type PlacedSeat } from './rating-pools.js';
import { RatingError } from './ratings.js';
import {
  factsFromBoards,
  SCORING_SYSTEMS,
  scoreGame,
  ScoringError,
  type GameScore,
  type ScoringSystem,
} from './scoring.js';
import { playersOf } from '../store/queries.js';
import { reportInternal } from './tx.js';
import type { GameDeps } from './types.js';
import { seatablePowers, variantOfGame } from './variant-of-game.js';

/** The game's scoring system (`games.scoring`; a value this code does not know reads as the default). */
export function scoringOf(game: Pick<GameRow, 'scoring'>): ScoringSystem {
  return (SCORING_SYSTEMS as readonly string[]).includes(game.scoring) ? (game.scoring as ScoringSystem) : 'draw-size';
}

/**
 * Scores a Diplomacy game that has just ended and rates it (once, in a server), in the transaction that ends it.
 * Returns the scores for the final post, or null: another kind's game, a game that never started, an end scoring
 * cannot read. A game the game master ends is rated only once a phase was played: its places say nothing before.
 * Scoring's and rating's refusals are the caller's bugs: reported as internal errors, and the game ends all the same.
 */
export async function settleEnd(
  tx: Tx,
  deps: GameDeps,
  game: GameRow,
  end: GameEnd,
  now: number,
): Promise<GameScore | null> {
  if (game.kind !== 'diplomacy') return null;
  const variant = variantOfGame(game);
  if (!variant) return null;
  const boards = (
    await tx
      .select({ position: phases.position })
      .from(phases)
      .where(eq(phases.gameId, game.id))
      .orderBy(asc(phases.idx))
  ).map((r) => r.position);
  if (boards.length === 0) return null;
  try {
    const score = scoreOf(variant, game, end, boards);
    if (score && (end.kind !== 'abandoned' || boards.length > 1))
      await rateFinishedGame(tx, game, await seatsOf(tx, game.id, score), now);
    return score;
  } catch (err) {
    if (!(err instanceof ScoringError || err instanceof RatingError)) throw err;
    reportInternal(deps, err);
    return null;
  }
}

/**
 * The scores of the end: the powers scored are the variant's playing powers (a power the players' vote moves is
 * none), so a draw's such members are left out, and a win by one is not scored (null).
 */
function scoreOf(
  variant: Variant,
  game: Pick<GameRow, 'scoring'>,
  end: GameEnd,
  boards: Parameters<typeof factsFromBoards>[0]['boards'],
): GameScore | null {
  const powers = seatablePowers(variant);
  let scored = end;
  if (end.kind === 'draw') {
    const members = end.powers.filter((p) => powers.includes(p));
    if (members.length === 0) return null;
    scored = { kind: 'draw', powers: members };
  }
  if ((end.kind === 'solo' || end.kind === 'concession') && !powers.includes(end.winner)) return null;
  const totalCentres = variant.map.supplyCenters().length;
  return scoreGame(scoringOf(game), factsFromBoards({ powers, totalCentres, end: scored, boards }));
}

/**
 * Each power's place and who played it: the members the reliability record has in the seat (every phase it had
 * something to decide: src/game/seat-record.ts) and its holder at the end, one team (docs/bot.md "Ratings"). A member
 * found in two seats plays for the one they hold at the end, else for the one they played most phases in.
 */
async function seatsOf(tx: Tx, gameId: number, score: GameScore): Promise<PlacedSeat[]> {
  const order = score.scores.map((s) => s.power);
  const holders = await playersOf(tx, gameId);
  const seatOf = new Map<string, string>();
  for (const p of holders) if (isPerson(p.userId)) seatOf.set(p.userId, p.power);
  const played = (
    await tx
      .select({ power: seatRecords.power, userId: seatRecords.userId, n: count() })
      .from(seatRecords)
      .where(eq(seatRecords.gameId, gameId))
      .groupBy(seatRecords.power, seatRecords.userId)
  ).sort((a, b) => b.n - a.n || order.indexOf(a.power) - order.indexOf(b.power));
  for (const r of played) if (!seatOf.has(r.userId)) seatOf.set(r.userId, r.power);
  // The holder at the end first (a person or a computer player), then the others by phases played.
  return score.scores.map((s) => {
    const now = holders.find((p) => p.power === s.power && (isPerson(p.userId) || isComputer(p.userId)))?.userId;
    const before = [...seatOf]
      .filter(([userId, power]) => power === s.power && userId !== now)
      .map(([userId]) => userId);
    return { seat: s.power, rank: s.rank, holders: now === undefined ? before : [now, ...before] };
  });
}

/**
 * The final post's line of scores: every power by its points, best first (a tie in the order of places), the points
 * rounded to two decimals (DSS's 100/3 shows 33.33, Carnage's 28034 as 28,034).
 */
export function scoresLines(score: GameScore | null): string[] {
  if (!score) return [];
  const shown = [...score.scores].sort((a, b) => b.points - a.points);
  return [`📊 Scores (${score.system}): ${shown.map((s) => `${s.power} ${formatPoints(s.points)}`).join(', ')}`];
}

function formatPoints(points: number): string {
  return points.toLocaleString('en-US', { maximumFractionDigits: 2 });
}
