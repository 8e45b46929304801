/**
 * The game master's tools for a card game (docs/cardgame.md "Commands"): extend, pause, resume, skip, replace a seat's
 * user, remove a player, and roll back to the start of the round. Each is one transaction, audited, and told to the
 * channel.
 */
import { and, eq, gt } from 'drizzle-orm';
import {
  apply,
  newGame,
  reshuffleUndrawn,
  type Action,
  type CardGameState,
  type DynastyId,
} from '../../cardgame/index.js';
import type { Tx } from '../../store/store.js';
import { audit, idText } from '../../store/queries.js';
import { games } from '../../store/schema.js';
import { cardEvents, cardGames, cardSeats, type CardSeatRow } from './tables.js';
import {
  fail,
  inTransaction,
  type Caller,
  type GameDeps,
  type Refusal,
  type Result,
  computerUserId,
  isComputer,
  playerName,
  channelRef,
  typed,
  durationParam,
} from '../core/index.js';
import { queueDm } from '../outbox/index.js';
import { commitDefault, runAutomatic, turnClock, turnLength } from './commit.js';
import { queueCardNotice, queueLog, queuePingsForNow, queueTable, queueTurnPing, turnPingText } from './outbox.js';
import { dynastyMsg, holderMsg, namesParam, seatedMsg } from './names.js';
import { msg } from '../../i18n/index.js';
import { cardDuration, cardLevel } from './typed.js';
import {
  bumpVersion,
  draftOf,
  handSeatRow,
  deleteDrafts,
  infoOf,
  openCardGame,
  reload,
  staleTable,
  seatRow,
  seatsToAct,
  settingsOf,
  type CardCtx,
} from './store.js';
import { CARD_MAX_TURN_MS, type CardGameInfo } from './types.js';
import { matchDynasty } from './lobby.js';

type GmResult = Result<{ game: CardGameInfo }>;

async function gmCtx(tx: Tx, caller: Caller, running = true): Promise<CardCtx | Refusal> {
  const ctx = await openCardGame(tx, caller.channelId);
  if ('ok' in ctx) return ctx;
  if (ctx.game.gmUserId !== idText(caller.userId)) return fail(msg('cards.refused.notGm'));
  if (running && (ctx.game.status === 'forming' || !ctx.state)) return fail(msg('cards.refused.notStarted'));
  return ctx;
}

async function gmTx(
  deps: GameDeps,
  caller: Caller,
  fn: (tx: Tx, ctx: CardCtx, now: number) => Promise<CardCtx | Refusal>,
): Promise<GmResult> {
  return await inTransaction(deps, async (tx, changed) => {
    const ctx = await gmCtx(tx, caller);
    if ('ok' in ctx) return ctx;
    const r = await fn(tx, ctx, deps.now());
    if ('ok' in r) return r;
    changed(ctx.game.id);
    return { ok: true, game: infoOf(r) };
  });
}

/** Adds time to the current turn (or, paused, to the time left). */
export async function gmExtendCards(deps: GameDeps, caller: Caller, duration: string): Promise<GmResult> {
  return await gmTx(deps, caller, async (tx, ctx, now) => {
    const d = cardDuration(duration);
    if (!d.ok) return d;
    const c = ctx.card;
    if (ctx.game.status === 'paused') {
      const left = (c.pausedRemainingMs ?? 0) + d.ms;
      if (left > CARD_MAX_TURN_MS) return tooLong();
      await tx.update(cardGames).set({ pausedRemainingMs: left }).where(eq(cardGames.gameId, ctx.game.id));
    } else {
      if (c.deadlineMs === null) return fail(msg('cards.refused.noDeadline'));
      const deadline = Math.max(c.deadlineMs, now) + d.ms;
      if (deadline - now > CARD_MAX_TURN_MS) return tooLong();
      await tx.update(cardGames).set({ deadlineMs: deadline }).where(eq(cardGames.gameId, ctx.game.id));
    }
    await audit(tx, {
      gameId: ctx.game.id,
      userId: caller.userId,
      action: 'cards_extend',
      detail: { ms: d.ms },
      at: now,
    });
    const next = await reload(tx, ctx);
    await queueCardNotice(
      tx,
      ctx.game,
      msg('cards.notice.extended', { duration: durationParam(d.ms) }),
      `cards:extend:${ctx.game.id}:${c.version}:${now}`,
      now,
    );
    await queueTable(tx, next, now);
    return next;
  });
}

/** Freezes every deadline of the game. */
export async function gmPauseCards(deps: GameDeps, caller: Caller): Promise<GmResult> {
  return await gmTx(deps, caller, async (tx, ctx, now) => {
    if (ctx.game.status !== 'active')
      return fail(msg(ctx.game.status === 'paused' ? 'cards.refused.alreadyPaused' : 'cards.refused.notRunning'));
    const left = ctx.card.deadlineMs === null ? null : Math.max(0, ctx.card.deadlineMs - now);
    await tx.update(games).set({ status: 'paused' }).where(eq(games.id, ctx.game.id));
    await tx
      .update(cardGames)
      .set({ deadlineMs: null, remindAtMs: null, pausedRemainingMs: left, updatedAt: now })
      .where(eq(cardGames.gameId, ctx.game.id));
    await audit(tx, { gameId: ctx.game.id, userId: caller.userId, action: 'cards_pause', at: now });
    const next = await reload(tx, ctx);
    await queueCardNotice(tx, ctx.game, msg('cards.notice.paused'), `cards:pause:${ctx.game.id}:${now}`, now);
    await queueTable(tx, next, now);
    return next;
  });
}

/** Restarts the clock with the time that was left (the deadlines shift by the paused time). */
export async function gmResumeCards(deps: GameDeps, caller: Caller): Promise<GmResult> {
  return await gmTx(deps, caller, async (tx, ctx, now) => {
    if (ctx.game.status !== 'paused') return fail(msg('cards.refused.notPaused'));
    // Paused by the GM: the frozen time left. Paused by the bot (the channel was unreachable): what the clock
    // still shows, at least a minute; a turn with no clock at all gets a full turn.
    const c = ctx.card;
    const left =
      c.pausedRemainingMs ??
      (c.deadlineMs !== null
        ? Math.max(60_000, c.deadlineMs - now)
        : seatsToAct(ctx.state).length
          ? turnLength(ctx, ctx.state!)
          : null);
    await tx.update(games).set({ status: 'active' }).where(eq(games.id, ctx.game.id));
    await tx
      .update(cardGames)
      .set({ deadlineMs: left === null ? null : now + left, pausedRemainingMs: null, updatedAt: now })
      .where(eq(cardGames.gameId, ctx.game.id));
    await audit(tx, { gameId: ctx.game.id, userId: caller.userId, action: 'cards_resume', at: now });
    let next = await reload(tx, ctx);
    await queueCardNotice(
      tx,
      ctx.game,
      left !== null ? msg('cards.notice.resumedLeft', { duration: durationParam(left) }) : msg('cards.notice.resumed'),
      `cards:resume:${ctx.game.id}:${now}`,
      now,
    );
    await queueTable(tx, next, now);
    next = await runAutomatic(tx, next, now);
    return next;
  });
}

/** Applies the default now for whoever must act (the give phase: every seat that has not given). */
export async function gmSkipCards(
  deps: GameDeps,
  caller: Caller,
  input: { version?: number | null } = {},
): Promise<GmResult> {
  return await gmTx(deps, caller, async (tx, ctx, now) => {
    if (ctx.game.status !== 'active') return fail(msg('cards.refused.notRunningPaused'));
    if (input.version !== undefined && input.version !== null && input.version !== ctx.card.version)
      return staleTable();
    const due = seatsToAct(ctx.state);
    if (due.length === 0) return fail(msg('cards.refused.nobodyToAct'));
    let cur = ctx;
    for (const seat of due) {
      const r = await commitDefault(tx, cur, seat, `gm:${caller.userId}`, now);
      if ('ok' in r) return r;
      cur = r;
    }
    await audit(tx, {
      gameId: ctx.game.id,
      userId: caller.userId,
      action: 'cards_skip',
      detail: { seats: due },
      at: now,
    });
    return await runAutomatic(tx, cur, now);
  });
}

/**
 * Hands a seat (by dynasty or seat number) to another user, or to a computer player (`computer: true`:
 * only by the game master's action, and the channel is told). The seat's fall-back draft is cleared, its absence and
 * timeouts reset, and the previous holder is told. The new user must not hold another seat; the last seat a person
 * holds is not given to a computer player (no table of computer players only through a replacement).
 */
export async function gmReplaceCards(
  deps: GameDeps,
  caller: Caller,
  input: { seat: string | number; userId?: string | null; computer?: boolean; level?: string | null },
): Promise<Result<{ game: CardGameInfo; draftCleared: boolean }>> {
  // Whether the seat had a fall-back draft, which the hand-over drops (the reply says so only then).
  let draftCleared = false;
  const r = await gmTx(deps, caller, async (tx, ctx, now) => {
    const s = ctx.state!;
    const n =
      typeof input.seat === 'number'
        ? input.seat
        : s.seats.findIndex((x) => x.dynasty === matchDynasty(String(input.seat)));
    if (!Number.isInteger(n) || n < 0 || n >= s.seats.length)
      return fail(
        msg('cards.refused.noSeatOf', {
          seat: typed(input.seat),
          seats: namesParam(s.seats.map((x) => dynastyMsg(x.dynasty))),
        }),
      );
    // no row: nobody holds the seat since a `/gm kick`
    const row = seatRow(ctx, n);
    const dynasty = s.seats[n]!.dynasty;
    const dyn = dynastyMsg(dynasty);
    if (input.computer && idText(input.userId ?? '')) return fail(msg('cards.refused.userOrComputer'));
    if (!input.computer && input.level) return fail(msg('cards.refused.levelWithoutComputer'));
    const level = cardLevel(input.level, ctx.game.computerLevel);
    if (!level.ok) return level;
    const userId = input.computer ? computerUserId(dynasty, level.level) : idText(input.userId ?? '');
    if (!userId) return fail(msg('cards.refused.nameUser'));
    if (row?.userId === userId)
      return fail(msg('cards.refused.alreadyHolds', { who: playerName(userId), dynasty: dyn }));
    const other = ctx.seats.find((x) => x.userId === userId);
    if (other)
      return fail(
        msg('cards.refused.holdsOther', {
          who: playerName(userId),
          dynasty: dynastyMsg(s.seats[other.seat!]!.dynasty),
        }),
      );
    if (input.computer && !ctx.seats.some((x) => x.seat !== n && !isComputer(x.userId))) {
      return fail(msg('cards.refused.lastPerson', { dynasty: dyn }));
    }
    // A computer player is never pinged (it is asked as soon as its turn comes).
    const fromComputer = !!row && isComputer(row.userId);
    const notify = input.computer ? { notify: 'off' as const } : fromComputer ? { notify: 'mention' as const } : {};
    draftCleared = (await draftOf(tx, ctx.game.id, n)) !== undefined;
    await handSeatRow(tx, ctx, n, { userId, ...notify }, now);
    await audit(tx, {
      gameId: ctx.game.id,
      userId: caller.userId,
      action: 'cards_replace',
      detail: { seat: n, from: row?.userId ?? null, to: userId },
      at: now,
    });
    await queueHandOverDms(tx, ctx, { from: row?.userId ?? null, to: userId, computer: !!input.computer }, n, now);
    await queueCardNotice(
      tx,
      ctx.game,
      msg('cards.notice.handed', { dynasty: dynastyMsg(dynasty), who: holderMsg(userId) }),
      `cards:replace:${ctx.game.id}:${n}:${now}`,
      now,
    );
    const next = await reload(tx, ctx);
    await queueTable(tx, next, now);
    // A person taking a seat from a computer player on its turn is pinged, as at any turn's start.
    if (fromComputer && seatsToAct(next.state).includes(n))
      await queueTurnPing(tx, next, n, `replace-${now}`, turnPingText(next, n, next.card.deadlineMs, false), now);
    return next;
  });
  return r.ok ? { ...r, draftCleared } : r;
}

/** Tells the previous holder (if any) and the new one by DM that a seat changed hands. */
async function queueHandOverDms(
  tx: Tx,
  ctx: CardCtx,
  hand: { from: string | null; to: string; computer: boolean },
  n: number,
  now: number,
): Promise<void> {
  const dynasty = ctx.state!.seats[n]!.dynasty;
  if (hand.from)
    await queueDm(tx, ctx.game, {
      to: hand.from,
      reason: 'replaced',
      text: [
        hand.computer
          ? msg('cards.dm.handedTo', {
              dynasty: dynastyMsg(dynasty),
              channel: channelRef(ctx.game.channelId),
              who: holderMsg(hand.to),
            })
          : msg('cards.dm.handedAway', { dynasty: dynastyMsg(dynasty), channel: channelRef(ctx.game.channelId) }),
      ],
      dedupeKey: `cards:replaced:${ctx.game.id}:${n}:${now}`,
      now,
    });
  await queueDm(tx, ctx.game, {
    to: hand.to,
    reason: 'power_assigned',
    text: [
      msg('cards.dm.assigned', {
        dynasty: dynastyMsg(dynasty),
        game: msg('cards.game.name'),
        channel: channelRef(ctx.game.channelId),
      }),
    ],
    dedupeKey: `cards:assigned:${ctx.game.id}:${n}:${now}`,
    now,
  });
}

/** A seat named by the game master: its dynasty ("qin", "Qin 秦"), its number, or its player's user id. */
function seatNamed(ctx: CardCtx, text: string): CardSeatRow | undefined {
  const t = String(text ?? '').trim();
  const byUser = ctx.seats.find((x) => x.userId === t);
  if (byUser) return byUser;
  const d = matchDynasty(t);
  if (d) return ctx.seats.find((x) => x.dynasty === d);
  return undefined;
}

/**
 * Removes a player (`/gm kick`). In the lobby the seat is simply free again. Once the game runs, the seat stays at
 * the table with its hand and armies but nobody holds it: its turns resolve at once with the defaults, as an away
 * seat's do (docs/cardgame.md "Defaults"), until the game master hands it to someone with `/gm replace`. The removed
 * player loses the hand (told by DM); the channel is told once.
 */
export async function gmKickCards(
  deps: GameDeps,
  caller: Caller,
  input: { seat: string },
): Promise<Result<{ game: CardGameInfo; userId: string; dynasty: string | null }>> {
  return await inTransaction(deps, async (tx, changed) => {
    const ctx = await gmCtx(tx, caller, false);
    if ('ok' in ctx) return ctx;
    if (ctx.game.status === 'finished') return fail(msg('cards.refused.gameOver'));
    const row = seatNamed(ctx, input.seat);
    if (!row) {
      const held = ctx.seats.map((x) => seatedMsg(x.userId, x.dynasty as DynastyId | null));
      return fail(
        msg('cards.refused.nobodyHolds', { seat: typed(input.seat), seated: namesParam(held, 'cards.list.nobody') }),
      );
    }
    const now = deps.now();
    await tx.delete(cardSeats).where(eq(cardSeats.id, row.id));
    await bumpVersion(tx, ctx, now);
    await audit(tx, {
      gameId: ctx.game.id,
      userId: caller.userId,
      action: 'cards_kick',
      detail: { seat: row.seat, user: row.userId },
      at: now,
    });
    const key = `cards:kick:${ctx.game.id}:${row.id}:${now}`;
    if (ctx.game.status === 'forming') {
      await queueCardNotice(
        tx,
        ctx.game,
        row.dynasty
          ? msg('cards.notice.kickedLobbyAs', {
              who: playerName(row.userId),
              dynasty: dynastyMsg(row.dynasty as DynastyId),
            })
          : msg('cards.notice.kickedLobby', { who: playerName(row.userId) }),
        key,
        now,
      );
      const next = await reload(tx, ctx);
      await queueTable(tx, next, now);
      changed(ctx.game.id);
      return { ok: true, game: infoOf(next), userId: row.userId, dynasty: row.dynasty };
    }
    await deleteDrafts(tx, ctx.game.id, row.seat!);
    await queueDm(tx, ctx.game, {
      to: row.userId,
      reason: 'replaced',
      text: [
        msg('cards.dm.kicked', {
          dynasty: dynastyMsg(row.dynasty as DynastyId),
          channel: channelRef(ctx.game.channelId),
        }),
      ],
      dedupeKey: `${key}:dm`,
      now,
    });
    await queueCardNotice(
      tx,
      ctx.game,
      msg('cards.notice.kicked', { who: playerName(row.userId), dynasty: dynastyMsg(row.dynasty as DynastyId) }),
      key,
      now,
    );
    let next = await reload(tx, ctx);
    await queueTable(tx, next, now);
    next = await runAutomatic(tx, next, now);
    changed(ctx.game.id);
    return { ok: true, game: infoOf(next), userId: row.userId, dynasty: row.dynasty };
  });
}

/**
 * A game-master rollback as `card_events` stores it (not an engine action): the `n`-th rollback of the game
 * reshuffled the cards not yet drawn with a PRNG seeded from the game's seed and `n`, so nobody learns the deck
 * order from the undone round, and replaying the stored rows still rebuilds the state.
 */
export interface RollbackRecord {
  type: 'rollback';
  n: number;
}

function isRollback(a: unknown): a is RollbackRecord {
  return typeof a === 'object' && a !== null && (a as { type?: unknown }).type === 'rollback';
}

/** The reshuffle seed of a game's `n`-th rollback. */
export function rollbackSeed(seed: string, n: number): string {
  return `${seed}:rollback:${n}`;
}

/** Rebuilds a game's state from its seed and stored actions (what replay and rollback use). */
export async function replayCardGame(
  tx: Tx,
  ctx: CardCtx,
  uptoSeq = Number.POSITIVE_INFINITY,
): Promise<{ ok: true; state: CardGameState; rollbacks: number } | Refusal> {
  const engine = settingsOf(ctx.card).engine;
  if (!engine) return fail(msg('cards.refused.notStarted'));
  const rows = await tx.select().from(cardEvents).where(eq(cardEvents.gameId, ctx.game.id)).orderBy(cardEvents.seq);
  let state = newGame(engine);
  let rollbacks = 0;
  for (const [i, row] of rows.entries()) {
    if (row.seq > uptoSeq) break;
    if (isRollback(row.action)) {
      rollbacks = row.action.n;
      state = reshuffleUndrawn(state, rollbackSeed(engine.seed, row.action.n));
      continue;
    }
    const r = apply(state, row.action as Action);
    if (!r.ok) return fail(msg('cards.refused.replay', { n: i + 1, why: r.error }));
    state = r.state;
  }
  return { ok: true, state, rollbacks };
}

/**
 * Rolls the game back to the start of the current round's battle (the state right after the battle was chosen),
 * then reshuffles the cards not yet drawn (see `RollbackRecord`). The rollback is stored as an event row, which
 * becomes the round's new start.
 */
export async function gmRollbackCards(deps: GameDeps, caller: Caller): Promise<GmResult> {
  return await gmTx(deps, caller, async (tx, ctx, now) => {
    if (ctx.game.status === 'finished') return fail(msg('cards.refused.gameOver'));
    const target = ctx.card.roundStartSeq;
    if (target === 0 || ctx.card.seq === target) return fail(msg('cards.refused.nothingToRollBack'));
    const r = await replayCardGame(tx, ctx, target);
    if (!r.ok) return r;
    const engine = settingsOf(ctx.card).engine!;
    const record: RollbackRecord = { type: 'rollback', n: r.rollbacks + 1 };
    const state = reshuffleUndrawn(r.state, rollbackSeed(engine.seed, record.n));
    const seq = target + 1;
    await tx.delete(cardEvents).where(and(eq(cardEvents.gameId, ctx.game.id), gt(cardEvents.seq, target)));
    const text = `The game master rolled the game back to the start of round ${state.round}: every action since is undone, and the cards not yet drawn were reshuffled.`;
    await tx.insert(cardEvents).values({
      gameId: ctx.game.id,
      seq,
      round: state.round,
      action: record,
      events: [{ kind: 'rollback', text }],
      actor: `gm:${idText(caller.userId)}`,
      at: now,
    });
    await deleteDrafts(tx, ctx.game.id);
    const clock =
      ctx.game.status === 'paused' ? { pausedRemainingMs: settingsOf(ctx.card).turnMs } : turnClock(ctx, state, now);
    await tx
      .update(cardGames)
      .set({
        state: JSON.stringify(state),
        phase: state.phase,
        round: state.round,
        seq,
        roundStartSeq: seq,
        version: ctx.card.version + 1,
        ...clock,
        updatedAt: now,
      })
      .where(eq(cardGames.gameId, ctx.game.id));
    await audit(tx, {
      gameId: ctx.game.id,
      userId: caller.userId,
      action: 'cards_rollback',
      detail: { toSeq: target, fromSeq: ctx.card.seq },
      at: now,
    });
    const next = await reload(tx, ctx);
    await queueCardNotice(
      tx,
      ctx.game,
      msg('cards.gm.rolledBack', { round: state.round }),
      `cards:rollback:${ctx.game.id}:${ctx.card.seq}:${now}`,
      now,
    );
    await queueLog(
      tx,
      next,
      `rollback:${ctx.card.seq}:${now}`,
      msg('cards.log.line', { round: state.round, body: msg('cards.gm.rolledBack', { round: state.round }) }),
      now,
    );
    await queueTable(tx, next, now);
    await queuePingsForNow(tx, next, `rb${ctx.card.seq}-${now}`, now);
    return await runAutomatic(tx, next, now);
  });
}

const tooLong = (): Refusal => fail(msg('cards.refused.turnTooLong', { duration: durationParam(CARD_MAX_TURN_MS) }));
