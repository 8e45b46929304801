/**
 * The supply-centre chart as a picture for Discord (docs/render.md, "The supply-centre chart"; docs/bot.md, "Export
 * and import"): drawn in the shared render worker behind the maps already queued (`renderScChartOffThread`; a 21-power
 * chart takes longer than the bot may hold its event loop), a failure a logged warning and null, so the reply or post
 * still goes out without it.
 */
import type { ScChartFile } from '../game/history/index.js';
import type { Logger } from '../log.js';
import { renderScChartOffThread } from '../render/sc-chart.js';
import { altText, type MapPicture } from './maps.js';

/** The chart drawn, or null (warned about: the game and the error, never a message's text). */
export async function drawScChart(
  chart: ScChartFile,
  log: Pick<Logger, 'warn'> | undefined,
  about: { gameId?: number | null },
): Promise<MapPicture | null> {
  try {
    const drawn = await renderScChartOffThread(chart.input);
    // Its alt text: the chart's title (`Supply centres · Classic`), in the game's locale.
    return { png: drawn.png, name: chart.name, description: altText(chart.input.title) };
  } catch (err) {
    log?.warn({ err, gameId: about.gameId ?? null }, 'supply-centre chart not drawn; going on without it');
    return null;
  }
}
