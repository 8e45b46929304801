/**
 * Map geometry of a map drawn from shapes (`geometry.shapes`, a variant file's drawing: docs/variants.md): each
 * province is the outline its SVG path data draws, filled by the nonzero rule as SVG fills it; off-map pieces
 * (`decor`) and the background (off-map land or water where nothing is drawn, or land nobody holds) are filler
 * owners. Borders are the stretches of a province's outline within `margin` px of another owner's outline (shapes
 * drawn in an editor seldom share their vertices exactly); a stretch near nothing borders the background, one on the
 * frame borders nothing, one inside another province's shape (shapes that overlap) borders it or is hidden under it.
 * The result has the shape of the seed-drawn geometry (src/render/geometry.ts), so everything after it is shared.
 */
import polylabel from 'polylabel';
import { PathError, pathRings, type Point, type Ring } from '../variants/drawing/path.js';
import {
  boxOf,
  EdgeGrid,
  edgesOf,
  segmentDistance,
  signedArea,
  simplifyLine,
  simplifyRing,
  windingNumber,
  type Box,
} from '../variants/drawing/polygon.js';
import type { VariantData } from '../variants/schema.js';
import {
  OFFMAP_LAND,
  OFFMAP_SEA,
  UNOWNED_LAND,
  type Border,
  type Cell,
  type MapGeometry,
  type ProvinceShape,
  type SurfaceKind,
} from './geometry-types.js';

type Result = { ok: true; geometry: MapGeometry } | { ok: false; error: string };

/** Default `geometry.margin`: outlines this close (map px) share a border. */
export const DEFAULT_MARGIN = 1;
/** Length of the pieces an outline is cut into to find what lies beyond each (map px, at least). */
const PIECE = 2;

interface Owner {
  id: string;
  kind: SurfaceKind;
  rings: Ring[];
  box: Box;
}

/** Geometry of a map drawn from shapes; every problem of its shapes named by province (one per line). */
export function computeShapeGeometry(data: VariantData): Result {
  const geo = data.geometry!;
  const read = readOwners(data);
  if (read.problems.length > 0) return { ok: false, error: read.problems.join('\n') };
  const margin = geo.margin ?? DEFAULT_MARGIN;
  const background = { land: OFFMAP_LAND, sea: OFFMAP_SEA, 'unowned-land': UNOWNED_LAND }[geo.background ?? 'land'];
  // Borders from the outlines as given; everything drawn from outlines thinned to what the picture can show.
  const tolerance = drawingTolerance(data);
  const seaGap =
    geo.background === 'sea'
      ? { reach: Math.max(margin, Math.max(geo.width, geo.height) / 50), adjacent: adjacentPairs(data) }
      : null;
  const borders = bordersOf(read.owners, background, margin, geo.width, geo.height, seaGap);
  for (const b of borders.values()) b.segments = thinned(b.segments, tolerance);
  const owners = read.owners.map((o) => ({ ...o, rings: o.rings.map((r) => simplifyRing(r, tolerance)) }));
  const cells: Cell[] = [];
  const shapes = new Map<string, ProvinceShape>();
  for (const o of owners) shapes.set(o.id, shapeOf(o, cells));
  const provinces = owners.filter((o) => !o.id.startsWith('#'));
  const fillers = owners.filter((o) => o.id.startsWith('#'));
  const geometry: MapGeometry = {
    width: geo.width,
    height: geo.height,
    cells,
    shapes,
    borders: [...borders.values()],
    borderIndex: borders,
    polygonal: true,
    ...(geo.background === 'sea' ? { seaBackground: true } : {}),
    locate: (p) => {
      if (p[0] < 0 || p[1] < 0 || p[0] > geo.width || p[1] > geo.height) return null;
      for (let i = provinces.length - 1; i >= 0; i--) if (holds(provinces[i]!, p)) return provinces[i]!.id;
      for (let i = fillers.length - 1; i >= 0; i--) if (holds(fillers[i]!, p)) return fillers[i]!.id;
      return background;
    },
  };
  return { ok: true, geometry };
}

/**
 * How far (map px) a drawn outline may stray from the given one: a thousandth and a third of the frame, so about
 * half a pixel of a 1,600 px picture (a shape drawn with a point every pixel of a 6,000 px map need not be painted
 * so). The drawn-border check allows for it.
 */
export function drawingTolerance(data: VariantData): number {
  const geo = data.geometry!;
  return Math.max(0.25, Math.max(geo.width, geo.height) / 3000);
}

/**
 * The widest gap (map px) a drawing may leave between two adjacent provinces' drawn outlines: the border margin, their
 * outlines within it, each drawn within `drawingTolerance` of its given outline. The drawn-border check allows it, and
 * the renderer closes it (`Scene.seam`): python's maps leave a few pixels between provinces.
 */
export function drawnGap(data: VariantData): number {
  return (data.geometry?.margin ?? DEFAULT_MARGIN) + 2 * drawingTolerance(data);
}

/** Border segments chained where they meet end to end, each chain simplified within `tolerance`. */
function thinned(segments: [Point, Point][], tolerance: number): [Point, Point][] {
  const out: [Point, Point][] = [];
  let chain: Point[] = [];
  const flush = () => {
    const line = simplifyLine(chain, tolerance);
    for (let i = 0; i + 1 < line.length; i++) out.push([line[i]!, line[i + 1]!]);
    chain = [];
  };
  for (const [p, q] of segments) {
    const last = chain[chain.length - 1];
    if (last && Math.abs(last[0] - p[0]) < 1e-6 && Math.abs(last[1] - p[1]) < 1e-6) chain.push(q);
    else {
      if (chain.length > 0) flush();
      chain = [p, q];
    }
  }
  if (chain.length > 0) flush();
  return out;
}

const holds = (o: Owner, p: Point) =>
  p[0] >= o.box[0] && p[0] <= o.box[2] && p[1] >= o.box[1] && p[1] <= o.box[3] && windingNumber(p, o.rings) !== 0;

/**
 * The owners in drawing order: the background (the frame) and the off-map pieces, then the seas, then the rest of
 * the provinces (drawn over the seas, so an island drawn inside a sea shows). Problems name the province.
 */
function readOwners(data: VariantData): { owners: Owner[]; problems: string[] } {
  const geo = data.geometry!;
  const shapes = geo.shapes ?? {};
  const problems: string[] = [];
  const known = new Set(data.provinces.map((p) => p.id));
  for (const id of Object.keys(shapes)) if (!known.has(id)) problems.push(`geometry shapes: ${id} is no province`);
  const rings = (d: string, what: string): Ring[] => {
    try {
      const found = pathRings(d).filter((r) => Math.abs(signedArea(r)) > 1e-6);
      if (found.length === 0) problems.push(`${what}: its shape encloses nothing`);
      return found;
    } catch (e) {
      problems.push(`${what}: its shape is not SVG path data (${e instanceof PathError ? e.message : String(e)})`);
      return [];
    }
  };
  const frame: Ring = [
    [0, 0],
    [geo.width, 0],
    [geo.width, geo.height],
    [0, geo.height],
  ];
  const sea = (geo.decor?.sea ?? []).flatMap((d, i) => rings(d, `geometry decor sea ${i + 1}`));
  const land = (geo.decor?.land ?? []).flatMap((d, i) => rings(d, `geometry decor land ${i + 1}`));
  const owners: Owner[] = [];
  const add = (id: string, kind: SurfaceKind, r: Ring[]) => {
    if (r.length > 0) owners.push({ id, kind, rings: r, box: boxOf(r) });
  };
  if (geo.background === 'sea') {
    add(OFFMAP_SEA, 'offmap-sea', [frame, ...sea]);
    add(OFFMAP_LAND, 'offmap-land', land);
  } else if (geo.background === 'unowned-land') {
    add(UNOWNED_LAND, 'land', [frame]);
    add(OFFMAP_LAND, 'offmap-land', land);
    add(OFFMAP_SEA, 'offmap-sea', sea);
  } else {
    add(OFFMAP_LAND, 'offmap-land', [frame, ...land]);
    add(OFFMAP_SEA, 'offmap-sea', sea);
  }
  const ordered = [...data.provinces].sort((a, b) => Number(b.kind === 'sea') - Number(a.kind === 'sea'));
  for (const p of ordered) {
    const d = shapes[p.id];
    if (d === undefined) {
      problems.push(`province ${p.id}: no shape in geometry shapes`);
      continue;
    }
    add(p.id, p.kind === 'sea' ? 'sea' : p.kind === 'impassable' ? 'impassable' : 'land', rings(d, `province ${p.id}`));
  }
  return { owners, problems };
}

/** The province's shape: one cell per ring, its area, and the point deepest inside it (polylabel). */
function shapeOf(o: Owner, cells: Cell[]): ProvinceShape {
  const total = o.rings.reduce((s, r) => s + signedArea(r), 0);
  const sign = Math.sign(total) || 1;
  const first = cells.length;
  for (const ring of o.rings) cells.push({ owner: o.id, seed: inside(ring, o.rings, sign), polygon: ring });
  const largest = o.rings.reduce((a, b) => (signedArea(b) * sign > signedArea(a) * sign ? b : a));
  const pole = o.id.startsWith('#') ? null : polylabel([largest, ...holesOf(largest, o.rings, sign)], 1);
  return {
    id: o.id,
    kind: o.kind,
    cells: o.rings.map((_, i) => first + i),
    area: Math.abs(total),
    center: pole ? [pole[0], pole[1]] : largest[0]!,
    clearance: pole ? Math.max(0, pole.distance) : 0,
    outline: edgesOf(o.rings, 0).map((e): [Point, Point] => [e.a, e.b]),
    rings: o.rings,
  };
}

/** Rings wound against the shape's own winding that lie inside `ring`: its holes. */
function holesOf(ring: Ring, rings: readonly Ring[], sign: number): Ring[] {
  return rings.filter((r) => r !== ring && signedArea(r) * sign < 0 && windingNumber(r[0]!, [ring]) !== 0);
}

/** A point inside the ring (its pole), standing for the cell's seed. */
function inside(ring: Ring, rings: readonly Ring[], sign: number): Point {
  const p = polylabel([ring, ...holesOf(ring, rings, sign)], 2);
  return [p[0], p[1]];
}

/**
 * The drawn borders: each province's outline cut into pieces; a piece belongs to the border with the nearest other
 * owner within `margin`, or with the background when nothing is near (unless it runs along the frame). Of the two
 * sides of a border, the one with more matched length is drawn.
 */
function bordersOf(
  owners: Owner[],
  background: string,
  margin: number,
  width: number,
  height: number,
  seaGap: SeaGap | null,
) {
  const grid = new EdgeGrid(
    owners.flatMap((o, i) => (o.id === background ? [] : edgesOf(o.rings, i))),
    Math.max(16, margin * 4),
  );
  const reach = margin + 1e-6;
  const step = Math.max(PIECE, margin);
  const sides = new Map<string, { segments: [Point, Point][]; length: number }>();
  const onFrame = (p: Point) => p[0] < 0.5 || p[1] < 0.5 || p[0] > width - 0.5 || p[1] > height - 0.5;
  owners.forEach((o, i) => {
    if (o.id.startsWith('#')) return;
    for (const { a, b } of edgesOf(o.rings, i)) {
      const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
      const k = Math.max(1, Math.ceil(len / step));
      for (let j = 0; j < k; j++) {
        const p: Point = [a[0] + ((b[0] - a[0]) * j) / k, a[1] + ((b[1] - a[1]) * j) / k];
        const q: Point = [a[0] + ((b[0] - a[0]) * (j + 1)) / k, a[1] + ((b[1] - a[1]) * (j + 1)) / k];
        const mid: Point = [(p[0] + q[0]) / 2, (p[1] + q[1]) / 2];
        let near = nearestOther(grid, mid, i, reach);
        if (near < 0 && onFrame(mid)) continue;
        if (near < 0) {
          // Nothing near: the piece lies in the open, or inside another owner's shape (two shapes that overlap).
          // Inside one drawn over this one it is hidden; inside one drawn under it, it borders that one.
          const under = ownerUnder(owners, i, mid);
          if (under > i) continue;
          near = under;
        }
        if (near < 0 && seaGap && o.kind === 'sea') {
          // Open water between two adjacent seas, where the background is sea: their seam, drawn from one side.
          const across = (j: number) => owners[j]!.kind === 'sea' && seaGap.adjacent.has(pairKey(o.id, owners[j]!.id));
          near = nearestOther(grid, mid, i, seaGap.reach, across);
        }
        const other = near < 0 ? background : owners[near]!.id;
        const key = `${o.id}>${other}`;
        const side = sides.get(key) ?? { segments: [], length: 0 };
        side.segments.push([p, q]);
        side.length += len / k;
        sides.set(key, side);
      }
    }
  });
  const borders = new Map<string, Border>();
  for (const [key, side] of sides) {
    const [from, to] = key.split('>') as [string, string];
    const back = sides.get(`${to}>${from}`);
    if (back && (back.length > side.length || (back.length === side.length && to < from))) continue;
    const [a, b] = from < to ? [from, to] : [to, from];
    borders.set(`${a}|${b}`, { a, b, segments: side.segments, length: side.length });
  }
  return borders;
}

/** How far apart (map px) two adjacent seas may lie where the background is sea and their gap is drawn as sea. */
interface SeaGap {
  reach: number;
  adjacent: Set<string>;
}

const pairKey = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`);

/** Every two provinces a move joins (`a|b`, sorted), coasts left out. */
function adjacentPairs(data: VariantData): Set<string> {
  const out = new Set<string>();
  for (const adjacency of [data.armyAdjacency, data.fleetAdjacency])
    for (const [from, to] of Object.entries(adjacency))
      for (const t of to) out.add(pairKey(from.split('/')[0]!, t.split('/')[0]!));
  return out;
}

/**
 * The topmost owner other than `self` whose shape holds `p` (the background, which holds everything, left out); -1
 * when none does.
 */
function ownerUnder(owners: Owner[], self: number, p: Point): number {
  for (let j = owners.length - 1; j >= 0; j--)
    if (j !== self && owners[j]!.kind !== 'offmap-sea' && owners[j]!.kind !== 'offmap-land' && holds(owners[j]!, p))
      return j;
  return -1;
}

/**
 * The owner of the nearest edge within `reach` of `p` that is not owner `self`'s (and that `accept` accepts); -1 when
 * there is none.
 */
function nearestOther(
  grid: EdgeGrid,
  p: Point,
  self: number,
  reach: number,
  accept: (owner: number) => boolean = () => true,
): number {
  let best = -1;
  let bestD = reach;
  grid.near(p[0] - reach, p[1] - reach, p[0] + reach, p[1] + reach, (e) => {
    if (e.owner === self || !accept(e.owner)) return;
    const dx = e.b[0] - e.a[0];
    const dy = e.b[1] - e.a[1];
    const len2 = dx * dx + dy * dy;
    const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((p[0] - e.a[0]) * dx + (p[1] - e.a[1]) * dy) / len2));
    const d = Math.hypot(p[0] - e.a[0] - t * dx, p[1] - e.a[1] - t * dy);
    if (d <= bestD) {
      bestD = d;
      best = e.owner;
    }
  });
  return best;
}

/**
 * For the drawn-border check of a map drawn from shapes: do the outlines of two owners come within `margin` px of
 * each other anywhere (DiploGM's rule for adjacency: shapes that touch within the border margin)?
 */
export function outlinesWithin(geometry: MapGeometry, margin: number): (a: string, b: string) => boolean {
  const ids = [...geometry.shapes.keys()];
  const index = new Map(ids.map((id, i) => [id, i]));
  const grid = new EdgeGrid(
    ids.flatMap((id, i) => edgesOf(geometry.shapes.get(id)!.rings, i)),
    Math.max(16, margin * 4),
  );
  const reach = margin + 1e-6;
  return (a, b) => {
    const other = index.get(b);
    const shape = geometry.shapes.get(a);
    if (other === undefined || !shape) return false;
    for (const [p, q] of shape.outline) {
      let hit = false;
      grid.near(
        Math.min(p[0], q[0]) - reach,
        Math.min(p[1], q[1]) - reach,
        Math.max(p[0], q[0]) + reach,
        Math.max(p[1], q[1]) + reach,
        (e) => {
          if (!hit && e.owner === other && segmentDistance(p, q, e.a, e.b) <= reach) hit = true;
        },
      );
      if (hit) return true;
    }
    return false;
  };
}
