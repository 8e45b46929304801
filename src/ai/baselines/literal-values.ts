/**
 * The second reading of DumbBot's province values (docs/ai.md "The baselines"), written apart from values.ts from
 * David Norman's published description and source as literally as they read, so the benchmark has two DumbBots that
 * differ in the details a reader must decide:
 *
 * - Every power on the board is a power of its own size `n² + 4n + 16` (a variant's neutral powers too); only the
 *   centres nobody owns form the one pseudo-power.
 * - A centre of ours is worth the size of the largest other power with a unit next to it that can move in; a centre
 *   not ours the size of its owner.
 * - Proximity runs over the places units stand on (a province, or one coast of it), along the moves of that place's
 *   unit type; of several coasts of one neighbouring province only the best counts.
 * - Strength and competition count, per province, the units that stand in it or can move into it.
 * - Winter values (builds and removals) use the spring attack and defence weights, the build proximity weights and
 *   the defence value of the place itself.
 */
import type { Position, Power } from '../../engine/types.js';
import type { Board } from '../board.js';

const SPRING = { attack: 700, defence: 300, proximity: [100, 1000, 30, 10, 6, 5, 4, 3, 2, 1] };
const FALL = { attack: 600, defence: 400, proximity: [1000, 100, 30, 10, 6, 5, 4, 3, 2, 1] };
const WINTER_PROXIMITY = [1000, 100, 30, 10, 6, 5, 4, 3, 2, 1];
const STRENGTH_WEIGHT = 1000;
const COMPETITION_WEIGHT = 1000;
const WINTER_DEFENCE_WEIGHT = 1000;

export interface LiteralValues {
  /** Destination value of each place (movement and retreats), or winter value (adjustments). */
  value: Float64Array;
  /** Per province: our units in or next to it, and the most of any one other power's. */
  strength: Int32Array;
  competition: Int32Array;
}

/** The sizes of the powers: each power by its own centres, the unowned centres as one pseudo-power (key null). */
function powerSizes(board: Board, position: Position): { owner: (Power | null)[]; size: Map<Power | null, number> } {
  const owner: (Power | null)[] = board.provinces.map(() => null);
  for (const [power, list] of Object.entries(position.supplyCenters))
    for (const id of list) {
      const i = board.index.get(id);
      if (i !== undefined) owner[i] = power;
    }
  const count = new Map<Power | null, number>();
  for (const c of board.centers) count.set(owner[c]!, (count.get(owner[c]!) ?? 0) + 1);
  const size = new Map<Power | null, number>();
  for (const [p, n] of count) size.set(p, n * n + 4 * n + 16);
  return { owner, size };
}

/** Units next to (or in) each province, per power, and the largest other power able to move into each province. */
function adjacency(board: Board, position: Position, power: Power, size: Map<Power | null, number>) {
  const n = board.provinces.length;
  const byPower = new Map<Power, Int32Array>();
  const largestEnemy = new Float64Array(n);
  for (const u of position.units) {
    const place = board.placeAt(u.type, u);
    if (place === undefined) continue;
    let counts = byPower.get(u.power);
    if (!counts) byPower.set(u.power, (counts = new Int32Array(n)));
    const here = board.places[place]!.province;
    const reach = board.reachFrom(u.power, place);
    counts[here]!++;
    for (const p of reach) if (p !== here) counts[p]!++;
    if (u.power === power) continue;
    const s = size.get(u.power) ?? 16;
    for (const p of reach) if (p !== here && s > largestEnemy[p]!) largestEnemy[p] = s;
  }
  const strength = byPower.get(power) ?? new Int32Array(n);
  const competition = new Int32Array(n);
  for (const [q, counts] of byPower)
    if (q !== power) for (let p = 0; p < n; p++) competition[p] = Math.max(competition[p]!, counts[p]!);
  return { strength, competition, largestEnemy };
}

/** proximity[k][place] for k = 0..9: each step a place's own value plus its best neighbour per province, over 5. */
function proximities(board: Board, power: Power, base: Float64Array): Float64Array[] {
  const moves = board.movesFor(power);
  const out = [base];
  let prev = base;
  for (let k = 1; k < WINTER_PROXIMITY.length; k++) {
    const next = new Float64Array(board.places.length);
    for (let i = 0; i < board.places.length; i++) {
      const bestOf = new Map<number, number>();
      for (const j of moves[i]!) {
        const p = board.places[j]!.province;
        bestOf.set(p, Math.max(bestOf.get(p) ?? -Infinity, prev[j]!));
      }
      let sum = prev[i]!;
      for (const v of bestOf.values()) sum += v;
      next[i] = sum / 5;
    }
    out.push(next);
    prev = next;
  }
  return out;
}

/** The values DumbBot's second reading plays by in this phase (movement, retreat or adjustment). */
export function literalValues(board: Board, position: Position, power: Power): LiteralValues {
  const { owner, size } = powerSizes(board, position);
  const { strength, competition, largestEnemy } = adjacency(board, position, power, size);
  const winter = position.phase.type === 'adjustment';
  const weights = position.phase.season === 'fall' && !winter ? FALL : SPRING;
  const attack = new Float64Array(board.provinces.length);
  const defence = new Float64Array(board.provinces.length);
  for (const c of board.centers) {
    if (owner[c] === power) defence[c] = largestEnemy[c]!;
    else attack[c] = size.get(owner[c]!) ?? 16;
  }
  const base = new Float64Array(board.places.length);
  board.places.forEach((pl, i) => {
    base[i] = attack[pl.province]! * weights.attack + defence[pl.province]! * weights.defence;
  });
  const proximity = proximities(board, power, base);
  const value = new Float64Array(board.places.length);
  board.places.forEach((pl, i) => {
    const factors = winter ? WINTER_PROXIMITY : weights.proximity;
    let v = 0;
    for (let k = 0; k < factors.length; k++) v += proximity[k]![i]! * factors[k]!;
    value[i] = winter
      ? v + WINTER_DEFENCE_WEIGHT * defence[pl.province]!
      : v + STRENGTH_WEIGHT * strength[pl.province]! - COMPETITION_WEIGHT * competition[pl.province]!;
  });
  return { value, strength, competition };
}
