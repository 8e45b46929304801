/**
 * Before the card game: create it in a channel (one game of any kind per channel: the shared `games` row and
 * its unique open-game index), join with a dynasty, leave, and start (missing dynasties drawn at random, the
 * deal, the setup give with its deadline).
 */
import { parseSeatSettings, type SeatCreateInput, type SeatSettings, reliabilityRefusal } from '../seats/index.js';
import { eq } from 'drizzle-orm';
import { DYNASTIES, newGame, publicView, type DynastyId } from '../../cardgame/index.js';
import { audit, idText, openGameByChannel } from '../../store/queries.js';
import type { Tx } from '../../store/store.js';
import { games, type GameRow } from '../../store/schema.js';
import { cardGames, cardSeats } from './tables.js';
import {
  newGameRefusal,
  fail,
  inReadTransaction,
  inTransaction,
  noteEvent,
  type Caller,
  type GameDeps,
  type Refusal,
  type Result,
  randomToken,
  computerUserId,
  isComputer,
  parseSeatList,
  holderName,
  seatListSuggestions,
  type SeatNames,
  channelRef,
  typed,
  isError,
  durationParam,
  randomOf,
  gameTitleOf,
  playerName,
} from '../core/index.js';
import { queueDm, queueStatus } from '../outbox/index.js';
import { GAME_DEFAULT_LEVEL, type Level } from '../../ai/levels.js';
import { runAutomatic, turnClock } from './commit.js';
import { queueCardNotice, queuePingsForNow, queueLog } from './outbox.js';
import { isLocale, listParam, localeOf, LOCALES, msg } from '../../i18n/index.js';
import { dynastyMsg, msgList, namesParam } from './names.js';
import { cardDuration, cardLevel } from './typed.js';
import { infoOf, openCardGame, reload, seatOfUser, settingsOf, type CardCtx } from './store.js';
import { dynastyLabel } from '../../cardgame/names.js';
import {
  CARD_KIND,
  CARD_MAX_TURN_MS,
  CARD_MIN_TURN_MS,
  CARD_PRESETS,
  CARD_VARIANT_ID,
  type CardGameInfo,
  type CardGameSettings,
  type CardPreset,
} from './types.js';

/** `/game create` for a card table; its seat options (`computer:` names dynasties) are every kind's. */
export interface CreateCardGameInput extends SeatCreateInput {
  channelId: string;
  guildId: string | null;
  /** The creator, who becomes the game master. */
  userId: string;
  /** Table size 2–5 (default 4). */
  seats?: number | null;
  /** live | standard | async (default standard: 1 h a turn). */
  preset?: string | null;
  /** A custom turn duration (`5m`, `2h`); overrides the preset's turn and setup times. */
  turn?: string | null;
  /** The optional dynasty cards (default off: the base rules). */
  dynastyCards?: boolean | null;
  /** `/game create locale:` — the language of the table's posts (docs/locales.md); missing: `guildLocale`'s. */
  locale?: string | null;
  /** The server's preferred locale (Discord's name). */
  guildLocale?: string | null;
}

/** Which seats computer players take, as the game master asked at creation. */
export type CardComputerRequest = { fill: 'none' } | { fill: 'all' } | { fill: 'dynasties'; dynasties: DynastyId[] };

/** A card table's seats: the dynasties, by id or Chinese name. */
const dynastyNames: SeatNames<DynastyId> = {
  allAndNames: msg('cards.refused.computerAllAndNames'),
  seats: DYNASTIES,
  label: dynastyLabel,
  find: matchDynasty,
  refuse: (text) =>
    msg('cards.refused.dynasty', { name: typed(text), dynasties: namesParam(DYNASTIES.map(dynastyMsg)) }),
};

/**
 * Reads `/game create computer:` for a card table: `all` (every seat nobody takes by the start) or dynasties separated
 * by commas (names, any case, or the Chinese name). Refuses an unknown dynasty, `all` beside names, and as many
 * dynasties as seats or more (a table of only computer players is a demonstration table, asked for by its own option).
 */
export function parseComputerDynasties(
  text: string | null | undefined,
  seats: number,
): { ok: true; request: CardComputerRequest } | Refusal {
  const read = parseSeatList(dynastyNames, text);
  if (!read.ok) return read;
  const request = read.request;
  if (request.fill === 'named' && request.seats.length >= seats)
    return fail(msg('cards.refused.allComputers', { seats, count: request.seats.length }));
  return { ok: true, request: request.fill === 'named' ? { fill: 'dynasties', dynasties: request.seats } : request };
}

/** Autocomplete of `/game create computer:` for a card table: "all empty seats", then the dynasties, added to what is written. */
export function computerDynastySuggestions(typed: string, maxText = 100): { label: string; text: string }[] {
  return seatListSuggestions(dynastyNames, typed, maxText);
}

/** A computer player's seat row (never pinged: it is asked as soon as its turn is stored). */
function computerSeat(gameId: number, dynasty: DynastyId, level: Level, now: number) {
  return { gameId, userId: computerUserId(dynasty, level), dynasty, notify: 'off' as const, joinedAt: now };
}

/** Finds a dynasty by id or Chinese name, any case: "qin", "Qin", "秦". */
export function matchDynasty(text: string | null | undefined): DynastyId | null {
  const t = String(text ?? '')
    .trim()
    .toLowerCase();
  if (!t) return null;
  return DYNASTIES.find((d) => d === t || dynastyLabel(d).toLowerCase().includes(t)) ?? null;
}

/** The turn times `/game create preset: turn:` ask for: a preset's, or one duration for every turn. */
function parseTurnTimes(
  input: CreateCardGameInput,
): { ok: true; turnMs: number; setupMs: number; chosen: CardGameSettings['preset'] } | Refusal {
  const presetText = String(input.preset ?? 'standard')
    .trim()
    .toLowerCase();
  if (!(presetText in CARD_PRESETS)) return fail(msg('cards.refused.preset', { preset: typed(input.preset) }));
  const preset = presetText as CardPreset;
  let { turnMs, setupMs } = CARD_PRESETS[preset];
  let chosen: CardGameSettings['preset'] = preset;
  if (input.turn !== undefined && input.turn !== null && String(input.turn).trim() !== '') {
    const d = cardDuration(String(input.turn));
    if (!d.ok) return fail(msg('cards.refused.turnDuration', { why: d.message ?? d.error }));
    if (d.ms < CARD_MIN_TURN_MS)
      return fail(msg('cards.refused.turnShort', { min: durationParam(CARD_MIN_TURN_MS), given: durationParam(d.ms) }));
    if (d.ms > CARD_MAX_TURN_MS)
      return fail(msg('cards.refused.turnLong', { max: durationParam(CARD_MAX_TURN_MS), given: durationParam(d.ms) }));
    turnMs = d.ms;
    setupMs = d.ms;
    chosen = 'custom';
  }
  return { ok: true, turnMs, setupMs, chosen };
}

/** Seats the computer players named at creation, or every seat of a demonstration table (dynasties drawn now). */
async function seatComputersAtCreation(
  tx: Tx,
  deps: GameDeps,
  game: GameRow,
  seats: number,
  computer: CardComputerRequest,
  demonstration: boolean,
  now: number,
): Promise<DynastyId[]> {
  // Named computer seats (and every seat of a demonstration table, its dynasties drawn now) are taken at once.
  const random = randomOf(deps);
  const pool = [...DYNASTIES];
  const drawn = demonstration
    ? Array.from({ length: seats }, () => pool.splice(Math.floor(random() * pool.length) % pool.length, 1)[0]!)
    : [];
  const computerDynasties = demonstration ? drawn : computer.fill === 'dynasties' ? computer.dynasties : [];
  for (const dynasty of computerDynasties)
    await tx.insert(cardSeats).values(computerSeat(game.id, dynasty, game.computerLevel, now));
  return computerDynasties;
}

/** What `/game create` asks of a card table, read and checked before anything is stored. */
function readCreateInput(input: CreateCardGameInput) {
  if (!idText(input.channelId) || !idText(input.userId)) return fail(msg('cards.refused.serverChannel'));
  const seats = input.seats ?? 4;
  if (!Number.isInteger(seats) || seats < 2 || seats > 5)
    return fail(msg('cards.refused.seats', { seats: String(seats) }));
  const times = parseTurnTimes(input);
  if (!times.ok) return times;
  const computer = parseComputerDynasties(input.computer, seats);
  if (!computer.ok) return computer;
  const level = cardLevel(input.computerLevel, GAME_DEFAULT_LEVEL);
  if (!level.ok) return level;
  const seatSettings = parseSeatSettings(input);
  if (!seatSettings.ok) return seatSettings;
  const locale = input.locale ? input.locale.trim() : localeOf(input.guildLocale);
  if (!isLocale(locale))
    return fail(msg('cards.refused.locale', { locale: typed(locale), locales: listParam(LOCALES) }));
  const demonstration = input.demonstration === true;
  if (demonstration && computer.request.fill === 'dynasties') return fail(msg('cards.refused.demoNamed'));
  const { turnMs, setupMs, chosen } = times;
  return { ok: true as const, seats, turnMs, setupMs, chosen, computer, level, seatSettings, locale, demonstration };
}

/**
 * Creates a card game in the channel; the caller is its game master. Computer players are seated as the
 * game master asks: named dynasties at once, `all` empty seats at the start, or every seat of a demonstration table.
 */
export async function createCardGame(
  deps: GameDeps,
  input: CreateCardGameInput,
): Promise<
  Result<{
    game: CardGameInfo;
    computer: CardComputerRequest;
    demonstration: boolean;
    seats: SeatSettings;
  }>
> {
  return await inTransaction(deps, async (tx, changed) => {
    const read = readCreateInput(input);
    if (!read.ok) return read;
    const { seats, turnMs, setupMs, chosen, computer, level, seatSettings, locale, demonstration } = read;
    const existing = await openGameByChannel(tx, input.channelId);
    if (existing) {
      // The game as the reader reads it (`jeu de cartes Royaumes combattants`, `Diplomatie classique`), not its id.
      return fail(msg('cards.refused.channelTaken', { status: existing.status, variant: gameTitleOf(existing) }));
    }
    const guildId = idText(input.guildId) || null;
    const refused = guildId ? await newGameRefusal(tx, deps, guildId, input.userId) : null;
    if (refused) return fail(refused);
    const now = deps.now();
    const game = (
      await tx
        .insert(games)
        .values({
          channelId: input.channelId,
          guildId,
          variantId: CARD_VARIANT_ID,
          kind: CARD_KIND,
          ...seatSettings.settings,
          gmUserId: input.userId,
          status: 'forming',
          movementMs: turnMs,
          retreatMs: setupMs,
          adjustmentMs: setupMs,
          computerFill: computer.request.fill === 'all',
          demonstration,
          computerLevel: level.level,
          locale,
          createdAt: now,
        })
        .returning()
    )[0]!;
    const settings: CardGameSettings = {
      seats,
      preset: chosen,
      turnMs,
      setupMs,
      dynastyCards: input.dynastyCards ?? false,
    };
    await tx.insert(cardGames).values({ gameId: game.id, settings, seed: '', phase: 'lobby', updatedAt: now });
    const computerDynasties = await seatComputersAtCreation(
      tx,
      deps,
      game,
      seats,
      computer.request,
      demonstration,
      now,
    );
    await audit(tx, {
      gameId: game.id,
      userId: input.userId,
      action: 'create',
      detail: {
        variant: CARD_VARIANT_ID,
        settings,
        computer: computerDynasties,
        computerFill: computer.request.fill === 'all',
        demonstration,
      },
      at: now,
    });
    noteEvent({
      kind: 'game_created',
      gameId: game.id,
      variantId: CARD_VARIANT_ID,
      guildId,
      channelId: game.channelId,
    });
    await queueStatus(tx, game.id, now);
    changed(game.id);
    const ctx = (await openCardGame(tx, input.channelId)) as CardCtx;
    return { ok: true, game: infoOf(ctx), computer: computer.request, demonstration, seats: seatSettings.settings };
  });
}

/** Dynasties nobody has taken in the channel's forming card game ([] when there is none). */
export async function freeDynasties(deps: GameDeps, channelId: string): Promise<DynastyId[]> {
  const r = await inReadTransaction(deps, async (tx) => {
    const ctx = await openCardGame(tx, channelId);
    if (isError(ctx) || ctx.game.status !== 'forming') return { ok: true, list: [] as DynastyId[] };
    const taken = new Set(ctx.seats.map((s) => s.dynasty));
    return { ok: true, list: DYNASTIES.filter((d) => !taken.has(d)) };
  });
  return r.ok ? r.list : [];
}

/**
 * Takes a seat in the forming game, with a dynasty or (none given) one drawn at the start; joining again changes the
 * dynasty. `notice`: the channel is told by a notice (the table's Join button, whose reply is private), as
 * `/game join`'s public reply tells it (docs/bot.md "Card game turns").
 */
export async function joinCardGame(
  deps: GameDeps,
  caller: Caller,
  dynasty?: string | null,
  opts: { notice?: boolean } = {},
): Promise<Result<{ game: CardGameInfo; dynasty: DynastyId | null }>> {
  return await inTransaction(deps, async (tx, changed) => {
    const ctx = await openCardGame(tx, caller.channelId);
    if (isError(ctx)) return ctx;
    if (ctx.game.status !== 'forming') return fail(msg('cards.refused.started'));
    if (ctx.game.demonstration) return fail(msg('cards.refused.demoJoin'));
    const unreliable = await reliabilityRefusal(tx, ctx.game, caller.userId);
    if (unreliable) return fail(unreliable);
    let wanted: DynastyId | null = null;
    if (dynasty !== undefined && dynasty !== null && String(dynasty).trim() !== '') {
      wanted = matchDynasty(dynasty);
      if (!wanted)
        return fail(
          msg('cards.refused.dynasty', {
            name: typed(dynasty),
            dynasties: namesParam(DYNASTIES.map(dynastyMsg)),
          }),
        );
      const holder = ctx.seats.find((s) => s.dynasty === wanted);
      if (holder && holder.userId !== caller.userId) {
        const free = DYNASTIES.filter((d) => !ctx.seats.some((s) => s.dynasty === d));
        return fail(
          msg(isComputer(holder.userId) ? 'cards.refused.dynastyComputer' : 'cards.refused.dynastyTaken', {
            dynasty: dynastyMsg(wanted),
            free: namesParam(free.map(dynastyMsg)),
          }),
        );
      }
    }
    const now = deps.now();
    const mine = seatOfUser(ctx, caller.userId);
    if (mine) {
      if (wanted === null || mine.dynasty === wanted)
        return fail(
          mine.dynasty
            ? msg('cards.refused.alreadySeatedAs', { dynasty: dynastyMsg(mine.dynasty as DynastyId) })
            : msg('cards.refused.alreadySeated'),
        );
      await tx.update(cardSeats).set({ dynasty: wanted }).where(eq(cardSeats.id, mine.id));
    } else {
      const max = settingsOf(ctx.card).seats;
      if (ctx.seats.length >= max) return fail(msg('cards.refused.full', { max }));
      await tx.insert(cardSeats).values({ gameId: ctx.game.id, userId: caller.userId, dynasty: wanted, joinedAt: now });
    }
    await tx
      .update(cardGames)
      .set({ version: ctx.card.version + 1, updatedAt: now })
      .where(eq(cardGames.gameId, ctx.game.id));
    await queueStatus(tx, ctx.game.id, now);
    if (opts.notice) {
      const who = playerName(caller.userId);
      const text = wanted
        ? msg('cards.join.done', { who, dynasty: dynastyMsg(wanted) })
        : msg('cards.join.drawn', { who });
      await queueCardNotice(tx, ctx.game, text, `cards:join:${ctx.game.id}:${ctx.card.version + 1}`, now, true);
    }
    changed(ctx.game.id);
    return { ok: true, game: infoOf(await reload(tx, ctx)), dynasty: wanted };
  });
}

/** Leaves the forming game; `notice` as for `joinCardGame` (the table's Leave button). */
export async function leaveCardGame(
  deps: GameDeps,
  caller: Caller,
  opts: { notice?: boolean } = {},
): Promise<Result<{ game: CardGameInfo }>> {
  return await inTransaction(deps, async (tx, changed) => {
    const ctx = await openCardGame(tx, caller.channelId);
    if (isError(ctx)) return ctx;
    const mine = seatOfUser(ctx, caller.userId);
    if (!mine) return fail(msg('cards.refused.notSeated'));
    if (ctx.game.status !== 'forming') return fail(msg('cards.refused.leaveStarted'));
    const now = deps.now();
    await tx.delete(cardSeats).where(eq(cardSeats.id, mine.id));
    await tx
      .update(cardGames)
      .set({ version: ctx.card.version + 1, updatedAt: now })
      .where(eq(cardGames.gameId, ctx.game.id));
    await queueStatus(tx, ctx.game.id, now);
    if (opts.notice)
      await queueCardNotice(
        tx,
        ctx.game,
        msg('cards.leave.done', { who: playerName(caller.userId) }),
        `cards:leave:${ctx.game.id}:${ctx.card.version + 1}`,
        now,
        true,
      );
    changed(ctx.game.id);
    return { ok: true, game: infoOf(await reload(tx, ctx)) };
  });
}

/**
 * `/game create computer:all`: the seats nobody took are played by computer players, their dynasties drawn among
 * those nobody chose.
 */
async function fillWithComputers(tx: Tx, ctx: CardCtx, random: () => number, now: number): Promise<CardCtx> {
  const free = DYNASTIES.filter((d) => !ctx.seats.some((x) => x.dynasty === d));
  for (let n = ctx.seats.length; n < settingsOf(ctx.card).seats; n++) {
    const dynasty = free.splice(Math.floor(random() * free.length) % free.length, 1)[0]!;
    await tx.insert(cardSeats).values(computerSeat(ctx.game.id, dynasty, ctx.game.computerLevel, now));
  }
  return await reload(tx, ctx);
}

/** Tells a player by DM which dynasty they play at the start. */
async function queueSeatDm(tx: Tx, game: GameRow, userId: string, dynasty: DynastyId, now: number): Promise<void> {
  await queueDm(tx, game, {
    to: userId,
    reason: 'power_assigned',
    text: [
      msg('cards.dm.start', {
        dynasty: dynastyMsg(dynasty),
        game: msg('cards.game.name'),
        channel: channelRef(game.channelId),
      }),
    ],
    dedupeKey: `cards:seat:${game.id}:${userId}`,
    now,
  });
}

/**
 * Starts the game (game master): 2 or more seated players, seats clockwise in joining order, missing dynasties
 * drawn at random, the deal, and the setup give with its deadline.
 */
export async function startCardGame(deps: GameDeps, caller: Caller): Promise<Result<{ game: CardGameInfo }>> {
  return await inTransaction(deps, async (tx, changed) => {
    const opened = await openCardGame(tx, caller.channelId);
    if (isError(opened)) return opened;
    let ctx = opened;
    if (ctx.game.gmUserId !== caller.userId) return fail(msg('cards.refused.startNotGm'));
    if (ctx.game.status !== 'forming') return fail(msg('cards.refused.alreadyStarted'));
    // A table of only computer players is a demonstration table, asked for at creation.
    if (!ctx.game.demonstration && !ctx.seats.some((x) => !isComputer(x.userId))) {
      return fail(
        msg(ctx.seats.length === 0 && !ctx.game.computerFill ? 'cards.refused.nobodyJoined' : 'cards.refused.noPerson'),
      );
    }
    const random = randomOf(deps);
    const now = deps.now();
    if (ctx.game.computerFill) ctx = await fillWithComputers(tx, ctx, random, now);
    if (ctx.seats.length < 2) return fail(msg('cards.refused.fewPlayers', { count: ctx.seats.length }));
    const ordered = [...ctx.seats].sort((a, b) => a.joinedAt - b.joinedAt || a.id - b.id);
    const free = DYNASTIES.filter((d) => !ordered.some((s) => s.dynasty === d));
    const dynasties = ordered.map((s) => {
      if (s.dynasty) return s.dynasty as DynastyId;
      const i = Math.floor(random() * free.length);
      return free.splice(i, 1)[0]!;
    });
    // Lobby seats have no number yet (NULL), so numbering them one by one never trips the unique (game, seat) index.
    for (const [i, s] of ordered.entries())
      await tx.update(cardSeats).set({ seat: i, dynasty: dynasties[i]! }).where(eq(cardSeats.id, s.id));
    const seed = randomToken(random) + randomToken(random);
    const settings = settingsOf(ctx.card);
    const engine = { seats: ordered.length, seed, dynastyCards: settings.dynastyCards, dynasties };
    const state = newGame(engine);
    const base = await reload(tx, ctx);
    const clock = turnClock(base, state, now);
    await tx.update(games).set({ status: 'active' }).where(eq(games.id, ctx.game.id));
    await tx
      .update(cardGames)
      .set({
        settings: { ...settings, engine },
        seed,
        state: JSON.stringify(state),
        phase: state.phase,
        round: state.round,
        version: ctx.card.version + 1,
        seq: 0,
        roundStartSeq: 0,
        ...clock,
        updatedAt: now,
      })
      .where(eq(cardGames.gameId, ctx.game.id));
    await audit(tx, {
      gameId: ctx.game.id,
      userId: caller.userId,
      action: 'start',
      detail: { seats: ordered.length },
      at: now,
    });
    noteEvent({ kind: 'game_started', gameId: ctx.game.id, variantId: CARD_VARIANT_ID, players: ordered.length });
    let started = await reload(tx, ctx);
    const view = publicView(state);
    await queueLog(
      tx,
      started,
      0,
      msg('cards.log.start', {
        seats: msgList(
          view.seats.map((s, i) =>
            msg('cards.log.startSeat', { dynasty: dynastyMsg(s.dynasty), name: holderName(ordered[i]!.userId) }),
          ),
        ),
      }),
      now,
    );
    for (const [i, s] of ordered.entries()) await queueSeatDm(tx, ctx.game, s.userId, dynasties[i]!, now);
    await queueStatus(tx, ctx.game.id, now);
    await queuePingsForNow(tx, started, 'start', now);
    started = await runAutomatic(tx, started, now);
    changed(ctx.game.id);
    return { ok: true, game: infoOf(started) };
  });
}
