/**
 * The order pad's use-cases (docs/pad.md): links as capabilities (links.ts), what the pad shows one seat
 * (view.ts, map.ts) and the orders it sends (pad.ts).
 *
 * This file is the feature's public face: code outside src/game/pad/ imports only from here.
 */
export { padKey } from './links.js';
export {
  isPadRefusal,
  padAct,
  padClear,
  padLinkInChannel,
  padLinkOfMember,
  padMap,
  padReady,
  padState,
  padSubmit,
  padView,
  type PadRefusal,
} from './pad.js';
export {
  padOrderLines,
  type ShownPadAction,
  type PadChoice,
  type PadPiece,
  type ShownPadView,
} from './view.js';
