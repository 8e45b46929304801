/**
 * The battles of a Decisive Battle phase, from the declarations made (seed "Determining Where Decisive Battles
 * Occur" and the army-size table; decisions.md "Army sizes").
 *
 * - One battle per contested province: the target of a decisive move, the province of a decisive hold.
 * - Its sides: the unit standing there that did not leave (it holds), and every unit moving into it. A unit and all
 *   of its supports (the provisional result's successful supports) are one group.
 * - Army size from the strength (1 + supports): 100 / 125 / 150 / 175 / 200 % of 1500 points (strength 5 and more:
 *   200 %). Supports of the unit's own nation join its army; each foreign supporting nation fields its own army, and
 *   the total is split equally (strength 2 = 125 % = two armies of 940 points; split armies rounded to tens).
 * - A side's winner is the power of its leading unit ("the Kislev are still considered the victor").
 */
import { locationKey } from '../engine/map.js';
import type { DecisiveDeclaration } from '../engine/rules.js';
import type { Adjudication, Order, Position, PowerOrder, ProvinceId, Unit } from '../engine/types.js';
import type { Variant } from '../engine/variant.js';

/** Points of a strength-1 army (the seed's first column, "based around 1500 … pt standard"). */
export const BASE_POINTS = 1500;

export interface BattleArmy {
  power: string;
  points: number;
}

export interface BattleSide {
  /** The power of the leading unit: the battle's winner when this side wins. */
  power: string;
  /** The leading unit (`A wast`). */
  unit: string;
  /** It moves into the battle's province (else it holds there). */
  moving: boolean;
  /** Its power declared this battle. */
  declared: boolean;
  /** 1 + the supports that counted in the provisional result. */
  strength: number;
  armies: BattleArmy[];
}

export interface Battle {
  province: ProvinceId;
  sides: BattleSide[];
  /** Dice mode: the roll (1 … total points) and the winning side's index. */
  roll?: { value: number; total: number; side: number };
}

/** One decided battle, as the engine's re-adjudication takes it (the CLI's `battles`). */
export interface BattleReport {
  province: ProvinceId;
  winner: string;
  unit?: string;
}

/** The army sizes of a side of strength `strength` whose units come from `powers` (leader first). */
export function armiesFor(strength: number, leader: string, supporters: string[]): BattleArmy[] {
  const percent = 100 + 25 * (Math.min(5, Math.max(1, strength)) - 1);
  const total = (BASE_POINTS * percent) / 100;
  const nations = [leader, ...new Set(supporters.filter((p) => p !== leader))];
  // The seed's table rounds split armies to tens (1875 / 2 → "2 armies of 940").
  const each = nations.length === 1 ? total : Math.round(total / nations.length / 10) * 10;
  return nations.map((power) => ({ power, points: each }));
}

const label = (u: Pick<Unit, 'type' | 'province' | 'coast'>) => `${u.type} ${locationKey(u)}`;

export function groupBattles(
  variant: Variant,
  position: Position,
  orders: PowerOrder[],
  provisional: Adjudication,
  chosen: DecisiveDeclaration[],
): Battle[] {
  void variant;
  const unitAt = new Map(position.units.map((u) => [u.province, u]));
  const resultOf = (u: Unit) => provisional.results.find((r) => r.unit === label(u) && r.power === u.power);
  const orderOf = (u: Unit): Order | undefined => orders.find((o) => o.power === u.power && o.order.kind !== 'waive' && 'unit' in o.order && o.order.unit.province === u.province)?.order;
  const provinces = [...new Set(chosen.map((d) => d.province))].sort();
  const battles: Battle[] = [];
  for (const province of provinces) {
    const contenders: { unit: Unit; moving: boolean }[] = [];
    for (const u of position.units) {
      const o = orderOf(u);
      if (o?.kind === 'move' && o.to.province === province && resultOf(u)?.result !== 'illegal') contenders.push({ unit: u, moving: true });
    }
    const here = unitAt.get(province);
    if (here) {
      const o = orderOf(here);
      const left = o?.kind === 'move' && resultOf(here)?.result === 'success';
      if (!left) contenders.push({ unit: here, moving: false });
    }
    if (contenders.length < 2) continue;
    const sides: BattleSide[] = contenders.map(({ unit, moving }) => {
      const supporters = orders
        .filter((po) => {
          const o = po.order;
          if (o.kind !== 'support' || o.target.province !== unit.province) return false;
          if (moving ? o.to?.province !== province : o.to !== null) return false;
          const supporter = unitAt.get(o.unit.province);
          return supporter !== undefined && supporter.power === po.power && resultOf(supporter)?.result === 'success';
        })
        .map((po) => po.power);
      return {
        power: unit.power,
        unit: label(unit),
        moving,
        declared: chosen.some((d) => d.power === unit.power && d.unit === label(unit)),
        strength: 1 + supporters.length,
        armies: armiesFor(1 + supporters.length, unit.power, supporters),
      };
    });
    // Never the order units are listed in (an adjudication never depends on it): the holder first, then by power.
    sides.sort((a, b) => Number(a.moving) - Number(b.moving) || a.power.localeCompare(b.power) || a.unit.localeCompare(b.unit));
    battles.push({ province, sides });
  }
  return battles;
}
