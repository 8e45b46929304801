/**
 * Fog of war (docs/table.md "Fog of war"): one view filter over the stored truth that every reader asks what a
 * power may see (view.ts `powerView`, `phaseSeenBy`, `viewerOf`; the pure rule is src/engine/fog.ts), and a fog
 * game's results: the public post and each power's DMs (results.ts `queueFogResultsDms`).
 *
 * The feature's public face: code outside src/game/fog/ imports only from here.
 */
export {
  SEES_NOTHING,
  countsOutOfSight,
  fogIsUp,
  ordersSeenBy,
  phaseSeenBy,
  positionSeenBy,
  powerView,
  viewsUnderFog,
  viewOfView,
  viewerOf,
  type PowerCounts,
  type Viewer,
} from './view.js';
export { fogPublicResultsLines, powerOfMember, queueFogResultsDms } from './results.js';
