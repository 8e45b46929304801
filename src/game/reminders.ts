/**
 * Deadline reminders: a DM, once per phase (and per deadline, after an extension), to each player whose
 * power still has units (or builds/disbands) without orders. Sent 1 hour before the deadline, or 10% of the
 * phase before it when the phase is shorter than 10 hours. The Decisive Battle phase (Warhammer) has its own,
 * at the same distance from the declaration deadline, to the powers that have not declared or passed yet.
 */
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { powersToAct } from '../engine/index.js';
import { gameById, ordersOf, phaseById, playersOf } from '../store/queries.js';
import type { Tx } from '../store/db.js';
import { decisiveSteps, games, phases } from '../store/schema.js';
import { decisiveStepOf, queueDeclarationReminders } from './decisive.js';
import { dutiesOf } from './duties.js';
import { missingOrders } from './orders.js';
import { queueDm } from './outbox-write.js';
import { discordTime, phaseLabel } from './summary.js';
import { inTransaction } from './tx.js';
import type { GameDeps } from './types.js';
import { variantOfGame } from './variant-of-game.js';

const HOUR = 3_600_000;

/** When the reminder for a phase running from `startedAt` to `deadline` is due. */
export function reminderTime(startedAt: number, deadline: number): number {
  return deadline - Math.min(HOUR, Math.max(0, deadline - startedAt) * 0.1);
}

/** A reminder still to send: for a phase's orders, or for the declarations of its Decisive Battle phase. */
export interface PendingReminder {
  kind: 'orders' | 'declarations';
  gameId: number;
  phaseId: number;
  /** When it is due. */
  at: number;
}

/** Games whose current phase still needs its reminder (orders, or decisive-battle declarations). */
export function pendingReminders(deps: GameDeps): PendingReminder[] {
  const orders = deps.db
    .select({ gameId: games.id, phaseId: phases.id, startedAt: phases.startedAt, deadline: games.deadlineMs })
    .from(games)
    .innerJoin(phases, eq(phases.id, games.currentPhaseId))
    .where(and(eq(games.status, 'active'), isNotNull(games.deadlineMs), isNull(phases.remindedAt)))
    .all()
    .map((r) => ({ kind: 'orders' as const, gameId: r.gameId, phaseId: r.phaseId, at: reminderTime(r.startedAt, r.deadline!) }));
  const declarations = deps.db
    // The game's live deadline is the declaration deadline (extended or paused by the game master like any other).
    .select({ gameId: games.id, phaseId: decisiveSteps.phaseId, startedAt: decisiveSteps.startedAt, deadline: games.deadlineMs })
    .from(decisiveSteps)
    .innerJoin(games, eq(games.id, decisiveSteps.gameId))
    .where(
      and(
        eq(games.status, 'active'),
        isNotNull(games.deadlineMs),
        eq(games.currentPhaseId, decisiveSteps.phaseId),
        eq(decisiveSteps.stage, 'declaring'),
        isNull(decisiveSteps.remindedAt),
      ),
    )
    .all()
    .map((r) => ({ kind: 'declarations' as const, gameId: r.gameId, phaseId: r.phaseId, at: reminderTime(r.startedAt, r.deadline!) }));
  return [...orders, ...declarations];
}

/** Queues the reminders that are due now; returns how many DMs were queued. */
export function queueDueReminders(deps: GameDeps): number {
  return queueDueRemindersDetailed(deps).queued;
}

/** Same, also reporting the games whose reminders could not be queued (retried on the next sweep). */
export function queueDueRemindersDetailed(deps: GameDeps): { queued: number; failures: string[] } {
  const now = deps.now();
  let queued = 0;
  const failures: string[] = [];
  for (const due of pendingReminders(deps).filter((r) => r.at <= now)) {
    if (due.kind === 'declarations') {
      const r = inTransaction(deps, (tx) => ({ ok: true, count: remindDeclarations(tx, due, now) }));
      if (r.ok) queued += r.count;
      else failures.push(`game ${due.gameId}: ${r.error}`);
      continue;
    }
    const r = inTransaction(deps, (tx) => {
      const game = gameById(tx, due.gameId);
      const phase = phaseById(tx, due.phaseId);
      if (!game || !phase || game.status !== 'active' || game.currentPhaseId !== phase.id || phase.remindedAt !== null) {
        return { ok: true, count: 0 };
      }
      const variant = variantOfGame(game);
      let count = 0;
      // Orders closed for a Decisive Battle phase: its own reminder is about declarations.
      if (variant && game.deadlineMs !== null && game.deadlineMs > now && !decisiveStepOf(tx, phase.id)) {
        const acting = new Set(powersToAct(variant, phase.position));
        for (const player of playersOf(tx, game.id)) {
          if (!acting.has(player.power)) continue;
          const rows = ordersOf(tx, phase.id, player.power);
          const missing = missingOrders(dutiesOf(variant, phase.position, player.power), rows);
          if (missing.length === 0) continue;
          queueDm(
            tx,
            game,
            player.userId,
            'reminder',
            `⏰ ${player.power} still has no orders for ${missing.join(', ')} in **${phaseLabel(phase.position.phase, variant)}** (game in <#${game.channelId}>). Deadline ${discordTime(game.deadlineMs, 'R')}.`,
            `remind:${phase.id}:${player.power}:${game.deadlineMs}`,
            now,
            phase.id,
          );
          count++;
        }
      }
      tx.update(phases).set({ remindedAt: now }).where(eq(phases.id, phase.id)).run();
      return { ok: true, count };
    });
    if (r.ok) queued += r.count;
    else failures.push(`game ${due.gameId}: ${r.error}`);
  }
  return { queued, failures };
}

/** The declarations reminder of one Decisive Battle phase, once (`decisive_steps.reminded_at`); how many DMs. */
function remindDeclarations(tx: Tx, due: PendingReminder, now: number): number {
  const game = gameById(tx, due.gameId);
  const phase = phaseById(tx, due.phaseId);
  const step = decisiveStepOf(tx, due.phaseId);
  if (!game || !phase || !step || game.status !== 'active' || game.currentPhaseId !== phase.id || step.stage !== 'declaring' || step.remindedAt !== null) return 0;
  const variant = variantOfGame(game);
  const deadline = game.deadlineMs;
  const count = variant && deadline !== null && deadline > now ? queueDeclarationReminders(tx, game, variant, phase, step, deadline, now) : 0;
  tx.update(decisiveSteps).set({ remindedAt: now }).where(eq(decisiveSteps.phaseId, phase.id)).run();
  return count;
}
