/**
 * A game's past: `/history`, `/why`, `gameStatus` and the other read-only queries (queries.ts), export and game
 * files (export.ts `readGameFile`, game-file.ts), what a phase's maps are drawn from (render-input.ts
 * `renderInputForPhase`) and the supply-centre chart (game-file.ts `scChartForGame`, from sc-history.ts).
 *
 * The feature's public face: code outside src/game/history/ imports only from here.
 */
export { IMPORT_LIMITS, readGameFile, type ImportResult } from './export.js';
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
