/**
 * Press (docs/bot.md "Press"): messages between powers (press.ts) and press threads kept in step with the
 * seats (sync.ts).
 *
 * This file is the feature's public face: code outside src/game/press/ imports only from here.
 */
export {
  PRESS_MAX_LENGTH,
  openPressThread,
  pressEndLines,
  pressHistory,
  pressThreadPlan,
  recordPressThread,
  reportPressPermission,
  sendPress,
  type PressLine,
  type PressSent,
  type PressThreadPlan,
  type PressThreadView,
} from './press.js';
export { syncPressThreads } from './sync.js';
export type { PressMode } from '../../store/schema.js';
