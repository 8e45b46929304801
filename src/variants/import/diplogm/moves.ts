/**
 * Army and fleet moves from DiploGM's adjacency (adjacency.ts), as DiploGM validates a move: an army crosses land
 * crossings; a fleet crosses sea crossings, or coast crossings its location reaches (a split coast reaches the
 * provinces its override lists; a fleet entering a split-coast province lands on the coast the crossing names).
 * Zhanguo's moves go both ways: a move DiploGM allows one way only is a problem, named.
 */
import type { Adjacency } from './adjacency.js';

/** Location keys: `3` (tile 3) or `3/nc`. */
export interface Moves {
  army: Map<number, Set<number>>;
  fleet: Map<string, Set<string>>;
  /** Tiles whose split coasts the overrides name. */
  coasts: Map<number, string[]>;
}

export function movesOf(graph: Adjacency, impassable: ReadonlySet<number>, problems: string[]): Moves {
  const army = new Map<number, Set<number>>();
  const fleet = new Map<string, Set<string>>();
  const coasts = new Map<number, string[]>();
  const n = graph.names.length;
  for (let t = 0; t < n; t++) {
    const own = graph.coastsOf(t);
    if (own.length > 0) coasts.set(t, own.sort());
  }
  const open = (t: number) => !impassable.has(t);
  for (let t = 0; t < n; t++) {
    if (!open(t) || graph.types[t] === 'sea') continue;
    const to = graph.by(t, 'land').filter((u) => open(u) && graph.types[u] !== 'sea');
    if (to.length > 0) army.set(t, new Set(to));
  }
  for (let t = 0; t < n; t++) {
    if (!open(t)) continue;
    for (const coast of fleetCoasts(graph, t, coasts)) {
      const to = fleetTargets(graph, t, coast, coasts).filter((loc) => open(Number(loc.split('/')[0])));
      if (to.length > 0) fleet.set(coast === null ? `${t}` : `${t}/${coast}`, new Set(to));
    }
  }
  oneWay(
    graph,
    [...army].map(([a, to]) => [`${a}`, [...to].map(String)]),
    'armies',
    problems,
  );
  oneWay(
    graph,
    [...fleet].map(([a, to]) => [a, [...to]]),
    'fleets',
    problems,
  );
  return { army, fleet, coasts };
}

/** Where a fleet may stand in tile `t`: each split coast, else the tile when it is sea, island or coastal land. */
function fleetCoasts(graph: Adjacency, t: number, coasts: Map<number, string[]>): (string | null)[] {
  const split = coasts.get(t);
  if (split) return split;
  if (graph.types[t] !== 'land') return [null];
  return graph.by(t, 'coast').length > 0 ? [null] : [];
}

/** Where a fleet at `t` (on `coast`) may move, as location keys. */
function fleetTargets(graph: Adjacency, t: number, coast: string | null, coasts: Map<number, string[]>): string[] {
  const out: string[] = [];
  for (const [u, side] of graph.sides[t]!) {
    const byCoast = side.crossings.has('coast');
    if (!byCoast && !side.crossings.has('sea')) continue;
    if (byCoast) {
      const reached = coast === null ? true : side.coasts.some((c) => c.from === coast);
      if (!reached) continue;
    }
    if (!coasts.has(u)) {
      out.push(`${u}`);
      continue;
    }
    const landing = new Set(
      side.coasts.filter((c) => (coast === null || c.from === coast) && c.to !== null).map((c) => c.to!),
    );
    for (const d of landing) out.push(`${u}/${d}`);
  }
  return out;
}

/** A move one way with no move back is a problem (names, not tile numbers). */
function oneWay(graph: Adjacency, moves: [string, string[]][], who: string, problems: string[]): void {
  const all = new Map(moves.map(([a, to]) => [a, new Set(to)]));
  const name = (loc: string) => {
    const [t, coast] = loc.split('/');
    return `${graph.names[Number(t)]}${coast ? ` (${coast})` : ''}`;
  };
  for (const [a, to] of moves)
    for (const b of to)
      if (!all.get(b)?.has(a))
        problems.push(
          `adjacency: ${who} can move from ${name(a)} to ${name(b)} but not back (a one-way move cannot be played here)`,
        );
}
