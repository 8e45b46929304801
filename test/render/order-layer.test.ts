/**
 * The order layer (issue 10 §1): webDiplomacy/Backstabbr conventions, one symbol per meaning, and nothing
 * covering a label or another unit — checked on the gallery's busy phases and on many random positions.
 */
import { describe, expect, it } from 'vitest';
import { adjudicate } from '../../src/engine/index.js';
import type { Order, Position, PowerOrder, Unit } from '../../src/engine/types.js';
import type { Variant } from '../../src/engine/variant.js';
import { buildScene, type Point, type Rect, type Scene } from '../../src/render/index.js';
import { galleryImages, busyClassic } from '../../src/render/gallery.js';
import { overlaps, rectAround } from '../../src/render/placement.js';
import { arcMidpoint, distToSegment } from '../../src/render/route.js';
import { symbolBox } from '../../src/render/symbols.js';
import { classic } from '../../src/variants/classic/index.js';
import { warringStates } from '../../src/variants/warring-states/index.js';

function sceneOf(variant: Variant, position: Position, opts: Parameters<typeof buildScene>[2] = {}): Scene {
  const r = buildScene(variant, position, opts);
  if (!r.ok) throw new Error(r.error);
  return r.scene;
}

/** The box a unit's icon covers (a fleet's hull is 2.4 sizes wide). */
const unitBox = (u: Scene['units'][number]): Rect => rectAround(u.at, u.size * 2.4, u.size * 2.2);
const near = (p: Point, q: Point, d: number) => Math.hypot(p[0] - q[0], p[1] - q[1]) < d;

/** Everything the order layer must not do, as sentences (empty when the scene is clean). */
function coverProblems(scene: Scene): string[] {
  const problems: string[] = [];
  for (const s of scene.symbols) {
    // Rings surround their unit (dislodged; a virtual unit's): they may not cover a label.
    if (s.kind === 'dislodged' || s.kind === 'virtual') {
      for (const l of scene.labels) if (overlaps(symbolBox(s), l.box)) problems.push(`${s.kind} ring of ${s.unit} covers label ${l.text}`);
      continue;
    }
    const box = symbolBox(s);
    for (const l of scene.labels) if (overlaps(box, l.box)) problems.push(`${s.kind} symbol covers label ${l.text}`);
    for (const u of scene.units) if (overlaps(box, unitBox(u))) problems.push(`${s.kind} symbol covers unit ${u.location}`);
    for (const t of scene.symbols) if (t !== s && t.kind !== 'dislodged' && t.kind !== 'virtual' && overlaps(box, symbolBox(t))) problems.push(`${s.kind} symbol covers another symbol`);
  }
  for (const o of scene.orders) {
    const lines = [o.path, o.rest ?? []].filter((p) => p.length > 1);
    const ends = o.points;
    for (const u of scene.units) {
      if (ends.some((p) => near(p, u.at, u.size * 1.3))) continue; // the units the line starts at, passes through or ends at
      for (const line of lines) {
        for (let i = 1; i < line.length; i++) {
          if (distToSegment(u.at, line[i - 1], line[i]) < u.size) {
            problems.push(`${o.kind} ${o.order} crosses unit ${u.location}`);
            break;
          }
        }
      }
    }
  }
  for (const u of scene.units) {
    for (const v of scene.units) if (u !== v && overlaps(unitBox(u), unitBox(v))) problems.push(`unit ${u.location} (${u.power}) overlaps unit ${v.location}`);
  }
  return [...new Set(problems)];
}

/** A small deterministic random generator (mulberry32). */
function rng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A random movement phase: 18–36 units, each with a hold, a move, a support or a convoy. */
function randomPhase(seed: number, variant: Variant = classic): { position: Position; orders: PowerOrder[] } {
  const r = rng(seed);
  const pick = <T,>(xs: T[]): T => xs[Math.floor(r() * xs.length)]!;
  const map = variant.map;
  const powers = variant.powers.map((p) => p.name);
  const ids = map.provinceIds().filter((id) => map.province(id)!.kind !== 'impassable');
  const count = 18 + Math.floor(r() * 19);
  const units: Unit[] = [];
  const taken = new Set<string>();
  while (units.length < count) {
    const id = pick(ids);
    if (taken.has(id)) continue;
    taken.add(id);
    const kind = map.province(id)!.kind;
    const type = kind === 'sea' ? 'F' : kind === 'land' ? 'A' : r() < 0.5 ? 'A' : 'F';
    const coasts = map.coastsOf(id);
    units.push({ power: pick(powers), type, province: id, coast: type === 'F' && coasts.length > 0 ? pick(coasts) : null });
  }
  const supplyCenters: Record<string, string[]> = {};
  for (const u of units) if (map.province(u.province)!.supplyCenter) (supplyCenters[u.power] ??= []).push(u.province);
  const position: Position = { phase: { ...variant.startingPosition().phase, season: 'fall', type: 'movement' }, units, dislodged: [], contested: [], supplyCenters };
  const at = (u: Unit) => ({ type: u.type, province: u.province, coast: u.coast });
  const moves = new Map<string, string>();
  const orders: PowerOrder[] = units.map((u) => {
    const neighbours = [...map.neighbours(u.province)].filter((n) => map.canReach(u.type, u, n));
    const roll = r();
    let order: Order = { kind: 'hold', unit: at(u) };
    if (roll < 0.5 && neighbours.length > 0) {
      const to = pick(neighbours);
      const targets = map.fleetTargets(u, to);
      const loc = u.type === 'F' && targets.length > 0 ? pick(targets) : { province: to, coast: null };
      moves.set(u.province, to);
      order = { kind: 'move', unit: at(u), to: loc, viaConvoy: false };
    } else if (roll < 0.85) {
      const friend = units.find((v) => v !== u && (neighbours.includes(v.province) || (moves.get(v.province) && neighbours.includes(moves.get(v.province)!))));
      if (friend) {
        const dest = moves.get(friend.province);
        order = { kind: 'support', unit: at(u), target: at(friend), to: dest && neighbours.includes(dest) ? { province: dest, coast: null } : null };
      }
    } else if (u.type === 'F' && map.isSea(u.province) && variant.rules.convoys !== false) {
      const army = units.find((v) => v.type === 'A' && map.neighbours(u.province).has(v.province));
      const dest = army ? [...map.neighbours(u.province)].find((n) => n !== army.province && map.isLand(n) && !map.isSea(n)) : undefined;
      if (army && dest) order = { kind: 'convoy', unit: at(u), target: at(army), to: { province: dest, coast: null } };
    }
    return { power: u.power, order };
  });
  return { position, orders };
}

describe('order layer: conventions', () => {
  const busy = busyClassic();
  const scene = sceneOf(classic, busy.position, { orders: busy.orders, adjudication: busy.adjudication });
  const mark = (text: string) => scene.orders.find((o) => o.order === text)!;
  const unitAt = (loc: string) => scene.units.find((u) => u.location === loc)!.at;

  it('a support to move ends on the middle of the supported arrow; a support to hold on the held unit', () => {
    const arrow = mark('A bel - hol');
    const support = mark('F nth S A bel - hol');
    const end = support.path[support.path.length - 1];
    expect(near(end, arcMidpoint(arrow.path), 0.5)).toBe(true);
    expect(near(end, unitAt('hol'), scene.units[0].size * 2)).toBe(false);
    const hold = mark('A ukr S F sev');
    expect(hold.points[1]).toEqual(unitAt('sev'));
  });

  it('a convoyed army runs through its convoying fleets in order; the convoys draw nothing more', () => {
    const move = scene.orders.find((o) => o.kind === 'move' && o.order.startsWith('A lon - gas'))!;
    expect(move.points.slice(0, 3)).toEqual([unitAt('lon'), unitAt('eng'), unitAt('mao')]);
    expect(mark('F eng C A lon - gas').path).toEqual([]);
    expect(mark('F mao C A lon - gas').path).toEqual([]);
  });

  it('a failed move is dimmed with the failed symbol near its head, never on a unit', () => {
    const bounced = mark('A par - bur');
    expect(bounced.failed).toBe(true);
    const head = bounced.path[bounced.path.length - 1];
    const failed = scene.symbols.filter((s) => s.kind === 'failed');
    expect(failed.some((s) => near(s.at, head, bounced.size * 5))).toBe(true);
  });

  it('one symbol per meaning, each in the legend: failed, support cut, dislodged', () => {
    const kinds = new Set(scene.symbols.map((s) => s.kind));
    expect([...kinds].sort()).toEqual(['cut', 'dislodged', 'failed']);
    expect(scene.legend.symbols.map((e) => e.kind)).toEqual(['failed', 'cut', 'dislodged']);
    expect(scene.symbols.filter((s) => s.kind === 'dislodged').map((s) => s.unit).sort()).toEqual(['hol', 'rum', 'stp']);
    expect(scene.symbols.find((s) => s.kind === 'cut')!.unit).toBe('mar');
  });

  it('the board after: dislodged units beside their province, the dislodger in place, retreat options drawn', () => {
    const after = busy.adjudication.position;
    const s = sceneOf(classic, after);
    for (const d of after.dislodged) {
      const here = s.units.filter((u) => u.location === d.province);
      expect(here.map((u) => u.dislodged)).toEqual([false, true]);
      expect(overlaps(unitBox(here[0]), rectAround(here[1].at, here[1].size * 3.1, here[1].size * 3.1))).toBe(false);
      const options = s.orders.filter((o) => o.kind === 'retreat-option' && o.points[0] === here[1].at);
      expect(options).toHaveLength(d.retreatOptions!.length);
    }
    expect(coverProblems(s)).toEqual([]);
  });

  it('adjustments: built, build failed and disbanded symbols', () => {
    const img = galleryImages().find((i) => i.file.includes('adjustments'))!;
    const s = sceneOf(img.variant, img.position, img.opts);
    const kinds = new Set(s.symbols.map((x) => x.kind));
    expect([...kinds].sort()).toEqual(['build-failed', 'built', 'disbanded']);
    expect(s.units.find((u) => u.location === 'bud')?.state).toBe('built');
    expect(s.units.find((u) => u.location === 'tri')?.state).toBe('build-failed');
    expect(s.units.find((u) => u.location === 'nwg')?.state).toBe('disbanded');
    expect(s.units.filter((u) => u.power === 'Turkey' && u.state === 'disbanded')).toHaveLength(1); // civil disorder
    expect(coverProblems(s)).toEqual([]);
  });

  it('a rapid river move that stopped short is drawn solid to where the fleet ended, the rest dashed', () => {
    const img = galleryImages().find((i) => i.file.includes('river'))!;
    const s = sceneOf(img.variant, img.position, img.opts);
    const m = s.orders.find((o) => o.order.startsWith('F nan'))!;
    expect(m.stoppedShort).toBe(true);
    const dan = m.points[2]; // F nan - syo - dan - yyi stopped short at Danyang
    expect(near(m.path[m.path.length - 1], dan, m.size * 1.5)).toBe(true);
    expect(m.rest!.length).toBeGreaterThan(1);
    expect(coverProblems(s)).toEqual([]);
  });

  it('a rapid river move runs along the river course, not straight across the land', () => {
    const img = galleryImages().find((i) => i.file.includes('river'))!;
    const s = sceneOf(img.variant, img.position, img.opts);
    const rivers = s.features.flatMap((f) => (f.kind === 'river' ? [f.points] : []));
    const onRiver = (p: Point) => rivers.some((r) => r.some((q, k) => k > 0 && distToSegment(p, r[k - 1]!, q) < 0.5));
    for (const prefix of ['F nan', 'F dal']) {
      const m = s.orders.find((o) => o.order.startsWith(prefix))!;
      expect(m.kind, prefix).toBe('path');
      // F nan - syo - dan - yyi (Han river): from Nanzheng's spot onto the river, along it past Shangyong (never out
      // to its spot), off it to Danyang where the fleet stopped; the rest along the river towards Yanying.
      const line = [...m.path, ...(m.rest ?? [])];
      expect(line.filter(onRiver).length, prefix).toBeGreaterThan(line.length * 0.7);
    }
    const nan = s.orders.find((o) => o.order.startsWith('F nan'))!;
    const syo = nan.points[1]!;
    expect(Math.min(...nan.path.map((p) => Math.hypot(p[0] - syo[0], p[1] - syo[1])))).toBeGreaterThan(nan.size);
  });

  it('the gallery images: nothing covers a label or another unit', () => {
    for (const img of galleryImages()) expect(coverProblems(sceneOf(img.variant, img.position, img.opts)), img.file).toEqual([]);
  });
});

describe('order layer: no marker or arrow covers a label or another unit', () => {
  const seeds = Array.from({ length: 60 }, (_, i) => i + 1);
  it.each(seeds)('random Classic phase #%d', (seed) => {
    const { position, orders } = randomPhase(seed);
    const adjudication = adjudicate(classic, position, orders);
    const scene = sceneOf(classic, position, { orders, adjudication });
    expect(scene.orders.length).toBe(orders.length);
    expect(coverProblems(scene)).toEqual([]);
    const after = sceneOf(classic, adjudication.position);
    expect(coverProblems(after)).toEqual([]);
  });

  it.each(seeds.slice(0, 20))('random Warring States phase #%d', (seed) => {
    const { position, orders } = randomPhase(seed, warringStates);
    const adjudication = adjudicate(warringStates, position, orders);
    const scene = sceneOf(warringStates, position, { orders, adjudication });
    expect(coverProblems(scene)).toEqual([]);
    expect(coverProblems(sceneOf(warringStates, adjudication.position))).toEqual([]);
  });
});

describe('variants with more than 8 powers', () => {
  it('mark every unit with its power (decisions.md: the colour bars drop to 10 there)', async () => {
    const { tinyVariant, tinySides } = await import('./helpers.js');
    const names = ['Red', 'Blue', 'Gold', 'Teal', 'Plum', 'Rust', 'Sage', 'Navy', 'Rose'];
    const powers = names.map((name, i) => ({ name, color: `#${(0x202020 + i * 0x151515).toString(16)}`, ...(i === 0 ? { localName: '赤' } : {}) }));
    const many = tinyVariant(tinySides, { powers });
    const position: Position = {
      phase: { season: 'spring', year: 1901, type: 'movement' },
      units: [
        { power: 'Red', type: 'A', province: 'a', coast: null },
        { power: 'Blue', type: 'A', province: 'd', coast: null },
      ],
      dislodged: [],
      contested: [],
      supplyCenters: {},
    };
    const s = sceneOf(many, position);
    expect(s.units.map((u) => u.mark)).toEqual(['赤', 'Bl']);
    const few = tinyVariant(tinySides);
    expect(sceneOf(few, position).units.every((u) => u.mark === undefined)).toBe(true);
  });
});
