/**
 * The database schema (drizzle-orm, SQLite). `npm run db:generate` turns changes here into a
 * migration under migrations/sqlite/ and its PostgreSQL twin under migrations/postgres/ (the tables derived by
 * src/store/pg-tables.ts); the store applies them at start-up.
 *
 * Times are integer milliseconds since the epoch. JSON columns hold engine data (positions,
 * orders, adjudications) exactly as src/engine/types.ts defines it.
 */
import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import type { Adjudication, Order, Position } from '../engine/types.js';

export type GameStatus = 'forming' | 'active' | 'paused' | 'finished';

/** `/game create nmr:`: what a seat's missing orders become at a deadline. */
export type NmrMode = 'hold' | 'computer';
/**
 * How a game's players talk (`/game create press:`, docs/bot.md "Press"): `open` (press threads), `gunboat` (no press,
 * identities hidden until the end), `anonymous` (press relayed by the bot, signed with the power; identities hidden).
 */
export type PressMode = 'open' | 'gunboat' | 'anonymous';

/** How a seated member did in one phase or turn where the seat had something to decide (src/game/seats/seats.ts). */
export type SeatOutcome = 'complete' | 'partial' | 'missed';

/**
 * Why a substitute call was opened: the seat fell silent, its player left, its player did not answer the muster
 * (docs/table.md "Mustering"), or the game master asked.
 */
export type SubstituteReason = 'silent' | 'left' | 'muster' | 'gm';

/**
 * What a `games` row is: a Diplomacy game (phases, players, orders), or a game of another kind (src/game/core/kinds.ts)
 * with tables of its own, declared in the kind's folder (e.g. src/game/cards/tables.ts) and found by drizzle-kit
 * through drizzle.config.ts. Every kind shares the `games` row, so the one-unfinished-game-per-channel index below
 * holds for all kinds at once (docs/decisions.md: one game of any kind per channel).
 */
export type GameKind = 'diplomacy' | (string & {});

export type Weekday = 'mon' | 'tue' | 'wed' | 'thu' | 'fri' | 'sat' | 'sun';

/** A game's deadline rule by the clock (docs/table.md): local time `HH:MM` in an IANA zone, on some weekdays. */
export interface GameClock {
  at: string;
  zone: string;
  days: Weekday[] | null;
}

/** Who paused a game: an unlimited master, a limited one (who plays, or in a game hiding who plays whom), or the vote. */
export type PausedBy = 'master' | 'player-master' | 'vote';

export type SpectatorStatus = 'asked' | 'allowed' | 'denied' | 'stopped';

/** How a finished game ended. */
export type GameEnd =
  | { kind: 'solo'; winner: string }
  | { kind: 'draw'; powers: string[] }
  | { kind: 'concession'; winner: string }
  | { kind: 'abandoned' };

export const games = sqliteTable(
  'games',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    channelId: text('channel_id').notNull(),
    guildId: text('guild_id'),
    variantId: text('variant_id').notNull(),
    /** Diplomacy rows use `deadline_ms` and phases; card games keep their deadline in `card_games`. */
    kind: text('kind').$type<GameKind>().notNull().default('diplomacy'),
    gmUserId: text('gm_user_id').notNull(),
    status: text('status').$type<GameStatus>().notNull().default('forming'),
    movementMs: integer('movement_ms').notNull(),
    retreatMs: integer('retreat_ms').notNull(),
    adjustmentMs: integer('adjustment_ms').notNull(),
    /** The phase being played (the unresolved one), or the last one once the game is finished. */
    currentPhaseId: integer('current_phase_id'),
    /** When the current phase resolves; null while forming, paused or finished. */
    deadlineMs: integer('deadline_ms'),
    /** Time that was left on the clock when the game was paused. */
    pausedRemainingMs: integer('paused_remaining_ms'),
    /**
     * The mark of the clock at which a game that hides who plays whom resolves its current phase, every power being
     * ready (src/game/resolve/ready.ts); null when nobody waits for one. Cleared whenever readiness changes or the phase
     * moves on (docs/decisions.md "Hidden identities").
     */
    readyAtMarkMs: integer('ready_at_mark_ms'),
    /** The channel message edited in place with the game's status. */
    statusMessageId: text('status_message_id'),
    /** Bumped whenever a status edit is queued (part of the outbox dedupe key). */
    statusVersion: integer('status_version').notNull().default(0),
    end: text('end', { mode: 'json' }).$type<GameEnd>(),
    /** Map colours of the channel's posts: `standard` or `colorblind` (`/game create palette:`). */
    palette: text('palette').$type<'standard' | 'colorblind'>().notNull().default('standard'),
    /** A role the game master chose (`/game create notify:`) that results posts ping; nothing else is ever pinged. */
    notifyRoleId: text('notify_role_id'),
    /** The variant's game options chosen at `/game create` (`options:`); missing: the option's default. */
    options: text('options', { mode: 'json' }).$type<Record<string, string>>(),
    /**
     * `/game create computer:all`: every power nobody holds at `/game start` is played by a computer
     * player. Powers named one by one are seated at creation instead (players rows).
     */
    computerFill: integer('computer_fill', { mode: 'boolean' }).notNull().default(false),
    /** A demonstration table (`/game create demonstration:True`): computer players only, asked for by the master. */
    demonstration: integer('demonstration', { mode: 'boolean' }).notNull().default(false),
    /** How well the game's computer players play (`/game create computer-level:`; src/ai/levels.ts). */
    computerLevel: text('computer_level').$type<'easy' | 'normal' | 'hard'>().notNull().default('normal'),
    /**
     * What happens to a seated power's missing orders at a deadline (`/game create nmr:`, docs/bot.md "Seats that
     * never stall"): `hold` (the rules' defaults) or `computer` (a computer player gives exactly what is missing).
     */
    nmr: text('nmr').$type<NmrMode>().notNull().default('hold'),
    /**
     * Phases in a row with something to decide and no order at all after which a seat becomes vacant (0: never).
     * `/game create` sets 2 unless told otherwise; games from before seats could be vacated keep 0.
     */
    vacateAfter: integer('vacate_after').notNull().default(0),
    /** The on-time rate (percent) below which a member may not join or claim a seat (null: anyone). */
    minReliability: integer('min_reliability'),
    /** How the players talk and whether who plays whom is hidden until the end (`PressMode`). */
    press: text('press').$type<PressMode>().notNull().default('open'),
    /**
     * How the game is scored at its end (`/game create scoring:`, docs/bot.md "Scoring"): one of src/game/scores/scoring.ts's
     * `SCORING_SYSTEMS`, which the game layer checks when it reads the column.
     */
    scoring: text('scoring').notNull().default('draw-size'),
    /**
     * The ratings count the computer seats as opponents of the people (`/game create rate-computers:`, docs/bot.md
     * "Ratings": `peopleAgainstComputers`); false: people are rated among people only.
     */
    rateAgainstComputers: integer('rate_against_computers', { mode: 'boolean' }).notNull().default(false),
    /**
     * The language of the game's channel posts (`/game create locale:`, docs/locales.md): one of src/i18n's `LOCALES`,
     * which the game layer checks when it reads the column. Games from before locales read English.
     */
    locale: text('locale').notNull().default('en'),
    /**
     * Deadlines by the clock (docs/table.md "Deadlines by the clock"): phases end at `at` (HH:MM) local time in
     * `zone` (IANA), on `days` only (null: every day), at least the phase's length after it opened. Null: durations.
     */
    clock: text('clock', { mode: 'json' }).$type<GameClock>(),
    /** How long in all a game master who plays a power may keep the game paused (docs/table.md "Pauses"). */
    pauseLimitMs: integer('pause_limit_ms')
      .notNull()
      .default(72 * 3_600_000),
    /** Time already spent in pauses counted against `pauseLimitMs` (closed pauses only). */
    pauseUsedMs: integer('pause_used_ms').notNull().default(0),
    /**
     * Who paused the running pause: the master (`master`), a limited master (`player-master`: one who plays, or any
     * master of a game that hides who plays whom) or a `vote`.
     */
    pausedBy: text('paused_by').$type<PausedBy>(),
    /** When the running pause began. */
    pausedAt: integer('paused_at'),
    /** When a limited pause ends by itself (null: the pause lasts until `/gm resume`). */
    resumeAt: integer('resume_at'),
    /** `/game create muster:` — how long seated players have to press "I'm here" after the start (null: off). */
    musterMs: integer('muster_ms'),
    /** When the running muster ends; null once it is settled or when there is none. */
    musterEndsAt: integer('muster_ends_at'),
    /** `/game create fog:on` — each power sees only what stands near its own units and centres (docs/table.md). */
    fog: integer('fog', { mode: 'boolean' }).notNull().default(false),
    createdAt: integer('created_at').notNull(),
    finishedAt: integer('finished_at'),
  },
  (t) => [
    // One game per channel while it is not finished (a finished game's channel may host a new one).
    uniqueIndex('games_channel_open').on(t.channelId).where(sql`status <> 'finished'`),
    index('games_deadline').on(t.status, t.deadlineMs),
    index('games_resume').on(t.status, t.resumeAt),
    index('games_muster').on(t.musterEndsAt),
  ],
);

export const players = sqliteTable(
  'players',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    power: text('power').notNull(),
    userId: text('user_id').notNull(),
    /** The palette this player chose for the private `/map` (null: the game's). */
    mapPalette: text('map_palette').$type<'standard' | 'colorblind'>(),
    joinedAt: integer('joined_at').notNull(),
    /** When the player pressed "I'm here" during the muster (null: not yet, or no muster). */
    musteredAt: integer('mustered_at'),
  },
  (t) => [
    uniqueIndex('players_game_power').on(t.gameId, t.power),
    uniqueIndex('players_game_user').on(t.gameId, t.userId),
  ],
);

/** The players' progress a hidden game's pinned status shows between two marks of the clock (`phases.shown_progress`). */
export interface ShownProgress {
  /** The mark of the clock it is the progress at. */
  mark: number;
  /** The step under way then (its plug-in name), '' for the orders. */
  step: string;
  /** The step's status line then (a src/i18n `Msg`: catalogue key and parameters), or null. */
  stepLine: { key: string; params?: Record<string, unknown> } | null;
  /** Each power's progress then. */
  powers: Record<string, { submitted: boolean; ordersStored: number; ready: boolean }>;
}

export const phases = sqliteTable(
  'phases',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    /** 0 for the first phase of the game, then 1, 2, … */
    idx: integer('idx').notNull(),
    season: text('season').notNull(),
    year: integer('year').notNull(),
    type: text('type').notNull(),
    /** The position at the start of the phase. */
    position: text('position', { mode: 'json' }).$type<Position>().notNull(),
    /** The adjudication, once resolved. */
    adjudication: text('adjudication', { mode: 'json' }).$type<Adjudication>(),
    startedAt: integer('started_at').notNull(),
    /** The deadline the phase was given when it started (the live one is games.deadline_ms). */
    deadlineMs: integer('deadline_ms'),
    /** Set by the one transaction that claims the phase for resolution. */
    resolvedAt: integer('resolved_at'),
    /** Random token of the resolution that claimed the phase (part of outbox dedupe keys). */
    claimToken: text('claim_token'),
    /** When the missing-orders reminder was queued. */
    remindedAt: integer('reminded_at'),
    /**
     * Under `nmr: computer`: when the computer player's orders for the seats' missing orders were stored (or given up
     * on); the deadline's resolution waits for it (src/game/seats/nmr.ts).
     */
    missingFilledAt: integer('missing_filled_at'),
    /**
     * In a game that hides who plays whom: the board as a player's act left it (a variant's act that changes the
     * board), shown from the mark of the clock `heldUntilMs` on; `position` stays the board everyone reads until
     * then (src/game/phase/held-board.ts, docs/decisions.md "Hidden identities"). Both null when nothing is held.
     */
    heldPosition: text('held_position', { mode: 'json' }).$type<Position>(),
    heldUntilMs: integer('held_until_ms'),
    /**
     * In a game that hides who plays whom: the players' progress (orders in, readiness, a step's answers) as it stood at
     * the mark of the clock `mark`, kept by the first act after that mark; the pinned status shows it until the next
     * mark (src/game/phase/shown-progress.ts, docs/decisions.md "Hidden identities"). Null until an act keeps one.
     */
    shownProgress: text('shown_progress', { mode: 'json' }).$type<ShownProgress>(),
  },
  (t) => [
    uniqueIndex('phases_game_idx').on(t.gameId, t.idx),
    // The scheduler's sweep and wake-up for held boards (src/game/phase/held-board.ts) read only the few held.
    index('phases_held').on(t.heldUntilMs).where(sql`held_until_ms IS NOT NULL`),
  ],
);

export const orders = sqliteTable(
  'orders',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    phaseId: integer('phase_id')
      .notNull()
      .references(() => phases.id, { onDelete: 'cascade' }),
    power: text('power').notNull(),
    /** The province of the unit ordered (or built in); `waive:1`, `waive:2`… for waived builds. */
    unitKey: text('unit_key').notNull(),
    /** Normalized order text (`A mun - sil`). */
    text: text('text').notNull(),
    order: text('order', { mode: 'json' }).$type<Order>().notNull(),
    submittedBy: text('submitted_by').notNull(),
    submittedAt: integer('submitted_at').notNull(),
  },
  (t) => [uniqueIndex('orders_phase_power_unit').on(t.phaseId, t.power, t.unitKey)],
);

export const readiness = sqliteTable(
  'readiness',
  {
    phaseId: integer('phase_id')
      .notNull()
      .references(() => phases.id, { onDelete: 'cascade' }),
    power: text('power').notNull(),
    ready: integer('ready', { mode: 'boolean' }).notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.phaseId, t.power] })],
);

/**
 * A phase's steps (phase steps and start choices, run by src/game/phase/steps.ts for the variant's plug-in): the
 * stages a phase goes through besides its orders, before they open (a start choice) or between them and the claim
 * (a declaration step). One row per phase that has had a step. `step` names the step under way (the plug-in's own
 * name), null once the phase's steps are over; it moves on only by an `UPDATE … WHERE step = ?` that must change
 * one row, so the scheduler, `/gm advance` and a restart each move a step on exactly once. The step's live deadline
 * is `games.deadline_ms`.
 */
export const phaseSteps = sqliteTable(
  'phase_steps',
  {
    phaseId: integer('phase_id')
      .primaryKey()
      .references(() => phases.id, { onDelete: 'cascade' }),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    /** The step under way, or null when the phase's steps are over. */
    step: text('step'),
    /** When the step under way began (its reminder is timed from here to the live deadline). */
    startedAt: integer('started_at').notNull(),
    /** When the step's reminder DMs were queued (once per deadline: `/gm extend` clears it); null: not yet. */
    remindedAt: integer('reminded_at'),
    /** Random token of the phase's steps (part of their outbox dedupe keys). */
    token: text('token').notNull(),
  },
  (t) => [index('phase_steps_open').on(t.gameId).where(sql`step IS NOT NULL`)],
);

/**
 * Variant-owned records (docs/architecture.md "Where a variant's state lives"): what a variant's plug-in keeps besides
 * the board (`position.variantState`), such as a step's secret inputs and its results. The store never names a
 * variant: a record is (game, phase, kind, key) with a JSON payload, and the plug-in declares a zod schema per
 * `kind` that every read and write goes through (src/game/phase/records.ts). A phase's records go with it (a rollback
 * deletes the undone phases, and the game layer clears a reopened phase's own).
 */
export const variantRecords = sqliteTable(
  'variant_records',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    /** The phase the record belongs to; null: the whole game. */
    phaseId: integer('phase_id').references(() => phases.id, { onDelete: 'cascade' }),
    /** The plug-in's kind of record (one zod schema each). */
    kind: text('kind').notNull(),
    /** Which one of its kind (a power, a power and its commander …); '' when there is one. */
    key: text('key').notNull(),
    payload: text('payload', { mode: 'json' }).$type<unknown>().notNull(),
    /** The user whose action wrote it last; null when the bot did. */
    writtenBy: text('written_by'),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('variant_records_phase_key').on(t.gameId, t.phaseId, t.kind, t.key).where(sql`phase_id IS NOT NULL`),
    uniqueIndex('variant_records_game_key').on(t.gameId, t.kind, t.key).where(sql`phase_id IS NULL`),
    index('variant_records_phase').on(t.phaseId),
  ],
);

/** Draw votes, concessions and pause votes; a row is a power's standing vote until withdrawn or lapsed. */
export const votes = sqliteTable(
  'votes',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    power: text('power').notNull(),
    kind: text('kind').$type<'draw' | 'concede' | 'pause'>().notNull(),
    /** For a concession: the power conceded to. */
    target: text('target'),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [uniqueIndex('votes_game_power_kind').on(t.gameId, t.power, t.kind)],
);

export type OutboxTargetKind = 'channel' | 'user';

/** Messages waiting to be delivered to Discord (or delivered, kept for the record). */
export const outbox = sqliteTable(
  'outbox',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    gameId: integer('game_id').references(() => games.id, { onDelete: 'set null' }),
    /** The phase the message is about, so a rollback can cancel what it no longer means. */
    phaseId: integer('phase_id'),
    kind: text('kind').notNull(),
    targetKind: text('target_kind').$type<OutboxTargetKind>().notNull(),
    /** A channel id, or a user id for a DM. */
    target: text('target').notNull(),
    payload: text('payload', { mode: 'json' }).$type<unknown>().notNull(),
    /** The same key is never queued twice. */
    dedupeKey: text('dedupe_key').notNull().unique(),
    createdAt: integer('created_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: integer('next_attempt_at').notNull(),
    /**
     * The deliverer process (`deliverers.id`) sending the row right now; nobody else picks it up while that
     * process is alive. A dead process's claims are released by the next live one (see src/game/delivery/claims.ts).
     */
    claimedBy: text('claimed_by'),
    sentAt: integer('sent_at'),
    /** Set when delivery was given up (permanent error, too many attempts, cancelled). */
    failedAt: integer('failed_at'),
    lastError: text('last_error'),
    /**
     * How many messages of the row Discord already has, for a post sent as several (a long results post, a long DM):
     * recorded after each, so a retry or a restarted bot goes on from the next one.
     */
    partsSent: integer('parts_sent').notNull().default(0),
  },
  (t) => [
    index('outbox_due').on(t.sentAt, t.failedAt, t.nextAttemptAt),
    // Pending rows per target, for delivering each target's rows in order.
    index('outbox_pending_target').on(t.target, t.id).where(sql`sent_at IS NULL AND failed_at IS NULL`),
    index('outbox_claimed').on(t.claimedBy).where(sql`claimed_by IS NOT NULL`),
  ],
);

/**
 * The processes delivering the outbox (one per bot process or shard). A process beats its heartbeat every few
 * seconds; outbox claims name it. It is alive while its heartbeat is fresh and, on the same host, its pid runs.
 */
export const deliverers = sqliteTable('deliverers', {
  /** Random per process start: `host:pid:random`. */
  id: text('id').primaryKey(),
  host: text('host').notNull(),
  pid: integer('pid').notNull(),
  startedAt: integer('started_at').notNull(),
  heartbeatAt: integer('heartbeat_at').notNull(),
});

/** What game masters did, and other notable events, for the record. */
export const auditLog = sqliteTable(
  'audit_log',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    gameId: integer('game_id').references(() => games.id, { onDelete: 'cascade' }),
    userId: text('user_id'),
    action: text('action').notNull(),
    detail: text('detail', { mode: 'json' }).$type<unknown>(),
    at: integer('at').notNull(),
  },
  (t) => [index('audit_game').on(t.gameId)],
);

/** A server's own limits (`/server limits`, Manage Server); unset columns use the bot's defaults. */
export const guildSettings = sqliteTable('guild_settings', {
  guildId: text('guild_id').primaryKey(),
  /** Shortest phase a game in this server may have (never below the bot's minimum of one minute). */
  minPhaseMs: integer('min_phase_ms'),
  /** Most games forming, running or paused at once in this server. */
  maxLiveGames: integer('max_live_games'),
  updatedBy: text('updated_by'),
  updatedAt: integer('updated_at').notNull(),
});

/**
 * Each member's language as their Discord client last told it (`interaction.locale`, mapped to one of src/i18n's
 * `LOCALES`): the language of the DMs the bot sends them outside an interaction (docs/locales.md).
 */
export const memberLocales = sqliteTable('member_locales', {
  userId: text('user_id').primaryKey(),
  locale: text('locale').notNull(),
  updatedAt: integer('updated_at').notNull(),
});

/** Per-user command budgets: `count` uses of `action` in the window that began at `windowStart`. */
export const cooldowns = sqliteTable(
  'cooldowns',
  {
    userId: text('user_id').notNull(),
    action: text('action').notNull(),
    windowStart: integer('window_start').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.action] })],
);

/** One order of a sandbox: for any power's unit (or build), as the owner typed it, normalized and parsed. */
export interface SandboxOrder {
  power: string;
  unitKey: string;
  text: string;
  order: Order;
}

/** A plug-in's record kept in a sandbox (as `variant_records` keeps a game's: src/game/phase/records.ts `listRecords`). */
export interface SandboxRecord {
  kind: string;
  key: string;
  value: unknown;
  writtenBy: string | null;
  updatedAt: number;
}

/**
 * Where a sandbox's phase stands in its variant's phase steps (the ones src/game/phase/steps.ts runs for a game), with the
 * plug-in's records of the phase and what its steps would have posted in the game's channel.
 */
export interface SandboxStage {
  /** The step under way (`name`: the plug-in's step; `startedAt`: when it opened), or null: the orders are open. */
  step: { name: string; startedAt: number } | null;
  /** The phase's token (a game's `phase_steps.token`): what seeds the phase's steps, the same for a preview and its play. */
  token: string;
  records: SandboxRecord[];
  /** The plug-in's posts in this phase, as the game's channel would read them (the owner sees them). */
  posts: SandboxPost[];
}

/**
 * A post of a sandbox's plug-in: its message lines (catalogue keys and parameters, src/i18n `Msg`, worded in the owner's
 * locale when shown), or a text kept as it is (sandboxes stepped before posts were messages).
 */
export type SandboxPost = string | readonly { key: string; params?: Readonly<Record<string, unknown>> }[];

/** The phase a sandbox last stepped through: its board, its orders and what the adjudicator made of them. */
export interface SandboxStep {
  position: Position;
  orders: SandboxOrder[];
  adjudication: Adjudication;
  /** The plug-in's records and posts of that phase (absent in sandboxes stepped before migration 0013). */
  records?: SandboxRecord[];
  posts?: SandboxPost[];
}

/**
 * A private sandbox (src/game/sandbox/sandbox.ts): one user's copy of a game's board (the current phase or an
 * earlier one) with orders for every power. It never writes to the game's tables and starts without their orders.
 */
export const sandboxes = sqliteTable(
  'sandboxes',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    ownerUserId: text('owner_user_id').notNull(),
    /** The server it counts against (the game's). */
    guildId: text('guild_id').notNull(),
    /** The game it was copied from (read once, never written), or the one its game file names; else null. */
    gameId: integer('game_id').references(() => games.id, { onDelete: 'cascade' }),
    variantId: text('variant_id').notNull(),
    /** The game's options (the variant as the game plays it). */
    options: text('options', { mode: 'json' }).$type<Record<string, string>>().notNull(),
    /** The powers seated in the game when it was copied (a public roster: who votes on neutral units). */
    seated: text('seated', { mode: 'json' }).$type<string[]>().notNull(),
    /** What it was copied from, as `/history` names it (`S1901M`). */
    source: text('source').notNull(),
    /** The board being played in the sandbox now. */
    position: text('position', { mode: 'json' }).$type<Position>().notNull(),
    /**
     * Fog of war: the power whose view the board is (copied from a running fog game by its player, docs/table.md
     * "Fog of war"), named in its pictures' titles; null for a whole board.
     */
    viewer: text('viewer'),
    /**
     * Fog of war, with `viewer`: each power's centres and units out of the viewer's sight when the board was copied
     * (the public counts less those of the view), which the pictures' legend adds to the board's own; null without.
     */
    unseen: text('unseen', { mode: 'json' }).$type<Record<string, { centers: number; units: number }>>(),
    orders: text('orders', { mode: 'json' }).$type<SandboxOrder[]>().notNull(),
    /** Where the phase stands in the variant's phase steps, with the plug-in's records of it. */
    stage: text('stage', { mode: 'json' })
      .$type<SandboxStage>()
      .notNull()
      .default({ step: null, token: '', records: [], posts: [] }),
    /** The phase it last stepped through, or null before the first `next`. */
    last: text('last', { mode: 'json' }).$type<SandboxStep | null>(),
    /** Phases stepped through since the copy. */
    steps: integer('steps').notNull().default(0),
    createdAt: integer('created_at').notNull(),
    usedAt: integer('used_at').notNull(),
    /** Deleted from this time on (idle expiry, renewed by every use). */
    expiresAt: integer('expires_at').notNull(),
  },
  (t) => [
    index('sandboxes_owner').on(t.ownerUserId),
    index('sandboxes_guild').on(t.guildId),
    index('sandboxes_expiry').on(t.expiresAt),
  ],
);

/**
 * The reliability record (docs/bot.md "Seats that never stall"): one row per member, game and phase (or card turn)
 * in which the member's seat had something to decide, written when the phase or turn is over. `turn` is the phase's
 * id for a Diplomacy game and the kind's own name of a turn otherwise. Never an order.
 */
export const seatRecords = sqliteTable(
  'seat_records',
  {
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    turn: text('turn').notNull(),
    power: text('power').notNull(),
    userId: text('user_id').notNull(),
    outcome: text('outcome').$type<SeatOutcome>().notNull(),
    recordedAt: integer('recorded_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.gameId, t.turn, t.power] }), index('seat_records_user').on(t.userId)],
);

/**
 * A substitute call: a seat offered to any member with a **Claim** button. At most one open call per seat; the
 * claim closes it by `UPDATE … WHERE closed_at IS NULL`, which changes one row once, so the first press wins across
 * processes and restarts (src/game/seats/seats.ts).
 */
export const substituteCalls = sqliteTable(
  'substitute_calls',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    power: text('power').notNull(),
    reason: text('reason').$type<SubstituteReason>().notNull(),
    /** The member whose seat became vacant (silent or left); null for a game master's call on a held seat. */
    vacatedBy: text('vacated_by'),
    openedAt: integer('opened_at').notNull(),
    claimedBy: text('claimed_by'),
    /** When the call closed: claimed, or its game ended. */
    closedAt: integer('closed_at'),
  },
  (t) => [
    uniqueIndex('substitute_calls_open').on(t.gameId, t.power).where(sql`closed_at IS NULL`),
    index('substitute_calls_vacated').on(t.vacatedBy),
  ],
);

/**
 * A press thread of an `open` game (`/press thread`): one per set of powers, a private thread in the game's channel
 * whose members are the players of those powers. `threadId` is set once Discord created it (the outbox's delivery).
 */
export const pressThreads = sqliteTable(
  'press_threads',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    /** The powers, sorted by name and joined with commas: the thread's identity within its game. */
    powers: text('powers').notNull(),
    threadId: text('thread_id'),
    createdBy: text('created_by').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [uniqueIndex('press_threads_powers').on(t.gameId, t.powers)],
);

/**
 * A message of an `anonymous` game's press (`/press send`): secret like orders until the game ends, then readable by
 * anyone with `/history press`.
 */
export const pressMessages = sqliteTable(
  'press_messages',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    phaseId: integer('phase_id').notNull(),
    fromPower: text('from_power').notNull(),
    /** The powers it was delivered to (a computer player's power receives nothing and is not listed). */
    toPowers: text('to_powers', { mode: 'json' }).$type<string[]>().notNull(),
    /** Sent to every other surviving power (`to:all`). */
    toAll: integer('to_all', { mode: 'boolean' }).notNull().default(false),
    text: text('text').notNull(),
    sentAt: integer('sent_at').notNull(),
  },
  (t) => [index('press_messages_sender').on(t.gameId, t.phaseId, t.fromPower)],
);

/**
 * A rating pool (docs/bot.md "Ratings"): a game kind's (`games.kind`: `diplomacy`, or another kind's) or `overall`,
 * every kind's games together.
 */
export type RatingPool = GameKind | 'overall';

/**
 * A member's rating in one pool of one server (src/game/scores/ratings.ts: openskill's mean `mu` and uncertainty `sigma`),
 * and how many rated games moved it. A computer player has rows of its own (`member_id` `computer:<power>`), never
 * shown on a leaderboard.
 */
export const ratings = sqliteTable(
  'ratings',
  {
    guildId: text('guild_id').notNull(),
    pool: text('pool').$type<RatingPool>().notNull(),
    /** A member's user id, or `computer:<power>` for a computer player. */
    memberId: text('member_id').notNull(),
    mu: real('mu').notNull(),
    sigma: real('sigma').notNull(),
    games: integer('games').notNull().default(0),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.guildId, t.pool, t.memberId] })],
);

/**
 * The games whose end has updated the ratings: the row is written in the transaction that ends the game, and only
 * the transaction that inserts it rates, so a game is rated exactly once (src/game/scores/pools.ts).
 */
export const ratedGames = sqliteTable('rated_games', {
  gameId: integer('game_id')
    .primaryKey()
    .references(() => games.id, { onDelete: 'cascade' }),
  ratedAt: integer('rated_at').notNull(),
});

/**
 * Variant files a server brought (docs/variants.md "A server's variants"), kept by content: `id` is the variant's id
 * in `games.variant_id` and `sandboxes.variant_id` (`file-` and the first 16 hex digits of the SHA-256 of `map` and
 * `drawing`), so a game keeps the variant exactly as it was when the game was created, whatever the server does to
 * its library later. Written once, never changed; `map` is the variant file's data without its drawing (what the bot's
 * thread reads to play), `drawing` its `geometry` (what the render worker reads to draw), both JSON as the schema
 * outputs them.
 */
export const variantFiles = sqliteTable('variant_files', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  map: text('map').notNull(),
  drawing: text('drawing'),
  createdAt: integer('created_at').notNull(),
});

/** A server's library of variants (`/variant add|list|remove`): a name the server chose for one stored variant file. */
export const serverVariants = sqliteTable(
  'server_variants',
  {
    guildId: text('guild_id').notNull(),
    /** The name as the server wrote it; `key` is its lowercase form, unique in the server. */
    name: text('name').notNull(),
    key: text('key').notNull(),
    /** A `variant_files` id (no foreign key: the library drops a file only once nothing names it). */
    variantId: text('variant_id').notNull(),
    /** The file's size in bytes as uploaded (the SVG's included), for `/variant list`. */
    bytes: integer('bytes').notNull(),
    addedBy: text('added_by').notNull(),
    addedAt: integer('added_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.guildId, t.key] })],
);

/**
 * Spectators (`/spectate`, docs/table.md "Spectators"): a member asks to watch one power; its player allows or denies
 * by DM, and may stop it at any time. Only `allowed` rows receive anything.
 */
export const spectators = sqliteTable(
  'spectators',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    power: text('power').notNull(),
    /** The member who watches. */
    userId: text('user_id').notNull(),
    status: text('status').$type<SpectatorStatus>().notNull(),
    /** The player also lets the spectator see the power's orders before the results. */
    showOrders: integer('show_orders', { mode: 'boolean' }).notNull().default(false),
    createdAt: integer('created_at').notNull(),
    decidedAt: integer('decided_at'),
    /**
     * When the power's player stopped this request (revoked a watch, or ended a request never answered, whose
     * `decided_at` stays null): until `privateActDueAt` of it, when a revoked spectator's DM tells it, members read the
     * row as it was (docs/table.md "Spectators"). Null otherwise, and again once the member asks anew.
     */
    stoppedAt: integer('stopped_at'),
  },
  (t) => [
    uniqueIndex('spectators_game_user_power').on(t.gameId, t.userId, t.power),
    index('spectators_game').on(t.gameId),
  ],
);

export type PressThreadRow = typeof pressThreads.$inferSelect;
export type PressMessageRow = typeof pressMessages.$inferSelect;
export type SandboxRow = typeof sandboxes.$inferSelect;

export type GameRow = typeof games.$inferSelect;
export type ServerVariantRow = typeof serverVariants.$inferSelect;
export type PlayerRow = typeof players.$inferSelect;
export type SpectatorRow = typeof spectators.$inferSelect;
export type PhaseRow = typeof phases.$inferSelect;
export type SubstituteCallRow = typeof substituteCalls.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;
export type PhaseStepRow = typeof phaseSteps.$inferSelect;
export type VariantRecordRow = typeof variantRecords.$inferSelect;
export type OutboxRow = typeof outbox.$inferSelect;
export type DelivererRow = typeof deliverers.$inferSelect;
