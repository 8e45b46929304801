/** The engine's public surface: pure, synchronous, deterministic. */
export { adjudicate, powersToAct } from './adjudicate.js';
export { orderProblem } from './check.js';
export { adjustmentDelta, buildableCenters, buildableTypes } from './adjustment.js';
export { followingPhase, winnerOf, updateOwnership } from './phase.js';
export { formatOrder, formatUnit } from './format.js';
export { GameMap, locationKey, parseLocationKey } from './map.js';
export type * from './types.js';
export type { Variant } from './variant.js';
export type {
  RulesModule,
  OrderedUnit,
  MovementContext,
  SpecialOrderSpec,
  SpecialOrderLook,
  SpecialOrderParser,
  StrengthQuery,
} from './rules.js';
