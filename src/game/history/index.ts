/**
 * A game's past: `/history`, `/why` and the read-only queries (queries.ts), export and game files (export.ts,
 * game-file.ts), what a phase's maps are drawn from (render-input.ts) and the supply-centre history (sc-history.ts).
 *
 * This file is the feature's public face: code outside src/game/history/ imports only from here.
 */
export { IMPORT_LIMITS, readGameFile } from './export.js';
export { gameFileInTurns, scChartForChannel, scChartForGame, type ScChartFile } from './game-file.js';
export { findChannelGame, findOpenGame, gameStatus, history, notifyRoleOf, playerContext, why } from './queries.js';
export {
  MAP_PALETTES,
  mapPaletteFor,
  renderInputForPhase,
  renderInputForPicture,
  renderInputForStepPicture,
  renderInputsForResults,
  withOverlays,
  type MapPalette,
  type PhasePicture,
  type RenderInput,
} from './render-input.js';
