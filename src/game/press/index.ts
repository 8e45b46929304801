/**
 * Press (docs/bot.md "Press"): a press thread opened (press.ts `openPressThread`, whose Discord side an outbox row
 * makes) and kept in step with the seats (sync.ts `syncPressThreads`); anonymous press relayed (press.ts `sendPress`)
 * and read back (`pressHistory`).
 *
 * The feature's public face: code outside src/game/press/ imports only from here.
 */
export {
  PRESS_MAX_LENGTH,
  openPressThread,
  pressCallerPower,
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
