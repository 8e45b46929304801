/**
 * Declarations after a provisional result (Warhammer's decisive battles; the engine's `rules.decisive`): which of
 * the declarations offered to a power it makes. Orders are public by then, so the whole provisional phase is known.
 *
 * For each offered declaration, the phase is adjudicated again with the battle won by us (the engine's
 * `context.battles`, as the game master or the dice would report it), and scored by `Evaluator` against the
 * provisional result: the gain. A lost battle leaves the provisional result (declaring never helps an opponent, as
 * the seed's designer notes), so the expected gain is the chance of winning times the gain; the chance is our
 * side's share of the army sizes (100 % at strength 1, +25 % per more strength, as the seed's table sizes armies,
 * strength being the unit and its supports that counted). The best `count` declarations with a positive gain are
 * made, one per province.
 */
import { adjudicate } from '../engine/index.js';
import { locationKey } from '../engine/map.js';
import type { DecisiveDeclaration } from '../engine/rules.js';
import type {
  Adjudication,
  AdjudicationContext,
  Order,
  Position,
  Power,
  PowerOrder,
  ProvinceId,
} from '../engine/types.js';
import type { Variant } from '../engine/variant.js';
import { boardOf } from './board.js';
import { Evaluator } from './evaluate.js';
import { ORDERS_LEVELS, type Level } from './levels.js';
import { destinationOf } from './orders.js';
import { seasonWeights, valuate } from './values.js';

export interface DeclareRequest {
  variant: Variant;
  position: Position;
  /** Every power's orders for the phase (public once the provisional result is out). */
  orders: readonly PowerOrder[];
  /** The declarations the provisional result allows (every power's). */
  offered: readonly DecisiveDeclaration[];
  power: Power;
  /** How many declarations the power makes (its battle commanders); default 1. */
  count?: number;
  players?: readonly Power[];
  options?: Readonly<Record<string, string>>;
  /** How well the player plays (src/ai/levels.ts): `easy` makes at most one declaration. Default `hard`. */
  level?: Level;
}

export function aiDeclarations(request: DeclareRequest): DecisiveDeclaration[] {
  const { variant, position, orders, power } = request;
  const mine = request.offered.filter((d) => d.power === power);
  const cap = ORDERS_LEVELS[request.level ?? 'hard'].declarations;
  const count = Math.max(0, Math.min(cap ?? Infinity, Math.floor(request.count ?? 1)));
  if (mine.length === 0 || count === 0) return [];
  const board = boardOf(variant);
  const context: AdjudicationContext = request.players
    ? { players: [...request.players], explain: false }
    : { explain: false };
  const provisional = adjudicate(variant, position, [...orders], context);
  const evaluator = new Evaluator(board, position, power, valuate(board, position, power, seasonWeights(position)));
  const base = evaluator.score(provisional);
  const ranked: { d: DecisiveDeclaration; value: number }[] = [];
  for (const d of mine) {
    const battles = [{ province: d.province, winner: power, unit: d.unit }];
    const problems =
      variant.rules.checkBattles?.({
        map: variant.map,
        position,
        orders: [...orders],
        battles,
        options: { ...request.options },
      }) ?? [];
    if (problems.length > 0) continue;
    const gain = evaluator.score(adjudicate(variant, position, [...orders], { ...context, battles })) - base;
    const value = gain * winChance(variant, position, orders, provisional, d);
    if (value > 1e-9) ranked.push({ d, value });
  }
  ranked.sort((a, b) => b.value - a.value || a.d.unit.localeCompare(b.d.unit));
  const out: DecisiveDeclaration[] = [];
  const provinces = new Set<ProvinceId>();
  for (const { d } of ranked) {
    if (out.length >= count) break;
    if (provinces.has(d.province)) continue;
    provinces.add(d.province);
    out.push(d);
  }
  return out;
}

/** Our side's share of the armies at the battle's province: percent = 100 + 25 × (strength − 1) per side. */
function winChance(
  variant: Variant,
  position: Position,
  orders: readonly PowerOrder[],
  provisional: Adjudication,
  d: DecisiveDeclaration,
): number {
  const counted = new Set(provisional.results.filter((r) => r.result === 'success').map((r) => `${r.power}|${r.unit}`));
  const label = (po: PowerOrder) =>
    po.order.kind === 'waive' ? '' : `${po.order.unit.type ?? ''} ${locationKey(po.order.unit)}`;
  const unitOf = new Map(position.units.map((u) => [u.province, u]));
  /** Strength of the unit in `province` for its order: itself and the supports for that order that counted. */
  const strength = (province: ProvinceId, order: Order): number => {
    const dest = destinationOf(variant, order);
    let s = 1;
    for (const po of orders) {
      const o = po.order;
      if (o.kind !== 'support' || o.target.province !== province || !counted.has(`${po.power}|${label(po)}`)) continue;
      if ((o.to === null && dest === null) || (o.to !== null && o.to.province === dest)) s++;
    }
    return s;
  };
  const percent = (s: number) => 100 + 25 * (s - 1);
  let ours = 0;
  let theirs = 0;
  for (const po of orders) {
    const o = po.order;
    if (o.kind === 'waive' || o.kind === 'build' || o.kind === 'disband' || o.kind === 'retreat') continue;
    const unit = unitOf.get(o.unit.province);
    if (!unit || unit.power !== po.power) continue;
    const dest = destinationOf(variant, o);
    const fights = dest === d.province || (dest === null && o.unit.province === d.province);
    if (!fights) continue;
    const s = percent(strength(o.unit.province, o));
    if (`${unit.type} ${locationKey(unit)}` === d.unit) ours += s;
    else if (unit.power !== d.power) theirs += s;
  }
  if (ours === 0) ours = 100;
  return ours / (ours + theirs);
}
