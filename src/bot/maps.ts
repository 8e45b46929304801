/**
 * Map pictures for Discord: renders positions with src/render (renderMap) and turns failures into a
 * logged warning and `null`, so a post or reply still goes out (as text) when the map cannot be drawn.
 */
import type { Position, PowerOrder } from '../engine/types.js';
import type { Variant } from '../engine/variant.js';
import type { Logger } from '../log.js';
import { allVariants } from '../variants/index.js';
import { prepareRenderer, renderMap, type RenderOptions } from '../render/index.js';

export interface MapPicture {
  png: Buffer;
  name: string;
}

export interface MapRenderer {
  render(variant: Variant, position: Position, opts: RenderOptions, name: string): Promise<MapPicture | null>;
}

export function createMapRenderer(log: Logger): MapRenderer {
  // Build every variant's cell geometry once at start-up, so the first map of a game does not block the event
  // loop for the geometry (80–270 ms) in the middle of a deadline.
  const started = performance.now();
  const problems = prepareRenderer(allVariants());
  log.info({ ms: Math.round(performance.now() - started), problems: problems.length }, 'map geometry prepared');
  return {
    async render(variant, position, opts, name) {
      const started = performance.now();
      try {
        const map = await renderMap(variant, position, opts);
        if (map.warnings.length > 0) log.debug({ warnings: map.warnings.length, name }, 'map rendered with warnings');
        log.debug({ ms: Math.round(performance.now() - started), bytes: map.png.length, name }, 'map rendered');
        return { png: map.png, name };
      } catch (e) {
        log.warn({ err: e, variant: variant.id, name }, 'map rendering failed; sending text only');
        return null;
      }
    },
  };
}

/** `S1901M-france.png`-style file names Discord shows under the picture. */
export function mapFileName(code: string, suffix?: string): string {
  const clean = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
  return `${clean(code) || 'map'}${suffix ? '-' + clean(suffix) : ''}.png`;
}

/** Orders of one power only (what `/map` may draw for its player before the phase resolves). */
export function ordersOfPower(orders: PowerOrder[], power: string): PowerOrder[] {
  return orders.filter((o) => o.power === power);
}
