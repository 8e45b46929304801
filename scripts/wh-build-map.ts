/**
 * Builds src/variants/warhammer/map.json from the geography brief's machine-readable proposal, copied into the
 * project as src/variants/warhammer/source/map-proposal.json (docs/rules/warhammer.md "The map").
 *   npx tsx scripts/wh-build-map.ts
 * Every choice the proposal leaves open is made here, once, and recorded in docs/rules/warhammer.md. The colours
 * (scripts/warhammer-palette.ts) and the label and unit spots (`npx tsx src/render/tools/relabel.ts --move-anchors
 * warhammer`) are written into map.json afterwards by their own tools: run them again after this one.
 */
import { readFileSync, writeFileSync } from 'node:fs';

interface ProposalProvince {
  id: string;
  name: string;
  type: 'land' | 'sea' | 'imp';
  sc: string | null;
  x: number;
  y: number;
}
interface Proposal {
  canvas: { width: number; height: number; wrap_label_positions: Record<string, [number, number][]> };
  aliases: Record<string, string>;
  provinces: ProposalProvince[];
  edges: { a: string; b: string; kind: 'A' | 'F' | 'AF' }[];
  underway_entrances_proposed: string[];
  powers: Record<string, { colour: string; capital: string | null; units?: unknown; dow_cities?: string[] }>;
}

/** Where along each half-segment (0 = the province's seed, 1 = the middle) extra seed points go. */
const STEPS = [0.35, 0.7, 0.94];
/** The proposal's canvas is 1000×500; drawn at twice that so that borders stay long enough to see. */
const SCALE = 2;
/**
 * The Old World (x 380–620, y 100–320 on the proposal's canvas) is crowded: it is drawn magnified, as Diplomacy
 * maps draw Europe, by a monotone piecewise-linear stretch (order and neighbourhoods kept), the rest shrunk.
 */
const stretch = (v: number, lo: number, hi: number, inner: number, outer: number) =>
  v <= lo ? v * outer : v <= hi ? lo * outer + (v - lo) * inner : lo * outer + (hi - lo) * inner + (v - hi) * outer;
const WARP_X = { lo: 380, hi: 620, inner: 2.2, outer: 0.7 };
const WARP_Y = { lo: 100, hi: 320, inner: 2.0, outer: 0.7 };
const warp = (x: number, y: number): [number, number] => [
  Math.round(stretch(x, WARP_X.lo, WARP_X.hi, WARP_X.inner, WARP_X.outer) * SCALE * 100) / 100,
  Math.round(stretch(y, WARP_Y.lo, WARP_Y.hi, WARP_Y.inner, WARP_Y.outer) * SCALE * 100) / 100,
];
const source = new URL('../src/variants/warhammer/source/map-proposal.json', import.meta.url);
const target = new URL('../src/variants/warhammer/map.json', import.meta.url);
const proposal = JSON.parse(readFileSync(source, 'utf8')) as Proposal;

/** Display names of the powers (the proposal's keys have no spaces), with map colours for the seed's named colours. */
const POWERS: Record<string, { name: string; color: string; adjective?: string }> = {
  Chaos: { name: 'Chaos', color: '#4a4a4a' }, // Dark Grey
  Norse: { name: 'Norse', color: '#00c8d7' }, // Cyan
  Kislev: { name: 'Kislev', color: '#f4f4f4' }, // White
  Empire: { name: 'Empire', color: '#f2d21b' }, // Yellow
  Bretonnia: { name: 'Bretonnia', color: '#f28cc8' }, // Pink
  DarkElves: { name: 'Dark Elves', color: '#7b2fa8' }, // Purple
  HighElves: { name: 'High Elves', color: '#8ec5ff' }, // Light Blue
  WoodElves: { name: 'Wood Elves', color: '#3ddc3d' }, // Bright Green
  VampireCounts: { name: 'Vampire Counts', color: '#8b0a1a' }, // Dark Red
  Dwarves: { name: 'Dwarves', color: '#8b5a2b' }, // Brown
  ChaosDwarves: { name: 'Chaos Dwarves', color: '#111111' }, // Black
  Skaven: { name: 'Skaven', color: '#bdbdbd' }, // Light Grey
  OrcsGoblins: { name: 'Orcs & Goblins', color: '#1f5f1f' }, // Dark Green
  TombKings: { name: 'Tomb Kings', color: '#e8e0c8' }, // Off-White
  Araby: { name: 'Araby', color: '#d2b48c' }, // Tan
  Lizardmen: { name: 'Lizardmen', color: '#5fa35f' }, // Medium Green
  Ind: { name: 'Ind', color: '#a0522d' }, // Red-Brown
  Cathay: { name: 'Cathay', color: '#ff8c1a' }, // Orange
  Nippon: { name: 'Nippon', color: '#e01b24' }, // Red
  Tilea: { name: 'Tilea', color: '#8a8a8a' }, // Medium Grey (Dogs of War)
  Estalia: { name: 'Estalia', color: '#9e9e9e' }, // Medium Grey, a different shade (brief §5.6)
};

const lower = (code: string) => code.toLowerCase();
/** "Karaz-a-Karak ('Karak-a-Karak')" → name "Karaz-a-Karak", alias "Karak-a-Karak"; "(Northern) Eye" → "Eye of Chaos". */
function names(raw: string): { name: string; aliases: string[] } {
  const quoted = [...raw.matchAll(/'([^']+)'/g)].map((m) => m[1]!);
  let name = raw
    .replace(/^\([^)]*\)\s*/, '')
    .replace(/\s*\(.*\)\s*$/, '')
    .replace(/^'(.*)'$/, '$1')
    .trim();
  if (name.length === 0) name = raw;
  return { name, aliases: quoted.filter((q) => q !== name) };
}

const seaIds = new Set(proposal.provinces.filter((p) => p.type === 'sea').map((p) => p.id));
const touchesSea = new Set<string>();
for (const e of proposal.edges) {
  if (seaIds.has(e.a) && !seaIds.has(e.b)) touchesSea.add(e.b);
  if (seaIds.has(e.b) && !seaIds.has(e.a)) touchesSea.add(e.a);
}
const aliasesOf = new Map<string, string[]>();
for (const [alias, id] of Object.entries(proposal.aliases)) aliasesOf.set(id, [...(aliasesOf.get(id) ?? []), alias]);

const provinces = proposal.provinces.map((p) => {
  const n = names(p.name);
  const home = p.sc?.startsWith('HOME:') ? POWERS[p.sc.slice(5)]!.name : null;
  const dow =
    p.sc === 'DOW' ? Object.entries(proposal.powers).find(([, q]) => q.dow_cities?.includes(p.id)) : undefined;
  return {
    id: lower(p.id),
    name: n.name,
    abbreviation: p.id,
    aliases: [...n.aliases, ...(aliasesOf.get(p.id) ?? [])],
    kind: p.type === 'imp' ? 'impassable' : p.type === 'sea' ? 'sea' : touchesSea.has(p.id) ? 'coast' : 'land',
    supplyCenter: p.sc !== null,
    home: home ?? (dow ? POWERS[dow[0]]!.name : null),
    coasts: [],
  };
});

const armyAdjacency: Record<string, string[]> = {};
const fleetAdjacency: Record<string, string[]> = {};
const add = (table: Record<string, string[]>, a: string, b: string) => {
  (table[a] ??= []).push(b);
  (table[b] ??= []).push(a);
};
for (const p of provinces) {
  if (p.kind === 'land' || p.kind === 'coast') armyAdjacency[p.id] = [];
  if (p.kind === 'coast' || p.kind === 'sea') fleetAdjacency[p.id] = [];
}
for (const e of proposal.edges) {
  if (e.kind === 'A' || e.kind === 'AF') add(armyAdjacency, lower(e.a), lower(e.b));
  if (e.kind === 'F' || e.kind === 'AF') add(fleetAdjacency, lower(e.a), lower(e.b));
}
// Skaven Underways (seed: "a Skaven army may move (and support) from this province to Skavenblight and vice versa"):
// army adjacencies reserved to the Skaven by `links[].power`; never drawn as borders.
const links = proposal.underway_entrances_proposed.map((entrance) => {
  add(armyAdjacency, 'skav', lower(entrance));
  return { from: 'skav', to: lower(entrance), kind: 'underway', power: 'Skaven' };
});
for (const table of [armyAdjacency, fleetAdjacency])
  for (const k of Object.keys(table)) table[k] = [...new Set(table[k])].sort();

const startingUnits = Object.values(proposal.powers).flatMap((p, i) => {
  const power = POWERS[Object.keys(proposal.powers)[i]!]!.name;
  if (!Array.isArray(p.units)) return []; // Dogs of War: chosen before the first Spring (rules/dogs-of-war.ts)
  return (p.units as [string, string][]).map(([type, province]) => ({
    power,
    type,
    province: lower(province),
    coast: null,
  }));
});
// Home centres are owned at the start; the Dogs of War cities only once their player has chosen (brief §5.6).
const startingCenters = Object.fromEntries(
  Object.values(POWERS).map((p) => [
    p.name,
    startingUnits
      .filter((u) => u.power === p.name)
      .map((u) => u.province)
      .sort(),
  ]),
);

// Geometry: the proposal's x/y, one seed point each (the Tempest Ocean's at both edges: the wrap), then the
// adjacency drawn in: along the segment between two neighbours' nearest seeds each side gets points up to the
// middle, so that the Voronoi cells of neighbours meet there (checked by `maps check`, src/render/check.ts).
const points: Record<string, [number, number][]> = {};
for (const p of proposal.provinces)
  points[lower(p.id)] = (proposal.canvas.wrap_label_positions[p.id] ?? [[p.x, p.y]]).map(([x, y]) => warp(x, y));
const centresOf = Object.fromEntries(
  Object.entries(points).map(([id, ps]) => [id, ps.map(([x, y]) => [x, y] as [number, number])]),
);
const pairs = new Set<string>();
for (const e of proposal.edges) pairs.add([lower(e.a), lower(e.b)].sort().join('|'));
for (const pair of [...pairs].sort()) {
  const [a, b] = pair.split('|') as [string, string];
  let best: [[number, number], [number, number]] | null = null;
  for (const pa of centresOf[a]!)
    for (const pb of centresOf[b]!) {
      if (
        !best ||
        Math.hypot(pa[0] - pb[0], pa[1] - pb[1]) < Math.hypot(best[0][0] - best[1][0], best[0][1] - best[1][1])
      )
        best = [pa, pb];
    }
  const [pa, pb] = best!;
  const at = (t: number): [number, number] => [
    Math.round((pa[0] + (pb[0] - pa[0]) * t) * 100) / 100,
    Math.round((pa[1] + (pb[1] - pa[1]) * t) * 100) / 100,
  ];
  for (const t of STEPS) {
    points[a]!.push(at(t / 2));
    points[b]!.push(at(1 - t / 2));
  }
}
// Hand-off points from scripts/wh-geometry-fix.ts: more seeds for a province that neighbours both sides of an
// unwanted drawn border, or off-map filler (`#land`, `#sea`) where no province does.
let tweaks: Record<string, [number, number][]> = {};
try {
  tweaks = JSON.parse(readFileSync(new URL('./wh-geometry-tweaks.json', import.meta.url), 'utf8'));
} catch {
  tweaks = {};
}
for (const [id, extra] of Object.entries(tweaks)) if (!id.startsWith('#')) points[id]!.push(...extra);
const offmap = { land: tweaks['#land'] ?? [], sea: tweaks['#sea'] ?? [] };

const centres = provinces.filter((p) => p.supplyCenter).length;
const data = {
  id: 'warhammer',
  name: 'Warhammer Diplomacy (fm05)',
  description:
    "Daryl Lonnon's Warhammer world for up to 21 players: 19 nations plus up to two Dogs of War, national abilities, builds in larger nations' capitals. Map data proposed by the geography brief (docs/rules/warhammer.md).",
  powers: Object.values(POWERS),
  provinces,
  armyAdjacency,
  fleetAdjacency,
  startingPhase: { season: 'spring', year: 2500, type: 'movement' },
  startingUnits,
  startingCenters,
  // Seed: "played until one player has the majority of centers".
  victory: { centers: Math.floor(centres / 2) + 1 },
  links,
  features: {
    // Each nation's capital as the seed's nations list gives it (Nippon: the units list's YOTO, brief §1.4);
    // the Dogs of War's is the city their player chooses.
    capitals: Object.fromEntries(
      Object.entries(proposal.powers).flatMap(([key, p]) => (p.capital ? [[POWERS[key]!.name, lower(p.capital)]] : [])),
    ),
    // Dogs of War (brief §5.6): each country's two cities, one chosen before the first Spring.
    dogsOfWar: Object.fromEntries(
      Object.entries(proposal.powers).flatMap(([key, p]) =>
        p.dow_cities ? [[POWERS[key]!.name, p.dow_cities.map(lower)]] : [],
      ),
    ),
  },
  // Full province names where they fit (one label style per variant), not the four-letter order codes.
  geometry: {
    width: warp(proposal.canvas.width, 0)[0],
    height: warp(0, proposal.canvas.height)[1],
    labelStyle: 'name',
    // Names at 18 px where they fit, else at 14 px before they go beside the province (docs/render.md "Labels").
    labelSize: 18,
    labelMinSize: 14,
    points,
    offmap,
  },
};
writeFileSync(target, `${JSON.stringify(data, null, 1)}\n`);
console.log(`wrote ${provinces.length} provinces, ${centres} centres, victory ${data.victory.centers}`);
