/**
 * Writes a variant of ours in the two foreign formats the importers read, so the tests (and the benchmarks) have
 * files the project made itself (docs/variants.md; no community file is copied into the repository):
 *
 * - `diplogmFolder`: a DiploGM variant folder (config.json and an Inkscape-layered SVG): the provinces' outlines
 *   from our own drawing in "Region Colors" and "Sea Adjacencies" filled with their starting owner's colour, the
 *   centres in "SC Markers" coloured by their home power, the starting units in "Units" (Inkscape stars of 6 sides
 *   for armies, 3 for fleets), unit spots in "Army Locations"/"Fleet Locations", split coasts in `overrides`;
 * - `pythonMapFile`: a python `diplomacy` `.map` file (powers and homes, units, names and aliases, terrain lines
 *   with adjacencies in the format's letter case) and `pythonSvg`, its drawing.
 */
import { anchorsOf } from '../../src/render/anchors.js';
import { computeGeometry } from '../../src/render/geometry.js';
import type { Variant } from '../../src/engine/variant.js';
import { ringsPath, type Ring } from '../../src/variants/drawing/path.js';
import { boxesNear, boxOf } from '../../src/variants/drawing/polygon.js';
import { distanceToSegment } from '../../src/variants/drawing/segment.js';

const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
const hex = (c: string) => c.replace('#', '').toLowerCase();
const NEUTRAL = 'f5deb3';
const IMPASSABLE = 'a69f8f';

/** The drawing of a variant of ours: each province's rings, and its unit spots. */
function drawingOf(variant: Variant): {
  width: number;
  height: number;
  rings: Map<string, Ring[]>;
  spots: Map<string, [number, number]>;
} {
  const g = computeGeometry(variant.data);
  if (!g.ok) throw new Error(g.error);
  const rings = new Map<string, Ring[]>();
  for (const [id, shape] of g.geometry.shapes)
    if (!id.startsWith('#'))
      rings.set(
        id,
        shape.rings.map((r) => r.map((p): [number, number] => [p[0], p[1]])),
      );
  const spots = new Map([...anchorsOf(variant, g.geometry)].map(([k, p]) => [k, [p[0], p[1]] as [number, number]]));
  return { width: g.geometry.width, height: g.geometry.height, rings, spots };
}

/**
 * Our Voronoi drawing lets provinces that are not adjacent meet at a corner (four cells at one vertex); DiploGM
 * would call them adjacent (shapes within the border margin touch). Each such corner is cut back into its own
 * province (toward the middle of its two neighbouring vertices) until no two provinces that are not adjacent come
 * within `margin`.
 */
function separateCorners(variant: Variant, rings: Map<string, Ring[]>, margin: number): void {
  const adjacent = (a: string, b: string) => variant.map.neighbours(a).has(b) || variant.map.neighbours(b).has(a);
  const passable = [...rings.keys()].filter((id) => variant.map.province(id)?.kind !== 'impassable');
  const boxes = new Map(passable.map((id) => [id, boxOf(rings.get(id)!)]));
  for (let round = 0; round < 6; round++) {
    let moved = 0;
    for (const a of passable)
      for (const b of passable) {
        if (a === b || adjacent(a, b) || !boxesNear(boxes.get(a)!, boxes.get(b)!, margin + 1)) continue;
        const edges = rings.get(b)!.flatMap((r) => r.map((p, i) => [p, r[(i + 1) % r.length]!] as const));
        for (const ring of rings.get(a)!)
          ring.forEach((v, i) => {
            if (!edges.some(([p, q]) => distanceToSegment(v, p, q) <= margin + 0.5)) return;
            const [u, w] = [ring[(i + ring.length - 1) % ring.length]!, ring[(i + 1) % ring.length]!];
            const mid = [(u[0] + w[0]) / 2, (u[1] + w[1]) / 2];
            const d = Math.hypot(mid[0]! - v[0], mid[1]! - v[1]);
            const t = Math.min(0.5, 1.6 / Math.max(d, 1e-9));
            ring[i] = [v[0] + (mid[0]! - v[0]) * t, v[1] + (mid[1]! - v[1]) * t];
            moved++;
          });
      }
    if (moved === 0) return;
  }
}

/**
 * Outlines drawn finely (`step` px between points) and wiggled by a smooth function of the position, as a hand-drawn
 * coastline is: a shared edge stays shared, since both sides cut it at the same points and move them alike.
 */
function detailed(rings: Map<string, Ring[]>, step: number): void {
  const wiggle = (x: number, y: number): [number, number] => [
    x + 2 * Math.sin(x / 37 + Math.cos(y / 53)),
    y + 2 * Math.cos(y / 41 + Math.sin(x / 29)),
  ];
  for (const [id, list] of rings)
    rings.set(
      id,
      list.map((ring) =>
        ring.flatMap((a, i) => {
          const b = ring[(i + 1) % ring.length]!;
          const k = Math.max(1, Math.ceil(Math.hypot(b[0] - a[0], b[1] - a[1]) / step));
          return Array.from({ length: k }, (_, j) =>
            wiggle(a[0] + ((b[0] - a[0]) * j) / k, a[1] + ((b[1] - a[1]) * j) / k),
          );
        }),
      ),
    );
}

export interface DiplogmOptions {
  /** Outlines drawn finely, a point every `detail` px (a big SVG for the benchmarks). */
  detail?: number;
  /** Overrides merged into the config (planted defects, features). */
  config?: Record<string, unknown>;
  /** Extra elements for a layer, by label, or a replacement of a layer's children. */
  svgLayers?: Record<string, string>;
}

/** A DiploGM folder for the variant: `config.json` (as an object) and the SVG it names (`map.svg`). */
export function diplogmFolder(
  variant: Variant,
  opts: DiplogmOptions = {},
): { config: Record<string, unknown>; svg: string } {
  const { width, height, rings, spots } = drawingOf(variant);
  separateCorners(variant, rings, 1);
  if (opts.detail) detailed(rings, opts.detail);
  const start = variant.startingPosition();
  const owner = new Map<string, string>();
  for (const [power, centres] of Object.entries(start.supplyCenters)) for (const c of centres) owner.set(c, power);
  const colour = new Map(variant.powers.map((p) => [p.name, hex(p.color)]));
  const provinces = variant.data.provinces;
  const fill = (id: string, kind: string) =>
    kind === 'impassable' ? IMPASSABLE : owner.has(id) ? colour.get(owner.get(id)!)! : NEUTRAL;
  const path = (id: string, kind: string, name: string) =>
    `<path inkscape:label="${xml(name)}" style="fill:#${fill(id, kind)};stroke:#000000" d="${ringsPath(rings.get(id)!, 2)}"/>`;
  const land = provinces.filter((p) => p.kind !== 'sea').map((p) => path(p.id, p.kind, p.name));
  const seas = provinces.filter((p) => p.kind === 'sea').map((p) => path(p.id, p.kind, p.name));
  const nameOf = (loc: string) => {
    const [id, coast] = loc.split('/');
    const p = variant.map.province(id!)!;
    return coast ? `${p.name} (${coast})` : p.name;
  };
  const star = (label: string, at: [number, number], sides: number) =>
    `<g inkscape:label="${xml(label)}" transform="translate(0,0)"><path sodipodi:type="star" sodipodi:sides="${sides}" sodipodi:cx="${at[0].toFixed(2)}" sodipodi:cy="${at[1].toFixed(2)}" style="fill:#ffffff" d="M ${at[0]} ${at[1] - 5} L ${at[0] + 5} ${at[1] + 5} L ${at[0] - 5} ${at[1] + 5} Z"/></g>`;
  const centres = provinces
    .filter((p) => p.supplyCenter)
    .map((p) => {
      const at = spots.get(p.id)!;
      const home = p.home ? colour.get(p.home)! : 'ffffff';
      return `<g inkscape:label="${xml(p.name)}"><circle style="fill:none;stroke:#000000" cx="${at[0] + 12}" cy="${at[1] + 12}" r="5"/><circle style="fill:#${home}" cx="${at[0] + 12}" cy="${at[1] + 12}" r="3"/></g>`;
    });
  const units = start.units.map((u) =>
    star(
      nameOf(u.coast ? `${u.province}/${u.coast}` : u.province),
      spots.get(u.coast ? `${u.province}/${u.coast}` : u.province)!,
      u.type === 'F' ? 3 : 6,
    ),
  );
  const armies = provinces
    .filter((p) => p.kind === 'land' || p.kind === 'coast')
    .map((p) => star(p.name, spots.get(p.id)!, 6));
  const fleets = [...spots.keys()]
    .filter((k) => k in variant.data.fleetAdjacency)
    .map((k) => star(nameOf(k), spots.get(k)!, 3));
  const layer = (id: string, label: string, body: string[]) =>
    `<g inkscape:groupmode="layer" id="${id}" inkscape:label="${label}">${opts.svgLayers?.[label] ?? body.join('\n')}</g>`;
  const svg = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    layer('layer1', 'Background', [`<path style="fill:#add8e6" d="M 0 0 H ${width} V ${height} H 0 Z"/>`]),
    layer('layer2', 'Region Colors', land),
    layer('layer3', 'Sea Adjacencies', seas),
    layer('layer4', 'SC Markers', centres),
    layer('layer5', 'Units', units),
    layer('layer6', 'Army Locations', armies),
    layer('layer7', 'Fleet Locations', fleets),
    ...Object.entries(opts.svgLayers ?? {})
      .filter(
        ([label]) =>
          !['Region Colors', 'Sea Adjacencies', 'SC Markers', 'Units', 'Army Locations', 'Fleet Locations'].includes(
            label,
          ),
      )
      .map(([label, body], i) => `<g inkscape:groupmode="layer" id="extra${i}" inkscape:label="${label}">${body}</g>`),
    '</svg>',
  ].join('\n');
  return { config: { ...diplogmConfig(variant), ...opts.config }, svg };
}

function diplogmConfig(variant: Variant): Record<string, unknown> {
  const provinces = variant.data.provinces;
  const nameOf = (loc: string) => {
    const [id, coast] = loc.split('/');
    const p = variant.map.province(id!)!;
    return coast ? `${p.name} (${coast})` : p.name;
  };
  const coasts = Object.fromEntries(
    provinces
      .filter((p) => p.coasts.length > 0)
      .map((p) => [
        p.name,
        {
          coasts: Object.fromEntries(
            p.coasts.map((c) => [c, (variant.data.fleetAdjacency[`${p.id}/${c}`] ?? []).map(nameOf)]),
          ),
        },
      ]),
  );
  return {
    name: variant.name,
    file: 'map.svg',
    'svg config': {
      detect_starting_units: true,
      unit_type_labeled: false,
      unit_labels: true,
      province_labels: true,
      center_labels: true,
      default_sea_color: 'add8e6',
      border_margin_hint: 1,
      neutral: NEUTRAL,
      neutral_sc: 'ffffff',
      impassable: IMPASSABLE,
    },
    year: variant.data.startingPhase.year,
    first_season: 'Spring',
    build_options: 'classic',
    victory_conditions: 'classic',
    victory_count: variant.victory.centers,
    convoyable_islands: 'disabled',
    transformation: 'disabled',
    dp: 'disabled',
    fow: 'disabled',
    abbreviations: Object.fromEntries(provinces.map((p) => [p.id, p.name])),
    overrides: { provinces: coasts },
    players: Object.fromEntries(variant.powers.map((p) => [p.name, { color: hex(p.color), iscc: 3 }])),
  };
}

/** A python `diplomacy` `.map` file of the variant (its adjacency in the format's letter case). */
export function pythonMapFile(variant: Variant): string {
  const data = variant.data;
  const start = variant.startingPosition();
  const up = (loc: string) => loc.toUpperCase();
  const lines = [
    `BEGIN ${data.startingPhase.season.toUpperCase()} ${data.startingPhase.year} MOVEMENT`,
    `VICTORY ${variant.victory.centers}`,
    '',
  ];
  for (const p of variant.powers) {
    const homes = variant.map.homeCenters(p.name).map(up);
    lines.push(`${p.name.toUpperCase()} (${(p.adjective ?? p.name).toUpperCase()}) ${homes.join(' ')}`);
    for (const u of start.units.filter((x) => x.power === p.name))
      lines.push(`${u.type} ${up(u.province)}${u.coast ? `/${up(u.coast)}` : ''}`);
    lines.push('');
  }
  const unowned = data.provinces.filter((p) => p.supplyCenter && !p.home).map((p) => up(p.id));
  lines.push(`UNOWNED ${unowned.join(' ')}`, '');
  for (const p of data.provinces) {
    const aliases = p.aliases.map((a) => a.toLowerCase().replace(/\s+/g, '+'));
    lines.push(`${p.name} = ${p.id} ${aliases.join(' ')}`.trimEnd());
    for (const c of p.coasts) lines.push(`${p.name} (${c}) = ${p.id}/${c}`);
  }
  lines.push('');
  for (const p of data.provinces) lines.push(...terrainLines(variant, p.id));
  return `${lines.join('\n')}\n`;
}

/** The terrain lines of one province: its own and, with split coasts, one per coast. */
function terrainLines(variant: Variant, id: string): string[] {
  const data = variant.data;
  const p = variant.map.province(id)!;
  const kind = { sea: 'WATER', land: 'LAND', coast: 'COAST', impassable: 'SHUT' }[p.kind];
  const armyTo = new Set(data.armyAdjacency[id] ?? []);
  const entry = (loc: string, fleet: boolean) => {
    const base = loc.split('/')[0]!;
    const army = armyTo.has(base);
    // Capitalised (every run of letters, as python's `str.title`): fleets only.
    const title = loc
      .toLowerCase()
      .replace(/(^|[^a-z])([a-z])/g, (_, sep: string, ch: string) => sep + ch.toUpperCase());
    return army && fleet ? loc.toUpperCase() : army ? base.toLowerCase() : title;
  };
  if (p.kind === 'impassable') return [`${kind} ${id.toUpperCase()}`];
  if (p.coasts.length === 0) {
    const fleetTo = data.fleetAdjacency[id] ?? [];
    const bases = new Set(fleetTo.map((l) => l.split('/')[0]));
    const list = [
      ...fleetTo.map((l) => entry(l, true)),
      ...[...armyTo].filter((a) => !bases.has(a)).map((a) => entry(a, false)),
    ];
    return [`${kind} ${id.toUpperCase()} ABUTS ${list.join(' ')}`];
  }
  const rows = [`${kind} ${id.toLowerCase()} ABUTS ${[...armyTo].map((a) => a.toUpperCase()).join(' ')}`];
  for (const c of p.coasts) {
    const fleetTo = data.fleetAdjacency[`${id}/${c}`] ?? [];
    rows.push(`${kind} ${id.toUpperCase()}/${c.toUpperCase()} ABUTS ${fleetTo.map((l) => l.toUpperCase()).join(' ')}`);
  }
  return rows;
}

/** The drawing of the variant as a python `diplomacy` SVG (`MapLayer` shapes named `_id`, unit spots). */
export function pythonSvg(variant: Variant): string {
  const { width, height, rings, spots } = drawingOf(variant);
  const shapes = variant.data.provinces.map(
    (p) =>
      `<path id="_${p.id}" class="${p.kind === 'sea' ? 'water' : 'nopower'}" d="${ringsPath(rings.get(p.id)!, 2)}"/>`,
  );
  const places = [...spots].map(
    ([loc, at]) =>
      `<jdipNS:PROVINCE name="${loc.replace('/', '-')}"><jdipNS:UNIT x="${at[0] - 20}" y="${at[1] - 20}"/></jdipNS:PROVINCE>`,
  );
  const colours = variant.powers.map((p) => `<jdipNS:POWERCOLOR power="${p.name.toLowerCase()}" color="${p.color}"/>`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:jdipNS="svg.dtd" width="${width}px" height="${height}px" viewBox="0 0 ${width} ${height}">`,
    `<jdipNS:ORDERDRAWING><jdipNS:POWERCOLORS>${colours.join('')}</jdipNS:POWERCOLORS><jdipNS:SYMBOLSIZE name="Army" width="40" height="40"/></jdipNS:ORDERDRAWING>`,
    `<jdipNS:PROVINCE_DATA>${places.join('\n')}</jdipNS:PROVINCE_DATA>`,
    `<g id="MapLayer"><rect fill="black" x="0" y="0" width="${width}" height="${height}"/>${shapes.join('\n')}</g>`,
    '</svg>',
  ].join('\n');
}
