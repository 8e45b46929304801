/**
 * The supply-centre chart (docs/render.md, "The supply-centre chart") reads at Discord's preview size: scaled to
 * 550 px wide, as the card table test measures it, every legend name is at least 7 px high and every power's legend
 * swatch shows its colour (the colour-blind one when asked); 21 powers fit with their marks; the victory line is drawn.
 */
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { powerColor, rgb } from '../../src/render/palette.js';
import {
  renderScChart,
  renderScChartOffThread,
  SC_CHART_WIDTH,
  scChartLayout,
  scChartEndMarks,
  scChartLegend,
  spread,
  type ScChartInput,
} from '../../src/render/sc-chart.js';
import { getVariant } from '../../src/variants/index.js';

const PREVIEW_WIDTH = 550;

/** The picture as Discord's preview shows it: its pixels at 550 px wide, and the scale. */
async function preview(
  png: Buffer,
): Promise<{ scale: number; width: number; height: number; data: Uint8ClampedArray }> {
  const img = await loadImage(png);
  const scale = PREVIEW_WIDTH / img.width;
  const [width, height] = [PREVIEW_WIDTH, Math.round(img.height * scale)];
  const ctx = createCanvas(width, height).getContext('2d');
  ctx.drawImage(img, 0, 0, width, height);
  return { scale, width, height, data: ctx.getImageData(0, 0, width, height).data };
}

const distance = (a: readonly number[], b: readonly number[]) =>
  Math.hypot(a[0]! - b[0]!, a[1]! - b[1]!, a[2]! - b[2]!);

/** A game's years: every power on 3, one power climbing to `leader` centres, one falling out. */
function yearsOf(powers: readonly string[], count: number, first: number): ScChartInput['years'] {
  return Array.from({ length: count }, (_, i) => ({
    label: String(first + i),
    centres: Object.fromEntries(
      powers.map((p, j) => [p, j === 0 ? 3 + i : j === 1 ? Math.max(0, 3 - i) : 3 + (i % 3 === j % 3 ? 1 : 0)]),
    ),
  }));
}

const classic = getVariant('classic')!;
const warhammer = getVariant('warhammer')!;
const classicInput = (palette: 'standard' | 'colorblind'): ScChartInput => ({
  title: 'Classic Diplomacy · supply centres',
  powers: classic.powers,
  palette,
  victory: 18,
  years: yearsOf(
    classic.powers.map((p) => p.name),
    12,
    1901,
  ),
});
const warhammerInput: ScChartInput = {
  title: 'Warhammer Diplomacy · supply centres',
  powers: warhammer.powers,
  victory: 29,
  years: yearsOf(
    warhammer.powers.map((p) => p.name),
    20,
    2500,
  ),
};

/** The height in preview pixels of the dark text in the legend row at `y` (full-size coordinates). */
function nameHeight(p: Awaited<ReturnType<typeof preview>>, legendX: number, y: number): number {
  const [x0, x1] = [Math.round((legendX + 46) * p.scale), Math.round((SC_CHART_WIDTH - 80) * p.scale)];
  const [y0, y1] = [Math.floor((y - 18) * p.scale), Math.ceil((y + 18) * p.scale)];
  let [top, bottom] = [Infinity, -Infinity];
  for (let yy = y0; yy <= y1; yy++) {
    for (let xx = x0; xx <= x1; xx++) {
      const i = (yy * p.width + xx) * 4;
      if (distance([p.data[i]!, p.data[i + 1]!, p.data[i + 2]!], [28, 28, 28]) < 140)
        [top, bottom] = [Math.min(top, yy), Math.max(bottom, yy)];
    }
  }
  return bottom - top + 1;
}

describe('the supply-centre chart at Discord preview size', () => {
  it.each(['standard', 'colorblind'] as const)(
    "Classic (%s): every name at least 7 px high, every swatch in its power's colour",
    async (palette) => {
      const input = classicInput(palette);
      const chart = await renderScChart(input);
      expect(chart.width).toBe(SC_CHART_WIDTH);
      expect(chart.png.subarray(1, 4).toString('latin1')).toBe('PNG');
      const p = await preview(chart.png);
      const layout = scChartLayout(input.powers.length);
      expect(chart.height).toBe(layout.height);
      for (const { power, y } of scChartLegend(input, layout)) {
        expect(nameHeight(p, layout.legendX, y), `${power.name}'s name at 550 px`).toBeGreaterThanOrEqual(7);
        // The swatch's bar, left of its dot, in the power's colour of this palette.
        const i = (Math.round(y * p.scale) * p.width + Math.round((layout.legendX + 5) * p.scale)) * 4;
        const seen = [p.data[i]!, p.data[i + 1]!, p.data[i + 2]!];
        expect(distance(seen, rgb(powerColor(power as never, palette))), `${power.name}'s swatch`).toBeLessThan(60);
      }
    },
  );

  it('lists the powers by their last count, most first', () => {
    const input = classicInput('standard');
    const names = scChartLegend(input, scChartLayout(7)).map((r) => r.power.name);
    // Austria (the first power) climbs to 14; England (the second) falls out.
    expect(names[0]).toBe('Austria');
    expect(names.at(-1)).toBe('England');
  });

  it('21 powers: every row fits, every name at least 7 px high, each with its mark', async () => {
    const chart = await renderScChart(warhammerInput);
    const layout = scChartLayout(21);
    const rows = scChartLegend(warhammerInput, layout);
    expect(rows).toHaveLength(21);
    expect(rows.at(-1)!.y + 18).toBeLessThanOrEqual(chart.height);
    const p = await preview(chart.png);
    for (const { power, y } of rows)
      expect(nameHeight(p, layout.legendX, y), `${power.name}'s name at 550 px`).toBeGreaterThanOrEqual(7);
    // A mark disc stands on each swatch: its middle is not the plain swatch colour everywhere (letters on it).
    const { y } = rows[0]!;
    let letters = 0;
    for (let dx = -8; dx <= 8; dx++) {
      const i = (Math.round(y * p.scale) * p.width + Math.round((layout.legendX + 17 + dx) * p.scale)) * 4;
      if (distance([p.data[i]!, p.data[i + 1]!, p.data[i + 2]!], rgb(rows[0]!.power.color)) > 80) letters++;
    }
    expect(letters).toBeGreaterThan(0);
  });

  it('draws the victory line across the plot, in its red (none when there is no victory count)', async () => {
    const input = classicInput('standard');
    const layout = scChartLayout(7);
    // Red pixels in a band of columns in the middle of the plot, in its top fifth (18 of 20 centres; the lines stay
    // below 15), as a dash or its gap may fall on one column.
    const reds = async (victory: number | null) => {
      const p = await preview((await renderScChart({ ...input, victory })).png);
      const x0 = Math.round(((layout.plot.left + layout.plot.right) / 2) * p.scale);
      let n = 0;
      for (let x = x0; x < x0 + 12; x++) {
        for (
          let y = Math.round(layout.plot.top * p.scale);
          y < Math.round((layout.plot.top + (layout.plot.bottom - layout.plot.top) / 5) * p.scale);
          y++
        ) {
          const i = (y * p.width + x) * 4;
          if (distance([p.data[i]!, p.data[i + 1]!, p.data[i + 2]!], [176, 0, 32]) < 90) n++;
        }
      }
      return n;
    };
    expect(await reds(18)).toBeGreaterThan(0);
    expect(await reds(null)).toBe(0);
  });

  it('a game of one year, and a year where a power is left out (it owns none), still draw', async () => {
    const one = await renderScChart({
      ...classicInput('standard'),
      years: [{ label: '1901', centres: { Austria: 3 } }],
    });
    expect(one.width).toBe(SC_CHART_WIDTH);
  });

  it('the render worker draws the same picture (the bot draws it there, off the event loop)', async () => {
    const input = classicInput('colorblind');
    const inWorker = await renderScChartOffThread(input);
    const here = await renderScChart(input);
    expect([inWorker.width, inWorker.height]).toEqual([here.width, here.height]);
    expect(Buffer.compare(inWorker.png, here.png)).toBe(0);
  });

  it('refuses a chart of no year or no power', async () => {
    await expect(renderScChart({ ...classicInput('standard'), years: [] })).rejects.toThrow(/at least one year/);
    await expect(renderScChart({ ...classicInput('standard'), powers: [] })).rejects.toThrow(/at least one power/);
  });
});

describe('the end column of a chart with marks', () => {
  it('keeps every mark within the plot, above the year labels, when many lines end low together', () => {
    // Mandate of Heaven after its first year: seven powers on 3, nine neutrals on 1, the Hsiung-Nu on none.
    const moh = getVariant('mandate-of-heaven')!;
    const centres = Object.fromEntries(moh.powers.map((p) => [p.name, p.neutral ? 1 : p.name === 'Hsiung-Nu' ? 0 : 3]));
    const input: ScChartInput = {
      title: 'Mandate of Heaven · supply centres',
      powers: moh.powers,
      victory: 14,
      years: [
        { label: 'start', centres },
        { label: '369 BC', centres },
      ],
    };
    const layout = scChartLayout(moh.powers.length);
    const marks = scChartEndMarks(input);
    expect(marks).toHaveLength(16);
    for (const m of marks) {
      expect(m.y + m.r, `${m.power}'s mark`).toBeLessThanOrEqual(layout.plot.bottom);
      expect(m.y - m.r, `${m.power}'s mark`).toBeGreaterThanOrEqual(layout.plot.top);
    }
  });
});

describe('the leaders to the end column', () => {
  it('never read as a line climbing: with 21 powers ending low, a far leader is not drawn in its power\u2019s colour', async () => {
    // A 21-power Warhammer game after three years: every power on 6 centres or fewer, the Empire first.
    const last = Object.fromEntries(warhammer.powers.map((p, i) => [p.name, p.name === 'Empire' ? 6 : 1 + (i % 5)]));
    const input: ScChartInput = {
      title: 'Warhammer Diplomacy (fm05) · supply centres',
      powers: warhammer.powers,
      victory: 29,
      years: [
        { label: 'start', centres: Object.fromEntries(warhammer.powers.map((p) => [p.name, 2])) },
        { label: '2500', centres: last },
        { label: '2501', centres: last },
      ],
    };
    const empire = scChartEndMarks(input).find((m) => m.power === 'Empire')!;
    // Its mark stands well above its line's end: a long leader.
    expect(empire.from.y - empire.y).toBeGreaterThan(100);
    const { png } = await renderScChart(input);
    const img = await loadImage(png);
    const ctx = createCanvas(img.width, img.height).getContext('2d');
    ctx.drawImage(img, 0, 0);
    const colour = rgb(powerColor(warhammer.powers.find((p) => p.name === 'Empire')!, 'standard'));
    const near: number[] = [];
    // Along the leader's middle part (clear of the lines' ends and of the mark), no pixel in the Empire's colour.
    for (let t = 0.3; t <= 0.8; t += 0.02) {
      const x = Math.round(empire.from.x + (empire.x - empire.r - empire.from.x) * t);
      const y = Math.round(empire.from.y + (empire.y - empire.from.y) * t);
      for (const dx of [-1, 0, 1]) {
        const [r, g, b] = ctx.getImageData(x + dx, y, 1, 1).data;
        if (distance([r!, g!, b!], colour) < 60) near.push(t);
      }
    }
    expect(near).toEqual([]);
  });
});

describe('spread: the end marks of lines ending together', () => {
  it('keeps marks at least a gap apart, as near their lines as it can, within the bounds', () => {
    expect(spread([100, 100, 100], 28, 0, 1000)).toEqual([100, 128, 156]);
    expect(spread([10, 300], 28, 0, 1000)).toEqual([10, 300]);
    // Pushed against the bottom, they move up together.
    expect(spread([990, 995, 1000], 28, 0, 1000)).toEqual([944, 972, 1000]);
  });
});
