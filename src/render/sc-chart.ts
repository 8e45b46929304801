/**
 * The supply-centre chart (docs/render.md, "The supply-centre chart"): every power's centres per year as lines in the
 * power's map colours (the colour-blind palette when asked), years along the bottom, centres up the side with the
 * victory line dashed across, and a legend beside it listing the powers by their last count. Drawn for Discord's
 * inline preview (about 550 px wide): text of at least 22 px at full width, lines 4 px with a dark casing so pale
 * colours stay visible. With more than 8 powers every line also carries its power's mark (src/render/power-marks.ts)
 * at its end and beside its name, as map units do (docs/render.md, "Colours and fonts").
 *
 * Input is plain data (the game layer collects it from the phases); nothing here knows a variant.
 */
import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import type { PowerData } from '../variants/schema.js';
import { ensureFonts, font } from './fonts.js';
import { COLORS, powerColor, textOn, type PaletteName } from './palette.js';
import type { KindPicture } from './picture-kind.js';
import { encodePng } from './png.js';
import { renderPictureInWorker } from './pool.js';
import { powerMarkIn } from './power-marks.js';

export interface ScChartInput {
  /** The heading (e.g. "Classic Diplomacy · supply centres"). */
  title: string;
  /** The powers in the variant's order, with their colours (and marks) from the variant. */
  powers: readonly Pick<PowerData, 'name' | 'color' | 'altColor' | 'mark'>[];
  palette?: PaletteName;
  /** Centres a power needs to win (the dashed line); null: none drawn. */
  victory: number | null;
  /** One entry per year, in order: its label on the axis and each power's centres then (a power left out owns none). */
  years: readonly { label: string; centres: Readonly<Record<string, number>> }[];
  /** The victory line's label in the reader's language (default `18 to win`). */
  victoryLabel?: string;
  /** Each power's name in the legend in the reader's language (default: the variant's name). */
  names?: Readonly<Record<string, string>>;
}

export interface ScChart {
  png: Buffer;
  width: number;
  height: number;
}

export const SC_CHART_WIDTH = 1200;
/** More powers than this: each line and legend row also carries the power's mark (as units on the map do). */
const MARKS_ABOVE = 8;
const TITLE_PX = 30;
const TEXT_PX = 24;
const AXIS_PX = 22;
const ROW_PX = 36;
const LEGEND_W = 330;
const MARK_R = 13;
const LINE_W = 4;
/** The leaders from the lines' ends to their marks in the end column: a neutral grey, dotted. */
const LEADER_COLOUR = '#8c8c8c';
/** Room right of the plot for the column of end marks (charts with marks; kept for the others too, alike). */
const END_COLUMN = 2 * MARK_R + 30;

/** Where things go: the plot's box, the legend's column, the picture's height. */
export interface ScChartLayout {
  height: number;
  plot: { left: number; top: number; right: number; bottom: number };
  legendX: number;
}
type Layout = ScChartLayout;

/** The layout of a chart of `rows` powers. */
export function scChartLayout(rows: number): Layout {
  const top = 40 + TITLE_PX + 20;
  const height = Math.max(720, top + rows * ROW_PX + 100);
  return {
    height,
    plot: { left: 80, top, right: SC_CHART_WIDTH - LEGEND_W - 30 - END_COLUMN, bottom: height - 70 },
    legendX: SC_CHART_WIDTH - LEGEND_W,
  };
}

/** Draws the chart. Throws a plain Error on input no chart can show (no year, no power). */
export async function renderScChart(input: ScChartInput): Promise<ScChart> {
  const { ctx, width, height } = drawScChart(input);
  return { png: await encodePng(ctx, width, height), width, height };
}

/** The picture name of a chart job for the render worker (src/render/pictures.ts). */
export const SC_CHART_PICTURE = 'sc-chart';

/** What the render worker draws for an `sc-chart` job: the input is plain JSON, so it crosses `postMessage` as it is. */
export const scChartPicture: KindPicture = {
  kind: SC_CHART_PICTURE,
  draw: async (input) => (await renderScChart(input as ScChartInput)).png,
};

/**
 * The chart drawn in the shared render worker, behind the maps already queued (the bot's path: drawing a 21-power
 * chart takes longer than the event loop may be held, `npm run bench`, "Supply-centre chart"); on this thread when no
 * worker can run.
 */
export async function renderScChartOffThread(input: ScChartInput): Promise<ScChart> {
  const png = await renderPictureInWorker(SC_CHART_PICTURE, input, async () => (await renderScChart(input)).png);
  return { png, width: SC_CHART_WIDTH, height: scChartLayout(input.powers.length).height };
}

/** The drawing alone, on a canvas (the synchronous part; `renderScChart` encodes it). */
export function drawScChart(input: ScChartInput): { ctx: SKRSContext2D; width: number; height: number } {
  if (input.years.length === 0) throw new Error('a supply-centre chart needs at least one year');
  if (input.powers.length === 0) throw new Error('a supply-centre chart needs at least one power');
  ensureFonts();
  const layout = scChartLayout(input.powers.length);
  const canvas = createCanvas(SC_CHART_WIDTH, layout.height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, SC_CHART_WIDTH, layout.height);
  ctx.fillStyle = COLORS.title;
  ctx.font = font(TITLE_PX, true);
  ctx.textBaseline = 'alphabetic';
  ctx.textAlign = 'left';
  ctx.fillText(input.title, 24, 40 + TITLE_PX * 0.5, SC_CHART_WIDTH - 48);
  const scale = scaleOf(input, layout);
  drawAxes(ctx, input, layout, scale);
  const withMarks = input.powers.length > MARKS_ABOVE;
  const palette = input.palette ?? 'standard';
  // Lines of the smaller powers first, so the leaders' lines stay on top where they cross.
  const order = [...input.powers].sort((a, b) => lastCount(input, a.name) - lastCount(input, b.name));
  for (const power of order) drawLine(ctx, input, power.name, powerColor(power as PowerData, palette), scale);
  if (withMarks) drawEndMarks(ctx, input, layout, scale, palette);
  drawLegend(ctx, input, layout, palette, withMarks);
  return { ctx, width: SC_CHART_WIDTH, height: layout.height };
}

interface Scale {
  x: (yearIndex: number) => number;
  y: (centres: number) => number;
  top: number;
  step: number;
  /** Per year, each power's small vertical shift: powers on the same count that year side by side (`sideBySide`). */
  shifts: ReadonlyMap<string, number>[];
}

const countIn = (year: ScChartInput['years'][number], power: string) => year.centres[power] ?? 0;
const lastCount = (input: ScChartInput, power: string) => countIn(input.years[input.years.length - 1]!, power);

function scaleOf(input: ScChartInput, layout: Layout): Scale {
  const most = Math.max(
    input.victory ?? 0,
    ...input.years.flatMap((y) => input.powers.map((p) => countIn(y, p.name))),
    1,
  );
  const step = [1, 2, 5, 10, 20, 50].find((s) => most / s <= 10) ?? 100;
  const top = Math.ceil((most + 1) / step) * step;
  const { left, right, bottom } = layout.plot;
  const plotTop = layout.plot.top + 10;
  const n = input.years.length;
  const inset = 24;
  const unit = (bottom - plotTop) / top;
  return {
    x: (i) => (n === 1 ? (left + right) / 2 : left + inset + ((right - left - 2 * inset) * i) / (n - 1)),
    y: (c) => bottom - unit * c,
    top,
    step,
    shifts: input.years.map((year) => sideBySide(input, year, unit)),
  };
}

/** Widest gap between two lines on one count, and the share of a centre's height a bundle of them may take. */
const SIDE_GAP = 5;
const SIDE_SHARE = 0.6;

/**
 * Powers on the same count in a year are drawn a few pixels apart, in the variant's order, so that lines that run
 * together (two powers both falling 4, 3, 2, 1) stay visible side by side; a bundle never spreads over more than
 * `SIDE_SHARE` of one centre, so each still reads at its count.
 */
function sideBySide(input: ScChartInput, year: ScChartInput['years'][number], unit: number): Map<string, number> {
  const byCount = new Map<number, string[]>();
  for (const p of input.powers)
    byCount.set(countIn(year, p.name), [...(byCount.get(countIn(year, p.name)) ?? []), p.name]);
  const shifts = new Map<string, number>();
  for (const names of byCount.values()) {
    const gap = names.length > 1 ? Math.min(SIDE_GAP, (SIDE_SHARE * unit) / (names.length - 1)) : 0;
    names.forEach((name, k) => shifts.set(name, (k - (names.length - 1) / 2) * gap));
  }
  return shifts;
}

function drawAxes(ctx: SKRSContext2D, input: ScChartInput, layout: Layout, scale: Scale): void {
  const { left, right, bottom } = layout.plot;
  ctx.font = font(AXIS_PX);
  ctx.textBaseline = 'middle';
  ctx.textAlign = 'right';
  for (let c = 0; c <= scale.top; c += scale.step) {
    const y = Math.round(scale.y(c)) + 0.5;
    ctx.strokeStyle = c === 0 ? '#555555' : '#e2e2e2';
    ctx.lineWidth = c === 0 ? 2 : 1;
    ctx.beginPath();
    ctx.moveTo(left, y);
    ctx.lineTo(right, y);
    ctx.stroke();
    ctx.fillStyle = '#333333';
    ctx.fillText(String(c), left - 10, y);
  }
  // Year labels: as many as fit side by side, always the first and the last.
  ctx.textAlign = 'center';
  ctx.textBaseline = 'top';
  const n = input.years.length;
  const widest = Math.max(...input.years.map((y) => ctx.measureText(y.label).width));
  const room = n === 1 ? Infinity : scale.x(1) - scale.x(0);
  const every = Math.max(1, Math.ceil((widest + 14) / room));
  input.years.forEach((year, i) => {
    const last = i === n - 1;
    const shown = i % every === 0 && (last || n - 1 - i >= every || every === 1);
    if (!shown && !last) return;
    ctx.fillStyle = '#333333';
    ctx.fillText(year.label, scale.x(i), bottom + 10);
  });
  if (input.victory !== null && input.victory > 0) {
    const y = Math.round(scale.y(input.victory)) + 0.5;
    ctx.strokeStyle = '#b00020';
    ctx.lineWidth = 2;
    ctx.setLineDash([12, 8]);
    ctx.beginPath();
    ctx.moveTo(left, y);
    ctx.lineTo(right, y);
    ctx.stroke();
    ctx.setLineDash([]);
    ctx.fillStyle = '#b00020';
    ctx.font = font(AXIS_PX, true);
    ctx.textAlign = 'left';
    ctx.textBaseline = 'bottom';
    ctx.fillText(input.victoryLabel ?? `${input.victory} to win`, left + 8, y - 4);
  }
}

/** The years a power's line covers: up to its first year at zero after owning centres (it fell), none if it never had any. */
function pointsOf(input: ScChartInput, power: string, scale: Scale): { x: number; y: number }[] {
  const points: { x: number; y: number }[] = [];
  let owned = false;
  for (const [i, year] of input.years.entries()) {
    const c = countIn(year, power);
    points.push({ x: scale.x(i), y: scale.y(c) + scale.shifts[i]!.get(power)! });
    if (c > 0) owned = true;
    else if (owned) break;
  }
  return owned ? points : [];
}

function drawLine(ctx: SKRSContext2D, input: ScChartInput, power: string, colour: string, scale: Scale): void {
  const points = pointsOf(input, power, scale);
  if (points.length === 0) return;
  ctx.lineJoin = 'round';
  ctx.lineCap = 'round';
  // A dark casing under the colour: a pale line (Classic's Turkey) stays visible on white.
  for (const [stroke, width] of [
    ['rgba(0,0,0,0.55)', LINE_W + 2.5],
    [colour, LINE_W],
  ] as const) {
    ctx.strokeStyle = stroke;
    ctx.lineWidth = width;
    ctx.beginPath();
    points.forEach((p, i) => (i === 0 ? ctx.moveTo(p.x, p.y) : ctx.lineTo(p.x, p.y)));
    ctx.stroke();
  }
  for (const p of points) disc(ctx, p.x, p.y, 4.5, colour);
}

function disc(ctx: SKRSContext2D, x: number, y: number, r: number, colour: string): void {
  ctx.beginPath();
  ctx.arc(x, y, r, 0, Math.PI * 2);
  ctx.fillStyle = colour;
  ctx.fill();
  ctx.strokeStyle = 'rgba(0,0,0,0.7)';
  ctx.lineWidth = 1.5;
  ctx.stroke();
}

function markDisc(ctx: SKRSContext2D, x: number, y: number, colour: string, mark: string): void {
  disc(ctx, x, y, MARK_R, colour);
  ctx.fillStyle = textOn(colour);
  ctx.font = font(mark.length > 1 ? 14 : 16, true);
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(mark, x, y + 1);
}

/** A line's end and where its mark stands (`at`): in the end column, or where a fallen power's line ended. */
interface EndMark {
  power: ScChartInput['powers'][number];
  end: { x: number; y: number };
  at: { x: number; y: number };
  colour: string;
  /** In the end column, joined to its line's end by a leader. */
  column: boolean;
}

/**
 * Each line's mark at its end. The lines still running at the last year end in one column right of the plot, spread
 * apart vertically within the plot, never down into the year labels under it (each joined to its line's end by a short
 * leader); a line that ended earlier (its power fell) has its mark where it ended, moved right while it would cover
 * another (docs/render.md "The supply-centre chart").
 */
function endMarks(input: ScChartInput, layout: Layout, scale: Scale, palette: PaletteName): EndMark[] {
  const lastX = scale.x(input.years.length - 1);
  const ends = input.powers.flatMap((power) => {
    const end = pointsOf(input, power.name, scale).at(-1);
    return end ? [{ power, end, colour: powerColor(power as PowerData, palette) }] : [];
  });
  const running = ends.filter((e) => e.end.x === lastX).sort((a, b) => a.end.y - b.end.y);
  const gap = 2 * MARK_R + 2;
  const ys = spread(
    running.map((e) => e.end.y),
    gap,
    layout.plot.top + MARK_R,
    layout.plot.bottom - MARK_R,
  );
  const column = layout.plot.right + 20 + MARK_R;
  const marks: EndMark[] = running.map((e, i) => ({ ...e, at: { x: column, y: ys[i]! }, column: true }));
  const placed: { x: number; y: number }[] = [];
  for (const e of ends.filter((x) => x.end.x !== lastX).sort((a, b) => a.end.x - b.end.x)) {
    let x = e.end.x;
    while (placed.some((p) => Math.hypot(p.x - x, p.y - e.end.y) < 2 * MARK_R + 1)) x += 2 * MARK_R + 2;
    placed.push({ x, y: e.end.y });
    marks.push({ ...e, at: { x, y: e.end.y }, column: false });
  }
  return marks;
}

/**
 * Where the end marks of a chart with marks stand, and their radius, and where the line each one marks ends (`from`;
 * a leader joins the two for a mark in the end column) (for tests: `endMarks`).
 */
export function scChartEndMarks(
  input: ScChartInput,
): { power: string; x: number; y: number; r: number; from: { x: number; y: number } }[] {
  const layout = scChartLayout(input.powers.length);
  const marks = endMarks(input, layout, scaleOf(input, layout), input.palette ?? 'standard');
  return marks.map((m) => ({ power: m.power.name, ...m.at, r: MARK_R, from: m.end }));
}

function drawEndMarks(
  ctx: SKRSContext2D,
  input: ScChartInput,
  layout: Layout,
  scale: Scale,
  palette: PaletteName,
): void {
  for (const m of endMarks(input, layout, scale, palette)) {
    if (m.column) {
      // A thin dotted grey pointer, not a stroke of the power's colour: with 21 powers ending low together the marks
      // spread far up the column, and a coloured leader read as the line climbing to 20 centres in the last year.
      ctx.save();
      ctx.strokeStyle = LEADER_COLOUR;
      ctx.lineWidth = 1.5;
      ctx.setLineDash([2, 4]);
      ctx.beginPath();
      ctx.moveTo(m.end.x, m.end.y);
      ctx.lineTo(m.at.x - MARK_R, m.at.y);
      ctx.stroke();
      ctx.restore();
    }
    markDisc(
      ctx,
      m.at.x,
      m.at.y,
      m.colour,
      powerMarkIn(m.power, input.names?.[m.power.name], Object.values(input.names ?? {})),
    );
  }
}

/** Positions as near `wanted` (sorted) as possible, at least `gap` apart, within [low, high] when they fit. */
export function spread(wanted: readonly number[], gap: number, low: number, high: number): number[] {
  const out = wanted.map((y) => Math.min(Math.max(y, low), high));
  for (let i = 1; i < out.length; i++) out[i] = Math.max(out[i]!, out[i - 1]! + gap);
  for (let i = out.length - 1; i >= 0; i--) {
    const ceiling = i === out.length - 1 ? high : out[i + 1]! - gap;
    out[i] = Math.max(Math.min(out[i]!, ceiling), low + i * gap);
  }
  return out;
}

/** The legend's rows: the powers by their last count (most first, the variant's order among equals), each row's middle. */
export function scChartLegend(
  input: Pick<ScChartInput, 'powers' | 'years'>,
  layout: Layout,
): { power: ScChartInput['powers'][number]; y: number }[] {
  const last = (name: string) => lastCount(input as ScChartInput, name);
  return input.powers
    .map((p, i) => ({ p, i }))
    .sort((a, b) => last(b.p.name) - last(a.p.name) || a.i - b.i)
    .map(({ p }, row) => ({ power: p, y: layout.plot.top + 10 + row * ROW_PX + ROW_PX / 2 }));
}

/** Each legend row: its line's colour (and mark), the power's name and its last count. */
function drawLegend(
  ctx: SKRSContext2D,
  input: ScChartInput,
  layout: Layout,
  palette: PaletteName,
  withMarks: boolean,
): void {
  const x = layout.legendX;
  for (const { power: p, y } of scChartLegend(input, layout)) {
    const colour = powerColor(p as PowerData, palette);
    // A bar of the line's colour, wider than the line, so the colour reads at preview size.
    ctx.fillStyle = colour;
    ctx.fillRect(x, y - 6, 34, 12);
    ctx.strokeStyle = 'rgba(0,0,0,0.7)';
    ctx.lineWidth = 1.5;
    ctx.strokeRect(x, y - 6, 34, 12);
    if (withMarks)
      markDisc(ctx, x + 17, y, colour, powerMarkIn(p, input.names?.[p.name], Object.values(input.names ?? {})));
    else disc(ctx, x + 17, y, 4.5, colour);
    ctx.fillStyle = '#1c1c1c';
    ctx.font = font(TEXT_PX);
    ctx.textAlign = 'left';
    ctx.textBaseline = 'middle';
    ctx.fillText(input.names?.[p.name] ?? p.name, x + 46, y, LEGEND_W - 46 - 50);
    ctx.font = font(TEXT_PX, true);
    ctx.textAlign = 'right';
    ctx.fillText(String(lastCount(input, p.name)), SC_CHART_WIDTH - 24, y);
  }
}
