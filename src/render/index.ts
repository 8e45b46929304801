/**
 * The map renderer: renderMap draws a position, with orders and results when given, as a PNG.
 * For a bundled variant, or the copy of one that a game's options make (Warhammer's campaign), the whole job runs
 * in a worker thread (pool.ts, worker.ts): building the scene, drawing,
 * Skia's rasterization and PNG compression, so a render never stalls the bot's event loop; a variant from
 * outside (the CLI's --variant-file) has its scene built on the calling thread and drawn in the
 * worker. See docs/render.md.
 */
import type { Position } from '../engine/types.js';
import type { Variant } from '../engine/variant.js';
import { buildScene, type RenderOptions } from './build-scene.js';
import { anchorsOf } from './anchors.js';
import { geometryOf, geometrySteps } from './geometry.js';
import { rasterize, renderMapInWorker, startRenderWorker, UndrawableError, workerHasDrawn } from './pool.js';
import { BUNDLED_VARIANT_IDS, loadVariant } from '../variants/bundled.js';
import { drawnStoredVariant, isStoredVariantId, storedVariantTexts } from '../variants/stored.js';
import type { StoredDrawing } from './worker-protocol.js';
import { ensureFonts } from './fonts.js';
import { pageBoardBytes, pageLayerBytes } from './page-scene.js';

export { buildScene, defaultTitle, phaseTitle, type RenderOptions } from './build-scene.js';
export { drawScene } from './draw.js';
export { forReader } from './reader.js';
export { ensureFonts } from './fonts.js';
export { stopRenderWorker } from './pool.js';
export { boardKey, type PageBoard, type PageLayer, type PageScene } from './page-scene.js';
export { geometryOf, type Point } from './geometry.js';
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
 * serving (the bot calls it once it is ready): starts the render worker and draws each bundled variant's starting
 * position there once, throwing the pictures away, so that the worker holds every geometry and the first real map
 * runs warm code; a variant from outside has its geometry read here, in steps with a turn of the event loop
 * between them. Never throws; names a variant that cannot be drawn.
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
      await pause();
      const recipe = await workerRecipe(v);
      if (recipe && workerHasDrawn(recipe)) continue; // warm already: the running worker has drawn this variant
      if (recipe) {
        // Drawn where its real maps will be: the worker reads the stored geometry and runs the scene code cold
        // (steps of 10–35 ms each, 100 ms and more for the first scene), none of it on this thread.
        const position = timed(() => v.startingPosition());
        await renderMap(v, position).catch((e: unknown) =>
          problems.push(`${v.id}: ${e instanceof Error ? e.message : String(e)}`),
        );
        continue;
      }
      // A variant from outside is drawn on this thread: its geometry, in steps with a turn of the loop between them.
      const steps = geometrySteps(v.data);
      let step = timed(() => steps.next());
      while (!step.done) {
        await pause();
        step = timed(() => steps.next());
      }
      if (!step.value.ok) problems.push(`${v.id}: ${step.value.error}`);
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
  const here = async () => (await renderMapTimed(drawableVariant(variant), position, opts)).map;
  const recipe = await workerRecipe(variant);
  if (!recipe) return here();
  try {
    return await renderMapInWorker({ ...recipe, position, opts }, here);
  } catch (e) {
    if (e instanceof UndrawableError) throw new RenderError(e.message);
    throw e;
  }
}

/**
 * The variant with its drawing, for a scene built on this thread: a stored variant is loaded here without its
 * drawing (src/variants/stored.ts), which is read only when no render worker can draw it.
 */
export function drawableVariant(variant: Variant): Variant {
  return (isStoredVariantId(variant.id) ? drawnStoredVariant(variant.id) : null) ?? variant;
}

/** Does `renderMap` build this variant's scene in the render worker (rather than on the calling thread)? */
export async function buildsSceneInWorker(variant: Variant): Promise<boolean> {
  return (await workerRecipe(variant)) !== null;
}

/**
 * How the worker makes the very variant being drawn: a bundled variant as it is, or the copy `configure` made of
 * one for a game's options (the same object `configure` returns for those options, so the worker's copy is the
 * same), or a server's stored variant with its texts (src/variants/stored.ts; the worker builds it with its drawing).
 * Null for anything else (a variant from a file): its scene is built on the calling thread.
 */
export function workerRecipe(variant: Variant): Promise<WorkerRecipe | null> {
  // Asked for every map (the order pad's parts: many a second), so found once per variant object; a stored variant's
  // texts are looked up each time (src/variants/stored.ts keeps them).
  if (isStoredVariantId(variant.id)) return recipeOf(variant);
  let recipe = recipes.get(variant);
  if (!recipe) {
    recipe = recipeOf(variant);
    recipes.set(variant, recipe);
  }
  return recipe;
}

type WorkerRecipe = { variantId: string; options?: Record<string, string>; stored?: StoredDrawing };
const recipes = new WeakMap<Variant, Promise<WorkerRecipe | null>>();

async function recipeOf(variant: Variant): Promise<WorkerRecipe | null> {
  const stored = isStoredVariantId(variant.id) ? storedVariantTexts(variant.id) : undefined;
  if (stored) return { variantId: variant.id, stored: { map: stored.map, drawing: stored.drawing } };
  if (!BUNDLED_VARIANT_IDS.includes(variant.id)) return null;
  const bundled = await loadVariant(variant.id);
  if (!bundled) return null;
  if (bundled === variant) return { variantId: variant.id };
  if (variant.options && bundled.configure?.({ ...variant.options }) === variant)
    return { variantId: variant.id, options: { ...variant.options } };
  return null;
}

/** renderMap with the scene built on this thread, also returning how long each step took (the benchmark). */
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

/**
 * Starts the pad maps' worker (src/render/pool.ts) and has it build each bundled variant's starting board once,
 * thrown away, so the first pads opened after a start do not wait for the worker to boot and read the geometry
 * (docs/pad.md "The map"). Never throws; returns what could not be built, by variant.
 */
export async function warmPageParts(): Promise<string[]> {
  const problems: string[] = [];
  for (const id of BUNDLED_VARIANT_IDS) {
    const variant = await loadVariant(id);
    if (!variant) continue;
    await renderPagePart('board', variant, variant.startingPosition()).catch((e: unknown) =>
      problems.push(`${id}: ${e instanceof Error ? e.message : String(e)}`),
    );
  }
  return problems;
}

/**
 * A web page's map (the order pad, docs/pad.md "The map"), one part of it: the `board` every seat of the phase with
 * the same view shares, or a seat's `layer` (its orders, the units, title and legend), each as Brotli-compressed JSON
 * (src/render/page-scene.ts); made in the pad maps' render worker for a bundled variant (priority `page`), on this
 * thread otherwise.
 */
export async function renderPagePart(
  part: 'board' | 'layer',
  variant: Variant,
  position: Position,
  opts: RenderOptions = {},
): Promise<Buffer> {
  const here = async () => {
    const page = (part === 'board' ? pageBoardBytes : pageLayerBytes)(drawableVariant(variant), position, opts);
    if (!page.ok) throw new RenderError(page.error);
    return { png: page.bytes, width: 0, height: 0, warnings: [] };
  };
  const recipe = await workerRecipe(variant);
  if (!recipe) return (await here()).png;
  const as = part === 'board' ? 'page-board' : 'page-layer';
  try {
    return (await renderMapInWorker({ ...recipe, position, opts, as }, here, 'page')).png;
  } catch (e) {
    if (e instanceof UndrawableError) throw new RenderError(e.message);
    throw e;
  }
}
