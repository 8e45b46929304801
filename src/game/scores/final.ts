/**
 * A Diplomacy game's end as scores and ratings (docs/bot.md "Scoring", "Ratings"): at every end — a solo, a draw, a
 * concession, or the game master's `/gm cancel` of a started game (stored as abandoned) — the game is scored under its
 * system (`games.scoring`) from its stored boards (src/game/scores/scoring.ts `factsFromBoards`, `scoreGame`), rated once in
 * the same transaction (src/game/scores/pools.ts), and the final post shows the scores (`scoresLines`).
 */
import { asc, count, eq } from 'drizzle-orm';
import type { Variant } from '../../engine/variant.js';
import type { Tx } from '../../store/store.js';
import { phases, seatRecords, type GameEnd, type GameRow } from '../../store/schema.js';
import {
  isPerson,
  powerParam,
  scoringOf,
  reportInternal,
  type GameDeps,
  seatablePowers,
  variantOfGame,
} from '../core/index.js';
import { hasMessage, msg, numberParam, type Localized, type Msg, type MsgParam } from '../../i18n/index.js';
import type { Position } from '../../engine/types.js';
import { rateFinishedGame, type PlacedSeat } from './pools.js';
import { RatingError, type RatingChange } from './ratings.js';
import { seatHistory } from './seat-history.js';
import { factsFromBoards, scoreGame, ScoringError, type GameFacts, type GameScore } from './scoring.js';

/** What `settleEnd` answers for the final post: the scores and the rating changes in the game kind's pool. */
export interface SettledEnd {
  score: GameScore;
  /** Null when the game was not rated (outside a server, rated already, or ended before any phase was played). */
  ratings: RatingChange[] | null;
}

/**
 * Scores a Diplomacy game that has just ended and rates it (once, in a server), in the transaction that ends it.
 * Returns the scores and rating changes for the final post, or null: another kind's game, a game that never started,
 * an end scoring cannot read. A game the game master ends is rated only once a phase was played: its places say
 * nothing before. Scoring's and rating's refusals are the caller's bugs: reported as internal errors, and the game
 * ends all the same.
 */
export async function settleEnd(
  tx: Tx,
  deps: GameDeps,
  game: GameRow,
  end: GameEnd,
  now: number,
): Promise<SettledEnd | null> {
  if (game.kind !== 'diplomacy') return null;
  const variant = variantOfGame(game);
  if (!variant) return null;
  const boards = await tx
    .select({ position: phases.position, startedAt: phases.startedAt })
    .from(phases)
    .where(eq(phases.gameId, game.id))
    .orderBy(asc(phases.idx));
  if (boards.length === 0) return null;
  try {
    const facts = factsOf(
      variant,
      end,
      boards.map((b) => b.position),
    );
    if (!facts) return null;
    const score = scoreGame(scoringOf(game), facts);
    const rated = end.kind !== 'abandoned' || boards.length > 1;
    const seats = rated ? await seatsOf(tx, game.id, score, { eliminated: facts.eliminated, boards }) : null;
    const ratings = seats ? await rateFinishedGame(tx, game, seats, now) : null;
    return { score, ratings };
  } catch (err) {
    if (!(err instanceof ScoringError || err instanceof RatingError)) throw err;
    reportInternal(deps, err);
    return null;
  }
}

/**
 * The facts scored: the powers scored are the variant's playing powers (a power the players' vote moves is none), so
 * a draw's such members are left out, and a win by one is not scored (null).
 */
function factsOf(variant: Variant, end: GameEnd, boards: readonly Position[]): GameFacts | null {
  const powers = seatablePowers(variant);
  let scored = end;
  if (end.kind === 'draw') {
    const members = end.powers.filter((p) => powers.includes(p));
    if (members.length === 0) return null;
    scored = { kind: 'draw', powers: members };
  }
  if ((end.kind === 'solo' || end.kind === 'concession') && !powers.includes(end.winner)) return null;
  const totalCentres = variant.map.supplyCenters().length;
  return factsFromBoards({ powers, totalCentres, end: scored, boards });
}

/** When each board began (`boards[i]` is the start of phase `i`), and when each eliminated power fell (a board's index). */
interface Timeline {
  boards: readonly { startedAt: number }[];
  eliminated: Readonly<Record<string, number>>;
}

/**
 * Each power's place and who played it (docs/bot.md "Ratings"): its holder at the end first, then every member the
 * seat's history has in it (src/game/scores/seat-history.ts), one team. A member found in two seats plays for the one they
 * hold at the end, else for the one they played most phases in. A member who walked away (left the seat, or fell
 * silent until it was vacated) and does not hold it at the end is rated at a place of their own: a loss, as if their
 * power had been eliminated when they left.
 */
async function seatsOf(tx: Tx, gameId: number, score: GameScore, timeline: Timeline): Promise<PlacedSeat[]> {
  const history = await seatHistory(tx, gameId);
  const phasesIn = await phasesPlayed(tx, gameId);
  const seatOf = new Map<string, string>();
  for (const stints of history.values()) {
    const last = stints.at(-1);
    if (last && last.ended === null && isPerson(last.userId)) seatOf.set(last.userId, last.power);
  }
  const people = [...history.values()].flat().filter((s) => isPerson(s.userId) && !seatOf.has(s.userId));
  for (const s of people.sort(
    (a, b) => (phasesIn.get(b.userId)?.get(b.power) ?? 0) - (phasesIn.get(a.userId)?.get(a.power) ?? 0),
  ))
    if (!seatOf.has(s.userId)) seatOf.set(s.userId, s.power);
  return score.scores.map((s) => {
    const stints = history.get(s.power) ?? [];
    const last = stints.at(-1);
    const now = last && last.ended === null ? last.userId : undefined;
    const before = [...new Set(stints.map((t) => t.userId))].filter(
      (u) => u !== now && isPerson(u) && seatOf.get(u) === s.power,
    );
    const ownPlaces: Record<string, number> = {};
    for (const userId of before) {
      const gone = stints.filter((t) => t.userId === userId).at(-1)?.ended;
      if (gone && gone.how !== 'replaced') ownPlaces[userId] = walkAwayPlace(score, s.power, gone.at, timeline);
    }
    return { seat: s.power, rank: s.rank, holders: now === undefined ? before : [now, ...before], ownPlaces };
  });
}

/** How many phases each member had something to decide in, per seat (the reliability record). */
async function phasesPlayed(tx: Tx, gameId: number): Promise<Map<string, Map<string, number>>> {
  const played = new Map<string, Map<string, number>>();
  for (const r of await tx
    .select({ power: seatRecords.power, userId: seatRecords.userId, n: count() })
    .from(seatRecords)
    .where(eq(seatRecords.gameId, gameId))
    .groupBy(seatRecords.power, seatRecords.userId))
    played.set(r.userId, (played.get(r.userId) ?? new Map<string, number>()).set(r.power, r.n));
  return played;
}

/**
 * The place of a member who walked away from `power` at `at`: below every other power still in the game then (the
 * survivors and the powers eliminated later), above those eliminated before, as if theirs had been eliminated then.
 */
function walkAwayPlace(score: GameScore, power: string, at: number, timeline: Timeline): number {
  let board = 0;
  timeline.boards.forEach((b, i) => {
    if (b.startedAt <= at) board = i;
  });
  const outlasting = score.scores.filter(
    (s) => s.power !== power && (timeline.eliminated[s.power] === undefined || timeline.eliminated[s.power]! > board),
  );
  return Math.max(0, ...outlasting.map((s) => s.rank)) + 0.5;
}

/**
 * The final post's line of scores: every power by its points, best first (a tie in the order of places), the points
 * rounded to two decimals (DSS's 100/3 shows 33.33, Carnage's 28034 as 28,034).
 */
export function scoresLines(score: GameScore | null, variant?: Variant): Msg[] {
  if (!score) return [];
  const shown = [...score.scores].sort((a, b) => b.points - a.points);
  const items: MsgParam[] = shown.map((s) =>
    msg('scores.final.item', {
      power: variant ? powerParam(variant, s.power) : s.power,
      points: formatPoints(s.points),
    }),
  );
  const list = items.reduceRight((rest, first) => msg('scores.final.list', { first, rest }));
  // The system by its English name and, in other languages, its gloss (docs/locales.md "Glossary: commands").
  const key = `command.game.create.scoring.choice.${score.system}`;
  return [msg('scores.final.line', { system: hasMessage(key) ? msg(key) : score.system, list })];
}

function formatPoints(points: number): Localized {
  return numberParam(points, { maximumFractionDigits: 2 });
}
