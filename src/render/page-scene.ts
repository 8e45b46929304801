/**
 * A map for a web page (the order pad, docs/pad.md "The map"): the very scene the PNG maps are painted from, as JSON
 * the page paints with the same `drawScene` on its canvas, in two parts the page puts back together:
 *
 * - the **board** (`PageBoard`): what a phase's board shows to every reader who sees it alike — the territories, borders,
 *   features, centre markers, entrances and province labels — plus each province's and coast's spot (where its unit
 *   stands) for the page's click targets. Built from the position with no order at all, so it carries none; the same
 *   for every seat of a phase with the same view (fog view, palette, locale, width), so it is built once and shared.
 * - the seat's **layer** (`PageLayer`): the rest of the scene (units, the seat's orders, result symbols, the variant's
 *   overlays, the title, the legend and the picture's size), built round the board's markers as they are (the
 *   `board` option of buildScene): a few kilobytes, and a fraction of a whole scene's cost.
 *
 * Numbers are rounded to 0.1 px; both parts are Brotli-compressed here (in the render worker for bundled variants), so
 * the web server sends the bytes as they are.
 */
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants } from 'node:zlib';
import type { Position } from '../engine/types.js';
import type { Variant } from '../engine/variant.js';
import { anchorsOf } from './anchors.js';
import { buildScene, type RenderOptions } from './build-scene.js';
import { geometryOf } from './geometry.js';
import type { Scene } from './scene.js';

/** The parts of a scene the board holds; the layer holds every other. */
const BOARD_PARTS = ['regions', 'borders', 'features', 'centers', 'entrances', 'labels'] as const;
type BoardPart = (typeof BOARD_PARTS)[number];
/** The board's parts a layer brings again when its orders moved them. */
const MARK_PARTS: readonly BoardPart[] = ['centers', 'entrances', 'labels'];

/** The shared board of a phase, as the page receives it. */
export interface PageBoard {
  scene: Pick<Scene, BoardPart>;
  /** Location key (`par`, `spa/nc`) → where its unit stands, in scene pixels. */
  spots: Record<string, [number, number]>;
}

/**
 * One seat's part of the scene: everything but the board's, and the board's markers and labels placed again when the
 * seat's orders would cover one of them (as the posted maps place them).
 */
export type PageLayer = Omit<Scene, BoardPart> & Partial<Pick<Scene, 'centers' | 'entrances' | 'labels'>>;

/** What the page draws: the board and the seat's layer put together (`{ ...board.scene, ...layer }`). */
export interface PageScene {
  scene: Scene;
  spots: PageBoard['spots'];
}

/** The options a board is built with: what the territories, markers and labels show, never an order or a seat's own. */
export function boardOptions(opts: RenderOptions): RenderOptions {
  const { palette, locale, fog, width } = opts;
  return {
    ...(palette ? { palette } : {}),
    ...(locale ? { locale } : {}),
    ...(fog ? { fog } : {}),
    ...(width !== undefined ? { width } : {}),
  };
}

/**
 * The board's key: a digest of everything it is drawn from (the variant, the position, `boardOptions`). Two readers
 * get the same key only when they would be drawn the very same board (docs/pad.md "The map").
 */
export function boardKey(variant: Pick<Variant, 'id' | 'options'>, position: Position, opts: RenderOptions): string {
  const what = JSON.stringify([variant.id, variant.options ?? null, position, boardOptions(opts)]);
  return createHash('sha256').update(what).digest('base64url');
}

const rounded = (_key: string, value: unknown) => (typeof value === 'number' ? Math.round(value * 10) / 10 : value);

function compressed(value: unknown): Buffer {
  const json = JSON.stringify(value, rounded);
  return brotliCompressSync(json, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 5,
      [constants.BROTLI_PARAM_SIZE_HINT]: json.length,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    },
  });
}

/** Boards (scenes with no order) built lately in this thread (the render worker's own), by `boardKey`, most recently used last. */
const boards = new Map<string, Scene>();
// About 1 MB each for Classic (its territories and borders as objects): a few dozen boards at most.
const BOARDS_KEPT = 32;

function builtBoard(variant: Variant, position: Position, opts: RenderOptions): Scene | { error: string } {
  const key = boardKey(variant, position, opts);
  const hit = boards.get(key);
  if (hit) {
    boards.delete(key);
    boards.set(key, hit);
    return hit;
  }
  const built = buildScene(variant, position, boardOptions(opts));
  if (!built.ok) return { error: built.error };
  const board = built.scene;
  boards.set(key, board);
  while (boards.size > BOARDS_KEPT) boards.delete(boards.keys().next().value!);
  return board;
}

type Bytes = { ok: true; bytes: Buffer } | { ok: false; error: string };

/** The board of a position (no order drawn on it), as Brotli-compressed JSON (`PageBoard`). */
export function pageBoardBytes(variant: Variant, position: Position, opts: RenderOptions): Bytes {
  const board = builtBoard(variant, position, opts);
  if ('error' in board) return { ok: false, error: board.error };
  const geometry = geometryOf(variant.data);
  if (!geometry.ok) return geometry;
  const { frame, scale } = board;
  const spots: PageBoard['spots'] = {};
  for (const [key, p] of anchorsOf(variant, geometry.geometry))
    spots[key] = [frame.x + p[0] * scale, frame.y + p[1] * scale];
  const scene = Object.fromEntries(BOARD_PARTS.map((part) => [part, board[part]])) as PageBoard['scene'];
  return { ok: true, bytes: compressed({ scene, spots } satisfies PageBoard) };
}

/** One seat's layer over the board of the same position and view, as Brotli-compressed JSON (`PageLayer`). */
export function pageLayerBytes(variant: Variant, position: Position, opts: RenderOptions): Bytes {
  const board = builtBoard(variant, position, opts);
  if ('error' in board) return { ok: false, error: board.error };
  const built = buildScene(variant, position, { ...opts, board });
  if (!built.ok) return built;
  const layer: Partial<Scene> = { ...built.scene };
  // The board's markers and labels, unless this seat's orders moved them (an arrowhead on a label: `boardMarksFit`).
  const moved = built.scene.labels !== board.labels;
  for (const part of BOARD_PARTS) if (!(moved && MARK_PARTS.includes(part))) delete layer[part];
  return { ok: true, bytes: compressed(layer) };
}
