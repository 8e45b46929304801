/**
 * Mustering (docs/table.md "Mustering"): the muster `/game start` opens (`openMuster`), **I'm here**
 * (`confirmMuster`) and its end, settled once by the scheduler (`settleDueMusters`), all in muster.ts; what the status
 * shows of it is src/game/phase/muster-status.ts.
 *
 * The feature's public face: code outside src/game/muster/ imports only from here.
 */
export { confirmMuster, nextMusterAt, openMuster, settleDueMusters } from './muster.js';
