/**
 * Sandboxes: a user's private copy of a game's board (sandbox.ts `startSandbox`, `orderSandboxInTurns`,
 * `nextSandbox`, `endSandbox`), moved from phase to phase by rules.ts `stepSandbox`, the sandbox's applier of the
 * transition a game's phases use.
 *
 * The feature's public face: code outside src/game/sandbox/ imports only from here.
 */
export { sandboxWords, type SandboxBoard } from './rules.js';
export {
  SANDBOX_ORDERS_PER_PIECE,
  actSandbox,
  clearSandboxOrders,
  endSandbox,
  listSandboxes,
  nextSandbox,
  orderSandboxInTurns,
  previewSandboxInTurns,
  sandboxActChoices,
  sandboxGames,
  sandboxPreviewInput,
  sandboxRenderInput,
  sandboxShareRefusal,
  startSandbox,
  startSandboxFromFile,
  viewSandbox,
  type SandboxPicture,
  type SandboxPlace,
  type SandboxRef,
  type SandboxView,
} from './sandbox.js';
