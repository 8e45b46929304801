/**
 * Where an overlay mark goes ("Maps players read"): a mark says where something happened (Warhammer's
 * decisive battles), so it lies inside its own province when there is room there, and never on an order line (a
 * support or an arrow it would hide) when there is room off them. Checked on the busy Classic phase with a mark on
 * every province that has an order or a unit, and on Warhammer's crowded Middenheim (a badge against its own unit).
 */
import { describe, expect, it } from 'vitest';
import { buildScene, geometryOf, type Scene } from '../../src/render/index.js';
import { busyClassic, galleryImages } from '../../src/render/gallery.js';
import { distanceToSegment, type Point } from '../../src/render/geometry.js';
import { overlaps } from '../../src/render/placement.js';
import type { MapOverlay } from '../../src/variants/plugin/overlay.js';
import { adjudicate } from '../../src/engine/index.js';
import { allVariants } from '../../src/variants/index.js';
import { classic, randomPhase } from './helpers.js';

const busy = busyClassic();
const provinces = [...new Set(busy.position.units.map((u) => u.province))];
const overlays: MapOverlay[] = provinces.map((province) => ({
  kind: 'mark',
  province,
  glyph: 'swords',
  legend: 'a battle',
}));

function sceneOf(): Scene {
  const r = buildScene(classic, busy.position, { orders: busy.orders, adjudication: busy.adjudication, overlays });
  if (!r.ok) throw new Error(r.error);
  return r.scene;
}

const geometry = geometryOf(classic.data);
if (!geometry.ok) throw new Error(geometry.error);
const provinceAt = (s: Scene, p: Point) =>
  geometry.geometry.locate([(p[0] - s.frame.x) / s.scale, (p[1] - s.frame.y) / s.scale]);
const lineGap = (s: Scene, p: Point) => {
  let gap = Infinity;
  for (const o of s.orders)
    for (let i = 1; i < o.path.length; i++) gap = Math.min(gap, distanceToSegment(p, o.path[i - 1]!, o.path[i]!));
  return gap;
};

describe('overlay marks: in their province, off the order lines', () => {
  const scene = sceneOf();
  const marks = scene.overlays.filter((o) => o.kind === 'mark');

  it('places a mark for every province asked', () => {
    expect(marks.map((m) => m.province).sort()).toEqual([...provinces].sort());
  });

  it('every mark lies inside its own province, and all but the crowded Belgium and Holland off every order line', () => {
    const outside = marks.filter((m) => provinceAt(scene, m.at) !== m.province).map((m) => m.province);
    expect(outside).toEqual([]);
    const onLine = marks.filter((m) => lineGap(scene, m.at) < m.radius).map((m) => m.province);
    expect(onLine.length, `on a line: ${onLine.join(' ')}`).toBeLessThanOrEqual(2);
  });
});

describe('random Warhammer boards: a mark on every province with a unit, each inside its own province', () => {
  // Before, a mark with no room inside went beside its province's spot: 6 of 93 random provisional battle marks lay
  // in a neighbour, where they read as that neighbour's battle.
  const wh = allVariants().find((v) => v.id === 'warhammer')!;
  const whGeometry = geometryOf(wh.data);
  if (!whGeometry.ok) throw new Error(whGeometry.error);
  it.each([1, 2, 3, 4, 5, 6, 7, 8])('random phase #%d', (seed) => {
    const { position, orders } = randomPhase(seed, wh);
    const adjudication = adjudicate(wh, position, orders);
    const marked = [...new Set(position.units.map((u) => u.province))].map(
      (province): MapOverlay => ({ kind: 'mark', province, glyph: 'swords', legend: 'a battle may be declared here' }),
    );
    const r = buildScene(wh, position, { orders, adjudication, overlays: marked });
    if (!r.ok) throw new Error(r.error);
    const s = r.scene;
    const outside = s.overlays
      .filter(
        (o) =>
          whGeometry.geometry.locate([(o.at[0] - s.frame.x) / s.scale, (o.at[1] - s.frame.y) / s.scale]) !== o.province,
      )
      .map((o) => o.province);
    expect(s.overlays).toHaveLength(marked.length);
    expect(outside).toEqual([]);
  });
});

describe('a crowded province (Warhammer Spring 2500, the battle for Middenheim)', () => {
  const img = galleryImages().find((i) => i.file === 'warhammer-spring-2500-battles.png')!;
  const r = buildScene(img.variant, img.position, img.opts);
  if (!r.ok) throw new Error(r.error);
  const scene = r.scene;
  const wh = geometryOf(img.variant.data);
  if (!wh.ok) throw new Error(wh.error);
  const at = (p: Point) =>
    wh.geometry.locate([(p[0] - scene.frame.x) / scene.scale, (p[1] - scene.frame.y) / scene.scale]);
  const midd = scene.units.find((u) => u.location === 'midd')!;

  it('its mark sits against its own unit like a badge: inside Middenheim, off the Vampire support line and every other, never over the unit or a label', () => {
    const mark = scene.overlays.find((o) => o.province === 'midd')!;
    expect(at(mark.at)).toBe('midd');
    expect(lineGap(scene, mark.at)).toBeGreaterThan(mark.radius);
    expect(Math.hypot(mark.at[0] - midd.at[0], mark.at[1] - midd.at[1])).toBeGreaterThanOrEqual(
      midd.size * 1.2 + mark.radius,
    );
    const box = { x: mark.at[0] - mark.radius, y: mark.at[1] - mark.radius, w: mark.radius * 2, h: mark.radius * 2 };
    for (const l of scene.labels) expect(overlaps(box, l.box), l.text).toBe(false);
  });

  it('the Kislev fleet’s arrowhead ends outside the held unit’s octagon, and the support line passes outside it', () => {
    const kislev = scene.orders.find((o) => o.order === 'F claw - midd')!;
    expect(kislev.head).toBeDefined();
    const octagon = midd.size * 1.5 + 4.4 * scene.layer * 0.5;
    expect(Math.hypot(kislev.head!.tip[0] - midd.at[0], kislev.head!.tip[1] - midd.at[1])).toBeGreaterThanOrEqual(
      octagon,
    );
    const support = scene.orders.find((o) => o.order.startsWith('A gfor S'))!;
    let gap = Infinity;
    for (let i = 1; i < support.path.length; i++)
      gap = Math.min(gap, distanceToSegment(midd.at, support.path[i - 1]!, support.path[i]!));
    expect(gap - 4.4 * scene.layer * 0.5).toBeGreaterThanOrEqual(octagon);
  });
});
