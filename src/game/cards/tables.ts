/**
 * The card game's tables (docs/cardgame.md "Storage"), declared in its own folder so the store does not name them
 * (docs/architecture.md "Game kinds"): drizzle-kit reads this file through the schema glob of drizzle.config.ts
 * (every `src/game/<kind>/tables.ts`), and the card game's use-cases query them with the store's database handle. Only the card
 * game's own code (src/game/cards/, src/bot/cards/) imports them.
 */
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { games } from '../../store/schema.js';

export type CardNotifyMode = 'mention' | 'dm' | 'off';

/** A posted turn ping, until its turn is over: where it is, whom it pings and for which step of the game. */
export interface CardPing {
  channelId: string;
  messageId: string;
  userId: string;
  /** The phase it was posted in (`give`, `choose`, `battle`, `tiebreak`). */
  phase: string;
  /** Posted by DM: it loses its buttons rather than being deleted. */
  dm: boolean;
}

/**
 * One step of the fall-back wizard stored in a draft (docs/cardgame.md "The fall-back wizard"): how many effects it
 * appended, whether it set the recruit, and the Fire / Wind sources it chose whose destinations are asked next. Back
 * undoes the last step.
 */
export interface CardDraftStep {
  effects: number;
  recruit: boolean;
  sources?: { fire?: number; wind?: number };
}

/**
 * One card game: its `games` row (channel, GM, status) plus this row. `state` is the engine state JSON with
 * every hand in it: it is never logged above debug and never sent to a channel (public payloads are built
 * from the engine's `publicView`). `version` is bumped by every stored change of the table, so a wizard
 * opened on an older table is refused ("the table changed — reopen").
 */
export const cardGames = sqliteTable(
  'card_games',
  {
    gameId: integer('game_id')
      .primaryKey()
      .references(() => games.id, { onDelete: 'cascade' }),
    /** Creation settings: seats, preset, turn and setup durations, dynasty cards (see src/game/cards/types.ts). */
    settings: text('settings', { mode: 'json' }).$type<unknown>().notNull(),
    /** The engine seed: `newGame` from it plus the stored actions replays the state byte for byte. */
    seed: text('seed').notNull(),
    /** `lobby` before the start, else the engine phase (give, choose, battle, tiebreak, finished). */
    phase: text('phase').notNull(),
    round: integer('round').notNull().default(0),
    version: integer('version').notNull().default(0),
    /** When the current turn (or the setup give, or the choice) times out; null while forming, paused, finished. */
    deadlineMs: integer('deadline_ms'),
    /** When the current turn started (its length decides the 25 % reminder). */
    turnStartedMs: integer('turn_started_ms'),
    /** The 25 % reminder of the current turn, if it gets one; cleared once queued. */
    remindAtMs: integer('remind_at_ms'),
    /** Time left on the clock when the game was paused. */
    pausedRemainingMs: integer('paused_remaining_ms'),
    /** The engine state JSON (hands included); null in the lobby. */
    state: text('state'),
    /** The event sequence number at which the current round's battle started (GM rollback target). */
    roundStartSeq: integer('round_start_seq').notNull().default(0),
    /** The last stored event's sequence number. */
    seq: integer('seq').notNull().default(0),
    /** The game's log thread, once the bot opened it. */
    threadId: text('thread_id'),
    /**
     * The turn pings posted and not yet retired (docs/bot.md "Card game turns"): recorded by the deliverer when it
     * posts one, removed when the ping is deleted (a DM's loses its buttons) once its turn is over, so a restart
     * between the two still retires it. Null: none.
     */
    pings: text('pings', { mode: 'json' }).$type<CardPing[]>(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [index('card_games_deadline').on(t.deadlineMs), index('card_games_remind').on(t.remindAtMs)],
);

/** A seat of a card game: who holds it, its dynasty, how its holder is told of turns, absence. */
export const cardSeats = sqliteTable(
  'card_seats',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    /** 0..n-1 (clockwise) from the start on; null in the lobby. */
    seat: integer('seat'),
    userId: text('user_id').notNull(),
    /** Chosen at join, or drawn at the start. */
    dynasty: text('dynasty'),
    notify: text('notify').$type<CardNotifyMode>().notNull().default('mention'),
    away: integer('away', { mode: 'boolean' }).notNull().default(false),
    /** Turns in a row that timed out (2 mark the seat away). */
    timeouts: integer('timeouts').notNull().default(0),
    conceded: integer('conceded', { mode: 'boolean' }).notNull().default(false),
    joinedAt: integer('joined_at').notNull(),
  },
  (t) => [
    uniqueIndex('card_seats_game_user').on(t.gameId, t.userId),
    uniqueIndex('card_seats_game_dynasty').on(t.gameId, t.dynasty),
    uniqueIndex('card_seats_game_seat').on(t.gameId, t.seat),
  ],
);

/**
 * Every action applied to a card game, in order. `action` is the engine action exactly as applied (a fall
 * back with all its effects and recruits), so replaying from `card_games.seed` reproduces the stored state;
 * `events` are the engine's public events (no hand card ids).
 */
export const cardEvents = sqliteTable(
  'card_events',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    round: integer('round').notNull(),
    action: text('action', { mode: 'json' }).$type<unknown>().notNull(),
    events: text('events', { mode: 'json' }).$type<unknown>().notNull(),
    /** `user:<id>`, `timeout`, `away`, `gm:<id>`, `conceded`. */
    actor: text('actor').notNull(),
    at: integer('at').notNull(),
  },
  (t) => [uniqueIndex('card_events_game_seq').on(t.gameId, t.seq)],
);

/**
 * A fall back being prepared in the wizard (docs/cardgame.md "The fall-back wizard"): kept across restarts, applied at
 * Done or timeout.
 */
export const cardDrafts = sqliteTable(
  'card_drafts',
  {
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    seat: integer('seat').notNull(),
    /** The table version the draft was started on; a draft of an older table is void. */
    version: integer('version').notNull(),
    /** The effects chosen so far, in order (engine `Effect`s). */
    effects: text('effects', { mode: 'json' }).$type<unknown[]>().notNull(),
    /** The recruiting-row cards chosen, or null while not chosen. */
    recruit: text('recruit', { mode: 'json' }).$type<string[] | null>(),
    /** The wizard's steps so far, in order (null for a draft stored before steps were: Back then undoes one choice). */
    steps: text('steps', { mode: 'json' }).$type<CardDraftStep[]>(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.gameId, t.seat] })],
);

export type CardGameRow = typeof cardGames.$inferSelect;
export type CardSeatRow = typeof cardSeats.$inferSelect;
export type CardEventRow = typeof cardEvents.$inferSelect;
export type CardDraftRow = typeof cardDrafts.$inferSelect;
