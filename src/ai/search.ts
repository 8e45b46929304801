/**
 * The strong player's movement orders: a best response to sampled opponents, found by simulated adjudication
 * (docs/ai.md "Movement").
 *
 * 1. The board is cut down to the units within two moves of ours (the others cannot touch this phase's outcome for
 *    us) and every other power's orders there are sampled a dozen times from the opponent model (model.ts): DumbBots
 *    of two readings, some bent towards attacking us, and look-ahead players that pick the attack that works.
 * 2. Candidate order sets for us: DumbBot-style samples on our own values, and holding everything. Each is played
 *    against every opponent sample through the engine's `adjudicate`, and scored by `Evaluator` (centres, units,
 *    places, threatened and open centres); the best mean is kept.
 * 3. Local search: for each unit in turn, every sensible change of its order (hold, each move, special orders,
 *    supports and convoys matching our other units' orders, a move together with a support for it from another of
 *    our units, a convoyed move with the convoys it needs) is tried on a few samples; the most promising are played
 *    on all samples, and the best change is kept when it beats the current set. Passes repeat while the budget of
 *    simulated adjudications lasts and something improves.
 *
 * A level (levels.ts) sets the budget, the noise on our values, whether the model has look-ahead players, and the
 * share of the centres the player is content with. Everything random comes from the request's seed, and the budget
 * counts adjudications (never time), so the same request always gives the same orders.
 */
import { adjudicate } from '../engine/index.js';
import type { AdjudicationContext, Order, Position, PowerOrder } from '../engine/types.js';
import { movePlanner } from './baselines/dumbbot.js';
import { boardOf, nearUnits, type Board } from './board.js';
import { Evaluator } from './evaluate.js';
import { actingUnit, choicesOf, destinationOf, type UnitChoices } from './orders.js';
import { ORDERS_LEVELS, type OrdersLevel } from './levels.js';
import { MODEL, modelShared, opponentSamples, type ModelScene } from './model.js';
import { rngFor, type Rng } from './rng.js';
import type { SeatRequest } from './types.js';
import { seasonWeights, valuate, type Valuation } from './values.js';

/** Samples of the first, quick look at a change. */
const QUICK_SAMPLES = 4;
/** Changes played on all samples after the quick look. */
const SHORTLIST = 3;
/** How much a content level (src/ai/levels.ts) at its share values other powers' centres, as a share of their worth. */
const CONTENT_ATTACK = 0;
/**
 * The smallest budget whose search gets look-ahead players in its opponent model: below it their plans would cost
 * more than the search they inform, and the model is DumbBots only.
 */
const LOOKAHEAD_MODEL_BUDGET = 200;
/** Our own DumbBot-style candidates. */
const OWN_SAMPLES = 6;

interface Change {
  /** Unit index (in `own`) -> its new order. */
  set: [number, Order][];
}

/** The search's simulations: our order set against opponent sample `s`, scored for us. */
interface Simulator {
  samples: number;
  /** Simulations spent so far, and the budget. */
  spent: number;
  budget: number;
  /** Scores of `set` on samples `from`..`to` − 1, after the `known` ones. */
  scores(set: readonly Order[], from: number, to: number, known?: number[]): number[];
}

interface Scored {
  set: Order[];
  scores: number[];
  mean: number;
}

const average = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);

export function searchMovement(request: SeatRequest): PowerOrder[] {
  const { variant, position, power } = request;
  const board = boardOf(variant);
  const own = choicesOf(variant, position, power);
  if (own.length === 0) return [];
  const phase = position.phase;
  const rng = rngFor(request.seed, 'search', power, phase.season, phase.year);
  const level = ORDERS_LEVELS[request.level ?? 'hard'];
  const budget = Math.max(0, Math.floor(request.budget ?? level.budget));
  const local = nearUnits(board, position, power);
  const weights = seasonWeights(position);
  const mine = ownValuation(request, board, level, rng);
  const scene: ModelScene = { board, position, local, power, players: request.players, weights };
  const model = level.lookahead && budget >= LOOKAHEAD_MODEL_BUDGET ? MODEL : { ...MODEL, lookaheadShare: 0 };
  // Too small a budget to play one candidate against every sample: the first DumbBot-style plan, unsearched.
  if (budget < model.samples) {
    const plan = movePlanner(board, position, power, mine, own)(rng).map((po) => po.order);
    return withConvoys(board, position, own, plan).map((order) => ({ power, order }));
  }
  const shared = modelShared(scene);
  const samples = opponentSamples(scene, shared, model, rng);
  const evaluator = new Evaluator(board, position, power, mine, contentOf(board, level));
  // Simulations read positions only: no sentences (`explain: false`), the same outcomes.
  const context: AdjudicationContext = request.players
    ? { players: [...request.players], explain: false }
    : { explain: false };
  const sim: Simulator = {
    samples: samples.length,
    spent: 0,
    budget,
    scores(set, from, to, known = []) {
      const out = known.slice(0, from);
      for (let s = from; s < to; s++) {
        this.spent++;
        const orders: PowerOrder[] = set.map((order) => ({ power, order }));
        for (const po of samples[s]!) orders.push(po);
        out.push(evaluator.score(adjudicate(variant, local, orders, context)));
      }
      return out;
    },
  };
  const candidates = ownCandidates(board, position, request, mine, own, rng);
  const best = localSearch(board, position, own, sim, bestCandidate(sim, candidates), rng);
  return withConvoys(board, position, own, best.set).map((order) => ({ power, order }));
}

/** Our province values: bent by the level's noise; away from other powers' centres once a content level has its share. */
function ownValuation(request: SeatRequest, board: Board, level: OrdersLevel, rng: Rng): Valuation {
  const { position, power } = request;
  const satisfied = (position.supplyCenters[power]?.length ?? 0) >= contentOf(board, level);
  const bias = satisfied ? { factor: CONTENT_ATTACK } : undefined;
  const values = valuate(board, position, power, seasonWeights(position), undefined, undefined, bias);
  return withValueNoise(values, level.valueNoise, rng);
}

/** The centres a content level is content with (its multiple of the fair share), or Infinity. */
function contentOf(board: Board, level: OrdersLevel): number {
  if (level.content === null) return Infinity;
  const seats = board.variant.powers.filter((p) => !p.neutral).length;
  return (level.content * board.centers.length) / seats;
}

/** DumbBot-style plans on our own values, and holding everything. */
function ownCandidates(
  board: Board,
  position: Position,
  request: SeatRequest,
  mine: Valuation,
  own: readonly UnitChoices[],
  rng: Rng,
): Order[][] {
  const planOwn = movePlanner(board, position, request.power, mine, [...own]);
  const out: Order[][] = [];
  for (let k = 0; k < OWN_SAMPLES; k++) out.push(planOwn(rng).map((po) => po.order));
  out.push(own.map((c) => c.orders.find((o) => o.kind === 'hold') ?? c.orders[0]!));
  return out;
}

/** Each distinct candidate played against every sample (as the budget allows): the best. */
function bestCandidate(sim: Simulator, candidates: readonly Order[][]): Scored {
  let best: Scored = { set: [...candidates[0]!], scores: [], mean: -Infinity };
  const seen = new Set<string>();
  for (const set of candidates) {
    const key = keyOf(set);
    if (seen.has(key)) continue;
    seen.add(key);
    if (sim.spent + sim.samples > sim.budget) break;
    const scores = sim.scores(set, 0, sim.samples);
    const mean = average(scores);
    if (mean > best.mean) best = { set: [...set], scores, mean };
  }
  return best;
}

/**
 * For each unit in turn, every sensible change of its order: played first on a few samples, the most promising on
 * all, the best kept when it beats the current set; passes repeat while something improves and the budget lasts.
 */
function localSearch(
  board: Board,
  position: Position,
  own: readonly UnitChoices[],
  sim: Simulator,
  start: Scored,
  rng: Rng,
): Scored {
  let best = start;
  const index = own.map(indexOrders);
  const quick = Math.min(QUICK_SAMPLES, sim.samples);
  for (let pass = 0; pass < 6 && sim.spent < sim.budget; pass++) {
    let improved = false;
    for (const ui of rng.shuffled(own.map((_, i) => i))) {
      if (sim.spent >= sim.budget) break;
      const quickBase = average(best.scores.slice(0, quick));
      const looked: { set: Order[]; scores: number[]; quick: number }[] = [];
      for (const change of changesFor(board, position, own, index, best.set, ui)) {
        if (sim.spent + quick > sim.budget) break;
        const set = apply(best.set, change);
        const scores = sim.scores(set, 0, quick);
        looked.push({ set, scores, quick: average(scores) });
      }
      looked.sort((a, b) => b.quick - a.quick);
      for (const l of looked.slice(0, SHORTLIST)) {
        if (l.quick < quickBase - 0.5) break;
        if (sim.spent + sim.samples - quick > sim.budget) break;
        const scores = sim.scores(l.set, quick, sim.samples, l.scores);
        const mean = average(scores);
        if (mean > best.mean + 1e-9) {
          best = { set: l.set, scores, mean };
          improved = true;
        }
      }
    }
    if (!improved) break;
  }
  return best;
}

/**
 * A move by convoy needs a fleet ordered to convoy it, or the adjudicator may call it illegal (DATC 6.D.32): one
 * whose convoys were changed away by the search holds instead.
 */
function withConvoys(board: Board, position: Position, own: readonly UnitChoices[], set: readonly Order[]): Order[] {
  return set.map((o, i) => {
    if (o.kind !== 'move') return o;
    const unit = actingUnit(board.variant, position, own[i]!.unit, o);
    if (unit.type !== 'A') return o;
    if (!o.viaConvoy && board.isDirectMove(unit, o.to)) return o;
    const convoyed = set.some(
      (c) => c.kind === 'convoy' && c.target.province === o.unit.province && c.to.province === o.to.province,
    );
    return convoyed ? o : own[i]!.orders.find((x) => x.kind === 'hold')!;
  });
}

function keyOf(set: readonly Order[]): string {
  return set.map((o) => JSON.stringify(o)).join('|');
}

function apply(set: readonly Order[], change: Change): Order[] {
  const out = [...set];
  for (const [i, o] of change.set) out[i] = o;
  return out;
}

interface OrderIndex {
  /** `S <target> <to|"">` and `C <target> <to>` -> the order. */
  byKey: Map<string, Order>;
}

function indexOrders(c: UnitChoices): OrderIndex {
  const byKey = new Map<string, Order>();
  for (const o of c.orders) {
    if (o.kind === 'support') byKey.set(`S ${o.target.province} ${o.to?.province ?? ''}`, o);
    else if (o.kind === 'convoy') byKey.set(`C ${o.target.province} ${o.to.province}`, o);
  }
  return { byKey };
}

/** The changes of unit `ui`'s order worth trying, given the current orders of our other units. */
function changesFor(
  board: Board,
  position: Position,
  own: readonly UnitChoices[],
  index: readonly OrderIndex[],
  current: readonly Order[],
  ui: number,
): Change[] {
  const variant = board.variant;
  const c = own[ui]!;
  const here = c.unit.province;
  const now = current[ui]!;
  const out: Change[] = [];
  const same = (o: Order) => o === now;
  for (const o of c.orders) {
    if (same(o)) continue;
    switch (o.kind) {
      case 'hold':
      case 'special':
        out.push({ set: [[ui, o]] });
        break;
      case 'move': {
        // Direct for the unit as it carries the move out (a fleet moving inland reverts to an army: `actingUnit`).
        if (!o.viaConvoy && board.isDirectMove(actingUnit(variant, position, c.unit, o), o.to)) {
          out.push({ set: [[ui, o]] });
          // With a support from another of our units.
          own.forEach((_w, wi) => {
            if (wi === ui) return;
            const s = index[wi]!.byKey.get(`S ${here} ${o.to.province}`);
            if (s && current[wi] !== s)
              out.push({
                set: [
                  [ui, o],
                  [wi, s],
                ],
              });
          });
        } else {
          // By convoy: with every convoy of ours it can use.
          const convoys: [number, Order][] = [];
          own.forEach((_w, wi) => {
            const s = index[wi]!.byKey.get(`C ${here} ${o.to.province}`);
            if (s && wi !== ui) convoys.push([wi, s]);
          });
          if (convoys.length > 0) out.push({ set: [[ui, o], ...convoys] });
        }
        break;
      }
      case 'support': {
        const ti = own.findIndex((w) => w.unit.province === o.target.province);
        if (ti < 0) break; // only our own units
        const targetOrder = current[ti]!;
        const dest = destinationOf(variant, targetOrder);
        const matches = o.to === null ? dest === null : targetOrder.kind === 'move' && dest === o.to.province;
        if (matches) out.push({ set: [[ui, o]] });
        break;
      }
      case 'convoy': {
        const ti = own.findIndex((w) => w.unit.province === o.target.province);
        if (ti < 0) break;
        const targetOrder = current[ti]!;
        if (targetOrder.kind === 'move' && targetOrder.to.province === o.to.province) out.push({ set: [[ui, o]] });
        break;
      }
      default:
        break;
    }
  }
  return out;
}

/**
 * The lower levels' imprecision (src/ai/levels.ts): every place's move and build value multiplied by a factor
 * drawn in [1 − noise, 1 + noise]. Values keep their sign, so a unit still heads for what it values; it only
 * weighs close alternatives less exactly.
 */
function withValueNoise(valuation: Valuation, noise: number, rng: Rng): Valuation {
  if (noise <= 0) return valuation;
  const bend = (values: Float64Array) => values.map((v) => v * (1 + noise * (2 * rng.next() - 1)));
  return { ...valuation, move: bend(valuation.move), adjust: bend(valuation.adjust) };
}
