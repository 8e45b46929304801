/**
 * Phase steps (issue 21; src/variants/plugin `PhaseStep`): the stages a variant's plug-in adds to a phase, run here
 * for every variant. A **start** step (a start choice) comes before the first phase's orders open; a **claim** step
 * (a declaration step) between a phase's orders and its claim. Each has its own deadline (the game's live
 * deadline), reminder, secret inputs (the plug-in's records, written by its actions) and what it hands to the
 * adjudication.
 *
 * The step under way is `phase_steps.step`. It moves on only inside `resolveInTx` (at its deadline, by
 * `/gm advance`, or when an action left nobody to wait for), by an `UPDATE … WHERE step = ?` that must change
 * one row, so each step boundary is crossed exactly once, however many timers, processes or restarts race.
 */
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { adjudicate } from '../engine/index.js';
import type { Adjudication, Position, PowerOrder } from '../engine/types.js';
import type { Variant } from '../engine/variant.js';
import type { Tx } from '../store/db.js';
import { audit, gameById, phaseById, playersOf } from '../store/queries.js';
import { games, phases, phaseSteps, type GameRow, type PhaseRow, type PhaseStepRow } from '../store/schema.js';
import type { Handoff, PhaseStep, StepDecision, StepProgress } from '../variants/plugin/index.js';
import { enqueue, queueDm, queueStatus } from './outbox-write.js';
import { liveContext, pluginContext, pluginOfGame } from './plugin-context.js';
import { clearPhaseRecords } from './records.js';
import { ordersOpenLine, phaseLabel } from './summary.js';
import { reportInternal } from './tx.js';
import type { GameDeps } from './types.js';
import { randomToken } from './views.js';
import { variantOfGame } from './variant-of-game.js';

/** A step under way in a phase. */
export interface OpenStep {
  name: string;
  spec: PhaseStep;
  row: PhaseStepRow;
}

export function stepRowOf(tx: Tx, phaseId: number): PhaseStepRow | undefined {
  return tx.select().from(phaseSteps).where(eq(phaseSteps.phaseId, phaseId)).get();
}

/** The step under way in an unresolved phase, or null (a step the plug-in no longer has counts as none). */
export function stepUnderWay(tx: Tx, game: Pick<GameRow, 'variantId'>, phase: Pick<PhaseRow, 'id' | 'resolvedAt'>): OpenStep | null {
  if (phase.resolvedAt !== null) return null;
  const row = stepRowOf(tx, phase.id);
  const spec = row?.step ? pluginOfGame(game).steps?.[row.step] : undefined;
  return row?.step && spec ? { name: row.step, spec, row } : null;
}

/** Why orders cannot change now (a claim step is under way), or null. */
export function ordersClosedByStep(tx: Tx, game: GameRow, phase: PhaseRow): string | null {
  const open = stepUnderWay(tx, game, phase);
  if (!open || open.spec.at !== 'claim') return null;
  return open.spec.closedOrders ?? 'Orders for this phase are closed: a step of the phase is under way.';
}

const durationFor = (game: GameRow, type: string): number => (type === 'retreat' ? game.retreatMs : type === 'adjustment' ? game.adjustmentMs : game.movementMs);

/**
 * At `/game start`, on the first phase: the plug-in's start choice, if it opens one. Returns its deadline (the first
 * phase's deadline until the orders begin) and the start post's line about it, or null.
 */
export function openStartSteps(tx: Tx, deps: GameDeps, game: GameRow, variant: Variant, phase: PhaseRow, now: number): { deadline: number; announce?: string } | null {
  const plugin = pluginOfGame(game);
  if (!plugin.startSteps) return null;
  const token = randomToken(deps.random ?? Math.random);
  const decision = plugin.startSteps(liveContext(tx, game, variant, phase, { now, random: deps.random, token, report: (e) => reportInternal(deps, e) }));
  if (!decision) return null;
  tx.insert(phaseSteps).values({ phaseId: phase.id, gameId: game.id, step: decision.open, startedAt: now, token }).run();
  audit(tx, { gameId: game.id, userId: null, action: 'step_open', detail: { phaseId: phase.id, step: decision.open, deadline: decision.deadline }, at: now });
  return { deadline: decision.deadline, ...(decision.announce ? { announce: decision.announce } : {}) };
}

/**
 * The adjudication of a phase's orders with what its steps handed over: the battles decided outside the adjudicator,
 * and the change to the board that follows (a game's in src/game/resolve.ts, a sandbox's in sandbox-rules.ts).
 * `players`: the seated powers (they vote on neutral units).
 */
export function adjudicatePhase(variant: Variant, position: Position, orders: PowerOrder[], players: string[], handoff: Handoff): Adjudication {
  const battles = handoff.battles ?? [];
  const adjudicated = adjudicate(variant, position, orders, battles.length > 0 ? { players, battles } : { players });
  return handoff.nextPosition ? { ...adjudicated, position: handoff.nextPosition(adjudicated.position) } : adjudicated;
}

export type StepsOutcome = { status: 'waiting' } | { status: 'adjudicate'; handoff: Handoff };

/**
 * Called by `resolveInTx` for an unresolved phase before it is claimed: closes the step under way, or (its orders
 * having ended) asks the plug-in whether a step comes before the claim. Returns whether the phase waits for a
 * step now, or is adjudicated with what the steps hand over.
 */
export function advanceSteps(tx: Tx, deps: GameDeps, game: GameRow, variant: Variant, phase: PhaseRow): StepsOutcome {
  const plugin = pluginOfGame(game);
  const row = stepRowOf(tx, phase.id);
  const spec = row?.step ? plugin.steps?.[row.step] : undefined;
  if (!spec && !plugin.beforeClaim) return { status: 'adjudicate', handoff: {} };
  const now = deps.now();
  const token = row?.token ?? randomToken(deps.random ?? Math.random);
  const live = liveContext(tx, game, variant, phase, { now, random: deps.random, token, report: (e) => reportInternal(deps, e) });
  if (row?.step && spec) return apply(tx, game, variant, phase, row, spec.close(live), now);
  // The orders have ended (or a step the plug-in no longer knows is left behind).
  const next = plugin.beforeClaim?.(live) ?? null;
  if (!next) {
    if (row?.step) claim(tx, phase.id, row.step, { step: null });
    return { status: 'adjudicate', handoff: {} };
  }
  return apply(tx, game, variant, phase, row ?? null, next, now, token);
}

/** Moves the phase's steps on from `from` (exactly once: the row must still be at `from`). */
function claim(tx: Tx, phaseId: number, from: string | null, set: Partial<PhaseStepRow>): void {
  const r = tx
    .update(phaseSteps)
    .set(set)
    .where(and(eq(phaseSteps.phaseId, phaseId), from === null ? isNull(phaseSteps.step) : eq(phaseSteps.step, from)))
    .run();
  if (r.changes !== 1) throw new Error(`the steps of phase ${phaseId} are no longer at ${from ?? 'their orders'}`);
}

function apply(tx: Tx, game: GameRow, variant: Variant, phase: PhaseRow, row: PhaseStepRow | null, decision: StepDecision, now: number, token = row?.token): StepsOutcome {
  const from = row?.step ?? null;
  if ('open' in decision) {
    const spec = pluginOfGame(game).steps?.[decision.open];
    if (!spec) throw new Error(`the plug-in of ${game.variantId} opened a step it does not have: ${decision.open}`);
    if (row) claim(tx, phase.id, from, { step: decision.open, startedAt: now, remindedAt: null });
    else tx.insert(phaseSteps).values({ phaseId: phase.id, gameId: game.id, step: decision.open, startedAt: now, token: token! }).run();
    tx.update(games).set({ deadlineMs: decision.deadline }).where(eq(games.id, game.id)).run();
    // Orders are closed: their reminder belonged to the deadline that has passed.
    if (spec.at === 'claim') tx.update(phases).set({ remindedAt: now }).where(eq(phases.id, phase.id)).run();
    audit(tx, { gameId: game.id, userId: null, action: 'step_open', detail: { phaseId: phase.id, step: decision.open, deadline: decision.deadline }, at: now });
    queueStatus(tx, game.id, now);
    return { status: 'waiting' };
  }
  if (row && from !== null) claim(tx, phase.id, from, { step: null });
  if ('adjudicate' in decision) return { status: 'adjudicate', handoff: decision.adjudicate };
  // The phase's orders begin now, on the board the step made, with the phase's own duration.
  const position = decision.beginOrders.position ?? phaseById(tx, phase.id)!.position;
  const deadline = now + durationFor(game, phase.type);
  tx.update(phases).set({ position, deadlineMs: deadline, startedAt: now }).where(eq(phases.id, phase.id)).run();
  tx.update(games).set({ deadlineMs: deadline }).where(eq(games.id, game.id)).run();
  enqueue(tx, {
    gameId: game.id,
    phaseId: phase.id,
    // Posted like a game start: the text with the map of the phase's (now updated) board.
    payload: { type: 'game_started', gameId: game.id, phaseId: phase.id, text: `${decision.beginOrders.announce}\n${ordersOpenLine(phaseLabel(position.phase, variant), deadline)}` },
    target: { kind: 'channel', id: game.channelId },
    dedupeKey: `steps:${phase.id}:orders:${token}`,
    now,
  });
  audit(tx, { gameId: game.id, userId: null, action: 'step_orders', detail: { phaseId: phase.id, step: from }, at: now });
  queueStatus(tx, game.id, now);
  return { status: 'waiting' };
}

/** The step under way as the status message shows it: its line, and who it waits for (never what they chose). */
export interface StepStatus {
  at: 'start' | 'claim';
  line: string;
  progress: StepProgress;
  labels: { answered: string; waiting: string };
}

export function stepStatus(tx: Tx, game: GameRow, variant: Variant, phase: PhaseRow, now: number): StepStatus | null {
  const open = stepUnderWay(tx, game, phase);
  if (!open) return null;
  const ctx = pluginContext(tx, game, variant, phase, { now, token: open.row.token });
  const progress = open.spec.progress(ctx);
  return { at: open.spec.at, line: open.spec.statusLine(ctx, progress), progress, labels: open.spec.labels ?? { answered: 'answered', waiting: 'waiting' } };
}

/** Is the step under way waiting for nobody any more (every power answered, nothing left for the game master)? */
export function stepDone(tx: Tx, game: GameRow, variant: Variant, phase: PhaseRow, now: number): boolean {
  const status = stepStatus(tx, game, variant, phase, now);
  return status !== null && !status.progress.gameMaster && status.progress.powers.every((p) => p.answered);
}

/** `/gm advance`: what ending the current stage early is called, and what follows. */
export function advanceWords(tx: Tx, game: GameRow, variant: Variant, phase: PhaseRow, now: number): { ends: string; next: string } {
  const open = stepUnderWay(tx, game, phase);
  if (open) return open.spec.advance;
  const ctx = pluginContext(tx, game, variant, phase, { now, token: '' });
  return pluginOfGame(game).ordersAdvance?.(ctx) ?? { ends: 'resolved', next: 'the results' };
}

/** `/gm extend` gave a new deadline: the step under way gets a new reminder (its orders too, when they are open). */
export function rearmStepReminder(tx: Tx, game: GameRow, phaseId: number): void {
  const phase = phaseById(tx, phaseId);
  const open = phase ? stepUnderWay(tx, game, phase) : null;
  if (open) tx.update(phaseSteps).set({ remindedAt: null }).where(eq(phaseSteps.phaseId, phaseId)).run();
  if (!open || open.spec.at === 'start') tx.update(phases).set({ remindedAt: null }).where(eq(phases.id, phaseId)).run();
}

/** Deletes a phase's steps and records (a game-master rollback reopens it from its orders). */
export function clearSteps(tx: Tx, phaseId: number): void {
  tx.delete(phaseSteps).where(eq(phaseSteps.phaseId, phaseId)).run();
  clearPhaseRecords(tx, phaseId);
}

/** A step reminder still to queue. */
export interface PendingStepReminder {
  gameId: number;
  phaseId: number;
  startedAt: number;
  deadline: number;
}

/** Steps under way in the current phase of an active game whose reminder is not queued yet and that have one. */
export function pendingStepReminders(deps: Pick<GameDeps, 'db'>): PendingStepReminder[] {
  return (
    deps.db
      // The game's live deadline is the step's (extended or paused by the game master like any other).
      .select({ gameId: games.id, variantId: games.variantId, phaseId: phaseSteps.phaseId, step: phaseSteps.step, startedAt: phaseSteps.startedAt, deadline: games.deadlineMs })
      .from(phaseSteps)
      .innerJoin(games, eq(games.id, phaseSteps.gameId))
      .where(and(eq(games.status, 'active'), isNotNull(games.deadlineMs), eq(games.currentPhaseId, phaseSteps.phaseId), isNotNull(phaseSteps.step), isNull(phaseSteps.remindedAt)))
      .all()
      .filter((r) => pluginOfGame(r).steps?.[r.step!]?.reminder !== undefined)
      .map((r) => ({ gameId: r.gameId, phaseId: r.phaseId, startedAt: r.startedAt, deadline: r.deadline! }))
  );
}

/**
 * The reminder of the step under way (once per deadline: `phase_steps.reminded_at`): a DM to each seated power it
 * still waits for, saying only that it has not answered. Returns how many DMs were queued.
 */
export function queueStepReminders(tx: Tx, deps: GameDeps, due: { gameId: number; phaseId: number }, now: number): number {
  const game = gameById(tx, due.gameId);
  const phase = phaseById(tx, due.phaseId);
  if (!game || !phase || game.status !== 'active' || game.currentPhaseId !== phase.id) return 0;
  const open = stepUnderWay(tx, game, phase);
  if (!open || open.row.remindedAt !== null) return 0;
  const variant = variantOfGame(game);
  const deadline = game.deadlineMs;
  let count = 0;
  if (variant && deadline !== null && deadline > now && open.spec.reminder) {
    const ctx = pluginContext(tx, game, variant, phase, { now, token: open.row.token, report: (e) => reportInternal(deps, e) });
    const userOf = new Map(playersOf(tx, game.id).map((p) => [p.power, p.userId]));
    for (const { power, answered } of open.spec.progress(ctx).powers) {
      const userId = userOf.get(power);
      const text = !answered && userId ? open.spec.reminder(ctx, power, deadline) : null;
      if (!text || !userId) continue;
      queueDm(tx, game, userId, 'reminder', text, `remind-step:${phase.id}:${open.name}:${power}:${deadline}`, now, phase.id);
      count++;
    }
  }
  tx.update(phaseSteps).set({ remindedAt: now }).where(eq(phaseSteps.phaseId, phase.id)).run();
  return count;
}
