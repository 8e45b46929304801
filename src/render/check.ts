/**
 * `maps check`, geometry part: the drawn borders must equal the adjacency graph (item 4).
 *
 * - Two provinces that share a drawn border must be adjacent in the data (army or fleet adjacency, any coast).
 * - Two adjacent provinces must share a drawn border at least `MIN_BORDER` map pixels long, unless the variant
 *   declares their link non-geometric in `links` (wrap-around seas, tunnels: drawn as a dotted line instead).
 * - Impassable provinces (Classic `swi`) have no adjacency at all. Their cells are drawn and act as a wall:
 *   a border with an impassable province is never required and never a problem, but because every adjacent
 *   pair must still share a border of its own, an impassable cell can never cut a real adjacency.
 * - Off-map filler cells (`geometry.offmap`) are treated the same way as impassable cells.
 * - Label spots (`geometry.labels`) lie inside their own province.
 * - Rivers drawn from a real course (`features.riverCourses`): the drawn line, with its width, passes
 *   through exactly the provinces of the river's chain, in chain order; it ends in the mouth sea (a short
 *   way past the coast) when the chain ends in a sea, else on another river (a tributary's confluence).
 */
import type { Variant } from '../engine/variant.js';
import type { VariantData } from '../variants/schema.js';
import { riverCoursesOf, riverLine } from './features.js';
import { borderKey, distanceToSegment, geometryOf, type MapGeometry, type Point } from './geometry.js';
import { drawnGap, outlinesWithin } from './shape-geometry.js';

/** Shortest shared border (map pixels) that counts as "adjacent on the picture". */
export const MIN_BORDER = 6;
/** Anything longer than this counts as touching (shorter is floating-point noise at a Voronoi vertex). */
export const TOUCH = 0.5;

export interface GeometryProblem {
  kind: 'extra-border' | 'missing-border' | 'geometry' | 'river' | 'label';
  a?: string;
  b?: string;
  message: string;
}

/** Problems as sentences; `[]` when the picture and the rules agree. */
export function checkGeometry(variant: Variant): string[] {
  return geometryProblems(variant).map((p) => p.message);
}

export function geometryProblems(variant: Variant): GeometryProblem[] {
  const g = geometryOf(variant.data);
  if (!g.ok) return g.error.split('\n').map((message) => ({ kind: 'geometry' as const, message }));
  return [
    ...compareBorders(variant, g.geometry),
    ...riverProblems(variant, g.geometry).map((message) => ({ kind: 'river' as const, message })),
    ...labelProblems(variant, g.geometry).map((message) => ({ kind: 'label' as const, message })),
  ];
}

/**
 * Label spots (`geometry.labels`) that lie outside their province: the renderer starts its search there, so a spot
 * outside sends the label beside the province or into a neighbour (docs/variants.md "Variant files").
 */
function labelProblems(variant: Variant, geometry: MapGeometry): string[] {
  const labels = variant.data.geometry?.labels ?? {};
  return Object.entries(labels)
    .filter(([id, at]) => variant.map.province(id) && geometry.locate(at) !== id)
    .map(([id, at]) => `label spot of ${id} [${at.join(', ')}] lies outside its province`);
}

/** Half the drawn width of a river line, map pixels (drawn 4 px wide at 1600 px). */
export const RIVER_HALF_WIDTH = 2;
/** How far past the coast a river may run into its mouth sea, map pixels. */
export const MOUTH_OVERSHOOT = 25;

/** Problems of the rivers drawn from real courses, as sentences (`[]` when every course is right). */
export function riverProblems(variant: Variant, geometry: MapGeometry, data: VariantData = variant.data): string[] {
  const problems: string[] = [];
  const rivers = riverCoursesOf(data);
  const lines = new Map(rivers.map((r) => [r.name, riverLine(data, r, null)]));
  const isSea = (id: string | null) => id !== null && (variant.map.province(id)?.kind === 'sea' || id === '#sea');
  for (const river of rivers) {
    if (river.course.length === 0) continue;
    const line = lines.get(river.name);
    if (!line) {
      problems.push(`river ${river.name}: a course needs the variant's geometry.projection and at least two points`);
      continue;
    }
    if (!river.chain) {
      problems.push(`river ${river.name}: a course without a chain of provinces in features.rivers`);
      continue;
    }
    const chain = river.chain;
    // Walk the line a pixel at a time; look at its centre and both edges.
    const visited: string[] = [];
    const touched = new Set<string>();
    let overSea = 0;
    for (let i = 0; i + 1 < line.length; i++) {
      const [a, b] = [line[i], line[i + 1]];
      const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
      if (len === 0) continue;
      const n: Point = [-(b[1] - a[1]) / len, (b[0] - a[0]) / len];
      for (let t = 0; t < len; t += 1) {
        const p: Point = [a[0] + ((b[0] - a[0]) * t) / len, a[1] + ((b[1] - a[1]) * t) / len];
        const at = geometry.locate(p);
        if (at !== null && visited[visited.length - 1] !== at) visited.push(at);
        if (isSea(at)) overSea += 1;
        for (const side of [1, -1]) {
          const edge = geometry.locate([p[0] + n[0] * RIVER_HALF_WIDTH * side, p[1] + n[1] * RIVER_HALF_WIDTH * side]);
          if (edge !== null) touched.add(edge);
        }
      }
    }
    const end = geometry.locate(line[line.length - 1]);
    if (end !== null && visited[visited.length - 1] !== end) visited.push(end);
    for (const id of visited) touched.add(id);
    const expected = chain.join(' → ');
    if (visited.join(' → ') !== expected) {
      problems.push(
        `river ${river.name}: its course runs through ${visited.join(' → ')}, but its chain is ${expected}`,
      );
    }
    const stray = [...touched].filter((id) => !chain.includes(id)).sort();
    if (stray.length > 0)
      problems.push(`river ${river.name}: its drawn line touches ${stray.join(', ')}, which are not on the river`);
    const mouth = chain[chain.length - 1];
    if (isSea(mouth)) {
      if (end !== mouth)
        problems.push(`river ${river.name}: it should end in its mouth sea ${mouth}, but ends in ${end ?? 'no cell'}`);
      else if (overSea > MOUTH_OVERSHOOT)
        problems.push(`river ${river.name}: it runs ${overSea} px into ${mouth} (at most ${MOUTH_OVERSHOOT})`);
    } else {
      // A tributary ends where it meets another river.
      const tip = line[line.length - 1];
      const joins = [...lines].some(
        ([name, other]) =>
          name !== river.name &&
          other &&
          other.some((p, k) => k + 1 < other.length && distanceToSegment(tip, p, other[k + 1]) <= 3),
      );
      if (!joins)
        problems.push(
          `river ${river.name}: it ends in ${mouth} but not on another river (a mouth must be a sea or a confluence)`,
        );
    }
  }
  return problems;
}

/** Compare a computed geometry with the variant's adjacency (exported for the geometry tuning tool). */
export function compareBorders(variant: Variant, geometry: MapGeometry): GeometryProblem[] {
  const map = variant.map;
  const passable = (id: string) => {
    const p = map.province(id);
    return p !== undefined && p.kind !== 'impassable';
  };
  const adjacent = (a: string, b: string) => map.neighbours(a).has(b) || map.neighbours(b).has(a);
  const linked = new Set(variant.data.links.map((l) => borderKey(l.from, l.to)));
  const problems: GeometryProblem[] = [];

  for (const border of geometry.borders) {
    if (!passable(border.a) || !passable(border.b)) continue;
    if (border.length > TOUCH && !adjacent(border.a, border.b)) {
      problems.push({
        kind: 'extra-border',
        a: border.a,
        b: border.b,
        message: `${border.a} and ${border.b} share a drawn border (${border.length.toFixed(1)} px) but are not adjacent`,
      });
    }
  }
  const ids = map.provinceIds().filter(passable);
  // A map drawn from shapes: adjacent outlines need only touch within the margin (DiploGM's rule), however short.
  const touching = geometry.polygonal ? outlinesWithin(geometry, drawnGap(variant.data)) : null;
  for (const a of ids) {
    for (const b of map.neighbours(a)) {
      if (b <= a && map.neighbours(b).has(a)) continue; // each symmetric pair once
      if (!passable(b) || linked.has(borderKey(a, b))) continue;
      const border = geometry.borderIndex.get(borderKey(a, b));
      const length = border?.length ?? 0;
      if (touching ? !touching(a, b) : length < MIN_BORDER) {
        problems.push({
          kind: 'missing-border',
          a,
          b,
          message: border
            ? `${a} and ${b} are adjacent but their drawn border is only ${length.toFixed(1)} px (need ${MIN_BORDER})`
            : `${a} and ${b} are adjacent but share no drawn border`,
        });
      }
    }
  }
  return problems;
}
