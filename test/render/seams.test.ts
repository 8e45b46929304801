/**
 * Gaps a drawing leaves between adjacent provinces (docs/render.md, `Scene.seam`): python's maps leave a few pixels
 * between provinces, which showed as a seam of the background (off-map land) along every border, about 3 px at
 * 1600 px wide. A python-format map of three lands, the middle a strip 2 px off its west neighbour: the gap is
 * painted in the provinces' own colours, the strait 31 px wide (a link) stays open, and maps drawn from seed points
 * (every bundled variant) have no seam to paint.
 */
import { createCanvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { buildScene } from '../../src/render/build-scene.js';
import { drawScene } from '../../src/render/draw.js';
import type { Scene } from '../../src/render/scene.js';
import { buildVariant } from '../../src/variants/build.js';
import { getVariant } from '../../src/variants/index.js';
import { importPythonDiplomacy } from '../../src/variants/import/python/index.js';

const MAP = [
  'BEGIN SPRING 1901 MOVEMENT',
  'VICTORY 2',
  'RED (RED) WES',
  'A WES',
  'BLUE (BLUE) EAS',
  'A EAS',
  'West = wes',
  'Narrow = nar',
  'East = eas',
  'LAND WES ABUTS NAR',
  'LAND NAR ABUTS WES EAS',
  'LAND EAS ABUTS NAR',
  '',
].join('\n');

const SVG = [
  '<svg xmlns="http://www.w3.org/2000/svg" xmlns:jdipNS="svg.dtd" width="200px" height="100px" viewBox="0 0 200 100">',
  '<jdipNS:PROVINCE_DATA><jdipNS:PROVINCE name="wes"><jdipNS:UNIT x="25" y="30"/></jdipNS:PROVINCE>',
  '<jdipNS:PROVINCE name="nar"><jdipNS:UNIT x="80" y="5"/></jdipNS:PROVINCE>',
  '<jdipNS:PROVINCE name="eas"><jdipNS:UNIT x="135" y="30"/></jdipNS:PROVINCE></jdipNS:PROVINCE_DATA>',
  '<g id="MapLayer">',
  '<path id="_wes" class="nopower" d="M 0 0 L 89 0 L 89 100 L 0 100 Z"/>',
  '<path id="_nar" class="nopower" d="M 91 0 L 109 0 L 109 100 L 91 100 Z"/>',
  '<path id="_eas" class="nopower" d="M 140 0 L 200 0 L 200 100 L 140 100 Z"/>',
  '</g></svg>',
].join('\n');

function stripScene(): Scene {
  const r = importPythonDiplomacy({
    map: { name: 'strip.map', text: MAP },
    read: () => null,
    svg: { name: 'strip.svg', text: SVG },
  });
  if (!r.ok) throw new Error(r.problems.join('\n'));
  const v = buildVariant(r.data);
  const built = buildScene(v, v.startingPosition(), { width: 400 });
  if (!built.ok) throw new Error(built.error);
  return built.scene;
}

/** The colour drawn at a map point, as `#rrggbb`. */
function colourAt(scene: Scene, at: [number, number]): string {
  const canvas = createCanvas(scene.width, scene.height);
  const ctx = canvas.getContext('2d');
  drawScene(ctx as never, scene);
  const x = Math.round(scene.frame.x + at[0] * scene.scale);
  const y = Math.round(scene.frame.y + at[1] * scene.scale);
  const d = ctx.getImageData(x, y, 1, 1).data;
  return `#${[d[0]!, d[1]!, d[2]!].map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

describe('gaps between provinces', () => {
  it('are painted in the provinces’ colours, never the background between them', () => {
    const scene = stripScene();
    const fill = (id: string) => scene.regions.find((r) => r.id === id)!.fill;
    // The border margin the import fitted (2.5 map px) and more: both sides of a 2 px gap meet.
    expect(scene.seam).toBeGreaterThanOrEqual(2 * scene.scale);
    const between = colourAt(scene, [89.6, 70]);
    expect([fill('wes'), fill('nar')]).toContain(between);
    expect(between).not.toBe(fill('#land'));
    // The strait is no gap between neighbours: it stays open.
    expect(colourAt(scene, [125, 70])).toBe(fill('#land'));
  });

  it('a map drawn from seed points has none', () => {
    const classic = getVariant('classic')!;
    const built = buildScene(classic, classic.startingPosition());
    if (!built.ok) throw new Error(built.error);
    expect(built.scene.seam).toBeUndefined();
  });
});
