/**
 * Replays: a range of resolved phases as one animated GIF, drawn by the phase maps' own scene
 * builder and painter. For a bundled variant (every game's) the whole replay is made in the render worker, in steps
 * queued behind every map job (pool.ts), so nothing heavy runs on the calling thread and no results post waits for
 * more than one step; a variant from outside (the CLI's --variant-file) is drawn on the calling thread.
 * See docs/render.md "Replays".
 */
import type { Variant } from '../../engine/variant.js';
import { drawableVariant, RenderError, workerRecipe } from '../index.js';
import { renderWorkerAvailable, runReplayStepInWorker, UndrawableError } from '../pool.js';
import { replayInThread, ReplayInputError, type ReplayPhase, type ReplaySettings } from './session.js';

export {
  MAX_REPLAY_PHASES,
  REPLAY_WIDTH,
  TIMING,
  type ReplayPhase,
  type ReplayPicture,
  type ReplaySettings,
} from './session.js';

export interface RenderedReplay {
  gif: Buffer;
  width: number;
  height: number;
  frames: number;
  /** How long one run of the animation lasts, in seconds. */
  seconds: number;
  /** Things left out of the pictures (as `renderMap`'s warnings). */
  warnings: string[];
}

/** Phases whose scenes one `plan` step builds (a step stays a few hundred milliseconds at most). */
const PLAN_CHUNK = 4;
let nextSession = 1;

/**
 * The replay of `phases` (in order). Rejects with a RenderError naming the problem when the input cannot be drawn
 * (no phase, too many, a variant without geometry). `onThisThread: false` (the bot, whose event loop must never
 * stall): rejects instead of drawing on the calling thread when the render worker cannot run.
 */
export async function renderReplay(
  variant: Variant,
  phases: readonly ReplayPhase[],
  settings: ReplaySettings,
  { onThisThread = true }: { onThisThread?: boolean } = {},
): Promise<RenderedReplay> {
  const recipe = await workerRecipe(variant);
  if (!recipe || !renderWorkerAvailable()) {
    if (!onThisThread) throw new RenderError('replays are drawn in the render worker, which is not running');
    try {
      const r = replayInThread(drawableVariant(variant), phases, settings);
      return {
        gif: Buffer.from(r.gif.buffer, r.gif.byteOffset, r.gif.byteLength),
        width: r.width,
        height: r.height,
        frames: r.frames,
        seconds: r.duration / 100,
        warnings: r.warnings,
      };
    } catch (e) {
      if (e instanceof ReplayInputError) throw new RenderError(e.message);
      throw e;
    }
  }
  const session = nextSession++;
  try {
    await runReplayStepInWorker({ op: 'open', session, ...recipe, settings, phaseCount: phases.length });
    for (let i = 0; i < phases.length; i += PLAN_CHUNK)
      await runReplayStepInWorker({ op: 'plan', session, phases: phases.slice(i, i + PLAN_CHUNK) });
    for (let i = 0; i < phases.length; i++) await runReplayStepInWorker({ op: 'draw', session, index: i });
    const done = await runReplayStepInWorker({ op: 'finish', session });
    const gif = Buffer.from(done.bytes.buffer, done.bytes.byteOffset, done.bytes.byteLength);
    return {
      gif,
      width: done.width,
      height: done.height,
      frames: done.frames,
      seconds: done.duration / 100,
      warnings: done.warnings,
    };
  } catch (e) {
    void runReplayStepInWorker({ op: 'drop', session }).catch(() => undefined);
    if (e instanceof UndrawableError) throw new RenderError(e.message);
    throw e;
  }
}
