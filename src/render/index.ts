/**
 * The map renderer (issue 3): renderMap draws a position, with orders and results when given, as a PNG.
 * The calling thread only builds the scene (a few ms); drawing, Skia's rasterization and PNG compression
 * run in a worker thread (pool.ts), so a render never stalls the bot's event loop. See docs/render.md.
 */
import type { Position } from '../engine/types.js';
import type { Variant } from '../engine/variant.js';
import { buildScene, type RenderOptions } from './build-scene.js';
import { anchorsOf } from './anchors.js';
import { geometryOf, geometrySteps } from './geometry.js';
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
 * Do the once-per-process work now, in one go (each variant's geometry, read from its stored file, and unit
 * spots; fonts; starting the render worker). Never throws; returns the problems found (a variant without usable
 * geometry). The bot uses warmRenderer instead, which never blocks the event loop for long.
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

export interface WarmResult {
  /** Variants without usable geometry. */
  problems: string[];
  /** The longest synchronous step, in ms (each is a few ms: the event loop runs between them). */
  longestStepMs: number;
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * prepareRenderer in small steps with an event-loop turn (`pause`) between them, for a process that is already
 * serving (the bot calls it once it is ready): starts the render worker, reads each variant's geometry and unit
 * spots, then draws the first variant's starting position once and throws the picture away, so that the first
 * real map runs warm code on both threads. Never throws.
 */
export async function warmRenderer(variants: Variant[], pause: () => Promise<void> = nextTurn): Promise<WarmResult> {
  const problems: string[] = [];
  let longestStepMs = 0;
  const timed = <T>(step: () => T): T => {
    const started = performance.now();
    try {
      return step();
    } finally {
      longestStepMs = Math.max(longestStepMs, performance.now() - started);
    }
  };
  try {
    timed(startRenderWorker);
    for (const v of variants) {
      const steps = geometrySteps(v.data);
      let step = timed(() => steps.next());
      while (!step.done) {
        await pause();
        step = timed(() => steps.next());
      }
      const g = step.value;
      await pause();
      if (g.ok) timed(() => anchorsOf(v, g.geometry));
      else problems.push(`${v.id}: ${g.error}`);
    }
    const first = variants.find((v) => geometryOf(v.data).ok);
    if (first) {
      await pause();
      const built = timed(() => buildScene(first, first.startingPosition(), {}));
      if (built.ok) await rasterize(built.scene);
    }
  } catch (e) {
    problems.push(`warm-up: ${e instanceof Error ? e.message : String(e)}`);
  }
  return { problems, longestStepMs };
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
  startRenderWorker(); // the first time: the worker boots on its own thread while this one builds the scene
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
