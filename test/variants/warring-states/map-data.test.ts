/**
 * The Warring States map data against the seed and the geography brief (decisions 1–7, §4.1 SOURCE constraints).
 */
import { describe, expect, it } from 'vitest';
import { getVariant } from '../../../src/variants/index.js';
import { warringStates as v, warringStatesFeatures as f } from '../../../src/variants/warring-states/index.js';

const map = v.map;
const armyAdj = (a: string, b: string) => map.armyCanMove(a, b);
const fleetAdj = (a: string, b: string) => map.fleetCanMove({ province: a, coast: null }, { province: b, coast: null });
const adjacent = (a: string, b: string) => map.neighbours(a).has(b);

/** The seed's abbreviation table. */
const SEED_ABBREVIATIONS =
  `Any Ba Bei BOH Cai Cao Cha Che Dai Dal Dan Diq Don Dhu ECS Gao Gua Hch Han Hed Hen Hua Ji Jia Jin Jiu Jyi Jyu Jul
JPa KOR Lia LBA Lxi Lib Lhu Lin Lfa Lu Luo Nan Pin Qur Ron Sha Sgg Syo Stg Sli Sch Shu Sis Son Sny Tai Tan Wei Wu WPa Xia Xio Xu Yyu
Yzh Yan Yyi Ye Ylg YEL Yin Ysh Yiy Yon Yue Yuy Zhe Zmo Zho`.split(/\s+/);

describe('Warring States map: counts (seed, brief decisions 1 and 5)', () => {
  it('is registered', () => {
    expect(getVariant('warring-states')).toBe(v);
    expect(getVariant('Warring-States')).toBe(v);
  });

  it('has the 78 areas of the seed table, ids = abbreviations lowercased, 5 of them seas', () => {
    expect(SEED_ABBREVIATIONS).toHaveLength(78);
    expect(map.provinceIds()).toEqual(SEED_ABBREVIATIONS.map((a) => a.toLowerCase()).sort());
    for (const a of SEED_ABBREVIATIONS) expect(map.province(a.toLowerCase())!.abbreviation).toBe(a);
    expect(
      map
        .provinceIds()
        .filter((id) => map.isSea(id))
        .sort(),
    ).toEqual(['boh', 'ecs', 'kor', 'lba', 'yel']);
    expect(map.provinceIds().every((id) => map.province(id)!.localName)).toBe(true);
  });

  it('has 39 supply centres: 21 home and 18 neutral, Hanchung among the neutral ones', () => {
    expect(map.supplyCenters()).toHaveLength(39);
    const homes = map.supplyCenters().filter((id) => map.province(id)!.home !== null);
    expect(homes).toHaveLength(21);
    expect(map.province('hch')!.supplyCenter).toBe(true);
    expect(map.province('hch')!.home).toBeNull();
  });

  it('has seven powers with three armies each on their home centres (seed "Great Powers and Starting Forces")', () => {
    const start: Record<string, string[]> = {
      Qin: ['nan', 'xia', 'yon'],
      Chu: ['cha', 'sch', 'yin'],
      Zhao: ['han', 'jin', 'tai'],
      Wei: ['dal', 'wei', 'zmo'],
      Han: ['luo', 'yiy', 'yzh'],
      Yan: ['ji', 'lxi', 'yuy'],
      Qi: ['jia', 'lib', 'lin'],
    };
    expect(v.powers.map((p) => p.name)).toEqual(Object.keys(start));
    expect(v.powers.map((p) => p.localName)).toEqual(['秦', '楚', '赵', '魏', '韩', '燕', '齐']);
    const pos = v.startingPosition();
    for (const [power, homes] of Object.entries(start)) {
      expect(map.homeCenters(power)).toEqual(homes);
      expect(
        pos.units
          .filter((u) => u.power === power)
          .map((u) => `${u.type} ${u.province}`)
          .sort(),
      ).toEqual(homes.map((h) => `A ${h}`));
      expect(pos.supplyCenters[power]).toEqual(homes);
    }
    expect(f.rulers).toEqual({
      Qin: 'Qin Ligong',
      Chu: 'Chu Huiwang',
      Zhao: 'Zhao Jianzi',
      Wei: 'Wei Huanzi',
      Han: 'Han Kangzi',
      Yan: 'Yan Chenggong',
      Qi: 'Qi Xuangong',
    });
  });

  it('has distinct colours and distinct colour-blind alternatives', () => {
    expect(new Set(v.powers.map((p) => p.color.toLowerCase())).size).toBe(7);
    expect(new Set(v.powers.map((p) => p.altColor!.toLowerCase())).size).toBe(7);
  });

  it('needs 18 centres and strictly more than anyone else to win (seed "Victory")', () => {
    expect(v.victory).toEqual({ centers: 18, strictlyMost: true });
  });
});

describe('Warring States map: SOURCE constraints of the brief §4.1', () => {
  it('Bo Hai–Linzi, Linzi–Diqiu–Wei consecutive on a river (RRM rule 1: Bo Hai -> Linzi -> Diqui -> Wei)', () => {
    expect(fleetAdj('boh', 'lin')).toBe(true);
    expect(
      f.riverConsecutive('boh', 'lin') && f.riverConsecutive('lin', 'diq') && f.riverConsecutive('diq', 'wei'),
    ).toBe(true);
    for (const id of ['lin', 'diq', 'wei']) expect(f.isRiverProvince(id)).toBe(true);
  });

  it('Xianyang–Anyi–Luoyang–Zheng consecutive river spaces (RRM rule 1)', () => {
    expect(
      f.riverConsecutive('xia', 'any') && f.riverConsecutive('any', 'luo') && f.riverConsecutive('luo', 'zhe'),
    ).toBe(true);
  });

  it('Korea Bay borders Bo Hai (the invalid example needs Bo Hai as an intervening sea)', () => {
    expect(fleetAdj('kor', 'boh')).toBe(true);
  });

  it('Wu: a river province bordering the East China Sea, Songyang and Jiuyi; Jiuyi coastal and off the rivers (FF examples 8–10)', () => {
    expect(f.isRiverProvince('wu')).toBe(true);
    expect(fleetAdj('ecs', 'wu')).toBe(true);
    expect(armyAdj('sny', 'wu')).toBe(true);
    expect(armyAdj('jyi', 'wu')).toBe(true);
    expect(fleetAdj('jyi', 'wu')).toBe(true);
    expect(f.isRiverProvince('jyi')).toBe(false);
    expect(map.province('jyi')!.kind).toBe('coast');
    expect(f.isRiverProvince('sny')).toBe(false);
  });

  it('Luoyang borders Hanchung with no wall on either side (seed Map Notes, West Zhou renamed)', () => {
    expect(armyAdj('luo', 'hch')).toBe(true);
    expect(f.hasWall('luo', 'hch') || f.hasWall('hch', 'luo')).toBe(false);
  });

  it('Hanchung lies beside the Yellow River, off it (brief decision 3)', () => {
    expect(f.isRiverProvince('hch')).toBe(false);
  });

  it('no impassable areas; every area reachable by armies from every land area', () => {
    expect(map.provinceIds().some((id) => map.province(id)!.kind === 'impassable')).toBe(false);
    const land = map.provinceIds().filter((id) => !map.isSea(id));
    const seen = new Set(['xia']);
    const queue = ['xia'];
    while (queue.length)
      for (const n of map.armyNeighbours(queue.shift()!)) if (!seen.has(n)) seen.add(n), queue.push(n);
    expect([...seen].sort()).toEqual(land.sort());
  });
});

describe('Warring States map: adjacency', () => {
  const ids = map.provinceIds();

  it('is symmetric for armies and fleets', () => {
    for (const a of ids) {
      for (const b of map.armyNeighbours(a)) expect(armyAdj(b, a), `${a}-${b}`).toBe(true);
      for (const b of map.fleetNeighbours({ province: a, coast: null })) expect(fleetAdj(b, a), `${a}-${b}`).toBe(true);
    }
  });

  it('armies never enter seas; fleets only stand on seas and coastal or river provinces', () => {
    for (const a of ids) {
      for (const b of map.armyNeighbours(a)) expect(map.isSea(b)).toBe(false);
      const fleetable = map.isFleetable(a);
      expect(fleetable, a).toBe(map.province(a)!.kind !== 'land');
    }
  });

  it('a land province is `coast` exactly when it touches a sea or lies on a game river', () => {
    for (const a of ids.filter((id) => !map.isSea(id))) {
      const touchesSea = [...map.neighbours(a)].some((n) => map.isSea(n));
      expect(map.province(a)!.kind === 'coast', a).toBe(touchesSea || f.isRiverProvince(a));
    }
  });

  it('fleets move along shared coasts or between consecutive river spaces only', () => {
    for (const a of ids) {
      for (const b of map.fleetNeighbours({ province: a, coast: null })) {
        if (map.isSea(a) || map.isSea(b)) continue;
        const sharedSea = [...map.neighbours(a)].some((s) => map.isSea(s) && map.neighbours(b).has(s));
        expect(sharedSea || f.riverConsecutive(a, b), `${a}-${b}`).toBe(true);
      }
    }
    expect(fleetAdj('yin', 'yyi')).toBe(false); // both on rivers, but on different rivers
    expect(fleetAdj('lin', 'don')).toBe(false); // coasts on different seas
  });

  it('the four rivers are chains of adjacent spaces, source → sea (brief decisions 3 and 4)', () => {
    expect(f.rivers).toEqual({
      Yellow: ['sli', 'any', 'luo', 'zhe', 'zmo', 'dal', 'wei', 'diq', 'lin', 'boh'],
      Wei: ['ron', 'yon', 'xia', 'any'],
      Yangtze: ['ba', 'qur', 'yin', 'cha', 'jiu', 'wu', 'ecs'],
      Han: ['nan', 'syo', 'dan', 'yyi', 'cha'],
    });
    for (const chain of Object.values(f.rivers)) {
      for (let i = 0; i + 1 < chain.length; i++)
        expect(fleetAdj(chain[i]!, chain[i + 1]!), `${chain[i]}-${chain[i + 1]}`).toBe(true);
    }
  });

  it('every wall stands on a real border, with at most one side walled (brief decision 6)', () => {
    expect(f.walls).toHaveLength(31);
    for (const w of f.walls) {
      expect(adjacent(w.province, w.neighbour), `${w.province}|${w.neighbour}`).toBe(true);
      expect(f.hasWall(w.neighbour, w.province)).toBe(false);
    }
  });

  it('Ji can raise a fleet (seed Fleets 1 example "Army Ji Raise Fleet"): it has a Bo Hai coast', () => {
    expect(map.province('ji')!.kind).toBe('coast');
    expect(fleetAdj('ji', 'boh')).toBe(true);
  });

  it('draws a point for every area, inside the picture', () => {
    const g = v.data.geometry!;
    expect(Object.keys(g.points).sort()).toEqual(ids);
    for (const pts of Object.values(g.points))
      for (const [x, y] of pts) {
        expect(x).toBeGreaterThan(0);
        expect(x).toBeLessThan(g.width);
        expect(y).toBeGreaterThan(0);
        expect(y).toBeLessThan(g.height);
      }
  });
});

describe('Warring States map: the shared checks (maps check)', () => {
  it('passes checkVariantData', async () => {
    const { checkVariantData } = await import('../../../src/variants/check.js');
    expect(checkVariantData(v)).toEqual([]);
  });

  it('passes checkGeometry: the drawn borders equal the adjacency', async () => {
    const { checkGeometry } = await import('../../../src/render/check.js');
    expect(checkGeometry(v)).toEqual([]);
  });
});
