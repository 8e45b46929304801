/**
 * Geometry checks on a built scene, as a reviewer reads a map: a symbol on another order's line, a failed head hidden
 * under its own ✕, a fleet's line over land, a line across the whole map, a name beside its province set against
 * another province's unit, a support that reads as the supporter's own move. Each returns the offences it finds (an
 * empty list when the map reads right); the map tests run them on the gallery and on computer-played games.
 */
import type { Variant } from '../../src/engine/variant.js';
import { geometryOf, type Point } from '../../src/render/geometry.js';
import { length, pointAt } from '../../src/render/route.js';
import { distanceToSegment } from '../../src/variants/drawing/segment.js';
import type { OrderMark, Rect, ResultSymbol, Scene, UnitMark } from '../../src/render/scene.js';
import { ARROW, OPTION_ARROW } from '../../src/render/styles.js';

/** The unit an order mark is for (`mun`, `spa/nc`), read from its text (`A mun - boh`). */
export function orderUnit(o: OrderMark): string {
  return o.order.split(' ')[1] ?? '';
}

/** The province an order mark's line goes to (`F rum - bul/ec` → `bul`), for moves, retreats and retreat options. */
function orderTarget(o: OrderMark): string | null {
  const t = o.order.split(' ');
  const at = t.findIndex((w) => w === '-' || w === 'R');
  return at >= 0 && t[at + 1] ? t[at + 1]!.split('/')[0]! : null;
}

/** Half the drawn width of an order's line (output px), its outline included. */
export function halfWidth(o: OrderMark, layer: number): number {
  switch (o.kind) {
    case 'support':
      return 2.2 * layer;
    case 'convoy':
      return 2.5 * layer;
    case 'retreat-option':
      return (OPTION_ARROW.shaft / 2) * layer;
    default:
      return (ARROW.visible / 2) * layer;
  }
}

function distToPath(p: Point, path: Point[]): number {
  let d = Infinity;
  for (let i = 1; i < path.length; i++) d = Math.min(d, distanceToSegment(p, path[i - 1]!, path[i]!));
  return d;
}

/** Symbols that lie on another order's line (a ✕ there reads as that order's failure). */
export function symbolsOnOtherLines(scene: Scene, only: 'succeeded' | 'all' = 'all'): string[] {
  const out: string[] = [];
  for (const s of scene.symbols) {
    if (s.kind === 'dislodged' || s.kind === 'virtual') continue;
    for (const o of scene.orders) {
      if (o.path.length < 2 || (s.unit !== undefined && orderUnit(o) === s.unit)) continue;
      if (only === 'succeeded' && o.failed) continue;
      if (s.unit === undefined && ownLine(s, o)) continue;
      const d = distToPath(s.at, o.path);
      if (d < s.radius * 0.9 + halfWidth(o, scene.layer))
        out.push(`${s.kind} symbol of ${s.unit ?? '?'} on "${o.order}"`);
    }
  }
  return out;
}

/** A symbol without a unit (a failed retreat's) belongs to the line it was placed by: the one ending nearest. */
function ownLine(s: ResultSymbol, o: OrderMark): boolean {
  return (
    o.failed && o.head !== undefined && Math.hypot(o.head.tip[0] - s.at[0], o.head.tip[1] - s.at[1]) < s.radius * 6
  );
}

/** The share of an arrowhead's triangle under a disc. */
export function headShareUnder(o: OrderMark, at: Point, r: number): number {
  const h = o.head!;
  const [dx, dy] = [h.tip[0] - h.base[0], h.tip[1] - h.base[1]];
  const len = Math.hypot(dx, dy) || 1;
  const [nx, ny] = [-dy / len, dx / len];
  let inside = 0;
  let all = 0;
  for (let i = 0; i <= 12; i++)
    for (let j = -12; j <= 12; j++) {
      const t = i / 12; // 0 at the base, 1 at the tip
      const w = (j / 12) * (1 - t) * (h.width / 2);
      const p: Point = [h.base[0] + dx * t + nx * w, h.base[1] + dy * t + ny * w];
      all++;
      if (Math.hypot(p[0] - at[0], p[1] - at[1]) < r) inside++;
    }
  return inside / all;
}

/** Failed arrows whose head is at least `share` under a ✕ (its own or another's): the direction no longer shows. */
export function hiddenFailedHeads(scene: Scene, share = 0.4): string[] {
  const out: string[] = [];
  for (const o of scene.orders) {
    if (!o.failed || !o.head || o.path.length < 2) continue;
    for (const s of scene.symbols) {
      if (s.kind !== 'failed' && s.kind !== 'cut') continue;
      const under = headShareUnder(o, s.at, s.radius);
      if (under >= share) out.push(`head of "${o.order}" ${Math.round(under * 100)} % under a ${s.kind} symbol`);
    }
  }
  return out;
}

/** What lies under an output-pixel point of the scene. */
export function groundOf(variant: Variant, scene: Scene): (p: Point) => { id: string | null; water: boolean } {
  const g = geometryOf(variant.data);
  if (!g.ok) throw new Error(g.error);
  const geometry = g.geometry;
  return (p) => {
    const id = geometry.locate([(p[0] - scene.frame.x) / scene.scale, (p[1] - scene.frame.y) / scene.scale]);
    const kind = id === null ? undefined : geometry.shapes.get(id)?.kind;
    return { id, water: kind === 'sea' || kind === 'offmap-sea' };
  };
}

/**
 * Fleet lines (moves, retreats, retreat options) that run over land other than their two provinces, and convoyed
 * arrows and convoy routes over land other than their army's, fleets' and destination's, for more than `limit` unit
 * sizes (unit half-sizes) in one stretch, leaving out `margin` unit sizes at each end.
 */
export function fleetLinesOverLand(variant: Variant, scene: Scene, limit = 1.6): string[] {
  const ground = groundOf(variant, scene);
  const out: string[] = [];
  for (const o of scene.orders) {
    // A convoyed army's arrow (through its fleets) and a convoy's own route go by sea too.
    const convoyed = (o.kind === 'move' && o.points.length > 2) || o.kind === 'convoy';
    const fleet = o.unitType === 'F' && ['move', 'retreat', 'retreat-option'].includes(o.kind);
    if ((!fleet && !convoyed) || o.path.length < 2 || o.link) continue;
    // The provinces it starts in, passes through (the fleets') and ends in.
    const own = new Set(convoyed ? o.points.map((p) => ground(p).id) : [orderUnit(o).split('/')[0], orderTarget(o)]);
    const total = length(o.path);
    const step = 2;
    let run = 0;
    let worst = 0;
    for (let at = o.size * 1.2; at <= total - o.size * 1.2; at += step) {
      const g = ground(pointAt(o.path, at));
      const bad = g.id !== null && !g.water && !own.has(g.id);
      run = bad ? run + step : 0;
      worst = Math.max(worst, run);
    }
    if (worst > limit * o.size) out.push(`"${o.order}" over land for ${(worst / o.size).toFixed(1)} unit sizes`);
  }
  return out;
}

/** Lines longer than `share` of the map's width (a move across a wrapped sea drawn across the whole map). */
export function longLines(scene: Scene, share = 0.3): string[] {
  return scene.orders
    .filter((o) => o.path.length > 1 && length(o.path) > scene.frame.w * share)
    .map((o) => `"${o.order}" is ${Math.round(length(o.path))} px long`);
}

const gapBetween = (box: Rect, u: UnitMark) => {
  const dx = Math.max(box.x - u.at[0], 0, u.at[0] - (box.x + box.w));
  const dy = Math.max(box.y - u.at[1], 0, u.at[1] - (box.y + box.h));
  return Math.hypot(dx, dy) - u.size;
};

/** Names beside their province (`inside: false`) closer than `gap` output px to another province's unit. */
export function besideLabelsByForeignUnits(scene: Scene, gap: number): string[] {
  const out: string[] = [];
  for (const l of scene.labels) {
    if (l.inside) continue;
    for (const u of scene.units) {
      if (unitProvince(u) === l.province) continue;
      const d = gapBetween(l.box, u);
      if (d < gap) out.push(`"${l.text}" ${d.toFixed(1)} px from the unit in ${u.location}`);
    }
  }
  return out;
}

const unitProvince = (u: UnitMark) => u.location.replace(/^virtual:/, '').split('/')[0];

/**
 * Supports to move that read as the supporter's own move: the support's dot joins its arrow within one head length of
 * the head, so the dashed line and the head read as one arrow from the supporter. A support at the arrow's tail, by
 * the mover, reads as the support of that unit's move; so does the later of two supports from the arrow's two sides
 * when it comes from the side (more than 50° off the arrow's course).
 */
export function supportsReadingAsMoves(scene: Scene): string[] {
  const out: string[] = [];
  const moves = scene.orders.filter((o) => (o.kind === 'move' || o.kind === 'retreat') && o.head && o.path.length > 1);
  for (const s of scene.orders) {
    // Supports to move only (`F gre S F bla - bul`), on the arrow of the move they support.
    const words = s.order.split(' ');
    if (s.kind !== 'support' || s.path.length < 2 || !words.includes('-')) continue;
    const supported = words[words.indexOf('S') + 2]?.split('/')[0];
    const end = s.path[s.path.length - 1]!;
    for (const m of moves) {
      if (orderUnit(m).split('/')[0] !== supported || distToPath(end, m.path) > 1.5) continue;
      const head = m.head!;
      const headLength = Math.hypot(head.tip[0] - head.base[0], head.tip[1] - head.base[1]);
      const fromBase = Math.hypot(end[0] - head.base[0], end[1] - head.base[1]);
      // At the arrow's tail, by the mover, it reads as the support of that unit's move; the later of two supports from
      // the arrow's two sides, coming from its side (more than 50° off its course), as a support.
      const fromTail = Math.hypot(end[0] - m.path[0]![0], end[1] - m.path[0]![1]);
      const last = s.path[s.path.length - 2]!;
      const [sx, sy] = [end[0] - last[0], end[1] - last[1]];
      const [ax, ay] = [head.tip[0] - head.base[0], head.tip[1] - head.base[1]];
      const along = (sx * ax + sy * ay) / ((Math.hypot(sx, sy) || 1) * (Math.hypot(ax, ay) || 1));
      const paired = scene.orders.some(
        (o) =>
          o !== s && o.kind === 'support' && o.path.length > 1 && distToPath(o.path[o.path.length - 1]!, m.path) < 1.5,
      );
      const fromSide = paired && along <= Math.cos((50 * Math.PI) / 180);
      if (fromBase < headLength * 0.95 && fromTail > 1 && !fromSide)
        out.push(`"${s.order}" joins "${m.order}" ${fromBase.toFixed(1)} px from its head`);
    }
  }
  return out;
}
