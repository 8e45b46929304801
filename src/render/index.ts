/**
 * The map renderer (issue 3): renderMap draws a position, with orders and results when given, as a PNG.
 * Drawing is a few milliseconds on the calling thread; PNG encoding runs off the event loop
 * (@napi-rs/canvas `encode` is async and runs on the libuv pool). See docs/render.md.
 */
import { createCanvas } from '@napi-rs/canvas';
import type { Position } from '../engine/types.js';
import type { Variant } from '../engine/variant.js';
import { buildScene, type RenderOptions } from './build-scene.js';
import { drawScene } from './draw.js';
import { ensureFonts } from './fonts.js';

export { buildScene, phaseTitle, type RenderOptions, type SceneResult } from './build-scene.js';
export { checkGeometry, geometryProblems, type GeometryProblem } from './check.js';
export { drawScene } from './draw.js';
export { ensureFonts, FONT_FAMILY } from './fonts.js';
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
 * Draw the map. Rejects with a RenderError (naming what is wrong) only when the variant has no usable
 * geometry; bad units or orders are left out and listed in `warnings`.
 */
export async function renderMap(variant: Variant, position: Position, opts: RenderOptions = {}): Promise<RenderedMap> {
  const built = buildScene(variant, position, opts);
  if (!built.ok) throw new RenderError(built.error);
  ensureFonts();
  const scene = built.scene;
  const canvas = createCanvas(scene.width, scene.height);
  drawScene(canvas.getContext('2d'), scene);
  const png = await canvas.encode('png');
  return { png, width: scene.width, height: scene.height, warnings: scene.warnings };
}
