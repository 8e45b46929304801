/**
 * The order pad's use-cases (docs/pad.md "API"): links as capabilities (links.ts, pad.ts `padLinkOfMember`), what
 * the pad shows one seat (pad.ts `padView`, `padMap`; view.ts) and the orders it sends (pad.ts `padSubmit`,
 * `padClear`, `padAct`, `padReady`).
 *
 * The feature's public face: code outside src/game/pad/ imports only from here.
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
