/**
 * How each unit travels between a phase's two maps: from the orders-and-results scene (the results
 * post's first picture) to the board after it (its second). Pure: reads the two scenes only, so the units move
 * along exactly the arrows the phase map draws (`OrderMark.path`, routed round units and off water by route.ts).
 *
 * - a move, retreat or river path that succeeded: from the unit's spot along the drawn arrow to where the board
 *   after has the unit (centre to centre: the arrow is trimmed to the icons' edges);
 * - a move that failed: out along its arrow for a third of the way and back (the bounce);
 * - a dislodged unit: from its spot to the spot beside its province where the board after draws it, carrying its
 *   dislodged ring; with nowhere to go it fades out;
 * - a unit on both maps at the same location stays; one only on the first fades out (a disband, a failed retreat),
 *   one only on the second fades in.
 */
import type { Point } from '../geometry.js';
import type { OrderMark, Scene, UnitMark } from '../scene.js';
import { unwrapLine, wrapInto, type Wrap } from '../wrap.js';

export type TrackKind = 'stay' | 'move' | 'bounce' | 'fade-out' | 'fade-in';

export interface Track {
  kind: TrackKind;
  /** The unit as drawn on the orders map (for `fade-in`: as drawn on the board after). */
  unit: UnitMark;
  /** Centre-line polyline (output px) the unit follows; one point for `stay` and the fades. */
  line: Point[];
  /** Carries the dislodged ring while it moves. */
  ring: boolean;
  /** A map that wraps round: the line may cross an edge, and the unit comes in at the other (wrap.ts). */
  wrap?: Wrap;
}

const LINE_KINDS = new Set<OrderMark['kind']>(['move', 'retreat', 'path']);
/** A bounce goes this far along its arrow before it turns back. */
export const BOUNCE_REACH = 0.35;

const dist = (a: Point, b: Point) => Math.hypot(a[0] - b[0], a[1] - b[1]);
const sameUnit = (a: UnitMark, b: UnitMark) => a.power === b.power && a.type === b.type;

/** The arrow a unit was ordered along: the line mark of its power that starts nearest its spot. */
function arrowOf(unit: UnitMark, orders: readonly OrderMark[]): OrderMark | null {
  let best: OrderMark | null = null;
  let bestD = unit.size * 1.6;
  for (const o of orders) {
    if (!LINE_KINDS.has(o.kind) || o.power !== unit.power || o.path.length < 2) continue;
    const start = o.points[0] ?? o.path[0]!;
    const d = Math.min(dist(start, unit.at), dist(o.path[0]!, unit.at) - unit.size);
    if (d < bestD) {
      bestD = d;
      best = o;
    }
  }
  return best;
}

/** The units of both scenes paired up, in the orders scene's unit order, then the units that appear. */
export function unitTracks(ordersScene: Scene, afterScene: Scene): Track[] {
  const after = afterScene.units.filter((u) => u.state !== 'build-failed' && u.state !== 'disbanded');
  const taken = new Set<number>();
  const claim = (pick: (u: UnitMark) => boolean, near: Point | null, within = Infinity): UnitMark | null => {
    let best = -1;
    let bestD = within;
    after.forEach((u, i) => {
      if (taken.has(i) || !pick(u)) return;
      const d = near ? dist(u.at, near) : 0;
      if (best < 0 || d < bestD) {
        best = i;
        bestD = d;
      }
    });
    if (best < 0) return null;
    taken.add(best);
    return after[best]!;
  };

  const wrap = ordersScene.wraps ? { x0: ordersScene.frame.x, width: ordersScene.frame.w } : undefined;
  const tracks: (Track | null)[] = ordersScene.units.map(() => null);
  const moving = ordersScene.units.map((u) =>
    u.state === 'build-failed' || u.state === 'virtual' ? null : arrowOf(u, ordersScene.orders),
  );
  // First the units whose arrow succeeded: each claims the unit of its power and type nearest the arrow's end.
  ordersScene.units.forEach((u, i) => {
    const arrow = moving[i];
    if (!arrow || arrow.failed) return;
    // An arrow across a wrapping map's edge ends past it: the unit there is found where it shows.
    const end = arrow.path[arrow.path.length - 1]!;
    const there = claim((a) => sameUnit(a, u), wrapInto(wrap, end), u.size * 4);
    if (!there) return;
    const line = unwrapLine(wrap, [u.at, ...arrow.path, there.at]);
    tracks[i] = { kind: 'move', unit: u, line, ring: u.dislodged, ...(wrap ? { wrap } : {}) };
  });
  // Then the units that stay where they are, then the dislodged ones (they stand beside their province after).
  ordersScene.units.forEach((u, i) => {
    if (tracks[i] || u.dislodged || u.state === 'build-failed' || u.state === 'disbanded') return;
    const there = claim((a) => sameUnit(a, u) && a.location === u.location && !a.dislodged, u.at);
    if (!there) return;
    const arrow = moving[i];
    if (arrow?.failed && arrow.kind !== 'retreat') {
      const line = [u.at, ...arrow.path];
      tracks[i] = { kind: 'bounce', unit: u, line, ring: false, ...(wrap ? { wrap } : {}) };
    } else if (dist(there.at, u.at) > 0.5) tracks[i] = { kind: 'move', unit: u, line: [u.at, there.at], ring: false };
    else tracks[i] = { kind: 'stay', unit: u, line: [u.at], ring: false };
  });
  ordersScene.units.forEach((u, i) => {
    if (tracks[i] || !u.dislodged) return;
    const there = claim((a) => sameUnit(a, u) && a.location === u.location, u.at);
    if (there)
      tracks[i] = { kind: dist(there.at, u.at) > 0.5 ? 'move' : 'stay', unit: u, line: [u.at, there.at], ring: true };
  });
  const out: Track[] = ordersScene.units.map((u, i) => {
    const t = tracks[i];
    if (t) return t;
    // A failed build's ghost stays on the orders map and is simply gone from the board after.
    if (u.state === 'build-failed') return { kind: 'stay', unit: u, line: [u.at], ring: false };
    return { kind: 'fade-out', unit: u, line: [u.at], ring: u.dislodged };
  });
  after.forEach((u, i) => {
    if (!taken.has(i)) out.push({ kind: 'fade-in', unit: u, line: [u.at], ring: false });
  });
  return out;
}

/** Length of a polyline. */
export function lineLength(line: readonly Point[]): number {
  let total = 0;
  for (let i = 1; i < line.length; i++) total += dist(line[i - 1]!, line[i]!);
  return total;
}

/** The point at distance `d` along a polyline (clamped to its ends). */
export function pointAlong(line: readonly Point[], d: number): Point {
  if (line.length === 1 || d <= 0) return line[0]!;
  let left = d;
  for (let i = 1; i < line.length; i++) {
    const a = line[i - 1]!;
    const b = line[i]!;
    const seg = dist(a, b);
    if (left <= seg && seg > 0) return [a[0] + ((b[0] - a[0]) * left) / seg, a[1] + ((b[1] - a[1]) * left) / seg];
    left -= seg;
  }
  return line[line.length - 1]!;
}

/** Where a track's unit is at time `t` (0 = the orders map, 1 = the board after), and whether it is drawn. */
export function trackAt(track: Track, t: number): { at: Point; shown: 'full' | 'faded' | 'hidden' } {
  const eased = t * t * (3 - 2 * t);
  switch (track.kind) {
    case 'stay':
      return { at: track.line[0]!, shown: 'full' };
    case 'move':
      return { at: wrapInto(track.wrap, pointAlong(track.line, eased * lineLength(track.line))), shown: 'full' };
    case 'bounce':
      return {
        at: wrapInto(track.wrap, pointAlong(track.line, Math.sin(Math.PI * t) * BOUNCE_REACH * lineLength(track.line))),
        shown: 'full',
      };
    case 'fade-out':
      return { at: track.line[0]!, shown: t < 0.5 ? 'full' : 'faded' };
    case 'fade-in':
      return { at: track.line[0]!, shown: t < 0.5 ? 'hidden' : 'full' };
  }
}
