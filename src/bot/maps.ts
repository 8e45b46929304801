/**
 * Map pictures for Discord: renders positions with src/render (renderMap) and turns failures into a
 * logged warning and `null`, so a post or reply still goes out (as text) when the map cannot be drawn.
 *
 * Shared renders: a picture depends only on its inputs (variant, position, orders, results,
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
import { defaultTitle, forReader, renderMap, warmRenderer, type RenderOptions } from '../render/index.js';
import { powerParam } from '../game/core/index.js';
import { msg, t, type Locale, type Msg } from '../i18n/index.js';

export interface MapPicture {
  png: Buffer;
  name: string;
  /**
   * The picture's alt text, which Discord reads out and shows on request (an attachment's `description`, 1024
   * characters at most): the map's title line as drawn, in the readers' locale.
   */
  description?: string;
}

/** Discord's limit on an attachment's description (alt text). */
const MAX_ALT_TEXT = 1024;

/** A text as an attachment's alt text: read out as it is, so without markdown, and within Discord's limit. */
export const altText = (text: string): string => text.replace(/[*`]/g, '').slice(0, MAX_ALT_TEXT);

/** A map's alt text: the title it draws (`Classic · Spring 1901 movement`), in its locale. */
function mapAltText(variant: Variant, position: Position, opts: RenderOptions): string {
  return altText(opts.title ?? defaultTitle(variant, position, opts.locale));
}

/** A picture as a file of a reply (discord.js), with its alt text. */
export function pictureFile(p: MapPicture): { attachment: Buffer; name: string; description?: string } {
  return { attachment: p.png, name: p.name, ...(p.description ? { description: p.description } : {}) };
}

/** A picture as the REST API lists an upload in a message's `attachments` (the `files[id]` part), with its alt text. */
export function pictureAttachment(p: MapPicture, id: number): { id: number; filename: string; description?: string } {
  return { id, filename: p.name, ...(p.description ? { description: p.description } : {}) };
}

/**
 * How urgent a picture is. `low` (a sandbox's maps): drawn only while no other picture is being drawn, one at a time,
 * never kept in the cache (it is private), and refused (null) when many already wait; so however many a member asks
 * for, at most one is with the render worker ahead of a game's results post.
 */
export interface RenderRequest {
  priority?: 'low';
}

export interface MapRenderer {
  render(
    variant: Variant,
    position: Position,
    opts: RenderOptions,
    name: string,
    request?: RenderRequest,
  ): Promise<MapPicture | null>;
  /**
   * Optional: do the renderer's once-per-process work (render worker, each variant's geometry) in small steps,
   * once the bot is ready, so that the first map of a game is drawn warm. Never rejects.
   */
  warm?(): Promise<void>;
}

export interface MapRendererOptions {
  /** Public pictures kept (default 32, about 15 MB of PNG at 1600 px). */
  cacheSize?: number;
  /** The renderer (default src/render's renderMap); tests count calls. */
  renderPng?: (
    variant: Variant,
    position: Position,
    opts: RenderOptions,
  ) => Promise<{ png: Buffer; warnings: unknown[] }>;
  /** warm() does nothing (tests with a stand-in renderer). */
  skipPrepare?: boolean;
  /** Low-priority pictures that may wait at once (default 16); more are refused. */
  lowQueue?: number;
}

/** Nothing private: no orders drawn, or orders drawn with their results (the phase is resolved). */
export function isPublicRender(opts: RenderOptions): boolean {
  return (opts.orders?.length ?? 0) === 0 || opts.adjudication !== undefined || (opts.results?.length ?? 0) > 0;
}

function renderKey(variant: Variant, position: Position, opts: RenderOptions): string {
  return createHash('sha256')
    .update(JSON.stringify([variant.id, position, opts]))
    .digest('base64url');
}

/**
 * Warms the renderer for the variants games can be created in: their geometry (read from assets/geometry/, in steps
 * of a few ms), then one picture drawn and thrown away, so the first map of a game does not stall the event loop.
 */
async function warmVariants(log: Logger): Promise<void> {
  const started = performance.now();
  const { problems, longestStepMs } = await warmRenderer(botVariants());
  for (const problem of problems) log.warn({ problem }, 'map renderer problem');
  log.info(
    {
      ms: Math.round(performance.now() - started),
      longestStepMs: Math.round(longestStepMs),
      problems: problems.length,
    },
    'map renderer warmed',
  );
}

export function createMapRenderer(log: Logger, options: MapRendererOptions = {}): MapRenderer {
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

  // Low-priority pictures wait for a moment when no other picture is being drawn, and go one at a time.
  let drawing = 0;
  let lowRunning = false;
  const lowWaiting: (() => void)[] = [];
  const lowCapacity = options.lowQueue ?? 16;
  const nextLow = () => {
    if (lowRunning || drawing > 0) return;
    const go = lowWaiting.shift();
    if (!go) return;
    lowRunning = true;
    go();
  };
  async function drawLow(
    variant: Variant,
    position: Position,
    opts: RenderOptions,
    name: string,
  ): Promise<MapPicture | null> {
    if (lowWaiting.length >= lowCapacity) return null;
    await new Promise<void>((resolve) => {
      lowWaiting.push(resolve);
      nextLow();
    });
    try {
      const png = await draw(variant, position, opts, name);
      return png ? { png, name, description: mapAltText(variant, position, opts) } : null;
    } finally {
      lowRunning = false;
      nextLow();
    }
  }

  let warming: Promise<void> | null = null;
  return {
    warm: () => (warming ??= options.skipPrepare ? Promise.resolve() : warmVariants(log)),
    async render(variant, position, opts, name, request) {
      if (request?.priority === 'low') return drawLow(variant, position, opts, name);
      const key = renderKey(variant, position, opts);
      const hit = kept.get(key);
      if (hit) {
        kept.delete(key);
        kept.set(key, hit);
        return { png: hit, name, description: mapAltText(variant, position, opts) };
      }
      let pending = inFlight.get(key);
      if (!pending) {
        drawing++;
        // Kept before it leaves `inFlight`, so a request arriving in between finds it in one or the other.
        pending = draw(variant, position, opts, name)
          .then((png) => {
            if (png && isPublicRender(opts) && capacity > 0) {
              kept.set(key, png);
              while (kept.size > capacity) kept.delete(kept.keys().next().value!);
            }
            return png;
          })
          .finally(() => {
            inFlight.delete(key);
            drawing--;
            nextLow();
          });
        inFlight.set(key, pending);
      }
      const png = await pending;
      return png ? { png, name, description: mapAltText(variant, position, opts) } : null;
    },
  };
}

/** `S1901M-france.png`-style file names Discord shows under the picture. */
export function mapFileName(code: string, suffix?: string): string {
  const clean = (s: string) =>
    s
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '');
  return `${clean(code) || 'map'}${suffix ? `-${clean(suffix)}` : ''}.png`;
}

/**
 * A picture's drawing options for its reader (`forReader`), titled from `title` (by default its `caption`); a picture
 * of one power's view under fog says whose view it is, in English too (`fog.map.title`, docs/table.md "Fog of war"),
 * and so does its alt text, which is its title.
 */
export function forViewer<T extends RenderOptions>(
  opts: T & { caption?: Msg },
  locale: Locale,
  viewer: { variant: Variant; power?: string | undefined },
  title: Msg | null = opts.caption ?? null,
): T {
  if (!viewer.power || !title) return forReader(opts, locale, title);
  const { caption: _caption, ...drawing } = opts;
  const own = msg('fog.map.title', { title, power: powerParam(viewer.variant, viewer.power) });
  return { ...drawing, title: t(locale, own), ...(locale === 'en' ? {} : { locale }) } as T;
}

/** Orders of one power only (what `/map` may draw for its player before the phase resolves). */
export function ordersOfPower(orders: PowerOrder[], power: string): PowerOrder[] {
  return orders.filter((o) => o.power === power);
}
