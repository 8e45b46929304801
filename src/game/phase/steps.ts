/**
 * Phase steps (src/variants/plugin `PhaseStep`) in a game: the stages a variant's plug-in adds to a phase. The
 * decisions are the phase machine's (src/game/phase/machine.ts, the same for a sandbox); this file reads a game's
 * phase into it and writes what comes out in the caller's transaction: the plug-in's posts and DMs to the outbox, its
 * records, board and audit lines to the tables, and the step under way to `phase_steps`.
 *
 * The step under way is `phase_steps.step`. It moves on only inside `resolveInTx` (at its deadline, by
 * `/gm advance`, or when an action left nobody to wait for), by an `UPDATE … WHERE step = ?` that must change
 * one row, so each step boundary is crossed exactly once, however many timers, processes or restarts race.
 */
import type { Msg } from '../../i18n/index.js';
import { inSnapshot, type Tx } from '../../store/store.js';
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Position } from '../../engine/types.js';
import type { Variant } from '../../engine/variant.js';
import { audit, gameById, phaseById, stepRowOf } from '../../store/queries.js';
import { games, phases, phaseSteps, type GameRow, type PhaseRow, type PhaseStepRow } from '../../store/schema.js';
import type { AdvanceWords, Handoff, PhaseStep } from '../../variants/plugin/index.js';
import { enqueue, queueDm, queueNotice, queueStatus, worded } from '../outbox/index.js';
import type { PhaseFrame, PluginEffect } from './frame.js';
import {
  advanceWordsOf,
  closedOrdersMsg,
  decisionOf,
  hasPhaseSteps,
  isSettled,
  stepMachine,
  stepReminders,
  stepStatusOf,
  type StepStatus,
  type StepSurface,
  type Transition,
} from './machine.js';
import { gameFrame, pluginOfGame } from './plugin-context.js';
import { holdBoard } from './held-board.js';
import { clearPhaseRecords, writePhaseRecords } from './records.js';
import {
  ordersOpenMsg,
  phaseMsg,
  reportInternal,
  type GameDeps,
  newToken,
  variantOfGame,
  phaseDeadline,
} from '../core/index.js';

export type { StepStatus } from './machine.js';

/** A step under way in a phase. */
export interface OpenStep {
  name: string;
  spec: PhaseStep;
  row: PhaseStepRow;
}

/** The step under way in an unresolved phase, or null (a step the plug-in no longer has counts as none). */
export async function storedStepUnderWay(
  tx: Tx,
  game: Pick<GameRow, 'variantId'>,
  phase: Pick<PhaseRow, 'id' | 'resolvedAt'>,
): Promise<OpenStep | null> {
  if (phase.resolvedAt !== null) return null;
  const row = await stepRowOf(tx, phase.id);
  const spec = row?.step ? pluginOfGame(game).steps?.[row.step] : undefined;
  return row?.step && spec ? { name: row.step, spec, row } : null;
}

/** Why orders cannot change now (a claim step is under way), or null; worded for the command or the pad. */
export async function ordersClosedByStep(
  tx: Tx,
  game: GameRow,
  phase: PhaseRow,
  surface: StepSurface = 'command',
): Promise<Msg | null> {
  return closedOrdersMsg((await storedStepUnderWay(tx, game, phase))?.spec, surface);
}

/**
 * Writes what the plug-in did in a transition of the machine (`transition.token` keys its messages). `held`: a
 * member's private act (a player's `/act` in a game that hides who plays whom): its posts, and its DMs to anyone but
 * that member, are not sent before `dueAt` (`privateActDueAt`, docs/bot.md "Hidden identities"), or right after the
 * act they would time it, to pair the power they name with whoever was seen acting then; its board is held until then
 * too (held-board.ts).
 */
export async function writePluginEffects(
  tx: Tx,
  game: GameRow,
  phase: Pick<PhaseRow, 'id'>,
  transition: Transition,
  now: number,
  held?: { dueAt: number; actor: string },
): Promise<void> {
  const key = (local: string) => `v:${phase.id}:${local}:${transition.token}`;
  const dueAt = held?.dueAt;
  const writes = async (e: PluginEffect) => {
    switch (e.kind) {
      case 'post':
        if (e.picture) {
          const payload = {
            type: 'step_post' as const,
            gameId: game.id,
            phaseId: phase.id,
            ...worded(e.text),
            picture: e.picture,
          };
          await enqueue(tx, {
            gameId: game.id,
            phaseId: phase.id,
            payload,
            target: { kind: 'channel', id: game.channelId },
            dedupeKey: key(e.key),
            now,
            dueAt,
          });
        } else await queueNotice(tx, game, { text: e.text, dedupeKey: key(e.key), now, phaseId: phase.id, dueAt });
        return;
      case 'dm': {
        const due = e.userId === held?.actor ? undefined : dueAt;
        return await queuePluginDm(tx, game, phase.id, e, key(`${e.key}:${e.power ?? 'gm'}`), now, due);
      }
      case 'position':
        // A hidden game's player act: the board shows at the mark, with the act's post (held-board.ts).
        if (held) return await holdBoard(tx, phase.id, e.position, held.dueAt);
        return void (await tx.update(phases).set({ position: e.position }).where(eq(phases.id, phase.id)));
      case 'audit':
        return await audit(tx, { gameId: game.id, userId: e.userId, action: e.action, detail: e.detail, at: now });
      case 'record':
        return await writePhaseRecords(tx, { gameId: game.id, phaseId: phase.id }, [e.write]);
    }
  };
  for (const effect of transition.effects)
    if (effect.kind !== 'open' && effect.kind !== 'beginOrders' && effect.kind !== 'adjudicate') await writes(effect);
}

/**
 * A plug-in's DM: one that shows the game as the power sees it in a fog game (`view`) goes as a results DM does, so
 * the power's spectators get a copy (docs/table.md "Fog of war"); `map` attaches the phase's board as the power sees it.
 */
async function queuePluginDm(
  tx: Tx,
  game: GameRow,
  phaseId: number,
  e: Extract<PluginEffect, { kind: 'dm' }>,
  dedupeKey: string,
  now: number,
  dueAt?: number,
): Promise<void> {
  if (!e.view && !e.map)
    return await queueDm(tx, game, { to: e.userId, reason: 'variant', text: e.text, dedupeKey, now, phaseId, dueAt });
  await enqueue(tx, {
    gameId: game.id,
    phaseId,
    payload: {
      type: 'dm',
      gameId: game.id,
      reason: e.view ? 'results' : 'variant',
      ...worded(e.text),
      ...(e.map && e.power ? { mapPhaseId: phaseId, mapPower: e.power } : {}),
    },
    target: { kind: 'user', id: e.userId },
    dedupeKey,
    now,
    dueAt,
  });
}

/**
 * At `/game start`, on the first phase: the plug-in's start choice, if it opens one. Returns its deadline (the first
 * phase's deadline until the orders begin) and the start post's line about it, or null.
 */
export async function openStartSteps(
  tx: Tx,
  deps: GameDeps,
  game: GameRow,
  variant: Variant,
  phase: PhaseRow,
  now: number,
): Promise<{ deadline: number; announce?: Msg } | null> {
  if (!pluginOfGame(game).startSteps) return null;
  const token = newToken(deps);
  const steps = { step: null, startedAt: now, token };
  const frame = await gameFrame(tx, game, variant, phase, {
    now,
    random: deps.random,
    token,
    steps,
    report: (e) => reportInternal(deps, e),
  });
  const t = stepMachine(frame, { kind: 'start' });
  await writePluginEffects(tx, game, phase, t, now);
  const opened = decisionOf(t);
  if (opened?.kind !== 'open') return null;
  await tx.insert(phaseSteps).values({ phaseId: phase.id, gameId: game.id, step: opened.step, startedAt: now, token });
  await audit(tx, {
    gameId: game.id,
    userId: null,
    action: 'step_open',
    detail: { phaseId: phase.id, step: opened.step, deadline: opened.deadline },
    at: now,
  });
  return { deadline: opened.deadline, ...(opened.announce ? { announce: opened.announce } : {}) };
}

export type StepsOutcome = { status: 'waiting' } | { status: 'adjudicate'; handoff: Handoff };

/** A game's unresolved phase as the phase machine crosses its step boundary: its frame and its `phase_steps` row. */
export interface GameCrossing {
  frame: PhaseFrame;
  row: PhaseStepRow | undefined;
}

/**
 * The frame `resolveInTx` gives the phase transition (src/game/phase/transition.ts) for an unresolved phase: where its
 * steps stand (its `phase_steps` row, else none with a fresh token; a variant without steps draws no token).
 */
export async function crossingFrame(
  tx: Tx,
  deps: GameDeps,
  game: GameRow,
  variant: Variant,
  phase: PhaseRow,
): Promise<GameCrossing> {
  const withSteps = hasPhaseSteps(pluginOfGame(game));
  const row = withSteps ? await stepRowOf(tx, phase.id) : undefined;
  const now = deps.now();
  const token = row?.token ?? (withSteps ? newToken(deps) : '');
  const steps = { step: row?.step ?? null, startedAt: row?.startedAt ?? now, token };
  const frame = await gameFrame(tx, game, variant, phase, {
    now,
    random: deps.random,
    token,
    steps,
    // Without steps the machine adjudicates at once and reads no record: none is read.
    ...(withSteps ? {} : { records: [] }),
    report: (e) => reportInternal(deps, e),
  });
  return { frame, row };
}

/**
 * Writes a crossing of the phase's step boundary (the transition's `crossing`, from the frame `crossingFrame` read)
 * before the phase is claimed: the plug-in's effects, and the step under way moved on exactly once. Returns whether the
 * phase waits now (a step opened, with its deadline; or the orders begin on the board the step made, with the phase's
 * own duration), or is adjudicated with what the steps hand over.
 */
export async function writeCrossing(
  tx: Tx,
  deps: GameDeps,
  game: GameRow,
  variant: Variant,
  phase: PhaseRow,
  crossed: { row: PhaseStepRow | undefined; crossing: Transition },
): Promise<StepsOutcome> {
  const { row, crossing: t } = crossed;
  const now = deps.now();
  await writePluginEffects(tx, game, phase, t, now);
  const decision = decisionOf(t)!;
  const from = row?.step ?? null;
  if (decision.kind === 'open') {
    if (row) await claim(tx, phase.id, from, { step: decision.step, startedAt: now, remindedAt: null });
    else
      await tx
        .insert(phaseSteps)
        .values({ phaseId: phase.id, gameId: game.id, step: decision.step, startedAt: now, token: t.token });
    await tx.update(games).set({ deadlineMs: decision.deadline }).where(eq(games.id, game.id));
    // The step's missing answers are given at its own deadline under `nmr: computer` (src/game/computer/nmr-filler.ts).
    await tx.update(phases).set({ missingFilledAt: null }).where(eq(phases.id, phase.id));
    // Orders are closed: their reminder belonged to the deadline that has passed.
    if (decision.at === 'claim') await tx.update(phases).set({ remindedAt: now }).where(eq(phases.id, phase.id));
    await audit(tx, {
      gameId: game.id,
      userId: null,
      action: 'step_open',
      detail: { phaseId: phase.id, step: decision.step, deadline: decision.deadline },
      at: now,
    });
    await queueStatus(tx, game.id, now);
    return { status: 'waiting' };
  }
  if (row && from !== null) await claim(tx, phase.id, from, { step: null });
  if (decision.kind === 'adjudicate') return { status: 'adjudicate', handoff: decision.handoff };
  await beginOrders(tx, game, variant, phase, { ...decision, token: t.token, from }, now);
  return { status: 'waiting' };
}

/** The phase's orders begin now, on the board the step made, with the phase's own duration. */
async function beginOrders(
  tx: Tx,
  game: GameRow,
  variant: Variant,
  phase: PhaseRow,
  begun: { position: Position; announce: Msg[]; token: string; from: string | null },
  now: number,
): Promise<void> {
  const { position, announce, token, from } = begun;
  const deadline = phaseDeadline(game, phase.type, now);
  // A new stage with a deadline of its own: under `nmr: computer` its missing orders are given at that deadline.
  await tx
    .update(phases)
    .set({ position, deadlineMs: deadline, startedAt: now, missingFilledAt: null })
    .where(eq(phases.id, phase.id));
  await tx.update(games).set({ deadlineMs: deadline }).where(eq(games.id, game.id));
  await enqueue(tx, {
    gameId: game.id,
    phaseId: phase.id,
    // Posted like a game start: the text with the map of the phase's (now updated) board.
    payload: {
      type: 'game_started',
      gameId: game.id,
      phaseId: phase.id,
      ...worded([...announce, ordersOpenMsg(phaseMsg(position.phase, variant), deadline)]),
    },
    target: { kind: 'channel', id: game.channelId },
    dedupeKey: `steps:${phase.id}:orders:${token}`,
    now,
  });
  await audit(tx, {
    gameId: game.id,
    userId: null,
    action: 'step_orders',
    detail: { phaseId: phase.id, step: from },
    at: now,
  });
  await queueStatus(tx, game.id, now);
}

/** Moves the phase's steps on from `from` (exactly once: the row must still be at `from`). */
async function claim(tx: Tx, phaseId: number, from: string | null, set: Partial<PhaseStepRow>): Promise<void> {
  const r = (
    await tx
      .update(phaseSteps)
      .set(set)
      .where(and(eq(phaseSteps.phaseId, phaseId), from === null ? isNull(phaseSteps.step) : eq(phaseSteps.step, from)))
      .returning()
  ).length;
  if (r !== 1) throw new Error(`the steps of phase ${phaseId} are no longer at ${from ?? 'their orders'}`);
}

/** The step under way as the status message shows it: its line, and who it waits for (never what they chose). */
export async function stepStatus(
  tx: Tx,
  game: GameRow,
  variant: Variant,
  phase: PhaseRow,
  now: number,
): Promise<StepStatus | null> {
  const open = await storedStepUnderWay(tx, game, phase);
  return open ? stepStatusOf(await gameFrame(tx, game, variant, phase, { now, token: open.row.token })) : null;
}

/** Does the step under way wait for nobody any more (every answer in, nothing left for the game master)? */
export async function stepSettled(
  tx: Tx,
  game: GameRow,
  variant: Variant,
  phase: PhaseRow,
  now: number,
): Promise<boolean> {
  const status = await stepStatus(tx, game, variant, phase, now);
  return status !== null && isSettled(status.progress);
}

/** `/gm advance`: what ending the current stage early is called, and what follows. */
export async function advanceWords(
  tx: Tx,
  game: GameRow,
  variant: Variant,
  phase: PhaseRow,
  now: number,
): Promise<AdvanceWords> {
  const open = await storedStepUnderWay(tx, game, phase);
  if (open) return open.spec.advance;
  return advanceWordsOf(await gameFrame(tx, game, variant, phase, { now, token: '' }));
}

/** `/gm extend` gave a new deadline: the step under way gets a new reminder (its orders too, when they are open). */
export async function rearmStepReminder(tx: Tx, game: GameRow, phaseId: number): Promise<void> {
  const phase = await phaseById(tx, phaseId);
  const open = phase ? await storedStepUnderWay(tx, game, phase) : null;
  if (open) await tx.update(phaseSteps).set({ remindedAt: null }).where(eq(phaseSteps.phaseId, phaseId));
  if (!open || open.spec.at === 'start')
    await tx.update(phases).set({ remindedAt: null }).where(eq(phases.id, phaseId));
}

/** Deletes a phase's steps and records (a game-master rollback reopens it from its orders). */
export async function clearSteps(tx: Tx, phaseId: number): Promise<void> {
  await tx.delete(phaseSteps).where(eq(phaseSteps.phaseId, phaseId));
  await clearPhaseRecords(tx, phaseId);
}

/** A step reminder still to queue. */
export interface PendingStepReminder {
  gameId: number;
  phaseId: number;
  startedAt: number;
  deadline: number;
}

/** Steps under way in the current phase of an active game whose reminder is not queued yet and that have one. */
export async function pendingStepReminders(deps: Pick<GameDeps, 'store'>): Promise<PendingStepReminder[]> {
  return (
    // The game's live deadline is the step's (extended or paused by the game master like any other).
    (
      await inSnapshot(deps.store, (tx) =>
        tx
          .select({
            gameId: games.id,
            variantId: games.variantId,
            phaseId: phaseSteps.phaseId,
            step: phaseSteps.step,
            startedAt: phaseSteps.startedAt,
            deadline: games.deadlineMs,
          })
          .from(phaseSteps)
          .innerJoin(games, eq(games.id, phaseSteps.gameId))
          .where(
            and(
              eq(games.status, 'active'),
              isNotNull(games.deadlineMs),
              eq(games.currentPhaseId, phaseSteps.phaseId),
              isNotNull(phaseSteps.step),
              isNull(phaseSteps.remindedAt),
            ),
          ),
      )
    )
      .filter((r) => pluginOfGame(r).steps?.[r.step!]?.reminder !== undefined)
      .map((r) => ({ gameId: r.gameId, phaseId: r.phaseId, startedAt: r.startedAt, deadline: r.deadline! }))
  );
}

/**
 * The reminder of the step under way (once per deadline: `phase_steps.reminded_at`): a DM to each seated power it
 * still waits for, saying only that it has not answered. Returns how many DMs were queued.
 */
export async function queueStepReminders(
  tx: Tx,
  deps: GameDeps,
  due: { gameId: number; phaseId: number },
  now: number,
): Promise<number> {
  const game = await gameById(tx, due.gameId);
  const phase = await phaseById(tx, due.phaseId);
  if (!game || !phase || game.status !== 'active' || game.currentPhaseId !== phase.id) return 0;
  const open = await storedStepUnderWay(tx, game, phase);
  if (!open || open.row.remindedAt !== null) return 0;
  const variant = variantOfGame(game);
  const deadline = game.deadlineMs;
  let count = 0;
  if (variant && deadline !== null && deadline > now) {
    const frame = await gameFrame(tx, game, variant, phase, {
      now,
      token: open.row.token,
      report: (e) => reportInternal(deps, e),
    });
    for (const { power, userId, text } of stepReminders(frame, deadline)) {
      await queueDm(tx, game, {
        to: userId,
        reason: 'reminder',
        text,
        dedupeKey: `remind-step:${phase.id}:${open.name}:${power}:${deadline}`,
        now,
        phaseId: phase.id,
      });
      count++;
    }
  }
  await tx.update(phaseSteps).set({ remindedAt: now }).where(eq(phaseSteps.phaseId, phase.id));
  return count;
}
