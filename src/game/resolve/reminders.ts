/**
 * Deadline reminders: a DM, once per phase (and per deadline, after an extension), to each player whose
 * power still has units (or builds/disbands) without orders. Sent 1 hour before the deadline, or 10% of the
 * phase before it when the phase is shorter than 10 hours. A variant's phase step with a reminder has its own, at the
 * same distance from the step's deadline, to the powers it still waits for (src/game/phase/steps.ts).
 */
import { inSnapshot } from '../../store/store.js';
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { powersToAct } from '../../engine/index.js';
import { gameById, ordersOf, phaseById, playersOf } from '../../store/queries.js';
import { games, phases } from '../../store/schema.js';
import {
  pendingStepReminders,
  queueStepReminders,
  storedStepUnderWay,
  dutiesOf,
  hasDuties,
  missingParams,
} from '../phase/index.js';
import { fogIsUp, positionSeenBy } from '../fog/index.js';
import { queueDm } from '../outbox/index.js';
import {
  clockLineMsg,
  inTransaction,
  type GameDeps,
  variantOfGame,
  channelRef,
  timeRef,
  phaseMsg,
  powerParam,
} from '../core/index.js';
import { listParam, msg } from '../../i18n/index.js';

const HOUR = 3_600_000;

/** When the reminder for a phase running from `startedAt` to `deadline` is due. */
export function reminderTime(startedAt: number, deadline: number): number {
  return deadline - Math.min(HOUR, Math.max(0, deadline - startedAt) * 0.1);
}

/** A reminder still to send: for a phase's orders, or for the step under way in it. */
export interface PendingReminder {
  kind: 'orders' | 'step';
  gameId: number;
  phaseId: number;
  /** When it is due. */
  at: number;
}

/** Games whose current phase still needs its reminder (orders, or the step under way). */
export async function pendingReminders(deps: GameDeps): Promise<PendingReminder[]> {
  const orders = (
    await inSnapshot(deps.store, (tx) =>
      tx
        .select({ gameId: games.id, phaseId: phases.id, startedAt: phases.startedAt, deadline: games.deadlineMs })
        .from(games)
        .innerJoin(phases, eq(phases.id, games.currentPhaseId))
        .where(and(eq(games.status, 'active'), isNotNull(games.deadlineMs), isNull(phases.remindedAt))),
    )
  ).map((r) => ({
    kind: 'orders' as const,
    gameId: r.gameId,
    phaseId: r.phaseId,
    at: reminderTime(r.startedAt, r.deadline!),
  }));
  const steps = (await pendingStepReminders(deps)).map((r) => ({
    kind: 'step' as const,
    gameId: r.gameId,
    phaseId: r.phaseId,
    at: reminderTime(r.startedAt, r.deadline),
  }));
  return [...orders, ...steps];
}

/** Queues the reminders that are due now; returns how many DMs were queued. */
export async function queueDueReminders(deps: GameDeps): Promise<number> {
  return (await queueDueRemindersDetailed(deps)).queued;
}

/** Same, also reporting the games whose reminders could not be queued (retried on the next sweep). */
export async function queueDueRemindersDetailed(deps: GameDeps): Promise<{ queued: number; failures: string[] }> {
  const now = deps.now();
  let queued = 0;
  const failures: string[] = [];
  for (const due of (await pendingReminders(deps)).filter((r) => r.at <= now)) {
    if (due.kind === 'step') {
      const r = await inTransaction(deps, async (tx) => ({
        ok: true,
        count: await queueStepReminders(tx, deps, due, now),
      }));
      if (r.ok) queued += r.count;
      else failures.push(`game ${due.gameId}: ${r.error}`);
      continue;
    }
    const r = await inTransaction(deps, async (tx) => {
      const game = await gameById(tx, due.gameId);
      const phase = await phaseById(tx, due.phaseId);
      if (
        !game ||
        !phase ||
        game.status !== 'active' ||
        game.currentPhaseId !== phase.id ||
        phase.remindedAt !== null
      ) {
        return { ok: true, count: 0 };
      }
      const variant = variantOfGame(game);
      let count = 0;
      // Orders closed for a step between orders and claim: its own reminder is about the step.
      if (
        variant &&
        game.deadlineMs !== null &&
        game.deadlineMs > now &&
        (await storedStepUnderWay(tx, game, phase))?.spec.at !== 'claim'
      ) {
        const acting = new Set(powersToAct(variant, phase.position));
        for (const player of await playersOf(tx, game.id)) {
          // Under the fog of war a power with something to decide as it sees the board (`seatedToAct`) is reminded too.
          const seen = positionSeenBy(game, variant, phase.position, player.power);
          if (!acting.has(player.power) && !(fogIsUp(game) && hasDuties(dutiesOf(variant, seen, player.power))))
            continue;
          const rows = await ordersOf(tx, phase.id, player.power);
          // In the reader's words (docs/locales.md "Names"): `A Paris`, `A 咸陽`, the builds left and where, as it sees them.
          const missing = missingParams(variant, dutiesOf(variant, seen, player.power), rows);
          if (missing.length === 0) continue;
          await queueDm(tx, game, {
            to: player.userId,
            reason: 'reminder',
            text: [
              msg('reminder.missing', {
                power: powerParam(variant, player.power),
                units: listParam(missing),
                phase: phaseMsg(phase.position.phase, variant),
                channel: channelRef(game.channelId),
                relative: timeRef(game.deadlineMs, 'R'),
              }),
              ...clockLines(game.clock),
            ],
            dedupeKey: `remind:${phase.id}:${player.power}:${game.deadlineMs}`,
            now,
            phaseId: phase.id,
          });
          count++;
        }
      }
      await tx.update(phases).set({ remindedAt: now }).where(eq(phases.id, phase.id));
      return { ok: true, count };
    });
    if (r.ok) queued += r.count;
    else failures.push(`game ${due.gameId}: ${r.error}`);
  }
  return { queued, failures };
}

/** The deadline rule by the clock under a reminder (docs/table.md), if the game has one. */
function clockLines(clock: Parameters<typeof clockLineMsg>[0]) {
  const line = clockLineMsg(clock);
  return line ? [line] : [];
}
