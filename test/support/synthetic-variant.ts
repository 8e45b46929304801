/**
 * A large made-up variant for the import and render benchmarks (bench/variant-import.ts): `powers` powers on a
 * `cols` × `rows` grid of jittered Voronoi provinces over a 6000 × 4000 frame, land and sea from a smooth field, three
 * home centres per power and some neutral ones, adjacency from the drawn borders. Deterministic for a seed. Written
 * as a DiploGM folder (variant-formats.ts) with wiggly, finely drawn outlines it makes a multi-megabyte SVG, the size
 * of the largest community variants, generated at bench time rather than stored.
 */
import { computeGeometry, borderKey } from '../../src/render/geometry.js';
import type { Variant } from '../../src/engine/variant.js';
import { buildVariant, parseVariantData } from '../../src/variants/build.js';
import type { VariantDataInput } from '../../src/variants/schema.js';

const WIDTH = 6000;
const HEIGHT = 4000;
const COLOURS = [
  '#c53328',
  '#20297f',
  '#2e9e4f',
  '#e8c21d',
  '#b154af',
  '#fc7e1a',
  '#1eb4a5',
  '#875a2d',
  '#444543',
  '#e17896',
];

function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Land where this smooth field is high: a few continents with seas between. */
const landField = (x: number, y: number) =>
  Math.sin(x / 900) * Math.cos(y / 700) + 0.6 * Math.sin((x + y) / 1300) + 0.3 * Math.cos(x / 380 - y / 450);

export function syntheticVariant(opts: { powers: number; cols: number; rows: number; seed: number }): Variant {
  const random = rng(opts.seed);
  const ids: string[] = [];
  const points: Record<string, [number, number][]> = {};
  const sea = new Set<string>();
  for (let r = 0; r < opts.rows; r++)
    for (let c = 0; c < opts.cols; c++) {
      const id = `r${r}c${c}`;
      const x = ((c + 0.2 + random() * 0.6) * WIDTH) / opts.cols;
      const y = ((r + 0.2 + random() * 0.6) * HEIGHT) / opts.rows;
      ids.push(id);
      points[id] = [[x, y]];
      if (landField(x, y) < -0.15) sea.add(id);
    }
  const base = {
    id: 'synthetic',
    name: 'Synthetic',
    powers: [
      { name: 'P0', color: '#000000' },
      { name: 'P1', color: '#000000' },
    ],
    provinces: ids.map((id) => ({
      id,
      name: id,
      abbreviation: id,
      kind: sea.has(id) ? 'sea' : 'land',
      supplyCenter: false,
      home: null,
    })),
    armyAdjacency: {},
    fleetAdjacency: {},
    startingPhase: { season: 'spring', year: 1901, type: 'movement' },
    startingUnits: [],
    victory: { centers: 1 },
    geometry: { width: WIDTH, height: HEIGHT, points },
  } as VariantDataInput;
  const g = computeGeometry(parseVariantData(base));
  if (!g.ok) throw new Error(g.error);
  const touching = (a: string, b: string) => (g.geometry.borderIndex.get(borderKey(a, b))?.length ?? 0) > 8;
  return buildVariant(parseVariantData(withGame(base, ids, sea, touching, opts.powers, random)));
}

/** Adjacency, names, powers, homes and units on the drawn provinces. */
function withGame(
  base: VariantDataInput,
  ids: string[],
  sea: Set<string>,
  touching: (a: string, b: string) => boolean,
  powers: number,
  random: () => number,
): VariantDataInput {
  const near = new Map(ids.map((a) => [a, ids.filter((b) => b !== a && touching(a, b))]));
  const coast = new Set(ids.filter((id) => !sea.has(id) && near.get(id)!.some((n) => sea.has(n))));
  const sharedSea = (a: string, b: string) => near.get(a)!.some((s) => sea.has(s) && near.get(b)!.includes(s));
  const army = Object.fromEntries(
    ids.filter((id) => !sea.has(id)).map((id) => [id, near.get(id)!.filter((n) => !sea.has(n))]),
  );
  const fleet = Object.fromEntries(
    ids
      .filter((id) => sea.has(id) || coast.has(id))
      .map((id) => [
        id,
        near.get(id)!.filter((n) => sea.has(n) || (coast.has(n) && (sea.has(id) || sharedSea(id, n)))),
      ]),
  );
  const land = ids.filter((id) => !sea.has(id));
  const homes = new Map<string, string>();
  const names = Array.from({ length: powers }, (_, i) => `Power ${String.fromCharCode(65 + i)}`);
  names.forEach((power, i) => {
    let at = land[Math.floor(((i + 0.5) / powers) * land.length)]!;
    for (let k = 0; k < 3; k++) {
      homes.set(at, power);
      at = near.get(at)!.find((n) => !sea.has(n) && !homes.has(n)) ?? at;
    }
  });
  const neutral = land.filter((id) => !homes.has(id) && random() < 0.2);
  const centres = new Set([...homes.keys(), ...neutral]);
  return {
    ...base,
    id: 'synthetic',
    name: 'Synthetic Ten',
    powers: names.map((name, i) => ({ name, color: COLOURS[i % COLOURS.length]! })),
    provinces: ids.map((id) => ({
      id,
      name: `Region ${id.slice(1).replace('c', ' ')}`,
      abbreviation: id,
      kind: sea.has(id) ? 'sea' : coast.has(id) ? 'coast' : 'land',
      supplyCenter: centres.has(id),
      home: homes.get(id) ?? null,
    })),
    armyAdjacency: army,
    fleetAdjacency: fleet,
    startingUnits: [...homes].map(([province, power]) => ({ power, type: coast.has(province) ? 'F' : 'A', province })),
    victory: { centers: Math.floor(centres.size / 2) + 1 },
  } as VariantDataInput;
}
