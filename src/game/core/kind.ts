/**
 * Game kinds: games that are not Diplomacy positions adjudicated phase by phase, with an engine of their
 * own (the card game: src/cardgame/) and use-cases of their own, but the same `games` row, channel rule, outbox,
 * scheduler and computer players as every game. A kind plugs into the game layer's shared machinery through this
 * interface and is found through this registry only: the scheduler sweeps its deadlines, the outbox builds its status
 * message at delivery, and the bot plays its computer seats, without naming it. (Diplomacy variants plug in one level
 * lower, through the variant registry and their plug-ins: src/variants/index.ts.) Each member's contract is the one
 * the Diplomacy side keeps for itself: every deadline processed exactly once across sweeps and processes, a status
 * built from public information only.
 */
import type { Tx } from '../../store/store.js';
import type { GameRow } from '../../store/schema.js';
import type { AiAnswer, AiJob } from '../../ai/job.js';
import type { GameDeps } from './types.js';
import type { MessageKey, Msg, MsgParam } from '../../i18n/index.js';

/** What a substitute call says about a seat: the power, its centres and units, and the deadline. */
export interface SeatDescription {
  power: string;
  /** How texts name the seat, when not `power` as it is: a power in the reader's locale (docs/locales.md "Names"). */
  named?: MsgParam;
  /** "Spring 1902 movement", or a kind's own words for its turn (a message worded in the reader's locale, or a text). */
  phase: string | Msg;
  deadline: number | null;
  /** What the seat holds: "3 supply centres; units: A par, F bre" (a kind says it its own way). */
  holdings: string | Msg;
  /** What a vacant seat does until someone claims it (a whole sentence), or nothing for a seat its player holds. */
  meanwhile?: string | Msg;
}

/** What one sweep of a kind's deadlines did. */
export interface KindSweep {
  /** Turns resolved by their deadline (the defaults taken). */
  turns: number;
  /** Reminders queued. */
  reminders: number;
  /** Turns past their deadline waiting for a computer player to play them (`nmr: computer`): sweep again soon. */
  awaiting?: number;
  /** Games whose deadline could not be processed (retried on the next sweep), one sentence each. */
  failures: string[];
}

/** How the bot runs a kind's computer seats (the AI in its worker; logs). */
export interface KindComputerOptions {
  ask?: (job: AiJob) => Promise<AiAnswer>;
  /** Debug-level lines only: they may name what a seat holds. */
  debug?: (message: string) => void;
  onError?: (err: unknown) => void;
}

/**
 * A kind's seats as substitute calls see them (seats.ts; docs/bot.md "Seats that never stall"): `seat` is the name the
 * kind gives a seat (a dynasty), the same in the call, the claim and `/gm substitute`.
 */
export interface KindSeats {
  /** The seat a member holds in the game, or null. */
  seatOf(tx: Tx, game: GameRow, userId: string): Promise<string | null>;
  /** The seat a written name means (`/gm substitute power:`), or null. */
  find(tx: Tx, game: GameRow, text: string): Promise<string | null>;
  /** Why a written name means no seat (`find` gave null), for the game master. */
  unknown(tx: Tx, game: GameRow, text: string): Promise<Msg>;
  /** Who holds the seat now (a member, a computer player, a vacant seat), or null. */
  holderOf(tx: Tx, game: GameRow, seat: string): Promise<string | null>;
  /** What a substitute call says about the seat. */
  describe(tx: Tx, game: GameRow, seat: string): Promise<SeatDescription>;
  /** The seat's member left or fell silent: the seat becomes vacant and a substitute call is opened. */
  vacate(tx: Tx, game: GameRow, seat: string, reason: 'silent' | 'left', now: number): Promise<void>;
  /**
   * Hands the seat to the member who claimed it (the previous holder, the new one and the channel are told).
   * `returning`: the member claims back the seat they were vacated from, and is no substitute.
   */
  hand(tx: Tx, game: GameRow, seat: string, userId: string, now: number, returning: boolean): Promise<void>;
  /**
   * What the member who claimed a seat is told, with `returning` (yes/no) and `power`: where their DMs are and how the
   * kind is played (default `seats.claim.done`: Diplomacy's map and `/order`).
   */
  claimedKey?: MessageKey;
}

export interface GameKind {
  /** The `games.kind` of its games. */
  kind: string;
  /** How sentences name it ("the Warring States card game"). */
  name: string;
  /** Its name in the reader's words (`cards.game.name`: "jeu de cartes Royaumes combattants", "战国卡牌游戏"). */
  label: Msg;
  /** Processes every due deadline and reminder of its running games, each game in its own transaction. */
  sweep(deps: GameDeps): Promise<KindSweep>;
  /** The earliest deadline or reminder of its running games still to come, or null. */
  nextWakeAt(deps: GameDeps): Promise<number | null>;
  /**
   * The channel's status message of one of its games as it is now (the outbox calls it at delivery): `data` for its
   * bot side to word and draw the message with (the row's `own`, src/game/outbox/write.ts `KindStatus`), or a text.
   */
  status(tx: Tx, game: GameRow): Promise<{ text?: string; data?: unknown } | null>;
  /** Whether one of its games not finished yet has a computer seat (the bot then starts the AI worker ahead of its first turn). */
  hasComputerSeats?(deps: GameDeps): Promise<boolean>;
  /** Its computer seats: `play()` asks every seat that must act now; called after every change, sweep and start. */
  computerSeats?(deps: GameDeps, options: KindComputerOptions): { play(): Promise<Promise<void>[]> };
  /** Its seats, for substitute calls and claims (none: its seats cannot be vacated or claimed). */
  seats?: KindSeats;
}
