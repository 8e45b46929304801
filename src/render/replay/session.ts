/**
 * One replay being made: phases are planned in chunks (their two scenes built by `buildScene`, the
 * very scenes of the results post's two pictures), then drawn one phase per step into the GIF, then finished. Each
 * step is a separate job of the render worker, so maps of live games go between them (pool.ts priorities). Runs in the
 * render worker for bundled variants, on the calling thread for a variant from outside (the CLI's --variant-file).
 *
 * A phase's frames: its orders-and-results picture, held; then, when some unit moves or bounces, MOTION_STEPS frames
 * of the units travelling along their arrows (tracks.ts), the last held a little; the next phase's picture follows.
 * After the last phase, the board after it, held longer (the animation loops).
 */
import type { Position, PhaseType } from '../../engine/types.js';
import type { Variant } from '../../engine/variant.js';
import { buildScene, type RenderOptions } from '../build-scene.js';
import type { PaletteName } from '../palette.js';
import type { Scene } from '../scene.js';
import { barHeight, barOf, FramePainter } from './frames.js';
import { GifBuilder, type Rect } from './gif.js';
import { unitTracks } from './tracks.js';

/** One picture of a phase: the position drawn and what the results post draws on it (width and palette aside). */
export interface ReplayPicture {
  position: Position;
  opts: Omit<RenderOptions, 'width' | 'palette'>;
}

/** A resolved phase: its orders with their results, and the board after it (the results post's two pictures). */
export interface ReplayPhase {
  orders: ReplayPicture;
  after: ReplayPicture;
}

export interface ReplaySettings {
  /** Output width in pixels (the map scales with it, as `renderMap`'s `width`). */
  width: number;
  palette: PaletteName;
}

/** How long each frame shows, in hundredths of a second (the GIF unit). */
export const TIMING = {
  /** A phase's orders and results: long enough to read the arrows. */
  orders: { movement: 200, retreat: 130, adjustment: 130 } satisfies Record<PhaseType, number>,
  /** Frames of units travelling along their arrows, each shown STEP. */
  motionSteps: 3,
  step: 14,
  /** The last motion frame (every unit arrived). */
  settle: 50,
  /** The board after the last phase, before the animation starts again. */
  final: 400,
} as const;

/** The default width: the maps' labels stay legible and a 10-year game stays far under Discord's upload limit. */
export const REPLAY_WIDTH = 1200;

/** The most phases one replay draws (a 25-year game); longer ranges are refused with this number. */
export const MAX_REPLAY_PHASES = 80;

export interface ReplayResult {
  gif: Uint8Array;
  width: number;
  height: number;
  frames: number;
  /** Durations of the whole animation, in hundredths of a second. */
  duration: number;
  warnings: string[];
}

export class ReplaySession {
  private readonly scenes: ({ orders: Scene; after: Scene; type: PhaseType } | null)[];
  private planned = 0;
  private tallest = 0;
  private painter: FramePainter | null = null;
  private gif: GifBuilder | null = null;
  private duration = 0;
  readonly warnings: string[] = [];

  constructor(
    private readonly variant: Variant,
    private readonly settings: ReplaySettings,
    readonly phaseCount: number,
  ) {
    if (!Number.isInteger(phaseCount) || phaseCount < 1)
      throw new ReplayInputError('a replay needs at least one resolved phase');
    if (phaseCount > MAX_REPLAY_PHASES)
      throw new ReplayInputError(`a replay draws at most ${MAX_REPLAY_PHASES} phases (asked for ${phaseCount})`);
    this.scenes = Array.from({ length: phaseCount }, () => null);
  }

  /** Builds the scenes of the next phases (in order); throws ReplayInputError when one cannot be drawn. */
  plan(phases: readonly ReplayPhase[]): void {
    for (const phase of phases) {
      if (this.planned >= this.phaseCount)
        throw new ReplayInputError(`more phases than the ${this.phaseCount} announced`);
      const orders = this.scene(phase.orders);
      const after = this.scene(phase.after);
      this.tallest = Math.max(this.tallest, orders.height, after.height);
      this.scenes[this.planned++] = { orders, after, type: phase.orders.position.phase?.type ?? 'movement' };
    }
  }

  /** Draws phase `index` (every phase must be planned first); phases are drawn in order. */
  draw(index: number): void {
    const phase = this.scenes[index];
    if (!phase || this.planned < this.phaseCount) throw new Error(`replay phase ${index} is not planned`);
    this.scenes[index] = null; // drawn once; its memory goes
    const width = phase.orders.width;
    this.painter ??= new FramePainter(width, this.tallest + barHeight(width));
    this.gif ??= new GifBuilder(width, this.tallest + barHeight(width));
    const { painter, gif } = this;
    const whole: Rect = { x: 0, y: 0, w: painter.width, h: painter.height };
    const show = (region: Rect, delay: number) => {
      gif.addFrame(painter.pixels(region), region, delay);
      this.duration += delay;
    };

    const tracks = unitTracks(phase.orders, phase.after);
    const movers = tracks.filter((t) => t.kind !== 'stay');
    const motion = movers.some((t) => t.kind === 'move' || t.kind === 'bounce');
    const progress = index / this.phaseCount;
    painter.paintKey(
      phase.orders,
      barOf(phase.orders, progress),
      motion ? new Set(movers.map((t) => t.unit)) : undefined,
    );
    if (motion) {
      painter.keepBackground();
      painter.paintUnits(movers, 0);
    }
    show(whole, TIMING.orders[phase.type]);
    if (motion) {
      let before = movers.map((t) => painter.unitRect(t, 0));
      for (let step = 1; step <= TIMING.motionSteps; step++) {
        const t = step / TIMING.motionSteps;
        for (const rect of before) painter.restore(rect);
        painter.paintUnits(movers, t);
        const now = movers.map((track) => painter.unitRect(track, t));
        show(union([...before, ...now]), step === TIMING.motionSteps ? TIMING.settle : TIMING.step);
        before = now;
      }
    }
    if (index === this.phaseCount - 1) {
      painter.paintKey(phase.after, barOf(phase.after, 1));
      show(whole, TIMING.final);
    }
  }

  finish(): ReplayResult {
    if (!this.gif || !this.painter || this.scenes.some((s) => s !== null))
      throw new Error('replay finished before every phase was drawn');
    return {
      gif: this.gif.finish(),
      width: this.painter.width,
      height: this.painter.height,
      frames: this.gif.frames,
      duration: this.duration,
      warnings: this.warnings,
    };
  }

  private scene(picture: ReplayPicture): Scene {
    const built = buildScene(this.variant, picture.position, {
      ...picture.opts,
      width: this.settings.width,
      palette: this.settings.palette,
    });
    if (!built.ok) throw new ReplayInputError(built.error);
    for (const w of built.scene.warnings) if (!this.warnings.includes(w)) this.warnings.push(w);
    return built.scene;
  }
}

/** Input a replay cannot be made of (named in the message). */
export class ReplayInputError extends Error {}

function union(rects: readonly Rect[]): Rect {
  const x0 = Math.min(...rects.map((r) => r.x));
  const y0 = Math.min(...rects.map((r) => r.y));
  const x1 = Math.max(...rects.map((r) => r.x + r.w));
  const y1 = Math.max(...rects.map((r) => r.y + r.h));
  return { x: x0, y: y0, w: Math.max(1, x1 - x0), h: Math.max(1, y1 - y0) };
}

/** Makes a whole replay on this thread (a variant from outside; tests), chunk after chunk. */
export function replayInThread(
  variant: Variant,
  phases: readonly ReplayPhase[],
  settings: ReplaySettings,
): ReplayResult {
  const session = new ReplaySession(variant, settings, phases.length);
  session.plan(phases);
  for (let i = 0; i < phases.length; i++) session.draw(i);
  return session.finish();
}
