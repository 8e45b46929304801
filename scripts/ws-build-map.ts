/**
 * Builds src/variants/warring-states/map.json from the geography brief's data (scripts/ws-source-data.ts)
 * and the decisions recorded in docs/rules/warring-states.md.
 *
 *   npx tsx scripts/ws-build-map.ts          # writes the map
 *
 * map.json is the source of truth at run time; this script documents how it was made and lets the
 * adjacency, rivers, walls and seed points be regenerated after an edit here.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { EDGES, SEEDS_CSV } from './ws-source-data.js';
import { EDGE_CHANGES } from './ws-tweaks.js';

type Power = 'Qin' | 'Chu' | 'Zhao' | 'Wei' | 'Han' | 'Yan' | 'Qi';

/** Seed §"Great Powers and Starting Forces": three armies each, on home centres; rulers named there. */
const POWERS: {
  name: Power;
  adjective: string;
  color: string;
  altColor: string;
  localName: string;
  ruler: string;
  homes: string[];
}[] = [
  {
    name: 'Qin',
    adjective: 'Qin',
    color: '#3b3b3b',
    altColor: '#000000',
    localName: '秦',
    ruler: 'Qin Ligong',
    homes: ['yon', 'nan', 'xia'],
  },
  {
    name: 'Chu',
    adjective: 'Chu',
    color: '#c0392b',
    altColor: '#D55E00',
    localName: '楚',
    ruler: 'Chu Huiwang',
    homes: ['yin', 'cha', 'sch'],
  },
  {
    name: 'Zhao',
    adjective: 'Zhao',
    color: '#1f3a93',
    altColor: '#0072B2',
    localName: '赵',
    ruler: 'Zhao Jianzi',
    homes: ['jin', 'tai', 'han'],
  },
  {
    name: 'Wei',
    adjective: 'Wei',
    color: '#2e9e4f',
    altColor: '#009E73',
    localName: '魏',
    ruler: 'Wei Huanzi',
    homes: ['zmo', 'wei', 'dal'],
  },
  {
    name: 'Han',
    adjective: 'Han',
    color: '#e8c21d',
    altColor: '#F0E442',
    localName: '韩',
    ruler: 'Han Kangzi',
    homes: ['luo', 'yiy', 'yzh'],
  },
  {
    name: 'Yan',
    adjective: 'Yan',
    color: '#8e5bb5',
    altColor: '#CC79A7',
    localName: '燕',
    ruler: 'Yan Chenggong',
    homes: ['ji', 'yuy', 'lxi'],
  },
  {
    name: 'Qi',
    adjective: 'Qi',
    color: '#e67e22',
    altColor: '#E69F00',
    localName: '齐',
    ruler: 'Qi Xuangong',
    homes: ['lin', 'jia', 'lib'],
  },
];

/** Brief decision 5: Hanchung (seed: "made a neutral Supply Centre") plus the 17 suggested in §1.1. */
const NEUTRAL_CENTERS = [
  'hch',
  'shu',
  'ba',
  'sha',
  'any',
  'stg',
  'zho',
  'lia',
  'ye',
  'diq',
  'zhe',
  'son',
  'lu',
  'don',
  'che',
  'cai',
  'wu',
  'yue',
];

/** Brief decisions 3 and 4: the four game rivers, source → sea. */
const RIVERS: Record<string, string[]> = {
  Yellow: ['sli', 'any', 'luo', 'zhe', 'zmo', 'dal', 'wei', 'diq', 'lin', 'boh'],
  Wei: ['ron', 'yon', 'xia', 'any'],
  Yangtze: ['ba', 'qur', 'yin', 'cha', 'jiu', 'wu', 'ecs'],
  Han: ['nan', 'syo', 'dan', 'yyi', 'cha'],
};

/** Brief decision 6: the §3 placements marked high or medium; the wall stands on the first province's side. */
const WALLS: [string, string][] = [
  ['lin', 'lu'],
  ['lin', 'don'],
  ['jia', 'don'], // Qi Great Wall
  ['dan', 'yiy'],
  ['dan', 'yzh'],
  ['dan', 'wpa'],
  ['cai', 'yzh'], // Chu Fangcheng
  ['sli', 'xia'],
  ['sli', 'bei'],
  ['sha', 'bei'], // Wei Hexi wall
  ['zmo', 'zhe'], // Wei Henan wall
  ['han', 'ye'], // Zhao southern wall
  ['yan', 'ysh'],
  ['jyu', 'ysh'],
  ['jyu', 'xio'], // Zhao northern wall
  ['ji', 'zho'],
  ['gua', 'zho'],
  ['gua', 'lib'], // Yan southern wall
  ['sgg', 'dhu'],
  ['sgg', 'ysh'],
  ['jpa', 'dhu'],
  ['yuy', 'dhu'],
  ['lxi', 'dhu'],
  ['lia', 'dhu'], // Yan northern wall
  ['zho', 'dai'],
  ['zho', 'tai'],
  ['zho', 'gao'], // Zhongshan wall
  ['ron', 'xio'],
  ['bei', 'xio'],
  ['sha', 'xio'],
  ['sha', 'lhu'], // Qin Zhaoxiang wall
];

/** Chinese names (simplified, as the power names) from the brief's identification column. */
const LOCAL_NAMES: Record<string, string> = {
  any: '安邑',
  ba: '巴',
  bei: '北地',
  boh: '渤海',
  cai: '蔡',
  cao: '曹',
  cha: '江夏',
  che: '陈',
  dai: '代',
  dal: '大梁',
  dan: '丹阳',
  diq: '帝丘',
  don: '东海郡',
  dhu: '东胡',
  ecs: '东海',
  gao: '高邑',
  gua: '广阳',
  hch: '汉中',
  han: '邯郸',
  hed: '河东',
  hen: '河内',
  hua: '淮阳',
  ji: '蓟',
  jia: '胶东',
  jin: '晋阳',
  jiu: '九江',
  jyi: '九夷',
  jyu: '九原',
  jul: '巨鹿',
  jpa: '居庸关',
  kor: '朝鲜湾',
  lia: '辽东',
  lba: '辽东湾',
  lxi: '辽西',
  lib: '历北',
  lhu: '林胡',
  lin: '临淄',
  lfa: '楼烦',
  lu: '鲁',
  luo: '洛阳',
  nan: '南郑',
  pin: '平阳',
  qur: '朐忍',
  ron: '戎',
  sha: '上郡',
  sgg: '上谷',
  syo: '上庸',
  stg: '上党',
  sli: '少梁',
  sch: '寿春',
  shu: '蜀',
  sis: '泗水',
  son: '宋',
  sny: '松阳',
  tai: '太原',
  tan: '砀',
  wei: '魏',
  wu: '吴',
  wpa: '武关',
  xia: '咸阳',
  xio: '匈奴',
  xu: '徐',
  yyu: '扬越',
  yzh: '阳翟',
  yan: '雁门',
  yyi: '鄢郢',
  ye: '邺',
  ylg: '夜郎',
  yel: '黄海',
  yin: '郢',
  ysh: '阴山',
  yiy: '宜阳',
  yon: '雍',
  yue: '越',
  yuy: '渔阳',
  zhe: '郑',
  zmo: '中牟',
  zho: '中山',
};

/** Other spellings players use (the seed itself writes "Diqui"; Chang-hsia without the hyphen; v1's West Zhou). */
const ALIASES: Record<string, string[]> = {
  diq: ['Diqui'],
  cha: ['Chang hsia', 'Changhsia'],
  hch: ['Hanzhong', 'West Zhou'],
  boh: ['Bohai', 'Bo Hai Sea'],
  jpa: ['Juyong'],
  wpa: ['Wuguan'],
  lba: ['Liaodong Gulf'],
  kor: ['Korea'],
  yel: ['Yellow'],
  ecs: ['East China'],
};

function main(): void {
  const rows = SEEDS_CSV.trim()
    .split('\n')
    .slice(1)
    .map((l) => l.split(','))
    .map(([abbr, name, kind, lat, lon]) => ({
      abbr: abbr!,
      name: name!,
      kind: kind!,
      lat: Number(lat),
      lon: Number(lon),
    }));

  const byId = new Map<string, { abbr: string; name: string; sea: boolean; seeds: [number, number][] }>();
  for (const r of rows) {
    const id = r.abbr.toLowerCase();
    const e = byId.get(id) ?? { abbr: r.abbr, name: r.name, sea: r.kind === 'sea', seeds: [] };
    e.seeds.push([r.lat, r.lon]);
    byId.set(id, e);
  }

  // Adjacency: the brief's pairs, plus any recorded change (ws-tweaks.ts).
  const pairs = new Set<string>();
  const key = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`);
  for (const line of EDGES.trim().split('\n')) {
    const [a, b] = line.split(',').map((s) => s.toLowerCase());
    pairs.add(key(a!, b!));
  }
  for (const c of EDGE_CHANGES) {
    if (c.op === 'add') pairs.add(key(c.a, c.b));
    else pairs.delete(key(c.a, c.b));
  }
  const neighbours = new Map<string, Set<string>>();
  for (const id of byId.keys()) neighbours.set(id, new Set());
  for (const p of pairs) {
    const [a, b] = p.split('|') as [string, string];
    if (!byId.has(a) || !byId.has(b)) throw new Error(`unknown province in edge ${p}`);
    neighbours.get(a)!.add(b);
    neighbours.get(b)!.add(a);
  }

  const isSea = (id: string) => byId.get(id)!.sea;
  const riverOf = new Map<string, string[]>();
  for (const [name, chain] of Object.entries(RIVERS))
    for (const id of chain) riverOf.set(id, [...(riverOf.get(id) ?? []), name]);
  const touchesSea = (id: string) => [...neighbours.get(id)!].some(isSea);
  const onRiver = (id: string) => !isSea(id) && riverOf.has(id);

  // Fleet adjacency: sea–sea, sea–coast, coast–coast along a shared coastline (both border one sea), and
  // consecutive spaces of a river chain (seed Fleets 4: "to sea areas, coastal provinces, or along rivers").
  const fleetPairs = new Set<string>();
  for (const p of pairs) {
    const [a, b] = p.split('|') as [string, string];
    if (isSea(a) || isSea(b)) fleetPairs.add(p);
    else if (touchesSea(a) && touchesSea(b)) {
      const seasA = [...neighbours.get(a)!].filter(isSea);
      if (seasA.some((s) => neighbours.get(b)!.has(s))) fleetPairs.add(p);
    }
  }
  for (const chain of Object.values(RIVERS)) {
    for (let i = 0; i + 1 < chain.length; i++) {
      const p = key(chain[i]!, chain[i + 1]!);
      if (!pairs.has(p)) throw new Error(`river step ${p} is not an adjacency`);
      fleetPairs.add(p);
    }
  }
  for (const [a, b] of WALLS) if (!pairs.has(key(a, b))) throw new Error(`wall ${a}|${b} is not a border`);

  const homeOf = new Map<string, Power>();
  for (const p of POWERS) for (const h of p.homes) homeOf.set(h, p.name);

  const ids = [...byId.keys()].sort();
  const provinces = ids.map((id) => {
    const e = byId.get(id)!;
    const kind = e.sea ? 'sea' : touchesSea(id) || onRiver(id) ? 'coast' : 'land';
    return {
      id,
      name: e.name,
      abbreviation: e.abbr,
      aliases: ALIASES[id] ?? [],
      localName: LOCAL_NAMES[id],
      kind,
      supplyCenter: homeOf.has(id) || NEUTRAL_CENTERS.includes(id),
      home: homeOf.get(id) ?? null,
      coasts: [] as string[],
    };
  });
  for (const id of ids) if (!LOCAL_NAMES[id]) throw new Error(`no local name for ${id}`);

  const armyAdjacency: Record<string, string[]> = {};
  const fleetAdjacency: Record<string, string[]> = {};
  for (const id of ids) {
    if (!isSea(id)) armyAdjacency[id] = [...neighbours.get(id)!].filter((n) => !isSea(n)).sort();
    const f = [...neighbours.get(id)!].filter((n) => fleetPairs.has(key(id, n))).sort();
    const kind = provinces.find((p) => p.id === id)!.kind;
    if (kind === 'sea' || kind === 'coast') fleetAdjacency[id] = f;
    else if (f.length > 0) throw new Error(`inland ${id} has fleet neighbours`);
  }

  // Drawing data is not made here: geometry.json comes from src/render/tools/build-ws-geometry.ts, and the
  // river courses (lat/lon) and the drawn Ji–Bo Hai link are kept from the current map.json.
  const current = JSON.parse(readFileSync(new URL('../src/variants/warring-states/map.json', import.meta.url), 'utf8'));

  const data = {
    id: 'warring-states',
    name: 'Warring States v2',
    description:
      'Samy Elias’s Warring States v2 (战国): seven states of 450–221 BC on a 78-area map of China with rivers and walls; fleets are raised from armies and are strong on rivers. 39 supply centres, 18 and strictly the most to win.',
    powers: POWERS.map(({ name, adjective, color, altColor, localName }) => ({
      name,
      adjective,
      color,
      altColor,
      localName,
    })),
    provinces,
    armyAdjacency,
    fleetAdjacency,
    startingPhase: { season: 'spring', year: 1, type: 'movement' },
    startingUnits: POWERS.flatMap((p) => p.homes.map((h) => ({ power: p.name, type: 'A', province: h, coast: null }))),
    victory: { centers: 18, strictlyMost: true },
    links: current.links ?? [],
    features: {
      rivers: RIVERS,
      walls: WALLS.map(([province, neighbour]) => ({ province, neighbour })),
      rulers: Object.fromEntries(POWERS.map((p) => [p.name, p.ruler])),
      riverCourses: current.features?.riverCourses ?? {},
    },
  };
  writeFileSync(
    new URL('../src/variants/warring-states/map.json', import.meta.url),
    `${JSON.stringify(data, null, 1)}\n`,
  );
  console.log(`wrote map.json: ${provinces.length} areas, ${pairs.size} borders, ${fleetPairs.size} fleet borders`);
}

if (process.argv[1]?.endsWith('ws-build-map.ts')) main();
