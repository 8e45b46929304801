/**
 * Players' orders: submit, clear, read back; checked against the board and stored (orders.ts).
 *
 * This file is the feature's public face: code outside src/game/orders/ imports only from here.
 */
export {
  checkOrder,
  clearOrders,
  deadlinePassed,
  myOrders,
  orderInputProblem,
  submitOrders,
  votedPowersIn,
  votedPowersOf,
} from './orders.js';
export { parseProblemMsg } from './problems.js';
