/**
 * What every feature of the game layer shares, importing no other feature: a use-case's transaction (tx.ts
 * `inTransaction`, `fail`; types.ts `GameDeps`, `Result`), who holds a seat (holder.ts `isVacant`) and whether names
 * are hidden (identities.ts), a game's variant (`variantOfGame`) and deadlines (clock.ts `phaseDeadline`), limits,
 * references in texts, phase names and summaries, the registry of game kinds (kinds.ts `registerGameKind`).
 *
 * The feature's public face: code outside src/game/core/ imports only from here.
 */
export {
  GAME_OVER,
  NO_GAME,
  isError,
  noOpenGame,
  otherKindRefusal,
  pausedMsg,
  playerInGame,
  type PlayerContext,
} from './context.js';
export {
  DEFAULT_DURATIONS,
  MAX_DURATION_MS,
  durationsOf,
  formatDuration,
  durationParam,
  clockLeftParam,
  parseDuration,
  parseDurations,
} from './durations.js';
export {
  CLOCK_DEFAULT_MINIMUM_MS,
  WEEKDAYS,
  activeClock,
  clockLineMsg,
  clockRuleMsg,
  nextClockDeadline,
  phaseDeadline,
  type GameClock,
  weekdaysParam,
  type Weekday,
  zoneNameIfMade,
  zoneNameParam,
} from './clock.js';
export { typed, typedLine } from './echo.js';
export {
  COMPUTER_ID_PREFIX,
  computerLevelOf,
  computerSeatSuggestions,
  computerUserId,
  handedAt,
  isComputer,
  isPerson,
  isVacant,
  parseComputerSeats,
  parseLevel,
  parseSeatList,
  holderName,
  playerName,
  seatListSuggestions,
  vacantUserId,
  type ComputerSeatsRequest,
  type Level,
  type SeatNames,
} from './holder.js';
export { hideMembers, hidesIdentities, identitiesHiddenNow, publicHolderName } from './identities.js';
export type { GameKind, KindSeats, KindSweep, SeatDescription } from './kind.js';
export { gameKindOf, gameKinds, registerGameKind } from './kinds.js';
export {
  ABSOLUTE_MIN_PHASE_MS,
  DEFAULT_LIMITS,
  MIN_SANDBOX_IDLE_MS,
  earlyResolutionAllowed,
  getServerLimits,
  limitsOf,
  newGameRefusal,
  serverLimits,
  setServerLimits,
  useCooldown,
} from './limits.js';
export { gameLocale, noteMemberLocale, readerLocale } from './locales.js';
export { fairTurns, loopTurns, type LoopTurns } from './loop-turns.js';
export { SCORING_SYSTEMS, scoringOf, type ScoringSystem } from './scoring-systems.js';
export {
  ordersOpenMsg,
  phaseCode,
  phaseLabel,
  phaseMsg,
  plainMsg,
  resultsLastLine,
  resultsSummaryLines,
  yearMsg,
} from './summary.js';
export {
  locationParam,
  orderParam,
  powerParam,
  powersParam,
  provinceParam,
  provincesParam,
  unitParam,
  variantParam,
} from './names.js';
export { checkProblemMsg, matchProblem, type ProblemPattern } from './problems.js';
export { reasonMsg } from './reasons.js';
export { channelRef, memberRef, roleRef, textParts, timeRef, type TextPart, type TimeStyle } from './text-refs.js';
export { fail, inReadTransaction, inTransaction, noteEvent, reportInternal } from './tx.js';
export type {
  BoardEdit,
  BoardEditRecord,
  Caller,
  CooldownAction,
  GameDeps,
  GameEvent,
  GameView,
  Limits,
  LimitsInput,
  PhaseDurationInput,
  PhaseDurations,
  PhaseResultsView,
  PhaseView,
  PowerStatus,
  RejectedOrder,
  Refusal,
  Result,
  StatusView,
  StoredOrder,
} from './types.js';
export {
  NAMED_LOCALES,
  optionSuggestions,
  optionsLine,
  parseOptionsText,
  powerByName,
  seatablePowers,
  gamePowerParam,
  variantJobOf,
  variantOfGame,
} from './variant-of-game.js';
export { gameTitleOf, newToken, phaseOf, randomOf, randomToken, toGameView, toPhaseView } from './views.js';
export { storedVariantOrLoad } from './stored-variants.js';
export { VACANT_ID_PREFIX } from './holder.js';

export type { GivenOrder, PhaseSeats } from './summary.js';
