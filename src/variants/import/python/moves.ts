/**
 * Army and fleet moves of a `.map` file, as the python package's `abuts` decides a move (docs/variants.md "Importing a
 * python-diplomacy map"): an army stands on land, coast or port (never on a coast of its own: `SPA/NC`) and moves to an
 * adjacency written all uppercase or all lowercase that is not water; a fleet stands on water, or on a coast or port
 * that has no separate army line (`spa` beside `SPA/NC`), and moves to an adjacency whose first letter is uppercase and
 * which is a location of its own (`SPA/NC`, not `SPA` when Spain has coasts), never onto land. Nobody moves into a
 * `SHUT` location. A move one way only is a problem, named.
 */
import type { MapFile } from './map-file.js';

export interface PythonMoves {
  /** Province (uppercase) → provinces an army reaches. */
  army: Map<string, Set<string>>;
  /** Fleet location (uppercase, `SPA/NC`) → locations a fleet reaches. */
  fleet: Map<string, Set<string>>;
}

const base = (loc: string) => loc.toUpperCase().split('/')[0]!;

export function movesOf(map: MapFile, problems: string[]): PythonMoves {
  const typeOf = (loc: string) =>
    map.terrain.get(loc) ?? map.terrain.get(loc.toLowerCase()) ?? map.terrain.get(loc.toUpperCase());
  const abutsOf = (site: string) => map.abuts.get(site) ?? map.abuts.get(site.toLowerCase()) ?? [];
  const army = new Map<string, Set<string>>();
  const fleet = new Map<string, Set<string>>();
  const provinces = new Set([...map.terrain.keys()].map(base));
  for (const p of provinces) {
    if (!['LAND', 'COAST', 'PORT'].includes(typeOf(p) ?? '')) continue;
    const to = new Set<string>();
    for (const place of abutsOf(p)) {
      const target = base(place);
      const type = typeOf(target);
      if (type === undefined || type === 'WATER' || type === 'SHUT') continue;
      if (place === titleCase(place)) continue; // Capitalised: fleets only
      to.add(target);
    }
    if (to.size > 0) army.set(p, to);
  }
  for (const loc of map.terrain.keys()) {
    const up = loc.toUpperCase();
    if (!['WATER', 'COAST', 'PORT'].includes(map.terrain.get(loc)!) || map.abuts.has(up.toLowerCase())) continue;
    if (loc !== up && up.includes('/')) continue; // a coast is always written in capitals
    const to = new Set<string>();
    for (const place of abutsOf(up)) {
      const target = place.toUpperCase();
      if (place[0] !== target[0] || !map.terrain.has(target)) continue; // lowercase: armies only
      const type = map.terrain.get(target);
      if (type === 'LAND' || type === 'SHUT') continue;
      to.add(target);
    }
    if (to.size > 0) fleet.set(up, to);
  }
  unknownPlaces(map, problems);
  oneWay(army, 'armies', problems);
  oneWay(fleet, 'fleets', problems);
  return { army, fleet };
}

/**
 * An adjacency to a place the map has no terrain line for (`ADR ABUTS … XYZ`): python's loader calls it a one-way
 * adjacency; named here with its line, since no move can be made of it.
 */
function unknownPlaces(map: MapFile, problems: string[]): void {
  const locations = new Set([...map.terrain.keys()].map((l) => l.toUpperCase()));
  for (const [place, list] of map.abuts)
    for (const dest of list)
      if (!locations.has(dest.toUpperCase()))
        problems.push(`${map.abutLines.get(place) ?? place}: ${place} abuts ${dest}, which is no location of the map`);
}

/** Python's `str.title()` for the ids maps use: first letter of each run of letters up, the rest down. */
function titleCase(s: string): string {
  return s.toLowerCase().replace(/(^|[^a-z])([a-z])/g, (_, sep: string, c: string) => sep + c.toUpperCase());
}

function oneWay(moves: Map<string, Set<string>>, who: string, problems: string[]): void {
  for (const [a, to] of moves)
    for (const b of to)
      if (!moves.get(b)?.has(a))
        problems.push(
          `adjacency: ${who} can move from ${a} to ${b} but not back (a one-way move cannot be played here)`,
        );
}
