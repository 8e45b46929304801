/**
 * Spectators (docs/table.md "Spectators"): a member who plays no power in a game asks to watch one (`/spectate
 * power:`); its player answers by DM (**Allow**, **Allow with orders**, **Deny**); once allowed, the spectator gets by DM
 * a copy of every row that shows the player the game (src/game/outbox/watchers.ts); the player revokes at any time
 * (`/spectate stop`, or **Revoke** under the request), and a spectator stops watching with `/spectate stop`.
 *
 * Names: the request names the spectator to the player only when the game shows who plays whom; the answer never
 * names the player (the spectator knows the power). A computer seat has nobody to consent: it cannot be watched.
 * A request waits for the power's player: asked of the seat's next player when it changes hands before the answer, and,
 * in a game that hides who plays whom, taken for a seat its player left as for a held one (`askNewHolder`).
 * Floods: a member has one request per power standing; a denied one may be asked again only after DENIED_WAIT_MS; a
 * power has at most MAX_ASKED requests waiting; the bot's `spectate` budget limits how often a member asks.
 */
import { first, type Tx } from '../../store/store.js';
import { and, asc, eq, inArray, isNull, like, or } from 'drizzle-orm';
import {
  audit,
  gameById,
  latestGameByChannel,
  openGameByChannel,
  playerByUser,
  playersOf,
} from '../../store/queries.js';
import { outbox, spectators, type GameRow, type SpectatorRow } from '../../store/schema.js';
import { commandParam, msg, type Msg, type MsgParam } from '../../i18n/index.js';
import {
  NO_GAME,
  channelRef,
  fail,
  hidesIdentities,
  identitiesHiddenNow,
  inReadTransaction,
  inTransaction,
  isComputer,
  isPerson,
  isVacant,
  memberRef,
  powerByName,
  gamePowerParam,
  timeRef,
  typed,
  variantOfGame,
  type Caller,
  type GameDeps,
  type Refusal,
  type Result,
} from '../core/index.js';
import { enqueue, privateActDueAt, watchKeySuffix, worded } from '../outbox/index.js';
import { announcedSeats } from '../phase/index.js';

/** How long a denied member waits before asking to watch the same power again. */
export const DENIED_WAIT_MS = 24 * 3_600_000;
/** Most requests one power has waiting for its player's answer. */
export const MAX_ASKED = 3;
/** The dedupe keys' heads of the DMs that tell a spectator the player's answer or revocation (then `<request>:`). */
const ANSWER_DMS = ['spectate-answer:', 'spectate-revoked:'];

/** How the player answers a request (the buttons of the request DM). */
export type SpectateAnswer = 'allow' | 'orders' | 'deny';

/** Why a finished game has nothing to watch, and where it is open to everyone. */
const GAME_OVER = msg('spectate.refused.gameOver', { history: commandParam('history') });

/** The channel's running Diplomacy game, or why there is none to watch (its game over: said so, not "no game"). */
async function watchableGame(tx: Tx, channelId: string): Promise<GameRow | Refusal> {
  const game = await openGameByChannel(tx, channelId);
  if (!game) return fail((await latestGameByChannel(tx, channelId))?.kind === 'diplomacy' ? GAME_OVER : NO_GAME);
  if (game.kind !== 'diplomacy') return fail(msg('spectate.refused.kind'));
  // Before its start a game that hides who plays whom has places, not powers: the start draws them (docs/decisions.md
  // "Hidden identities"), so a request would reach whoever holds the place's power until then, and tell it is taken.
  if (game.status === 'forming' && hidesIdentities(game)) return fail(msg('spectate.refused.drawn'));
  return game;
}

/** `/spectate power:`: asks the power's player, by DM, to let the caller watch it. */
export async function askToWatch(
  deps: GameDeps,
  input: Caller & { power: string },
): Promise<Result<{ power: MsgParam; requestId: number; answer: Msg }>> {
  return await inTransaction(deps, async (tx, changed) => {
    const game = await watchableGame(tx, input.channelId);
    if ('ok' in game) return game;
    const variant = variantOfGame(game);
    const power = variant ? powerByName(variant, input.power ?? '') : null;
    if (!variant || !power) return fail(msg('spectate.refused.notPower', { typed: typed(input.power ?? '') }));
    const own = await playerByUser(tx, game.id, input.userId);
    if (own) return fail(msg('spectate.refused.player', { power: gamePowerParam(game, own.power) }));
    const name = gamePowerParam(game, power);
    const seat = (await playersOf(tx, game.id)).find((p) => p.power === power);
    if (seat && isComputer(seat.userId)) return fail(msg('spectate.refused.computer', { power: name }));
    // In a game that hides who plays whom, a seat its player left waits for its next player, who is asked then: a
    // refusal would tell the asker of the leave before the channel is told (docs/table.md "Spectators").
    const hidden = identitiesHiddenNow(game);
    if (!seat || (!hidden && !isPerson(seat.userId))) return fail(msg('spectate.refused.nobody', { power: name }));
    const now = deps.now();
    const mine = await requestOf(tx, game.id, input.userId, power);
    const refusal = mine ? standingRefusal(game, mine, name, now) : null;
    if (refusal) return refusal;
    // Waiting as the askers read them: an answer, or an end, not told yet still waits (`toldStatus`).
    const waiting = (
      await tx
        .select()
        .from(spectators)
        .where(and(eq(spectators.gameId, game.id), eq(spectators.power, power)))
    ).filter((r) => toldStatus(game, r, now) === 'asked');
    if (waiting.length >= MAX_ASKED) return fail(msg('spectate.refused.busy', { power: name }));
    const row = mine
      ? (
          await tx
            .update(spectators)
            .set({ status: 'asked', showOrders: false, createdAt: now, decidedAt: null, stoppedAt: null })
            .where(eq(spectators.id, mine.id))
            .returning()
        )[0]!
      : (
          await tx
            .insert(spectators)
            .values({ gameId: game.id, power, userId: input.userId, status: 'asked', createdAt: now })
            .returning()
        )[0]!;
    if (isPerson(seat.userId)) await queueRequestDm(tx, game, row, seat.userId, now);
    await audit(tx, { gameId: game.id, userId: input.userId, action: 'spectate_ask', detail: { power }, at: now });
    changed(game.id);
    return {
      ok: true,
      power: name,
      requestId: row.id,
      answer: msg(hidden ? 'spectate.askedHidden' : 'spectate.asked', { power: name }),
    };
  });
}

/** The request DM to the power's player, with its **Allow**, **Allow with orders** and **Deny** buttons. */
async function queueRequestDm(tx: Tx, game: GameRow, row: SpectatorRow, holder: string, now: number): Promise<void> {
  const who = hidesIdentities(game) ? msg('spectate.someone') : memberRef(row.userId);
  const power = gamePowerParam(game, row.power);
  await enqueue(tx, {
    gameId: game.id,
    payload: {
      type: 'dm',
      gameId: game.id,
      reason: 'spectate',
      spectateRequest: row.id,
      ...worded([msg('spectate.request', { who, power, channel: channelRef(game.channelId) })]),
    },
    target: { kind: 'user', id: holder },
    dedupeKey: `spectate-ask:${row.id}:${holder}:${now}`,
    now,
  });
}

/** How a request ended otherwise than by its buttons (`spectate.requestEnded`'s `why`). */
type RequestEnd = 'over' | 'asker' | 'player' | 'holder';

/**
 * A request ended otherwise than by the buttons of its DM (the game ended, the asker or the player stopped it, the seat
 * changed hands): each DM that asked it is edited to say so, with no buttons (docs/table.md "Spectators"), through the
 * outbox (one edit per DM, dedupe key `spectate-closed:<ask row>`); a DM not sent yet is dropped instead. `dueAt`: the
 * edit not before (an asker's withdrawal in a game that hides who plays whom waits for the mark, `privateActDueAt`).
 */
async function closeRequestDms(
  tx: Tx,
  game: GameRow,
  row: SpectatorRow,
  why: RequestEnd,
  now: number,
  dueAt?: number,
): Promise<void> {
  const asks = await tx
    .select()
    .from(outbox)
    .where(and(like(outbox.dedupeKey, `spectate-ask:${row.id}:%`), eq(outbox.kind, 'dm'), isNull(outbox.failedAt)));
  for (const ask of asks) {
    if (ask.sentAt === null && ask.claimedBy === null) {
      await tx
        .update(outbox)
        .set({ failedAt: now, lastError: 'dropped: the request ended' })
        .where(and(eq(outbox.id, ask.id), isNull(outbox.sentAt), isNull(outbox.claimedBy)));
      continue;
    }
    const asked = (ask.payload as { lines?: Msg[] }).lines ?? [];
    const ended = msg('spectate.requestEnded', { why, power: gamePowerParam(game, row.power) });
    await enqueue(tx, {
      gameId: game.id,
      payload: {
        type: 'spectate_request_closed',
        gameId: game.id,
        requestId: row.id,
        askKey: ask.dedupeKey,
        ...worded([...asked, ended]),
      },
      target: { kind: 'user', id: ask.target },
      dedupeKey: `spectate-closed:${ask.id}`,
      now,
      dueAt,
    });
  }
}

/**
 * A seat changed hands (a claim, `/gm replace`): the requests to watch it that wait for an answer are the new player's
 * to answer, so each is asked of them (the previous player can no longer answer it; a seat nobody held kept them). A
 * computer player cannot consent: its requests lapse, and each asker is told. Called after the hand-over's own DMs.
 */
export async function askNewHolder(tx: Tx, game: GameRow, power: string, holder: string, now: number): Promise<void> {
  const waiting = await tx
    .select()
    .from(spectators)
    .where(and(eq(spectators.gameId, game.id), eq(spectators.power, power), eq(spectators.status, 'asked')))
    .orderBy(asc(spectators.id));
  for (const row of waiting) {
    // The previous player's buttons answer no more: their DM says the seat changed hands.
    await closeRequestDms(tx, game, row, 'holder', now);
    if (isPerson(holder) && row.userId !== holder) {
      await queueRequestDm(tx, game, row, holder, now);
      continue;
    }
    // The request ends: the asker took the seat themselves (players do not watch), or a computer player took it.
    await tx.update(spectators).set({ status: 'stopped', decidedAt: now }).where(eq(spectators.id, row.id));
    if (isPerson(holder)) continue;
    const line = msg('spectate.lapsedComputer', {
      power: gamePowerParam(game, power),
      channel: channelRef(game.channelId),
    });
    await queueSpectatorDm(tx, game, row, [line], `spectate-lapsed:${row.id}:${now}`, now);
  }
}

/**
 * The request's DM could not reach the power's player (they accept no direct messages from the server): in a game that
 * shows who plays whom the request ends and its asker is told, in their language, so they may ask again once the
 * player opens their DMs, rather than wait for an answer that cannot come (docs/table.md "Spectators"). A game that
 * hides who plays whom keeps it waiting, saying nothing: the asker would learn that this power's player closed DMs.
 * Only the request still asked of that member: a seat handed on since has asked its new player.
 */
export async function requestUndelivered(
  tx: Tx,
  game: GameRow,
  requestId: number,
  holder: string,
  now: number,
): Promise<void> {
  if (identitiesHiddenNow(game)) return;
  const row = first(await tx.select().from(spectators).where(eq(spectators.id, requestId)).limit(1));
  if (row?.status !== 'asked') return;
  const seat = (await playersOf(tx, game.id)).find((p) => p.power === row.power);
  if (seat?.userId !== holder) return;
  await tx.update(spectators).set({ status: 'stopped', decidedAt: now }).where(eq(spectators.id, row.id));
  const line = msg('spectate.undelivered', {
    power: gamePowerParam(game, row.power),
    channel: channelRef(game.channelId),
    spectate: commandParam('spectate'),
  });
  await queueSpectatorDm(tx, game, row, [line], `spectate-undelivered:${row.id}:${row.createdAt}`, now);
}

/**
 * The game is over (finished or cancelled): the requests still waiting for an answer (the seat's player never
 * answered, or nobody took the empty seat) end, and each asker is told once, in the language they read, that nobody
 * decided and how to see the finished game (docs/table.md "Spectators"). The DM names nobody and says only that the
 * game ended; the dedupe key names the request as it was asked (asking again rewrites `created_at`).
 */
export async function endRequests(tx: Tx, game: GameRow, now: number): Promise<void> {
  const waiting = await tx
    .select()
    .from(spectators)
    .where(and(eq(spectators.gameId, game.id), eq(spectators.status, 'asked')))
    .orderBy(asc(spectators.id));
  for (const row of waiting) {
    await tx.update(spectators).set({ status: 'stopped', decidedAt: now }).where(eq(spectators.id, row.id));
    await closeRequestDms(tx, game, row, 'over', now);
    const line = msg('spectate.endedUnanswered', {
      power: gamePowerParam(game, row.power),
      channel: channelRef(game.channelId),
      history: commandParam('history'),
    });
    await queueSpectatorDm(tx, game, row, [line], `spectate-ended:${row.id}:${row.createdAt}`, now);
  }
}

/**
 * A request as the members who ask read it now (docs/table.md "Spectators"): what the power's player did to it (an
 * answer at `decided_at`; a revocation, or an end before any answer with `/spectate stop`, at `stopped_at`) counts
 * only from the next mark of the clock after it (`privateActDueAt`, when the spectator's DM tells it), and until then
 * the request reads as it was: its asker, or another member asking for the power, would time the player's act.
 */
function toldStatus(game: GameRow, row: SpectatorRow, now: number): SpectatorRow['status'] {
  const untold = (at: number | null) => at !== null && privateActDueAt(game, at) > now;
  if (row.status === 'stopped' && untold(row.stoppedAt))
    return row.decidedAt === null || untold(row.decidedAt) ? 'asked' : 'allowed';
  if ((row.status === 'allowed' || row.status === 'denied') && untold(row.decidedAt)) return 'asked';
  return row.status;
}

async function requestOf(tx: Tx, gameId: number, userId: string, power: string): Promise<SpectatorRow | undefined> {
  return first(
    await tx
      .select()
      .from(spectators)
      .where(and(eq(spectators.gameId, gameId), eq(spectators.userId, userId), eq(spectators.power, power)))
      .limit(1),
  );
}

/**
 * Why the member's standing request for a power stops a new one (waiting, allowed, denied lately), or null. An answer
 * is the spectator's from when their DM tells it: in a game that hides who plays whom, the next mark of the clock after
 * the player pressed (`answerRequest`). Until then the request reads as waiting, and a denial's day counts from that
 * mark: asked again, or read from its time, it would tell the spectator when the player answered.
 */
function standingRefusal(game: GameRow, row: SpectatorRow, power: MsgParam, now: number): Refusal | null {
  const status = toldStatus(game, row, now);
  if (status === 'asked') return fail(msg('spectate.refused.pending', { power }));
  if (status === 'allowed') return fail(msg('spectate.refused.already', { power }));
  const again = (row.decidedAt === null ? row.createdAt : privateActDueAt(game, row.decidedAt)) + DENIED_WAIT_MS;
  if (status === 'denied' && again > now)
    return fail(msg('spectate.refused.denied', { power, relative: timeRef(again, 'R') }));
  return null;
}

/**
 * The player's answer to a request (a button of its DM). Only the power's player answers, once; the spectator is
 * told by DM, never naming the player.
 */
export async function answerRequest(
  deps: GameDeps,
  input: { requestId: number; userId: string; answer: SpectateAnswer },
): Promise<Result<{ power: MsgParam; status: 'allowed' | 'denied'; showOrders: boolean; requestId: number }>> {
  return await inTransaction(deps, async (tx, changed) => {
    const found = await requestAndGame(tx, input.requestId, input.userId);
    if ('ok' in found) return found;
    const { row, game } = found;
    const name = gamePowerParam(game, row.power);
    if (row.status !== 'asked') return fail(msg('spectate.refused.answered', { power: name }));
    const now = deps.now();
    const status = input.answer === 'deny' ? 'denied' : 'allowed';
    const showOrders = input.answer === 'orders';
    await tx.update(spectators).set({ status, showOrders, decidedAt: now }).where(eq(spectators.id, row.id));
    const channel = channelRef(game.channelId);
    const line: Msg =
      status === 'denied'
        ? msg('spectate.denied', { power: name, channel })
        : msg('spectate.allowed', { power: name, channel, orders: showOrders ? 'yes' : 'no' });
    // In a game that hides who plays whom the spectator, who knows the power, learns the answer at the next mark of
    // the clock: at once, it would time the act of the member seen answering (`privateActDueAt`).
    const due = privateActDueAt(game, now);
    await queueSpectatorDm(tx, game, row, [line], `spectate-answer:${row.id}:${now}`, now, due);
    await audit(tx, { gameId: game.id, userId: input.userId, action: `spectate_${status}`, detail: {}, at: now });
    changed(game.id);
    return { ok: true, power: name, status, showOrders, requestId: row.id };
  });
}

/** A request and its game, when the caller is the power's player now; or why not. */
async function requestAndGame(
  tx: Tx,
  requestId: number,
  userId: string,
): Promise<{ row: SpectatorRow; game: GameRow } | Refusal> {
  const row = first(await tx.select().from(spectators).where(eq(spectators.id, requestId)).limit(1));
  const game = row ? await gameById(tx, row.gameId) : undefined;
  if (!row || !game) return fail(msg('spectate.refused.gone'));
  if (game.status === 'finished') return fail(GAME_OVER);
  const seat = await playerByUser(tx, game.id, userId);
  if (seat?.power !== row.power)
    return fail(msg('spectate.refused.notYours', { power: gamePowerParam(game, row.power) }));
  return { row, game };
}

/** **Revoke** under an answered request: the player stops that one spectator. */
export async function revokeWatcher(
  deps: GameDeps,
  input: { requestId: number; userId: string },
): Promise<Result<{ power: MsgParam }>> {
  return await inTransaction(deps, async (tx, changed) => {
    const found = await requestAndGame(tx, input.requestId, input.userId);
    if ('ok' in found) return found;
    const { row, game } = found;
    const name = gamePowerParam(game, row.power);
    if (row.status !== 'allowed') return fail(msg('spectate.refused.notWatching', { power: name }));
    await stopRows(tx, game, [row], 'revoked', deps.now());
    changed(game.id);
    return { ok: true, power: name };
  });
}

/** What a `/spectate stop` stopped, in numbers (never names): the watches, and the requests still waiting. */
export interface Stopped {
  as: 'player' | 'spectator';
  power: MsgParam | null;
  /** A player's spectators; a spectator's watches as they were told of them. */
  watching: number;
  /** A player's requests still waiting; a spectator's requests withdrawn unanswered (as they read them). */
  asked: number;
}

/**
 * `/spectate stop`: a player stops everyone watching their power (and refuses the requests waiting); anyone else
 * stops watching (`power` given: that power only).
 */
export async function stopWatching(
  deps: GameDeps,
  input: Caller & { power?: string | null },
): Promise<Result<Stopped>> {
  return await inTransaction(deps, async (tx, changed) => {
    const game = await watchableGame(tx, input.channelId);
    if ('ok' in game) return game;
    const now = deps.now();
    const seat = await playerByUser(tx, game.id, input.userId);
    const open = inArray(spectators.status, ['asked', 'allowed']);
    if (seat) {
      const rows = await tx
        .select()
        .from(spectators)
        .where(and(eq(spectators.gameId, game.id), eq(spectators.power, seat.power), open));
      await stopRows(tx, game, rows, 'revoked', now);
      if (rows.length > 0) changed(game.id);
      // What stopped, told apart (`spectate.stopped.player`): the spectators, and the requests still waiting.
      const asked = rows.filter((r) => r.status === 'asked').length;
      const power = gamePowerParam(game, seat.power);
      return { ok: true, as: 'player' as const, power, watching: rows.length - asked, asked };
    }
    const variant = variantOfGame(game);
    const power = input.power ? (variant ? powerByName(variant, input.power) : null) : null;
    if (input.power && !power) return fail(msg('spectate.refused.notPower', { typed: typed(input.power) }));
    const mine = (
      await tx
        .select()
        .from(spectators)
        .where(and(eq(spectators.gameId, game.id), eq(spectators.userId, input.userId)))
    ).filter((r) => power === null || r.power === power);
    // As the spectator reads them (`toldStatus`): an answer or a revocation not told yet is withdrawn with the
    // request it was, and never told, so asking again reads as after any stop.
    const rows = mine.filter((r) => ['asked', 'allowed'].includes(toldStatus(game, r, now)));
    if (rows.length === 0) return fail(msg('spectate.refused.notWatchingAny'));
    // What stopped, as the spectator reads it (`spectate.stopped.spectator`): a watch, or a request withdrawn unanswered.
    const asked = rows.filter((r) => toldStatus(game, r, now) === 'asked').length;
    await stopRows(tx, game, rows, 'left', now);
    changed(game.id);
    const named = power && gamePowerParam(game, power);
    return { ok: true, as: 'spectator' as const, power: named, watching: rows.length - asked, asked };
  });
}

/**
 * Stops requests and watchers: their rows become `stopped`, the copies not yet handed to Discord are dropped (nothing
 * reaches a spectator after the stop), and a spectator the player revoked is told (naming nobody).
 */
async function stopRows(
  tx: Tx,
  game: GameRow,
  rows: readonly SpectatorRow[],
  why: 'revoked' | 'left',
  now: number,
): Promise<void> {
  for (const row of rows) {
    // The player ending a request or a watch is an act its spectator learns at the mark (`toldStatus` reads
    // `stopped_at`, and `decided_at` kept as it was: null for a request never answered); a revoked watch is told by DM.
    const byPlayer = why === 'revoked';
    const told = byPlayer && row.status === 'allowed';
    // A request still waiting: its DM's buttons go (the asker's withdrawal shows the player at the mark, as an answer
    // shows the asker: docs/table.md "Spectators").
    if (row.status === 'asked')
      await closeRequestDms(
        tx,
        game,
        row,
        byPlayer ? 'player' : 'asker',
        now,
        byPlayer ? now : privateActDueAt(game, now),
      );
    await tx
      .update(spectators)
      .set({ status: 'stopped', decidedAt: byPlayer ? row.decidedAt : now, stoppedAt: byPlayer ? now : null })
      .where(eq(spectators.id, row.id));
    // Nothing reaches a spectator after their own stop: the copies, and an answer or revocation not told yet.
    const dropped = [`%${watchKeySuffix(row)}`, ...(byPlayer ? [] : ANSWER_DMS.map((k) => `${k}${row.id}:%`))];
    await tx
      .update(outbox)
      .set({ failedAt: now, lastError: 'dropped: the spectator stopped watching' })
      .where(
        and(
          or(...dropped.map((key) => like(outbox.dedupeKey, key))),
          eq(outbox.target, row.userId),
          isNull(outbox.sentAt),
          isNull(outbox.failedAt),
          isNull(outbox.claimedBy),
        ),
      );
    if (told)
      await queueSpectatorDm(
        tx,
        game,
        row,
        [msg('spectate.revoked', { power: gamePowerParam(game, row.power), channel: channelRef(game.channelId) })],
        `spectate-revoked:${row.id}:${now}`,
        now,
        privateActDueAt(game, now),
      );
    await audit(tx, {
      gameId: game.id,
      userId: null,
      action: why === 'revoked' ? 'spectate_revoked' : 'spectate_left',
      detail: { request: row.id },
      at: now,
    });
  }
}

async function queueSpectatorDm(
  tx: Tx,
  game: GameRow,
  row: SpectatorRow,
  lines: Msg[],
  dedupeKey: string,
  now: number,
  dueAt?: number,
): Promise<void> {
  await enqueue(tx, {
    gameId: game.id,
    payload: { type: 'dm', gameId: game.id, reason: 'spectate', ...worded(lines) },
    target: { kind: 'user', id: row.userId },
    dedupeKey,
    now,
    dueAt,
  });
}

/**
 * What `/game status` adds for the caller alone: how many watch their power (and wait for an answer). Null when the
 * caller plays no power in the channel's game.
 */
export async function watchersOfCaller(deps: GameDeps, caller: Caller): Promise<Result<{ line: Msg | null }>> {
  return await inReadTransaction(deps, async (tx) => {
    const game = await openGameByChannel(tx, caller.channelId);
    const seat = game ? await playerByUser(tx, game.id, caller.userId) : undefined;
    // A place before the start of a game that hides who plays whom has no power to tell (its power is drawn then).
    if (!game || !seat || (game.status === 'forming' && hidesIdentities(game))) return { ok: true, line: null };
    const rows = await tx
      .select()
      .from(spectators)
      .where(and(eq(spectators.gameId, game.id), eq(spectators.power, seat.power)));
    // A spectator who has since taken a seat here plays, and gets no copies (src/game/outbox/watchers.ts): not counted.
    // The seats as the channel was told of them, so the count tells no claim before the channel hears of it.
    const told = await announcedSeats(tx, game, await playersOf(tx, game.id), deps.now());
    const others = rows.filter((r) => !told.some((s) => s.userId === r.userId));
    const watching = others.filter((r) => r.status === 'allowed' && (r.decidedAt ?? 0) >= seat.joinedAt).length;
    const asked = others.filter((r) => r.status === 'asked').length;
    return { ok: true, line: msg('spectate.status', { power: gamePowerParam(game, seat.power), watching, asked }) };
  });
}

/**
 * The powers a member may ask to watch in the channel's game (autocomplete): held by a member (or, in a game that hides
 * who plays whom, left by one), none for a player of the game; in the variant's order (docs/table.md "Spectators").
 */
export async function watchablePowers(deps: GameDeps, caller: Caller): Promise<string[]> {
  const r = await inReadTransaction(deps, async (tx) => {
    const game = await watchableGame(tx, caller.channelId);
    if ('ok' in game) return { ok: true as const, powers: [] as string[] };
    const seats = await playersOf(tx, game.id);
    if (seats.some((s) => s.userId === caller.userId)) return { ok: true as const, powers: [] as string[] };
    // As `askToWatch` takes them: in a game that hides who plays whom, a seat its player left too (it waits for its next).
    const hidden = identitiesHiddenNow(game);
    const asked = seats.filter((s) => isPerson(s.userId) || (hidden && isVacant(s.userId)));
    // In the variant's order, as the status lists them (the store reads seats by name).
    const order = variantOfGame(game)?.powers.map((p) => p.name) ?? [];
    const powers = asked.map((s) => s.power).sort((a, b) => order.indexOf(a) - order.indexOf(b));
    return { ok: true as const, powers };
  });
  return r.ok ? r.powers : [];
}
