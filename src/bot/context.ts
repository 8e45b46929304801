/**
 * What every command handler gets: the game use-cases' dependencies, a logger, and the map renderer.
 */
import type { GameDeps } from '../game/index.js';
import type { Logger } from '../log.js';
import type { MapRenderer } from './maps.js';
import type { ReplayMaker } from './replays.js';

export interface BotContext {
  deps: GameDeps;
  log: Logger;
  maps: MapRenderer;
  /** `/history replay`'s replays: made in the render worker, cached, bounded per member and server. */
  replays: ReplayMaker;
}
