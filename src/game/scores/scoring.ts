/**
 * Scoring a finished Diplomacy game (docs/bot.md, "Scoring"): pure functions from the game's facts at its end — the
 * final supply-centre counts, how it ended (solo, draw, concession, abandoned by the game master), who was eliminated
 * and when — to each power's points under one scoring system, and each power's place for the ratings.
 *
 * The systems:
 * - `draw-size` (DSS, webDiplomacy's and PlayDiplomacy's): a solo takes 100; a draw's members share 100 equally.
 * - `sum-of-squares` (SoS, webDiplomacy, Diplicity, many tournaments): a solo takes 100; in a draw each member scores
 *   100 × its centres² over the sum of the members' centres².
 * - `solo-or-nothing`: a solo takes 100; everything else scores 0 for everyone, a draw included.
 * - `carnage` (North American tournaments): a solo takes the whole pot (1,000 × n(n+1)/2 plus one point per centre
 *   of the map: 28,034 in Classic); otherwise places by centres (the eliminated by when they fell, later first) earn
 *   n × 1,000 down to 1,000, tied places splitting their points, plus one point per centre owned.
 *
 * A concession is scored as a solo of the power conceded to (every other surviving player gave it the game). A game
 * the game master ends (abandoned) is scored as a draw of every surviving power: the tournament reading of a game
 * stopped at its time limit. No database, no Discord: the game layer gives the facts and shows the points.
 */
import type { Position } from '../../engine/types.js';
import type { GameEnd } from '../../store/schema.js';
import type { ScoringSystem } from '../core/index.js';

export type { ScoringSystem };

/** The points a solo (or a concession) takes under DSS, SoS and solo-or-nothing. */
export const SOLO_POINTS = 100;

/** What scoring needs to know about a finished game. */
export interface GameFacts {
  /**
   * The powers scored, in the variant's order: the game's playing powers, whether or not anyone sat in them (a power
   * the players' vote moves, never a player's, is not one).
   */
  powers: readonly string[];
  /** Each power's supply centres at the end (a power left out owns none). */
  centres: Readonly<Record<string, number>>;
  /** The supply centres on the map (Carnage's solo pot counts them). */
  totalCentres: number;
  end: GameEnd;
  /**
   * The eliminated powers (no unit and no centre left), each with when it fell: any number that grows with time, such
   * as the index of the phase after which it had nothing left. Every power not listed survived.
   */
  eliminated: Readonly<Record<string, number>>;
}

/** How a power's game ended. */
export type PowerOutcome =
  /** The solo winner, or the power every other surviving player conceded to. */
  | 'won'
  /** In the draw (a game abandoned by the game master: every survivor). */
  | 'drawn'
  /** Survived, but another power won, or (a draw that left it out) outside the draw. */
  | 'survived'
  | 'eliminated';

export interface PowerScore {
  power: string;
  centres: number;
  outcome: PowerOutcome;
  /** Its points under the game's scoring system (unrounded: DSS's 100/3 stays 33.33…). */
  points: number;
  /**
   * Its place for the ratings (1 is best, ties share the place, competition style: 1, 1, 3): the winner first; the
   * draw's members tied; then the others by centres, survivors before the eliminated, the eliminated by when they
   * fell (later first). The same in every scoring system, so games of different systems rate alike.
   */
  rank: number;
}

export interface GameScore {
  system: ScoringSystem;
  /** The points a solo would take: what all powers' points add up to in a solo (and in a DSS or SoS draw). */
  pot: number;
  /** Every power of `facts.powers`, best place first, in the variant's order within a place. */
  scores: PowerScore[];
}

/** Why facts cannot be scored (a caller's mistake, never a player's): thrown by `scoreGame`. */
export class ScoringError extends Error {}

/**
 * The facts of a game from its boards (the start of every phase, in order, the last being the final board): the final
 * centres, and each power with neither a unit nor a centre on the final board eliminated at the index of the first
 * board from which it never had one again (0 for a power that never had any).
 */
export function factsFromBoards(input: {
  powers: readonly string[];
  totalCentres: number;
  end: GameEnd;
  boards: readonly Position[];
}): GameFacts {
  const { boards } = input;
  if (boards.length === 0) throw new ScoringError('a game of no board');
  const holds = (board: Position, power: string) =>
    (board.supplyCenters[power]?.length ?? 0) > 0 ||
    board.units.some((u) => u.power === power) ||
    board.dislodged.some((u) => u.power === power);
  const last = boards[boards.length - 1]!;
  const eliminated: Record<string, number> = {};
  for (const power of input.powers) {
    if (holds(last, power)) continue;
    let fell = boards.length - 1;
    while (fell > 0 && !holds(boards[fell - 1]!, power)) fell--;
    eliminated[power] = fell;
  }
  const centres = Object.fromEntries(input.powers.map((p) => [p, last.supplyCenters[p]?.length ?? 0]));
  return { powers: input.powers, centres, totalCentres: input.totalCentres, end: input.end, eliminated };
}

/** Each power's points and place under `system`. Throws `ScoringError` on facts that contradict themselves. */
export function scoreGame(system: ScoringSystem, facts: GameFacts): GameScore {
  checkFacts(facts);
  const outcomes = outcomesOf(facts);
  const points = pointsOf(system, facts, outcomes);
  const ranks = placesOf(facts, outcomes);
  const scores = facts.powers.map((power) => ({
    power,
    centres: centresOf(facts, power),
    outcome: outcomes.get(power)!,
    points: points.get(power) ?? 0,
    rank: ranks.get(power)!,
  }));
  const order = new Map(facts.powers.map((p, i) => [p, i]));
  scores.sort((a, b) => a.rank - b.rank || order.get(a.power)! - order.get(b.power)!);
  return { system, pot: potOf(system, facts), scores };
}

/** The points a solo takes under `system` in a game of these facts. */
export function potOf(system: ScoringSystem, facts: Pick<GameFacts, 'powers' | 'totalCentres'>): number {
  if (system !== 'carnage') return SOLO_POINTS;
  const n = facts.powers.length;
  return (1000 * n * (n + 1)) / 2 + facts.totalCentres;
}

const centresOf = (facts: GameFacts, power: string): number => facts.centres[power] ?? 0;

function checkFacts(facts: GameFacts): void {
  const powers = new Set(facts.powers);
  if (powers.size !== facts.powers.length) throw new ScoringError('a power is listed twice');
  const named = (p: string, where: string) => {
    if (!powers.has(p)) throw new ScoringError(`${where} names ${p}, which is not among the powers scored`);
  };
  for (const [p, n] of Object.entries(facts.centres)) {
    named(p, 'centres');
    if (!Number.isInteger(n) || n < 0) throw new ScoringError(`centres of ${p}: ${n} is not a count`);
  }
  for (const p of Object.keys(facts.eliminated)) {
    named(p, 'eliminated');
    if (centresOf(facts, p) > 0) throw new ScoringError(`${p} is eliminated but owns ${centresOf(facts, p)} centres`);
  }
  const { end } = facts;
  if (end.kind === 'solo' || end.kind === 'concession') {
    named(end.winner, end.kind);
    if (end.winner in facts.eliminated) throw new ScoringError(`${end.winner} wins but is eliminated`);
  }
  if (end.kind === 'draw') {
    if (end.powers.length === 0) throw new ScoringError('a draw of no power');
    for (const p of end.powers) {
      named(p, 'the draw');
      if (p in facts.eliminated) throw new ScoringError(`${p} is in the draw but eliminated`);
    }
  }
}

/** The draw's members: the draw's powers, or every survivor of a game the game master ended. */
function drawMembers(facts: GameFacts): string[] {
  if (facts.end.kind === 'draw') return [...facts.end.powers];
  if (facts.end.kind === 'abandoned') return facts.powers.filter((p) => !(p in facts.eliminated));
  return [];
}

function outcomesOf(facts: GameFacts): Map<string, PowerOutcome> {
  const { end } = facts;
  const winner = end.kind === 'solo' || end.kind === 'concession' ? end.winner : null;
  const drawn = new Set(drawMembers(facts));
  return new Map(
    facts.powers.map((p): [string, PowerOutcome] => [
      p,
      p === winner ? 'won' : drawn.has(p) ? 'drawn' : p in facts.eliminated ? 'eliminated' : 'survived',
    ]),
  );
}

function pointsOf(
  system: ScoringSystem,
  facts: GameFacts,
  outcomes: ReadonlyMap<string, PowerOutcome>,
): Map<string, number> {
  const pot = potOf(system, facts);
  const winner = [...outcomes].find(([, o]) => o === 'won')?.[0];
  if (winner) return new Map([[winner, pot]]);
  const members = drawMembers(facts);
  switch (system) {
    case 'draw-size':
      return new Map(members.map((p) => [p, pot / members.length]));
    case 'sum-of-squares':
      return sumOfSquares(facts, members, pot);
    case 'solo-or-nothing':
      return new Map();
    case 'carnage':
      return carnage(facts);
  }
}

/** Each member's centres² over the members' sum of centres²; equal shares if no member owns a centre. */
function sumOfSquares(facts: GameFacts, members: readonly string[], pot: number): Map<string, number> {
  const squares = members.map((p) => centresOf(facts, p) ** 2);
  const total = squares.reduce((a, b) => a + b, 0);
  return new Map(members.map((p, i) => [p, total === 0 ? pot / members.length : (pot * squares[i]!) / total]));
}

/**
 * Carnage without a solo: the powers in order (centres, then survivors before the eliminated, then the later
 * eliminated first); place k of n earns (n − k + 1) × 1,000, powers tied on the order split their places' points;
 * plus one point per centre.
 */
function carnage(facts: GameFacts): Map<string, number> {
  const n = facts.powers.length;
  const ordered = [...facts.powers].sort((a, b) => compareStanding(facts, a, b));
  const points = new Map<string, number>();
  for (let start = 0; start < n; ) {
    let stop = start + 1;
    while (stop < n && compareStanding(facts, ordered[start]!, ordered[stop]!) === 0) stop++;
    let shared = 0;
    for (let place = start + 1; place <= stop; place++) shared += (n - place + 1) * 1000;
    for (let i = start; i < stop; i++) points.set(ordered[i]!, shared / (stop - start) + centresOf(facts, ordered[i]!));
    start = stop;
  }
  return points;
}

/** Negative when `a` stands better than `b` by centres, survival and when it fell; 0 when they stand alike. */
function compareStanding(facts: GameFacts, a: string, b: string): number {
  const byCentres = centresOf(facts, b) - centresOf(facts, a);
  if (byCentres !== 0) return byCentres;
  const fellA = facts.eliminated[a];
  const fellB = facts.eliminated[b];
  if (fellA === undefined || fellB === undefined) return (fellA === undefined ? 0 : 1) - (fellB === undefined ? 0 : 1);
  return fellB - fellA;
}

/** The places for the ratings (see `PowerScore.rank`). */
function placesOf(facts: GameFacts, outcomes: ReadonlyMap<string, PowerOutcome>): Map<string, number> {
  const tier = (p: string): number => {
    const o = outcomes.get(p);
    return o === 'won' || o === 'drawn' ? 0 : 1;
  };
  const compare = (a: string, b: string) => tier(a) - tier(b) || (tier(a) === 0 ? 0 : compareStanding(facts, a, b));
  const ordered = [...facts.powers].sort(compare);
  const ranks = new Map<string, number>();
  ordered.forEach((p, i) =>
    ranks.set(p, i > 0 && compare(ordered[i - 1]!, p) === 0 ? ranks.get(ordered[i - 1]!)! : i + 1),
  );
  return ranks;
}
