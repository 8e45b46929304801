/**
 * Mustering (docs/table.md "Mustering"): the muster `/game start` opens, **I'm here**, and its end, settled once by
 * the scheduler (muster.ts); what the status shows of it is src/game/phase/muster-status.ts.
 *
 * This file is the feature's public face: code outside src/game/muster/ imports only from here.
 */
export { confirmMuster, nextMusterAt, openMuster, settleDueMusters } from './muster.js';
