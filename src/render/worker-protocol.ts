/** The messages between the render pool (src/render/pool.ts) and its worker threads (src/render/worker.ts). */
import type { CardGameView } from '../cardgame/views.js';
import type { Position } from '../engine/types.js';
import type { RenderOptions } from './build-scene.js';
import type { CardTableOptions } from './cards/options.js';
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

/** A card-game table image (src/render/cards): drawn from a public view, answered like a scene. */
export interface CardsRenderRequest {
  id: number;
  cards: { view: CardGameView; opts: CardTableOptions };
}

