/**
 * Stored map geometry: what computeGeometry derives from a variant's seed points (Voronoi cells, merged
 * territories, smoothed borders, label centres), written once per variant to `assets/geometry/<id>.bin` by
 * `npm run -s geometry` (scripts/build-geometry.ts) and read back at run time in a few milliseconds instead of
 * being recomputed on the main thread (100–400 ms per variant).
 *
 * It can never go stale: the file carries a hash of everything computeGeometry reads (and of GEOMETRY_VERSION),
 * a file made from other data is ignored (the geometry is then computed), and test/render/geometry-store.test.ts
 * fails when regenerating a bundled variant's file would change a byte.
 *
 * Format (little-endian): `ZGEO`, a u32 header length, the header (JSON: version, hash, shape ids in order,
 * where each array starts), zero padding to 8 bytes, then the arrays. Coordinates are float64, so the decoded
 * geometry equals the computed one exactly (the same pictures, byte for byte). Shared vertices are stored once
 * and referenced by index; the seeds and owners are not stored (they are the data's, see sitesOf).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../paths.js';
import type { VariantData } from '../variants/schema.js';
import type { Border, Cell, MapGeometry, Point, ProvinceShape, Sites } from './geometry-types.js';

/** Bump when computeGeometry changes what it derives (the stored files must then be regenerated). */
export const GEOMETRY_VERSION = 1;

const MAGIC = 'ZGEO';

/** Where a variant's stored geometry lives. */
export function storedGeometryPath(variantId: string): string {
  return join(PROJECT_ROOT, 'assets', 'geometry', `${variantId}.bin`);
}

/** The stored geometry file of a variant, or null when there is none. */
export function readStoredGeometry(variantId: string): Buffer | null {
  if (!/^[a-z][a-z0-9_-]*$/.test(variantId)) return null;
  try {
    return readFileSync(storedGeometryPath(variantId));
  } catch {
    return null;
  }
}

/**
 * Hash of every input of computeGeometry: the frame, the smoothing, the seeds with their owners, and the kinds
 * of the provinces (all of it is in `sites`, validated). Seed coordinates are hashed as their float64 bytes.
 */
export function geometryInputHash(data: VariantData, sites: Sites): string {
  const hash = createHash('sha256');
  // Owners as runs (sitesOf lists a province's seeds together).
  const runs: [string, number][] = [];
  for (let i = 0; i < sites.owners.length; i++) {
    const owner = sites.owners[i]!;
    const last = runs[runs.length - 1];
    if (last && last[0] === owner) last[1]++;
    else runs.push([owner, 1]);
  }
  const kinds = data.provinces.map((p) => [p.id, p.kind]);
  hash.update(JSON.stringify([GEOMETRY_VERSION, sites.width, sites.height, data.geometry?.smooth ?? 0, kinds, runs]));
  const xy = new Float64Array(sites.seeds.length * 2);
  // Indexed loops, no destructuring: this runs once per process, in cold code, where iterators are slow.
  for (let i = 0; i < sites.seeds.length; i++) {
    const seed = sites.seeds[i]!;
    xy[2 * i] = seed[0];
    xy[2 * i + 1] = seed[1];
  }
  hash.update(new Uint8Array(xy.buffer));
  return hash.digest('base64url');
}

type ArrayKind = 'f64' | 'u32' | 'u16';
const CTORS = { f64: Float64Array, u32: Uint32Array, u16: Uint16Array } as const;

interface Header {
  version: number;
  hash: string;
  /** Shape ids in the order of `shapes` (the order of their first cell). */
  shapes: string[];
  /** name -> [kind, byte offset from the start of the file, element count]. */
  arrays: Record<string, [ArrayKind, number, number]>;
}

/** The geometry as bytes (see the format above). Throws if a shape or border point is not a cell vertex. */
export function encodeGeometry(g: Omit<MapGeometry, 'locate'>, hash: string): Buffer {
  const index = new Map<Point, number>();
  const vertices: number[] = [];
  const vertex = (p: Point): number => {
    let i = index.get(p);
    if (i === undefined) {
      i = index.size;
      index.set(p, i);
      vertices.push(p[0], p[1]);
    }
    return i;
  };
  const known = (p: Point): number => {
    const i = index.get(p);
    if (i === undefined) throw new Error(`geometry point [${p[0]}, ${p[1]}] is not a cell vertex`);
    return i;
  };
  const polyLength: number[] = [];
  const polyIndex: number[] = [];
  for (const c of g.cells) {
    polyLength.push(c.polygon.length);
    for (const p of c.polygon) polyIndex.push(vertex(p));
  }
  const shapes = [...g.shapes.values()];
  const shapeIndex = new Map(shapes.map((s, i) => [s.id, i]));
  const area: number[] = [];
  const center: number[] = [];
  const clearance: number[] = [];
  const outlineLength: number[] = [];
  const outline: number[] = [];
  const ringCount: number[] = [];
  const ringLength: number[] = [];
  const ring: number[] = [];
  for (const s of shapes) {
    area.push(s.area);
    center.push(s.center[0], s.center[1]);
    clearance.push(s.clearance);
    outlineLength.push(s.outline.length);
    for (const [p, q] of s.outline) outline.push(known(p), known(q));
    ringCount.push(s.rings.length);
    for (const r of s.rings) {
      ringLength.push(r.length);
      for (const p of r) ring.push(known(p));
    }
  }
  const borderA: number[] = [];
  const borderB: number[] = [];
  const segmentCount: number[] = [];
  const segment: number[] = [];
  for (const b of g.borders) {
    borderA.push(shapeIndex.get(b.a)!);
    borderB.push(shapeIndex.get(b.b)!);
    segmentCount.push(b.segments.length);
    for (const [p, q] of b.segments) segment.push(known(p), known(q));
  }

  // Vertex references take two bytes each while there are few enough vertices (every bundled map), else four.
  const ref: ArrayKind = index.size <= 0xffff ? 'u16' : 'u32';
  const arrays: [string, ArrayKind, number[]][] = [
    ['vertices', 'f64', vertices],
    ['area', 'f64', area],
    ['center', 'f64', center],
    ['clearance', 'f64', clearance],
    ['outlineLength', 'u32', outlineLength],
    ['ringCount', 'u32', ringCount],
    ['ringLength', 'u32', ringLength],
    ['borderA', 'u32', borderA],
    ['borderB', 'u32', borderB],
    ['segmentCount', 'u32', segmentCount],
    ['polyLength', 'u16', polyLength],
    ['polyIndex', ref, polyIndex],
    ['outline', ref, outline],
    ['ring', ref, ring],
    ['segment', ref, segment],
  ];
  const header: Header = { version: GEOMETRY_VERSION, hash, shapes: shapes.map((s) => s.id), arrays: {} };
  // Offsets depend on the header's length, which depends on the offsets' digits: lay out until it settles.
  let headerBytes = Buffer.alloc(0);
  for (let settled = false; !settled; ) {
    let at = align8(8 + headerBytes.length);
    for (const [name, kind, values] of arrays) {
      header.arrays[name] = [kind, at, values.length];
      at = align8(at + values.length * CTORS[kind].BYTES_PER_ELEMENT);
    }
    const next = Buffer.from(JSON.stringify(header), 'utf8');
    settled = next.length === headerBytes.length;
    headerBytes = next;
  }
  const last = arrays[arrays.length - 1]!;
  const [, lastAt, lastCount] = header.arrays[last[0]]!;
  const out = Buffer.alloc(align8(lastAt + lastCount * CTORS[last[1]].BYTES_PER_ELEMENT));
  out.write(MAGIC, 0, 'ascii');
  out.writeUInt32LE(headerBytes.length, 4);
  headerBytes.copy(out, 8);
  for (const [name, kind, values] of arrays) {
    const [, at] = header.arrays[name]!;
    const view = new CTORS[kind](out.buffer, out.byteOffset + at, values.length);
    for (let i = 0; i < values.length; i++) {
      if (
        kind !== 'f64' &&
        !(Number.isInteger(values[i]) && values[i]! >= 0 && values[i]! < 2 ** (8 * CTORS[kind].BYTES_PER_ELEMENT))
      ) {
        throw new Error(`${name}[${i}] = ${values[i]} does not fit ${kind}`);
      }
      view[i] = values[i]!;
    }
  }
  return out;
}

const align8 = (n: number) => Math.ceil(n / 8) * 8;

/**
 * The geometry stored in `bytes`, or null when they are not a stored geometry of this version made from data
 * with this input hash (or do not fit the sites).
 */
export function decodeGeometry(bytes: Uint8Array, hash: string, sites: Sites): Omit<MapGeometry, 'locate'> | null {
  const steps = decodeGeometrySteps(bytes, hash, sites);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** Cells decoded between two pauses of decodeGeometrySteps (a few milliseconds). */
const CELLS_PER_STEP = 2500;

/** decodeGeometry in steps of a few milliseconds: pauses (yields) between them, so a caller can let the event loop run. */
export function* decodeGeometrySteps(
  bytes: Uint8Array,
  hash: string,
  sites: Sites,
): Generator<void, Omit<MapGeometry, 'locate'> | null> {
  let header: Header;
  let buf: Uint8Array;
  try {
    if (bytes.length < 8 || Buffer.from(bytes.buffer, bytes.byteOffset, 4).toString('ascii') !== MAGIC) return null;
    const length = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).readUInt32LE(4);
    header = JSON.parse(Buffer.from(bytes.buffer, bytes.byteOffset + 8, length).toString('utf8')) as Header;
    if (header.version !== GEOMETRY_VERSION || header.hash !== hash) return null;
    // Typed arrays need aligned offsets: copy when the bytes do not start on an 8-byte boundary.
    buf =
      bytes.byteOffset % 8 === 0
        ? bytes
        : new Uint8Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
  } catch {
    return null;
  }
  /** The named array; `kind` null accepts either integer width (vertex references). */
  const view = (name: string, kind: ArrayKind | null) => {
    const entry = header.arrays[name];
    const k = entry?.[0];
    if (
      !entry ||
      !k ||
      !(k === kind || (kind === null && k !== 'f64')) ||
      entry[1] + entry[2] * CTORS[k].BYTES_PER_ELEMENT > buf.byteLength
    ) {
      throw new Error(`bad array ${name}`);
    }
    return new CTORS[k](buf.buffer as ArrayBuffer, buf.byteOffset + entry[1], entry[2]);
  };
  const f64 = (name: string) => view(name, 'f64') as Float64Array;
  const u32 = (name: string) => view(name, 'u32') as Uint32Array;
  const refs = (name: string) => view(name, null) as Uint16Array | Uint32Array;
  try {
    const xy = f64('vertices');
    const points: Point[] = new Array(xy.length / 2);
    for (let i = 0; i < points.length; i++) points[i] = [xy[2 * i]!, xy[2 * i + 1]!];
    yield;
    const at = (i: number): Point => {
      const p = points[i];
      if (!p) throw new Error(`vertex ${i} out of range`);
      return p;
    };

    const polyLength = view('polyLength', 'u16') as Uint16Array;
    if (polyLength.length !== sites.seeds.length) return null;
    const polyIndex = refs('polyIndex');
    const cells: Cell[] = new Array(polyLength.length);
    for (let i = 0, k = 0; i < cells.length; i++) {
      const polygon: Point[] = new Array(polyLength[i]!);
      for (let v = 0; v < polygon.length; v++) polygon[v] = at(polyIndex[k++]!);
      cells[i] = { owner: sites.owners[i]!, seed: sites.seeds[i]!, polygon };
      if ((i + 1) % CELLS_PER_STEP === 0) yield;
    }

    const area = f64('area');
    const center = f64('center');
    const clearance = f64('clearance');
    const outlineLength = u32('outlineLength');
    const outline = refs('outline');
    const ringCount = u32('ringCount');
    const ringLength = u32('ringLength');
    const ring = refs('ring');
    const shapes = new Map<string, ProvinceShape>();
    const ordered: ProvinceShape[] = [];
    let o = 0;
    let r = 0;
    let rk = 0;
    header.shapes.forEach((id, s) => {
      const kind = sites.kinds.get(id);
      if (!kind) throw new Error(`unknown shape ${id}`);
      const edges: [Point, Point][] = new Array(outlineLength[s]!);
      for (let e = 0; e < edges.length; e++, o += 2) edges[e] = [at(outline[o]!), at(outline[o + 1]!)];
      const rings: Point[][] = new Array(ringCount[s]!);
      for (let q = 0; q < rings.length; q++) {
        const pts: Point[] = new Array(ringLength[r++]!);
        for (let v = 0; v < pts.length; v++) pts[v] = at(ring[rk++]!);
        rings[q] = pts;
      }
      const shape: ProvinceShape = {
        id,
        kind,
        cells: [],
        area: area[s]!,
        center: [center[2 * s]!, center[2 * s + 1]!],
        clearance: clearance[s]!,
        outline: edges,
        rings,
      };
      shapes.set(id, shape);
      ordered.push(shape);
    });
    cells.forEach((c, i) => {
      const s = shapes.get(c.owner);
      if (!s) throw new Error(`cell ${i} of ${c.owner} has no shape`);
      s.cells.push(i);
    });
    yield;

    const borderA = u32('borderA');
    const borderB = u32('borderB');
    const segmentCount = u32('segmentCount');
    const segment = refs('segment');
    const borders: Border[] = new Array(borderA.length);
    const borderIndex = new Map<string, Border>();
    for (let b = 0, k = 0; b < borders.length; b++) {
      const a = ordered[borderA[b]!]?.id;
      const c = ordered[borderB[b]!]?.id;
      if (a === undefined || c === undefined) throw new Error(`border ${b} names no shape`);
      const segments: [Point, Point][] = new Array(segmentCount[b]!);
      let length = 0;
      for (let e = 0; e < segments.length; e++, k += 2) {
        const p = at(segment[k]!);
        const q = at(segment[k + 1]!);
        segments[e] = [p, q];
        length += Math.hypot(q[0] - p[0], q[1] - p[1]);
      }
      const border: Border = { a, b: c, segments, length };
      borders[b] = border;
      borderIndex.set(a < c ? `${a}|${c}` : `${c}|${a}`, border);
    }
    return { width: sites.width, height: sites.height, cells, shapes, borders, borderIndex };
  } catch {
    return null;
  }
}
