/**
 * What every command handler gets: the game use-cases' dependencies, a logger, and the map renderer.
 */
import type { GameDeps } from '../game/core/index.js';
import type { Logger } from '../log.js';
import type { MapRenderer } from './maps.js';
import type { ReplayMaker } from './replays.js';

/** The order pad as the bot knows it (docs/pad.md): where browsers open it, the links' key, whether the Activity is on. */
export interface PadSettings {
  publicUrl: string;
  key: Buffer;
  activity: boolean;
}

export interface BotContext {
  deps: GameDeps;
  log: Logger;
  maps: MapRenderer;
  /** `/history replay`'s replays: made in the render worker, cached, bounded per member and server. */
  replays: ReplayMaker;
  /** The order pad, when `PUBLIC_URL` is set (docs/pad.md); null when it is off. */
  pad?: PadSettings | null;
}
