/**
 * Orders (and their results) → order marks of the scene. One mark per order; the geometry of each kind
 * is documented on `OrderMark`. Results are matched to orders by normalized text, else by unit location.
 */
import { formatOrder } from '../engine/format.js';
import { locationKey } from '../engine/map.js';
import type { Location, OrderResult, Position, PowerOrder, UnitType } from '../engine/types.js';
import type { Variant } from '../engine/variant.js';
import type { Point } from './geometry.js';
import type { OrderMark, OrderMarkKind } from './scene.js';

export interface OrderMarkContext {
  variant: Variant;
  position: Position;
  /** Output-pixel point of a location (unit anchor). */
  pointOf(loc: Location): Point | null;
  /** Where a unit at this location is drawn (dislodged units are offset). */
  unitPointOf(loc: Location, dislodged: boolean): Point | null;
  unitSize: number;
  colorOf(power: string): string;
}

const FAILED = new Set(['failure', 'illegal', 'void']);

export function orderMarks(
  ctx: OrderMarkContext,
  orders: PowerOrder[],
  results: OrderResult[] | undefined,
  warnings: string[],
): OrderMark[] {
  const byText = new Map<string, OrderResult>();
  const byUnit = new Map<string, OrderResult>();
  for (const r of results ?? []) {
    byText.set(`${r.power}|${r.order}`, r);
    const loc = r.unit.split(' ')[1];
    if (loc) byUnit.set(`${r.power}|${loc}`, r);
  }
  const retreatPhase = ctx.position.phase.type === 'retreat';
  const marks: OrderMark[] = [];
  for (const { power, order } of orders) {
    if (order.kind === 'waive') continue;
    const text = formatOrder(order, ctx.variant.rules);
    const result = byText.get(`${power}|${text}`) ?? byUnit.get(`${power}|${locationKey(order.unit)}`);
    const outcome = result?.result ?? null;
    const unitType: UnitType | undefined = order.unit.type ?? unitTypeAt(ctx.position, order.unit) ?? undefined;
    const from =
      order.kind === 'retreat' || (order.kind === 'disband' && retreatPhase)
        ? ctx.unitPointOf(order.unit, true)
        : ctx.unitPointOf(order.unit, false);
    const base = { power, color: ctx.colorOf(power), order: text, size: ctx.unitSize, unitType, outcome, failed: outcome !== null && FAILED.has(outcome) };
    const push = (kind: OrderMarkKind, points: (Point | null)[]) => {
      if (points.some((p) => p === null)) {
        warnings.push(`cannot draw order of ${power}: a location is not on the map`);
        return;
      }
      marks.push({ ...base, kind, points: points as Point[] });
    };
    switch (order.kind) {
      case 'hold':
        push('hold', [from]);
        break;
      case 'move':
        push('move', [from, ctx.pointOf(order.to)]);
        break;
      case 'retreat':
        push('retreat', [from, ctx.pointOf(order.to)]);
        break;
      case 'support':
        push('support', [from, order.to ? ctx.pointOf(order.to) : ctx.unitPointOf(order.target, false)]);
        break;
      case 'convoy':
        push('convoy', [ctx.unitPointOf(order.target, false), from, ctx.pointOf(order.to)]);
        break;
      case 'build':
        push('build', [ctx.pointOf(order.unit)]);
        break;
      case 'disband':
        push('disband', [from]);
        break;
      case 'special':
        if (order.name === 'raise') push('raise', [from]);
        else if (order.path.length > 0) push('path', [from, ...order.path.map((l) => ctx.pointOf(l))]);
        else push('hold', [from]);
        break;
    }
  }
  return marks;
}

function unitTypeAt(position: Position, loc: Location): UnitType | null {
  const u =
    position.units.find((x) => x.province === loc.province) ?? position.dislodged.find((x) => x.province === loc.province);
  return u?.type ?? null;
}
