/**
 * Where an overlay mark goes (issue 20 §1, "Maps players read"): a mark says where something happened (Warhammer's
 * decisive battles), so it lies inside its own province when there is room there, and never on an order line (a
 * support or an arrow it would hide) when there is room off them. Checked on the busy Classic phase with a mark on
 * every province that has an order or a unit.
 */
import { describe, expect, it } from 'vitest';
import { buildScene, geometryOf, type Scene } from '../../src/render/index.js';
import { busyClassic } from '../../src/render/gallery.js';
import { distanceToSegment, type Point } from '../../src/render/geometry.js';
import type { MapOverlay } from '../../src/variants/plugin/overlay.js';
import { classic } from './helpers.js';

const busy = busyClassic();
const provinces = [...new Set(busy.position.units.map((u) => u.province))];
const overlays: MapOverlay[] = provinces.map((province) => ({ kind: 'mark', province, glyph: 'swords', legend: 'a battle' }));

function sceneOf(): Scene {
  const r = buildScene(classic, busy.position, { orders: busy.orders, adjudication: busy.adjudication, overlays });
  if (!r.ok) throw new Error(r.error);
  return r.scene;
}

const geometry = geometryOf(classic.data);
if (!geometry.ok) throw new Error(geometry.error);
const provinceAt = (s: Scene, p: Point) => geometry.geometry.locate([(p[0] - s.frame.x) / s.scale, (p[1] - s.frame.y) / s.scale]);
const lineGap = (s: Scene, p: Point) => {
  let gap = Infinity;
  for (const o of s.orders) for (let i = 1; i < o.path.length; i++) gap = Math.min(gap, distanceToSegment(p, o.path[i - 1]!, o.path[i]!));
  return gap;
};

describe('overlay marks: in their province, off the order lines', () => {
  const scene = sceneOf();
  const marks = scene.overlays.filter((o) => o.kind === 'mark');

  it('places a mark for every province asked', () => {
    expect(marks.map((m) => m.province).sort()).toEqual([...provinces].sort());
  });

  it('no mark covers an order line, and all but three crowded ones (Belgium, Picardy, Holland) lie inside their own province', () => {
    const onLine = marks.filter((m) => lineGap(scene, m.at) < m.radius).map((m) => m.province);
    expect(onLine).toEqual([]);
    const outside = marks.filter((m) => provinceAt(scene, m.at) !== m.province).map((m) => m.province);
    expect(outside.length, `outside their province: ${outside.join(' ')}`).toBeLessThanOrEqual(3);
  });
});
