/**
 * A map for a web page (the order pad, docs/pad.md "The map"): the very scene the PNG maps are painted from, as JSON
 * the page paints with the same `drawScene` on its canvas, plus each province's and coast's spot (where its unit
 * stands) in the scene's pixels, for the page's click targets. Numbers are rounded to 0.1 px; the JSON is
 * Brotli-compressed here (in the render worker for bundled variants), so the web server sends the bytes as they are.
 */
import { brotliCompressSync, constants } from 'node:zlib';
import type { Position } from '../engine/types.js';
import type { Variant } from '../engine/variant.js';
import { anchorsOf } from './anchors.js';
import { buildScene, type RenderOptions } from './build-scene.js';
import { geometryOf } from './geometry.js';
import type { Scene } from './scene.js';

/** What the page receives. */
export interface PageScene {
  scene: Scene;
  /** Location key (`par`, `spa/nc`) → where its unit stands, in scene pixels. */
  spots: Record<string, [number, number]>;
}

const rounded = (_key: string, value: unknown) => (typeof value === 'number' ? Math.round(value * 10) / 10 : value);

/** The page scene of a position, as Brotli-compressed JSON; null with the reason when it cannot be drawn. */
export function pageSceneBytes(
  variant: Variant,
  position: Position,
  opts: RenderOptions,
): { ok: true; bytes: Buffer } | { ok: false; error: string } {
  const built = buildScene(variant, position, opts);
  if (!built.ok) return built;
  const geometry = geometryOf(variant.data);
  if (!geometry.ok) return geometry;
  const { frame, scale } = built.scene;
  const spots: PageScene['spots'] = {};
  for (const [key, p] of anchorsOf(variant, geometry.geometry))
    spots[key] = [frame.x + p[0] * scale, frame.y + p[1] * scale];
  const json = JSON.stringify({ scene: built.scene, spots } satisfies PageScene, rounded);
  const bytes = brotliCompressSync(json, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 5,
      [constants.BROTLI_PARAM_SIZE_HINT]: json.length,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    },
  });
  return { ok: true, bytes };
}
