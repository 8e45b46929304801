/**
 * The supply-centre chart as a picture for Discord (docs/render.md, "The supply-centre chart"; docs/bot.md, "Export
 * and import"): drawn in the shared render worker behind the maps already queued (`renderScChartOffThread`; a 21-power
 * chart takes longer than the bot may hold its event loop), a failure a logged warning and null, so the reply or post
 * still goes out without it.
 */
import type { ScChartFile } from '../game/history/index.js';
import type { Logger } from '../log.js';
import { renderScChartOffThread, type ScChartInput } from '../render/sc-chart.js';
import { tr, type Locale, type MsgParam } from '../i18n/index.js';
import { altText, type MapPicture } from './maps.js';

/** The chart drawn in `locale` (its title, labels and legend: docs/locales.md "Maps"), or null (warned about). */
export async function drawScChart(
  chart: ScChartFile,
  log: Pick<Logger, 'warn'> | undefined,
  about: { gameId?: number | null },
  locale: Locale,
): Promise<MapPicture | null> {
  try {
    const input = chartInLocale(chart, locale);
    const drawn = await renderScChartOffThread(input);
    // Its alt text: the chart's title (`Diplomatie classique · centres de ravitaillement`), in the reader's locale.
    return { png: drawn.png, name: chart.name, description: altText(input.title) };
  } catch (err) {
    log?.warn({ err, gameId: about.gameId ?? null }, 'supply-centre chart not drawn; going on without it');
    return null;
  }
}

/** The chart's input with its texts worded in `locale`. */
export function chartInLocale(chart: ScChartFile, locale: Locale): ScChartInput {
  const word = (text: MsgParam) => tr(locale, 'text.plain', { text });
  const { words } = chart;
  return {
    ...chart.input,
    title: word(words.title),
    years: chart.input.years.map((year, i) => ({ ...year, label: word(words.years[i] ?? year.label) })),
    ...(words.victory === null ? {} : { victoryLabel: word(words.victory) }),
    names: Object.fromEntries(Object.entries(words.powers).map(([power, name]) => [power, word(name)])),
  };
}
