/**
 * `maps check`, geometry part: the drawn borders must equal the adjacency graph (issue 3, item 4).
 *
 * - Two provinces that share a drawn border must be adjacent in the data (army or fleet adjacency, any coast).
 * - Two adjacent provinces must share a drawn border at least `MIN_BORDER` map pixels long, unless the variant
 *   declares their link non-geometric in `links` (wrap-around seas, tunnels: drawn as a dotted line instead).
 * - Impassable provinces (Classic `swi`) have no adjacency at all. Their cells are drawn and act as a wall:
 *   a border with an impassable province is never required and never a problem, but because every adjacent
 *   pair must still share a border of its own, an impassable cell can never cut a real adjacency.
 * - Off-map filler cells (`geometry.offmap`) are treated the same way as impassable cells.
 */
import type { Variant } from '../engine/variant.js';
import { borderKey, geometryOf, type MapGeometry } from './geometry.js';

/** Shortest shared border (map pixels) that counts as "adjacent on the picture". */
export const MIN_BORDER = 6;
/** Anything longer than this counts as touching (shorter is floating-point noise at a Voronoi vertex). */
export const TOUCH = 0.5;

export interface GeometryProblem {
  kind: 'extra-border' | 'missing-border' | 'geometry';
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
  if (!g.ok) return [{ kind: 'geometry', message: g.error }];
  return compareBorders(variant, g.geometry);
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
  for (const a of ids) {
    for (const b of map.neighbours(a)) {
      if (b <= a && map.neighbours(b).has(a)) continue; // each symmetric pair once
      if (!passable(b) || linked.has(borderKey(a, b))) continue;
      const border = geometry.borderIndex.get(borderKey(a, b));
      const length = border?.length ?? 0;
      if (length < MIN_BORDER) {
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
