/** The engine's public surface: pure, synchronous, deterministic. */
export { adjudicate, openingPosition, powersToAct } from './adjudicate.js';
export { orderProblem } from './check.js';
export { adjustmentDelta, buildableCenters, buildableTypes } from './adjustment.js';
export { winnerOf } from './phase.js';
export { formatOrder } from './format.js';
export { locationKey, parseLocationKey } from './map.js';
export type * from './types.js';
