/**
 * Variant map features as scene features (map pixels; the scene builder transforms them):
 * - rivers: `features.rivers`, ordered chains of province ids, drawn as blue lines through the chain's
 *   province anchors. Accepted shapes: `{Name: ["a","b",...]}`, `[["a","b",...], ...]` or
 *   `[{name?, provinces|path|chain: [...]}, ...]`.
 * - walls: `features.walls = [{province, neighbour}]`, a wall on `province`'s side of its border with
 *   `neighbour` (Warring States walls belong to one province of a border).
 * - links: `variant.data.links` (wrap-around seas, tunnels): adjacencies that are not drawn borders.
 */
import type { Variant } from '../engine/variant.js';
import { borderKey, insideShape, type MapGeometry, type Point } from './geometry.js';
import type { Feature } from './scene.js';

export function featuresOf(variant: Variant, geometry: MapGeometry, anchors: Map<string, Point>, warnings: string[]): Feature[] {
  const out: Feature[] = [];
  const features = variant.data.features ?? {};

  // Rivers: an array of chains (or of {name, provinces|path|chain}), or a record name -> chain.
  const riverList: { name: string; raw: unknown; where: string }[] = [];
  if (Array.isArray(features.rivers)) {
    features.rivers.forEach((river, i) => {
      const named = typeof river === 'object' && river !== null && !Array.isArray(river) && 'name' in river;
      riverList.push({ name: named ? String((river as { name: unknown }).name) : `river ${i + 1}`, raw: river, where: `features.rivers[${i}]` });
    });
  } else if (typeof features.rivers === 'object' && features.rivers !== null) {
    for (const [name, chain] of Object.entries(features.rivers)) riverList.push({ name, raw: chain, where: `features.rivers.${name}` });
  }
  for (const { name, raw, where } of riverList) {
    const chain = riverChain(raw);
    if (!chain) {
      warnings.push(`${where} is not a chain of province ids`);
      continue;
    }
    const points: Point[] = [];
    for (const id of chain) {
      const p = anchors.get(id);
      if (!p) warnings.push(`river ${name} names unknown province ${id}`);
      else points.push(p);
    }
    if (points.length >= 2) out.push({ kind: 'river', name, points });
  }

  const walls = Array.isArray(features.walls) ? features.walls : [];
  walls.forEach((w, i) => {
    const province = (w as { province?: unknown })?.province;
    const neighbour = (w as { neighbour?: unknown })?.neighbour;
    if (typeof province !== 'string' || typeof neighbour !== 'string') {
      warnings.push(`features.walls[${i}] needs {province, neighbour}`);
      return;
    }
    const border = geometry.borderIndex.get(borderKey(province, neighbour));
    const shape = geometry.shapes.get(province);
    if (!border || !shape) {
      warnings.push(`wall of ${province} towards ${neighbour}: they share no drawn border`);
      return;
    }
    const offset = 3;
    const segments = border.segments.map(([a, b]): [Point, Point] => {
      const len = Math.hypot(b[0] - a[0], b[1] - a[1]) || 1;
      let nx = -(b[1] - a[1]) / len;
      let ny = (b[0] - a[0]) / len;
      const mid: Point = [(a[0] + b[0]) / 2 + nx * offset, (a[1] + b[1]) / 2 + ny * offset];
      if (!insideShape(mid, shape, geometry)) {
        nx = -nx;
        ny = -ny;
      }
      return [
        [a[0] + nx * offset, a[1] + ny * offset],
        [b[0] + nx * offset, b[1] + ny * offset],
      ];
    });
    out.push({ kind: 'wall', province, neighbour, segments });
  });

  for (const link of variant.data.links ?? []) {
    const a = anchors.get(link.from);
    const b = anchors.get(link.to);
    if (!a || !b) {
      warnings.push(`link ${link.from}–${link.to} names an unknown province`);
      continue;
    }
    if (out.some((f) => f.kind === 'link' && f.from === link.to && f.to === link.from)) continue;
    out.push({ kind: 'link', from: link.from, to: link.to, points: [a, b], linkKind: link.kind });
  }
  return out;
}

function riverChain(river: unknown): string[] | null {
  const list = Array.isArray(river)
    ? river
    : typeof river === 'object' && river !== null
      ? ((river as Record<string, unknown>).provinces ?? (river as Record<string, unknown>).path ?? (river as Record<string, unknown>).chain)
      : null;
  if (!Array.isArray(list) || !list.every((x) => typeof x === 'string')) return null;
  return list as string[];
}
