/**
 * Painting a replay's frames with the phase maps' own painter: a phase's key frame is its
 * orders-and-results scene drawn by `drawScene` (the results post's first picture) below the centre-count bar; the
 * frames in between redraw only the units that move, over a copy of that picture without them, each unit drawn by
 * `drawUnit` exactly as on the map (with its dislodged ring when it was dislodged).
 */
import { createCanvas, type Canvas, type SKRSContext2D } from '@napi-rs/canvas';
import { drawScene } from '../draw.js';
import { drawSymbol, drawUnit, drawUnitRing } from '../draw-marks.js';
import { LEGEND_PX, ORDER_LAYER } from '../styles.js';
import { font } from '../fonts.js';
import { COLORS, textOn } from '../palette.js';
import type { LegendEntry, OrderMark, Scene, UnitMark } from '../scene.js';
import type { Rect } from './gif.js';
import { trackAt, type Track } from './tracks.js';

/**
 * The bar's text at 1600 px wide: the legend's size, so its counts read at 9.6 px where Discord shows the GIF 550 px
 * wide (docs/render.md "Legibility"; at 15 px they read 5.2 px there). It scales with the width, like the map.
 */
export const BAR_TEXT = LEGEND_PX;
/** The bar's height at 1600 px wide: its segments (the text and 6 px above and below it) and the progress line. */
const BAR_HEIGHT = BAR_TEXT + 12 + 22;
const UNOWNED = '#d9d2c1';

/** The centre counts the bar shows: each power's (legend order) and the map's total. */
export interface BarState {
  entries: Pick<LegendEntry, 'power' | 'color' | 'centers' | 'mark'>[];
  /** The unowned centres' word in the readers' locale (`Scene.legend.unowned`). */
  unowned: string;
  total: number;
  /** How far the replay has gone, 0..1 (the thin line under the bar). */
  progress: number;
}

export function barHeight(width: number): number {
  return Math.round((BAR_HEIGHT * width) / 1600);
}

export function barOf(scene: Scene, progress: number): BarState {
  return {
    entries: scene.legend.entries.map(({ power, color, centers, mark }) => ({
      power,
      color,
      centers,
      ...(mark ? { mark } : {}),
    })),
    unowned: scene.legend.unowned,
    total: scene.centers.length,
    progress,
  };
}

export class FramePainter {
  readonly canvas: Canvas;
  readonly ctx: SKRSContext2D;
  /** The key frame without its moving units, to restore what a unit leaves behind. */
  private readonly background: Canvas;
  private readonly backgroundCtx: SKRSContext2D;
  readonly bar: number;
  private readonly u: number;
  /** The order layer's scale, as the scenes draw units and their rings (`Scene.layer`, styles.ts ORDER_LAYER). */
  private readonly layer: number;
  /** The rings round the units the key frame left out (they move): drawn with them in the first frame only. */
  private leavingRings: OrderMark[] = [];

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.canvas = createCanvas(width, height);
    this.ctx = this.canvas.getContext('2d');
    this.background = createCanvas(width, height);
    this.backgroundCtx = this.background.getContext('2d');
    this.bar = barHeight(width);
    this.u = width / 1600;
    this.layer = this.u * ORDER_LAYER;
  }

  /** A whole picture: the bar, then `scene` below it with `hidden` units left out; the area below the scene plain. */
  paintKey(scene: Scene, bar: BarState, hidden: ReadonlySet<UnitMark> = new Set()): void {
    const ctx = this.ctx;
    ctx.fillStyle = COLORS.background;
    ctx.fillRect(0, 0, this.width, this.height);
    this.paintBar(bar);
    ctx.save();
    ctx.translate(0, this.bar);
    // A ring round a moving unit (its hold octagon, a special order's ring) is its own: drawn with it in the first frame
    // (`paintUnits` at t = 0), then gone, never left round an empty spot or the unit that moves in.
    const near = (o: OrderMark) =>
      (o.kind === 'hold' || o.kind === 'ring') &&
      [...hidden].some((unit) => Math.hypot(o.points[0]![0] - unit.at[0], o.points[0]![1] - unit.at[1]) < 0.5);
    this.leavingRings = hidden.size === 0 ? [] : scene.orders.filter(near);
    const shown: Scene =
      hidden.size === 0
        ? scene
        : {
            ...scene,
            units: scene.units.filter((unit) => !hidden.has(unit)),
            orders: scene.orders.filter((o) => !this.leavingRings.includes(o)),
            // A moving unit's dislodged ring travels with it.
            symbols: scene.symbols.filter(
              (s) =>
                !(s.kind === 'dislodged' && scene.units.some((unit) => hidden.has(unit) && unit.location === s.unit)),
            ),
          };
    drawScene(ctx, shown);
    ctx.restore();
  }

  /** Keeps the canvas as it is now as the background units move over. */
  keepBackground(): void {
    this.backgroundCtx.drawImage(this.canvas, 0, 0);
  }

  /** Draws the moving tracks at time `t` (after `restore` put the background back where they were). */
  paintUnits(tracks: readonly Track[], t: number): void {
    this.ctx.save();
    this.ctx.translate(0, this.bar);
    if (t === 0) for (const o of this.leavingRings) drawUnitRing(this.ctx, o, this.layer);
    for (const track of tracks) {
      const { at, shown } = trackAt(track, t);
      if (shown === 'hidden') continue;
      const unit: UnitMark = { ...track.unit, at, ...(shown === 'faded' ? { state: 'disbanded' as const } : {}) };
      drawUnit(this.ctx, unit, this.layer);
      if (track.ring) drawSymbol(this.ctx, { kind: 'dislodged', at, radius: unit.size * 1.55 }, this.layer);
    }
    this.ctx.restore();
  }

  /** Puts the background back inside `rect` (canvas pixels). */
  restore(rect: Rect): void {
    this.ctx.drawImage(this.background, rect.x, rect.y, rect.w, rect.h, rect.x, rect.y, rect.w, rect.h);
  }

  /** The canvas rectangle a track's unit covers at time `t` (with its ring), clipped to the canvas. */
  unitRect(track: Track, t: number): Rect {
    const { at } = trackAt(track, t);
    const r = track.unit.size * 2 + 4 * this.u;
    return this.clip({
      x: Math.floor(at[0] - r),
      y: Math.floor(at[1] - r + this.bar),
      w: Math.ceil(2 * r) + 2,
      h: Math.ceil(2 * r) + 2,
    });
  }

  clip(rect: Rect): Rect {
    const x = Math.max(0, rect.x);
    const y = Math.max(0, rect.y);
    return {
      x,
      y,
      w: Math.max(0, Math.min(this.width, rect.x + rect.w) - x),
      h: Math.max(0, Math.min(this.height, rect.y + rect.h) - y),
    };
  }

  /** RGBA pixels of a rectangle of the canvas. */
  pixels(rect: Rect): Uint8ClampedArray {
    return this.ctx.getImageData(rect.x, rect.y, rect.w, rect.h).data;
  }

  /**
   * The centre-count bar: one segment per power holding centres, as wide as its share of the map's centres, in its
   * unit colour with its count (and its name, or else its mark or its name's first letters, where it fits), then the
   * unowned centres; a thin line below shows how far the replay has gone.
   */
  private paintBar(bar: BarState): void {
    const { ctx, u } = this;
    const pad = 12 * u;
    const top = 8 * u;
    const h = this.bar - 22 * u;
    const left = pad;
    const span = this.width - 2 * pad;
    const total = Math.max(1, bar.total);
    ctx.textBaseline = 'middle';
    ctx.textAlign = 'center';
    ctx.font = font(BAR_TEXT * u, true);
    let x = left;
    const owned = bar.entries.reduce((n, e) => n + e.centers, 0);
    const segments = [
      ...bar.entries
        .filter((e) => e.centers > 0)
        .map((e) => ({ label: e.power, mark: e.mark, color: e.color, count: e.centers, power: true })),
      ...(bar.total > owned
        ? [{ label: bar.unowned, mark: undefined, color: UNOWNED, count: bar.total - owned, power: false }]
        : []),
    ];
    for (const s of segments) {
      const w = (span * s.count) / total;
      ctx.fillStyle = s.color;
      ctx.fillRect(x, top, w, h);
      ctx.strokeStyle = COLORS.frame;
      ctx.lineWidth = 1.2 * u;
      ctx.strokeRect(x, top, w, h);
      ctx.fillStyle = textOn(s.color);
      // The name and count, else (more than 8 powers) the power's mark as on its units, else the name's first three
      // letters ("Eng 3": a 3-centre segment is narrower than "England 3" at the bar's size), else the count alone.
      const fits = (t: string) => ctx.measureText(t).width + 6 * u <= w;
      const short = s.power && [...s.label].length > 4 ? [`${[...s.label].slice(0, 3).join('')} ${s.count}`] : [];
      const text =
        [`${s.label} ${s.count}`, ...(s.mark ? [`${s.mark} ${s.count}`] : []), ...short, String(s.count)].find(fits) ??
        '';
      if (text) ctx.fillText(text, x + w / 2, top + h / 2);
      x += w;
    }
    const line = top + h + 6 * u;
    ctx.fillStyle = COLORS.offmapLand;
    ctx.fillRect(left, line, span, 4 * u);
    ctx.fillStyle = COLORS.title;
    ctx.fillRect(left, line, span * Math.min(1, Math.max(0, bar.progress)), 4 * u);
  }
}
