/**
 * How good the outcome of one simulated phase is for one power: the supply centres it would own if ownership
 * were counted now, its units (a dislodged unit with somewhere to go counts in part), where they stand (the
 * DumbBot proximity of their places: near centres worth taking or defending), and in the spring the centres of
 * its own left open to an enemy unit that could walk in next season, and the other powers' centres it could take
 * next season (more of its attacks can reach one than the strongest power there can hold it with), and what its units'
 * kind and place let them do next season (prospects.ts: a centre held against a supported attack, a strength-2
 * attack alone, an empty centre a special move reaches).
 */
import type { Adjudication, Position, Power } from '../engine/types.js';
import type { Board } from './board.js';
import { holdExtraOf, prospectOf, type PlaceProspect } from './prospects.js';
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
  /** Another power's centre more of our units can reach next season than can hold it. */
  opportunity: number;
  /**
   * What our units' kind and place buy next season (prospects.ts): a centre held against a supported attack, a
   * centre not ours attacked with strength 2 alone, an empty centre reached by a special move (`FAR_REACH_SHARE`).
   */
  kind: number;
}

/** What a centre beyond a content level's share is worth, as a share of a centre below it: nothing. */
const BEYOND_CONTENT = 0;

/** A power with this many centres or fewer is cornered, and weighs each threat to its centres this much. */
const CORNERED = 2;
const CORNERED_THREAT = 1;

/** Our occupied centre facing more attacks than it can be held with next season, as a share of an empty one's threat. */
const OCCUPIED_THREAT = 0.5;

/** A centre only a special move reaches (no strength: it must be left empty), as a share of a strong attack. */
const FAR_REACH_SHARE = 0.5;

export const SPRING_EVAL: EvalWeights = {
  centre: 0.7,
  enemyDislodged: 0.15,
  unit: 1.0,
  dislodged: 0.5,
  position: 0.3,
  threat: 0.35,
  opportunity: 0.3,
  kind: 0.1,
};
export const FALL_EVAL: EvalWeights = {
  centre: 1.0,
  enemyDislodged: 0.1,
  unit: 0.3,
  dislodged: 0.3,
  position: 0.1,
  threat: 0,
  opportunity: 0,
  kind: 0.1,
};

export class Evaluator {
  private readonly board: Board;
  private readonly power: Power;
  private readonly weights: EvalWeights;
  /** Owner of each centre before the phase (null: none). */
  private readonly ownerBefore: (Power | null)[];
  /** Proximity value of each place for the power, 0..1. */
  private readonly place: Float64Array;

  /** Centres beyond this many count `BEYOND_CONTENT` each (a level content with a middle-sized empire). */
  private readonly content: number;

  constructor(board: Board, before: Position, power: Power, valuation: Valuation, content = Infinity) {
    this.board = board;
    this.content = content;
    this.power = power;
    const weights = before.phase.season === 'spring' ? SPRING_EVAL : FALL_EVAL;
    // A power down to its last centres guards them first, in the fall too: losing one is losing much of what it has.
    const cornered = (before.supplyCenters[power]?.length ?? 0) <= CORNERED;
    this.weights = cornered ? { ...weights, threat: CORNERED_THREAT } : weights;
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
    const n = board.provinces.length;
    const occupant: (Power | undefined)[] = new Array(n);
    // Attacks that could reach each centre next season (a unit that attacks there with strength 2 alone counts 2):
    // ours, and each other power's; and the centres only our special moves reach.
    const ours = new Int16Array(n);
    const theirs = new Map<Power, Int16Array>();
    const far = new Int16Array(n);
    const lookAhead = weights.threat > 0 || weights.opportunity > 0 || weights.kind > 0;
    let units = 0;
    let placeValue = 0;
    const mine: { prospect: PlaceProspect; province: number; place: number }[] = [];
    for (const u of adj.position.units) {
      const p = board.index.get(u.province)!;
      occupant[p] = u.power;
      const at = board.placeAt(u.type, u);
      if (u.power === power) {
        units++;
        if (at !== undefined) placeValue += this.place[at]!;
      }
      if (at === undefined || !lookAhead) continue;
      const prospect = prospectOf(board, u.power, at);
      let counts: Int16Array = ours;
      if (u.power !== power) {
        counts = theirs.get(u.power)!;
        if (!counts) theirs.set(u.power, (counts = new Int16Array(n)));
      } else {
        mine.push({ prospect, province: p, place: at });
        for (const c of prospect.farReach) far[c]!++;
      }
      for (const [c, attack] of prospect.reach) counts[c]! += attack;
    }
    let hurt = 0;
    for (const d of adj.dislodged) {
      const retreats = (d.retreatOptions?.length ?? 0) > 0;
      if (d.power !== power) hurt += retreats ? 1 : 2;
      else if (retreats) units += weights.dislodged;
    }
    let centres = 0;
    let threat = 0;
    let opportunity = 0;
    const holder: (Power | null | undefined)[] = new Array(n);
    for (const c of board.centers) {
      const here = occupant[c];
      holder[c] = here ?? this.ownerBefore[c];
      if (holder[c] === power) {
        centres++;
        if (weights.threat > 0) {
          let enemies = 0;
          for (const counts of theirs.values()) enemies = Math.max(enemies, counts[c]!);
          if (here !== power) {
            // Our empty centre: the strongest single power that could walk in next season, against our units near.
            if (enemies > ours[c]!) threat += 1;
            else if (enemies > 0) threat += 0.5;
          } else if (enemies > 1 + ours[c]!) threat += OCCUPIED_THREAT; // more attacks than our holder and supports
        }
      } else if (weights.opportunity > 0 && here !== power && (ours[c]! > 0 || far[c]! > 0)) {
        // Someone else's centre we could take next season: more of our attacks reach it than it can be held with,
        // or an empty one only our special moves reach and no one else can walk into.
        let defence = 0;
        for (const [q, counts] of theirs) defence = Math.max(defence, counts[c]! + (here === q ? 1 : 0));
        if (here !== undefined && !theirs.has(here)) defence = Math.max(defence, 1);
        if (ours[c]! > defence || (here === undefined && defence === 0 && far[c]! > 0)) opportunity += 1;
      }
    }
    // What our units' kind and place let them do next: hold a centre against a supported attack, attack a centre
    // not ours with strength 2 alone, reach an empty centre not ours by a special move.
    let kind = 0;
    if (weights.kind > 0) {
      for (const { prospect, province, place } of mine) {
        if (board.isCenter[province]) kind += holdExtraOf(board, power, place);
        for (const [c, attack] of prospect.reach) if (attack > 1 && holder[c] !== power) kind += attack - 1;
        for (const c of prospect.farReach)
          if (holder[c] !== power && occupant[c] === undefined) kind += FAR_REACH_SHARE;
      }
    }
    const counted = centres <= this.content ? centres : this.content + BEYOND_CONTENT * (centres - this.content);
    if (centres >= this.content) {
      opportunity = 0;
      hurt = 0;
    }
    return (
      weights.centre * counted +
      weights.unit * units +
      weights.position * placeValue -
      weights.threat * threat +
      weights.opportunity * opportunity +
      weights.enemyDislodged * hurt +
      weights.kind * kind
    );
  }
}
