/**
 * Builds src/variants/mandate-of-heaven/map.json from the Mandate of Heaven brief's data (scripts/moh-source-data.ts)
 * and the decisions recorded in docs/rules/mandate-of-heaven.md.
 *
 *   npx tsx scripts/moh-build-map.ts          # writes the map
 *
 * No geometry is written here: src/render/tools/build-moh-geometry.ts builds geometry.json from the Warring States
 * seeds renamed through `features.baseGeometry.cells`, the two new cells and the river courses written here.
 */
import { writeFileSync } from 'node:fs';
import ws from '../src/variants/warring-states/map.json' with { type: 'json' };
import { ADJACENCY, FLEET_PAIRS, PROVINCES_CSV } from './moh-source-data.js';

/** §2.2: the seven states and the Hsiung-Nu (colours: the Warring States ones for the states). */
const POWERS = [
  { name: 'Qin', adjective: 'Qin', color: '#3b3b3b', altColor: '#000000', localName: '秦', aliases: ["Ch'in", 'Chin'] },
  { name: 'Chu', adjective: 'Chu', color: '#c0392b', altColor: '#D55E00', localName: '楚', aliases: ["Ch'u"] },
  { name: 'Qi', adjective: 'Qi', color: '#e67e22', altColor: '#E69F00', localName: '齊', aliases: ["Ch'i", 'Chi'] },
  { name: 'Yan', adjective: 'Yan', color: '#8e5bb5', altColor: '#CC79A7', localName: '燕', aliases: ['Yen'] },
  { name: 'Zhao', adjective: 'Zhao', color: '#1f3a93', altColor: '#0072B2', localName: '趙', aliases: ['Chao'] },
  { name: 'Wei', adjective: 'Wei', color: '#2e9e4f', altColor: '#009E73', localName: '魏', aliases: [] },
  { name: 'Han', adjective: 'Han', color: '#e8c21d', altColor: '#F0E442', localName: '韓', aliases: [] },
  {
    name: 'Hsiung-Nu',
    adjective: 'Hsiung-Nu',
    color: '#6d4c41',
    altColor: '#56B4E9',
    localName: '匈奴',
    aliases: ['Xiongnu', 'HN'],
  },
];

/** §2.3: the nine neutral powers (muted colours; the map marks every unit with its power's letter). */
const NEUTRALS = [
  { name: 'Zhou', color: '#b8860b', localName: '周' },
  { name: 'Song', color: '#95a5a6', localName: '宋' },
  { name: 'Lu', color: '#e75480', localName: '魯' },
  { name: 'Wey', color: '#00838f', localName: '衛' },
  { name: 'Zhongshan', color: '#7cb342', localName: '中山' },
  { name: 'Shu', color: '#ad1457', localName: '蜀' },
  { name: 'Choson', color: '#5e35b1', localName: '朝鮮' },
  { name: 'Pei Choushi', color: '#c0ca33', localName: '北' },
  { name: 'Tung Yueh', color: '#004d40', localName: '東越' },
];

/** §2.4 */
const PLACEMENT_AREA = ['qia', 'ron', 'bei', 'pch', 'jyu', 'lhu', 'lfa', 'ysh', 'dhu'];
const DEFAULT_PLACEMENT = ['bei', 'lfa', 'dhu'];
/** Rule 5: "non-Chinese SCs (Choson, Pei Choushi and Tung Yueh) do not count toward this total". */
const NON_VICTORY = ['cho', 'pch', 'tyu'];

/** Local names where the brief's first name would repeat another province's (東海 is also the East China Sea). */
const LOCAL_NAMES: Record<string, string> = { don: '東海郡' };

/** Names of the renamed Warring States cells accepted in orders (§2.10), beside the MoH names. */
const WS_NAMES: Record<string, string[]> = { hgu: ['Hanchung'], pch: ['Xiongnu'], tyu: ['Yue'] };

/**
 * Following the current Warring States geography (decisions.md: MoH follows the WS geometry): Ji has a short
 * Bo Hai coast in Warring States (its EDGE_CHANGES), so Ji is coastal here too.
 */
const EXTRA_FLEET_PAIRS: [string, string, string][] = [
  ['boh', 'ji', 'coast'],
  ['gua', 'ji', 'coast'],
  ['ji', 'yuy', 'coast'],
];

/** Drawing chains for the renderer (through province anchors); river membership is `riverProvinces`. */
const DRAWN_RIVERS: Record<string, string[]> = {
  'Hwang Ho': [
    'hed',
    'sli',
    'xia',
    'any',
    'hgu',
    'luo',
    'hen',
    'zhe',
    'zmo',
    'dal',
    'bma',
    'cao',
    'diq',
    'lib',
    'lin',
    'boh',
  ],
  'Yang Tze': ['ba', 'qur', 'yin', 'cha', 'jiu', 'wu', 'ecs'],
};

/** Real courses ([lat, lon], source to mouth) for the drawn chains: the Hwang Ho is a game river from Longmen, just
 * below the Hukou falls (brief §2.1 item 8), on the Warring States course (modern, WS "option M"); the Yang Tze
 * from Ba, as in Warring States. `maps check` proves each touches exactly its chain. */
const RIVER_COURSES: Record<string, [number, number][]> = {
  'Hwang Ho': [[35.95, 110.52], [35.7, 110.56], ...(ws.features.riverCourses.Yellow as [number, number][])],
  'Yang Tze': ws.features.riverCourses.Yangtze as [number, number][],
};

function main(): void {
  const rows = PROVINCES_CSV.trim().split('\n');
  const header = rows[0]!.split(',');
  const records = rows
    .slice(1)
    .map((line) => Object.fromEntries(line.split(',').map((v, i) => [header[i]!, v])) as Record<string, string>);

  const pairs = new Set<string>();
  const key = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`);
  for (const line of ADJACENCY.trim().split('\n')) {
    const [a, rest] = line.split(':');
    for (const b of rest!.trim().split(/\s+/)) pairs.add(key(a!.trim(), b));
  }
  const fleetPairs = new Map<string, string>();
  const riverEdges: Record<string, [string, string][]> = {};
  for (const line of FLEET_PAIRS.trim().split('\n')) {
    const m = /^([a-z:A-Za-z]+) \(\d+\): (.*)$/.exec(line.trim());
    if (!m) throw new Error(`bad fleet line ${line}`);
    const group = m[1]!;
    for (const pair of m[2]!.trim().split(/\s+/)) {
      const [a, b] = pair.split('-') as [string, string];
      fleetPairs.set(key(a, b), group);
      if (group.startsWith('river:')) {
        const river = group === 'river:Yellow' ? 'Hwang Ho' : 'Yang Tze';
        (riverEdges[river] ??= []).push([a, b]);
      }
    }
  }
  for (const [a, b, g] of EXTRA_FLEET_PAIRS) fleetPairs.set(key(a, b), fleetPairs.get(key(a, b)) ?? g);
  for (const k of fleetPairs.keys()) pairs.add(k);

  const riverProvinces: Record<string, string[]> = { 'Hwang Ho': [], 'Yang Tze': [] };
  const kinds = new Map<string, string>();
  for (const r of records) {
    const river = r.river === 'Yellow' ? 'Hwang Ho' : r.river === 'Yangtze' ? 'Yang Tze' : null;
    if (river) riverProvinces[river]!.push(r.id!);
    // River provinces are land a fleet can stand on: `coast` in the common format, as in Warring States.
    kinds.set(r.id!, r.kind === 'sea' ? 'sea' : r.kind === 'coast' || river || r.id === 'ji' ? 'coast' : 'land');
  }
  const neutralNames = new Set(NEUTRALS.map((n) => n.name));
  const provinces = records
    .map((r) => {
      const sc = r.supply_centre ?? '';
      const owner = sc ? sc.split(':')[1]! : null;
      const aliases = [...(WS_NAMES[r.id!] ?? [])];
      if (r.id === 'cha') aliases.push('Chang hsia', 'Changhsia');
      if (r.id === 'boh') aliases.push('Bohai', 'Bo Hai Sea');
      return {
        id: r.id!,
        name: r.name!,
        abbreviation:
          r.id!.length === 3 && kinds.get(r.id!) === 'sea'
            ? r.id!.toUpperCase()
            : r.id![0]!.toUpperCase() + r.id!.slice(1),
        aliases,
        ...(r.zh ? { localName: LOCAL_NAMES[r.id!] ?? r.zh.split('/')[0]! } : {}),
        kind: kinds.get(r.id!)!,
        supplyCenter: sc !== '',
        home: owner,
        coasts: [],
      };
    })
    .sort((a, b) => a.id.localeCompare(b.id));
  const ids = provinces.map((p) => p.id);
  const neighbours = new Map(ids.map((id) => [id, new Set<string>()]));
  for (const k of pairs) {
    const [a, b] = k.split('|') as [string, string];
    neighbours.get(a)!.add(b);
    neighbours.get(b)!.add(a);
  }
  const armyAdjacency: Record<string, string[]> = {};
  const fleetAdjacency: Record<string, string[]> = {};
  for (const id of ids) {
    const kind = kinds.get(id);
    if (kind !== 'sea') armyAdjacency[id] = [...neighbours.get(id)!].filter((n) => kinds.get(n) !== 'sea').sort();
    const f = [...neighbours.get(id)!].filter((n) => fleetPairs.has(key(id, n))).sort();
    if (kind === 'sea' || kind === 'coast') fleetAdjacency[id] = f;
    else if (f.length > 0) throw new Error(`inland ${id} has fleet neighbours`);
  }

  const startingUnits = records
    .filter((r) => r.start_unit)
    .map((r) => {
      const [power, type] = r.start_unit!.split(/ (?=[AF]$)/) as [string, 'A' | 'F'];
      return { power, type, province: r.id!, coast: null };
    })
    .sort((a, b) => a.power.localeCompare(b.power) || a.province.localeCompare(b.province));
  const allPowers = [...POWERS.map((p) => p.name), ...NEUTRALS.map((n) => n.name)];
  const startingCenters: Record<string, string[]> = Object.fromEntries(
    allPowers.map((p) => [p, provinces.filter((x) => x.home === p).map((x) => x.id)]),
  );

  // Reused cells (brief §2.1); src/render/tools/build-moh-geometry.ts seeds them with the WS seeds.
  const cells: Record<string, string> = Object.fromEntries(
    records.filter((r) => r.ws_cell !== '(new)').map((r) => [r.id!, r.ws_cell!.toLowerCase()]),
  );

  const data = {
    id: 'mandate-of-heaven',
    name: 'Mandate of Heaven',
    description:
      'David E. Cohen’s Mandate of Heaven: China in 369 BC. Seven states and the nomad Hsiung-Nu; nine armed neutral powers moved by the players’ secret vote; river fleets and river convoys on the Hwang Ho and the Yang Tze; cornered last units fight harder. 30 supply centres; 14 Chinese centres win (Choson, Pei Choushi and Tung Yueh do not count).',
    powers: [
      ...POWERS.map(({ name, adjective, color, altColor, localName }) => ({
        name,
        adjective,
        color,
        altColor,
        localName,
        ...(name === 'Hsiung-Nu' ? { homeless: true } : {}),
      })),
      ...NEUTRALS.map(({ name, color, localName }) => ({ name, adjective: name, color, localName, neutral: true })),
    ],
    provinces,
    armyAdjacency,
    fleetAdjacency,
    startingPhase: { season: 'winter', year: 0, type: 'adjustment' },
    startingUnits,
    startingCenters,
    victory: { centers: 14, strictlyMost: false },
    links: ws.links,
    features: {
      rivers: DRAWN_RIVERS,
      riverCourses: RIVER_COURSES,
      riverProvinces,
      riverEdges,
      placementArea: PLACEMENT_AREA,
      defaultPlacement: DEFAULT_PLACEMENT,
      nonVictoryCenters: NON_VICTORY,
      nomads: 'Hsiung-Nu',
      neutrals: [...neutralNames],
      powerAliases: Object.fromEntries(POWERS.filter((p) => p.aliases.length > 0).map((p) => [p.name, p.aliases])),
      baseGeometry: { variant: 'warring-states', cells },
    },
  };
  writeFileSync(
    new URL('../src/variants/mandate-of-heaven/map.json', import.meta.url),
    `${JSON.stringify(data, null, 1)}\n`,
  );
  console.log(`wrote map.json: ${provinces.length} areas, ${pairs.size} pairs, ${fleetPairs.size} fleet pairs`);
}

main();
