/**
 * How good the outcome of one simulated phase is for one power: the supply centres it would own if ownership
 * were counted now, its units (a dislodged unit with somewhere to go counts in part), where they stand (the
 * DumbBot proximity of their places: near centres worth taking or defending), and in the spring the centres of
 * its own left open to an enemy unit that could walk in next season.
 */
import type { Adjudication, Position, Power } from '../engine/types.js';
import type { Board } from './board.js';
import type { Valuation } from './values.js';

/** Weights of the evaluation, per season of the phase being simulated. */
export interface EvalWeights {
  centre: number;
  /** Another power's unit dislodged (it loses its place, and maybe the unit). */
  enemyDislodged: number;
  unit: number;
  /** A dislodged unit that has a retreat, as a share of a unit. */
  dislodged: number;
  position: number;
  threat: number;
}

export const SPRING_EVAL: EvalWeights = { centre: 0.7, enemyDislodged: 0.15, unit: 1.0, dislodged: 0.5, position: 0.3, threat: 0.35 };
export const FALL_EVAL: EvalWeights = { centre: 1.0, enemyDislodged: 0.1, unit: 0.3, dislodged: 0.3, position: 0.1, threat: 0 };

export class Evaluator {
  private readonly board: Board;
  private readonly power: Power;
  private readonly weights: EvalWeights;
  /** Owner of each centre before the phase (null: none). */
  private readonly ownerBefore: (Power | null)[];
  /** Proximity value of each place for the power, 0..1. */
  private readonly place: Float64Array;

  constructor(board: Board, before: Position, power: Power, valuation: Valuation) {
    this.board = board;
    this.power = power;
    this.weights = before.phase.season === 'spring' ? SPRING_EVAL : FALL_EVAL;
    this.ownerBefore = board.provinces.map(() => null);
    for (const [p, list] of Object.entries(before.supplyCenters)) {
      for (const id of list) {
        const i = board.index.get(id);
        if (i !== undefined) this.ownerBefore[i] = p;
      }
    }
    const n = board.places.length;
    this.place = new Float64Array(n);
    let max = 0;
    for (let i = 0; i < n; i++) {
      let v = 0;
      for (let it = 0; it < valuation.proximity.length; it++) v += valuation.proximity[it]![i]!;
      this.place[i] = v;
      if (v > max) max = v;
    }
    if (max > 0) for (let i = 0; i < n; i++) this.place[i] = this.place[i]! / max;
  }

  /** The power's proximity value of a place, 0..1. */
  placeValue(place: number): number {
    return this.place[place]!;
  }

  score(adj: Adjudication): number {
    const { board, power, weights } = this;
    const occupant = new Map<number, Power>();
    let units = 0;
    let placeValue = 0;
    for (const u of adj.position.units) {
      const p = board.index.get(u.province)!;
      occupant.set(p, u.power);
      if (u.power !== power) continue;
      units++;
      const at = board.placeAt(u.type, u);
      if (at !== undefined) placeValue += this.place[at]!;
    }
    let hurt = 0;
    for (const d of adj.dislodged) {
      const retreats = (d.retreatOptions?.length ?? 0) > 0;
      if (d.power !== power) hurt += retreats ? 1 : 2;
      else if (retreats) units += weights.dislodged;
    }
    let centres = 0;
    let threat = 0;
    for (const c of board.centers) {
      const holder = occupant.get(c) ?? this.ownerBefore[c];
      if (holder !== power) continue;
      centres++;
      if (weights.threat > 0 && occupant.get(c) !== power) threat += this.openTo(adj, c);
    }
    return weights.centre * centres + weights.unit * units + weights.position * placeValue - weights.threat * threat + weights.enemyDislodged * hurt;
  }

  /** 1 when more enemy units than ours could move into our empty centre next season, 0.5 when as many, else 0. */
  private openTo(adj: Adjudication, c: number): number {
    const { board, power } = this;
    let enemies = 0;
    let friends = 0;
    for (const u of adj.position.units) {
      const from = board.index.get(u.province)!;
      if (board.dist(from, c) !== 1) continue;
      const place = board.placeAt(u.type, u);
      if (place === undefined) continue;
      const reaches = board.movesFor(u.power)[place]!.some((to) => board.places[to]!.province === c);
      if (!reaches) continue;
      if (u.power === power) friends++;
      else enemies++;
    }
    if (enemies === 0) return 0;
    return enemies > friends ? 1 : 0.5;
  }
}
