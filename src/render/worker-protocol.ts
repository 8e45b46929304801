/** The messages between the render pool (src/render/pool.ts) and its worker threads (src/render/worker.ts). */
import type { Position } from '../engine/types.js';
import type { RenderOptions } from './build-scene.js';
import type { PackedScene } from './wire.js';

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
  map: { variantId: string; options?: Record<string, string>; position: Position; opts: RenderOptions };
}
export type RenderReply =
  | { id: number; ok: true; png: Uint8Array; meta?: { width: number; height: number; warnings: string[] } }
  /** `drawable: false`: the input cannot be drawn (buildScene's error); otherwise the worker failed. */
  | { id: number; ok: false; error: string; drawable?: false };

/** A game kind's picture (src/render/pictures.ts; the card game's table from a public view), answered like a scene. */
export interface PictureRenderRequest {
  id: number;
  picture: { kind: string; input: unknown };
}

