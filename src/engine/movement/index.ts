/**
 * The movement phase: orders in, new unit positions, dislodgements with retreat options, and results out.
 */
import type { GameMap } from '../map.js';
import type { OrderedUnit, RulesModule } from '../rules.js';
import { retreatOptions } from '../retreatOptions.js';
import type { DislodgedUnit, OrderResult, Position, PowerOrder, ProvinceId, Unit } from '../types.js';
import { explainResult } from './explain.js';
import { prepareMovement } from './prepare.js';
import { MovementResolver } from './resolver.js';

export interface MovementOutcome {
  units: Unit[];
  dislodged: DislodgedUnit[];
  contested: ProvinceId[];
  results: OrderResult[];
  ordered: OrderedUnit[];
  /** Armies whose moves went by convoy (`MovementOutcomeView.convoyed`). */
  convoyed: ProvinceId[];
  /** What kept a failed move out (`MovementOutcomeView.keptOut`), computed when asked. */
  keptOut(province: ProvinceId): ProvinceId[];
}

/**
 * `pass`: the data of the variant's outer loop (`RulesModule.revisitMovement`), visible to hooks as `ctx.pass`;
 * `explain: false`: results with their outcomes only, empty reasons (`AdjudicationContext.explain`).
 */
export function resolveMovement(
  map: GameMap,
  rules: RulesModule,
  position: Position,
  orders: PowerOrder[],
  pass?: unknown,
  explain = true,
): MovementOutcome {
  const { ordered, rejected } = prepareMovement(map, rules, position, orders);
  const r = new MovementResolver(map, rules, position, ordered, pass);
  r.resolveAll();

  const units: Unit[] = [];
  // Dislodged units and their dislodgers, by index (two lists of numbers: no object per dislodgement).
  const dislodgedUnits: number[] = [];
  const dislodgers: number[] = [];
  for (let i = 0; i < r.units.length; i++) {
    const ou = r.units[i]!;
    if (ou.virtual) {
      if (ou.materializes && r.role[i] === 'move' && r.succeeded(i)) {
        const at = r.endLocation(i);
        units.push({ power: ou.unit.power, type: ou.unit.type, province: at.province, coast: at.coast });
      }
      continue;
    }
    const by = r.dislodger(i);
    if (by !== null) {
      dislodgedUnits.push(i);
      dislodgers.push(by);
      continue;
    }
    const moved = r.role[i] === 'move' && r.succeeded(i);
    const at = moved ? r.endLocation(i) : ou.unit;
    units.push({ power: ou.unit.power, type: ou.unit.type, province: at.province, coast: at.coast });
  }
  const occupied = new Set(units.map((u) => u.province));
  const contested = new Set<ProvinceId>();
  for (const [province, movers] of r.movesInto) {
    if (occupied.has(province)) continue;
    // A standoff: a failed move that still had strength to prevent others (not one that lost a head-to-head; DATC 6.H.9).
    if (movers.some((k) => !r.succeeded(k) && !r.customEnd[k] && r.preventStrength(k) > 0)) contested.add(province);
  }
  // Standoffs of move-like special orders (Warring States RRM rule 5: two Rapid River Moves "stand off").
  for (const provinces of r.customContests) for (const p of provinces) if (!occupied.has(p)) contested.add(p);
  // A virtual unit that stood its ground this phase (not moving, not dislodged) keeps retreats out like any unit.
  const blocksRetreats = new Set(occupied);
  r.units.forEach((ou, i) => {
    if (ou.virtual && r.role[i] !== 'move' && r.dislodger(i) === null) blocksRetreats.add(ou.unit.province);
  });
  const dislodged: DislodgedUnit[] = dislodgedUnits.map((i, k) => {
    const by = dislodgers[k]!;
    const u = r.units[i]!.unit;
    // A virtual attacker that rose from nowhere (Warhammer's Immortality) has no province to name or to keep retreats out of.
    const from = r.units[by]!.unit.province;
    const attackerFrom = map.has(from) ? from : undefined;
    const viaConvoy = r.byConvoy[by]!;
    const options = retreatOptions(map, rules, u, blocksRetreats, contested, attackerFrom, viaConvoy, position);
    const d: DislodgedUnit = {
      power: u.power,
      type: u.type,
      province: u.province,
      coast: u.coast,
      viaConvoy,
      retreatOptions: options,
    };
    if (attackerFrom !== undefined) d.attackerFrom = attackerFrom;
    return d;
  });
  const results: OrderResult[] = [];
  r.units.forEach((ou, i) => {
    if (!ou.virtual) results.push(explainResult(r, i, explain));
  });
  // One line per refused order, as many as the input holds: appended one by one, as spreading 100,000 arguments
  // overflows the stack (docs/cli.md: a case's orders are read whatever their number).
  for (const line of rejected) results.push(line);
  const convoyed = r.units.flatMap((ou, i) => (r.byConvoy[i] ? [ou.unit.province] : [])).sort();
  const keptOut = (province: ProvinceId) => {
    const i = r.index.get(province);
    return i === undefined ? [] : r.keptOut(i).map((k) => r.units[k]!.unit.province);
  };
  return { units, dislodged, contested: [...contested].sort(), results, ordered: r.units, convoyed, keptOut };
}
