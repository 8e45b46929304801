/**
 * Game-master commands: advance (resolve now), extend, pause, resume, rollback, replace a player.
 * Each is recorded in the audit log and announced in the channel.
 */
import {
  closeCallOf,
  closeCallsOfGame,
  handWaitingToHolder,
  clearSeatOnHandOver,
  queueVotesCleared,
  seatsMissingOrders,
  computerSeatsToPlay,
} from '../seats/index.js';
import {
  hidesIdentities,
  identitiesHiddenNow,
  computerUserId,
  computerLevelOf,
  isComputer,
  isPerson,
  isVacant,
  VACANT_ID_PREFIX,
  parseLevel,
  formatDuration,
  MAX_DURATION_MS,
  parseDuration,
  earlyResolutionAllowed,
  noOpenGame,
  phaseMsg,
  plainMsg,
  fail,
  inReadTransaction,
  inTransaction,
  type Caller,
  type GameDeps,
  type GameView,
  type PhaseView,
  type Result,
  newToken,
  toGameView,
  toPhaseView,
  variantOfGame,
  channelRef,
  memberRef,
  timeRef,
  typed,
  typedLine,
  phaseDeadline,
  isError,
  gamePowerParam,
  powerParam,
  powersParam,
  variantParam,
  handedAt,
  durationParam,
  clockLeftParam,
} from '../core/index.js';
import { pressEndLines, syncPressThreads } from '../press/index.js';
import { scoresLines, settleEnd } from '../scores/index.js';
import {
  endWaiting,
  queueEndDms,
  standingsLines,
  humanPowersToAct,
  resolveInTx,
  type ResolveOutcome,
} from '../resolve/index.js';
import { and, eq, gt, inArray, isNull, notLike } from 'drizzle-orm';
import type { Tx } from '../../store/store.js';
import {
  audit,
  gameById,
  idText,
  latestGameByChannel,
  openGameByChannel,
  phaseById,
  phasesOf,
  playerByUser,
  playersOf,
} from '../../store/queries.js';
import { msg, type Msg, type MsgParam } from '../../i18n/index.js';
import { games, outbox, phases, players, readiness, votes, type GameRow, type PhaseRow } from '../../store/schema.js';
import { matchPower } from '../lobby/index.js';
import { lapsesWithGame, queueDm, queueNotice, queueStatus } from '../outbox/index.js';
import { pauseAllowance, pauseClock, resumeClock } from '../pauses/index.js';
import { deadlinePassed } from '../orders/index.js';
import { advanceWords, clearSteps, pluginMsg, rearmStepReminder, storedStepUnderWay } from '../phase/index.js';
import type { AdvanceWords } from '../../variants/plugin/index.js';

async function gmGame(
  tx: Tx,
  caller: Caller,
  opts: { includeFinished?: boolean } = {},
): Promise<GameRow | { ok: false; error: string }> {
  const game = opts.includeFinished
    ? await latestGameByChannel(tx, caller.channelId)
    : await openGameByChannel(tx, caller.channelId);
  if (!game) return fail(await noOpenGame(tx, caller.channelId));
  if (game.gmUserId !== caller.userId) return fail(msg('gm.refused.notMaster'));
  return game;
}

/** A confirmation asked in one phase and clicked in another does nothing. */
const PHASE_MOVED = msg('gm.refused.phaseMoved');
const NOT_STARTED = msg('game.refused.notStarted');
const variantGone = (variantId: string) => msg('game.refused.variantGone', { variant: variantId });

/**
 * Who holds a seat, as the channel and the DMs name them: a member's reference, a computer player with its level, a
 * vacant seat, or `a player` where identities are hidden.
 */
export function holderMsg(userId: string, hidden = false): MsgParam {
  if (isComputer(userId)) return msg('gm.holder.computer', { level: computerLevelOf(userId) });
  if (isVacant(userId)) return msg('gm.holder.vacant');
  if (hidden && isPerson(userId)) return msg('gm.holder.hidden');
  return memberRef(userId);
}

/** `5 s` under two minutes, else `1h 2m`: how long until the limit lets the caller try again. */
function waitText(ms: number): string {
  const s = Math.max(1, Math.ceil(ms / 1000));
  return s < 120 ? `${s} s` : formatDuration(s * 1000);
}

/**
 * What `/gm advance` leaves to the computer player before the results: the missing orders it gives under `nmr:
 * computer` (`missing`), the orders of computer seats still computing them (`computer`), or nothing (null).
 */
export type AdvanceWait = 'missing' | 'computer' | null;

/**
 * Resolves the current phase now, whatever the readiness. When the computer player still has orders to give (a seat
 * missing some under `nmr: computer`, or a computer seat still computing its own), the deadline is moved to now
 * instead: the computer player gives them first (nmr-filler.ts, computer.ts), then the scheduler resolves the phase
 * (`waitsFor`), as at any deadline.
 */
export async function gmAdvance(
  deps: GameDeps,
  caller: Caller & { phaseId?: number },
): Promise<Result<ResolveOutcome & { game: GameView; waitsFor: AdvanceWait; computers: number }>> {
  return await inTransaction(deps, async (tx, changed) => {
    const game = await gmGame(tx, caller);
    if (isError(game)) return game;
    if (caller.phaseId !== undefined && caller.phaseId !== game.currentPhaseId) return fail(PHASE_MOVED);
    if (game.status !== 'active') return fail(game.status === 'forming' ? NOT_STARTED : msg('gm.refused.paused'));
    const allowed = await earlyResolutionAllowed(tx, deps, game.id, deps.now());
    if (!allowed.ok) return fail(msg('gm.refused.tooFast', { count: allowed.count, wait: waitText(allowed.waitMs) }));
    const current = game.currentPhaseId !== null ? await phaseById(tx, game.currentPhaseId) : undefined;
    const { wait: waitsFor, computers } = current
      ? await advanceWaitsFor(tx, game, current)
      : { wait: null, computers: 0 };
    // Already ended (a deadline passed, or an earlier advance) and waiting for the computer player: nothing to end twice.
    if (waitsFor && current && game.deadlineMs !== null && game.deadlineMs <= deps.now())
      return fail(
        msg('gm.refused.alreadyEnding', {
          phase: phaseMsg(current.position.phase, variantOfGame(game) ?? undefined),
          count: computers,
        }),
      );
    if (current) {
      // Queued before the results, so the channel reads why the phase ended early, then its results.
      const phase = { season: current.season as never, year: current.year, type: current.type as never };
      const variant = variantOfGame(game);
      // What ends early: the phase, its orders (a step follows), or the variant's step under way (src/game/phase/steps.ts).
      const words = waitsFor ? null : variant ? await advanceWords(tx, game, variant, current, deps.now()) : {};
      await queueNotice(tx, game, {
        text: [advanceNotice(phaseMsg(phase, variant ?? undefined), words, waitsFor, computers)],
        dedupeKey: `advance:${game.id}:${current.id}:${newToken(deps)}`,
        now: deps.now(),
        phaseId: current.id,
      });
    }
    const r = waitsFor
      ? await deadlineNow(tx, deps, game, current!)
      : await resolveInTx(tx, deps, game.id, game.currentPhaseId, 'gm');
    if (!r.ok) return r;
    await audit(tx, {
      gameId: game.id,
      userId: caller.userId,
      action: 'gm_advance',
      detail: { phaseId: game.currentPhaseId },
      at: deps.now(),
    });
    changed(game.id);
    const updated = (await gameById(tx, game.id))!;
    return { ...r, game: toGameView(updated), waitsFor, computers };
  });
}

/**
 * The channel's notice of `/gm advance`: the computer player giving the missing orders or finishing a computer seat's
 * (`waitsFor`), a variant's own words for what ends (its step, its orders), or the results following.
 */
function advanceNotice(phase: Msg, words: AdvanceWords | null, waitsFor: AdvanceWait, computers: number): Msg {
  if (waitsFor === 'missing') return msg('gm.notice.advanceMissing', { phase });
  if (waitsFor === 'computer' || words === null) return msg('gm.notice.advanceComputer', { phase, count: computers });
  if (!words.notice) return msg('gm.notice.advance', { phase });
  const notice = pluginMsg(words.notice);
  return { key: notice.key, params: { ...notice.params, phase } };
}

/**
 * Does `/gm advance` leave the phase to the computer player first? When the orders are open (no step under way): under
 * `nmr: computer` while the missing orders are not given yet and a member's or vacant seat misses some; and whenever a
 * computer seat has not given its own yet.
 */
async function advanceWaitsFor(
  tx: Tx,
  game: GameRow,
  phase: PhaseRow,
): Promise<{ wait: AdvanceWait; computers: number }> {
  const variant = variantOfGame(game);
  if (!variant || (await storedStepUnderWay(tx, game, phase))) return { wait: null, computers: 0 };
  const fills = game.nmr === 'computer' && phase.missingFilledAt === null;
  // Under `nmr: computer` one computer player gives every missing order: the texts speak of it alone.
  if (fills && (await seatsMissingOrders(tx, game, variant, phase)).length > 0)
    return { wait: 'missing', computers: 1 };
  const computers = (await computerSeatsToPlay(tx, game, variant, phase)).length;
  return { wait: computers > 0 ? 'computer' : null, computers };
}

/** The phase's deadline is now: the computer player's filler and the scheduler take it from there. */
async function deadlineNow(tx: Tx, deps: GameDeps, game: GameRow, phase: PhaseRow): Promise<Result<ResolveOutcome>> {
  const now = deps.now();
  await tx.update(games).set({ deadlineMs: now }).where(eq(games.id, game.id));
  await queueStatus(tx, game.id, now);
  const variant = variantOfGame(game);
  return { ok: true, resolved: [], next: toPhaseView(phase, variant ?? undefined), end: null };
}

/** An extension's audit line, its notice in the channel and the status edit (running or paused alike). */
async function announceExtend(tx: Tx, deps: GameDeps, game: GameRow, userId: string, ms: number, notice: Msg[]) {
  const now = deps.now();
  await audit(tx, { gameId: game.id, userId, action: 'gm_extend', detail: { ms }, at: now });
  await queueNotice(tx, game, {
    text: notice,
    dedupeKey: `extend:${game.id}:${newToken(deps)}`,
    now,
    phaseId: game.currentPhaseId ?? undefined,
  });
  await queueStatus(tx, game.id, now);
}

/** Adds time to the current deadline (or to the time left, while paused). */
export async function gmExtend(
  deps: GameDeps,
  input: Caller & { duration: string },
): Promise<Result<{ game: GameView; deadline: number | null; remaining: number }>> {
  return await inTransaction(deps, async (tx, changed) => {
    const game = await gmGame(tx, input);
    if (isError(game)) return game;
    const parsed = parseDuration(input.duration);
    if (!parsed.ok) return fail(parsed.message);
    const now = deps.now();
    if (game.status === 'active' && game.deadlineMs !== null) {
      const deadline = Math.max(game.deadlineMs, now) + parsed.ms;
      if (deadline - now > MAX_DURATION_MS) return fail(msg('gm.refused.deadlineTooFar'));
      const updated = (
        await tx.update(games).set({ deadlineMs: deadline }).where(eq(games.id, game.id)).returning()
      )[0]!;
      // A new deadline earns a new reminder: the step's while a step is under way (and the orders', when they are
      // open meanwhile), else the orders'.
      await rearmStepReminder(tx, game, game.currentPhaseId!);
      await announceExtend(tx, deps, game, input.userId, parsed.ms, [
        msg('gm.notice.extend', {
          duration: durationParam(parsed.ms),
          relative: timeRef(deadline, 'R'),
          date: timeRef(deadline, 'f'),
        }),
      ]);
      changed(game.id);
      return { ok: true, game: toGameView(updated), deadline, remaining: deadline - now };
    }
    if (game.status === 'paused') {
      const remaining = (game.pausedRemainingMs ?? 0) + parsed.ms;
      if (remaining > MAX_DURATION_MS) return fail(msg('gm.refused.pausedTooLong'));
      const updated = (
        await tx.update(games).set({ pausedRemainingMs: remaining }).where(eq(games.id, game.id)).returning()
      )[0]!;
      await announceExtend(tx, deps, game, input.userId, parsed.ms, [
        msg('gm.notice.extendPaused', { duration: durationParam(parsed.ms), remaining: clockLeftParam(remaining) }),
      ]);
      changed(game.id);
      return { ok: true, game: toGameView(updated), deadline: null, remaining };
    }
    return fail(NOT_STARTED);
  });
}

/**
 * Stops the clock; the time left is kept for `gmResume`. A game master who also plays a power may pause at most the
 * game's pause limit in all (docs/table.md "Pauses that cannot freeze a game"): the pause then ends by itself when
 * the allowance is spent (src/game/pauses); one who plays no power is not limited — except in a game that hides who
 * plays whom, where every master's pause is limited alike, so a pause tells nobody whether the master plays.
 */
export async function gmPause(
  deps: GameDeps,
  caller: Caller & { reason?: string | null },
): Promise<Result<{ game: GameView; remaining: number; resumeAt: number | null; hidden: boolean }>> {
  return await inTransaction(deps, async (tx, changed) => {
    const game = await gmGame(tx, caller);
    if (isError(game)) return game;
    if (game.status !== 'active') return fail(game.status === 'paused' ? msg('gm.refused.alreadyPaused') : NOT_STARTED);
    const now = deps.now();
    // Past the deadline the phase is over even before the sweep resolves it: no pause reopens its orders.
    const closed = deadlinePassed(game, now);
    if (closed) return fail(closed);
    const hidden = identitiesHiddenNow(game);
    const limited = hidden || (await playerByUser(tx, game.id, caller.userId)) !== undefined;
    const allowance = pauseAllowance(game);
    const limit = durationParam(game.pauseLimitMs);
    if (limited && game.pauseLimitMs <= 0)
      return fail(msg(hidden ? 'pauses.refused.forbiddenHidden' : 'pauses.refused.forbidden'));
    if (limited && allowance <= 0)
      return fail(msg(hidden ? 'pauses.refused.allowanceSpentHidden' : 'pauses.refused.allowanceSpent', { limit }));
    const resumeAt = limited ? now + allowance : null;
    const paused = await pauseClock(tx, game, limited ? 'player-master' : 'master', now, resumeAt);
    const { remaining } = paused;
    const reason = typed(caller.reason ?? '', MAX_REASON);
    await audit(tx, {
      gameId: game.id,
      userId: caller.userId,
      action: 'gm_pause',
      detail: { remaining, resumeAt, reason: typedLine(caller.reason ?? '', MAX_REASON) },
      at: now,
    });
    const notice =
      resumeAt === null
        ? msg('gm.notice.pause', { remaining: clockLeftParam(remaining) })
        : msg(hidden ? 'pauses.notice.limitedHidden' : 'pauses.notice.limited', {
            remaining: clockLeftParam(remaining),
            relative: timeRef(resumeAt, 'R'),
            date: timeRef(resumeAt, 'f'),
          });
    const lines = reason === '' ? [notice] : [notice, msg('pauses.notice.reason', { reason })];
    await queueNotice(tx, game, { text: lines, dedupeKey: `pause:${game.id}:${newToken(deps)}`, now });
    await queueStatus(tx, game.id, now);
    changed(game.id);
    return { ok: true, game: toGameView(paused.game), remaining, resumeAt, hidden };
  });
}

/** The longest reason `/gm pause reason:` shows. */
const MAX_REASON = 200;

/**
 * Restarts the clock with the time that was left (at least a minute), whatever paused it; a playing master's pause
 * counts against the pause limit for as long as it lasted.
 */
export async function gmResume(deps: GameDeps, caller: Caller): Promise<Result<{ game: GameView; deadline: number }>> {
  return await inTransaction(deps, async (tx, changed) => {
    const game = await gmGame(tx, caller);
    if (isError(game)) return game;
    if (game.status !== 'paused') return fail(msg('gm.refused.notPaused'));
    const now = deps.now();
    const r = await resumeClock(tx, game, now);
    if (!r) return fail(msg('gm.refused.notPaused'));
    const { deadline } = r;
    await audit(tx, { gameId: game.id, userId: caller.userId, action: 'gm_resume', at: now });
    await queueNotice(tx, game, {
      text: [msg('gm.notice.resume', { relative: timeRef(deadline, 'R'), date: timeRef(deadline, 'f') })],
      dedupeKey: `resume:${game.id}:${newToken(deps)}`,
      now,
    });
    await queueStatus(tx, game.id, now);
    changed(game.id);
    return { ok: true, game: toGameView(r.game), deadline };
  });
}

/**
 * What `/gm rollback` would do, before it asks (the same checks as on the click): the phase it goes back to, or the
 * refusal, so a game master is never asked to confirm what cannot be done and the question names the phase.
 */
export async function gmRollbackTarget(deps: GameDeps, caller: Caller): Promise<Result<{ phase: PhaseView }>> {
  return await inReadTransaction(deps, async (tx) => {
    const target = await rollbackTarget(tx, caller);
    if (!target.ok) return target;
    return { ok: true, phase: toPhaseView(target.previous, target.variant) };
  });
}

/**
 * The game `/gm rollback` acts on, its phases and the previous phase a player had something to decide in (phases
 * that only civil-disorder powers had to decide were resolved at once, and going back to one would only wait for its
 * deadline), or the refusal.
 */
async function rollbackTarget(tx: Tx, caller: Caller & { phaseId?: number }) {
  const game = await gmGame(tx, caller, { includeFinished: true });
  if (isError(game)) return game;
  if (caller.phaseId !== undefined && caller.phaseId !== game.currentPhaseId) return fail(PHASE_MOVED);
  if (game.status === 'forming') return fail(NOT_STARTED);
  if (game.status === 'finished' && (await openGameByChannel(tx, caller.channelId)))
    return fail(msg('gm.refused.newerGame'));
  const variant = variantOfGame(game);
  if (!variant) return fail(variantGone(game.variantId));
  const all = await phasesOf(tx, game.id);
  for (const p of all.slice(0, -1).reverse()) {
    if ((await humanPowersToAct(tx, variant, game, p)).length === 0) continue;
    return { ok: true as const, game, variant, all, previous: p };
  }
  return fail(msg('gm.refused.noPrevious'));
}

/**
 * Goes back to the start of the previous phase: the current phase (with its orders) and the previous
 * phase's results are deleted, the previous phase becomes current again with its orders kept and a fresh
 * deadline, readiness is reset (draw votes and concessions stand unless they ended the game), and undelivered messages about the undone
 * phases are cancelled. Also reopens a game that ended in the undone phase.
 */
export async function gmRollback(
  deps: GameDeps,
  caller: Caller & { phaseId?: number },
): Promise<Result<{ game: GameView; phase: PhaseView }>> {
  return await inTransaction(deps, async (tx, changed) => {
    const target = await rollbackTarget(tx, caller);
    if (!target.ok) return target;
    const { game, variant, all, previous } = target;
    const now = deps.now();
    const undone = all.filter((p) => p.idx > previous.idx).map((p) => p.id);
    await tx
      .update(outbox)
      .set({ failedAt: now, lastError: 'cancelled by a game-master rollback' })
      // A post the channel has the first parts of is finished, not cut short (its rest follows; the notice after it).
      .where(
        and(
          inArray(outbox.phaseId, [previous.id, ...undone]),
          isNull(outbox.sentAt),
          isNull(outbox.failedAt),
          eq(outbox.partsSent, 0),
        ),
      );
    await tx.delete(phases).where(and(eq(phases.gameId, game.id), gt(phases.idx, previous.idx)));
    await tx
      .update(phases)
      .set({ adjudication: null, resolvedAt: null, claimToken: null, remindedAt: null, startedAt: now })
      .where(eq(phases.id, previous.id));
    await tx.delete(readiness).where(eq(readiness.phaseId, previous.id));
    await clearSteps(tx, previous.id); // its variant's steps start again at its next deadline
    // Votes never expire silently: they stand, unless they decided the end this rollback undoes.
    const undoesEnd = game.status === 'finished' && (game.end?.kind === 'draw' || game.end?.kind === 'concession');
    if (undoesEnd) await tx.delete(votes).where(eq(votes.gameId, game.id));
    const deadline = phaseDeadline(game, previous.type, now);
    await tx.update(phases).set({ deadlineMs: deadline }).where(eq(phases.id, previous.id));
    const updated = (
      await tx
        .update(games)
        .set({
          status: game.status === 'paused' ? 'paused' : 'active',
          currentPhaseId: previous.id,
          deadlineMs: game.status === 'paused' ? null : deadline,
          pausedRemainingMs: game.status === 'paused' ? deadline - now : null,
          readyAtMarkMs: null,
          end: null,
          finishedAt: null,
        })
        .where(eq(games.id, game.id))
        .returning()
    )[0]!;
    const restored = (await phaseById(tx, previous.id))!;
    const phase = phaseMsg(
      { season: restored.season as never, year: restored.year, type: restored.type as never },
      variant,
    );
    await audit(tx, {
      gameId: game.id,
      userId: caller.userId,
      action: 'gm_rollback',
      detail: { to: previous.id, undone },
      at: now,
    });
    await queueNotice(tx, updated, {
      text: [
        msg('gm.notice.rollback', { phase, relative: timeRef(deadline, 'R'), votes: undoesEnd ? 'cleared' : 'kept' }),
      ],
      dedupeKey: `rollback:${game.id}:${previous.id}:${newToken(deps)}`,
      now,
    });
    await queueStatus(tx, game.id, now);
    changed(game.id);
    return { ok: true, game: toGameView(updated), phase: toPhaseView(restored, variant) };
  });
}

/** A hand-over by `/gm replace`: the power, its previous and new holders, and how many of its orders it cleared. */
type Replaced = { game: GameView; power: string; previousUserId: string | null; newUserId: string; cleared: number };

/**
 * Gives a power to another user (a replacement player, or a player for a power in civil disorder). The new
 * user must not already play another power in this game.
 */
export async function gmReplace(
  deps: GameDeps,
  input: Caller & { power: string; newUserId?: string | null; computer?: boolean; level?: string | null },
): Promise<Result<Replaced>> {
  return await inTransaction(deps, async (tx, changed) => {
    const game = await gmGame(tx, input);
    if (isError(game)) return game;
    const variant = variantOfGame(game);
    if (!variant) return fail(variantGone(game.variantId));
    if (input.computer && input.newUserId) return fail(msg('gm.refused.userAndComputer'));
    if (!input.computer && !idText(input.newUserId ?? '')) return fail(msg('gm.refused.nameUser'));
    const power = matchPower(game.variantId, String(input.power ?? ''));
    if (!power) {
      const powers = powersParam(
        variant,
        variant.powers.map((p) => p.name),
      );
      return fail(
        msg('gm.refused.unknownPowerOf', { text: typed(input.power), variant: variantParam(variant), powers }),
      );
    }
    const named = powerParam(variant, power);
    // A computer seat is put there by the game master only (docs/decisions.md).
    if (!input.computer && input.level) return fail(msg('gm.refused.levelWithoutComputer'));
    const level = parseLevel(input.level, game.computerLevel);
    if (!level.ok) return level;
    const newUserId = input.computer ? computerUserId(power, level.level) : input.newUserId!;
    const roster = await playersOf(tx, game.id);
    const holder = roster.find((p) => p.power === power);
    const current = game.currentPhaseId !== null ? await phaseById(tx, game.currentPhaseId) : undefined;
    const unseatable =
      current && !holder ? variant.rules.canSeat?.({ map: variant.map, position: current.position, power }) : null;
    if (unseatable) return fail(plainMsg(`${unseatable}.`));
    // No game of only computer players through a replacement (a demonstration table is asked for at
    // creation).
    if (input.computer && !game.demonstration && !roster.some((p) => p.power !== power && !isComputer(p.userId))) {
      return fail(msg('gm.refused.lastPerson', { power: named }));
    }
    const other = roster.find((p) => p.userId === newUserId);
    // docs/decisions.md: a game master cannot take a power while he holds another (nor can anyone hold two).
    if (other && other.power !== power) {
      return fail(
        newUserId === input.userId
          ? msg('gm.refused.secondPower', { power: powerParam(variant, other.power) })
          : msg('gm.refused.playsOther', { player: holderMsg(newUserId), power: powerParam(variant, other.power) }),
      );
    }
    if (holder?.userId === newUserId)
      return fail(msg('gm.refused.playsIt', { player: holderMsg(newUserId), power: named }));
    const now = deps.now();
    const joinedAt = handedAt(holder?.joinedAt, now);
    if (holder) await tx.update(players).set({ userId: newUserId, joinedAt }).where(eq(players.id, holder.id));
    else await tx.insert(players).values({ gameId: game.id, power, userId: newUserId, joinedAt: now });
    // A substitute call for the seat is answered by the game master's choice.
    await closeCallOf(tx, game, power, now);
    const cleared = await clearSeatOnHandOver(tx, game, power);
    await syncPressThreads(tx, game, power, now);
    await audit(tx, {
      gameId: game.id,
      userId: input.userId,
      action: 'gm_replace',
      detail: { power, from: holder?.userId ?? null, to: newUserId },
      at: now,
    });
    const tag = newToken(deps);
    await queueNotice(tx, game, {
      text: [replaceNotice(game, named, holder?.userId ?? null, newUserId)],
      dedupeKey: `replace:${game.id}:${power}:${tag}`,
      now,
    });
    // Votes never lapse silently: a seat that could vote is told in the channel to have lost its votes, if any.
    if (holder && !isVacant(holder.userId)) await queueVotesCleared(tx, game, power, tag, now);
    if (game.status !== 'forming') {
      // The new holder is given a power, as a claimed seat is: the DM carries their pad link (docs/pad.md).
      await queueDm(tx, game, {
        to: newUserId,
        reason: 'power_assigned',
        text: [
          msg('gm.dm.replaced', { power: named, variant: variantParam(variant), channel: channelRef(game.channelId) }),
        ],
        dedupeKey: `replace-dm:${game.id}:${power}:${tag}`,
        now,
      });
      if (holder) {
        await queueDm(tx, game, {
          to: holder.userId,
          reason: 'replaced',
          text: [msg('gm.dm.replacedOld', { power: named, channel: channelRef(game.channelId), cleared })],
          dedupeKey: `replaced-dm:${game.id}:${power}:${tag}`,
          now,
        });
      }
      await handWaitingToHolder(tx, game, power, newUserId, now);
    }
    await queueStatus(tx, game.id, now);
    changed(game.id);
    return { ok: true, game: toGameView(game), power, previousUserId: holder?.userId ?? null, newUserId, cleared };
  });
}

/**
 * The channel's notice of `/gm replace`: in a game that hides who plays whom the power only, and before its start not
 * even that (a member takes a place, its power drawn at the start: docs/decisions.md "Hidden identities").
 */
function replaceNotice(game: GameRow, named: MsgParam, holder: string | null, newUserId: string): Msg {
  if (hidesIdentities(game) && isPerson(newUserId))
    return game.status === 'forming' ? msg('gm.notice.seatPlace') : msg('gm.notice.replaceHidden', { power: named });
  return msg('gm.notice.replace', {
    power: named,
    player: holderMsg(newUserId),
    before: !holder ? 'none' : isVacant(holder) ? 'vacant' : 'replacing',
    previous: holder ? holderMsg(holder, identitiesHiddenNow(game)) : '',
  });
}

/**
 * Cancels the channel's unfinished game: its game master, or anyone with Manage Server in
 * the server (docs/decisions.md: no need to detect that the master left; the bot layer says whether the caller has
 * it). The game ends as abandoned; the channel and every player are told.
 */
export async function gmCancel(
  deps: GameDeps,
  input: Caller & { canManageServer: boolean },
): Promise<Result<{ game: GameView; byManager: boolean }>> {
  return await inTransaction(deps, async (tx, changed) => {
    const game = await openGameByChannel(tx, input.channelId);
    if (!game) return fail(await noOpenGame(tx, input.channelId));
    const isMaster = game.gmUserId === input.userId;
    if (!isMaster && !input.canManageServer) return fail(msg('gm.refused.cancelPermission'));
    const now = deps.now();
    await tx
      .update(games)
      .set({
        status: 'finished',
        end: { kind: 'abandoned' },
        finishedAt: now,
        deadlineMs: null,
        pausedRemainingMs: null,
      })
      .where(eq(games.id, game.id));
    await closeCallsOfGame(tx, game, now);
    // Ended by the game master (docs/bot.md "Scoring"): a started game is scored, and rated once a phase was played.
    const ended = { kind: 'abandoned' } as const;
    const settled = game.status === 'forming' ? null : await settleEnd(tx, deps, game, ended, now);
    // Reminders and other undelivered messages about a game that no longer runs would be untrue.
    const pending = await tx
      .select({ id: outbox.id, kind: outbox.kind, payload: outbox.payload })
      .from(outbox)
      .where(
        and(
          eq(outbox.gameId, game.id),
          isNull(outbox.sentAt),
          isNull(outbox.failedAt),
          eq(outbox.partsSent, 0),
          inArray(outbox.kind, ['dm', 'notice', 'kind']),
          // Not the DMs kept for an empty seat: they end with what else waited for a seat (`endWaiting`, below).
          notLike(outbox.target, `${VACANT_ID_PREFIX}%`),
        ),
      );
    const lapsed = pending.filter(lapsesWithGame).map((r) => r.id);
    if (lapsed.length > 0)
      await tx
        .update(outbox)
        .set({ failedAt: now, lastError: 'cancelled with the game' })
        .where(inArray(outbox.id, lapsed));
    const by = isMaster ? 'master' : 'manager';
    await audit(tx, {
      gameId: game.id,
      userId: input.userId,
      action: 'gm_cancel',
      detail: { byManager: !isMaster },
      at: now,
    });
    const tag = newToken(deps);
    await queueNotice(tx, game, {
      text: [
        hidesIdentities(game)
          ? msg('gm.notice.cancelHidden', { by })
          : msg('gm.notice.cancel', { by, member: memberRef(input.userId) }),
        ...(game.status === 'forming' ? [] : await standingsLines(tx, game, ended, settled)),
        ...scoresLines(settled?.score ?? null, variantOfGame(game) ?? undefined),
        ...(await pressEndLines(tx, game)),
      ],
      dedupeKey: `cancel:${game.id}:${tag}`,
      now,
    });
    if (game.status !== 'forming') {
      const opening = msg('end.dm.cancelled', { channel: channelRef(game.channelId), by });
      await queueEndDms(tx, game, ended, settled, opening, `cancel:${tag}`, now);
    }
    // As at any end: what waited for a seat ends and its senders are told (after the lapse above, which spares it).
    await endWaiting(tx, game, now);
    await queueStatus(tx, game.id, now);
    changed(game.id);
    return {
      ok: true,
      game: toGameView((await gameById(tx, game.id))!),
      byManager: !isMaster,
    };
  });
}

/**
 * Why a hand-over is refused in a game that hides who plays whom (docs/bot.md "The game master's role"): its master
 * reads who plays which power (`/gm seats`), so the role never goes to a member who plays in it; and a server manager
 * who is not its master hands it only to themselves, or the refusal would tell them whether another member plays. As
 * its master they may then hand it on: a master's refusal tells them nothing they cannot read.
 */
async function hiddenTransferRefusal(
  tx: Tx,
  game: GameRow,
  input: Caller & { newUserId: string },
  isMaster: boolean,
): Promise<Msg | null> {
  if (!identitiesHiddenNow(game)) return null;
  const self = input.newUserId === input.userId;
  if (!isMaster && !self) return msg('gm.refused.transferHiddenOthers');
  if ((await playerByUser(tx, game.id, input.newUserId)) === undefined) return null;
  return msg('gm.refused.transferToPlayer', { self: self ? 'yes' : 'no', member: memberRef(input.newUserId) });
}

/**
 * Hands the game-master role to another member: the game master, or anyone with Manage Server in the server, to
 * anyone, themselves included (docs/bot.md "The game master's role": a game whose master left the server goes on;
 * the bot layer says whether the caller has it). Audited with who held the role before; the channel is told once,
 * naming nobody in a game that hides who plays whom.
 */
export async function gmTransfer(
  deps: GameDeps,
  input: Caller & { newUserId: string; canManageServer?: boolean },
): Promise<Result<{ game: GameView; previousUserId: string; byManager: boolean }>> {
  return await inTransaction(deps, async (tx, changed) => {
    const game = await openGameByChannel(tx, input.channelId);
    if (!game) return fail(await noOpenGame(tx, input.channelId));
    const isMaster = game.gmUserId === input.userId;
    if (!isMaster && input.canManageServer !== true) return fail(msg('gm.refused.transferPermission'));
    if (!idText(input.newUserId)) return fail(msg('gm.refused.nameMaster'));
    if (input.newUserId === game.gmUserId)
      return fail(
        isMaster ? msg('gm.refused.alreadyMaster') : msg('gm.refused.isMaster', { member: memberRef(game.gmUserId) }),
      );
    const hiddenRefusal = await hiddenTransferRefusal(tx, game, input, isMaster);
    if (hiddenRefusal) return fail(hiddenRefusal);
    const now = deps.now();
    const updated = (
      await tx.update(games).set({ gmUserId: input.newUserId }).where(eq(games.id, game.id)).returning()
    )[0]!;
    const by = isMaster ? 'master' : 'manager';
    await audit(tx, {
      gameId: game.id,
      userId: input.userId,
      action: 'gm_transfer',
      detail: { from: game.gmUserId, to: input.newUserId, byManager: !isMaster },
      at: now,
    });
    await queueNotice(tx, game, {
      text: [
        hidesIdentities(game)
          ? msg('gm.notice.transferHidden', { by })
          : msg('gm.notice.transfer', {
              by,
              member: memberRef(input.newUserId),
              previous: memberRef(game.gmUserId),
              manager: memberRef(input.userId),
            }),
      ],
      dedupeKey: `transfer:${game.id}:${newToken(deps)}`,
      now,
    });
    await queueStatus(tx, game.id, now);
    changed(game.id);
    return { ok: true, game: toGameView(updated), previousUserId: game.gmUserId, byManager: !isMaster };
  });
}

/** Removes a player from the forming game; after the start, `/gm replace` hands powers over. */
export async function gmKick(
  deps: GameDeps,
  input: Caller & { power: string },
): Promise<Result<{ game: GameView; power: string; userId: string }>> {
  return await inTransaction(deps, async (tx, changed) => {
    const game = await gmGame(tx, input);
    if (isError(game)) return game;
    if (game.status !== 'forming') return fail(msg('gm.refused.kickStarted'));
    const power = matchPower(game.variantId, String(input.power ?? ''));
    if (!power) return fail(msg('gm.refused.unknownPower', { text: typed(input.power) }));
    const holder = (await playersOf(tx, game.id)).find((p) => p.power === power);
    if (!holder) return fail(msg('gm.refused.nobodyAs', { power: gamePowerParam(game, power) }));
    const now = deps.now();
    await tx.delete(players).where(eq(players.id, holder.id));
    await syncPressThreads(tx, game, power, now);
    await audit(tx, {
      gameId: game.id,
      userId: input.userId,
      action: 'gm_kick',
      detail: { power, user: holder.userId },
      at: now,
    });
    // A game that hides who plays whom has places until its start draws the powers: the notice names none.
    const notice = hidesIdentities(game)
      ? msg('gm.notice.kickPlace')
      : msg('gm.notice.kick', { player: holderMsg(holder.userId, false), power: gamePowerParam(game, power) });
    await queueNotice(tx, game, {
      text: [notice],
      dedupeKey: `kick:${game.id}:${power}:${newToken(deps)}`,
      now,
    });
    await queueStatus(tx, game.id, now);
    changed(game.id);
    return { ok: true, game: toGameView(game), power, userId: holder.userId };
  });
}
