/**
 * Variant map features as scene features (map pixels; the scene builder transforms them):
 * - rivers: `features.rivers`, ordered chains of province ids (the rules' data). Accepted shapes:
 *   `{Name: ["a","b",...]}`, `[["a","b",...], ...]` or `[{name?, provinces|path|chain: [...]}, ...]`.
 *   Drawn along their real course when `features.riverCourses` gives one (`{Name: [[lat, lon], ...]}`,
 *   source to mouth, projected with `geometry.projection`); else as a line through the chain's anchors.
 *   `maps check` proves a course runs through exactly its chain's provinces (check.ts).
 * - walls: `features.walls = [{province, neighbour, style?, legend?}]`, a wall on `province`'s side of its border
 *   with `neighbour` (Warring States walls belong to one province of a border); `style: "band"` draws a solid dark
 *   band instead (an area's border, such as Mandate of Heaven's black band), `legend` is its text in the legend.
 * - links: `variant.data.links` (wrap-around seas, tunnels): adjacencies that are not drawn borders.
 * - decor lines: `geometry.decor.lines`, lines a map drawn from shapes strokes over its provinces (python's ancmed's
 *   Nile), first, so everything else is drawn above them.
 */
import type { Variant } from '../engine/variant.js';
import { PathError, pathLines } from '../variants/drawing/path.js';
import type { VariantData } from '../variants/schema.js';
import { borderKey, insideShape, type MapGeometry, type Point } from './geometry.js';
import { projectionOf } from './projection.js';
import { closestOnSegment } from '../variants/drawing/segment.js';
import type { Feature } from './scene.js';

export interface RiverData {
  name: string;
  /** Province ids, source to mouth (`features.rivers`), or null when only a course is given. */
  chain: string[] | null;
  /** [lat, lon] points, source to mouth (`features.riverCourses`); empty when none is given. */
  course: [number, number][];
  /** Where a malformed entry sits, for warnings. */
  where: string;
  malformed: boolean;
}

/** The variant's rivers: chains and courses matched by name. */
export function riverCoursesOf(data: VariantData): RiverData[] {
  const features = data.features ?? {};
  const out: RiverData[] = [];
  if (Array.isArray(features.rivers)) {
    features.rivers.forEach((river, i) => {
      const named = typeof river === 'object' && river !== null && !Array.isArray(river) && 'name' in river;
      const chain = riverChain(river);
      out.push({
        name: named ? String((river as { name: unknown }).name) : `river ${i + 1}`,
        chain,
        course: [],
        where: `features.rivers[${i}]`,
        malformed: !chain,
      });
    });
  } else if (typeof features.rivers === 'object' && features.rivers !== null) {
    for (const [name, raw] of Object.entries(features.rivers)) {
      const chain = riverChain(raw);
      out.push({ name, chain, course: [], where: `features.rivers.${name}`, malformed: !chain });
    }
  }
  const courses = features.riverCourses;
  if (typeof courses === 'object' && courses !== null && !Array.isArray(courses)) {
    for (const [name, raw] of Object.entries(courses)) {
      const ok =
        Array.isArray(raw) &&
        raw.every((p) => Array.isArray(p) && p.length === 2 && p.every((v) => Number.isFinite(v)));
      let river = out.find((r) => r.name === name);
      if (!river) {
        river = { name, chain: null, course: [], where: `features.riverCourses.${name}`, malformed: false };
        out.push(river);
      }
      if (ok) river.course = (raw as [number, number][]).map(([lat, lon]) => [lat, lon]);
      else {
        river.malformed = true;
        river.where = `features.riverCourses.${name}`;
      }
    }
  }
  return out;
}

/** A river's drawn line in map pixels: its projected course, or the chain through the anchors. */
export function riverLine(data: VariantData, river: RiverData, anchors: Map<string, Point> | null): Point[] | null {
  const projection = projectionOf(data.geometry);
  if (projection && river.course.length >= 2) return river.course.map(([lat, lon]) => projection.project(lat, lon));
  if (!river.chain || !anchors) return null;
  const points = river.chain.map((id) => anchors.get(id)).filter((p): p is Point => p !== undefined);
  return points.length >= 2 ? points : null;
}

/** The lines the map's drawing strokes over its provinces (`geometry.decor.lines`), one feature a subpath. */
function decorLines(data: VariantData, warnings: string[]): Feature[] {
  return (data.geometry?.decor?.lines ?? []).flatMap((line, i) => {
    try {
      return pathLines(line.d).map(
        (points): Feature => ({ kind: 'decor', points, color: line.color, width: line.width, dash: line.dash ?? null }),
      );
    } catch (e) {
      if (!(e instanceof PathError)) throw e;
      warnings.push(`geometry.decor.lines[${i}]: ${e.message}`);
      return [];
    }
  });
}

export function featuresOf(
  variant: Variant,
  geometry: MapGeometry,
  anchors: Map<string, Point>,
  warnings: string[],
): Feature[] {
  const out: Feature[] = decorLines(variant.data, warnings);
  const features = variant.data.features ?? {};

  const rivers = riverCoursesOf(variant.data);
  for (const river of rivers) {
    if (river.malformed) {
      warnings.push(`${river.where} is not a chain of province ids or a list of [lat, lon] points`);
      continue;
    }
    for (const id of river.chain ?? [])
      if (!anchors.has(id)) warnings.push(`river ${river.name} names unknown province ${id}`);
    const points = riverLine(variant.data, river, anchors);
    if (points) out.push({ kind: 'river', name: river.name, points });
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
    const style = (w as { style?: unknown }).style === 'band' ? 'band' : 'wall';
    const legend = (w as { legend?: unknown }).legend;
    out.push({
      kind: 'wall',
      province,
      neighbour,
      segments,
      style,
      legend: typeof legend === 'string' && legend !== '' ? legend : style,
    });
  });

  for (const link of variant.data.links ?? []) {
    const a = anchors.get(link.from);
    const b = anchors.get(link.to);
    if (!a || !b) {
      warnings.push(`link ${link.from}–${link.to} names an unknown province`);
      continue;
    }
    if (out.some((f) => f.kind === 'link' && f.from === link.to && f.to === link.from)) continue;
    // A link from land to a sea (Warring States Ji–Bo Hai, the Hai river) ends at the nearest shore.
    const seaEnd = (sea: string, from: Point): Point | null => {
      const shape = geometry.shapes.get(sea);
      if (shape?.kind !== 'sea' || shape.outline.length === 0) return null;
      let best = shape.outline[0][0];
      for (const [p] of shape.outline)
        if (Math.hypot(p[0] - from[0], p[1] - from[1]) < Math.hypot(best[0] - from[0], best[1] - from[1])) best = p;
      return best;
    };
    const points: [Point, Point] = (geometry.polygonal ? gapCrossing(geometry, link.from, link.to, a, b) : null) ?? [
      seaEnd(link.from, b) ?? a,
      seaEnd(link.to, a) ?? b,
    ];
    out.push({ kind: 'link', from: link.from, to: link.to, points, linkKind: link.kind });
  }
  return out;
}

/**
 * On a map drawn from shapes, a link between two provinces drawn apart (a strait, a river between them:
 * docs/render.md) crosses the gap between their outlines: the shortest line from one outline to the other that
 * runs over no province (the two included: it crosses the gap, not their land); else, between two lands, the
 * shortest that runs over nothing but water, when it is shorter than the way between their unit spots (a strait
 * across a sea: python's ancmed's Mauretania to Saguntum); each first with its ends clear of a third province, and
 * none wider than a strait (`STRAIT_SHARE`). Else null (drawn between the spots): a link whose provinces lie far
 * apart (a wrap-around sea) finds no such line.
 */
function gapCrossing(geometry: MapGeometry, from: string, to: string, a: Point, b: Point): [Point, Point] | null {
  // Asked at every picture of the map: kept per geometry (a map drawn from shapes is cached per data object).
  let known = crossingsOf.get(geometry);
  if (!known) crossingsOf.set(geometry, (known = new Map()));
  const key = `${from} ${to} ${a.join(' ')} ${b.join(' ')}`;
  if (!known.has(key)) known.set(key, findCrossing(geometry, from, to, a, b));
  return known.get(key)!;
}

/** The crossings found, by geometry and link. */
const crossingsOf = new WeakMap<MapGeometry, Map<string, [Point, Point] | null>>();

function findCrossing(geometry: MapGeometry, from: string, to: string, a: Point, b: Point): [Point, Point] | null {
  const sa = geometry.shapes.get(from);
  const sb = geometry.shapes.get(to);
  if (!sa || !sb || sa.outline.length === 0 || sb.outline.length === 0) return null;
  const pairs = crossingsBetween(sa.outline, sb.outline).filter(
    (p) => dist(p[0], p[1]) < Math.max(geometry.width, geometry.height) * STRAIT_SHARE,
  );
  const filler = (id: string | null) => id === null || id.startsWith('#');
  const water = (id: string | null) =>
    filler(id) || (id !== from && id !== to && geometry.shapes.get(id!)?.kind === 'sea');
  const limit = Math.hypot(b[0] - a[0], b[1] - a[1]);
  // Over nothing, else (two lands) over water; each first with ends clear of a third province (not at a corner
  // where a neighbour meets the coast, where the line would read as the neighbour's).
  type Try = [allowed: (id: string | null) => boolean, longest: number, ends: boolean];
  const lands = sa.kind !== 'sea' && sb.kind !== 'sea';
  const tries: Try[] = [
    [filler, Infinity, true],
    [filler, Infinity, false],
    ...(lands
      ? ([
          [water, limit, true],
          [water, limit, false],
        ] satisfies Try[])
      : []),
  ];
  for (const [allowed, longest, ends] of tries) {
    const found = pairs.find(
      (p) =>
        dist(p[0], p[1]) < longest &&
        runsOver(geometry, p, allowed) &&
        (!ends || (endClear(geometry, p[0], from, allowed) && endClear(geometry, p[1], to, allowed))),
    );
    if (found) return found;
  }
  return null;
}

/**
 * The widest gap a crossing spans, as a share of the map's size: a strait is narrow against the map (python's
 * ancmed's widest, Baleares to Saguntum, is a twentieth of its width); two provinces farther apart (python's pure,
 * whose provinces are joined across its middle) are joined between their unit spots.
 */
const STRAIT_SHARE = 1 / 12;

/** How far (map px) round a crossing's end no third province may lie. */
const END_CLEAR = 3;

/** Is every point `END_CLEAR` round the end in its own province or over what `allowed` accepts? */
function endClear(geometry: MapGeometry, at: Point, own: string, allowed: (id: string | null) => boolean): boolean {
  for (let k = 0; k < 8; k++) {
    const angle = (k * Math.PI) / 4;
    const id = geometry.locate([at[0] + Math.cos(angle) * END_CLEAR, at[1] + Math.sin(angle) * END_CLEAR]);
    if (id !== own && !allowed(id)) return false;
  }
  return true;
}

const dist = (p: Point, q: Point) => Math.hypot(q[0] - p[0], q[1] - p[1]);

/** Most lines `gapCrossing` tries (the shortest first). */
const CROSSINGS_TRIED = 200;

/**
 * Lines from one outline to the other, shortest first: from each vertex of either to the nearest point of the other
 * (the shortest line between two polygons runs from a vertex of one of them).
 */
function crossingsBetween(ea: [Point, Point][], eb: [Point, Point][]): [Point, Point][] {
  const nearest = (p: Point, edges: [Point, Point][]): Point => {
    let out: Point = edges[0]![0];
    for (const [q, r] of edges) {
      const c = closestOnSegment(p, q, r);
      if (dist(c, p) < dist(out, p)) out = c;
    }
    return out;
  };
  const pairs: [Point, Point][] = [
    ...ea.map(([p]): [Point, Point] => [p, nearest(p, eb)]),
    ...eb.map(([p]): [Point, Point] => [nearest(p, ea), p]),
  ];
  return pairs.sort((x, y) => dist(x[0], x[1]) - dist(y[0], y[1])).slice(0, CROSSINGS_TRIED);
}

/** How far apart (map px) `runsOver` looks along a line; its ends, on the outlines, are left out by as much. */
const LINE_STEP = 0.5;

/** Does every point of the line between its ends lie over what `allowed` accepts (by `geometry.locate`)? */
function runsOver(geometry: MapGeometry, [p, q]: [Point, Point], allowed: (id: string | null) => boolean): boolean {
  const steps = Math.floor(dist(p, q) / LINE_STEP);
  for (let i = 1; i < steps; i++) {
    const t = i / steps;
    if (!allowed(geometry.locate([p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t]))) return false;
  }
  return true;
}

function riverChain(river: unknown): string[] | null {
  const list = Array.isArray(river)
    ? river
    : typeof river === 'object' && river !== null
      ? ((river as Record<string, unknown>).provinces ??
        (river as Record<string, unknown>).path ??
        (river as Record<string, unknown>).chain)
      : null;
  if (!Array.isArray(list) || !list.every((x) => typeof x === 'string')) return null;
  return list as string[];
}
