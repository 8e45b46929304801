/**
 * `variants import --from python-diplomacy`: a `.map` file of the python `diplomacy` package (with the files it uses,
 * from the same folder) and optionally its SVG, as a Zhanguo variant file (docs/variants.md "Importing a
 * python-diplomacy map"). Without the SVG the map data comes alone, and a note says no drawing came with it. Pure: the
 * caller hands over the texts.
 */
import { linesPath, PathError, type Point, ringsPath } from '../../drawing/path.js';
import { TransformError } from '../../drawing/transform.js';
import { labelBox, labelSpotInside } from '../../drawing/label-spot.js';
import { outlineGaps, windingNumber } from '../../drawing/polygon.js';
import { distanceToSegment } from '../../drawing/segment.js';
import type { VariantDataInput } from '../../schema.js';
import { finish, type ImportResult } from '../result.js';
import { parseXml, XmlError } from '../xml.js';
import { MapFileLoader, type MapFile } from './map-file.js';
import { movesOf, type PythonMoves } from './moves.js';
import { type DecorStroke, readPythonSvg, type PythonDrawing } from './svg.js';

export interface PythonFiles {
  /** The `.map` file named on the command line. */
  map: { name: string; text: string };
  /** Another file of the same folder (`USES standard.map`), or null. */
  read(name: string): string | null;
  /** The map comes alone (one upload): a file it uses cannot come with it, and the problem says what to do. */
  alone?: boolean;
  /** The matching SVG, if given. */
  svg: { name: string; text: string } | null;
}

const noLocations = (file: string) =>
  `${file}: no location (no WATER, LAND, COAST, PORT or SHUT line): is it a map of the python diplomacy package?`;

/**
 * An SVG that draws fewer than half the map's provinces is another map's (standard.map given ancmed.svg): one line
 * says so, rather than a line for each province it does not draw.
 */
function otherMapsSvg(drawing: PythonDrawing, provinces: readonly Province[], svg: string): string[] {
  const missing = provinces.filter((p) => !drawing.shapes.has(p.abbr)).map((p) => p.id);
  if (missing.length * 2 <= provinces.length) return [];
  const some = missing.slice(0, 5).join(', ') + (missing.length > 5 ? ', …' : '');
  return [
    `${svg}: draws ${provinces.length - missing.length} of the map's ${provinces.length} provinces ` +
      `(not ${some}): is it this map's SVG?`,
  ];
}

/** Stands for a colour the files do not give (`fitPalette` chooses one). */
const NO_COLOUR = '#808080';

/** Rules of a map file the import can play; any other is refused by name. */
const PLAYABLE_RULES = new Set(['BUILD_ANY']);

export function importPythonDiplomacy(files: PythonFiles): ImportResult {
  const loader = new MapFileLoader(files.read, files.alone);
  loader.load(files.map.name, files.map.text);
  if (loader.missing) return { ok: false, problems: loader.problems };
  const problems = [...loader.problems];
  const map = loader.map;
  if (map.terrain.size === 0) return { ok: false, problems: [...problems, noLocations(files.map.name)] };
  for (const rule of map.rules)
    if (!PLAYABLE_RULES.has(rule)) problems.push(`RULE ${rule} is not supported (only BUILD_ANY)`);
  const moves = movesOf(map, problems);
  const provinces = provincesOf(map, moves, problems);
  const resolve = resolver(map);
  let drawing: PythonDrawing | null = null;
  if (files.svg) {
    try {
      const seas = new Set(provinces.filter((p) => p.kind === 'sea').map((p) => p.abbr));
      drawing = readPythonSvg(parseXml(files.svg.text), resolve, (p) => seas.has(p), problems);
    } catch (e) {
      // An unreadable document, or a transform or path no shape-by-shape check caught: named, never a crash.
      if (!(e instanceof XmlError || e instanceof PathError || e instanceof TransformError)) throw e;
      problems.push(`${files.svg.name}: ${e.message}`);
    }
  }
  if (drawing && files.svg) problems.push(...otherMapsSvg(drawing, provinces, files.svg.name));
  if (problems.length > 0) return { ok: false, problems };
  const name = files.map.name.replace(/\.map$/i, '');
  const data = mapData(map, name, moves, provinces, drawing, problems);
  if (problems.length > 0 || !data) return { ok: false, problems };
  const notes = drawing
    ? []
    : ['no SVG was given: the variant has its map data but no drawing (give --svg to draw it)'];
  const uncoloured = data.powers.filter((p) => p.color === NO_COLOUR).map((p) => p.name);
  return finish(data, notes, uncoloured);
}

interface Province {
  abbr: string;
  id: string;
  kind: 'land' | 'coast' | 'sea' | 'impassable';
  coasts: string[];
}

/** Every province (a location without a coast), with its kind and coasts. */
function provincesOf(map: MapFile, moves: PythonMoves, problems: string[]): Province[] {
  const bases = [...new Set([...map.terrain.keys()].map((l) => l.toUpperCase().split('/')[0]!))];
  return bases.map((abbr) => {
    const type = map.terrain.get(abbr) ?? map.terrain.get(abbr.toLowerCase());
    const coasts = [...map.terrain.keys()]
      .filter((l) => l.toUpperCase().startsWith(`${abbr}/`))
      .map((l) => l.split('/')[1]!.toLowerCase());
    const fleets = moves.fleet.has(abbr) || coasts.length > 0;
    const kind =
      type === 'WATER' ? 'sea' : type === 'SHUT' ? 'impassable' : fleets && type !== 'LAND' ? 'coast' : 'land';
    if (type === undefined) problems.push(`${abbr}: a coast of a place that has no terrain line of its own`);
    return { abbr, id: abbr.toLowerCase(), kind, coasts: coasts.sort() };
  });
}

/** A name the SVG uses (`nat`, `spa-nc`, `SPA/NC`) as a location of the map. */
function resolver(map: MapFile): (name: string) => string | null {
  const locations = new Set([...map.terrain.keys()].map((l) => l.toUpperCase()));
  return (name) => {
    const up = name.toUpperCase().replace('-', '/');
    if (locations.has(up)) return up;
    const alias = map.aliases.get(up.replace(/\+/g, ' '));
    return alias && locations.has(alias) ? alias : null;
  };
}

function mapData(
  map: MapFile,
  name: string,
  moves: PythonMoves,
  provinces: Province[],
  drawing: PythonDrawing | null,
  problems: string[],
): VariantDataInput | null {
  const loc = (l: string) => l.toLowerCase();
  const powers = [...map.powers.keys()];
  // `-`, `+` and `_` stand for spaces, as python's `norm` reads them (`NEW-YORK (BRITISH+COLUMBIAN)`, `ancmed_age_of_empires`).
  const display = (p: string) =>
    p
      .toLowerCase()
      .replace(/[-+_\s]+/g, ' ')
      .trim()
      .replace(/(^|[^a-z])([a-z])/g, (_, sep: string, c: string) => sep + c.toUpperCase());
  const owners = homesOf(map, powers, problems);
  const centres = new Set([...map.homes.values()].flat());
  for (const c of centres)
    if (!provinces.some((p) => p.abbr === c))
      problems.push(`${map.centreLines.get(c) ?? name}: centre ${c} is no location of the map`);
  const units = unitsOf(map, display, problems);
  const phase = phaseOf(map.phase ?? 'SPRING 1901 MOVEMENT', problems);
  if (!phase || problems.length > 0) return null;
  const aliases = aliasesOf(map, provinces);
  const drawn = drawing ? marginOf(drawing, adjacentPairs(moves), shutOf(provinces)) : null;
  return {
    id:
      name
        .toLowerCase()
        .replace(/[^a-z0-9_-]+/g, '_')
        .replace(/^[^a-z]+/, '') || 'imported',
    name: display(name),
    description: `Imported from the python diplomacy package (${name}.map).`,
    powers: powers.map((p) => ({
      name: display(p),
      ...(map.powers.get(p) ? { adjective: display(map.powers.get(p)!) } : {}),
      color: drawing?.colours.get(p) ?? NO_COLOUR,
    })),
    provinces: provinces.map((p) => ({
      id: p.id,
      name: map.names.get(p.abbr) ?? p.abbr,
      abbreviation: abbreviationOf(p.abbr),
      aliases: aliases.get(p.abbr) ?? [],
      kind: p.kind,
      supplyCenter: centres.has(p.abbr),
      home: owners.get(p.abbr) ? display(owners.get(p.abbr)!) : null,
      coasts: p.coasts,
    })),
    armyAdjacency: Object.fromEntries([...moves.army].map(([a, to]) => [loc(a), [...to].map(loc).sort()])),
    fleetAdjacency: Object.fromEntries([...moves.fleet].map(([a, to]) => [loc(a), [...to].map(loc).sort()])),
    startingPhase: phase,
    startingUnits: units,
    startingCenters: Object.fromEntries(
      powers.map((p) => [display(p), (map.centres.get(p) ?? map.homes.get(p) ?? []).map(loc)]),
    ),
    victory: { centers: map.victory ?? Math.floor(centres.size / 2) + 1, strictlyMost: false },
    links: drawn
      ? drawn.links.map((p) => ({
          from: loc(p.split('|')[0]!),
          to: loc(p.split('|')[1]!),
          kind: 'crossing',
          power: null,
        }))
      : [],
    features: {},
    ...(map.rules.includes('BUILD_ANY') ? { builds: 'owned' as const } : {}),
    ...(drawing && drawn ? { geometry: geometryOf(drawing, drawn.margin, drawn.links) } : {}),
  };
}

/** Every pair of adjacent provinces (`ADR|ALB`), by army or fleet. */
function adjacentPairs(moves: PythonMoves): Set<string> {
  const out = new Set<string>();
  const add = (x: string, y: string) => {
    const [a, b] = [x.split('/')[0]!, y.split('/')[0]!];
    if (a !== b) out.add(a < b ? `${a}|${b}` : `${b}|${a}`);
  };
  for (const [a, to] of moves.army) for (const b of to) add(a, b);
  for (const [a, to] of moves.fleet) for (const b of to) add(a, b);
  return out;
}

const shutOf = (provinces: Province[]) => new Set(provinces.filter((p) => p.kind === 'impassable').map((p) => p.abbr));

/** Home centre → its power; a centre two powers call home cannot be represented. */
function homesOf(map: MapFile, powers: string[], problems: string[]): Map<string, string> {
  const owner = new Map<string, string>();
  for (const p of powers)
    for (const h of map.homes.get(p) ?? []) {
      if (owner.has(h) && owner.get(h) !== p)
        problems.push(`${map.homeLines.get(`${p} ${h}`) ?? h}: ${h} is a home centre of both ${owner.get(h)} and ${p}`);
      else owner.set(h, p);
    }
  return owner;
}

function unitsOf(map: MapFile, display: (p: string) => string, problems: string[]) {
  return [...map.units].flatMap(([power, list]) =>
    list.flatMap((u) => {
      const [type, where] = u.split(' ') as [string, string];
      const [province, coast] = where.toLowerCase().split('/');
      if (type !== 'A' && type !== 'F') {
        problems.push(`unit "${u}" of ${power} is not an army or a fleet`);
        return [];
      }
      return [{ power: display(power), type: type as 'A' | 'F', province: province!, coast: coast ?? null }];
    }),
  );
}

/** `SPRING 1901 MOVEMENT` → the phase; a game cannot begin with retreats. */
function phaseOf(text: string, problems: string[]) {
  const [season, year, type] = text.split(/\s+/);
  const s = season?.toLowerCase();
  const t = type?.toUpperCase();
  const y = Number(year);
  if ((s === 'spring' || s === 'fall') && t === 'MOVEMENT' && Number.isInteger(y))
    return { season: s as 'spring' | 'fall', year: y, type: 'movement' as const };
  if (s === 'winter' && (t === 'ADJUSTMENTS' || t === 'ADJUSTMENT') && Number.isInteger(y))
    return { season: 'winter' as const, year: y, type: 'adjustment' as const };
  problems.push(`BEGIN ${text}: a game begins with a spring or fall movement or a winter adjustment`);
  return null;
}

/** Each province's aliases: the map's, less any alias two provinces share and the province's own names. */
function aliasesOf(map: MapFile, provinces: Province[]): Map<string, string[]> {
  const byAlias = new Map<string, Set<string>>();
  for (const [alias, abbr] of map.aliases) {
    const p = abbr.split('/')[0]!;
    if (abbr.includes('/') || alias.includes('/') || alias.includes('(')) continue;
    byAlias.set(alias, new Set([...(byAlias.get(alias) ?? []), p]));
  }
  const out = new Map<string, string[]>();
  for (const [alias, owners] of byAlias) {
    if (owners.size !== 1) continue;
    const p = [...owners][0]!;
    const name = (map.names.get(p) ?? '').toUpperCase();
    if (alias === p || alias === name || !provinces.some((x) => x.abbr === p)) continue;
    out.set(p, [...(out.get(p) ?? []), alias.toLowerCase()]);
  }
  return out;
}

/** How far (px) the import looks for the gap between two provinces' shapes. */
const GAP_LIMIT = 24;

/**
 * The border margin of a drawing whose neighbours are drawn apart (python's maps leave a few pixels between
 * provinces): wide enough for every adjacent pair, narrower than any two provinces that are not adjacent; an adjacent
 * pair drawn farther apart than that (a strait) becomes a link, drawn dotted.
 */
function marginOf(d: PythonDrawing, adjacent: Set<string>, shut: Set<string>) {
  const ids = [...d.shapes.keys()];
  const gaps = outlineGaps(
    ids.map((id) => d.shapes.get(id)!),
    GAP_LIMIT,
  );
  const pair = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`);
  let closestApart = GAP_LIMIT;
  const adjacentGaps = new Map<string, number>();
  for (const [key, gap] of gaps) {
    const [a, b] = key.split(',').map((i) => ids[Number(i)]!) as [string, string];
    if (adjacent.has(pair(a, b))) adjacentGaps.set(pair(a, b), gap);
    else if (!shut.has(a) && !shut.has(b)) closestApart = Math.min(closestApart, gap);
  }
  const widest = Math.max(0, ...[...adjacentGaps.values()].filter((g) => g < closestApart));
  const margin = Math.max(1, Math.min(widest + 0.5, (widest + closestApart) / 2));
  const links = [...adjacent].filter((p) => (adjacentGaps.get(p) ?? Infinity) > margin);
  return { margin: Math.round(margin * 100) / 100, links };
}

function geometryOf(d: PythonDrawing, margin: number, links: string[]) {
  const point = (p: Point): [number, number] => [Math.round(p[0] * 10) / 10, Math.round(p[1] * 10) / 10];
  const round = (v: number) => Math.round(v * 100) / 100;
  const lines = d.lines
    .filter((s) => !connects(d, s, links))
    .map((s) => ({
      d: linesPath(s.lines),
      color: s.color,
      width: round(s.width),
      ...(s.dash ? { dash: s.dash.map(round) } : {}),
    }));
  return {
    width: d.width,
    height: d.height,
    margin,
    ...(d.background !== 'land' ? { background: d.background } : {}),
    points: {},
    shapes: Object.fromEntries([...d.shapes].map(([p, rings]) => [p.toLowerCase(), ringsPath(rings)])),
    decor: { land: d.decor.land.map((r) => ringsPath([r])), sea: d.decor.sea.map((r) => ringsPath([r])), lines },
    anchors: Object.fromEntries([...d.anchors].map(([l, p]) => [l.toLowerCase(), point(p)])),
    labels: Object.fromEntries(
      [...d.labels].flatMap(([l, p]) => {
        const rings = d.shapes.get(l);
        const spot = rings ? labelSpotInside(rings, p, labelBox(abbreviationOf(l), d.width)) : p;
        return spot ? [[l.toLowerCase(), point(spot)]] : [];
      }),
    ),
  };
}

/**
 * Is the stroke a connector drawn between two provinces the import joins by a link: dashed (ancmed's across its
 * straits) or one straight line (pure's across its middle)? The renderer draws the link itself (docs/render.md), so
 * the connector is not drawn twice; a river (ancmed's Nile) is neither.
 */
function connects(d: PythonDrawing, stroke: DecorStroke, links: string[]): boolean {
  const [first, last] = [stroke.lines[0]?.[0], stroke.lines.at(-1)?.at(-1)];
  const straight = stroke.lines.length === 1 && stroke.lines[0]!.length === 2;
  if ((!stroke.dash && !straight) || !first || !last) return false;
  const near = (p: Point, province: string) => {
    const rings = d.shapes.get(province) ?? [];
    if (windingNumber(p, rings) !== 0) return true;
    return rings.some((r) => r.some((a, i) => distanceToSegment(p, a, r[(i + 1) % r.length]!) <= GAP_LIMIT));
  };
  return links.some((pair) => {
    const [a, b] = pair.split('|') as [string, string];
    return (near(first, a) && near(last, b)) || (near(first, b) && near(last, a));
  });
}

/** The abbreviation a province is shown by (`Stp` for `STP`). */
const abbreviationOf = (abbr: string) => abbr.charAt(0) + abbr.slice(1).toLowerCase();
