/** Boards of head-to-head moves on every pair of adjacent land provinces, and the clear space between two shafts. */
import type { Position, PowerOrder } from '../../src/engine/types.js';
import type { Variant } from '../../src/engine/variant.js';
import type { OrderMark, Point } from '../../src/render/index.js';
import { length, pointAt } from '../../src/render/route.js';
import { distanceToSegment } from '../../src/variants/drawing/segment.js';

/** Every pair of land provinces an army moves between over a shared border (not only by a link), each once. */
export function adjacentLandPairs(variant: Variant): [string, string][] {
  const map = variant.map;
  const linked = new Set(map.links.flatMap((l) => [`${l.from}|${l.to}`, `${l.to}|${l.from}`]));
  const pairs: [string, string][] = [];
  for (const a of [...map.provinces.keys()].sort())
    for (const b of map.armyNeighbours(a))
      if (a < b && map.isLand(a) && map.isLand(b) && map.armyCanMove(b, a) && !linked.has(`${a}|${b}`))
        pairs.push([a, b]);
  return pairs;
}

/**
 * The pairs in rounds, each a board where no province is in two pairs: an army of the first power in one province of
 * each pair, one of the second in the other, each ordered into the other's province.
 */
export function* headToHeadScenes(
  variant: Variant,
): Generator<{ position: Position; orders: PowerOrder[]; pairs: [string, string][] }> {
  let left = adjacentLandPairs(variant);
  const [red, blue] = variant.powers.map((p) => p.name);
  while (left.length > 0) {
    const used = new Set<string>();
    const round: [string, string][] = [];
    for (const pair of left)
      if (!used.has(pair[0]) && !used.has(pair[1])) {
        round.push(pair);
        used.add(pair[0]).add(pair[1]);
      }
    left = left.filter((p) => !round.includes(p));
    const units = round.flatMap(([a, b]) => [
      { power: red!, type: 'A' as const, province: a, coast: null },
      { power: blue!, type: 'A' as const, province: b, coast: null },
    ]);
    const move = (power: string, from: string, to: string): PowerOrder => ({
      power,
      order: {
        kind: 'move',
        unit: { type: 'A', province: from, coast: null },
        to: { province: to, coast: null },
        viaConvoy: false,
      },
    });
    const orders = round.flatMap(([a, b]) => [move(red!, a, b), move(blue!, b, a)]);
    const position = {
      ...variant.startingPosition(),
      units,
      dislodged: [],
    } as Position;
    yield { position, orders, pairs: round };
  }
}

/** The shaft of an arrow: its path up to the base of its head. */
function shaftOf(o: OrderMark): Point[] {
  const head = o.head!;
  const end = length(o.path) - Math.hypot(head.tip[0] - head.base[0], head.tip[1] - head.base[1]);
  const out: Point[] = [o.path[0]!];
  let walked = 0;
  for (let i = 1; i < o.path.length; i++) {
    walked += Math.hypot(o.path[i]![0] - o.path[i - 1]![0], o.path[i]![1] - o.path[i - 1]![1]);
    if (walked >= end) break;
    out.push(o.path[i]!);
  }
  out.push(pointAt(o.path, Math.max(0, end)));
  return out;
}

/** The clear space between two arrows' shafts (output px): the nearest their drawn edges come (0 where they cross). */
export function shaftGap(a: OrderMark, b: OrderMark): number {
  const [p, q] = [shaftOf(a), shaftOf(b)];
  let near = Infinity;
  for (let i = 1; i < p.length; i++)
    for (let j = 1; j < q.length; j++) {
      if (crosses(p[i - 1]!, p[i]!, q[j - 1]!, q[j]!)) return 0;
      near = Math.min(
        near,
        distanceToSegment(p[i - 1]!, q[j - 1]!, q[j]!),
        distanceToSegment(p[i]!, q[j - 1]!, q[j]!),
        distanceToSegment(q[j - 1]!, p[i - 1]!, p[i]!),
        distanceToSegment(q[j]!, p[i - 1]!, p[i]!),
      );
    }
  return Math.max(0, near - (a.head!.shaft + b.head!.shaft) / 2);
}

function crosses(a: Point, b: Point, c: Point, d: Point): boolean {
  const side = (p: Point, q: Point, r: Point) =>
    Math.sign((q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0]));
  return side(a, b, c) * side(a, b, d) < 0 && side(c, d, a) * side(c, d, b) < 0;
}
