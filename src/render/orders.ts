/**
 * Orders (and their results) → order marks and result symbols of the scene, following the conventions
 * players know from webDiplomacy and Backstabbr:
 * - a move is an arrow; a convoyed move runs through the convoying fleets the adjudicator used, in order (the
 *   convoy orders themselves draw nothing more); a convoy it did not use is not on the army's route: the army's
 *   move goes over land, or, when it cannot, is not drawn at all (only its failed symbol, beside the unit);
 * - an army's move keeps to land: through the two provinces' shared border when the straight line would cross water;
 *   a fleet's keeps to water the same way, else along the shortest way by sea (route.ts `groundPath`);
 * - a support to move is a dashed line to the middle of the supported move's arrow (never on a convoying fleet);
 *   supports of one move from opposite sides join it at two points, so they never read as one line; a support to
 *   hold ends on the held unit;
 * - a failed order is dimmed and dashed, with its result symbol at the head of its arrow (placed later, in
 *   symbols.ts, where it covers no label, unit or support junction);
 * - arrows bend round units they would otherwise cross (route.ts);
 * - a variant's special order is drawn as its `SpecialOrderSpec.draw` says: a ring round the unit, or an arrow
 *   through the spaces of its path, along a drawn river where one passes them (ending on the river inside its last
 *   space; one that stopped short is solid to where the unit ended, its head there, the rest dashed);
 * - a failed retreat disbands its unit (drawn as a disband); a failed build next to a unit standing there, never on it.
 * Results are matched to orders by power and normalized text, else by unit location.
 */
import { formatOrder } from '../engine/format.js';
import { locationKey } from '../engine/map.js';
import type { Location, Order, OrderResult, Position, PowerOrder, Unit, UnitType } from '../engine/types.js';
import type { SpecialOrderLook } from '../engine/rules.js';
import type { Variant } from '../engine/variant.js';
import type { Point } from './geometry.js';
import { textOn } from './palette.js';
import { rectAround } from './placement.js';
import { distanceToSegment } from '../variants/drawing/segment.js';
import {
  forbiddenRun,
  length,
  pointAt,
  routeOver,
  routeThrough,
  trimPath,
  type Obstacle,
  type Terrain,
} from './route.js';
import type { ArrowHead, OrderMark, OrderMarkKind, Rect, SymbolKind, UnitMark } from './scene.js';
import { ARROW, OPTION_ARROW } from './styles.js';
import { unwrapLine, wrapInto, type Wrap } from './wrap.js';

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
  /** The rivers as drawn (output pixels): path arrows (a rapid river move) follow them. */
  riverLines?: Point[][];
  /** Output px per px of a 1600-px-wide picture (line widths). Default: unitSize / 10.5. */
  u?: number;
  /** What lies under a point: the province (or off-map filler) drawn there, null off the map. */
  provinceAt?(p: Point): string | null;
  /** Is this province (or filler) water? */
  isWater?(id: string): boolean;
  /** Middles of the drawn border the two provinces share (output px); empty when they share none. */
  borderVias?(a: string, b: string): Point[];
  /** A free spot beside a unit spot, inside the province where one is free (a failed build where a unit stands). */
  besideSpot?(at: Point, province: string): Point;
  /** Units the adjudication removed (a failed retreat disbands its unit). */
  removed?: Unit[];
  /**
   * The drawn line of a link (`links[]`: an underway, a tunnel, a river mouth) joining two provinces that share no
   * drawn border, from `from`'s end to `to`'s (output px), and the link's kind; null when they share a border or no link.
   */
  linkLine?(from: string, to: string): { points: Point[]; kind: string } | null;
  /**
   * The map wraps round (a sea at both side edges: Warhammer's Tempest Ocean): lines are routed on unwrapped
   * coordinates, each point at the copy nearest the point before it, so a move across the edge leaves the frame there
   * (wrap.ts); the painter draws it again where it comes in.
   */
  wrap?: Wrap | null;
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
  /** Spots no result symbol may cover (where supports join their arrows). */
  keepClear: Rect[];
}

const FAILED = new Set(['failure', 'illegal', 'void']);

interface Draft {
  mark: OrderMark;
  order: Order;
  result: OrderResult | undefined;
  /** One of a head-to-head pair (two arrows between the same spots, opposite ways): drawn beside the other. */
  opposed?: boolean;
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
  markHeadToHead(drafts);
  const layer: OrderLayer = { marks: drafts.map((d) => d.mark), units: [], symbols: [], keepClear: [] };
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
  if (order.kind === 'special') {
    // Drawn as the ordinary order it is carried out as, where the map can draw that (`SpecialOrderLook.carriedOut`);
    // its result is the special order's own (found by its unit).
    const carried = specialLook(ctx.variant, order).carriedOut?.(order);
    const drawable =
      carried &&
      carried.kind !== 'special' &&
      carried.kind !== 'waive' &&
      ((carried.kind !== 'support' && carried.kind !== 'convoy') || ctx.unitPointOf(carried.target, false) !== null);
    if (carried && drawable) {
      const drawn = orderDraft(ctx, { power, order: carried }, byText, byUnit, retreatPhase, []);
      if (drawn) return drawn;
    }
  }
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
    unit: locationKey(order.unit),
    size: ctx.unitSize,
    unitType,
    outcome,
    failed: outcome !== null && FAILED.has(outcome),
    path: [] as Point[],
  };
  const make = (kind: OrderMarkKind, points: (Point | null)[], legend?: string): Draft | null => {
    if (points.some((p) => p === null)) {
      warnings.push(`cannot draw an order of ${power}: a location is not on the map`);
      return null;
    }
    return { mark: { ...base, kind, points: points as Point[], ...(legend ? { legend } : {}) }, order, result };
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
    case 'special': {
      // As the variant's order declares (`SpecialOrderSpec.draw`): the renderer knows no variant's orders.
      const look = specialLook(ctx.variant, order);
      if (look.as === 'ring') return make('ring', [from], look.legend);
      if (look.as === 'path' && order.path.length > 0)
        return make('path', [from, ...order.path.map((l) => ctx.pointOf(l))], look.legend);
      return make('hold', [from]);
    }
    default:
      warnings.push(`cannot draw an order of ${power}: unknown kind`);
      return null;
  }
}

/** How a special order is drawn: as its spec declares, else an arrow along its path when it has one, else a hold. */
function specialLook(variant: Variant, order: Order & { kind: 'special' }): SpecialOrderLook {
  const declared = variant.rules.specialOrders?.[order.name]?.draw;
  if (declared && (declared.as === 'ring' || declared.as === 'path' || declared.as === 'hold')) return declared;
  return { as: order.path.length > 0 ? 'path' : 'hold' };
}

/** Convoy outcomes that mean the adjudicator did not use the convoy (DATC 4.A.3: "moved over land, not by this convoy"). */
const UNUSED = new Set(['void', 'illegal']);

/** What routing every mark shares: the context, the layer it adds to, sizes, obstacles and the convoy routes. */
interface Routing {
  ctx: OrderMarkContext;
  layer: OrderLayer;
  /** The unit size and the line-width unit (output px per px of a 1600-px-wide picture). */
  s: number;
  u: number;
  /** How far a line starts from its unit's spot. */
  tail: number;
  obstacles: Obstacle[];
  arrowHead(path: Point[]): ArrowHead;
  /** How far an arrow ending at `to` stops short of it (further at a ringed unit). */
  headAt(to: Point): number;
  /** The convoying fleets on the route of the army's move from `army` to `dest`, in order. */
  convoyChain(army: string, dest: string): Draft[];
}

/** Paths of every mark (arrows bent round units, trimmed to the icons' edges) and the symbols they call for. */
function routeAll(ctx: OrderMarkContext, drafts: Draft[], layer: OrderLayer): void {
  const r = routingOf(ctx, drafts, layer);
  // Moves, retreats and paths first: supports end on them.
  const moveOf = new Map<string, Draft>();
  const usedConvoys = new Set<Draft>();
  for (const d of drafts) {
    const m = d.mark;
    if (m.kind === 'move' && d.order.kind === 'move') routeMove(r, d, d.order, moveOf, usedConvoys);
    else if (m.kind === 'retreat' && d.order.kind === 'retreat') routeRetreat(r, d, d.order);
    else if (m.kind === 'path' && d.order.kind === 'special') routePathArrow(r, d, d.order);
  }

  // Supports to move end on the supported arrow: supporters on the two sides of it join it at two points.
  const junctions = supportJunctions(ctx, drafts, moveOf, r.s);
  for (const d of drafts) {
    const m = d.mark;
    const unitKey = d.order.kind === 'waive' ? undefined : locationKey(d.order.unit);
    switch (m.kind) {
      case 'support':
        if (d.order.kind === 'support') routeSupport(r, d, d.order, junctions, unitKey);
        break;
      case 'convoy':
        routeConvoy(r, d, usedConvoys, unitKey);
        break;
      case 'hold':
      case 'ring':
        m.path = [m.points[0]];
        if (m.failed && m.outcome !== 'failure')
          layer.symbols.push({ kind: 'failed', candidates: aroundUnit(m.points[0], r.s), unit: unitKey });
        break;
      case 'disband':
        m.path = [m.points[0]];
        layer.symbols.push({
          kind: m.failed ? 'failed' : 'disbanded',
          candidates: aroundUnit(m.points[0], r.s),
          unit: unitKey,
        });
        break;
      case 'build':
        placeBuild(r, d, unitKey);
        break;
      default:
        break;
    }
  }
}

/** The routing shared by every mark: ringed units, obstacles, arrow heads and the convoy routes of the orders. */
function routingOf(ctx: OrderMarkContext, drafts: Draft[], layer: OrderLayer): Routing {
  const s = ctx.unitSize;
  const u = ctx.u ?? s / 10.5;
  const tail = s * 1.1;
  const arrowHead = (path: Point[]) => headOf(path, ARROW.headLength * u, ARROW.headWidth * u, ARROW.visible * u);
  // An arrow ends at its target unit's edge; at a unit ringed by a hold (or a variant's ring) or by the dislodged ring,
  // just outside that ring, so its head never ends under it; and lines pass such a unit outside its ring.
  const ringed = [
    ...drafts.filter((d) => d.mark.kind === 'hold' || d.mark.kind === 'ring').map((d) => d.mark.points[0]),
    ...ctx.units.filter((x) => x.dislodged).map((x) => x.at),
  ];
  const isRinged = (at: Point) => {
    const [x, y] = wrapInto(ctx.wrap, at);
    return ringed.some((p) => Math.hypot(p[0] - x, p[1] - y) < 0.5);
  };
  const headAt = (to: Point) => (isRinged(to) ? s * 1.8 : s * 1.15);
  const obstacles: Obstacle[] = wrappedObstacles(
    ctx.wrap,
    ctx.units.map((x) => ({ at: x.at, r: isRinged(x.at) ? s * 2 : s * 1.35 })),
  );

  // Convoy routes: army province → the convoying fleets the adjudicator used, in order → destination. Without
  // results (a player's own orders before the deadline) every convoy ordered for the move is on its route.
  const convoysOf = new Map<string, Draft[]>();
  for (const d of drafts) {
    if (d.order.kind !== 'convoy') continue;
    if (d.result && UNUSED.has(d.result.result)) continue;
    const key = `${d.order.target.province}>${d.order.to.province}`;
    convoysOf.set(key, [...(convoysOf.get(key) ?? []), d]);
  }
  const convoyChain = (army: string, dest: string): Draft[] =>
    orderChain(ctx.variant, army, dest, convoysOf.get(`${army}>${dest}`) ?? []);
  return { ctx, layer, s, u, tail, obstacles, arrowHead, headAt, convoyChain };
}

/** A move's arrow: along a link, through the convoying fleets, straight (a fleet) or over land (an army). */
function routeMove(
  { ctx, layer, s, u, tail, obstacles, arrowHead, headAt, convoyChain }: Routing,
  d: Draft,
  order: Order & { kind: 'move' },
  moveOf: Map<string, Draft>,
  usedConvoys: Set<Draft>,
): void {
  const m = d.mark;
  const head = headAt(m.points[m.points.length - 1]);
  const from = order.unit.province;
  const to = order.to.province;
  const chain = m.unitType === 'F' ? [] : convoyChain(from, to);
  chain.forEach((c) => usedConvoys.add(c));
  moveOf.set(from, d);
  const link = chain.length > 0 ? null : ctx.linkLine?.(from, to);
  if (!link && chain.length === 0) m.points = unwrapLine(ctx.wrap, m.points);
  let line: Point[] = [];
  let rule: GroundRule | null = null;
  if (link) {
    // Two provinces joined only by a link (an underway): the move goes along the link's drawn line (bending only
    // round a unit standing on it).
    line = routeThrough(alongLink(m.points[0], link.points, m.points[m.points.length - 1], obstacles, s), obstacles);
    m.link = link.kind;
  } else if (chain.length > 0) {
    const via = chain.map((c) => c.mark.points[1]);
    m.points = unwrapLine(ctx.wrap, [m.points[0], ...via, m.points[m.points.length - 1]]);
    const fleets = chain.map((c) => (c.order as Order & { kind: 'convoy' }).unit.province);
    line = byWater(ctx, m.points, [from, ...fleets, to], obstacles);
  } else if (!ctx.variant.map.has(from)) {
    // A virtual unit that stands on no province, drawn moving in from beside its target.
    line = routeThrough(m.points, obstacles);
  } else if (m.unitType === 'F' || ctx.variant.map.armyCanMove(from, to)) {
    // A fleet's line keeps to water (and its two provinces): round a peninsula, through a strait; an army's to land.
    rule = m.unitType === 'F' ? 'fleet' : 'army';
    line = sameLine(ctx, d, from, to, rule, obstacles);
  }
  // An army move with no convoy the adjudicator used and no way over land draws nothing: nothing happened.
  m.path =
    d.opposed && line.length > 1
      ? apart(line, ARROW.visible * u, tail, head, groundOf(ctx, from, to, rule))
      : trimPath(line, tail, head);
  if (m.path.length > 1) m.head = arrowHead(m.path);
  if (m.failed) {
    const candidates = m.path.length > 1 ? headCandidates(m.path, s, ARROW.headLength * u) : aroundUnit(m.points[0], s);
    layer.symbols.push({ kind: 'failed', candidates, unit: locationKey(order.unit) });
  }
}

/** A retreat's arrow (along a link, over land for an army); a failed retreat's unit drawn as disbanded. */
function routeRetreat(
  { ctx, layer, s, u, tail, obstacles, arrowHead, headAt }: Routing,
  d: Draft,
  order: Order & { kind: 'retreat' },
): void {
  const m = d.mark;
  const head = headAt(m.points[m.points.length - 1]);
  const [from, to] = [order.unit.province, order.to.province];
  const link = ctx.linkLine?.(from, to);
  if (link) m.link = link.kind;
  else m.points = unwrapLine(ctx.wrap, m.points);
  const rule: GroundRule | null = link ? null : m.unitType === 'F' ? 'fleet' : 'army';
  const line = rule
    ? sameLine(ctx, d, from, to, rule, obstacles)
    : routeThrough(alongLink(m.points[0], link!.points, m.points[m.points.length - 1], obstacles, s), obstacles);
  m.path = d.opposed
    ? apart(line, ARROW.visible * u, tail, head, groundOf(ctx, from, to, rule))
    : trimPath(line, tail, head);
  if (m.path.length > 1) m.head = arrowHead(m.path);
  if (m.failed)
    layer.symbols.push({
      kind: 'failed',
      candidates: headCandidates(m.path, s, ARROW.headLength * u),
      unit: locationKey(order.unit),
    });
  // A retreat that fails disbands its unit (DATC 4.A.6 / rule IX.3): drawn as a disband.
  if (m.failed || disbandedBy(ctx, order.unit))
    layer.symbols.push({
      kind: 'disbanded',
      candidates: aroundUnit(m.points[0], s),
      unit: locationKey(order.unit),
    });
}

/** A path arrow (a special order through several spaces), solid to where its unit stopped short and dashed beyond. */
function routePathArrow(
  { ctx, layer, s, u, tail, obstacles, arrowHead, headAt }: Routing,
  d: Draft,
  order: Order & { kind: 'special' },
): void {
  const m = d.mark;
  const head = headAt(m.points[m.points.length - 1]);
  const ended = stoppedAt(ctx, d);
  // A path arrow runs along the river's drawn course where one passes its spaces (Warring States' rapid river
  // move), not straight across the land,
  // and ends on the river inside its last space.
  const spaces = [order.unit.province, ...order.path.map((l) => l.province)];
  const line = (points: Point[], last: string) =>
    alongRivers(points, ctx.riverLines ?? [], s * 10, (p) => !ctx.provinceAt || ctx.provinceAt(p) === last) ??
    routeThrough(points, obstacles);
  const endsOnRiver = (path: Point[], spot: Point) =>
    Math.hypot(path[path.length - 1][0] - spot[0], path[path.length - 1][1] - spot[1]) > 0.5;
  if (ended !== null && ended < m.points.length - 1) {
    const travelled = line(m.points.slice(0, ended + 1), spaces[ended]);
    m.path = trimPath(travelled, tail, endsOnRiver(travelled, m.points[ended]) ? 0 : head);
    const rest = line([travelled[travelled.length - 1], ...m.points.slice(ended + 1)], spaces[spaces.length - 1]);
    m.rest = trimPath(rest, ARROW.headLength * u * 0.5, endsOnRiver(rest, m.points[m.points.length - 1]) ? 0 : head);
    m.failed = false; // the fleet did move: the arrow is solid to where it ended
    m.stoppedShort = true;
    if (m.path.length > 1) m.head = arrowHead(m.path);
    if (m.rest.length > 1) m.restHead = arrowHead(m.rest);
    layer.symbols.push({
      kind: 'failed',
      candidates: headCandidates(m.rest, s, ARROW.headLength * u),
      unit: locationKey(order.unit),
    });
  } else {
    const whole = line(m.points, spaces[spaces.length - 1]);
    m.path = trimPath(whole, tail, endsOnRiver(whole, m.points[m.points.length - 1]) ? 0 : head);
    if (m.path.length > 1) m.head = arrowHead(m.path);
    if (m.failed)
      layer.symbols.push({
        kind: 'failed',
        candidates: headCandidates(m.path, s, ARROW.headLength * u),
        unit: locationKey(order.unit),
      });
  }
}

/** A support's line: to its junction on the supported arrow, or to the held unit's edge; a failed one's symbol. */
function routeSupport(
  { ctx, layer, s, u, tail, obstacles }: Routing,
  d: Draft,
  order: Order & { kind: 'support' },
  junctions: Map<Draft, Point>,
  unitKey: string | undefined,
): void {
  const m = d.mark;
  if (order.to) {
    const end = junctions.get(d) ?? m.points[1];
    m.points = unwrapLine(ctx.wrap, [m.points[0], end]);
    m.path = trimPath(routeThrough(m.points, obstacles), tail, 0);
    layer.keepClear.push(rectAround(end, s * 1.1, s * 1.1));
  } else {
    m.points = unwrapLine(ctx.wrap, m.points);
    m.path = trimPath(routeThrough(m.points, obstacles), tail, s * 1.45);
    // Where the line meets the held unit's edge stays free of symbols too.
    const end = m.path[m.path.length - 1];
    if (m.path.length > 1 && end) layer.keepClear.push(rectAround(end, s * 1.1, s * 1.1));
  }
  if (m.failed) {
    const cut = d.result?.result === 'failure' && /\bcut\b/i.test(d.result.reason);
    layer.symbols.push({
      kind: cut ? 'cut' : 'failed',
      candidates: middleCandidates(m.path, s, ARROW.headLength * u),
      unit: unitKey,
    });
  }
}

/** A convoy's own route, drawn only when no army's arrow runs through it; a failed one's symbol at its fleet. */
function routeConvoy(
  { ctx, layer, s, tail, obstacles, convoyChain }: Routing,
  d: Draft,
  usedConvoys: Set<Draft>,
  unitKey: string | undefined,
): void {
  const m = d.mark;
  // Drawn by the army's arrow when the army moves through it; a convoy the adjudicator did not use draws no
  // route through its fleet (only its failed symbol); alone, without results, a dotted route army → fleet → destination.
  const unused = d.result !== undefined && UNUSED.has(d.result.result);
  if (!usedConvoys.has(d) && !unused && d.order.kind === 'convoy') {
    // Several fleets convoying one move that is not drawn: one route army → each fleet in turn → destination,
    // drawn by the first fleet, so the destination gets one line, not one per fleet.
    const chain = convoyChain(d.order.target.province, d.order.to.province);
    const at = chain.indexOf(d);
    if (at <= 0) {
      const convoys = at === 0 ? chain : [d];
      const fleets = convoys.map((c) => c.mark.points[1]!);
      m.points = unwrapLine(ctx.wrap, [m.points[0]!, ...fleets, m.points[m.points.length - 1]!]);
      const seas = convoys.map((c) => (c.order as Order & { kind: 'convoy' }).unit.province);
      const provinces = [d.order.target.province, ...seas, d.order.to.province];
      m.path = trimPath(byWater(ctx, m.points, provinces, obstacles), tail, s * 1.15);
    }
  }
  if (m.failed) layer.symbols.push({ kind: 'failed', candidates: aroundUnit(m.points[1], s), unit: unitKey });
}

/** A build's unit (a failed one beside a unit standing there) and its symbol, inside its province where it can. */
function placeBuild({ ctx, layer, s, u }: Routing, d: Draft, unitKey: string | undefined): void {
  const m = d.mark;
  m.path = [m.points[0]];
  const type = m.unitType ?? 'A';
  const location = unitKey ?? '';
  // A failed build where a unit already stands (its own or another power's) is drawn beside it, never over it.
  const occupied = ctx.units.some((x) => Math.hypot(x.at[0] - m.points[0][0], x.at[1] - m.points[0][1]) < s * 2.2);
  const at =
    m.failed && occupied && ctx.besideSpot && d.order.kind === 'build'
      ? ctx.besideSpot(m.points[0], d.order.unit.province)
      : m.points[0];
  layer.units.push({
    power: m.power,
    type,
    location,
    at,
    size: s,
    fill: m.color,
    // Its letter as every unit's of its power: black on a dark power's colour (Qin's) hid it.
    text: textOn(m.color),
    dislodged: false,
    state: m.failed ? 'build-failed' : 'built',
  });
  // Its symbol beside it inside the province where it can (never read as a neighbour's).
  const province = d.order.kind === 'build' ? d.order.unit.province : null;
  const around = aroundUnit(at, s);
  const r = 7.5 * u * 1.1; // the symbol's radius (symbols.ts), with a margin: the drawn border is smoothed
  const own = (p: Point) =>
    !ctx.provinceAt ||
    province === null ||
    [
      p,
      ...[0, 1, 2, 3, 4, 5].map(
        (k): Point => [p[0] + Math.cos((k * Math.PI) / 3) * r, p[1] + Math.sin((k * Math.PI) / 3) * r],
      ),
    ].every((q) => ctx.provinceAt!(q) === province);
  const further = aroundUnit(at, s * 1.6).slice(8);
  layer.symbols.push({
    kind: m.failed ? 'build-failed' : 'built',
    candidates: [...around.filter(own), ...further.filter(own), ...around.filter((p) => !own(p))],
    unit: location,
  });
}

/**
 * A line from a unit along a link's drawn line to the unit spot at its other end (no point repeated), bent only
 * round a unit standing on the link: the link is cut a little before and after it, so `routeThrough` bends only that
 * short stretch and the rest stays on the link's dotted line.
 */
function alongLink(from: Point, link: Point[], to: Point, obstacles: Obstacle[], s: number): Point[] {
  const points: Point[] = [from];
  const add = (p: Point) => {
    if (Math.hypot(p[0] - points[points.length - 1][0], p[1] - points[points.length - 1][1]) > 0.5) points.push(p);
  };
  const course = [...link, to];
  let last = from;
  for (const next of course) {
    const [dx, dy] = [next[0] - last[0], next[1] - last[1]];
    const len = Math.hypot(dx, dy);
    const cuts: number[] = [];
    for (const o of obstacles) {
      if (len === 0 || [from, to].some((e) => Math.hypot(e[0] - o.at[0], e[1] - o.at[1]) < o.r)) continue;
      const t = ((o.at[0] - last[0]) * dx + (o.at[1] - last[1]) * dy) / (len * len);
      if (t <= 0 || t >= 1 || distanceToSegment(o.at, last, next) >= o.r) continue;
      const gap = (s * 2.6) / len;
      if (t - gap > 0.02 && t + gap < 0.98) cuts.push(t - gap, t + gap);
    }
    for (const t of cuts.sort((a, b) => a - b)) add([last[0] + dx * t, last[1] + dy * t]);
    add(next);
    last = next;
  }
  return points;
}

/** Units as obstacles, and on a wrapping map their copies a width to either side (lines routed across an edge). */
function wrappedObstacles(wrap: Wrap | null | undefined, obstacles: Obstacle[]): Obstacle[] {
  if (!wrap) return obstacles;
  const shifted = (dx: number) => obstacles.map((o): Obstacle => ({ at: [o.at[0] + dx, o.at[1]], r: o.r }));
  return [...obstacles, ...shifted(wrap.width), ...shifted(-wrap.width)];
}

/** Did the adjudication remove the unit at this location (a retreat phase: it was disbanded)? */
function disbandedBy(ctx: OrderMarkContext, unit: Location): boolean {
  return (ctx.removed ?? []).some((r) => r.province === unit.province);
}

/**
 * What ground a line between two provinces may cross: an army's keeps off water, a fleet's off land (other than its two
 * provinces: a fleet sails round a peninsula, through a strait, never over Wales or Finland), and a retreat option
 * keeps to the two provinces (it may not seem to pass a province that is not an option).
 */
type GroundRule = 'army' | 'fleet' | 'option';

/**
 * The line of a move or retreat between two provinces, over the ground its rule lets it cross (`GroundRule`): straight
 * where that works, else bent, else through their shared border.
 */
function overGround(
  ctx: OrderMarkContext,
  m: OrderMark,
  from: string,
  to: string,
  rule: GroundRule,
  obstacles: Obstacle[],
): Point[] {
  const [a, b] = [m.points[0], m.points[m.points.length - 1]];
  const terrain = terrainOf(ctx, from, to, rule);
  return terrain ? routeOver(a, b, obstacles, terrain) : routeThrough([a, b], obstacles);
}

/** The ground a line between two provinces may cross under its rule (`GroundRule`); null without a map to ask. */
function terrainOf(ctx: OrderMarkContext, from: string, to: string, rule: GroundRule): Terrain | null {
  if (!ctx.provinceAt || !ctx.isWater) return null;
  const at = ctx.provinceAt;
  const water = ctx.isWater;
  return {
    cost: (p) => {
      const here = at(p);
      if (here === null) return 2;
      if (here === from || here === to) return 0;
      if (rule === 'option') return 2;
      return water(here) === (rule === 'fleet') ? 0 : 2;
    },
    vias: ctx.borderVias?.(from, to) ?? [],
    margin: ctx.unitSize * 1.2,
    // A retreat option may not clip another province at all; an army's move may clip a cape, a fleet's a headland.
    tolerance: rule === 'option' ? ctx.unitSize : ctx.unitSize * (rule === 'fleet' ? 1.2 : 1.6),
  };
}

/**
 * `overGround`, routed the same way for both arrows of a head-to-head pair (from the province first by id, the other
 * arrow's line reversed), so `apart` moves the two off one line to either side of it.
 */
function sameLine(
  ctx: OrderMarkContext,
  d: Draft,
  from: string,
  to: string,
  rule: GroundRule,
  obstacles: Obstacle[],
): Point[] {
  if (!d.opposed || from < to) return overGround(ctx, d.mark, from, to, rule, obstacles);
  const back = { points: [...d.mark.points].reverse() } as OrderMark;
  return overGround(ctx, back, to, from, rule, obstacles).reverse();
}

/**
 * A convoyed army's line through its fleets (`points`, standing in `provinces`: the army's, each fleet's, the
 * destination): each leg by sea like a fleet's move, so the army comes round a peninsula to its fleet and lands from
 * the water (Portugal → Mid-Atlantic → North Africa round Spain, not across it).
 */
function byWater(ctx: OrderMarkContext, points: Point[], provinces: string[], obstacles: Obstacle[]): Point[] {
  const out: Point[] = [points[0]];
  for (let i = 1; i < points.length; i++) {
    const leg = { points: [points[i - 1], points[i]] } as OrderMark;
    out.push(...overGround(ctx, leg, provinces[i - 1], provinces[i], 'fleet', obstacles).slice(1));
  }
  return out;
}

/** The retreat-option line from a dislodged unit to one of its options: only over the two provinces. */
export function optionPath(
  ctx: OrderMarkContext,
  from: Point,
  to: Point,
  fromProvince: string,
  toProvince: string,
): Point[] {
  const s = ctx.unitSize;
  const obstacles = wrappedObstacles(
    ctx.wrap,
    ctx.units.map((x) => ({ at: x.at, r: s * 1.35 })),
  );
  const mark = { points: unwrapLine(ctx.wrap, [from, to]) } as OrderMark;
  return trimPath(overGround(ctx, mark, fromProvince, toProvince, 'option', obstacles), s * 1.45, s * 0.6);
}

/** The head of a retreat option's thin arrow. */
export function optionHead(path: Point[], u: number): ArrowHead {
  return headOf(path, OPTION_ARROW.headLength * u, OPTION_ARROW.headWidth * u, OPTION_ARROW.shaft * u);
}

/** An arrowhead at the end of a path: the direction of its last `len` pixels (curves are sampled finely). */
export function headOf(path: Point[], len: number, width: number, shaft: number): ArrowHead {
  const tip = path[path.length - 1];
  const total = length(path);
  const from = pointAt(path, Math.max(0, total - len));
  const d = Math.hypot(tip[0] - from[0], tip[1] - from[1]) || 1;
  const base: Point = [tip[0] - ((tip[0] - from[0]) / d) * len, tip[1] - ((tip[1] - from[1]) / d) * len];
  return { tip, base, width, shaft };
}

/**
 * Where each support to move joins its supported arrow: the middle of the arrow (of the straight line unit →
 * destination when that move is not drawn). A convoyed arrow's middle is moved off its fleets. Supporters on both
 * sides of one arrow join it at two points a little before and after the middle (each side at the one on its own
 * side of the arrow's course), so two supports from opposite sides never read as one line through it.
 */
function supportJunctions(
  ctx: OrderMarkContext,
  drafts: Draft[],
  moveOf: Map<string, Draft>,
  s: number,
): Map<Draft, Point> {
  const out = new Map<Draft, Point>();
  const byMove = new Map<string, { line: Point[]; avoid: Point[]; headLength: number; supports: Draft[] }>();
  for (const d of drafts) {
    if (d.mark.kind !== 'support' || d.order.kind !== 'support' || !d.order.to) continue;
    const supported = moveOf.get(d.order.target.province);
    const same =
      supported &&
      supported.order.kind === 'move' &&
      supported.order.to.province === d.order.to.province &&
      supported.mark.path.length > 1;
    const target = ctx.unitPointOf(d.order.target, false);
    const line = same ? supported.mark.path : target ? unwrapLine(ctx.wrap, [target, d.mark.points[1]]) : null;
    if (!line) continue;
    const key = same ? `move:${d.order.target.province}` : `${d.order.target.province}>${d.order.to.province}`;
    const head = same && supported.mark.head ? supported.mark.head : null;
    const group = byMove.get(key) ?? {
      line,
      avoid: same ? supported.mark.points.slice(1, -1) : [],
      headLength: head ? Math.hypot(head.tip[0] - head.base[0], head.tip[1] - head.base[1]) : 0,
      supports: [],
    };
    group.supports.push(d);
    byMove.set(key, group);
  }
  for (const { line, avoid, headLength, supports } of byMove.values()) {
    const total = length(line);
    if (total === 0) continue;
    // The middle; on a convoyed arrow, the spot of its middle part farthest from the convoying fleets it passes. The
    // support's dot stays a head length behind the head: a dot just behind it (a short arrow's middle) reads, with the
    // dashed line and the head, as one arrow from the supporter, the supporter's own move. An arrow too short for that
    // (most Warhammer moves between neighbours; Naples–Apulia, all head) is joined at its tail, by the mover.
    const dotRoom = s * 0.35;
    const shaft = total - headLength;
    const clear = shaft - headLength;
    let middle = clear >= dotRoom ? Math.min(total / 2, clear) : 0;
    if (avoid.length > 0) {
      // A convoyed arrow has several legs: of the spots of its middle part well clear of the fleets, the one nearest
      // its supporters, so a support joins the leg beside it (a support from the Mid-Atlantic joins English Channel →
      // Brest, not Wales → English Channel after a long arc that reads as a failed move).
      const away = (at: number) =>
        Math.min(s * 3, ...avoid.map((f) => Math.hypot(pointAt(line, at)[0] - f[0], pointAt(line, at)[1] - f[1])));
      // Spots of its middle part, a head length behind its head.
      const spots = Array.from({ length: 25 }, (_, k) => Math.min(total * (0.2 + (0.6 * k) / 24), clear));
      const clearOfFleets = spots.filter((at) => away(at) >= s * 2.6);
      if (clearOfFleets.length > 0) {
        const from = supports.map((d) => d.mark.points[0]);
        const reach = (at: number) =>
          from.reduce((sum, p) => sum + Math.hypot(pointAt(line, at)[0] - p[0], pointAt(line, at)[1] - p[1]), 0);
        middle = clearOfFleets.reduce((best, at) => (reach(at) < reach(best) ? at : best));
      } else {
        let best = -Infinity;
        for (const at of spots) {
          const score = away(at) - Math.abs(at - total / 2) * 0.15;
          if (score > best) [best, middle] = [score, at];
        }
      }
    }
    const mid = pointAt(line, middle);
    const ahead = pointAt(line, Math.min(total, middle + 1));
    const behind = pointAt(line, Math.max(0, middle - 1));
    const dir: Point = [ahead[0] - behind[0], ahead[1] - behind[1]];
    const side = (d: Draft) =>
      Math.sign(dir[0] * (d.mark.points[0][1] - mid[1]) - dir[1] * (d.mark.points[0][0] - mid[0]));
    const sides = new Set(supports.map(side));
    if (sides.size < 2) {
      for (const d of supports) out.set(d, mid);
      continue;
    }
    // Two sides: the side whose supporters lie further along the arrow joins it further along.
    const along = (d: Draft) => (d.mark.points[0][0] - mid[0]) * dir[0] + (d.mark.points[0][1] - mid[1]) * dir[1];
    const mean = (sign: number) => {
      const xs = supports.filter((d) => side(d) === sign).map(along);
      return xs.reduce((a, b) => a + b, 0) / xs.length;
    };
    const later = mean(1) >= mean(-1) ? 1 : -1;
    const gap = Math.min(s * 1.6, total * 0.3);
    // The later junction stays behind the head (on a short arrow both may then meet the shaft close together); it comes
    // from the arrow's side, so a dot nearer the head does not read as the supporter's move.
    const shaftEnd = Math.max(0, total - headLength - dotRoom);
    const latest = Math.min(middle + gap, Math.max(middle, shaftEnd));
    const earliest = Math.max(0, Math.min(middle - gap, latest - 2 * gap));
    for (const d of supports) out.set(d, pointAt(line, side(d) === later ? latest : earliest));
  }
  return out;
}

/**
 * A line along the river course through unit spots: from the first spot to the nearest point of the river, along
 * the course past the provinces in between (not out to their spots), to the point nearest the last spot, then to
 * it (or, when `endsHere` accepts the river point nearest the last spot, there). Null when some step has no river
 * passing within `reach` of both its spots (the caller then draws straight).
 */
export function alongRivers(
  points: Point[],
  rivers: Point[][],
  reach: number,
  endsHere: (p: Point) => boolean = () => false,
): Point[] | null {
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
    if (from.at <= to.at)
      for (let k = Math.floor(from.at) + 1; k <= Math.floor(to.at) && k < river.length; k++) course.push(river[k]);
    else for (let k = Math.floor(from.at); k > Math.floor(to.at) && k >= 0; k--) course.push(river[k]);
    course.push(to.p);
    for (const p of course) if (!samePoint(out[out.length - 1], p)) out.push(p);
  }
  // The line ends on the river where the river runs through the last space (no hook off the river to its spot).
  const last = points[points.length - 1];
  if (endsHere(out[out.length - 1])) return out.length > 1 ? out : null;
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

/** Where the unit of a path arrow that stopped short ended (a rapid river move), as an index into its points (null when unknown). */
function stoppedAt(ctx: OrderMarkContext, d: Draft): number | null {
  if (!ctx.after || d.order.kind !== 'special' || !/stopped short/i.test(d.result?.reason ?? '')) return null;
  const order = d.order;
  const had = (p: string, units: Unit[]) =>
    units.some((u) => u.province === p && u.power === d.mark.power && u.type === (d.mark.unitType ?? u.type));
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
function headCandidates(path: Point[], s: number, headLength: number): Point[] {
  const r = s * 0.72;
  // Just behind the arrowhead, then further back along the shaft; never on the head (its direction must show), only
  // beside it.
  const behind = headLength + r;
  const steps = [behind, behind + r, behind + r * 2, behind + r * 3, behind + r * 4.5, r * 1.1];
  const on = steps.slice(0, -1).map((back) => pointBack(path, back));
  const beside = steps.flatMap((back) => {
    const p = pointBack(path, back);
    const q = pointBack(path, back + 1);
    const len = Math.hypot(p[0] - q[0], p[1] - q[1]) || 1;
    const [nx, ny] = [-(p[1] - q[1]) / len, (p[0] - q[0]) / len];
    return [
      [p[0] + nx * r * 1.6, p[1] + ny * r * 1.6],
      [p[0] - nx * r * 1.6, p[1] - ny * r * 1.6],
    ] as Point[];
  });
  // A short arrow (less shaft behind its head than four symbols' widths): a symbol on the shaft would hide most
  // of it and leave a head pointing out of a disc, so the symbol goes beside the shaft first.
  return length(path) - headLength < r * 8 ? [...beside, ...on] : [...on, ...beside];
}

/** Spots for a symbol on a line: its middle, then further along either way. */
function middleCandidates(path: Point[], s: number, headLength: number): Point[] {
  const total = length(path);
  const out: Point[] = [];
  for (const f of [0.5, 0.4, 0.6, 0.3, 0.7, 0.2, 0.8]) out.push(pointBack(path, total * (1 - f)));
  // Then every few pixels along the line, nearest its middle first: a short line crowded by its units and a junction
  // still carries its symbol (a cut symbol off its line no longer says which support was cut).
  const step = Math.max(1, s * 0.15);
  const along = Array.from({ length: Math.floor(total / step) + 1 }, (_, k) => k * step);
  along.sort((a, b) => Math.abs(a - total / 2) - Math.abs(b - total / 2));
  for (const at of along) out.push(pointBack(path, total - at));
  return out.concat(headCandidates(path, s, headLength));
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

/** Two arrows between the same two spots in opposite directions (a head-to-head battle): each is drawn `apart`. */
function markHeadToHead(drafts: Draft[]): void {
  const key = (p: Point) => `${Math.round(p[0])},${Math.round(p[1])}`;
  const arrows = drafts.filter((d) => d.mark.kind === 'move' || d.mark.kind === 'retreat');
  const ends = new Set(arrows.map(({ mark: m }) => `${key(m.points[0])}>${key(m.points[m.points.length - 1])}`));
  for (const d of arrows) {
    const [a, b] = [d.mark.points[0], d.mark.points[d.mark.points.length - 1]];
    if (ends.has(`${key(b)}>${key(a)}`)) d.opposed = true;
  }
}

/** The ground a head-to-head pair's line may cross, and whether it is a fleet's (`apart`). */
interface Ground {
  terrain: Terrain;
  fleet: boolean;
}

/** The `Ground` of a line under its rule; none for a line no rule keeps to the ground (a link's, a virtual unit's). */
function groundOf(ctx: OrderMarkContext, from: string, to: string, rule: GroundRule | null): Ground | undefined {
  const terrain = rule ? terrainOf(ctx, from, to, rule) : null;
  return terrain ? { terrain, fleet: rule === 'fleet' } : undefined;
}

/**
 * How far a head-to-head arrow moves to its own left (`apart`), given whether each side `fits` (crosses no more
 * forbidden ground than the line itself): `d` when both sides fit; where one side does not, the arrow whose left that
 * is stays on the line and the other goes twice as far (a fleet only as far as still fits); where neither does (a
 * strait: Denmark–Sweden), a fleet's half as far (they keep to the water), an army's as far.
 */
function sideOffset(d: number, fits: (k: number) => boolean, fleet: boolean): number {
  const [left, right] = [fits(d), fits(-d)];
  if (left && right) return d;
  if (right) return 0;
  if (left) return fits(2 * d) || !fleet ? 2 * d : d;
  return fleet ? d / 2 : d;
}

/**
 * One arrow of a head-to-head pair, from its routed line (both arrows take the same line, `sameLine`): the line moved
 * to the arrow's own left by 1.3 shaft widths (so 1.6 shaft widths of clear space lie between the two shafts, however
 * short the border they cross: each moved half a unit size read as one line there), then cut where it leaves its
 * unit's circle (`tail`) and enters its target's (`head`), so it still starts at its unit and ends at its target.
 */
function apart(line: Point[], shaft: number, tail: number, head: number, ground?: Ground): Point[] {
  const d = shaft * 1.3;
  const worst = ground ? forbiddenRun(line, ground.terrain) : 0;
  const fits = (k: number) =>
    !ground || forbiddenRun(sideways(line, k), ground.terrain) <= worst + ground.terrain.tolerance / 2;
  const offset = sideOffset(d, fits, ground?.fleet ?? false);
  const side = offset === 0 ? line : sideways(line, offset);
  const [a, b] = [line[0], line[line.length - 1]];
  const cut = trimPath(side, leaves(side, a, tail), leaves([...side].reverse(), b, head));
  return onto(onto(cut, a, tail).reverse(), b, head).reverse();
}

/** A line moved further aside than the circle round its end `c` reaches: it starts on that circle, angled out to it. */
function onto(path: Point[], c: Point, r: number): Point[] {
  if (path.length < 2 || Math.hypot(path[0][0] - c[0], path[0][1] - c[1]) <= r * 1.05) return path;
  const rest = trimPath(path, r, 0);
  const [dx, dy] = [rest[0][0] - c[0], rest[0][1] - c[1]];
  const len = Math.hypot(dx, dy) || 1;
  return [[c[0] + (dx / len) * r, c[1] + (dy / len) * r], ...rest];
}

/** A polyline moved `d` to its left (the normal of each corner the mean of its two segments', mitred). */
function sideways(line: Point[], d: number): Point[] {
  const normal = (p: Point, q: Point): Point => {
    const len = Math.hypot(q[0] - p[0], q[1] - p[1]) || 1;
    return [(q[1] - p[1]) / len, -(q[0] - p[0]) / len];
  };
  return line.map((p, i) => {
    const before = normal(line[Math.max(0, i - 1)], line[Math.max(1, i)]);
    const after = normal(line[Math.min(line.length - 2, i)], line[Math.min(line.length - 1, i + 1)]);
    const [nx, ny] = [before[0] + after[0], before[1] + after[1]];
    const len = Math.hypot(nx, ny) || 1;
    // The mitre: as far out as keeps both segments `d` away, at most twice that on a sharp corner.
    const k = d / Math.max(0.5, (nx * before[0] + ny * before[1]) / len);
    return [p[0] + (nx / len) * k, p[1] + (ny / len) * k] as Point;
  });
}

/** How far along `path` it first lies `r` or more from `c` (0 when it starts there). */
function leaves(path: Point[], c: Point, r: number): number {
  let walked = 0;
  for (let i = 1; i < path.length; i++) {
    const [p, q] = [path[i - 1], path[i]];
    const len = Math.hypot(q[0] - p[0], q[1] - p[1]);
    if (Math.hypot(p[0] - c[0], p[1] - c[1]) >= r) return walked;
    if (Math.hypot(q[0] - c[0], q[1] - c[1]) >= r && len > 0) {
      // p inside the circle, q outside: the one t in (0, 1] with |p + t(q − p) − c| = r.
      const [fx, fy, ex, ey] = [p[0] - c[0], p[1] - c[1], q[0] - p[0], q[1] - p[1]];
      const [A, B, C] = [ex * ex + ey * ey, fx * ex + fy * ey, fx * fx + fy * fy - r * r];
      return walked + ((-B + Math.sqrt(Math.max(0, B * B - A * C))) / A) * len;
    }
    walked += len;
  }
  return walked;
}

function unitTypeAt(position: Position, loc: Location): UnitType | null {
  const u =
    position.units.find((x) => x.province === loc.province) ??
    position.dislodged.find((x) => x.province === loc.province);
  return u?.type ?? null;
}
