/**
 * Types shared by the game use-cases: dependencies, result shapes and the read-only views handed to the bot.
 */
import type { OrderResult, Phase, PhaseType, Power, UnitType } from '../../engine/types.js';
import type { Store } from '../../store/store.js';
import type { GameClock, GameEnd, GameStatus, PausedBy, PressMode } from '../../store/schema.js';
import type { ScoringSystem } from './scoring-systems.js';
import type { Locale, Msg, MsgParam } from '../../i18n/index.js';

export type { GameEnd, GameStatus };

// ---- Board edits (src/game/board-edit; read back by src/game/history) ----

/**
 * A game master's edit of the board (docs/bot.md "Editing the board"): places and powers as typed, or, as applied, in
 * ids (`spa/sc`, powers as the variant names them; what the game's export lists); `power` null for a centre made neutral.
 */
export type BoardEdit =
  | { kind: 'add'; power: string; unit: UnitType; place: string }
  | { kind: 'remove'; place: string }
  | { kind: 'move'; from: string; to: string }
  | { kind: 'owner'; place: string; power: string | null };

/**
 * What the audit keeps of an edit (`gm_edit`): the edit as typed, the phase whose board it changed, its notice and the
 * edit as applied (missing in records written before it was kept).
 */
export type BoardEditRecord = BoardEdit & { phaseId: number; announcement: Msg; applied?: BoardEdit };

// ---- Abuse limits (values and use in limits.ts) ----

/** A per-user budget: at most `uses` in `windowMs`. */
export interface Budget {
  uses: number;
  windowMs: number;
}

export type CooldownAction = 'order' | 'map' | 'lobby' | 'create' | 'sandbox' | 'replay' | 'spectate';

export interface Limits {
  /** Shortest phase for every server (a server may raise it). */
  minPhaseMs: number;
  /** Phases one game may resolve in any hour (early resolutions beyond it wait for their deadline). */
  phasesPerHour: number;
  /** Games forming, running or paused at once in one server (a server may lower it). */
  maxLiveGamesPerServer: number;
  /** `/order` text: characters and lines, checked before anything parses it. */
  maxOrderChars: number;
  maxOrderLines: number;
  /** Order-confirmation DMs wait this long for more changes, and carry them all (one DM per burst). */
  confirmationQuietMs: number;
  /** Sandboxes: kept at once per user and per server, and how long one lives after its last use. */
  sandboxesPerUser: number;
  sandboxesPerServer: number;
  sandboxIdleMs: number;
  budgets: Record<CooldownAction, Budget>;
}

/** Limits as the operator gives them (config/env.ts): unset ones take the defaults. */
export type LimitsInput = Partial<Omit<Limits, 'budgets'>> & { budgets?: Partial<Record<CooldownAction, Budget>> };

/** What every use-case needs. */
export interface GameDeps {
  store: Store;
  /** Milliseconds since the epoch (injected so tests control time). */
  now: () => number;
  /** Uniform in [0, 1); defaults to Math.random (random power assignment, claim tokens). */
  random?: () => number;
  /**
   * Called after a use-case committed a change that may move a deadline or queue messages
   * (the bot wires it to `scheduler.poke()` and the outbox loop's `kick()`).
   */
  onChange?: (gameId: number) => void;
  /**
   * Told about unexpected exceptions inside a use-case (the use-case then returns a generic error and
   * changes nothing): bugs, a closed or broken database. Wire it to the logger.
   */
  onError?: (err: unknown) => void;
  /** Told, after the commit, what happened to games (the bot logs it at info); never carries order text. */
  onEvent?: (event: GameEvent) => void;
  /** Abuse limits (limits.ts); unset ones take the defaults. */
  limits?: LimitsInput;
}

/** Milestones an operator follows in the logs. */
export type GameEvent =
  | { kind: 'game_created'; gameId: number; variantId: string; guildId: string | null; channelId: string }
  | { kind: 'game_started'; gameId: number; variantId: string; players: number }
  | { kind: 'phase_resolved'; gameId: number; phase: string; reason: string; ms: number }
  | { kind: 'game_finished'; gameId: number; end: string };

/**
 * A use-case's refusal: nothing was changed. `message` is the sentence for the player as a message key, worded in each
 * reader's language by the front ends (docs/locales.md); `error` is its English wording (logs, the CLI, tests). A
 * refusal without `message` is worded in English for everybody.
 */
export interface Refusal {
  ok: false;
  error: string;
  message?: Msg;
}

/** Every use-case returns this; on `ok: false` nothing was changed (see `Refusal`). */
export type Result<T extends object = object> = ({ ok: true } & T) | Refusal;

/** Who is calling and from where. */
export interface Caller {
  channelId: string;
  userId: string;
}

/** Phase durations in milliseconds. */
export type PhaseDurations = Record<PhaseType, number>;

/** Duration texts as typed by the game master (`90s`, `10m`, `24h`, `2d`); missing ones get the defaults. */
export type PhaseDurationInput = Partial<Record<PhaseType, string>>;

export interface PhaseView {
  id: number;
  /** 0 for the first phase of the game. */
  index: number;
  phase: Phase;
  /** `Spring 1901 movement` */
  label: string;
  /** The phase's name, worded in the reader's locale (`Printemps 1901, mouvements`). */
  name: Msg;
  /** `S1901M` (DPjudge style), also accepted by `history`. */
  code: string;
  resolvedAt: number | null;
}

export interface GameView {
  id: number;
  channelId: string;
  guildId: string | null;
  variantId: string;
  /** In the reader's locale (`variantParam`). */
  variantName: MsgParam;
  gmUserId: string;
  status: GameStatus;
  durations: PhaseDurations;
  /** Deadline of the current phase (ms), null unless active. */
  deadline: number | null;
  /** While paused: who paused it, and when a limited pause ends by itself (docs/table.md "Pauses"). */
  pause: { by: PausedBy; endsAt: number | null } | null;
  end: GameEnd | null;
  /** The role the start and results posts ping, if the game master chose one. */
  notifyRoleId: string | null;
  /** The variant's game options (Warhammer `decisiveBattles`), each given or defaulted at creation. */
  options: Record<string, string>;
  /** `/game create computer:all`: computer players take the powers still free at the start. */
  computerFill: boolean;
  /** A demonstration table: computer players only (`/game create demonstration:`). */
  demonstration: boolean;
  /** What missed orders become, when a silent seat becomes vacant, the on-time bar (docs/bot.md "Seats that never stall"). */
  seats: { nmr: 'hold' | 'computer'; vacateAfter: number; minReliability: number | null };
  /** How the players talk, and whether who plays whom is hidden until the end (docs/bot.md "Press"). */
  press: PressMode;
  /** How the game is scored at its end (docs/bot.md "Scoring"). */
  scoring: ScoringSystem;
  /** The computer seats count as the people's opponents in the ratings (docs/bot.md "Ratings"). */
  rateAgainstComputers: boolean;
  /** The language of the channel's posts (`/game create locale:`, docs/locales.md). */
  locale: Locale;
  /** Fog of war: each power sees only what stands near its units and centres (docs/table.md "Fog of war"). */
  fog: boolean;
  /** The table's rules (docs/table.md): the deadline clock (null: durations), the muster, the pause limit (fog: `fog`). */
  table: { clock: GameClock | null; musterMs: number | null; pauseLimitMs: number };
}

/** One power's line in the status message: never what it ordered. */
export interface PowerStatus {
  power: Power;
  userId: string | null;
  supplyCenters: number;
  units: number;
  /** Has something to decide in the current phase. */
  toAct: boolean;
  /** Orders stored for every unit (or build) it has to order; false when it has nothing to decide. */
  submitted: boolean;
  /** Number of orders stored so far in this phase. */
  ordersStored: number;
  ready: boolean;
  /** Moved by the players' vote (the variant's `votedPowers`), not by a seat of its own. */
  voted?: boolean;
}

export interface StatusView {
  game: GameView;
  /** The current phase (null while forming). */
  phase: PhaseView | null;
  powers: PowerStatus[];
  /** Powers still free to join (forming only; none in a game that hides who plays whom, which draws them). */
  freePowers: Power[];
  /** The status message's lines, worded by the reader (with references to the deadline and members, text-refs.ts). */
  lines: Msg[];
  /** The lines in English. */
  text: string;
}

export interface StoredOrder {
  power: Power;
  /** Province of the ordered unit (or of the build); `waive:n` for a waived build. */
  unitKey: string;
  /** Normalized order text. */
  text: string;
  submittedBy: string;
  submittedAt: number;
}

export interface RejectedOrder {
  input: string;
  /** Why, in English (the CLI, logs, tests). */
  error: string;
  /** Why, for the reader's locale (src/game/orders/problems.ts); absent where only English exists. */
  message?: Msg;
}

export interface PhaseResultsView {
  phase: PhaseView;
  results: OrderResult[];
  /** Readable summary (Discord markdown). */
  text: string;
}
