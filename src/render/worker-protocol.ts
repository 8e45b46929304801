/** The messages between the render pool (src/render/pool.ts) and its worker threads (src/render/worker.ts). */
import type { Position } from '../engine/types.js';
import type { RenderOptions } from './build-scene.js';
import type { PackedScene } from './wire.js';
import type { ReplayPhase, ReplaySettings } from './replay/session.js';
import type { StoredVariantTexts } from '../variants/stored.js';

/** What a render worker needs of a stored variant (src/variants/stored.ts): its map and drawing texts. */
export type StoredDrawing = Pick<StoredVariantTexts, 'map' | 'drawing'>;

export interface RenderRequest {
  id: number;
  scene: PackedScene;
}
/**
 * A whole map: the worker loads the bundled variant `variantId` itself (configured with `options` when a game's
 * options make a copy of it: Warhammer's campaign) and builds the scene here.
 */
export interface MapRenderRequest {
  id: number;
  map: {
    variantId: string;
    options?: Record<string, string>;
    /** A server's stored variant: its texts, left out when the worker holds them already (pool.ts). */
    stored?: StoredDrawing;
    position: Position;
    opts: RenderOptions;
    /** `page-board`, `page-layer`: answer that part of a web page's scene (src/render/page-scene.ts), not a PNG. */
    as?: 'png' | 'page-board' | 'page-layer';
  };
}
export type RenderReply =
  | {
      id: number;
      ok: true;
      /** The picture's bytes (PNG; a page scene's compressed JSON; for a replay's `finish`, the GIF; empty for its other steps). */
      png: Uint8Array;
      meta?: { width: number; height: number; warnings: string[] };
      /** A finished replay: its size in frames and hundredths of a second. */
      replay?: { frames: number; duration: number };
    }
  /** `drawable: false`: the input cannot be drawn (buildScene's error); otherwise the worker failed. */
  | { id: number; ok: false; error: string; drawable?: false };

/** A game kind's picture (src/render/pictures.ts; the card game's table from a public view), answered like a scene. */
export interface PictureRenderRequest {
  id: number;
  picture: { kind: string; input: unknown };
}

/**
 * One step of a replay (src/render/replay): `open` a session for a bundled variant, `plan` its phases in chunks (the
 * scenes), `draw` one phase's frames, `finish` (the GIF's bytes come back), or `drop` it. Each step is a job of its
 * own, queued behind every map job (pool.ts), so a replay never holds up a game's results post for more than a step.
 */
export type ReplayStep =
  | {
      op: 'open';
      session: number;
      variantId: string;
      options?: Record<string, string>;
      stored?: StoredDrawing;
      settings: ReplaySettings;
      phaseCount: number;
    }
  | { op: 'plan'; session: number; phases: ReplayPhase[] }
  | { op: 'draw'; session: number; index: number }
  | { op: 'finish'; session: number }
  | { op: 'drop'; session: number };

export interface ReplayRenderRequest {
  id: number;
  replay: ReplayStep;
}
