/**
 * The look-ahead player of the benchmark (docs/ai.md "The baselines"): DumbBot's values with a one-move look-ahead,
 * the common one-ply idea. In a movement phase it draws candidate order sets from DumbBot's own randomised choice
 * (the second reading, literal.ts), plays each through the engine's `adjudicate` against a few DumbBot predictions
 * of every other power's orders, scores each outcome by DumbBot's values of where its units stand and the centres
 * it holds, and gives the candidate with the best mean. Retreats and adjustments are DumbBot's.
 */
import { adjudicate } from '../../engine/index.js';
import type { Adjudication, AdjudicationContext, Order, Position, Power, PowerOrder } from '../../engine/types.js';
import { boardOf, nearUnits, type Board } from '../board.js';
import { choicesOf, type UnitChoices } from '../orders.js';
import { rngFor, type Rng } from '../rng.js';
import type { Player, SeatRequest } from '../types.js';
import { literalDumbBotOrders, literalMovement } from './literal.js';
import { literalValues, type LiteralValues } from './literal-values.js';

/** Candidate order sets drawn for us, and predictions of the others' orders each is played against. */
const CANDIDATES = 16;
const PREDICTIONS = 2;
/** Weights of the outcome's score: a centre held, and a unit's place (its DumbBot value scaled to 0..1). */
const SPRING = { centre: 0.5, place: 1 };
const FALL = { centre: 1, place: 0.3 };

export interface LookaheadSettings {
  name: string;
  /** Candidate order sets drawn from DumbBot's choice, and predictions of the others each is played against. */
  candidates: number;
  predictions: number;
  /** Then improve the best candidate one unit at a time (each hold, direct move, and support of our own orders). */
  improve: boolean;
}

/** A look-ahead player: the best of DumbBot's candidate order sets by one move of look-ahead. */
export function lookaheadPlayer(settings: LookaheadSettings): Player {
  return { name: settings.name, orders: (request) => lookaheadOrders(request, settings) };
}

export const lookaheadBot = lookaheadPlayer({
  name: 'Look-ahead (1-ply)',
  candidates: CANDIDATES,
  predictions: PREDICTIONS,
  improve: false,
});

/** The look-ahead player that also improves its best candidate unit by unit (a one-ply hill climb). */
export const climbingLookaheadBot = lookaheadPlayer({
  name: 'Look-ahead (1-ply, hill climb)',
  candidates: CANDIDATES,
  predictions: PREDICTIONS,
  improve: true,
});

export function lookaheadOrders(request: SeatRequest, settings: LookaheadSettings): PowerOrder[] {
  const { variant, position, power } = request;
  if (position.phase.type !== 'movement') return literalDumbBotOrders(request);
  const rng = rngFor(request.seed, 'lookahead', power, position.phase.season, position.phase.year);
  const board = boardOf(variant);
  const scene = lookaheadScene(board, position, nearUnits(board, position, power), request.players);
  return lookaheadPlan(scene, power, settings, rng).map((order) => ({ power, order }));
}

/** What the look-ahead plays on: the board's values per power, and the units it simulates. */
export interface LookaheadScene {
  board: Board;
  /** The position simulated: the whole board, or only the units near whoever asks (`position`'s values still count). */
  sim: Position;
  context: AdjudicationContext;
  /** Each power that gives orders on `sim`: its units' choices there and its DumbBot values on the whole board. */
  planners: Map<Power, { choices: UnitChoices[]; values: LiteralValues }>;
}

export function lookaheadScene(
  board: Board,
  position: Position,
  sim: Position,
  players: readonly Power[] | undefined,
): LookaheadScene {
  const variant = board.variant;
  const voted = new Set(
    variant.rules.votedPowers?.({ map: variant.map, position, players: [...(players ?? [])] }) ?? [],
  );
  const present = new Set(sim.units.map((u) => u.province));
  const planners = new Map<Power, { choices: UnitChoices[]; values: LiteralValues }>();
  for (const q of [...new Set(sim.units.map((u) => u.power))].sort()) {
    if (voted.has(q)) continue;
    const choices = choicesOf(variant, position, q).filter((c) => present.has(c.unit.province));
    planners.set(q, { choices, values: literalValues(board, position, q) });
  }
  const context: AdjudicationContext = players ? { players: [...players], explain: false } : { explain: false };
  return { board, sim, context, planners };
}

/** The look-ahead's orders for `power`'s units on the scene (in the order of its choices there). */
export function lookaheadPlan(scene: LookaheadScene, power: Power, settings: LookaheadSettings, rng: Rng): Order[] {
  const { board, sim, context } = scene;
  const me = scene.planners.get(power);
  if (!me || me.choices.length === 0) return [];
  const candidates = new Map<string, Order[]>();
  for (let k = 0; k < settings.candidates; k++) {
    const set = literalMovement(board, me.choices, me.values, rng);
    candidates.set(JSON.stringify(set), set);
  }
  const predictions: PowerOrder[][] = [];
  for (let s = 0; s < settings.predictions; s++)
    predictions.push(
      [...scene.planners].flatMap(([q, p]) =>
        q === power ? [] : literalMovement(board, p.choices, p.values, rng).map((order) => ({ power: q, order })),
      ),
    );
  const weights = sim.phase.season === 'spring' ? SPRING : FALL;
  const owned = new Set(sim.supplyCenters[power] ?? []);
  const score = (set: readonly Order[]) => {
    let total = 0;
    for (const prediction of predictions) {
      const orders = [...set.map((order) => ({ power, order })), ...prediction];
      total += outcomeScore(board, power, me.values, weights, owned, adjudicate(board.variant, sim, orders, context));
    }
    return total;
  };
  let best: { set: Order[]; score: number } | null = null;
  for (const set of candidates.values()) {
    const s = score(set);
    if (!best || s > best.score) best = { set, score: s };
  }
  if (settings.improve) best = climb(board, me.choices, best!, score, rng);
  return best!.set;
}

/** One pass over our units in a random order: each takes the order (hold, direct move, support of ours) that scores best. */
function climb(
  board: Board,
  own: readonly UnitChoices[],
  start: { set: Order[]; score: number },
  score: (set: readonly Order[]) => number,
  rng: Rng,
): { set: Order[]; score: number } {
  let best = start;
  for (const ui of rng.shuffled(own.map((_, i) => i))) {
    for (const o of own[ui]!.orders) {
      if (!fitsPlan(board, o, ui, own, best.set)) continue;
      const set = [...best.set];
      set[ui] = o;
      const s = score(set);
      if (s > best.score) best = { set, score: s };
    }
  }
  return best;
}

/** A hold, a direct move, or a support of one of our own units' current orders. */
function fitsPlan(board: Board, o: Order, ui: number, own: readonly UnitChoices[], set: readonly Order[]): boolean {
  if (o.kind === 'hold') return true;
  if (o.kind === 'move') return !o.viaConvoy && board.isDirectMove(own[ui]!.unit, o.to);
  if (o.kind !== 'support') return false;
  const ti = own.findIndex((c) => c.unit.province === o.target.province);
  if (ti < 0) return false;
  const target = set[ti]!;
  if (o.to === null) return target.kind !== 'move';
  return target.kind === 'move' && target.to.province === o.to.province;
}

/** DumbBot's values of the outcome for us: the centres we hold (standing on them, or owning them empty) and our places. */
function outcomeScore(
  board: Board,
  power: Power,
  values: LiteralValues,
  weights: typeof SPRING,
  owned: ReadonlySet<string>,
  adj: Adjudication,
): number {
  let top = 0;
  for (const v of values.value) if (v > top) top = v;
  const occupant = new Map(adj.position.units.map((u) => [u.province, u.power]));
  let score = 0;
  for (const u of adj.position.units) {
    if (u.power !== power) continue;
    const at = board.placeAt(u.type, u);
    if (at !== undefined && top > 0) score += (weights.place * Math.max(0, values.value[at]!)) / top;
  }
  for (const c of board.centers) {
    const id = board.provinces[c]!;
    const here = occupant.get(id);
    if (here === power || (here === undefined && owned.has(id))) score += weights.centre;
  }
  return score;
}
