/**
 * The strong player's movement orders: a best response to sampled opponents, found by simulated adjudication.
 *
 * 1. The board is cut down to the units within a few moves of ours (the others cannot touch this phase's
 *    outcome for us) and every other power's orders are sampled a dozen times from the DumbBot policy on its own
 *    province values (values.ts), some samples with the values bent towards attacking us (a worst case the DumbBot
 *    policy alone would under-weigh).
 * 2. Candidate order sets for us: DumbBot-style samples on our own values, and holding everything. Each is played
 *    against every opponent sample through the engine's `adjudicate`, and scored by `Evaluator` (centres, units,
 *    places, open centres); the best mean is kept.
 * 3. Local search: for each unit in turn, every sensible change of its order (hold, each move, special orders,
 *    supports and convoys matching our other units' orders, a move together with a support for it from another of
 *    our units, a convoyed move with the convoys it needs) is tried on a few samples; the most promising are played
 *    on all samples, and the best change is kept when it beats the current set. Passes repeat while the budget of
 *    simulated adjudications lasts and something improves.
 *
 * Everything random comes from the request's seed, and the budget counts adjudications (never time), so the same
 * request always gives the same orders.
 */
import { adjudicate } from '../engine/index.js';
import type { AdjudicationContext, Order, Position, Power, PowerOrder, ProvinceId } from '../engine/types.js';
import { movePlanner } from './baselines/dumbbot.js';
import { boardOf, type Board } from './board.js';
import { Evaluator } from './evaluate.js';
import { actingUnit, choicesOf, destinationOf, type UnitChoices } from './orders.js';
import { ORDERS_LEVELS } from './levels.js';
import { rngFor, type Rng } from './rng.js';
import type { SeatRequest } from './types.js';
import { ownersOf, reachOf, seasonWeights, valuate, type Valuation, type Weights } from './values.js';

/** Opponent samples each candidate is played against. */
const SAMPLES = 12;
/** Samples of the first, quick look at a change. */
const QUICK_SAMPLES = 4;
/** Changes played on all samples after the quick look. */
const SHORTLIST = 3;
/** Units farther than this (in moves) from all of ours are left out of the simulations. */
const RADIUS = 2;
/** Share of opponent samples bent towards attacking us, and how much more our centres are worth to them then. */
const AGGRESSIVE_SHARE = 0.3;
const AGGRESSION = 3;
/** Our own DumbBot-style candidates. */
const OWN_SAMPLES = 6;

interface Change {
  /** Unit index (in `own`) -> its new order. */
  set: [number, Order][];
}

export function searchMovement(request: SeatRequest): PowerOrder[] {
  const { variant, position, power } = request;
  const board = boardOf(variant);
  const own = choicesOf(variant, position, power);
  if (own.length === 0) return [];
  const phase = position.phase;
  const rng = rngFor(request.seed, 'search', power, phase.season, phase.year);
  const level = ORDERS_LEVELS[request.level ?? 'hard'];
  const budget = Math.max(0, Math.floor(request.budget ?? level.budget));

  const ownProvinces = own.map((c) => board.province(c.unit.province));
  const near = (id: ProvinceId) => {
    const p = board.province(id);
    return ownProvinces.some((o) => board.dist(o, p) <= RADIUS);
  };
  const local: Position = { ...position, units: position.units.filter((u) => u.power === power || near(u.province)) };
  // Simulations read positions only: no sentences (`explain: false`), the same outcomes.
  const context: AdjudicationContext = request.players
    ? { players: [...request.players], explain: false }
    : { explain: false };

  const weights = seasonWeights(position);
  const owners = ownersOf(board, position);
  const reach = reachOf(board, position);
  const mine = withValueNoise(valuate(board, position, power, weights, owners, reach), level.valueNoise, rng);
  const evaluator = new Evaluator(board, position, power, mine);

  const samples = opponentSamples(board, position, local, power, request, weights, owners, reach, rng);
  let spent = 0;
  const simulate = (set: readonly Order[], s: number): number => {
    spent++;
    const orders: PowerOrder[] = set.map((order) => ({ power, order }));
    for (const po of samples[s]!) orders.push(po);
    return evaluator.score(adjudicate(variant, local, orders, context));
  };
  const mean = (set: readonly Order[], from: number, to: number, known: number[] = []): number[] => {
    const out = known.slice(0, from);
    for (let s = from; s < to; s++) out.push(simulate(set, s));
    return out;
  };
  const avg = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);

  // 1–2. Candidates.
  const planOwn = movePlanner(board, position, power, mine, own);
  const candidates: Order[][] = [];
  for (let k = 0; k < OWN_SAMPLES; k++) candidates.push(planOwn(rng).map((po) => po.order));
  candidates.push(own.map((c) => c.orders.find((o) => o.kind === 'hold') ?? c.orders[0]!));
  let best = candidates[0]!;
  // Too small a budget to play even one candidate against every sample: the first, unsearched.
  if (budget < samples.length) return withConvoys(board, position, own, best).map((order) => ({ power, order }));
  let bestScores: number[] = [];
  let bestMean = -Infinity;
  const seen = new Set<string>();
  for (const cand of candidates) {
    const key = keyOf(cand);
    if (seen.has(key)) continue;
    seen.add(key);
    if (spent + samples.length > budget) break;
    const scores = mean(cand, 0, samples.length);
    const m = avg(scores);
    if (m > bestMean) {
      best = cand;
      bestScores = scores;
      bestMean = m;
    }
  }

  // 3. Local search.
  const index = own.map(indexOrders);
  const quick = Math.min(QUICK_SAMPLES, samples.length);
  for (let pass = 0; pass < 6 && spent < budget; pass++) {
    let improved = false;
    for (const ui of rng.shuffled(own.map((_, i) => i))) {
      if (spent >= budget) break;
      const changes = changesFor(board, position, own, index, best, ui);
      if (changes.length === 0) continue;
      const quickBase = avg(bestScores.slice(0, quick));
      const looked: { change: Change; set: Order[]; scores: number[]; quick: number }[] = [];
      for (const change of changes) {
        if (spent + quick > budget) break;
        const set = apply(best, change);
        const scores = mean(set, 0, quick);
        looked.push({ change, set, scores, quick: avg(scores) });
      }
      looked.sort((a, b) => b.quick - a.quick);
      for (const l of looked.slice(0, SHORTLIST)) {
        if (l.quick < quickBase - 0.5) break;
        if (spent + samples.length - quick > budget) break;
        const scores = mean(l.set, quick, samples.length, l.scores);
        const m = avg(scores);
        if (m > bestMean + 1e-9) {
          best = l.set;
          bestScores = scores;
          bestMean = m;
          improved = true;
        }
      }
    }
    if (!improved) break;
  }
  return withConvoys(board, position, own, best).map((order) => ({ power, order }));
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

/** Every other power's orders, sampled `SAMPLES` times from the DumbBot policy (some bent towards attacking us). */
function opponentSamples(
  board: Board,
  position: Position,
  local: Position,
  power: Power,
  request: SeatRequest,
  weights: Weights,
  owners: ReturnType<typeof ownersOf>,
  reach: number[][],
  rng: Rng,
): PowerOrder[][] {
  const variant = board.variant;
  const voted = new Set(
    variant.rules.votedPowers?.({ map: variant.map, position, players: [...(request.players ?? [])] }) ?? [],
  );
  const localProvinces = new Set(local.units.map((u) => u.province));
  const others = [
    ...new Set(local.units.filter((u) => u.power !== power && !voted.has(u.power)).map((u) => u.power)),
  ].sort();
  const planners = others.map((q) => {
    const choices = choicesOf(variant, position, q).filter((c) => localProvinces.has(c.unit.province));
    const normal = valuate(board, position, q, weights, owners, reach);
    const bent = valuate(board, position, q, weights, owners, reach, { target: power, factor: AGGRESSION });
    return {
      normal: movePlanner(board, position, q, normal, choices),
      aggressive: movePlanner(board, position, q, bent, choices),
    };
  });
  const samples: PowerOrder[][] = [];
  for (let s = 0; s < SAMPLES; s++) {
    const orders: PowerOrder[] = [];
    for (const p of planners) orders.push(...(rng.next() < AGGRESSIVE_SHARE ? p.aggressive : p.normal)(rng));
    samples.push(orders);
  }
  return samples;
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
