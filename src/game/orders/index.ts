/**
 * Players' orders (orders.ts): `submitOrders` parses each line, checks it against the board (`checkOrder`, with
 * what the power must decide from src/game/phase/duties.ts) and stores it; `clearOrders`, `myOrders`. Refusals worded
 * in the reader's language: problems.ts.
 *
 * The feature's public face: code outside src/game/orders/ imports only from here.
 */
export {
  checkOrder,
  clearOrders,
  deadlinePassed,
  myOrders,
  orderInputProblem,
  submitOrders,
  votedPowersIn,
} from './orders.js';
export { parseProblemMsg } from './problems.js';
