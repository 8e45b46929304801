/**
 * How much each place on the board is worth to one power, after David Norman's DumbBot (the algorithm summarised
 * on the DAIDE site), used by the DumbBot baseline and as the strong player's compass:
 *
 * 1. The size of each power: `n² + 4n + 16` for `n` centres. Centres nobody plays for (unowned, or owned by a power
 *    the variant marks neutral) count as one pseudo-power of their number.
 * 2. Each centre we do not own has an attack value, the size of its owner; each centre we own a defence value, the
 *    size of the largest power with a unit that can move into it.
 * 3. Proximity: iteration 0 is `attack × attackWeight + defence × defenceWeight`; each next iteration of a place is
 *    the previous value of the place plus those of the places a unit there can move to, over 5. So value spreads
 *    over the map, along the moves of each unit type.
 * 4. Strength: how many of our units can reach a province; competition: the most units of any one other power
 *    that can. A destination's value is the weighted proximities, plus strength, less competition.
 *
 * The weights are DumbBot's published defaults (spring, fall, build and remove sets).
 */
import { adjustmentDelta } from '../engine/adjustment.js';
import type { Position, Power } from '../engine/types.js';
import type { Board } from './board.js';

export interface Weights {
  attack: number;
  defence: number;
  proximity: readonly number[];
  strength: number;
  competition: number;
}

const PROXIMITY_SPRING = [100, 1000, 30, 10, 6, 5, 4, 3, 2, 1];
const PROXIMITY_FALL = [1000, 100, 30, 10, 6, 5, 4, 3, 2, 1];

export const SPRING_WEIGHTS: Weights = {
  attack: 700,
  defence: 300,
  proximity: PROXIMITY_SPRING,
  strength: 1000,
  competition: 1000,
};
export const FALL_WEIGHTS: Weights = {
  attack: 600,
  defence: 400,
  proximity: PROXIMITY_FALL,
  strength: 1000,
  competition: 1000,
};
/** Builds and removals: proximity as in the fall, plus the defence value of the place itself. */
export const ADJUST_PROXIMITY = PROXIMITY_FALL;
export const ADJUST_DEFENCE_WEIGHT = 1000;

/** The power size formula's coefficients (n² + 4n + 16). */
export function powerSize(centres: number): number {
  return centres * centres + 4 * centres + 16;
}

export interface Valuation {
  power: Power;
  /** Attack and defence value of each province. */
  attack: Float64Array;
  defence: Float64Array;
  /** proximity[n][place] for n = 0..9. */
  proximity: Float64Array[];
  /** Our units that can reach (or stand in) each province; the most of any one other power. */
  strength: Int32Array;
  competition: Int32Array;
  /** The destination value of each place for a move this season (DumbBot's movement value). */
  move: Float64Array;
  /** The value of each place for a build there (and for keeping a unit there, against a removal). */
  adjust: Float64Array;
}

/** Powers whose centres are treated as nobody's: the variant's neutral powers (data flag). */
export function neutralPowers(board: Board): ReadonlySet<Power> {
  return new Set(board.variant.powers.filter((p) => p.neutral).map((p) => p.name));
}

export interface Owners {
  /** Owner of each province's centre (null: nobody, or a neutral power). */
  owner: (Power | null)[];
  size: Map<Power | null, number>;
}

export function ownersOf(board: Board, position: Position): Owners {
  const neutral = neutralPowers(board);
  const owner: (Power | null)[] = board.provinces.map(() => null);
  const count = new Map<Power | null, number>();
  for (const [power, list] of Object.entries(position.supplyCenters)) {
    for (const id of list) {
      const i = board.index.get(id);
      if (i === undefined) continue;
      owner[i] = neutral.has(power) ? null : power;
    }
  }
  for (const c of board.centers) count.set(owner[c]!, (count.get(owner[c]!) ?? 0) + 1);
  const size = new Map<Power | null, number>();
  for (const [p, n] of count) size.set(p, powerSize(n));
  return { owner, size };
}

/** Which provinces each unit can move into (its own included), by unit index in `position.units`. */
export function reachOf(board: Board, position: Position): number[][] {
  return position.units.map((u) => {
    const place = board.placeOf(u);
    return [board.places[place]!.province, ...board.reachFrom(u.power, place)];
  });
}

/**
 * A valuation bent towards one power's centres (an aggressive neighbour), or away from every centre not ours (a
 * player content with what it has): their attack value counts `factor` times.
 */
export interface Bias {
  /** The power whose centres are bent; none: every centre not ours. */
  target?: Power;
  factor: number;
}

export function valuate(
  board: Board,
  position: Position,
  power: Power,
  weights: Weights,
  owners = ownersOf(board, position),
  reach = reachOf(board, position),
  bias?: Bias,
): Valuation {
  const n = board.provinces.length;
  const attack = new Float64Array(n);
  const defence = new Float64Array(n);
  // Strength and competition: units that can reach each province, by power.
  const strength = new Int32Array(n);
  const byPower = new Map<Power, Int32Array>();
  position.units.forEach((u, i) => {
    if (u.power === power) {
      for (const p of reach[i]!) strength[p]!++;
      return;
    }
    let counts = byPower.get(u.power);
    if (!counts) byPower.set(u.power, (counts = new Int32Array(n)));
    for (const p of reach[i]!) counts[p]!++;
  });
  const competition = new Int32Array(n);
  for (const counts of byPower.values())
    for (let p = 0; p < n; p++) if (counts[p]! > competition[p]!) competition[p] = counts[p]!;
  // Largest power able to move into each province (for the defence of our centres).
  const threat = new Float64Array(n);
  for (const [q, counts] of byPower) {
    const size = owners.size.get(q) ?? powerSize(0);
    for (let p = 0; p < n; p++) if (counts[p]! > 0 && size > threat[p]!) threat[p] = size;
  }
  for (const c of board.centers) {
    const owner = owners.owner[c]!;
    if (owner === power) defence[c] = threat[c]!;
    else
      attack[c] =
        (owners.size.get(owner) ?? powerSize(0)) *
        (bias && (bias.target === undefined || owner === bias.target) ? bias.factor : 1);
  }
  const moves = board.movesFor(power);
  const places = board.places;
  const proximity: Float64Array[] = [];
  let prev = new Float64Array(places.length);
  for (let i = 0; i < places.length; i++) {
    const p = places[i]!.province;
    prev[i] = attack[p]! * weights.attack + defence[p]! * weights.defence;
  }
  proximity.push(prev);
  for (let it = 1; it < weights.proximity.length; it++) {
    const next = new Float64Array(places.length);
    for (let i = 0; i < places.length; i++) {
      let sum = prev[i]!;
      for (const j of moves[i]!) sum += prev[j]!;
      next[i] = sum / 5;
    }
    proximity.push(next);
    prev = next;
  }
  const move = new Float64Array(places.length);
  const adjust = new Float64Array(places.length);
  for (let i = 0; i < places.length; i++) {
    const p = places[i]!.province;
    let m = 0;
    let a = 0;
    for (let it = 0; it < proximity.length; it++) {
      m += weights.proximity[it]! * proximity[it]![i]!;
      a += ADJUST_PROXIMITY[it]! * proximity[it]![i]!;
    }
    move[i] = m + weights.strength * strength[p]! - weights.competition * competition[p]!;
    adjust[i] = a + ADJUST_DEFENCE_WEIGHT * defence[p]!;
  }
  return { power, attack, defence, proximity, strength, competition, move, adjust };
}

/** The weights for this phase's moves (and retreats): spring or fall. */
export function seasonWeights(position: Position): Weights {
  return position.phase.season === 'spring' ? SPRING_WEIGHTS : FALL_WEIGHTS;
}

/** Builds (positive) or disbands (negative) of a power now, by the variant's own rule. */
export function deltaOf(board: Board, position: Position, power: Power): number {
  return adjustmentDelta(position, power, board.variant.map, board.variant.rules);
}
