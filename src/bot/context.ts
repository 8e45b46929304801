/**
 * What every command handler gets: the game use-cases' dependencies, a logger, and the map renderer.
 */
import type { GameDeps } from '../game/index.js';
import type { Logger } from '../log.js';
import type { MapRenderer } from './maps.js';

export interface BotContext {
  deps: GameDeps;
  log: Logger;
  maps: MapRenderer;
}
