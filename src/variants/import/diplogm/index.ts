/**
 * `variants import --from diplogm`: a DiploGM variant (its config and the SVG it names) as a Zhanguo variant file
 * (docs/variants.md "DiploGM"). Pure: the caller hands over the files' texts, so the import can run in a worker.
 * Every problem is one line naming the province, layer or setting; nothing is guessed.
 */
import { PathError, type Point, ringsPath } from '../../drawing/path.js';
import type { VariantDataInput } from '../../schema.js';
import { finish, type ImportResult } from '../result.js';
import { frameOf } from '../svg.js';
import { parseXml, XmlError, type XmlElement } from '../xml.js';
import { deriveAdjacency } from './adjacency.js';
import {
  normalizeHex,
  readConfig,
  refusedFeatures,
  standardColour,
  type ConfigText,
  type DiplogmConfig,
} from './config.js';
import { fillOf, findLayer, tilesOf, type Layer, type Tile } from './layers.js';
import { movesOf, type Moves } from './moves.js';
import { abbreviate, uniqueIds } from '../naming.js';
import { labelSpots, unitSpots } from './spots.js';
import {
  centresOf,
  coloursOf,
  ownersOf,
  sharedColourProblems,
  unitsOf,
  usedColours,
  type StartingUnit,
} from './state.js';
import { touchingPairs } from './touch.js';
import { type Matrix, TransformError } from '../../drawing/transform.js';

export interface DiplogmFiles {
  /** The variant's `config.json` or `config.toml`. */
  config: ConfigText;
  /** Its family folder's config, merged under it (a versioned variant), when there is one. */
  parent?: ConfigText;
  /** A file of the variant's folder by the name the config gives it (`file`), or null when there is none. */
  read(name: string): string | null;
  /** The variant folder's own unit types (`units/*.toml`), which cannot be played here. */
  unitTypes?: readonly string[];
}

export function importDiplogm(files: DiplogmFiles): ImportResult {
  const read = readConfig(files.config, files.parent);
  if (!read.ok) return { ok: false, problems: read.problems };
  const config = read.config;
  const problems: string[] = [];
  for (const t of files.unitTypes ?? []) problems.push(`units/${t}: custom unit types are not supported`);
  // Without a readable SVG, what the config refuses is still named (all but island convoys, which need the drawing).
  const unread = (problem: string) => ({
    ok: false as const,
    problems: [...problems, ...refusedFeatures(config, false), problem],
  });
  const text = files.read(config.file);
  if (text === null) return unread(`${files.config.name}: file "${config.file}" is not there`);
  let root: XmlElement;
  try {
    root = parseXml(text);
  } catch (e) {
    if (!(e instanceof XmlError)) throw e;
    return unread(`${config.file}: ${e.message}`);
  }
  try {
    return importDrawn(root, config, problems);
  } catch (e) {
    // A transform or path no element-by-element check caught (a layer's own, a marker's): named, never a crash.
    if (!(e instanceof PathError || e instanceof TransformError)) throw e;
    return { ok: false, problems: [...problems, `${config.file}: ${e.message}`] };
  }
}

/** The import once the SVG is read: its frame, layers, provinces, map and drawing. */
function importDrawn(root: XmlElement, config: DiplogmConfig, problems: string[]): ImportResult {
  const frame = frameOf(root);
  if (!frame) return { ok: false, problems: [...problems, `${config.file}: the SVG has no viewBox, width or height`] };
  const layer = (key: Parameters<typeof findLayer>[1]) => findLayer(root, key, config, frame.shift);
  const provinceLayers = { land: layer('land_layer'), island: layer('island_borders'), sea: layer('sea_borders') };
  problems.push(...refusedFeatures(config, (provinceLayers.island?.element.children.length ?? 0) > 0));
  const tiles = readTiles(provinceLayers, config.file, problems);
  problems.push(...unknownAbbreviations(config, tiles));
  if (problems.length > 0) return { ok: false, problems };
  const built = buildMap(tiles, config, layer, frame.shift, problems);
  if (problems.length > 0 || !built) return { ok: false, problems };
  const drawing = {
    width: frame.width,
    height: frame.height,
    points: {},
    shapes: Object.fromEntries(tiles.map((t, i) => [built.ids[i]!, ringsPath(t.rings)])),
    anchors: built.anchors,
    labels: built.labels,
    margin: config['svg config'].border_margin_hint,
    ...(seaBackground(layer('background'), config) ? { background: 'sea' as const } : {}),
  };
  return finish({ ...built.data, geometry: drawing }, built.notes);
}

/**
 * Is what lies under the provinces water? When the Background layer (which DiploGM recolours) is filled with the
 * config's `default_sea_color`, gaps between sea shapes and the map's edges are sea; otherwise off-map land.
 */
function seaBackground(background: Layer | null, config: DiplogmConfig): boolean {
  const sea = config['svg config'].default_sea_color;
  if (!background || typeof sea !== 'string') return false;
  return background.element.children.some((e) => fillOf(e) === normalizeHex(sea));
}

/** The tiles of the three province layers; duplicate names are problems. */
function readTiles(layers: Record<'land' | 'island' | 'sea', Layer | null>, file: string, problems: string[]): Tile[] {
  if (!layers.land && !layers.sea) {
    problems.push(
      `${file}: no province layer (a "Region Colors" or "Sea Adjacencies" layer, or their ids in the config)`,
    );
    return [];
  }
  const tiles = [
    ...(layers.land ? tilesOf(layers.land, 'land', problems) : []),
    ...(layers.island ? tilesOf(layers.island, 'island', problems) : []),
    ...(layers.sea ? tilesOf(layers.sea, 'sea', problems) : []),
  ];
  const seen = new Set<string>();
  for (const t of tiles) {
    if (seen.has(t.name)) problems.push(`${t.where}: a second province of this name`);
    seen.add(t.name);
  }
  problems.push(...sameOutlines(tiles));
  return tiles;
}

/** An abbreviation naming no province of the drawing (in any case): a province the config has and the SVG lacks. */
function unknownAbbreviations(config: DiplogmConfig, tiles: readonly Tile[]): string[] {
  const names = new Set(tiles.map((t) => t.name.toLowerCase()));
  return Object.entries(config.abbreviations ?? {})
    .filter(([, name]) => !names.has(name.toLowerCase()))
    .map(([abbr, name]) => `abbreviations: "${abbr}" names "${name}", which is no province of the map`);
}

/**
 * Provinces drawn with one outline (DiploGM's Era of Solitude draws its three Origin of Storms seas so): the picture
 * can show only the one drawn last, and nobody could tell the others apart on it, so the import names them.
 */
function sameOutlines(tiles: readonly Tile[]): string[] {
  const byOutline = new Map<string, Tile>();
  const problems: string[] = [];
  for (const t of tiles) {
    if (t.rings.length === 0) continue;
    const key = JSON.stringify(t.rings);
    const first = byOutline.get(key);
    if (first)
      problems.push(`${t.where}: drawn with the very outline of "${first.name}", so the map cannot tell them apart`);
    else byOutline.set(key, t);
  }
  return problems;
}

type LayerOf = (key: Parameters<typeof findLayer>[1]) => Layer | null;

interface Built {
  data: Omit<VariantDataInput, 'geometry'>;
  ids: string[];
  anchors: Record<string, Point>;
  labels: Record<string, Point>;
  notes: string[];
}

/** Adjacency, moves, owners, centres and units: the map data, with ids for every tile. */
function buildMap(
  tiles: Tile[],
  config: DiplogmConfig,
  layer: LayerOf,
  shift: Matrix,
  problems: string[],
): Built | null {
  const impassableColour = config['svg config'].impassable;
  const impassable = new Set(
    impassableColour === undefined
      ? []
      : tiles.flatMap((t, i) => (t.type !== 'sea' && t.colour === standardColour(impassableColour) ? [i] : [])),
  );
  const index = new Map(tiles.map((t, i) => [t.name, i]));
  const touching = touchingPairs(
    tiles.map((t) => t.rings),
    config['svg config'].border_margin_hint,
  );
  const graph = deriveAdjacency(
    {
      names: tiles.map((t) => t.name),
      types: tiles.map((t) => t.type),
      touching,
      overrides: config.overrides?.provinces ?? {},
    },
    problems,
  );
  const moves = movesOf(graph, impassable, problems);
  const colours = coloursOf(config);
  const notes: string[] = [];
  const used = usedColours(tiles, layer('island_fill_layer'), impassable, layer('supply_center_icons'));
  sharedColourProblems(colours, used, problems);
  const owners = ownersOf(tiles, layer('island_fill_layer'), impassable, colours, problems);
  const centres = centresOf(layer('supply_center_icons'), index, colours, problems);
  const units = unitsOf(layer('starting_units'), config, index, owners, problems);
  if (problems.length > 0) return null;
  const ids = uniqueIds(tiles.map((t) => t.name));
  if (units.length === 0) notes.push('the map has no starting units: every power starts without units');
  const data = mapData({
    ...{ tiles, ids, config, moves, impassable, owners, centres, units },
    colours: colours.colourOf,
    touching: new Set(touching.map(([a, b]) => `${a},${b}`)),
  });
  const spots = unitSpots(tiles, index, { army: layer('army'), fleet: layer('fleet') }, config, shift, notes);
  const anchors = Object.fromEntries(
    [...spots].map(([key, p]) => {
      const [t, coast] = key.split('/');
      return [coast ? `${ids[Number(t)]}/${coast}` : ids[Number(t)]!, p];
    }),
  );
  const labels = Object.fromEntries([...labelSpots(tiles, layer('titles'))].map(([t, p]) => [ids[t]!, p]));
  return { data, ids, anchors, labels, notes };
}

interface MapParts {
  tiles: Tile[];
  ids: string[];
  config: DiplogmConfig;
  moves: Moves;
  impassable: ReadonlySet<number>;
  owners: (string | null)[];
  centres: Map<number, string | null>;
  units: StartingUnit[];
  colours: Map<string, string>;
  /** Pairs of tiles whose shapes touch (`a < b`). */
  touching: ReadonlySet<string>;
}

/** Moves the overrides add between provinces that do not touch: links, drawn dotted (not borders). */
function overrideLinks(m: MapParts): { from: string; to: string; kind: string; power: null }[] {
  const pairs = new Set<string>();
  const add = (a: number, b: number) => {
    if (a !== b && !m.touching.has(a < b ? `${a},${b}` : `${b},${a}`)) pairs.add(a < b ? `${a},${b}` : `${b},${a}`);
  };
  for (const [a, to] of m.moves.army) for (const b of to) add(a, b);
  for (const [a, to] of m.moves.fleet) for (const b of to) add(Number(a.split('/')[0]), Number(b.split('/')[0]));
  return [...pairs].sort().map((p) => {
    const [a, b] = p.split(',').map(Number) as [number, number];
    return { from: m.ids[a]!, to: m.ids[b]!, kind: 'override', power: null };
  });
}

function mapData(m: MapParts): Omit<VariantDataInput, 'geometry'> {
  const { tiles, ids, config, moves } = m;
  const names = abbreviate(
    tiles.map((t) => t.name),
    config.abbreviations ?? {},
  );
  const loc = (key: string) => {
    const [t, coast] = key.split('/');
    return coast ? `${ids[Number(t)]}/${coast}` : ids[Number(t)]!;
  };
  const kind = (i: number) => {
    if (m.impassable.has(i)) return 'impassable' as const;
    if (tiles[i]!.type === 'sea') return 'sea' as const;
    const fleets = [...moves.fleet.keys()].some((k) => Number(k.split('/')[0]) === i);
    return fleets ? ('coast' as const) : ('land' as const);
  };
  const year = config.year ?? 1901;
  const winter = (config.first_season ?? 'spring').toLowerCase() === 'winter';
  const centreCount = m.centres.size;
  const owned = (power: string) => [...m.centres.keys()].filter((t) => m.owners[t] === power).map((t) => ids[t]!);
  return {
    id: ids.length > 0 ? uniqueIds([config.name])[0]! : 'imported',
    name: config.name,
    description: `Imported from DiploGM (${config.name}).`,
    powers: [...m.colours].map(([name, colour]) => ({ name, color: `#${colour}` })),
    provinces: tiles.map((t, i) => ({
      id: ids[i]!,
      name: t.name,
      abbreviation: names[i]!.abbreviation,
      aliases: names[i]!.aliases,
      kind: kind(i),
      supplyCenter: m.centres.has(i),
      home: m.centres.get(i) ?? null,
      coasts: moves.coasts.get(i) ?? [],
    })),
    armyAdjacency: Object.fromEntries([...moves.army].map(([a, to]) => [ids[a]!, [...to].map((b) => ids[b]!).sort()])),
    fleetAdjacency: Object.fromEntries([...moves.fleet].map(([a, to]) => [loc(a), [...to].map(loc).sort()])),
    startingPhase: winter
      ? { season: 'winter', year: year - 1, type: 'adjustment' }
      : { season: 'spring', year, type: 'movement' },
    startingUnits: m.units.map((u) => ({ power: u.power, type: u.type, province: ids[u.tile]!, coast: u.coast })),
    startingCenters: Object.fromEntries([...m.colours.keys()].map((p) => [p, owned(p)])),
    victory: { centers: config.victory_count ?? Math.floor((centreCount + 1) / 2), strictlyMost: false },
    links: overrideLinks(m),
    features: {},
    ...(config.build_options === 'anywhere' ? { builds: 'owned' as const } : {}),
  };
}
