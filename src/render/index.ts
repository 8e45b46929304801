/**
 * The map renderer (issue 3): renderMap draws a position, with orders and results when given, as a PNG.
 * The calling thread only builds the scene (a few ms); drawing, Skia's rasterization and PNG compression
 * run in a worker thread (pool.ts), so a render never stalls the bot's event loop. See docs/render.md.
 */
import type { Position } from '../engine/types.js';
import type { Variant } from '../engine/variant.js';
import { buildScene, type RenderOptions } from './build-scene.js';
import { anchorsOf } from './anchors.js';
import { geometryOf } from './geometry.js';
import { rasterize, startRenderWorker } from './pool.js';
import { ensureFonts } from './fonts.js';

export { buildScene, phaseTitle, type RenderOptions, type SceneResult } from './build-scene.js';
export { checkGeometry, geometryProblems, type GeometryProblem } from './check.js';
export { drawScene } from './draw.js';
export { ensureFonts, FONT_FAMILY } from './fonts.js';
export { stopRenderWorker } from './pool.js';
export { computeGeometry, geometryOf, type MapGeometry, type Point } from './geometry.js';
export type * from './scene.js';

export class RenderError extends Error {}

export interface RenderedMap {
  png: Buffer;
  width: number;
  height: number;
  /** Things left out of the picture (unknown provinces, orders that cannot be placed). */
  warnings: string[];
}

/**
 * Do the once-per-process work now (geometry of each variant: ~100-300 ms; fonts; starting the render
 * worker), e.g. at bot start-up, so the first map does not stall the event loop. Never throws; returns
 * the problems found (a variant without usable geometry).
 */
export function prepareRenderer(variants: Variant[]): string[] {
  const problems: string[] = [];
  for (const v of variants) {
    const g = geometryOf(v.data);
    if (g.ok) anchorsOf(v, g.geometry);
    else problems.push(`${v.id}: ${g.error}`);
  }
  ensureFonts();
  startRenderWorker();
  return problems;
}

/** Time spent in each step, in ms. */
export interface RenderTimings {
  /** buildScene, on the calling thread. */
  scene: number;
  /** Drawing, rasterizing and compressing, in the render worker (waited for asynchronously). */
  raster: number;
}

/**
 * Draw the map. Rejects with a RenderError (naming what is wrong) only when the variant has no usable
 * geometry; bad units or orders are left out and listed in `warnings`.
 */
export async function renderMap(variant: Variant, position: Position, opts: RenderOptions = {}): Promise<RenderedMap> {
  const { map } = await renderMapTimed(variant, position, opts);
  return map;
}

/** renderMap, also returning how long each step took (for the benchmark). */
export async function renderMapTimed(
  variant: Variant,
  position: Position,
  opts: RenderOptions = {},
): Promise<{ map: RenderedMap; timings: RenderTimings }> {
  const t0 = performance.now();
  const built = buildScene(variant, position, opts);
  if (!built.ok) throw new RenderError(built.error);
  const scene = built.scene;
  const t1 = performance.now();
  const png = await rasterize(scene);
  const t2 = performance.now();
  return {
    map: { png, width: scene.width, height: scene.height, warnings: scene.warnings },
    timings: { scene: t1 - t0, raster: t2 - t1 },
  };
}
