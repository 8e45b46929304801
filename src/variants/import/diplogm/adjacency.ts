/**
 * DiploGM's adjacency, derived from the drawing as DiploGM derives it (docs/variants.md "DiploGM's adjacency"):
 *
 * 1. Provinces whose shapes touch within the border margin are adjacent (touch.ts), both ways.
 * 2. The config's overrides add or remove adjacencies (`adjacencies`, `coastal_adjacencies`, `remove_adjacencies`)
 *    and give split coasts (`coasts`: coast → the provinces, or `Name (sc)` coasts, that coast reaches), each on
 *    the side of the province that names them.
 * 3. Crossing kinds: between seas and islands a sea crossing; wherever a sea or an island meets something else a
 *    coast crossing; between two land provinces a coast crossing only when they share a coastline (below); a land
 *    crossing wherever no sea is involved. A side without coasts of its own takes the other side's coasts, mirrored.
 * 4. `remove_adjacent_coasts` and `remove_adjacent_land` then take one kind of crossing away.
 *
 * Two land provinces share a coastline when a sea or island touches both and either one of the three touches only
 * two provinces, or the two touch only that one province in common, or the provinces around the three close into
 * one ring (not two: then the sea lies on the far side of one of them).
 */
import type { ProvinceOverride } from './config.js';
import type { TileType } from './layers.js';

export type Crossing = 'land' | 'coast' | 'sea';

/** One side of an adjacency: its crossings and its coast pairs (this side's coast → the other side's). */
interface Side {
  crossings: Set<Crossing>;
  coasts: { from: string | null; to: string | null }[];
}

/** The adjacency of every province, one side at a time (a side can exist without the other). */
export class Adjacency {
  readonly sides: Map<number, Side>[];
  constructor(
    readonly names: readonly string[],
    readonly types: readonly TileType[],
  ) {
    this.sides = names.map(() => new Map());
  }

  add(a: number, b: number): Side {
    let side = this.sides[a]!.get(b);
    if (!side) this.sides[a]!.set(b, (side = { crossings: new Set(), coasts: [] }));
    return side;
  }

  neighbours(a: number): number[] {
    return [...this.sides[a]!.keys()];
  }

  /** Provinces reached from `a` by a crossing of this kind. */
  by(a: number, crossing: Crossing): number[] {
    return [...this.sides[a]!].filter(([, s]) => s.crossings.has(crossing)).map(([b]) => b);
  }

  /** The coasts of `a` named in its overrides (its split coasts). */
  coastsOf(a: number): string[] {
    const out = new Set<string>();
    for (const s of this.sides[a]!.values()) for (const c of s.coasts) if (c.from !== null) out.add(c.from);
    return [...out];
  }
}

export interface AdjacencyInput {
  names: readonly string[];
  types: readonly TileType[];
  touching: readonly [number, number][];
  overrides: Record<string, ProvinceOverride>;
}

/** DiploGM's adjacency of the provinces; overrides naming unknown provinces are problems. */
export function deriveAdjacency(input: AdjacencyInput, problems: string[]): Adjacency {
  const graph = new Adjacency(input.names, input.types);
  for (const [a, b] of input.touching) {
    graph.add(a, b);
    graph.add(b, a);
  }
  const index = new Map(input.names.map((n, i) => [n, i]));
  const named = (where: string, name: string): { tile: number; coast: string | null } | null => {
    const exact = index.get(name);
    if (exact !== undefined) return { tile: exact, coast: null };
    const m = /^(.*?)\s*(?: \(([neswc]+c)\)| ([neswc]+c))$/i.exec(name.trim());
    const tile = m ? index.get(m[1]!.trim()) : undefined;
    if (m && tile !== undefined) return { tile, coast: (m[2] ?? m[3])!.toLowerCase() };
    problems.push(`overrides: ${where}: "${name}" is no province of the map`);
    return null;
  };
  applyOverrides(graph, input.overrides, index, named, problems);
  for (let a = 0; a < input.names.length; a++) seaAndCoastCrossings(graph, a);
  for (let a = 0; a < input.names.length; a++) landCrossings(graph, a);
  for (const [name, o] of Object.entries(input.overrides)) {
    const a = index.get(name);
    if (a === undefined) continue;
    for (const other of o.remove_adjacent_coasts ?? []) {
      const b = named(`${name}.remove_adjacent_coasts`, other);
      if (b) graph.sides[a]!.get(b.tile)?.crossings.delete('coast');
    }
    for (const other of o.remove_adjacent_land ?? []) {
      const b = named(`${name}.remove_adjacent_land`, other);
      if (b) graph.sides[a]!.get(b.tile)?.crossings.delete('land');
    }
  }
  return graph;
}

type Named = (where: string, name: string) => { tile: number; coast: string | null } | null;

function applyOverrides(
  graph: Adjacency,
  overrides: Record<string, ProvinceOverride>,
  index: Map<string, number>,
  named: Named,
  problems: string[],
): void {
  for (const [name, o] of Object.entries(overrides)) {
    const a = index.get(name);
    if (a === undefined) {
      problems.push(`overrides: "${name}" is no province of the map`);
      continue;
    }
    const each = (key: string, list: string[] | undefined, act: (b: number) => void) => {
      for (const other of list ?? []) {
        const b = named(`${name}.${key}`, other);
        if (b) act(b.tile);
      }
    };
    each('adjacencies', o.adjacencies, (b) => graph.add(a, b));
    each('coastal_adjacencies', o.coastal_adjacencies, (b) => graph.add(a, b).crossings.add('coast'));
    each('remove_adjacencies', o.remove_adjacencies, (b) => graph.sides[a]!.delete(b));
    for (const [coast, list] of Object.entries(o.coasts ?? {})) {
      for (const other of list) {
        const b = named(`${name}.coasts.${coast}`, other);
        if (!b) continue;
        const side = graph.add(a, b.tile);
        side.crossings.add('coast');
        side.coasts.push({ from: coast.toLowerCase(), to: b.coast });
      }
    }
  }
}

/** Step 3 for sea and island sides: a sea crossing between seas and islands, a coast crossing where types differ. */
function seaAndCoastCrossings(graph: Adjacency, a: number): void {
  const t = graph.types[a]!;
  for (const [b, side] of graph.sides[a]!) {
    const u = graph.types[b]!;
    if (t !== 'land' && u !== 'land') side.crossings.add('sea');
    if (!(t === u && (t === 'land' || t === 'sea'))) side.crossings.add('coast');
  }
}

/** Step 3 for the rest: land crossings, land-to-land coast crossings, mirrored coasts. */
function landCrossings(graph: Adjacency, a: number): void {
  const t = graph.types[a]!;
  for (const [b, side] of graph.sides[a]!) {
    const u = graph.types[b]!;
    if (t !== 'land' && u !== 'land') side.crossings.add('sea');
    else if (t !== 'land' || u !== 'land') side.crossings.add('coast');
    else if (shareCoastline(graph, a, b)) side.crossings.add('coast').add('land');
    if (t !== 'sea' && u !== 'sea') side.crossings.add('land');
    const back = graph.sides[b]!.get(a);
    if (back && back.coasts.length > 0 && side.coasts.length === 0) {
      side.crossings.add('coast');
      for (const c of back.coasts) side.coasts.push({ from: c.to, to: c.from });
    }
  }
}

/** Do two land provinces share a coastline (DiploGM's test, in the module comment)? */
function shareCoastline(graph: Adjacency, p1: number, p2: number): boolean {
  const coastal2 = new Set(graph.by(p2, 'coast'));
  const size = (x: number) => graph.sides[x]!.size;
  for (const t of graph.by(p1, 'coast')) {
    if (!coastal2.has(t) || graph.types[t] === 'land') continue;
    if (Math.min(size(t), size(p1), size(p2)) === 2) return true;
    const n1 = new Set(graph.neighbours(p1));
    if (graph.neighbours(p2).filter((x) => n1.has(x)).length === 1) return true;
    const rings = ringsAround(graph, [p1, p2, t]);
    if (rings === 1) return true;
  }
  return false;
}

/**
 * How many groups of connected neighbours of three provinces each touch all three of them: one when the three are
 * enclosed by a single ring of provinces (they meet at one point on a shared coast), two when not.
 */
function ringsAround(graph: Adjacency, three: number[]): number {
  const skip = new Set(three);
  const around = [...new Set(three.flatMap((x) => graph.neighbours(x)))].filter((x) => !skip.has(x));
  const group = new Map(around.map((x) => [x, x]));
  const root = (x: number): number => {
    let r = x;
    while (group.get(r) !== r) r = group.get(r)!;
    return r;
  };
  for (const x of around) for (const y of graph.neighbours(x)) if (group.has(y)) group.set(root(x), root(y));
  const members = new Map<number, number[]>();
  for (const x of around) members.set(root(x), [...(members.get(root(x)) ?? []), x]);
  let count = 0;
  for (const list of members.values()) {
    const needed = new Set(three);
    for (const x of list) for (const n of graph.neighbours(x)) needed.delete(n);
    if (needed.size === 0) count++;
  }
  return count;
}
