/** The Mandate of Heaven map (brief §2) and rule 5 (victory, brief §3.5 and §5 scenario 16). */
import { describe, expect, it } from 'vitest';
import { checkGeometry } from '../../../src/render/check.js';
import { WS_SEEDS } from '../../../src/render/tools/china-seeds.js';
import { MOH_PROJECTION, mohSeeds } from '../../../src/render/tools/moh-seeds.js';
import { checkVariantData } from '../../../src/variants/check.js';
import { getVariant } from '../../../src/variants/index.js';
import { mandateFeatures as f, mandateOfHeaven as v } from '../../../src/variants/mandate-of-heaven/index.js';
import { warringStates as ws } from '../../../src/variants/warring-states/index.js';
import { check, FALL_1, run, type MohCase } from './harness.js';

describe('Mandate of Heaven map data (brief §2)', () => {
  const provinces = v.data.provinces;

  it('is registered and passes maps check (data and drawn borders)', () => {
    expect(getVariant('mandate-of-heaven')).toBe(v);
    expect(checkVariantData(v)).toEqual([]);
    expect(checkGeometry(v)).toEqual([]);
  });

  it('§2.6: 80 areas, 5 seas, 21 river provinces (15 Hwang Ho, 6 Yang Tze), 31 river fleet edges', () => {
    expect(provinces).toHaveLength(80);
    expect(provinces.filter((p) => p.kind === 'sea')).toHaveLength(5);
    expect(f.data.riverProvinces['Hwang Ho']).toHaveLength(15);
    expect(f.data.riverProvinces['Yang Tze']).toHaveLength(6);
    expect(Object.values(f.data.riverEdges).flat()).toHaveLength(31);
  });

  it('§2.3: 30 centres, 27 Chinese; Choson, Pei Choushi and Tung Yueh do not count for victory', () => {
    const centres = v.map.supplyCenters();
    expect(centres).toHaveLength(30);
    expect(centres.filter((c) => !f.nonVictoryCenters.has(c))).toHaveLength(27);
    expect([...f.nonVictoryCenters].sort()).toEqual(['cho', 'pch', 'tyu']);
  });

  it('§2.2/§2.3: eight players (24 units after placement) and nine neutral powers with one centre and one army each', () => {
    const start = v.startingPosition();
    expect(v.powers).toHaveLength(17);
    expect(start.units.filter((u) => !f.isNeutral(u.power))).toHaveLength(21);
    for (const n of f.neutrals) {
      expect(start.supplyCenters[n], n).toHaveLength(1);
      expect(
        start.units.filter((u) => u.power === n).map((u) => u.type),
        n,
      ).toEqual(['A']);
    }
    expect(start.supplyCenters['Hsiung-Nu']).toEqual([]);
    expect(start.phase).toEqual({ season: 'winter', year: 0, type: 'adjustment' });
    expect(
      start.units
        .filter((u) => u.type === 'F')
        .map((u) => `${u.power} ${u.province}`)
        .sort(),
    ).toEqual(['Chu yin', 'Qi jia', 'Yan yuy']);
  });

  it('§2.4: the placement area, with Pei Choushi occupied at the start', () => {
    expect([...f.placementArea].sort()).toEqual(['bei', 'dhu', 'jyu', 'lfa', 'lhu', 'pch', 'qia', 'ron', 'ysh']);
    expect(v.startingPosition().units.find((u) => u.province === 'pch')?.power).toBe('Pei Choushi');
  });

  it('§2.1/§2.8: one base layer — every Warring States cell seeded as in Warring States (renamed), plus qia and cho', () => {
    const cells = f.baseGeometry.cells;
    expect(Object.keys(cells)).toHaveLength(78);
    expect(cells).toMatchObject({ pch: 'xio', tyu: 'yue', hgu: 'hch', bma: 'wei', hdn: 'han', ymn: 'yan' });
    const seeds = mohSeeds(cells);
    for (const [id, wsId] of Object.entries(cells)) expect(seeds[id], id).toEqual(WS_SEEDS[wsId]);
    expect(seeds.qia).toEqual([[35.0, 100.5]]);
    expect(seeds.cho).toEqual([
      [39.0, 125.8],
      [40.9, 126.6],
    ]);
    expect(Object.keys(seeds).sort()).toEqual(v.map.provinceIds());
    // The committed geometry was built with this projection, which holds the new seeds.
    const g = v.data.geometry!;
    expect(g.projection).toEqual(MOH_PROJECTION);
    expect(MOH_PROJECTION.west).toBeLessThan(100.5);
    expect(MOH_PROJECTION.east).toBeGreaterThan(126.6);
    expect(Object.keys(g.points).sort()).toEqual(v.map.provinceIds());
    // Qiang is the westernmost cell, Choson the easternmost land cell.
    const meanX = (id: string) => g.points[id]!.reduce((s, p) => s + p[0], 0) / g.points[id]!.length;
    const land = v.map.provinceIds().filter((id) => v.map.isLand(id));
    expect(Math.min(...land.map(meanX))).toBe(meanX('qia'));
    expect(Math.max(...land.map(meanX))).toBe(meanX('cho'));
  });

  it('draws its own rivers: the Hwang Ho from Longmen (touching Hedong) and the Yang Tze from Ba', () => {
    const rivers = v.data.features!.rivers as Record<string, string[]>;
    expect(Object.keys(rivers).sort()).toEqual(['Hwang Ho', 'Yang Tze']);
    for (const [name, chain] of Object.entries(rivers)) {
      expect(chain.filter((id) => !v.map.isSea(id)).sort(), name).toEqual([...f.data.riverProvinces[name]!].sort());
    }
    expect(rivers['Hwang Ho']).toContain('hed');
    expect(Object.keys(v.data.features!.riverCourses as object).sort()).toEqual(['Hwang Ho', 'Yang Tze']);
  });

  it('Ji reaches the Bo Hai by a drawn link (the Hai river), as in Warring States', () => {
    expect(v.data.links).toEqual(ws.data.links);
    expect(v.map.neighbours('ji').has('boh')).toBe(true);
  });

  it('§2.1: the new cells add exactly cho–lia, cho–kor, cho–yel, qia–ron, qia–shu, qia–pch', () => {
    expect([...v.map.neighbours('cho')].sort()).toEqual(['kor', 'lia', 'yel']);
    expect([...v.map.neighbours('qia')].sort()).toEqual(['pch', 'ron', 'shu']);
  });
});

const qin14 = ['yon', 'xia', 'nan', 'shu', 'luo', 'any', 'dal', 'ye', 'zhe', 'yzh', 'yiy', 'son', 'che'];
const victory: MohCase[] = [
  {
    name: '§5 scenario 16: 14 centres including Choson are 13 Chinese centres → no win',
    phase: FALL_1,
    units: ['Qin A cho'],
    supplyCenters: { Qin: [...qin14].sort(), Chu: ['sch', 'yin'], Choson: ['cho'] },
    expect: { winner: null },
  },
  {
    name: '§5 scenario 16: 14 Chinese centres → win after the Fall update',
    phase: FALL_1,
    units: ['Qin A sch'],
    supplyCenters: { Qin: [...qin14].sort(), Chu: ['sch', 'yin'], Choson: ['cho'] },
    expect: { winner: 'Qin' },
  },
  {
    name: 'rule 5: 13 Chinese centres and all three non-Chinese ones (16 in all) → no win',
    phase: FALL_1,
    units: ['Qin A cho', 'Qin A pch', 'Qin A tyu'],
    supplyCenters: { Qin: [...qin14].sort(), Chu: ['sch', 'yin'] },
    expect: { winner: null },
  },
];

describe('Mandate of Heaven rule 5: victory at 14 Chinese centres (brief §3.5)', () => {
  for (const c of victory) it(c.name, () => check(c, run(c)));
});

describe('Mandate of Heaven map image data', () => {
  it('§2.4: the black band is drawn along exactly the 21 borders of the placement area, on its side', () => {
    const walls = (v.data.features as { walls: { province: string; neighbour: string }[] }).walls;
    const pairs = walls.map((w) => [w.province, w.neighbour].sort().join('-')).sort();
    expect(pairs).toEqual([
      'bei-sha',
      'bei-sli',
      'bei-xia',
      'bei-yon',
      'dhu-jpa',
      'dhu-lia',
      'dhu-lxi',
      'dhu-sgg',
      'dhu-yuy',
      'jin-lfa',
      'lfa-sha',
      'lfa-tai',
      'lfa-ymn',
      'lhu-sha',
      'nan-ron',
      'pch-sha',
      'qia-shu',
      'ron-shu',
      'ron-yon',
      'sgg-ysh',
      'ymn-ysh',
    ]);
    for (const w of walls) expect(f.placementArea, w.province).toContain(w.province);
  });
});
