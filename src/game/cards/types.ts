/**
 * The card game's use-case layer: settings, presets, and the read-only shapes handed to the bot
 * (docs/cardgame.md "The Discord table"). Hands appear only in `CardSeatPrivate` (a seat's own view); everything else
 * is public.
 */
import { CARD_GAME } from '../../cardgame/identity.js';
import type {
  CardGameView,
  CardId,
  DynastyId,
  Effect,
  Phase,
  Seat,
  SymbolId,
  FallBackOption,
  GameEvent,
} from '../../cardgame/index.js';
import type { Msg } from '../../i18n/index.js';
import type { GameStatus } from '../../store/schema.js';
import type { CardNotifyMode } from './tables.js';

export type { CardNotifyMode };

/** The variant id a card game's `games` row carries (`/game create variant:warring-states-cards`). */
export const CARD_VARIANT_ID: string = CARD_GAME.id;

/** The `games.kind` of a card game, and the `kind` of its outbox rows (src/game/core/kinds.ts). */
export const CARD_KIND: string = CARD_GAME.kind;

/**
 * A card game's table message (docs/cardgame.md "The table message"), filled at delivery from the game as it is then:
 * the public view, the seats' public info and the lobby's settings, which the bot words in the reader's locale
 * (src/bot/cards/words.ts), plus what it needs for the buttons and the board image. Built only from `publicView`.
 * It is the `data` of the card kind's status rows (src/game/outbox/write.ts `KindStatus`).
 */
export interface CardTablePayload {
  version: number;
  phase: string;
  round: number;
  deadline: number | null;
  /** User to act (for "It is @X's turn" replies), or null. */
  toActUserId: string | null;
  /** Every user who must act now (the setup give: all who have not chosen); their turn pings stay, others go. */
  toActUserIds?: string[];
  /** Paused by the game master (the table says so; no deadline runs). */
  paused: boolean;
  /** Who sits where, as everyone may see it. */
  seats: CardTableSeat[];
  /** Before the start: what the lobby shows; null once the game started. */
  lobby: CardLobbyTable | null;
  board: CardGameView | null;
  /** Changes whenever the table picture would change (anything in `board`): attach a fresh image only then. */
  boardKey: string;
}

/** A seat as the table shows it: its holder, dynasty, absence and concession. */
export type CardTableSeat = Pick<CardSeatInfo, 'seat' | 'userId' | 'dynasty' | 'away' | 'conceded'>;

/** What the lobby's table message shows: the table size, the turn times, the game master and how seats fill. */
export interface CardLobbyTable {
  seats: number;
  preset: CardGameSettings['preset'];
  turnMs: number;
  dynastyCards: boolean;
  gmUserId: string;
  demonstration: boolean;
  computerFill: boolean;
}

/**
 * How a row of the card game is worded at delivery, in its reader's locale (docs/locales.md; the game's for the
 * channel, the member's for a DM): message lines, or the public events a log line, round summary or end of game is
 * made of (`cardsEventText`). A row without it (queued before locales) is sent as its English `text`.
 */
export type CardWords =
  | { what: 'lines'; lines: Msg[] }
  | { what: 'log'; round: number; events: GameEvent[]; dynasties: DynastyId[]; actor?: Msg }
  | { what: 'round'; round: number; events: GameEvent[] }
  | { what: 'over'; events: GameEvent[] };

/**
 * The card game's own outbox rows (`KindPayload` events, src/game/cards/outbox.ts; delivered by src/bot/cards/deliver.ts):
 * - `log`: one line for the game's log thread (the bot opens the thread once, `recordCardThread`);
 * - `turn`: "it is your turn", with the buttons to act on it (`phase`: give, choose, battle, tiebreak); the row's
 *   target is the game's channel (mentioning exactly `userId`) or the user (a DM);
 * - `round`: the round summary (docs/cardgame.md "Side effects") with the board after the round (public view);
 * - `over`: the end of the game (docs/cardgame.md "The end of the game") with the final board (public view).
 * `words` says how to word a row in the reader's locale (src/bot/cards/words.ts `cardsEventText`); `text` is the
 * English of message lines, and the whole wording of a row queued before `words`.
 */
export type CardsEvent =
  | { event: 'log'; data: { text?: string; words?: CardWords } }
  | { event: 'turn'; data: { userId: string; text: string; reminder: boolean; phase?: string; words?: CardWords } }
  | {
      event: 'round';
      data: { round: number; text?: string; board: CardGameView; changed: string[]; words?: CardWords };
    }
  | { event: 'over'; data: { text?: string; board: CardGameView; words?: CardWords } };

export type CardPreset = 'live' | 'standard' | 'async';

/** Design §3.8: live 2 min a turn and 90 s for the setup give and the choice of battle; standard 1 h; async 12 h. */
export const CARD_PRESETS: Record<CardPreset, { turnMs: number; setupMs: number }> = {
  live: { turnMs: 2 * 60_000, setupMs: 90_000 },
  standard: { turnMs: 3_600_000, setupMs: 3_600_000 },
  async: { turnMs: 12 * 3_600_000, setupMs: 12 * 3_600_000 },
};

/** docs/decisions.md: card-game turns have their own minimum turn time (a custom `turn:` below it is refused) … */
export const CARD_MIN_TURN_MS = 60_000;
/** … and a longest turn (a week: a card game with a month per turn never ends). */
export const CARD_MAX_TURN_MS = 7 * 86_400_000;
/**
 * … and a cap per game: at most this many turns resolve by themselves (timeouts, away and conceded seats) in
 * any hour. Beyond it an away seat's turn waits for its deadline, so a table of absent players cannot flood
 * its channel. Players' own actions are never capped.
 */
export const CARD_AUTO_TURNS_PER_HOUR = 120;
/** Design §3.8: confirming Fall back with less than this left extends the deadline to it. */
export const FALL_BACK_GRACE_MS = 2 * 60_000;
/** Turns at least this long get one reminder with 25 % of the turn left. */
export const REMINDER_MIN_TURN_MS = 3_600_000;
/** Consecutive timeouts that mark a seat away. */
export const AWAY_AFTER_TIMEOUTS = 2;

export interface CardGameSettings {
  /** The table size: 2–5 (the game starts with 2 up to this many joined players). */
  seats: number;
  preset: CardPreset | 'custom';
  turnMs: number;
  /** The setup give and the choice of the next battle. */
  setupMs: number;
  dynastyCards: boolean;
}

/** Stored with the settings at the start: what `newGame` was called with (replay). */
export interface CardEngineSetup {
  seats: number;
  seed: string;
  dynastyCards: boolean;
  dynasties: DynastyId[];
}

export interface CardSeatInfo {
  /** 0..n-1 clockwise once started; null in the lobby. */
  seat: Seat | null;
  userId: string;
  dynasty: DynastyId | null;
  notify: CardNotifyMode;
  away: boolean;
  conceded: boolean;
  timeouts: number;
}

/** `lobby` before the start, else the engine's phase. */
export type CardPhase = 'lobby' | Phase;

/** A card game as anyone may see it (no hand, no pending give). */
export interface CardGameInfo {
  gameId: number;
  channelId: string;
  guildId: string | null;
  gmUserId: string;
  status: GameStatus;
  phase: CardPhase;
  round: number;
  /** Bumped by every stored change of the table; wizards carry it and confirms are refused when it moved. */
  version: number;
  /** When the current turn, give or choice times out; null unless running. */
  deadline: number | null;
  pausedRemainingMs: number | null;
  settings: CardGameSettings;
  seats: CardSeatInfo[];
  /** The seat to act (battle and tie-break: the turn; choose: the chooser); null in the give phase (everyone) and otherwise. */
  toAct: Seat | null;
  /** The user holding `toAct`. */
  toActUserId: string | null;
  threadId: string | null;
  /** The public table message being edited in place (null: the next edit posts a new one). */
  tableMessageId: string | null;
  /** The engine's public view; null in the lobby. */
  table: CardGameView | null;
  /**
   * The round whose battle `/gm rollback` goes back to the start of: the current one in a battle or tie-break; in the
   * choice of the next battle, the round just played. Null when nothing was played since that start.
   */
  rollbackRound: number | null;
}

/** What `cardsPlayOptions` answers the seat to act: every legal play, and what falling back would do. */
export interface CardPlayOptions {
  game: CardGameInfo;
  seat: Seat;
  /** The seat's own view (its hand included): ephemeral replies only. */
  view: CardGameView;
  /** Legal wage-battle plays, each exactly the fields `wageBattle` takes. */
  wages: CardWageInput[];
  /** Claims, preview lines, recruit count and +1 draw of a fall back now. */
  fallBack: Omit<FallBackOption, 'options'>;
}

/** A wage-battle play (docs/cardgame.md "The play wizard"). */
export interface CardWageInput {
  bright: CardId;
  dark?: CardId;
  dynasty?: boolean;
  cover?: 'cavalry' | 'chariot' | 'crossbow' | 'infantry' | 'spy';
  take?: CardId;
  give?: CardId;
  takeBack?: CardId;
}

/** The fall-back wizard's draft (docs/cardgame.md "The fall-back wizard"), as its owner sees it. */
export interface CardDraftView {
  game: CardGameInfo;
  seat: Seat;
  version: number;
  claims: SymbolId[];
  /** Effects chosen so far, in order. */
  effects: Effect[];
  /** Claimed superiorities not resolved yet. */
  remaining: SymbolId[];
  /** Per remaining superiority: its legal effects on the board as the draft leaves it (a draw is always open). */
  choices: Partial<Record<SymbolId, Effect[]>>;
  /** What the default would do for each remaining superiority (timeout or Done without choosing). */
  defaults: Partial<Record<SymbolId, Effect>>;
  /** The recruiting row after the draft's effects (a Spy pick is gone from it). */
  row: CardId[];
  recruitCount: number;
  recruit: CardId[] | null;
  /** The default recruit (the row cards with the most symbols). */
  defaultRecruit: CardId[];
  extraDraw: boolean;
  tiebreak: boolean;
  /** One line per chosen effect, for the wizard ("placed an army on stronghold 19 (Cavalry)"). */
  lines: string[];
  /** How many wizard steps the draft holds (Back undoes the last). */
  steps: number;
  /** Fire and Wind sources chosen whose destination is not chosen yet (the wizard asks for it next). */
  sources: { fire?: number; wind?: number };
}
