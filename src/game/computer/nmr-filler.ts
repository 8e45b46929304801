/**
 * `nmr: computer`, the bot's side (docs/bot.md "Seats that never stall"; the rule: nmr.ts): the filler that finds the
 * phases waiting at their deadline, asks the AI worker for what the seats of members and vacant seats are missing (the
 * phase's orders, or the questions of a step under way: a Dogs of War muster, Decisive Battle declarations) and stores
 * the answers, then marks the phase so the scheduler resolves it.
 */
import { positionSeenBy } from '../fog/index.js';
import { and, eq, isNotNull, isNull, lte } from 'drizzle-orm';
import type { Tx } from '../../store/store.js';
import { gameById, phaseById, playersOf } from '../../store/queries.js';
import { games, phases } from '../../store/schema.js';
import { askComputerPlayer, type AiAnswer, type AiJob } from '../ai-pool/index.js';
import { answerStep, missingStepDuties } from './computer.js';
import { seatsMissingOrders, storeGivenOrders } from '../seats/index.js';
import {
  loopTurns,
  inReadTransaction,
  inTransaction,
  type GameDeps,
  variantJobOf,
  variantOfGame,
} from '../core/index.js';
import { votedPowersIn } from '../orders/index.js';

import { storedStepUnderWay } from '../phase/index.js';

/** The `nmr: computer` games past their deadline whose phase waits for its missing orders. */
async function phasesAwaiting(deps: GameDeps): Promise<{ gameId: number; phaseId: number }[]> {
  const now = deps.now();
  const r = await inReadTransaction(deps, async (tx) => ({
    ok: true as const,
    rows: await tx
      .select({ gameId: games.id, phaseId: phases.id })
      .from(games)
      .innerJoin(phases, eq(phases.id, games.currentPhaseId))
      .where(
        and(
          eq(games.status, 'active'),
          eq(games.nmr, 'computer'),
          isNotNull(games.deadlineMs),
          lte(games.deadlineMs, now),
          isNull(phases.resolvedAt),
          isNull(phases.missingFilledAt),
        ),
      ),
  }));
  return r.ok ? r.rows : [];
}

const pastDeadline = (game: { deadlineMs: number | null }, now: number) =>
  game.deadlineMs !== null && game.deadlineMs <= now;

interface MissingJob {
  power: string;
  job: AiJob;
}

/** The AI jobs for the seats (people's and vacant ones) that miss orders in the phase; [] when none does. */
async function missingJobsIn(tx: Tx, gameId: number, phaseId: number, now: number): Promise<MissingJob[]> {
  const game = await gameById(tx, gameId);
  const phase = await phaseById(tx, phaseId);
  const variant = game ? variantOfGame(game) : null;
  if (!game || !phase || !variant || game.currentPhaseId !== phaseId || phase.resolvedAt !== null) return [];
  // A new stage began meanwhile (a step's answers closed it and the orders opened): its own deadline is not yet.
  if (!pastDeadline(game, now)) return [];
  // Orders closed for a step (declarations after a provisional result): nothing can be added now.
  if (await storedStepUnderWay(tx, game, phase)) return [];
  const seated = (await playersOf(tx, gameId)).map((s) => s.power);
  return (await seatsMissingOrders(tx, game, variant, phase)).map((power) => ({
    power,
    job: {
      kind: 'orders' as const,
      ...variantJobOf(game),
      // In a fog game the computer player decides from the power's view only (docs/table.md "Fog of war").
      position: positionSeenBy(game, variant, phase.position, power),
      power,
      players: seated,
      level: game.computerLevel,
      // Deterministic for the seat and phase: a replay gives the same orders.
      seed: `${game.id}:${phase.idx}:nmr:${power}`,
    },
  }));
}

/**
 * Stores the computer player's orders for what each seat still misses (an order for a unit already ordered, or a
 * build beyond the count, is left out: the player's own orders stand) and marks the phase done, in one transaction.
 * Nothing happens when the phase moved on or was already done.
 */
export async function storeMissingOrders(
  deps: GameDeps,
  input: { gameId: number; phaseId: number; answers: { power: string; texts: string[] }[] },
): Promise<{ ok: boolean; stored: number }> {
  const r = await inTransaction(deps, async (tx, changed) => {
    const game = await gameById(tx, input.gameId);
    const phase = await phaseById(tx, input.phaseId);
    const variant = game ? variantOfGame(game) : null;
    if (!game || !phase || !variant || game.currentPhaseId !== phase.id || phase.resolvedAt !== null)
      return { ok: true as const, stored: 0 };
    const now = deps.now();
    if (phase.missingFilledAt !== null || !pastDeadline(game, now)) return { ok: true as const, stored: 0 };
    const voted = await votedPowersIn(tx, variant, game.id, phase.position);
    let stored = 0;
    for (const answer of input.answers) stored += await storeGivenOrders(tx, variant, phase, voted, answer, now);
    await tx.update(phases).set({ missingFilledAt: now }).where(eq(phases.id, phase.id));
    changed(game.id);
    return { ok: true as const, stored };
  });
  return r.ok ? r : { ok: false, stored: 0 };
}

export interface MissingOrderFillerOptions {
  ask?: (job: AiJob) => Promise<AiAnswer>;
  onError?: (err: unknown) => void;
  /** Called once a phase's missing orders are stored (the bot re-arms the scheduler, which resolves it). */
  onFilled?: (gameId: number) => void;
}

/**
 * The bot's filler: `play()` asks the AI for every phase that waits for its missing orders (once at a time per phase)
 * and stores the answers; one promise per phase taken up.
 */
export function missingOrderFiller(
  deps: GameDeps,
  options: MissingOrderFillerOptions = {},
): { play(): Promise<Promise<void>[]> } {
  const ask = options.ask ?? askComputerPlayer;
  const busy = new Set<number>();
  const turn = loopTurns();
  const fill = async (gameId: number, phaseId: number): Promise<void> => {
    try {
      // A step under way (a start choice, declarations): its questions for the seats that did not answer, answered
      // through the plug-in's actions as a computer seat answers them.
      const steps = await turn(async () => {
        const r = await inReadTransaction(deps, async (tx) => ({
          ok: true as const,
          duties: await missingStepDuties(tx, gameId, deps.now()),
        }));
        return r.ok ? r.duties.filter((d) => d.phaseId === phaseId) : [];
      });
      await Promise.all(
        steps.map(async (duty) => {
          try {
            const answer = await ask(duty.job);
            await turn(async () => await answerStep(deps, duty, answer, { onError: options.onError }));
          } catch (err) {
            options.onError?.(err);
          }
        }),
      );
      const jobs = await turn(async () => {
        const r = await inReadTransaction(deps, async (tx) => ({
          ok: true as const,
          jobs: await missingJobsIn(tx, gameId, phaseId, deps.now()),
        }));
        return r.ok ? r.jobs : [];
      });
      const answers = await Promise.all(
        jobs.map(async ({ power, job }) => {
          try {
            const answer = await ask(job);
            return { power, texts: answer.kind === 'orders' ? answer.orders.map((o) => o.text) : [] };
          } catch (err) {
            options.onError?.(err);
            return { power, texts: [] };
          }
        }),
      );
      const stored = await turn(async () => await storeMissingOrders(deps, { gameId, phaseId, answers }));
      if (stored.ok) options.onFilled?.(gameId);
    } catch (err) {
      options.onError?.(err);
    } finally {
      busy.delete(phaseId);
    }
  };
  return {
    play: async () =>
      (await phasesAwaiting(deps)).flatMap(({ gameId, phaseId }) => {
        if (busy.has(phaseId)) return [];
        busy.add(phaseId);
        return [fill(gameId, phaseId)];
      }),
  };
}
