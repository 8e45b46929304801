import { describe, expect, it } from 'vitest';
import type { OrderResult, Position } from '../../src/engine/types.js';
import { buildScene, type Scene } from '../../src/render/index.js';
import type { Point } from '../../src/render/geometry.js';
import { overlaps } from '../../src/render/placement.js';
import { tint } from '../../src/render/palette.js';
import { allVariants } from '../../src/variants/index.js';
import { phaseLabel } from '../../src/game/core/summary.js';
import { phaseTitle } from '../../src/render/build-scene.js';
import { galleryImages } from '../../src/render/gallery.js';
import { classic, insideProvince, ordersFor, tinySides, tinyVariant } from './helpers.js';
import { shaftGap } from './head-to-head.js';

function sceneOf(position: Position, opts: Parameters<typeof buildScene>[2] = {}, variant = classic): Scene {
  const r = buildScene(variant, position, opts);
  if (!r.ok) throw new Error(r.error);
  return r.scene;
}

const start = classic.startingPosition();
/** The Classic provinces too small for their code at 20 px: labelled beside, with a leader line. */
const CLASSIC_BESIDE = [
  'alb',
  'apu',
  'bel',
  'cly',
  'den',
  'edi',
  'gre',
  'hol',
  'lvp',
  'pie',
  'rom',
  'ruh',
  'tus',
  'ven',
  'yor',
];
const color = (power: string) => classic.powers.find((p) => p.name === power)!.color;

describe('titles: one form, as the game posts it', () => {
  it("names every phase of every variant as the game's posts do (`Spring 1903 movement`)", () => {
    for (const v of allVariants()) {
      for (const season of ['spring', 'fall', 'winter'] as const)
        for (const type of ['movement', 'retreat', 'adjustment'] as const) {
          const phase = { season, year: v.startingPosition().phase.year + 2, type };
          const position = { ...v.startingPosition(), phase };
          expect(phaseTitle(position, v), `${v.id} ${season} ${type}`).toBe(phaseLabel(phase, v));
          expect(sceneOf(position, {}, v).title.text).toBe(`${v.name} · ${phaseLabel(phase, v)}`);
        }
    }
  });

  it('titles every gallery picture `<variant> · <phase> · <what it shows>`', () => {
    for (const g of galleryImages()) {
      const title = sceneOf(g.position, g.opts, g.variant).title.text;
      expect(title.startsWith(`${g.variant.name} · ${phaseLabel(g.position.phase, g.variant)}`), title).toBe(true);
    }
  });
});

describe('buildScene: the position', () => {
  const scene = sceneOf(start);

  it('lays out title, map and legend at the requested width', () => {
    expect(scene.width).toBe(1600);
    expect(scene.frame.w).toBe(1600);
    expect(scene.height).toBe(scene.frame.y + scene.frame.h + scene.legend.box.h);
    expect(scene.title.text).toBe('Classic Diplomacy · Spring 1901 movement');
    expect(sceneOf(start, { width: 800 }).width).toBe(800);
    expect(sceneOf(start, { title: 'Game 7 · Spring 1901 · results' }).title.text).toBe(
      'Game 7 · Spring 1901 · results',
    );
    expect(scene.warnings).toEqual([]);
  });

  it('draws every unit inside its province, in its owner colour', () => {
    expect(scene.units).toHaveLength(22);
    for (const unit of scene.units) {
      expect(insideProvince(classic, scene, unit.at, unit.location.split('/')[0]), unit.location).toBe(true);
      expect(unit.fill).toBe(color(unit.power));
      expect(unit.dislodged).toBe(false);
    }
    expect(scene.units.find((u) => u.location === 'stp/sc')?.type).toBe('F');
  });

  it('puts each coast of a split-coast province on its own side', () => {
    const nc = sceneOf({ ...start, units: [{ power: 'France', type: 'F', province: 'spa', coast: 'nc' }] }).units[0];
    const sc = sceneOf({ ...start, units: [{ power: 'France', type: 'F', province: 'spa', coast: 'sc' }] }).units[0];
    expect(nc.at[1]).toBeLessThan(sc.at[1]); // north coast above south coast
    expect(insideProvince(classic, scene, nc.at, 'spa') && insideProvince(classic, scene, sc.at, 'spa')).toBe(true);
  });

  it('tints territory and supply centres by owner, seas blue', () => {
    const region = (id: string) => scene.regions.find((r) => r.id === id)!;
    expect(region('mos').fill).toBe(tint(color('Russia'), 0.42));
    expect(region('mos').owner).toBe('Russia');
    expect(region('bur').owner).toBeNull();
    expect(region('nth').kind).toBe('sea');
    expect(region('swi').kind).toBe('impassable');
    expect(scene.centers).toHaveLength(34);
    expect(scene.centers.find((c) => c.province === 'vie')?.fill).toBe(color('Austria'));
    expect(scene.centers.find((c) => c.province === 'bel')?.owner).toBeNull();
    for (const c of scene.centers) expect(insideProvince(classic, scene, c.at, c.province), c.province).toBe(true);
  });

  it('switches to the colour-blind palette', () => {
    const cb = sceneOf(start, { palette: 'colorblind' });
    const alt = (power: string) => classic.powers.find((p) => p.name === power)!.altColor;
    expect(cb.units.find((u) => u.power === 'England')?.fill).toBe(alt('England'));
    expect(cb.legend.entries.find((e) => e.power === 'Turkey')?.color).toBe(alt('Turkey'));
    expect(cb.regions.find((r) => r.id === 'lon')?.fill).toBe(
      classic.powers.find((p) => p.name === 'England')!.altLandColor,
    );
  });

  it('labels every province once, inside it, never overlapping another label, a unit or a centre', () => {
    expect(scene.labels.map((l) => l.province).sort()).toEqual(classic.map.provinceIds());
    const units = scene.units.map((u) => ({ x: u.at[0] - u.size, y: u.at[1] - u.size, w: 2 * u.size, h: 2 * u.size }));
    const centers = scene.centers.map((c) => ({
      x: c.at[0] - c.radius,
      y: c.at[1] - c.radius,
      w: 2 * c.radius,
      h: 2 * c.radius,
    }));
    const beside = scene.labels.filter((l) => !l.inside).map((l) => l.province);
    // Classic's codes are 20 px high at 1600 px (6.9 px at Discord's 550 px preview): the smallest provinces have no
    // room for one inside, and show it beside them with a leader line.
    expect(beside.sort()).toEqual(CLASSIC_BESIDE);
    scene.labels.forEach((l, i) => {
      expect(l.size).toBeGreaterThanOrEqual(20 * (scene.width / 1600)); // legible at the preview
      if (!l.inside) expect(l.leader, l.province).toBeDefined();
      expect(insideProvince(classic, scene, l.at, l.province) || beside.includes(l.province), l.province).toBe(true);
      for (const other of scene.labels.slice(i + 1))
        expect(overlaps(l.box, other.box), `${l.province}/${other.province}`).toBe(false);
      for (const box of [...units, ...centers]) expect(overlaps(l.box, box), l.province).toBe(false);
    });
  });

  it('legend: each power with its colour and centre count', () => {
    expect(scene.legend.entries.map((e) => [e.power, e.centers])).toEqual([
      ['Austria', 3],
      ['England', 3],
      ['France', 3],
      ['Germany', 3],
      ['Italy', 3],
      ['Russia', 4],
      ['Turkey', 3],
    ]);
    expect(scene.legend.entries[0].text).toBe('Austria 3');
  });

  it('draws borders of three kinds: coasts where land meets sea', () => {
    const kinds = Object.fromEntries(scene.borders.map((b) => [b.kind, b.segments.length]));
    expect(kinds.coast).toBeGreaterThan(50);
    expect(kinds.land).toBeGreaterThan(50);
    expect(kinds.sea).toBeGreaterThan(10);
  });

  it('never throws on malformed input: an error or a warning instead', () => {
    const bad = buildScene(classic, { units: 'nope' } as unknown as Position);
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.error).toMatch(/^cannot draw this position: /);
    expect(buildScene(classic, null as unknown as Position)).toEqual({ ok: false, error: 'no position to draw' });
    const s = sceneOf(start, {
      orders: [
        { power: 'France', order: { kind: 'move' } as never },
        {
          power: 'France',
          order: {
            kind: 'move',
            unit: { type: 'A', province: 'par', coast: null },
            to: { province: 'atlantis', coast: null },
            viaConvoy: false,
          },
        },
      ],
    });
    expect(s.orders).toEqual([]);
    expect(s.warnings).toHaveLength(2);
    expect(s.warnings[0]).toMatch(/^cannot draw order 1: /);
    expect(s.warnings[1]).toBe('cannot draw an order of France: a location is not on the map');
  });

  it('leaves out units on unknown provinces with a warning', () => {
    const s = sceneOf({ ...start, units: [{ power: 'France', type: 'A', province: 'atlantis', coast: null }] });
    expect(s.units).toEqual([]);
    expect(s.warnings).toEqual(['unit A atlantis of France is not on the map']);
  });
});

describe('buildScene: orders and results', () => {
  const unitAt = (scene: Scene, loc: string) => scene.units.find((u) => u.location === loc)!.at;
  const orders = ordersFor(start, {
    France: 'A par - bur; A mar S A par - bur; F bre H',
    Germany: 'A mun - bur; A ber S A mun',
    Turkey: 'F ank C A con - sev',
  });
  const results: OrderResult[] = [
    { power: 'France', unit: 'A par', order: 'A par - bur', result: 'success', reason: '' },
    { power: 'France', unit: 'A mar', order: 'A mar S A par - bur', result: 'success', reason: '' },
    { power: 'France', unit: 'F bre', order: 'F bre H', result: 'success', reason: '' },
    { power: 'Germany', unit: 'A mun', order: 'A mun - bur', result: 'failure', reason: 'bounced' },
    { power: 'Germany', unit: 'A ber', order: 'A ber S A mun', result: 'success', reason: '' },
    { power: 'Turkey', unit: 'F ank', order: 'F ank C A con - sev', result: 'illegal', reason: 'not a sea' },
  ];
  const scene = sceneOf(start, { orders, results });
  const mark = (text: string) => scene.orders.find((o) => o.order === text)!;

  it('one mark per order, of the right kind, in the power colour', () => {
    expect(scene.orders.map((o) => [o.kind, o.order])).toEqual([
      ['move', 'A par - bur'],
      ['support', 'A mar S A par - bur'],
      ['hold', 'F bre H'],
      ['move', 'A mun - bur'],
      ['support', 'A ber S A mun'],
      ['convoy', 'F ank C A con - sev'],
    ]);
    expect(mark('A par - bur').color).toBe(color('France'));
  });

  it('move arrows run from the unit to the destination anchor', () => {
    const m = mark('A par - bur');
    expect(m.points[0]).toEqual(unitAt(scene, 'par'));
    expect(insideProvince(classic, scene, m.points[1], 'bur')).toBe(true);
  });

  it('a support to move points at the move target; a support to hold at the unit', () => {
    // To the supported arrow (webDiplomacy, Backstabbr), not to the unit standing in its way: its middle, or a head
    // length behind its head where the middle is close behind it (Paris–Burgundy), so it never reads as Marseilles' move.
    const move = mark('A par - bur');
    const [from, to] = mark('A mar S A par - bur').points;
    expect(from).toEqual(unitAt(scene, 'mar'));
    const along = move.path
      .slice(1)
      .map((q, k) => alongSegment(to!, move.path[k]!, q, arcLength(move.path.slice(0, k + 1))));
    expect(Math.min(...along.map((a) => a.off))).toBeLessThan(1e-6);
    const total = arcLength(move.path);
    const reached = Math.min(...along.filter((a) => a.off < 1e-6).map((a) => a.at));
    const head = Math.hypot(move.head!.tip[0] - move.head!.base[0], move.head!.tip[1] - move.head!.base[1]);
    expect(reached).toBeLessThanOrEqual(total / 2 + 1e-6);
    expect(total - reached).toBeGreaterThanOrEqual(2 * head - 1e-6);
    expect(mark('A ber S A mun').points).toEqual([unitAt(scene, 'ber'), unitAt(scene, 'mun')]);
  });

  it('a convoy runs army → fleet → destination; a hold is centred on the unit', () => {
    const c = mark('F ank C A con - sev');
    expect(c.points[0]).toEqual(unitAt(scene, 'con'));
    expect(c.points[1]).toEqual(unitAt(scene, 'ank'));
    expect(insideProvince(classic, scene, c.points[2], 'sev')).toBe(true);
    expect(mark('F bre H').points).toEqual([unitAt(scene, 'bre')]);
  });

  it('marks failed and illegal orders, not successful ones', () => {
    expect(scene.orders.filter((o) => o.failed).map((o) => o.order)).toEqual(['A mun - bur', 'F ank C A con - sev']);
    expect(mark('A mun - bur').outcome).toBe('failure');
    expect(mark('A ber S A mun').outcome).toBe('success');
    expect(sceneOf(start, { orders }).orders.every((o) => o.outcome === null && !o.failed)).toBe(true);
  });

  it('takes results from an adjudication and marks its dislodged units', () => {
    const adjudication = {
      phase: start.phase,
      results,
      position: start,
      dislodged: [
        { power: 'Russia', type: 'A' as const, province: 'war', coast: null, attackerFrom: 'sil', viaConvoy: false },
      ],
      contested: [],
      removed: [],
      civilDisorderRemovals: [],
      centerChanges: [],
      winner: null,
    };
    const s = sceneOf(start, { orders, adjudication });
    expect(s.orders.filter((o) => o.failed)).toHaveLength(2);
    expect(s.units.find((u) => u.location === 'war')?.dislodged).toBe(true);
  });

  it('head-to-head moves are drawn side by side, 1.5 shaft widths apart, each from its own unit', () => {
    const s = sceneOf(start, { orders: ordersFor(start, { Germany: 'A ber - kie; F kie - ber' }) });
    const [there, back] = s.orders;
    // Every head-to-head on an adjacent pair of land provinces: test/render/head-to-head.test.ts.
    expect(shaftGap(there, back) / there.head!.shaft).toBeGreaterThanOrEqual(1.5);
    expect(there.points[0]).toEqual(unitAt(s, 'ber'));
    expect(back.points[0]).toEqual(unitAt(s, 'kie'));
    expect(sceneOf(start, { orders: ordersFor(start, { Germany: 'A ber - sil' }) }).orders[0].points[0]).toEqual(
      unitAt(s, 'ber'),
    );
  });

  it('retreat phase: the dislodged unit is offset and marked; its retreat arrow starts there', () => {
    const retreat: Position = {
      ...start,
      phase: { season: 'spring', year: 1901, type: 'retreat' },
      units: [
        ...start.units.filter((u) => u.province !== 'tri'),
        { power: 'Italy', type: 'A', province: 'tri', coast: null },
      ],
      dislodged: [{ power: 'Austria', type: 'F', province: 'tri', coast: null, attackerFrom: 'ven', viaConvoy: false }],
    };
    const s = sceneOf(retreat, { orders: ordersFor(retreat, { Austria: 'F tri R alb' }) });
    const here = s.units.filter((u) => u.location === 'tri');
    expect(here.map((u) => [u.power, u.dislodged])).toEqual([
      ['Italy', false],
      ['Austria', true],
    ]);
    expect(here[1].at).not.toEqual(here[0].at);
    const r = s.orders[0];
    expect(r.kind).toBe('retreat');
    expect(r.points[0]).toEqual(here[1].at);
    expect(insideProvince(classic, s, r.points[1], 'alb')).toBe(true);
  });

  it('adjustments: build and disband marks on the unit spot', () => {
    const winter: Position = {
      ...start,
      phase: { season: 'winter', year: 1901, type: 'adjustment' },
      units: start.units.filter((u) => u.province !== 'par'),
    };
    const s = sceneOf(winter, {
      orders: ordersFor(winter, { France: 'A par B', Germany: 'A mun D' }),
      results: [{ power: 'France', unit: 'A par', order: 'A par B', result: 'success', reason: '' }],
    });
    expect(s.orders.map((o) => [o.kind, o.unitType, o.failed])).toEqual([
      ['build', 'A', false],
      ['disband', 'A', false],
    ]);
    expect(insideProvince(classic, s, s.orders[0].points[0], 'par')).toBe(true);
    expect(s.orders[1].points[0]).toEqual(unitAt(s, 'mun'));
  });

  it('variant special orders: drawn as their spec declares (a ring on the unit), an undeclared one with a path as an arrow through every space, one without as a hold', () => {
    const ringSpec = {
      name: 'standFast',
      actsAs: 'hold' as const,
      validate: () => null,
      format: () => 'A mos SF',
      draw: { as: 'ring' as const, legend: 'stand fast' },
    };
    const variant = {
      ...classic,
      rules: { ...classic.rules, specialOrders: { standFast: ringSpec } },
    } as typeof classic;
    const r = buildScene(variant, start, {
      orders: [
        {
          power: 'Russia',
          order: { kind: 'special', name: 'standFast', unit: { type: 'A', province: 'mos', coast: null }, path: [] },
        },
        {
          power: 'Turkey',
          order: {
            kind: 'special',
            name: 'sail',
            unit: { type: 'F', province: 'ank', coast: null },
            path: ['bla', 'rum', 'bud'].map((p) => ({ province: p, coast: null })),
          },
        },
        {
          power: 'Austria',
          order: { kind: 'special', name: 'raise', unit: { type: 'A', province: 'vie', coast: null }, path: [] },
        },
      ],
    });
    if (!r.ok) throw new Error(r.error);
    const s = r.scene;
    expect(s.orders.map((o) => o.kind)).toEqual(['ring', 'path', 'hold']);
    expect(s.orders[0]).toMatchObject({ points: [unitAt(s, 'mos')], legend: 'stand fast' });
    expect(s.orders[1].points).toHaveLength(4);
    ['bla', 'rum', 'bud'].forEach((p, i) =>
      expect(insideProvince(classic, s, s.orders[1].points[i + 1], p)).toBe(true),
    );
    expect(s.legend.keys.filter((k) => k.kind === 'ring' || k.kind === 'path').map((k) => k.text)).toEqual([
      'move through several spaces',
      'stand fast',
    ]);
  });
});

describe('buildScene: variant features', () => {
  it('rivers through their chain, walls on the owning side, links dotted', () => {
    const v = tinyVariant(
      { ...tinySides, a: ['b', 'c', 'd'], d: ['a', 'b', 'c'] },
      {
        links: [{ from: 'a', to: 'd', kind: 'tunnel', power: null }],
        features: { rivers: [{ name: 'Wei', provinces: ['a', 'b', 'd'] }], walls: [{ province: 'a', neighbour: 'b' }] },
      },
    );
    const s = sceneOf(v.startingPosition(), {}, v);
    const river = s.features.find((f) => f.kind === 'river');
    expect(river && river.kind === 'river' && river.points.length).toBe(3);
    expect(river && river.kind === 'river' && river.name).toBe('Wei');
    const wall = s.features.find((f) => f.kind === 'wall');
    if (wall?.kind !== 'wall') throw new Error('no wall');
    // The a|b border is the vertical line x = 100 (map px); a lies to its left, so the wall is drawn just left of it.
    for (const [p, q] of wall.segments) {
      expect(insideProvince(v, s, p, 'a') || insideProvince(v, s, q, 'a')).toBe(true);
      expect(p[0]).toBeLessThan(100 * s.scale);
    }
    const link = s.features.find((f) => f.kind === 'link');
    expect(link && link.kind === 'link' && [link.from, link.to, link.linkKind]).toEqual(['a', 'd', 'tunnel']);
  });

  it('warns about features it cannot draw', () => {
    const v = tinyVariant(tinySides, {
      features: { rivers: [['a', 'zz']], walls: [{ province: 'a', neighbour: 'd' }] },
    });
    const s = sceneOf(v.startingPosition(), {}, v);
    expect(s.warnings).toEqual([
      'river river 1 names unknown province zz',
      'wall of a towards d: they share no drawn border',
    ]);
  });
});

describe('buildScene: entrances of links reserved to one power (Warhammer Underway)', () => {
  const warhammer = allVariants().find((v) => v.id === 'warhammer')!;
  const s = sceneOf(warhammer.startingPosition(), {}, warhammer);

  it('marks every Underway entrance (not Skavenblight) inside its province, clear of labels, units and centres, with a legend entry', () => {
    // The seed: "Skaven symbols on the map mark Underway entrances" (docs/rules/warhammer.md "Skaven Underways").
    expect(s.entrances.map((e) => e.province).sort()).toEqual(['edge', 'kare', 'kure', 'midd', 'nuln', 'sjun', 'slus']);
    const skaven = warhammer.powers.find((p) => p.name === 'Skaven')!.color;
    const box = (at: [number, number], r: number) => ({ x: at[0] - r, y: at[1] - r, w: 2 * r, h: 2 * r });
    for (const e of s.entrances) {
      expect(e.fill, e.province).toBe(skaven);
      expect(insideProvince(warhammer, s, e.at, e.province), e.province).toBe(true);
      const mine = box(e.at, e.radius);
      for (const l of s.labels) expect(overlaps(mine, l.box), `${e.province}/${l.province}`).toBe(false);
      for (const u of s.units) expect(overlaps(mine, box(u.at, u.size)), `${e.province}/${u.location}`).toBe(false);
      for (const c of s.centers) expect(overlaps(mine, box(c.at, c.radius)), `${e.province}/${c.province}`).toBe(false);
    }
    expect(s.legend.keys.filter((x) => x.kind === 'entrance')).toEqual([
      expect.objectContaining({ text: 'Skaven underway entrance', fill: skaven }),
    ]);
  });

  it('marks none on a map without such links', () => {
    const c = sceneOf(start);
    expect(c.entrances).toEqual([]);
    expect(c.legend.keys.some((x) => x.kind === 'entrance')).toBe(false);
  });
});

describe('buildScene: every bundled variant', () => {
  for (const variant of allVariants()) {
    it(`${variant.id}: the starting position is drawn completely (every unit, centre and label placed)`, () => {
      const s = sceneOf(variant.startingPosition(), {}, variant);
      expect(s.warnings).toEqual([]);
      expect(s.units).toHaveLength(variant.startingPosition().units.length);
      // Every province labelled once; a sea drawn at both edges (Warhammer's Tempest Ocean) once more, at the other
      // edge where its strip there has room for the name wholly inside it (the Southern Tempest Ocean; the Mid one's
      // western strip has none: its name lay over Doom Glades before, nor has the Northern one's), and a land
      // province's separate part among other provinces' land (Warhammer's Nuln exclave, the part of the Southlands
      // Cape beyond the Southern Eye of Chaos) in that part too.
      const repeated = s.labels.filter((l, i) => s.labels.findIndex((m) => m.province === l.province) !== i);
      expect(new Set(s.labels.map((l) => l.province)).size).toBe(variant.map.provinceIds().length);
      expect(repeated.map((l) => l.province).sort()).toEqual(
        variant.id === 'warhammer' ? ['nuln', 'scap', 'stem'] : [],
      );
      expect(s.centers).toHaveLength(variant.map.supplyCenters().length);
    });
  }
});

describe('Mandate of Heaven neutrals and nomads on the map', () => {
  const moh = allVariants().find((v) => v.id === 'mandate-of-heaven')!;
  const spring: Position = {
    ...moh.startingPosition(),
    phase: { season: 'spring', year: 1, type: 'movement' },
    units: [
      ...moh.startingPosition().units,
      { power: 'Hsiung-Nu', type: 'A', province: 'dai', coast: null },
      { power: 'Hsiung-Nu', type: 'A', province: 'ron', coast: null },
    ],
  };
  const songUnits = (s: Scene) => s.units.filter((u) => u.power === 'Song');
  const entry = (s: Scene, power: string) => s.legend.entries.find((e) => e.power === power)!;

  it('a neutral is drawn as one until activated (rule 3: "it will be activated"), then like every other power', () => {
    const voted = sceneOf(spring, {}, moh);
    expect(songUnits(voted).length).toBeGreaterThan(0);
    expect(songUnits(voted).every((u) => u.neutral)).toBe(true);
    expect(entry(voted, 'Song').neutral).toBe(true);
    const activated = sceneOf(
      {
        ...spring,
        variantState: { hsiungNu: { regime: 'nomad', allowance: 3, eliminated: false }, activated: ['Song'] },
      },
      {},
      moh,
    );
    expect(songUnits(activated).some((u) => u.neutral)).toBe(false);
    expect(entry(activated, 'Song').neutral).toBeUndefined();
    // The other neutrals stay neutral.
    expect(activated.units.filter((u) => u.power === 'Zhou').every((u) => u.neutral)).toBe(true);
  });

  it("the legend counts the Hsiung-Nu's units while they hold no centre", () => {
    const s = sceneOf(spring, {}, moh);
    expect(entry(s, 'Hsiung-Nu').text).toBe('Hsiung-Nu 0 · 2 units');
    expect(entry(sceneOf(moh.startingPosition(), {}, moh), 'Hsiung-Nu').text).toBe('Hsiung-Nu 0');
    expect(entry(s, 'Qin').text).toMatch(/^Qin \d+$/);
  });
});

/** How far along a line a point lies (its nearest spot on the segment a–b, which starts `start` along), how far off. */
function alongSegment(p: Point, a: Point, b: Point, start: number): { at: number; off: number } {
  const [dx, dy] = [b[0] - a[0], b[1] - a[1]];
  const len = Math.hypot(dx, dy);
  const t = len === 0 ? 0 : Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / len ** 2));
  return { at: start + t * len, off: Math.hypot(a[0] + dx * t - p[0], a[1] + dy * t - p[1]) };
}

const arcLength = (line: Point[]) =>
  line.slice(1).reduce((sum, q, k) => sum + Math.hypot(q[0] - line[k]![0], q[1] - line[k]![1]), 0);
