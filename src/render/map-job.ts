/**
 * A whole map job, run inside the render worker (worker.ts loads this module on the first one): load the variant
 * (job-variant.ts), build the scene, draw it. Kept out of the worker's own module so that a worker drawing only
 * scenes built elsewhere boots without the variants and the engine.
 */
import type { Position } from '../engine/types.js';
import type { StoredDrawing } from './worker-protocol.js';
import { buildScene, type RenderOptions } from './build-scene.js';
import { jobVariant } from './job-variant.js';
import { pageBoardBytes, pageLayerBytes } from './page-scene.js';
import { rasterizeSync } from './raster.js';

/** What a map job answers: a PNG, or a web page's board or layer (src/render/page-scene.ts). */
export type MapJobOutput = 'png' | 'page-board' | 'page-layer';

export type MapJobResult =
  | { ok: true; png: Buffer; meta: { width: number; height: number; warnings: string[] } }
  /** `drawable: false`: buildScene's error (the input cannot be drawn). */
  | { ok: false; error: string; drawable?: false };

export async function runMapJob(
  variantId: string,
  position: Position,
  opts: RenderOptions,
  options?: Record<string, string>,
  as: MapJobOutput = 'png',
  stored?: StoredDrawing,
): Promise<MapJobResult> {
  const variant = await jobVariant(variantId, options, stored);
  if (typeof variant === 'string') return { ok: false, error: variant };
  if (as !== 'png') {
    // A web page's map: its board or a seat's layer as compressed JSON (src/render/page-scene.ts), painted by the page.
    const page = (as === 'page-board' ? pageBoardBytes : pageLayerBytes)(variant, position, opts);
    return page.ok
      ? { ok: true, png: page.bytes, meta: { width: 0, height: 0, warnings: [] } }
      : { ...page, drawable: false };
  }
  const built = buildScene(variant, position, opts);
  if (!built.ok) return { ok: false, error: built.error, drawable: false };
  const { scene } = built;
  return {
    ok: true,
    png: rasterizeSync(scene),
    meta: { width: scene.width, height: scene.height, warnings: scene.warnings },
  };
}
