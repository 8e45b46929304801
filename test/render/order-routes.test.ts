/**
 * What the order layer draws follows what the adjudicator decided, and reads at a glance: routes
 * through the convoys it used (else over land, else nothing), armies that keep off water, retreat options over their
 * two provinces only, supports that never merge or land on a fleet, arrowheads 2.5–3 × the shaft and painted above
 * the label halos, failed builds beside the unit they did not replace, failed retreats drawn as disbands, a cue for a
 * dislodged unit with nowhere to go, and a legend entry for every line style and feature a picture uses.
 */
import { createCanvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { adjudicate } from '../../src/engine/index.js';
import type { Position, PowerOrder, Unit } from '../../src/engine/types.js';
import type { Variant } from '../../src/engine/variant.js';
import { buildScene, drawScene, type Point, type Scene } from '../../src/render/index.js';
import { galleryImages, busyClassic, routesClassic } from '../../src/render/gallery.js';
import { geometryOf } from '../../src/render/geometry.js';
import { overlaps, rectAround } from '../../src/render/placement.js';
import { length, pointAt } from '../../src/render/route.js';
import { OPTION_ARROW } from '../../src/render/styles.js';
import { contrastRatio } from '../../src/render/color-science.js';
import { distanceToSegment } from '../../src/variants/drawing/segment.js';
import { symbolBox } from '../../src/render/symbols.js';
import { allVariants } from '../../src/variants/index.js';
import { classic, insideProvince, ordersFor, randomPhase, toMap } from './helpers.js';
import { galleryScenes, playedScenesOnce } from './shared-scenes.js';
import { fleetLinesOverLand, groundOf } from './scene-checks.js';

function sceneOf(variant: Variant, position: Position, opts: Parameters<typeof buildScene>[2] = {}): Scene {
  const r = buildScene(variant, position, opts);
  if (!r.ok) throw new Error(r.error);
  return r.scene;
}

function positionOf(
  units: string,
  phase: Position['phase'] = { season: 'spring', year: 1901, type: 'movement' },
): Position {
  const list: Unit[] = units.split(',').map((s) => {
    const [power, type, where] = s.trim().split(' ');
    const [province, coast] = where!.split('/');
    return { power: power!, type: type as 'A' | 'F', province: province!, coast: coast ?? null };
  });
  return { phase, units: list, dislodged: [], contested: [], supplyCenters: classic.startingPosition().supplyCenters };
}

function played(units: string, orders: Record<string, string>, variant: Variant = classic) {
  const position = positionOf(units);
  const given: PowerOrder[] = ordersFor(position, orders, variant);
  const adjudication = adjudicate(variant, position, given);
  return { position, orders: given, adjudication, scene: sceneOf(variant, position, { orders: given, adjudication }) };
}

const near = (p: Point, q: Point, d: number) => Math.hypot(p[0] - q[0], p[1] - q[1]) < d;
const unitAt = (scene: Scene, loc: string) => scene.units.find((u) => u.location === loc && !u.dislodged)!.at;
const mark = (scene: Scene, text: string) => scene.orders.find((o) => o.order === text)!;

/** The longest stretch (px) of a line, leaving out `margin` at each end, over which `bad` holds. */
function longestRun(path: Point[], bad: (p: Point) => boolean, margin: number): number {
  let run = 0;
  let longest = 0;
  for (let at = margin; at <= length(path) - margin; at += 2) {
    run = bad(pointAt(path, at)) ? run + 2 : 0;
    longest = Math.max(longest, run);
  }
  return longest;
}

function waterAt(variant: Variant, scene: Scene): (p: Point) => boolean {
  const g = geometryOf(variant.data);
  if (!g.ok) throw new Error(g.error);
  return (p) => {
    const id = g.geometry.locate(toMap(scene, p));
    const kind = id ? g.geometry.shapes.get(id)?.kind : undefined;
    return kind === 'sea' || kind === 'offmap-sea';
  };
}

/** Is there a way from a to b over land through a point of the two provinces' drawn border (two straight legs)? */
function landWayExists(
  scene: Scene,
  a: Point,
  b: Point,
  from: string,
  to: string,
  water: (p: Point) => boolean,
): boolean {
  const g = geometryOf(classic.data);
  if (!g.ok) throw new Error(g.error);
  const key = from < to ? `${from}|${to}` : `${to}|${from}`;
  const segments = g.geometry.borderIndex.get(key)?.segments ?? [];
  const T = (p: Point): Point => [scene.frame.x + p[0] * scene.scale, scene.frame.y + p[1] * scene.scale];
  return segments.some(([p, q]) => {
    const v = T([(p[0] + q[0]) / 2, (p[1] + q[1]) / 2]);
    return longestRun([a, v, b], water, scene.units[0]!.size * 1.2) === 0;
  });
}

describe('routes follow what the adjudicator resolved', () => {
  it('a convoy the adjudicator did not use is not on the route: the move is drawn over land (Classic, not through the North Sea)', () => {
    const { scene } = played('Germany A hol, England F nth', {
      Germany: 'A hol - bel',
      England: 'F nth C A hol - bel',
    });
    const move = mark(scene, 'A hol - bel');
    const nth = unitAt(scene, 'nth');
    expect(move.points).toHaveLength(2);
    expect(Math.min(...move.path.map((p) => Math.hypot(p[0] - nth[0], p[1] - nth[1])))).toBeGreaterThan(move.size * 4);
    // The convoy, unused, draws no line through the North Sea at all: only its failed symbol beside the fleet.
    expect(mark(scene, 'F nth C A hol - bel').path).toEqual([]);
    expect(scene.symbols.some((s) => s.kind === 'failed' && near(s.at, nth, move.size * 4))).toBe(true);
  });

  it('a convoy the adjudicator used is the route: army → fleet → destination', () => {
    const { scene } = played('England A yor, England F nth', { England: 'A yor - nwy; F nth C A yor - nwy' });
    const move = mark(scene, 'A yor - nwy');
    expect(move.points[1]).toEqual(unitAt(scene, 'nth'));
    expect(mark(scene, 'F nth C A yor - nwy').path).toEqual([]);
  });

  it('an army move that went nowhere (not adjacent, no convoy) draws no arrow across the sea: only its failed symbol beside the unit', () => {
    const { scene } = played('England A yor', { England: 'A yor - nwy' });
    const move = mark(scene, 'A yor - nwy');
    expect(move.path).toEqual([]);
    expect(move.head).toBeUndefined();
    const failed = scene.symbols.filter((s) => s.kind === 'failed');
    expect(failed).toHaveLength(1);
    expect(near(failed[0].at, unitAt(scene, 'yor'), move.size * 4)).toBe(true);
  });

  it('a move between provinces joined only by a link runs along the link’s drawn line, beaded, with its own legend key (Warhammer’s underway, the Hai river)', () => {
    const wh = allVariants().find((v) => v.id === 'warhammer')!;
    const ws = allVariants().find((v) => v.id === 'warring-states')!;
    const start = wh.startingPosition();
    // Armies in Sylvania and Karak Kadrin stand near the underway's line: an ordinary arrow would bend round them.
    const whPosition: Position = {
      ...start,
      units: [
        ...['edge:Skaven', 'sylv:Empire', 'kadr:Dwarves'].map((s) => ({
          power: s.split(':')[1]!,
          type: 'A' as const,
          province: s.split(':')[0]!,
          coast: null,
        })),
      ],
    };
    const wsStart = ws.startingPosition();
    const wsPosition: Position = { ...wsStart, units: [{ power: 'Yan', type: 'F', province: 'ji', coast: null }] };
    for (const [variant, position, order, power, ends] of [
      [wh, whPosition, 'A edge - skav', 'Skaven', 'edge,skav'],
      [ws, wsPosition, 'F ji - boh', 'Yan', 'boh,ji'],
    ] as const) {
      const orders = ordersFor(position, { [power]: order }, variant);
      const adjudication = adjudicate(variant, position, orders);
      const scene = sceneOf(variant, position, { orders, adjudication });
      const move = scene.orders.find((o) => o.kind === 'move')!;
      expect(move, order).toMatchObject({ link: expect.any(String), outcome: 'success', failed: false });
      const link = scene.features.find((f) => f.kind === 'link' && [f.from, f.to].sort().join() === ends)!;
      expect(link.kind).toBe('link');
      if (link.kind !== 'link') continue;
      // The arrow runs through both ends of the link's line and keeps to it (bending only round a unit on it),
      // crossing no unit; it does not cut across to the destination's unit spot.
      const unitSpots = [move.points[0], move.points.at(-1)!];
      const toPath = (p: Point) =>
        Math.min(...move.path.slice(1).map((q, k) => distanceToSegment(p, move.path[k]!, q)));
      // (a link end at a unit spot is where the arrow is trimmed to the unit's edge)
      for (const end of link.points)
        if (!unitSpots.some((u) => near(u, end, 1))) expect(toPath(end), order).toBeLessThan(1);
      const inner = move.path.slice(1, -1);
      expect(inner.length).toBeGreaterThan(0);
      for (const p of inner)
        expect(distanceToSegment(p, link.points[0], link.points[1]), order).toBeLessThan(move.size * 2.5);
      const tips = [move.points[0], move.points.at(-1)!];
      for (const u of scene.units.filter((x) => !tips.some((e) => Math.hypot(e[0] - x.at[0], e[1] - x.at[1]) < 1))) {
        for (let k = 1; k < move.path.length; k++)
          expect(
            distanceToSegment(u.at, move.path[k - 1]!, move.path[k]!),
            `${order} over ${u.location}`,
          ).toBeGreaterThan(u.size);
      }
      expect(move.head).toBeDefined();
      const keys = scene.legend.keys.map((k) => `${k.kind}:${k.text}`);
      expect(keys, order).toContain(`link-move:move by ${move.link}`);
      expect(keys, order).not.toContain('move:move');
    }
  });

  it('an army move between distant anchors keeps to land (Norway to St Petersburg round the Gulf of Bothnia)', () => {
    const busy = busyClassic();
    const scene = sceneOf(classic, busy.position, { orders: busy.orders, adjudication: busy.adjudication });
    const move = mark(scene, 'A nwy - stp');
    const water = waterAt(classic, scene);
    expect(longestRun(move.path, water, move.size * 1.2)).toBeLessThan(move.size * 1.6);
    // Straight, it would cross the Gulf of Bothnia.
    expect(longestRun([move.points[0], move.points[1]], water, move.size * 1.2)).toBeGreaterThan(move.size * 5);
  });

  it.each([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12])(
    'random Classic phase #%d: no army arrow crosses water, no retreat option leaves its two provinces',
    (seed) => {
      const { position, orders } = randomPhase(seed);
      const adjudication = adjudicate(classic, position, orders);
      const scene = sceneOf(classic, position, { orders, adjudication });
      const water = waterAt(classic, scene);
      for (const o of scene.orders) {
        if (o.kind !== 'move' || o.unitType !== 'A' || o.points.length !== 2 || o.path.length < 2) continue;
        // Where the two provinces' shared border gives a way over land (not a strait: Sweden–Denmark), the arrow takes it.
        const [, from, , to] = o.order.split(' ');
        if (!landWayExists(scene, o.points[0], o.points[1], from!, to!, water)) continue;
        expect(longestRun(o.path, water, o.size * 1.2), o.order).toBeLessThan(o.size * 1.6);
      }
      const after = sceneOf(classic, adjudication.position);
      const g = geometryOf(classic.data);
      if (!g.ok) throw new Error(g.error);
      for (const o of after.orders.filter((x) => x.kind === 'retreat-option')) {
        const [, from, , to] = o.order.split(' ');
        const allowed = new Set([from!.split('/')[0], to!.split('/')[0]]);
        const outside = (p: Point) => !allowed.has(g.geometry.locate(toMap(after, p)) ?? '');
        expect(longestRun(o.path, outside, o.size * 1.2), o.order).toBeLessThan(o.size);
      }
    },
  );
});

describe('fleets sail by sea', () => {
  it('a fleet line crosses no land but its own two provinces: round Wales, Finland, Spain, through the straits', () => {
    const { scene } = played('England F eng, Russia F stp/sc, France F mao, England F lon, Russia F den, Italy F ion', {
      England: 'F eng - iri; F lon - nth',
      Russia: 'F stp/sc - bot; F den - swe',
      France: 'F mao - wes',
      Italy: 'F ion - aeg',
    });
    expect(fleetLinesOverLand(classic, scene)).toEqual([]);
    // Straight, each would cross land: Wales, Finland, Spain, Greece.
    const straight = (text: string) => ({ ...mark(scene, text), path: mark(scene, text).points });
    for (const text of ['F eng - iri', 'F stp/sc - bot', 'F mao - wes', 'F ion - aeg'])
      expect(fleetLinesOverLand(classic, { ...scene, orders: [straight(text)] }), text).not.toEqual([]);
  });

  it('a convoyed army goes by sea: Portugal → Mid-Atlantic → North Africa round Spain, and its route alone too', () => {
    const units = 'France A por, France F mao';
    const orders = { France: 'A por - naf; F mao C A por - naf' };
    const { scene } = played(units, orders);
    expect(mark(scene, 'A por - naf').points).toHaveLength(3);
    expect(fleetLinesOverLand(classic, scene)).toEqual([]);
    // A convoy alone (its army's move not given), without results: its dotted route army → fleet → destination.
    const position = positionOf(units);
    const alone = sceneOf(classic, position, { orders: ordersFor(position, { France: 'F mao C A por - naf' }) });
    expect(mark(alone, 'F mao C A por - naf').path.length).toBeGreaterThan(1);
    expect(fleetLinesOverLand(classic, alone)).toEqual([]);
    // Straight, the leg from the Mid-Atlantic to North Africa crosses Spain.
    const straight = (text: string) => ({ ...mark(scene, text), path: mark(scene, text).points });
    expect(fleetLinesOverLand(classic, { ...scene, orders: [straight('A por - naf')] })).not.toEqual([]);
  });

  it('a fleet retreat does too (F eng R iri, not over Wales)', () => {
    const position = {
      ...positionOf('France F eng'),
      phase: { season: 'spring', year: 1901, type: 'retreat' } as const,
      dislodged: [
        { power: 'England', type: 'F' as const, province: 'eng', coast: null, attackerFrom: 'bre', viaConvoy: false },
      ],
    };
    const orders = ordersFor(position, { England: 'F eng R iri' });
    const scene = sceneOf(classic, position, { orders, adjudication: adjudicate(classic, position, orders) });
    expect(mark(scene, 'F eng R iri').path.length).toBeGreaterThan(1);
    expect(fleetLinesOverLand(classic, scene)).toEqual([]);
  });

  it('moves into Bulgaria’s east coast reach it: a shaft and a head inside Bulgaria, from Rumania and the Black Sea', () => {
    const { scene } = played('Turkey F rum, Turkey F bla, Austria A con', {
      Turkey: 'F rum - bul/ec; F bla - bul/ec',
      Austria: 'A con - bul',
    });
    const g = groundOf(classic, scene);
    for (const text of ['F rum - bul/ec', 'F bla - bul/ec']) {
      const o = mark(scene, text);
      expect(g(o.head!.tip).id, text).toBe('bul');
      const headLength = Math.hypot(o.head!.tip[0] - o.head!.base[0], o.head!.tip[1] - o.head!.base[1]);
      expect(length(o.path) - headLength, `${text}: more than a bare head`).toBeGreaterThan(headLength);
    }
  });

  it('no fleet line of a computer-played game crosses land (every variant, boards and orders maps)', async () => {
    const found: string[] = [];
    for (const { name, scene, drawn } of await playedScenesOnce())
      found.push(...fleetLinesOverLand(drawn.variant, scene).map((f) => `${name}: ${f}`));
    expect(found).toEqual([]);
  });
});

describe('supports', () => {
  it('two supports of one move from opposite sides join it at two points, so they never read as one line', () => {
    // Picardy and Marseilles support Paris to Burgundy (the gallery's Fall 1903); Bohemia and Burgundy support Tyrolia
    // to Munich from its two sides.
    const busy = busyClassic();
    const cases = [
      {
        scene: sceneOf(classic, busy.position, { orders: busy.orders, adjudication: busy.adjudication }),
        move: 'A par - bur',
        supports: ['A pic S A par - bur', 'A mar S A par - bur'],
      },
      {
        scene: played('Germany A tyr, Germany A boh, Germany A bur', {
          Germany: 'A tyr - mun; A boh S A tyr - mun; A bur S A tyr - mun',
        }).scene,
        move: 'A tyr - mun',
        supports: ['A boh S A tyr - mun', 'A bur S A tyr - mun'],
      },
    ];
    for (const { scene, move, supports } of cases) {
      const arrow = mark(scene, move);
      const [ja, jb] = supports.map((t) => mark(scene, t).path.at(-1)!);
      const onArrow = (p: Point) =>
        arrow.path.some((q, k) => k > 0 && distanceToSegment(p, arrow.path[k - 1], q) < 0.5);
      expect(onArrow(ja) && onArrow(jb), move).toBe(true);
      expect(Math.hypot(ja[0] - jb[0], ja[1] - jb[1]), move).toBeGreaterThan(arrow.size * 1.5);
    }
  });

  it('supports from one side share the middle of the arrow', () => {
    const { scene } = played('France A par, France A mar, France A gas', {
      France: 'A par - bur; A mar S A par - bur; A gas S A par - bur',
    });
    const ends = ['A mar S A par - bur', 'A gas S A par - bur'].map((t) => mark(scene, t).path.at(-1)!);
    expect(near(ends[0], ends[1], 0.01)).toBe(true);
  });

  it('a support for a convoyed move ends on the middle of the convoyed arrow, never on the convoying fleet', () => {
    const { scene } = played('England A lon, England F nth, England F eng', {
      England: 'A lon - bel via convoy; F nth C A lon - bel; F eng S A lon - bel',
    });
    const arrow = mark(scene, 'A lon - bel via convoy');
    expect(arrow.points[1]).toEqual(unitAt(scene, 'nth'));
    const end = mark(scene, 'F eng S A lon - bel').path.at(-1)!;
    expect(arrow.path.some((q, k) => k > 0 && distanceToSegment(end, arrow.path[k - 1], q) < 0.5)).toBe(true);
    expect(Math.hypot(end[0] - unitAt(scene, 'nth')[0], end[1] - unitAt(scene, 'nth')[1])).toBeGreaterThan(
      arrow.size * 2.5,
    );
  });

  it('a support for a convoyed move joins the leg beside its supporter with a short line (Classic Spring 1904: the Mid-Atlantic joins English Channel → Brest)', () => {
    const routes = routesClassic();
    const scene = sceneOf(classic, routes.position, { orders: routes.orders, adjudication: routes.adjudication });
    const arrow = mark(scene, 'A wal - bre via convoy');
    expect(arrow.points[1]).toEqual(unitAt(scene, 'eng'));
    const support = mark(scene, 'F mao S A wal - bre');
    const end = support.path.at(-1)!;
    // On the last leg (English Channel → Brest), clear of the fleet…
    const eng = unitAt(scene, 'eng');
    const atFleet = arrow.path.reduce(
      (best, p, k) =>
        Math.hypot(p[0] - eng[0], p[1] - eng[1]) <
        Math.hypot(arrow.path[best]![0] - eng[0], arrow.path[best]![1] - eng[1])
          ? k
          : best,
      0,
    );
    const lastLeg = arrow.path.slice(atFleet);
    expect(lastLeg.length).toBeGreaterThan(1);
    expect(lastLeg.slice(1).some((q, k) => distanceToSegment(end, lastLeg[k]!, q) < 0.5)).toBe(true);
    expect(Math.hypot(end[0] - eng[0], end[1] - eng[1])).toBeGreaterThan(arrow.size * 2.5);
    // …by a line that runs nearly straight from the Mid-Atlantic (no long arc round to Wales).
    const chord = Math.hypot(end[0] - support.path[0]![0], end[1] - support.path[0]![1]);
    expect(length(support.path)).toBeLessThan(chord * 1.05);
  });

  it("a failed move's symbol never covers where a support joins it (gallery and random phases)", () => {
    const scenes = [
      ...galleryScenes().map((g) => g.scene),
      ...[1, 2, 3, 4, 5, 6, 7, 8].map((seed) => {
        const { position, orders } = randomPhase(seed);
        return sceneOf(classic, position, { orders, adjudication: adjudicate(classic, position, orders) });
      }),
    ];
    let junctions = 0;
    for (const scene of scenes) {
      for (const support of scene.orders.filter((o) => o.kind === 'support' && o.path.length > 1)) {
        const end = support.path.at(-1)!;
        junctions++;
        for (const s of scene.symbols.filter((x) => x.kind === 'failed')) {
          expect(overlaps(symbolBox(s), rectAround(end, support.size * 0.8, support.size * 0.8)), support.order).toBe(
            false,
          );
        }
      }
    }
    expect(junctions).toBeGreaterThan(20);
  });
});

describe('arrowheads', () => {
  const scenes = galleryScenes();

  it('every arrow has a head 2.5–3 times its shaft, at the end of its line', () => {
    let heads = 0;
    for (const { file, scene } of scenes) {
      for (const o of scene.orders.filter(
        (x) => ['move', 'retreat', 'path', 'retreat-option'].includes(x.kind) && x.path.length > 1,
      )) {
        expect(o.head, `${file} ${o.order}`).toBeDefined();
        const ratio = o.head!.width / o.head!.shaft;
        expect(ratio, `${file} ${o.order}`).toBeGreaterThanOrEqual(2.5);
        expect(ratio, `${file} ${o.order}`).toBeLessThanOrEqual(3);
        expect(o.head!.tip).toEqual(o.path.at(-1));
        heads++;
      }
    }
    expect(heads).toBeGreaterThan(60);
  });

  it('heads are painted after the labels and their halos (nothing hides the direction)', () => {
    const { scene } = scenes.find((s) => s.file === 'classic-fall-1903-orders.png')!;
    const calls: string[] = [];
    const canvas = createCanvas(scene.width, scene.height);
    const real = canvas.getContext('2d');
    const tips = new Set(
      scene.orders.flatMap((o) => (o.head ? [`${o.head.tip[0].toFixed(2)},${o.head.tip[1].toFixed(2)}`] : [])),
    );
    const ctx = new Proxy(real, {
      get(target, prop) {
        const value = Reflect.get(target, prop, target);
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          if (prop === 'strokeText') calls.push('halo');
          if (prop === 'moveTo' && tips.has(`${(args[0] as number).toFixed(2)},${(args[1] as number).toFixed(2)}`))
            calls.push('head');
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
      set(target, prop, value) {
        return Reflect.set(target, prop, value, target);
      },
    });
    drawScene(ctx, scene);
    const lastHalo = calls.lastIndexOf('halo');
    const firstHead = calls.indexOf('head');
    expect(firstHead).toBeGreaterThan(-1);
    expect(firstHead).toBeGreaterThan(lastHalo);
  });
});

const warhammerVariant = allVariants().find((v) => v.id === 'warhammer')!;

/**
 * Warhammer, a winter: Tilea builds in Miragliano, Skaven in Skavenblight and the Empire in Nuln, each where its own
 * army stands, so each build fails (Skavenblight and Miragliano are neighbours; Nuln is too small for two units).
 */
function warhammerBuilds() {
  const start = warhammerVariant.startingPosition();
  const supplyCenters: Record<string, string[]> = Object.fromEntries(
    Object.entries(start.supplyCenters).map(([p, l]) => [p, l.filter((c) => c !== 'sart' && c !== 'tran')]),
  );
  supplyCenters.Skaven = [...(supplyCenters.Skaven ?? []), 'sart'];
  supplyCenters.Tilea = ['mira', 'tran'];
  const units: Unit[] = [
    { power: 'Tilea', type: 'A', province: 'mira', coast: null },
    { power: 'Skaven', type: 'A', province: 'skav', coast: null },
    { power: 'Empire', type: 'A', province: 'nuln', coast: null },
  ];
  const position: Position = {
    ...start,
    phase: { season: 'winter', year: 2500, type: 'adjustment' },
    units,
    dislodged: [],
    supplyCenters,
  };
  const orders = ordersFor(
    position,
    { Tilea: 'Build A mira', Skaven: 'Build A skav', Empire: 'Build A nuln' },
    warhammerVariant,
  );
  const adjudication = adjudicate(warhammerVariant, position, orders);
  expect(
    adjudication.results
      .filter((r) => r.order.endsWith(' B'))
      .map((r) => `${r.order} ${r.result}`)
      .sort(),
  ).toEqual(['A mira B failure', 'A nuln B failure', 'A skav B failure']);
  return { scene: sceneOf(warhammerVariant, position, { orders, adjudication }) };
}

describe('builds, retreats and disbands never misstate a unit', () => {
  it('a failed build where a unit stands is drawn beside it; the unit stays whole (Classic)', () => {
    const winter = positionOf('Austria A tri, Austria A vie', { season: 'winter', year: 1901, type: 'adjustment' });
    winter.supplyCenters = { ...classic.startingPosition().supplyCenters, Austria: ['vie', 'bud', 'tri', 'ser'] };
    const orders = ordersFor(winter, { Austria: 'Build F tri; Build A bud' });
    const adjudication = adjudicate(classic, winter, orders);
    const scene = sceneOf(classic, winter, { orders, adjudication });
    const ghost = scene.units.find((u) => u.state === 'build-failed')!;
    const standing = scene.units.find((u) => u.location === 'tri' && u.state === 'normal')!;
    expect(standing).toBeDefined();
    expect(
      overlaps(
        rectAround(ghost.at, ghost.size * 2.4, ghost.size * 2.2),
        rectAround(standing.at, standing.size * 2.4, standing.size * 2.2),
      ),
    ).toBe(false);
    expect(scene.units.find((u) => u.location === 'bud')?.state).toBe('built');
  });

  it('Warhammer winter: failed builds where units stand (Miragliano, Skavenblight) stay beside them inside their own province, symbols too; tiny Nuln’s ghost still clear of its unit', () => {
    const { scene } = warhammerBuilds();
    const ghosts = scene.units.filter((u) => u.state === 'build-failed');
    expect(ghosts.map((g) => g.location).sort()).toEqual(['mira', 'nuln', 'skav']);
    for (const g of ghosts) {
      for (const u of scene.units.filter((x) => x !== g))
        expect(
          overlaps(rectAround(g.at, g.size * 2.4, g.size * 2.2), rectAround(u.at, u.size * 2.4, u.size * 2.2)),
          `${g.location}/${u.location}`,
        ).toBe(false);
      expect(insideProvince(warhammerVariant, scene, g.at, g.location), g.location).toBe(true);
    }
    // Where the province has room, the ghost's whole disc and its symbol lie inside it (none spills into a neighbour).
    for (const province of ['mira', 'skav']) {
      const g = ghosts.find((x) => x.location === province)!;
      for (let k = 0; k < 8; k++) {
        // its dashed rim reaches 1.2 unit sizes from its centre
        const p: Point = [
          g.at[0] + Math.cos((k * Math.PI) / 4) * g.size * 1.25,
          g.at[1] + Math.sin((k * Math.PI) / 4) * g.size * 1.25,
        ];
        expect(insideProvince(warhammerVariant, scene, p, province), `${province} ghost edge ${k}`).toBe(true);
      }
      const symbol = scene.symbols.find((x) => x.kind === 'build-failed' && x.unit === province)!;
      expect(insideProvince(warhammerVariant, scene, symbol.at, province), `${province} symbol`).toBe(true);
    }
  });

  it.each(
    ['classic', 'warring-states', 'mandate-of-heaven', 'warhammer'].flatMap((id) =>
      (['standard', 'colorblind'] as const).map((palette) => [id, palette] as const),
    ),
  )('a built unit’s letter or mark reads on its colour (%s, %s palette: Qin’s black army built)', (id, palette) => {
    const variant = allVariants().find((v) => v.id === id)!;
    const start = variant.startingPosition();
    const position: Position = {
      ...start,
      // A winter after the first (Mandate of Heaven's winter 0 places its own way).
      phase: { season: 'winter', year: start.phase.year + 1, type: 'adjustment' },
      units: [],
      dislodged: [],
    };
    const builds = Object.fromEntries(
      variant.powers.flatMap((p) => {
        const home = variant.data.provinces.find((x) => x.home === p.name && x.kind !== 'sea');
        return home && !p.neutral ? [[p.name, `Build A ${home.id}`]] : [];
      }),
    );
    const orders = ordersFor(position, builds, variant);
    const scene = sceneOf(variant, position, { orders, adjudication: adjudicate(variant, position, orders), palette });
    const built = scene.units.filter((x) => x.state === 'built');
    expect(built.length).toBeGreaterThan(variant.powers.length / 3);
    for (const x of built) expect(contrastRatio(x.text, x.fill), `${x.power} ${x.fill}`).toBeGreaterThanOrEqual(3);
  });

  it('a ghost of a pale power (Skaven) has a dark rim: it reads on any land', () => {
    const { scene } = warhammerBuilds();
    const ghost = scene.units.find((u) => u.state === 'build-failed' && u.location === 'skav')!;
    const canvas = createCanvas(scene.width, scene.height);
    const ctx = canvas.getContext('2d');
    drawScene(ctx, scene);
    // Near-black pixels on the ghost's outline (its rim), where the pale colour alone leaves none.
    const r = Math.ceil(ghost.size * 1.5);
    const [x0, y0] = [Math.round(ghost.at[0]) - r, Math.round(ghost.at[1]) - r];
    const data = ctx.getImageData(x0, y0, 2 * r, 2 * r).data;
    let dark = 0;
    for (let y = 0; y < 2 * r; y++) {
      for (let x = 0; x < 2 * r; x++) {
        const d = Math.hypot(x0 + x - ghost.at[0], y0 + y - ghost.at[1]);
        if (d < ghost.size * 0.85 || d > ghost.size * 1.3) continue;
        const i = (y * 2 * r + x) * 4;
        if (data[i]! + data[i + 1]! + data[i + 2]! < 150) dark++;
      }
    }
    expect(dark).toBeGreaterThan(ghost.size * 1.5);
  });

  it('a failed retreat disbands its unit: drawn as a disband (faded, with the disbanded symbol)', () => {
    const retreat: Position = {
      ...positionOf('Italy A tri, Austria A vie', { season: 'spring', year: 1901, type: 'retreat' }),
      dislodged: [
        {
          power: 'Austria',
          type: 'F',
          province: 'tri',
          coast: null,
          attackerFrom: 'ven',
          viaConvoy: false,
          retreatOptions: ['alb'],
        },
      ],
    };
    const orders = ordersFor(retreat, { Austria: 'F tri R adr' });
    const adjudication = adjudicate(classic, retreat, orders);
    expect(adjudication.results[0].result).not.toBe('success');
    const scene = sceneOf(classic, retreat, { orders, adjudication });
    const unit = scene.units.find((u) => u.location === 'tri' && u.dislodged)!;
    expect(unit.state).toBe('disbanded');
    expect(scene.symbols.some((s) => s.kind === 'disbanded' && s.unit === 'tri')).toBe(true);
    expect(scene.legend.keys.map((k) => k.kind)).toContain('disbanded');
  });

  it('results of a retreat phase: a dislodged unit given no retreat order is drawn disbanded (faded, its symbol), never with its options', () => {
    const retreat = busyClassic().adjudication.position;
    expect(retreat.dislodged.map((d) => d.province).sort()).toEqual(['hol', 'rum', 'stp']);
    const orders = ordersFor(retreat, { Germany: 'A hol R kie' });
    const adjudication = adjudicate(classic, retreat, orders);
    expect(
      adjudication.results
        .filter((r) => r.defaulted)
        .map((r) => r.order)
        .sort(),
    ).toEqual(['A rum D', 'A stp D']);
    // From the adjudication, and from its results alone (a case that brings its own results).
    for (const opts of [
      { orders, adjudication },
      { orders, results: adjudication.results },
    ]) {
      const scene = sceneOf(classic, retreat, opts);
      expect(scene.orders.filter((o) => o.kind === 'retreat-option')).toEqual([]);
      for (const province of ['rum', 'stp']) {
        expect(scene.units.find((u) => u.location === province && u.dislodged)?.state, province).toBe('disbanded');
      }
      expect(scene.units.find((u) => u.location === 'hol' && u.dislodged)?.state).toBe('normal');
      expect(
        scene.symbols
          .filter((s) => s.kind === 'disbanded')
          .map((s) => s.unit)
          .sort(),
      ).toEqual(['rum', 'stp']);
      expect(scene.legend.keys.map((k) => k.kind)).not.toContain('retreat-option');
    }
    // The board of the phase (no results yet) still shows where each may go.
    expect(sceneOf(classic, retreat).orders.filter((o) => o.kind === 'retreat-option').length).toBeGreaterThan(2);
  });

  it('retreat options are dots on an ink casing, as every line is: a pale power’s read on bare land', () => {
    const board = busyClassic().adjudication.position;
    const scene = sceneOf(classic, board);
    const options = scene.orders.filter((o) => o.kind === 'retreat-option');
    expect(options.length).toBeGreaterThan(2);
    const ctx = createCanvas(scene.width, scene.height).getContext('2d');
    drawScene(ctx, scene);
    // Just outside the coloured dots, across the middle of each option's line: ink where a dot is (a third of it).
    const off = (OPTION_ARROW.shaft / 2 + OPTION_ARROW.casing / 4) * scene.layer;
    for (const o of options) {
      let [dark, all] = [0, 0];
      for (let at = length(o.path) * 0.2; at < length(o.path) * 0.7; at += 0.5) {
        const [p, q] = [pointAt(o.path, at), pointAt(o.path, at + 0.5)];
        const d = Math.hypot(q[0] - p[0], q[1] - p[1]) || 1;
        for (const side of [1, -1]) {
          const x = Math.round(p[0] - ((q[1] - p[1]) / d) * off * side);
          const y = Math.round(p[1] + ((q[0] - p[0]) / d) * off * side);
          const [r, g, b] = ctx.getImageData(x, y, 1, 1).data;
          all++;
          if (Math.max(r!, g!, b!) < 90) dark++;
        }
      }
      expect(dark / all, o.order).toBeGreaterThan(0.15);
    }
  });

  it('a dislodged unit with nowhere to retreat gets the no-retreat cue, on the board after and on the orders map', () => {
    // Munich dislodged from Bohemia with Berlin, Kiel, Ruhr, Silesia, Tyrolia and Burgundy all held: no retreat.
    const { scene, adjudication } = played(
      'Germany A mun, Austria A boh, Austria A tyr, Germany A ber, Germany A kie, France A bur, France A ruh, Russia A sil',
      {
        Austria: 'A boh - mun; A tyr S A boh - mun',
      },
    );
    const d = adjudication.dislodged.find((x) => x.province === 'mun')!;
    expect(d.retreatOptions).toEqual([]);
    expect(scene.symbols.some((s) => s.kind === 'no-retreat' && s.unit === 'mun')).toBe(true);
    expect(scene.legend.keys.map((k) => k.kind)).toContain('no-retreat');
    // The adjudicator disbands it at once, so the board after no longer has it; a retreat board given with such a
    // unit (a CLI case) shows the cue beside it, and no option lines.
    expect(adjudication.position.units.some((u) => u.province === 'mun' && u.power === 'Germany')).toBe(false);
    const board: Position = {
      ...adjudication.position,
      phase: { season: 'spring', year: 1901, type: 'retreat' },
      dislodged: [{ ...d }],
    };
    const after = sceneOf(classic, board);
    expect(after.symbols.some((s) => s.kind === 'no-retreat' && s.unit === 'mun')).toBe(true);
    expect(after.orders.filter((o) => o.kind === 'retreat-option')).toEqual([]);
    expect(after.legend.keys.map((k) => k.kind)).toContain('no-retreat');
  });
});

describe('the legend explains every line style and feature the picture uses', () => {
  it('a variant’s special orders are drawn as their SpecialOrderSpec.draw declares, keyed by its legend text (the renderer names no order)', () => {
    const ws = allVariants().find((v) => v.id === 'warring-states')!;
    const raises = galleryImages().find((i) => i.file === 'warring-states-spring-raises.png')!;
    const rivers = galleryImages().find((i) => i.file === 'warring-states-fall-river-moves.png')!;
    const spring = sceneOf(raises.variant, raises.position, raises.opts);
    const rings = spring.orders.filter((o) => o.kind === 'ring');
    expect(rings.map((o) => o.order).sort()).toEqual(['A cha R F', 'A dal R F', 'A lin R F', 'A nan R F']);
    expect(rings.every((o) => o.legend === 'raise fleet')).toBe(true);
    expect(spring.legend.keys.filter((k) => k.kind === 'ring').map((k) => k.text)).toEqual(['raise fleet']);
    const fall = sceneOf(rivers.variant, rivers.position, rivers.opts);
    expect(fall.orders.filter((o) => o.kind === 'path').map((o) => o.legend)).toEqual(['river move', 'river move']);
    expect(fall.legend.keys.filter((k) => k.kind === 'path').map((k) => k.text)).toEqual(['river move']);
    // The same order declared another way is drawn that way: nothing hangs on its name.
    const specs = ws.rules.specialOrders!;
    const renamed = (draw: NonNullable<(typeof specs)[string]['draw']> | undefined) => {
      const raise = Object.entries(specs).find(([, spec]) => spec.draw?.as === 'ring')!;
      const rules = { ...ws.rules, specialOrders: { ...specs, [raise[0]]: { ...raise[1], draw } } };
      return sceneOf({ ...ws, rules } as Variant, raises.position, raises.opts);
    };
    const asHold = renamed({ as: 'hold' });
    expect(asHold.orders.filter((o) => o.kind === 'ring')).toEqual([]);
    expect(asHold.orders.filter((o) => o.kind === 'hold').map((o) => o.order)).toEqual(
      expect.arrayContaining(['A cha R F', 'A lin R F']),
    );
    const relabelled = renamed({ as: 'ring', legend: 'a ring of its own' });
    expect(relabelled.legend.keys.filter((k) => k.kind === 'ring').map((k) => k.text)).toEqual(['a ring of its own']);
    // Undeclared: an order without a path is drawn as a hold, keyed by the hold's own text.
    const undeclared = renamed(undefined);
    expect(undeclared.orders.filter((o) => o.kind === 'ring')).toEqual([]);
    expect(undeclared.legend.keys.map((k) => k.text)).not.toContain('raise fleet');
  });

  it('line styles of the orders drawn, and nothing else', () => {
    const { scene } = played('France A par, France A mar, France F bre, Germany A mun', {
      France: 'A par - bur; A mar S A par - bur; F bre H',
      Germany: 'A mun - bur',
    });
    const kinds = scene.legend.keys.map((k) => k.kind);
    expect(kinds.slice(0, 4)).toEqual(['move', 'support', 'hold', 'failed-line']);
    expect(kinds).not.toContain('convoy');
    expect(kinds).not.toContain('retreat');
  });

  it.each(allVariants().map((v) => [v.id, v] as const))(
    '%s: its unit shapes, centres and features (rivers, walls, the band, links, entrances, impassable land) each have a key; keys never overlap',
    (_id, variant) => {
      const scene = sceneOf(variant, variant.startingPosition());
      const kinds = scene.legend.keys.map((k) => `${k.kind}:${k.text}`);
      const expected: Record<string, string[]> = {
        classic: ['army:army', 'fleet:fleet', 'center:supply centre', 'impassable:impassable'],
        'warring-states': ['army:army', 'center:supply centre', 'river:river', 'wall:wall', 'link:the Hai river'],
        'mandate-of-heaven': [
          'army:army',
          'fleet:fleet',
          'center:supply centre',
          'river:river',
          'band:Hsiung-Nu placement area',
          'link:the Hai river',
        ],
        warhammer: [
          'entrance:Skaven underway entrance',
          'army:army',
          'fleet:fleet',
          'center:supply centre',
          'link:underway',
          'impassable:impassable',
        ],
      };
      expect(kinds).toEqual(expected[variant.id]);
      // One symbol per meaning: the unit shapes carry their type letter where units do, none where units carry their
      // power's mark (more than 8 powers).
      const marked = variant.powers.length > 8;
      for (const k of scene.legend.keys.filter((x) => x.kind === 'army' || x.kind === 'fleet'))
        expect(k.letter).toBe(marked ? '' : k.kind === 'army' ? 'A' : 'F');
      expect(new Set(kinds).size).toBe(kinds.length);
      const boxes = scene.legend.keys.map((k) => {
        const x0 = k.kind === 'entrance' ? k.at[0] - k.width / 2 : k.at[0];
        return { x: x0, y: k.at[1] - 8, w: k.width + 6 + k.text.length * 8, h: 16 };
      });
      boxes.forEach((b, i) => {
        expect(b.x + b.w, scene.legend.keys[i].text).toBeLessThanOrEqual(scene.width);
        for (const c of boxes.slice(i + 1)) expect(overlaps(b, c)).toBe(false);
      });
    },
  );
});

describe('the rapid river move', () => {
  const img = galleryImages().find((i) => i.file.includes('river'))!;
  const scene = sceneOf(img.variant, img.position, img.opts);

  it('ends on the river inside its last space (no hook off the river, no ⊓)', () => {
    const m = scene.orders.find((o) => o.order.startsWith('F dal'))!;
    const end = m.path.at(-1)!;
    expect(insideProvince(img.variant, scene, end, 'lin')).toBe(true);
    const rivers = scene.features.flatMap((f) => (f.kind === 'river' ? [f.points] : []));
    expect(rivers.some((r) => r.some((q, k) => k > 0 && distanceToSegment(end, r[k - 1]!, q) < 0.5))).toBe(true);
  });
});
