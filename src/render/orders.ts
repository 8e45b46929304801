/**
 * Orders (and their results) → order marks and result symbols of the scene, following the conventions
 * players know from webDiplomacy and Backstabbr (issue 10 §1):
 * - a move is an arrow; a convoyed move runs through its convoying fleets in order (the convoy orders
 *   themselves draw nothing more when the army's move is there);
 * - a support to move is a dashed line to the middle of the supported move's arrow; a support to hold ends
 *   on the held unit;
 * - a failed order is dimmed and dashed, with its result symbol at the head of its arrow (placed later, in
 *   symbols.ts, where it covers no label or unit);
 * - arrows bend round units they would otherwise cross (route.ts);
 * - a rapid river move that stopped short is drawn solid to where the fleet ended, the rest dashed.
 * Results are matched to orders by power and normalized text, else by unit location.
 */
import { formatOrder } from '../engine/format.js';
import { locationKey } from '../engine/map.js';
import type { Location, Order, OrderResult, Position, PowerOrder, Unit, UnitType } from '../engine/types.js';
import type { Variant } from '../engine/variant.js';
import type { Point } from './geometry.js';
import { arcMidpoint, routeThrough, trimPath, type Obstacle } from './route.js';
import type { OrderMark, OrderMarkKind, SymbolKind, UnitMark } from './scene.js';

export interface OrderMarkContext {
  variant: Variant;
  position: Position;
  /** Output-pixel point of a location (unit anchor). */
  pointOf(loc: Location): Point | null;
  /** Where a unit at this location is drawn (dislodged units are offset). */
  unitPointOf(loc: Location, dislodged: boolean): Point | null;
  unitSize: number;
  colorOf(power: string): string;
  /** Units already in the scene (arrows bend round them). */
  units: UnitMark[];
  /** The position after the phase, when known (where a stopped-short river fleet ended). */
  after?: Position;
  /** The rivers as drawn (output pixels): rapid river moves follow them. */
  riverLines?: Point[][];
}

/** A result symbol still to be placed: candidate centres in order of preference. */
export interface SymbolWish {
  kind: SymbolKind;
  candidates: Point[];
  /** The unit it is about (its location key), if any. */
  unit?: string;
}

export interface OrderLayer {
  marks: OrderMark[];
  /** Units the orders add (builds). */
  units: UnitMark[];
  symbols: SymbolWish[];
}

const FAILED = new Set(['failure', 'illegal', 'void']);

interface Draft {
  mark: OrderMark;
  order: Order;
  result: OrderResult | undefined;
}

export function orderMarks(
  ctx: OrderMarkContext,
  orders: PowerOrder[],
  results: OrderResult[] | undefined,
  warnings: string[],
): OrderLayer {
  const byText = new Map<string, OrderResult>();
  const byUnit = new Map<string, OrderResult>();
  for (const r of results ?? []) {
    byText.set(`${r.power}|${r.order}`, r);
    const loc = String(r.unit ?? '').split(' ')[1];
    if (loc) byUnit.set(`${r.power}|${loc}`, r);
  }
  const retreatPhase = ctx.position.phase?.type === 'retreat';
  const drafts: Draft[] = [];
  orders.forEach((given, index) => {
    try {
      const draft = orderDraft(ctx, given, byText, byUnit, retreatPhase, warnings);
      if (draft) drafts.push(draft);
    } catch (e) {
      warnings.push(`cannot draw order ${index + 1}: ${e instanceof Error ? e.message : String(e)}`);
    }
  });
  separateHeadToHead(drafts.map((d) => d.mark));
  const layer: OrderLayer = { marks: drafts.map((d) => d.mark), units: [], symbols: [] };
  routeAll(ctx, drafts, layer);
  return layer;
}

function orderDraft(
  ctx: OrderMarkContext,
  { power, order }: PowerOrder,
  byText: Map<string, OrderResult>,
  byUnit: Map<string, OrderResult>,
  retreatPhase: boolean,
  warnings: string[],
): Draft | null {
  if (order.kind === 'waive') return null;
  const text = formatOrder(order, ctx.variant.rules);
  const result = byText.get(`${power}|${text}`) ?? byUnit.get(`${power}|${locationKey(order.unit)}`);
  const outcome = result?.result ?? null;
  const unitType: UnitType | undefined = order.unit.type ?? unitTypeAt(ctx.position, order.unit) ?? undefined;
  const from =
    order.kind === 'retreat' || (order.kind === 'disband' && retreatPhase)
      ? ctx.unitPointOf(order.unit, true)
      : ctx.unitPointOf(order.unit, false);
  const base = {
    power,
    color: ctx.colorOf(power),
    order: text,
    size: ctx.unitSize,
    unitType,
    outcome,
    failed: outcome !== null && FAILED.has(outcome),
    path: [] as Point[],
  };
  const make = (kind: OrderMarkKind, points: (Point | null)[]): Draft | null => {
    if (points.some((p) => p === null)) {
      warnings.push(`cannot draw an order of ${power}: a location is not on the map`);
      return null;
    }
    return { mark: { ...base, kind, points: points as Point[] }, order, result };
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

/** Paths of every mark (arrows bent round units, trimmed to the icons' edges) and the symbols they call for. */
function routeAll(ctx: OrderMarkContext, drafts: Draft[], layer: OrderLayer): void {
  const s = ctx.unitSize;
  const obstacles: Obstacle[] = ctx.units.map((u) => ({ at: u.at, r: s * 1.35 }));
  const head = s * 1.15;
  const tail = s * 1.1;

  // Convoy routes: army province → its convoying fleets, in order → destination.
  const convoysOf = new Map<string, Draft[]>();
  for (const d of drafts) {
    if (d.order.kind !== 'convoy') continue;
    const key = `${d.order.target.province}>${d.order.to.province}`;
    convoysOf.set(key, [...(convoysOf.get(key) ?? []), d]);
  }
  const convoyChain = (army: string, dest: string): Draft[] => orderChain(ctx.variant, army, dest, convoysOf.get(`${army}>${dest}`) ?? []);

  // Moves, retreats and paths first: supports end on them.
  const moveOf = new Map<string, Draft>();
  const usedConvoys = new Set<Draft>();
  for (const d of drafts) {
    const m = d.mark;
    if (m.kind === 'move' && d.order.kind === 'move') {
      const chain = d.order.unit.type === 'F' ? [] : convoyChain(d.order.unit.province, d.order.to.province);
      chain.forEach((c) => usedConvoys.add(c));
      const via = chain.map((c) => c.mark.points[1]);
      m.points = [m.points[0], ...via, m.points[m.points.length - 1]];
      m.path = trimPath(routeThrough(m.points, obstacles), tail, head);
      moveOf.set(d.order.unit.province, d);
      if (m.failed) layer.symbols.push({ kind: 'failed', candidates: headCandidates(m.path, s), unit: locationKey(d.order.unit) });
    } else if (m.kind === 'retreat') {
      m.path = trimPath(routeThrough(m.points, obstacles), tail, head);
      if (m.failed) layer.symbols.push({ kind: 'failed', candidates: headCandidates(m.path, s) });
    } else if (m.kind === 'path' && d.order.kind === 'special') {
      const ended = stoppedAt(ctx, d);
      // A rapid river move runs along the river's drawn course (WS rapid river rule), not straight across the land.
      const line = (points: Point[]) => alongRivers(points, ctx.riverLines ?? [], s * 10) ?? routeThrough(points, obstacles);
      if (ended !== null && ended < m.points.length - 1) {
        m.path = trimPath(line(m.points.slice(0, ended + 1)), tail, head);
        m.rest = trimPath(line(m.points.slice(ended)), head, head);
        m.failed = false; // the fleet did move: the arrow is solid to where it ended
        m.stoppedShort = true;
        layer.symbols.push({ kind: 'failed', candidates: headCandidates(m.rest, s) });
      } else {
        m.path = trimPath(line(m.points), tail, head);
        if (m.failed) layer.symbols.push({ kind: 'failed', candidates: headCandidates(m.path, s) });
      }
    }
  }

  for (const d of drafts) {
    const m = d.mark;
    const unitKey = d.order.kind === 'waive' ? undefined : locationKey(d.order.unit);
    switch (m.kind) {
      case 'support': {
        if (d.order.kind !== 'support') break;
        if (d.order.to) {
          // To the middle of the supported move's arrow (or of where it would run, if it was not ordered).
          const supported = moveOf.get(d.order.target.province);
          const same = supported && supported.order.kind === 'move' && supported.order.to.province === d.order.to.province;
          const target = ctx.unitPointOf(d.order.target, false);
          const mid = same ? arcMidpoint(supported.mark.path) : target ? arcMidpoint([target, m.points[1]]) : m.points[1];
          m.points = [m.points[0], mid];
          m.path = trimPath(routeThrough(m.points, obstacles), tail, 0);
        } else {
          m.path = trimPath(routeThrough(m.points, obstacles), tail, s * 1.45);
        }
        if (m.failed) {
          const cut = d.result?.result === 'failure' && /\bcut\b/i.test(d.result.reason);
          layer.symbols.push({ kind: cut ? 'cut' : 'failed', candidates: middleCandidates(m.path, s), unit: unitKey });
        }
        break;
      }
      case 'convoy': {
        // Drawn by the army's arrow when the army moves; alone, a dotted route army → fleet → destination.
        if (!usedConvoys.has(d)) m.path = trimPath(routeThrough(m.points, obstacles), tail, head);
        if (m.failed) layer.symbols.push({ kind: 'failed', candidates: aroundUnit(m.points[1], s), unit: unitKey });
        break;
      }
      case 'hold':
      case 'raise':
        m.path = [m.points[0]];
        if (m.failed && m.outcome !== 'failure') layer.symbols.push({ kind: 'failed', candidates: aroundUnit(m.points[0], s), unit: unitKey });
        break;
      case 'disband':
        m.path = [m.points[0]];
        layer.symbols.push({ kind: m.failed ? 'failed' : 'disbanded', candidates: aroundUnit(m.points[0], s), unit: unitKey });
        break;
      case 'build': {
        m.path = [m.points[0]];
        const type = m.unitType ?? 'A';
        const location = unitKey ?? '';
        layer.units.push({
          power: m.power,
          type,
          location,
          at: m.points[0],
          size: s,
          fill: m.color,
          text: '#000000',
          dislodged: false,
          state: m.failed ? 'build-failed' : 'built',
        });
        layer.symbols.push({ kind: m.failed ? 'build-failed' : 'built', candidates: aroundUnit(m.points[0], s), unit: location });
        break;
      }
      default:
        break;
    }
  }
}

/**
 * A line along the river course through unit spots: from the first spot to the nearest point of the river, along
 * the course past the provinces in between (not out to their spots), to the point nearest the last spot, then to
 * it. Null when some step has no river passing within `reach` of both its spots (the caller then draws straight).
 */
export function alongRivers(points: Point[], rivers: Point[][], reach: number): Point[] | null {
  if (points.length < 2 || rivers.length === 0) return null;
  const out: Point[] = [points[0]];
  for (let i = 1; i < points.length; i++) {
    const [a, b] = [points[i - 1], points[i]];
    let best: { river: Point[]; from: Nearest; to: Nearest } | null = null;
    for (const river of rivers) {
      const from = nearestOn(river, a);
      const to = nearestOn(river, b);
      if (Math.max(from.d, to.d) > reach) continue;
      if (!best || Math.max(from.d, to.d) < Math.max(best.from.d, best.to.d)) best = { river, from, to };
    }
    if (!best) return null;
    const { river, from, to } = best;
    const course: Point[] = [from.p];
    if (from.at <= to.at) for (let k = Math.floor(from.at) + 1; k <= Math.floor(to.at) && k < river.length; k++) course.push(river[k]);
    else for (let k = Math.floor(from.at); k > Math.floor(to.at) && k >= 0; k--) course.push(river[k]);
    course.push(to.p);
    for (const p of course) if (!samePoint(out[out.length - 1], p)) out.push(p);
  }
  const last = points[points.length - 1];
  if (!samePoint(out[out.length - 1], last)) out.push(last);
  return out;
}

/** The point of a polyline nearest to `p`: where (segment index + fraction along it), the point, the distance. */
interface Nearest {
  at: number;
  p: Point;
  d: number;
}

function nearestOn(line: Point[], p: Point): Nearest {
  let best: Nearest = { at: 0, p: line[0], d: Math.hypot(p[0] - line[0][0], p[1] - line[0][1]) };
  for (let k = 0; k + 1 < line.length; k++) {
    const [a, b] = [line[k], line[k + 1]];
    const dx = b[0] - a[0];
    const dy = b[1] - a[1];
    const len2 = dx * dx + dy * dy;
    const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / len2));
    const q: Point = [a[0] + dx * t, a[1] + dy * t];
    const d = Math.hypot(p[0] - q[0], p[1] - q[1]);
    if (d < best.d) best = { at: k + t, p: q, d };
  }
  return best;
}

const samePoint = (p: Point, q: Point) => Math.abs(p[0] - q[0]) < 0.01 && Math.abs(p[1] - q[1]) < 0.01;

/** Where the fleet of a rapid river move ended, as an index into its points (null when unknown). */
function stoppedAt(ctx: OrderMarkContext, d: Draft): number | null {
  if (!ctx.after || d.order.kind !== 'special' || !/stopped short/i.test(d.result?.reason ?? '')) return null;
  const order = d.order;
  const had = (p: string, units: Unit[]) => units.some((u) => u.province === p && u.power === d.mark.power && u.type === 'F');
  for (let i = order.path.length - 1; i >= 0; i--) {
    const p = order.path[i].province;
    if (had(p, ctx.after.units) && !had(p, ctx.position.units)) return i + 1;
  }
  return had(order.unit.province, ctx.after.units) ? 0 : null;
}

/** The convoying fleets of one army's route, ordered from the army's province to the destination. */
function orderChain(variant: Variant, army: string, dest: string, convoys: Draft[]): Draft[] {
  if (convoys.length === 0) return [];
  const at = new Map(convoys.map((c) => [(c.order as { unit: Location }).unit.province, c]));
  // Shortest chain through the convoying fleets' provinces (breadth-first over adjacency).
  const prev = new Map<string, string | null>([[army, null]]);
  const queue = [army];
  while (queue.length > 0) {
    const here = queue.shift()!;
    for (const next of variant.map.neighbours(here)) {
      if (prev.has(next)) continue;
      if (next === dest && here !== army) {
        const chain: Draft[] = [];
        for (let p: string | null = here; p !== null && p !== army; p = prev.get(p) ?? null) chain.unshift(at.get(p)!);
        return chain;
      }
      if (!at.has(next)) continue;
      prev.set(next, here);
      queue.push(next);
    }
  }
  return [];
}

/** Spots for a symbol at the head of an arrow: on the line, stepping back from the tip, then beside it. */
function headCandidates(path: Point[], s: number): Point[] {
  const out: Point[] = [];
  const r = s * 0.72;
  // Just behind the arrowhead (3.2 × the 3.6-px line width long at 1600 px, about 1.1 unit sizes).
  const behind = s * 1.1 + r;
  const steps = [behind, behind + r, behind + r * 2, behind + r * 3, behind + r * 4.5, r * 1.1];
  for (const back of steps) out.push(pointBack(path, back));
  for (const back of steps) {
    const p = pointBack(path, back);
    const q = pointBack(path, back + 1);
    const len = Math.hypot(p[0] - q[0], p[1] - q[1]) || 1;
    const [nx, ny] = [-(p[1] - q[1]) / len, (p[0] - q[0]) / len];
    out.push([p[0] + nx * r * 1.6, p[1] + ny * r * 1.6], [p[0] - nx * r * 1.6, p[1] - ny * r * 1.6]);
  }
  return out;
}

/** Spots for a symbol on a line: its middle, then further along either way. */
function middleCandidates(path: Point[], s: number): Point[] {
  const total = pathLength(path);
  const out: Point[] = [];
  for (const f of [0.5, 0.4, 0.6, 0.3, 0.7, 0.2, 0.8]) out.push(pointBack(path, total * (1 - f)));
  return out.concat(headCandidates(path, s));
}

/** Spots for a badge beside a unit: upper right first, then round it, then further out. */
export function aroundUnit(at: Point, s: number): Point[] {
  const out: Point[] = [];
  for (const d of [s * 1.75, s * 2.4, s * 3.1]) {
    for (const [dx, dy] of [
      [1, -1],
      [1, 1],
      [-1, -1],
      [-1, 1],
      [1.4, 0],
      [-1.4, 0],
      [0, -1.4],
      [0, 1.4],
    ]) {
      out.push([at[0] + dx * d * 0.72, at[1] + dy * d * 0.72]);
    }
  }
  return out;
}

function pathLength(path: Point[]): number {
  let n = 0;
  for (let i = 1; i < path.length; i++) n += Math.hypot(path[i][0] - path[i - 1][0], path[i][1] - path[i - 1][1]);
  return n;
}

/** The point `back` pixels before the end of a polyline (its start if the line is shorter). */
function pointBack(path: Point[], back: number): Point {
  let left = back;
  for (let i = path.length - 1; i > 0; i--) {
    const [a, b] = [path[i - 1], path[i]];
    const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
    if (len >= left && len > 0) {
      const t = left / len;
      return [b[0] + (a[0] - b[0]) * t, b[1] + (a[1] - b[1]) * t];
    }
    left -= len;
  }
  return path[0];
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
