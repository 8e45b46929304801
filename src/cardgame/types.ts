/**
 * The card game's state (docs/cardgame.md "State") and the shapes around it. Everything is plain JSON: the state can be
 * stored, replayed and compared byte for byte.
 */
import type { CardId, DynastyId, StateId, SymbolId, Tactic } from './data.js';

export type { CardId, DynastyId, StateId, SymbolId, Tactic };

/** 0..n-1; clockwise is ascending seat order. */
export type Seat = number;
export type Owner = Seat | 'neutral';

/**
 * give: every seat puts 2 of its 8 cards into the recruiting row (simultaneous, seed §4);
 * choose: the chooser picks the state to battle in (and, after a Spy claim, the start seat);
 * battle: seats wage battle or fall back in turn (seed §5);
 * tiebreak: the tied leaders' extra battle round (seed §8);
 * finished: `winner` is set.
 */
export type Phase = 'give' | 'choose' | 'battle' | 'tiebreak' | 'finished';

export interface Settings {
  seats: number;
  dynastyCards: boolean;
  /** 7/5/4/3 for 2/3/4/5 seats. */
  victoryStates: number;
  /** D-18: the game ends after this many consecutive rounds with an unchanged board. */
  stalemateRounds: number;
  /** D-18: the game ends after this round at the latest. */
  roundCap: number;
}

export interface SeatState {
  dynasty: DynastyId;
  hand: CardId[];
  /** Armies not on the board (24 at the start). */
  supply: number;
  /** With the dynasty-cards option: the card is in hand (not in front of the seat). Always false without it. */
  dynastyCardInHand: boolean;
}

/** A card in front of a seat, in the order played. `on` names the bright card a Qi card covers. */
export type PlayedCard = { card: CardId } | { dynasty: DynastyId; cover?: Tactic; on?: CardId };

export interface Battle {
  /** Per seat, the cards in front of it this round. */
  played: PlayedCard[][];
  /** Per seat: did it play any card this round (a Yan take-back does not undo it, D-16). */
  playedAny: boolean[];
  /** Seats in the order they fell back. */
  fallen: Seat[];
  /** Battlefield cards still in the row. */
  available: SymbolId[];
  /** Per seat, the superiorities it claimed this round. */
  claims: SymbolId[][];
  spyClaimer: Seat | null;
  /** Tie-break rounds only: the tied seats, the only ones that take part. */
  tiebreak: null | { seats: Seat[] };
  /** Battle cards discarded from in front of seats this round (a tie-break round that discards none ends the tie-breaks). */
  discarded: number;
}

export interface CardGameState {
  settings: Settings;
  /** The seeded PRNG's state: every shuffle replays. Never shown to a seat. */
  rng: string;
  seats: SeatState[];
  deck: CardId[];
  discard: CardId[];
  /** The recruiting row, face up. */
  row: CardId[];
  /** 2 seats only: the local resistance of this round (a run of dark cards ended by a bright or wild one). */
  resistance: CardId[];
  /** Stronghold number → armies, bottom first (0..2). */
  strongholds: Record<string, Owner[]>;
  /** State id → armies, bottom first (1..2). */
  states: Record<StateId, Owner[]>;
  round: number;
  phase: Phase;
  /** The state battled for this round. */
  currentState: StateId | null;
  startSeat: Seat;
  /** Battle and tie-break phases: the seat to act. */
  turnSeat: Seat | null;
  /** Give phase: each seat's chosen 2 cards, or null while it has not chosen (private until everyone has). */
  gives: (CardId[] | null)[];
  /** Choose phase: who chooses, and whether it also chooses the start seat (after a Spy claim). */
  chooser: null | { seat: Seat; pickStart: boolean };
  battle: Battle;
  /** Consecutive rounds that ended with the board as it was at their start (D-18). */
  stillRounds: number;
  /** The board at the start of the current round, as a key (D-18). */
  roundStartBoard: string;
  winner: Seat | Seat[] | null;
  endReason: EndReason | null;
}

export type EndReason = 'victory-states' | 'no-neutral-armies' | 'all-states-8' | 'stalemate' | 'round-cap';

/**
 * Why the tie-break rounds gave way to the stronghold count (seed §8, D-23): no tied seat holds a bright or wild card,
 * or a tie-break round was played without a card (it could repeat for ever).
 */
export type TiebreakCause = 'no-cards-left' | 'no-card-played';

/**
 * Why the `finished` event's winner won (docs/cardgame.md "Events"), as data beside its English `text`: the most
 * states; the most superiorities in a tie-break round (`counts`: every tied seat's, in seat order); after `cause`, the
 * most strongholds, then the most armies on the board, else a shared victory.
 */
export type FinishReason =
  | { kind: 'states'; seat: Seat; count: number }
  | { kind: 'superiorities'; seat: Seat; counts: { seat: Seat; count: number }[] }
  | { kind: 'strongholds'; cause: TiebreakCause; seat: Seat; count: number }
  | { kind: 'armies'; cause: TiebreakCause; seat: Seat; count: number }
  | { kind: 'shared'; cause: TiebreakCause };

/**
 * How the control round decided one state (docs/cardgame.md "Events", `control`): a neutral state with too few armies
 * around stays (`count` of the `needs`); a single highest score; a tie broken by the owner of the army beneath; a tie
 * that changes nothing. `takes`: who takes control (the leader, when it is not the owner of the top army), else null.
 */
export type ControlOutcome =
  | { kind: 'neutral-weak'; count: number; needs: number }
  | { kind: 'leader'; takes: Owner | null }
  | { kind: 'tie-broken'; by: Owner; takes: Owner | null }
  | { kind: 'tied' };

/** The control round's count of one state: every side's score, highest first, and how it was decided. */
export interface ControlCount {
  state: StateId;
  scores: { owner: Owner; score: number }[];
  outcome: ControlOutcome;
}

/**
 * Why a seat chooses the next battle (the `chooser` event, docs/cardgame.md "Events"): it starts the first round
 * (drawn at the setup), it claimed Spy (and chooses the start seat too), or it fell back last.
 */
export type ChooserReason = 'first' | 'spy' | 'last';

// ---- actions ----

export type Effect =
  | { symbol: SymbolId; draw: true }
  | { symbol: 'cavalry' | 'chariot' | 'crossbow' | 'infantry'; stronghold: number }
  | { symbol: 'spy'; card: CardId }
  | { symbol: 'fire'; stronghold: number; moves: { owner: Seat; to: number }[] }
  | { symbol: 'forest'; state: StateId }
  | { symbol: 'mountain'; stronghold: number }
  | { symbol: 'wind'; from: number; to: number };

export type Action =
  | { type: 'give'; seat: Seat; cards?: CardId[] }
  | { type: 'choose'; seat: Seat; state?: StateId; start?: Seat }
  | {
      type: 'wage';
      seat: Seat;
      bright: CardId;
      /** A dark card of the same turn. */
      dark?: CardId;
      /** Play the dynasty card as the second card (option on). */
      dynasty?: boolean;
      /** Qi: the tactic of the bright card to cover. */
      cover?: Tactic;
      /** Qin: the row card to take, and the hand card to put in its place. */
      take?: CardId;
      give?: CardId;
      /** Yan: the card in front to take back. */
      takeBack?: CardId;
    }
  | { type: 'fallBack'; seat: Seat; effects?: Effect[]; recruit?: CardId[] };

export interface GameEvent {
  kind: string;
  seat?: Seat;
  text: string;
  [k: string]: unknown;
}

export type ApplyResult = { ok: true; state: CardGameState; events: GameEvent[] } | { ok: false; error: string };
