/**
 * Resolving a phase: one transaction that claims the phase, adjudicates its stored orders, stores the
 * results and the next phase, ends the game when someone has won, and queues the messages: `resolvePhase` →
 * `resolveInTx` (the game's applier of src/game/phase/transition.ts) → `applyAdjudication` → `startNextPhase`. The
 * deadlines due are found by `resolveDuePhases`, which the scheduler's sweep calls (scheduler.ts).
 *
 * The claim (`UPDATE phases SET resolved_at = ? WHERE id = ? AND resolved_at IS NULL`, which must change
 * exactly one row) makes resolution exactly-once: two timers, a timer and `/ready`, or two processes on the
 * same file can never resolve the same phase twice.
 */
import { inSnapshot, type Tx } from '../../store/store.js';
import { and, eq, isNull, lte, isNotNull } from 'drizzle-orm';
import { powersToAct } from '../../engine/index.js';
import type { Adjudication, Position } from '../../engine/types.js';
import type { Variant } from '../../engine/variant.js';
import { gameById, insertPhase, phaseById, playersOf, audit } from '../../store/queries.js';
import { games, phases, type GameEnd, type GameRow, type PhaseRow } from '../../store/schema.js';
import { dropKept, enqueue, queueDm, queueStatus, worded } from '../outbox/index.js';
import {
  pluginContext,
  pluginOfGame,
  powersInDisorder,
  crossingFrame,
  phaseTransition,
  seatedPowersToAct,
  seatedToAct,
  writeCrossing,
  type PhaseMove,
  survivingPowers,
  pluginMsg,
  releaseHeldBoard,
} from '../phase/index.js';
import {
  phaseLabel,
  fail,
  inTransaction,
  noteEvent,
  type GameDeps,
  type PhaseView,
  type Result,
  randomToken,
  toPhaseView,
  variantOfGame,
  channelRef,
  timeRef,
  isVacant,
  phaseMsg,
  resultsSummaryLines,
  phaseDeadline,
  powerParam,
  randomOf,
} from '../core/index.js';
import {
  awaitsMissingOrders,
  computerSeatsToPlay,
  NMR_GRACE_MS,
  givenOrders,
  recordPhaseSeats,
  vacateSilentSeats,
  clearVotesOfEliminated,
  closeCallsOfGame,
} from '../seats/index.js';
import { msg, type Msg } from '../../i18n/index.js';
import { pressEndLines } from '../press/index.js';
import { endRequests } from '../spectators/index.js';
import { scoresLines, settleEnd, type SettledEnd } from '../scores/index.js';
import { endHeadline, queueEndDms, standingsLines, type Places } from './end-post.js';
import { fogIsUp, fogPublicResultsLines, queueFogResultsDms, viewsUnderFog } from '../fog/index.js';

/** `step`: a variant's phase step closed early, every answer being in (src/game/phase/steps.ts). */
export type ResolveReason = 'deadline' | 'ready' | 'gm' | 'step';

/** Refusals that only mean another process or the game master got there first (`sweepDueGames` passes them by). */
const ALREADY_RESOLVED = msg('resolve.refused.alreadyResolved');
const NOT_RUNNING = msg('resolve.refused.notRunning');
const PAUSED = msg('gm.refused.paused');
const RACES: ReadonlySet<string> = new Set([ALREADY_RESOLVED, NOT_RUNNING, PAUSED].map((m) => m.key));

/** Is `r` a refusal that only means another process or the game master got there first? */
export function isRaceRefusal(r: { message?: Msg }): boolean {
  return r.message !== undefined && RACES.has(r.message.key);
}

export interface ResolveOutcome {
  /** The phases resolved, in order (more than one when following phases had nobody to decide). */
  resolved: PhaseView[];
  /** The phase now being played, or null if the game ended. */
  next: PhaseView | null;
  end: GameEnd | null;
}

/**
 * Resolves the game's current phase now. `phaseId`, when given, must be the current phase (a stale timer
 * for an earlier phase is refused). Errors: no such game, game not running, phase already resolved.
 */
export async function resolvePhase(
  deps: GameDeps,
  input: {
    gameId: number;
    phaseId?: number;
    reason: ResolveReason;
    /** The deadline the caller found passed: the game is left alone when its deadline is another one by now. */
    dueAt?: number | null;
  },
): Promise<Result<ResolveOutcome & { gameId: number }>> {
  return await inTransaction(deps, async (tx, changed) => {
    const r = await resolveInTx(tx, deps, input.gameId, input.phaseId ?? null, input.reason, input.dueAt);
    if (r.ok) changed(input.gameId);
    return r.ok ? { ...r, gameId: input.gameId } : r;
  });
}

/**
 * Resolves every active game whose deadline has passed, each in its own transaction. A phase whose missing orders the
 * computer player is still giving (`nmr: computer`, nmr.ts), or whose computer seats are still computing theirs, waits
 * for at most its grace period: `awaiting` counts them.
 */
export async function resolveDuePhases(
  deps: GameDeps,
): Promise<{ resolved: number; awaiting?: number; failures: string[] }> {
  const now = deps.now();
  const due = await inSnapshot(deps.store, (tx) =>
    tx
      .select({
        id: games.id,
        phaseId: games.currentPhaseId,
        nmr: games.nmr,
        deadlineMs: games.deadlineMs,
        missingFilledAt: phases.missingFilledAt,
      })
      .from(games)
      .leftJoin(phases, eq(phases.id, games.currentPhaseId))
      .where(and(eq(games.status, 'active'), isNotNull(games.deadlineMs), lte(games.deadlineMs, now))),
  );
  let resolved = 0;
  let awaiting = 0;
  const failures: string[] = [];
  for (const g of due) {
    if (
      awaitsMissingOrders(g, { missingFilledAt: g.missingFilledAt ?? null }, now) ||
      (await awaitsComputerSeats(deps, g, now))
    ) {
      awaiting++;
      continue;
    }
    const r = await resolvePhase(deps, {
      gameId: g.id,
      phaseId: g.phaseId ?? undefined,
      reason: 'deadline',
      dueAt: g.deadlineMs,
    });
    if (r.ok) resolved += r.resolved.length;
    // Another process (a second shard, `/ready`, a game master) got there first, or paused or ended the game
    // since the query above: nothing is wrong and nothing is left to do.
    else if (!isRaceRefusal(r)) failures.push(`game ${g.id}: ${r.error}`);
  }
  return { resolved, ...(awaiting > 0 ? { awaiting } : {}), failures };
}

/** Does a due phase still wait, within its grace, for a computer seat computing its orders (`computerSeatsToPlay`)? */
async function awaitsComputerSeats(deps: GameDeps, g: { id: number; deadlineMs: number | null }, now: number) {
  if (g.deadlineMs === null || now >= g.deadlineMs + NMR_GRACE_MS) return false;
  return await inSnapshot(deps.store, async (tx) => {
    const game = await gameById(tx, g.id);
    const variant = game && variantOfGame(game);
    const phase = game?.currentPhaseId != null ? await phaseById(tx, game.currentPhaseId) : undefined;
    return Boolean(variant && phase && (await computerSeatsToPlay(tx, game, variant, phase)).length > 0);
  });
}

/**
 * Powers that have something to decide and a seat to decide it (a player, a computer player, a vacant seat): a phase
 * where one has keeps its deadline rather than resolving at once.
 */
export async function humanPowersToAct(tx: Tx, variant: Variant, game: GameRow, phase: PhaseRow): Promise<string[]> {
  return await seatedPowersToAct(tx, game, variant, phase.position);
}

/**
 * The powers whose `/ready` the phase waits for: those of `humanPowersToAct` but a vacant seat under `nmr: hold`, which
 * is ready as it is, its units holding (docs/bot.md "Seats that never stall"). Under `nmr: computer` the computer
 * player plays a vacant seat and says `/ready` for it (computer.ts). A phase of vacant seats only keeps its deadline.
 */
export async function powersToWaitFor(tx: Tx, variant: Variant, game: GameRow, phase: PhaseRow): Promise<string[]> {
  return seatedToAct(
    variant,
    phase.position,
    (await playersOf(tx, game.id)).filter((p) => game.nmr === 'computer' || !isVacant(p.userId)).map((p) => p.power),
    viewsUnderFog(game, variant, phase.position),
  );
}

/**
 * The body of `resolvePhase`, for use inside another use-case's transaction (`/ready`, `/gm advance`): the game's
 * applier of the move from phase to phase (src/game/phase/transition.ts, docs/architecture.md "The move from phase to
 * phase"), each move written here as it comes.
 */
export async function resolveInTx(
  tx: Tx,
  deps: GameDeps,
  gameId: number,
  expectedPhaseId: number | null,
  reason: ResolveReason,
  dueAt?: number | null,
): Promise<Result<ResolveOutcome>> {
  const game = await gameById(tx, gameId);
  if (!game) return fail(msg('resolve.refused.noSuchGame'));
  // A sweep whose list of due games was read before another sweep (a poke beside the timer, another process) moved
  // the game on within the same phase — a step opened with a deadline of its own — or before `/gm extend`: that
  // deadline is no longer the game's, and resolving now would close the step unanswered.
  if (dueAt !== undefined && game.deadlineMs !== dueAt) return fail(ALREADY_RESOLVED);
  if (game.status !== 'active') {
    return fail(game.status === 'paused' ? PAUSED : NOT_RUNNING);
  }
  const variant = variantOfGame(game);
  if (!variant) return fail(msg('game.refused.variantGone', { variant: game.variantId }));
  if (game.currentPhaseId === null) return fail(msg('game.refused.noPhase'));
  if (expectedPhaseId !== null && expectedPhaseId !== game.currentPhaseId) return fail(ALREADY_RESOLVED);
  const stored = await phaseById(tx, game.currentPhaseId);
  // Resolved already (by another timer, `/ready`, a game master or process): its claim could not change a row.
  if (!stored || stored.resolvedAt !== null) return fail(ALREADY_RESOLVED);
  // A board a player's act holds until a mark to come (src/game/phase/held-board.ts) is the board the phase moves on.
  const phase = await releaseHeldBoard(tx, stored);
  // Whatever moves the phase on now, a mark it waited for (ready.ts `resolveReadyAtMarks`) is waited for no more.
  if (game.readyAtMarkMs !== null) await tx.update(games).set({ readyAtMarkMs: null }).where(eq(games.id, gameId));
  return await applyMoves(tx, deps, { game, variant, phase, reason, now: deps.now() });
}

/** Where `applyMoves` stands: the game as last read, the phase being moved on, and the call's reason and time. */
interface Applying {
  game: GameRow;
  variant: Variant;
  phase: PhaseRow;
  reason: ResolveReason;
  now: number;
}

/**
 * Writes the moves of the phase transition in order: each step boundary crossed (src/game/phase/steps.ts
 * `writeCrossing`), each adjudication claimed and stored with its results (`applyAdjudication`), then the phase played
 * next announced, or the end. A chained phase is read back as a frame once its row is stored.
 */
async function applyMoves(tx: Tx, deps: GameDeps, at: Applying): Promise<Result<ResolveOutcome>> {
  const { variant, now } = at;
  let { game, phase } = at;
  const resolved: PhaseView[] = [];
  // Each phase's time, from its frame's read to its results (the `phase_resolved` event).
  let started = performance.now();
  let crossed = await crossingFrame(tx, deps, game, variant, phase);
  const seated = crossed.frame.seats.map((s) => s.power);
  const moves = phaseTransition(crossed.frame, (position) =>
    someoneDecides(variant, position, seated, viewsUnderFog(game, variant, position)),
  );
  for (let r = moves.next(); !r.done; ) {
    const move = r.value;
    await writeCrossing(tx, deps, game, variant, phase, { row: crossed.row, crossing: move.crossing });
    if (move.kind === 'waits') {
      if (resolved.length === 0)
        return { ok: true, resolved, next: toPhaseView((await phaseById(tx, phase.id))!, variant), end: null };
      break;
    }
    const done = await applyAdjudication(tx, deps, { ...at, game, phase }, move, started);
    if (!done) {
      if (resolved.length === 0) return fail(ALREADY_RESOLVED);
      break;
    }
    resolved.push(done.view);
    game = done.game;
    if (done.end) return { ok: true, resolved, next: null, end: done.end };
    if (move.after === 'decide') {
      await announcePhase(tx, game, variant, { adjudication: move.adjudication, next: done.next }, now);
      return { ok: true, resolved, next: toPhaseView(done.next, variant), end: null };
    }
    if (move.after !== 'chain') break;
    // Only powers in civil disorder have something to decide: their defaults apply at once.
    phase = done.next;
    started = performance.now();
    crossed = await crossingFrame(tx, deps, game, variant, phase);
    r = moves.next(crossed.frame);
  }
  await queueStatus(tx, game.id, now);
  const current = (await phaseById(tx, game.currentPhaseId!))!;
  return { ok: true, resolved, next: toPhaseView(current, variant), end: null };
}

/**
 * A phase keeps its deadline when a seat (a player, a computer player, a vacant seat) has something to decide in it,
 * or when nobody at all has; it is adjudicated at once when only powers nobody holds have.
 */
function someoneDecides(
  variant: Variant,
  position: Position,
  seated: string[],
  seenBy: ((power: string) => Position) | undefined,
): boolean {
  return seatedToAct(variant, position, seated, seenBy).length > 0 || powersToAct(variant, position).length === 0;
}

/**
 * One adjudication of the transition, in the game: the phase claimed exactly once (null when another got there
 * first), the seats' record, the adjudication, the next phase, the results post, and the end or what a phase's end
 * changes for the seats (silent seats vacated, the votes of the eliminated cleared).
 */
async function applyAdjudication(
  tx: Tx,
  deps: GameDeps,
  at: Applying,
  move: Extract<PhaseMove, { kind: 'adjudicated' }>,
  started: number,
): Promise<{ view: PhaseView; game: GameRow; next: PhaseRow; end: GameEnd | null } | null> {
  const { game, variant, now } = at;
  const random = randomOf(deps);
  const token = randomToken(random);
  const claim = (
    await tx
      .update(phases)
      .set({ resolvedAt: now, claimToken: token })
      .where(and(eq(phases.id, at.phase.id), isNull(phases.resolvedAt)))
      .returning({ id: phases.id })
  ).length;
  if (claim !== 1) return null;
  const phase = (await phaseById(tx, at.phase.id))!;
  const { adjudication } = move;
  // The powers with a seated player (Mandate of Heaven: they vote on neutral units; docs/decisions.md).
  const players = move.frame.seats.map((s) => s.power);
  // The reliability record of the members who had something to decide (src/game/seats/seats.ts).
  const acting = seatedToAct(variant, phase.position, players, viewsUnderFog(game, variant, phase.position));
  const missed = await recordPhaseSeats(tx, game, phase.id, acting, now);
  await tx.update(phases).set({ adjudication }).where(eq(phases.id, phase.id));
  const view = toPhaseView({ ...phase, resolvedAt: now }, variant);
  const next = await startNextPhase(tx, game, phase, adjudication, now);
  const end: GameEnd | null = adjudication.winner ? { kind: 'solo', winner: adjudication.winner } : null;
  const score = end ? await finishGame(tx, deps, game, end, now) : null;
  if (!end) {
    await tx.update(games).set({ currentPhaseId: next.id, deadlineMs: next.deadlineMs }).where(eq(games.id, game.id));
  }
  const detail = { phaseId: phase.id, reason: at.reason, token };
  await audit(tx, { gameId: game.id, userId: null, action: 'resolve', detail, at: now });
  await queueResults(tx, game, variant, phase, adjudication, end ? null : next, { now, random, token });
  const ms = Math.round((performance.now() - started) * 10) / 10;
  noteEvent({
    kind: 'phase_resolved',
    gameId: game.id,
    phase: phaseLabel(phase.position.phase),
    reason: at.reason,
    ms,
  });
  const after = (await gameById(tx, game.id))!;
  if (end) {
    await announceEnd(tx, after, end, now, token, score);
    await queueStatus(tx, game.id, now);
    return { view, game: after, next, end };
  }
  // Seats silent for `vacate_after` phases in a row are offered to substitutes, after the results.
  await vacateSilentSeats(tx, after, missed, now);
  // Votes never lapse silently (docs/table.md "Pauses"): a power the phase eliminated loses its votes, said once.
  const remaining = new Set(stillInTheGame(variant, adjudication.position));
  const out = stillInTheGame(variant, phase.position).filter((p) => !remaining.has(p));
  const mayReturn = (power: string) => variant.rules.mayReturn?.({ map: variant.map, power }) ?? false;
  await clearVotesOfEliminated(tx, after, out, phase.id, now, mayReturn);
  return { view, game: after, next, end: null };
}

/** The phase played next begins: a DM to each seat with something to decide in it, and the status. */
async function announcePhase(
  tx: Tx,
  game: GameRow,
  variant: Variant,
  moved: { adjudication: Adjudication; next: PhaseRow },
  now: number,
): Promise<void> {
  const { adjudication, next } = moved;
  const acting = await humanPowersToAct(tx, variant, game, next);
  const userOf = new Map((await playersOf(tx, game.id)).map((p) => [p.power, p.userId]));
  for (const power of acting) {
    await queueDm(tx, game, {
      to: userOf.get(power)!,
      reason: 'phase_started',
      text: [
        msg('phase.begun', {
          phase: phaseMsg(adjudication.position.phase, variant),
          channel: channelRef(game.channelId),
          power: powerParam(variant, power),
          relative: timeRef(next.deadlineMs!, 'R'),
        }),
      ],
      dedupeKey: `phase:${next.id}:${power}`,
      now,
      phaseId: next.id,
    });
  }
  await queueStatus(tx, game.id, now);
}

/** The powers with a centre or a unit, a dislodged one too (it may still retreat): the others are out of the game. */
function stillInTheGame(variant: Variant, position: Position): string[] {
  const alive = new Set([...survivingPowers(variant, position), ...position.dislodged.map((u) => u.power)]);
  return variant.powers.map((p) => p.name).filter((p) => alive.has(p));
}

/** The powers in civil disorder as a phase resolves (src/game/phase `powersInDisorder`). */
async function noPlayerPowers(tx: Tx, game: GameRow, variant: Variant, position: Position): Promise<string[]> {
  return powersInDisorder(game, variant, position, await playersOf(tx, game.id));
}

/**
 * Queues a resolved phase's results post: the summary (the computer player's orders marked where they stand, after
 * their DMs), then the plug-in's lines. `next`: the phase that follows, or null when the game ended.
 */
async function queueResults(
  tx: Tx,
  game: GameRow,
  variant: Variant,
  phase: PhaseRow,
  adjudication: Adjudication,
  next: PhaseRow | null,
  at: { now: number; random: () => number; token: string },
): Promise<void> {
  const seats = {
    given: await givenOrders(tx, game, phase, at.now),
    noPlayer: await noPlayerPowers(tx, game, variant, phase.position),
  };
  const following = next ? { phase: adjudication.position.phase, deadline: next.deadlineMs } : null;
  // Fog of war: the channel sees no board, each player their power's results by DM (src/game/fog). The variant's own
  // lines name places anywhere on the board, so they are left out while the fog is up.
  const fog = fogIsUp(game);
  if (fog) await queueFogResultsDms(tx, game, variant, phase, adjudication, following, seats, at);
  const summary = fog
    ? fogPublicResultsLines(variant, adjudication, following)
    : resultsSummaryLines(variant, adjudication, following, seats);
  const plugin = pluginOfGame(game);
  const lines =
    !fog && plugin.resultsLines
      ? plugin.resultsLines(await pluginContext(tx, game, variant, (await phaseById(tx, phase.id))!, at))
      : [];
  await enqueue(tx, {
    gameId: game.id,
    phaseId: phase.id,
    payload: {
      type: 'phase_results',
      gameId: game.id,
      phaseId: phase.id,
      ...worded([...summary, ...lines.map(pluginMsg)]),
    },
    target: { kind: 'channel', id: game.channelId },
    dedupeKey: `results:${phase.id}:${at.token}`,
    now: at.now,
  });
}

/** Stores the phase that follows an adjudication (also when the game ends: it holds the final position). */
async function startNextPhase(
  tx: Tx,
  game: GameRow,
  phase: PhaseRow,
  adjudication: Adjudication,
  now: number,
): Promise<PhaseRow> {
  const position = adjudication.position;
  const deadlineMs = adjudication.winner ? null : phaseDeadline(game, position.phase.type, now);
  return await insertPhase(tx, game.id, phase.idx + 1, position, now, deadlineMs);
}

/**
 * Marks the game finished (the current phase stays as it is: the final position), and scores and rates it
 * (src/game/scores/final.ts): answers the scores for the final post (`announceEnd`).
 */
export async function finishGame(
  tx: Tx,
  deps: GameDeps,
  game: GameRow,
  end: GameEnd,
  now: number,
): Promise<SettledEnd | null> {
  const last = (await tx.select().from(phases).where(eq(phases.gameId, game.id))).sort((a, b) => b.idx - a.idx)[0];
  await tx
    .update(games)
    .set({
      status: 'finished',
      end,
      finishedAt: now,
      deadlineMs: null,
      pausedRemainingMs: null,
      currentPhaseId: last?.id ?? game.currentPhaseId,
    })
    .where(eq(games.id, game.id));
  await closeCallsOfGame(tx, game, now);
  noteEvent({ kind: 'game_finished', gameId: game.id, end: 'winner' in end ? `${end.kind}: ${end.winner}` : end.kind });
  return await settleEnd(tx, deps, game, end, now);
}

/** The lines the variant's plug-in adds to the game-over post (a final ranking), over the game's last position. */
/** The variant's own final places over the game's last phase (Warhammer's), worded; null when it has none. */
export async function finalPlaces(tx: Tx, game: GameRow, now: number): Promise<Places | null> {
  const plugin = pluginOfGame(game);
  const variant = variantOfGame(game);
  const last = (await tx.select().from(phases).where(eq(phases.gameId, game.id))).sort((a, b) => b.idx - a.idx)[0];
  if (!plugin.finalPlaces || !variant || !last) return null;
  const places = plugin.finalPlaces(await pluginContext(tx, game, variant, last, { now, token: '' }));
  if (!places) return null;
  return {
    rule: pluginMsg(places.rule),
    places: places.places.map((p) => ({ ...p, note: p.note === null ? null : pluginMsg(p.note) })),
  };
}

/**
 * Queues the final post for the channel (how it ended, the standings in the variant's own places when it has them, with every power's players
 * and rating changes, the scores, the press threads; with the final board) and the game-over DM of every member who
 * played (src/game/resolve/end-post.ts), with what `finishGame` answered, then ends what waited for a seat
 * (`endWaiting`). `token` makes the dedupe keys unique to this ending (a rolled-back game may end again).
 */
export async function announceEnd(
  tx: Tx,
  game: GameRow,
  end: GameEnd,
  now: number,
  token: string,
  settled: SettledEnd | null,
): Promise<void> {
  const variant = variantOfGame(game) ?? undefined;
  const lines = [
    endHeadline(end, variant),
    ...(await standingsLines(tx, game, end, settled, await finalPlaces(tx, game, now))),
    ...scoresLines(settled?.score ?? null, variant),
    ...(await pressEndLines(tx, game)),
  ];
  const last = (await tx.select().from(phases).where(eq(phases.gameId, game.id))).sort((a, b) => b.idx - a.idx)[0];
  await enqueue(tx, {
    gameId: game.id,
    payload: { type: 'game_over', gameId: game.id, ...worded(lines), ...(last ? { phaseId: last.id } : {}) },
    target: { kind: 'channel', id: game.channelId },
    dedupeKey: `end:${game.id}:${token}`,
    now,
  });
  await queueEndDms(tx, game, end, settled, endHeadline(end, variant, game.channelId), token, now);
  await endWaiting(tx, game, now);
}

/**
 * The game ended (finished or cancelled): press kept for a seat nobody took (src/game/press) will never be read as the
 * game's, and requests to watch that nobody answered never will be; each of their senders is told once, after the DM
 * that says the game ended (docs/bot.md "Press", docs/table.md "Spectators").
 */
export async function endWaiting(tx: Tx, game: GameRow, now: number): Promise<void> {
  await dropKept(tx, game, now);
  await endRequests(tx, game, now);
}
