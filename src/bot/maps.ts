/**
 * Map pictures for Discord: renders positions with src/render (renderMap) and turns failures into a
 * logged warning and `null`, so a post or reply still goes out (as text) when the map cannot be drawn.
 *
 * Shared renders (abuse issue §3): a picture depends only on its inputs (variant, position, orders, results,
 * palette, title, width), so identical requests share one render. Concurrent identical requests wait for the
 * same render, and public pictures (nothing private on them: no orders, or the orders of a resolved phase drawn
 * with their results) are kept in a small LRU, so a `/map` storm costs one render. A picture showing a player's
 * own unresolved orders is never kept.
 */
import { createHash } from 'node:crypto';
import type { Position, PowerOrder } from '../engine/types.js';
import type { Variant } from '../engine/variant.js';
import type { Logger } from '../log.js';
import { botVariants } from '../variants/index.js';
import { prepareRenderer, renderMap, type RenderOptions } from '../render/index.js';

export interface MapPicture {
  png: Buffer;
  name: string;
}

export interface MapRenderer {
  render(variant: Variant, position: Position, opts: RenderOptions, name: string): Promise<MapPicture | null>;
}

export interface MapRendererOptions {
  /** Public pictures kept (default 32, about 15 MB of PNG at 1600 px). */
  cacheSize?: number;
  /** The renderer (default src/render's renderMap); tests count calls. */
  renderPng?: (variant: Variant, position: Position, opts: RenderOptions) => Promise<{ png: Buffer; warnings: unknown[] }>;
  /** Skip building every variant's geometry at start-up (tests with a stand-in renderer). */
  skipPrepare?: boolean;
}

/** Nothing private: no orders drawn, or orders drawn with their results (the phase is resolved). */
export function isPublicRender(opts: RenderOptions): boolean {
  return (opts.orders?.length ?? 0) === 0 || opts.adjudication !== undefined || (opts.results?.length ?? 0) > 0;
}

function renderKey(variant: Variant, position: Position, opts: RenderOptions): string {
  return createHash('sha256').update(JSON.stringify([variant.id, position, opts])).digest('base64url');
}

export function createMapRenderer(log: Logger, options: MapRendererOptions = {}): MapRenderer {
  if (!options.skipPrepare) {
    // Build every variant's cell geometry once at start-up, so the first map of a game does not block the event
    // loop for the geometry (80–270 ms) in the middle of a deadline.
    const started = performance.now();
    const problems = prepareRenderer(botVariants()); // the variants games can be created in
    log.info({ ms: Math.round(performance.now() - started), problems: problems.length }, 'map geometry prepared');
  }
  const renderPng = options.renderPng ?? renderMap;
  const capacity = options.cacheSize ?? 32;
  /** Insertion order is recency order: a hit is moved to the end, the first entry is the least recently used. */
  const kept = new Map<string, Buffer>();
  const inFlight = new Map<string, Promise<Buffer | null>>();

  async function draw(variant: Variant, position: Position, opts: RenderOptions, name: string): Promise<Buffer | null> {
    const started = performance.now();
    try {
      const map = await renderPng(variant, position, opts);
      if (map.warnings.length > 0) log.debug({ warnings: map.warnings.length, name }, 'map rendered with warnings');
      log.debug({ ms: Math.round(performance.now() - started), bytes: map.png.length, name }, 'map rendered');
      return map.png;
    } catch (e) {
      log.warn({ err: e, variant: variant.id, name }, 'map rendering failed; sending text only');
      return null;
    }
  }

  return {
    async render(variant, position, opts, name) {
      const key = renderKey(variant, position, opts);
      const hit = kept.get(key);
      if (hit) {
        kept.delete(key);
        kept.set(key, hit);
        return { png: hit, name };
      }
      let pending = inFlight.get(key);
      if (!pending) {
        pending = draw(variant, position, opts, name).finally(() => inFlight.delete(key));
        inFlight.set(key, pending);
        void pending.then((png) => {
          if (!png || !isPublicRender(opts) || capacity <= 0) return;
          kept.set(key, png);
          while (kept.size > capacity) kept.delete(kept.keys().next().value!);
        });
      }
      const png = await pending;
      return png ? { png, name } : null;
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
