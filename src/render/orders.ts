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
    const loc = String(r.unit ?? '').split(' ')[1];
    if (loc) byUnit.set(`${r.power}|${loc}`, r);
  }
  const retreatPhase = ctx.position.phase?.type === 'retreat';
  const marks: OrderMark[] = [];
  orders.forEach((given, index) => {
    try {
      const mark = orderMark(ctx, given, byText, byUnit, retreatPhase, warnings);
      if (mark) marks.push(mark);
    } catch (e) {
      warnings.push(`cannot draw order ${index + 1}: ${e instanceof Error ? e.message : String(e)}`);
    }
  });
  separateHeadToHead(marks);
  return marks;
}

function orderMark(
  ctx: OrderMarkContext,
  { power, order }: PowerOrder,
  byText: Map<string, OrderResult>,
  byUnit: Map<string, OrderResult>,
  retreatPhase: boolean,
  warnings: string[],
): OrderMark | null {
  if (order.kind === 'waive') return null;
  const text = formatOrder(order, ctx.variant.rules);
  const result = byText.get(`${power}|${text}`) ?? byUnit.get(`${power}|${locationKey(order.unit)}`);
  const outcome = result?.result ?? null;
  const unitType: UnitType | undefined = order.unit.type ?? unitTypeAt(ctx.position, order.unit) ?? undefined;
  const from =
    order.kind === 'retreat' || (order.kind === 'disband' && retreatPhase)
      ? ctx.unitPointOf(order.unit, true)
      : ctx.unitPointOf(order.unit, false);
  const base = { power, color: ctx.colorOf(power), order: text, size: ctx.unitSize, unitType, outcome, failed: outcome !== null && FAILED.has(outcome) };
  const make = (kind: OrderMarkKind, points: (Point | null)[]): OrderMark | null => {
    if (points.some((p) => p === null)) {
      warnings.push(`cannot draw an order of ${power}: a location is not on the map`);
      return null;
    }
    return { ...base, kind, points: points as Point[] };
  };
  switch (order.kind) {
    case 'hold':
      return make('hold', [from]);
    case 'move':
      return make('move', [from, ctx.pointOf(order.to)]);
    case 'retreat':
      return make('retreat', [from, ctx.pointOf(order.to)]);
    case 'support':
      return make('support', [from, order.to ? ctx.pointOf(order.to) : ctx.unitPointOf(order.target, false)]);
    case 'convoy':
      return make('convoy', [ctx.unitPointOf(order.target, false), from, ctx.pointOf(order.to)]);
    case 'build':
      return make('build', [ctx.pointOf(order.unit)]);
    case 'disband':
      return make('disband', [from]);
    case 'special':
      if (order.name === 'raise') return make('raise', [from]);
      if (order.path.length > 0) return make('path', [from, ...order.path.map((l) => ctx.pointOf(l))]);
      return make('hold', [from]);
    default:
      warnings.push(`cannot draw an order of ${power}: unknown kind`);
      return null;
  }
}

/** Two arrows between the same two spots in opposite directions (a head-to-head battle): each moves to its own left. */
function separateHeadToHead(marks: OrderMark[]): void {
  const key = (p: Point) => `${Math.round(p[0])},${Math.round(p[1])}`;
  const arrows = marks.filter((m) => m.kind === 'move' || m.kind === 'retreat');
  const ends = new Set(arrows.map((m) => `${key(m.points[0])}>${key(m.points[m.points.length - 1])}`));
  for (const m of arrows) {
    const [a, b] = [m.points[0], m.points[m.points.length - 1]];
    if (!ends.has(`${key(b)}>${key(a)}`)) continue;
    const len = Math.hypot(b[0] - a[0], b[1] - a[1]) || 1;
    const shift = m.size * 0.5;
    const [nx, ny] = [((b[1] - a[1]) / len) * shift, (-(b[0] - a[0]) / len) * shift];
    m.points = m.points.map(([x, y]) => [x + nx, y + ny] as Point);
  }
}

function unitTypeAt(position: Position, loc: Location): UnitType | null {
  const u =
    position.units.find((x) => x.province === loc.province) ?? position.dislodged.find((x) => x.province === loc.province);
  return u?.type ?? null;
}
