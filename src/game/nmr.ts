/**
 * `nmr: computer` (docs/bot.md "Seats that never stall"): at a deadline, a computer player gives exactly the orders
 * the seats of people (and vacant seats) are missing: a unit without an order, an undecided retreat, an unused build
 * or a due disband. The player's own orders stand untouched; what the computer gave is stored with `submitted_by`
 * `computer:nmr` (seat-record.ts `NMR_COMPUTER`), shown in the results post and listed to the player in one DM.
 *
 * The deadline's resolution waits for it: `resolveDuePhases` skips a game whose phase has not had its missing orders
 * given yet (`phases.missing_filled_at` null), for at most `NMR_GRACE_MS` after the deadline. The filler (bot side:
 * `missingOrderFiller().play()`, after every sweep) finds those phases, asks the AI in its worker thread, off the
 * event loop, with what a person in the seat would see (the position and the seated powers), and stores the
 * answers in one transaction that also sets `missing_filled_at`; then the scheduler resolves the phase. After a
 * restart the phases still waiting are found again. If the AI fails, the phase is marked done with what it has, and
 * the rules' defaults apply to the rest.
 */
import { and, eq, isNotNull, isNull, lte } from 'drizzle-orm';
import { parseOrders } from '../engine/parse/index.js';
import type { Tx } from '../store/db.js';
import { ordersOf, playersOf } from '../store/queries.js';
import { games, orders, phases, type GameRow, type PhaseRow } from '../store/schema.js';
import { askComputerPlayer, type AiAnswer, type AiJob } from './ai-pool.js';
import { isComputer, isPerson } from './computer-seat.js';
import { dutiesOf, missingOrders } from './duties.js';
import { loopTurns } from './loop-turns.js';
import { checkOrder, votedPowersIn } from './orders.js';
import { queueDm } from './outbox-write.js';
import { seatedToAct } from './duties.js';
import { NMR_COMPUTER } from './seat-record.js';
import { stepUnderWay } from './steps.js';
import { phaseLabel } from './summary.js';
import { channelRef } from './text-refs.js';
import { inReadTransaction, inTransaction } from './tx.js';
import type { GameDeps } from './types.js';
import { variantOfGame } from './variant-of-game.js';

/** How long after a deadline the resolution waits for the computer player's missing orders at most. */
export const NMR_GRACE_MS = 60_000;

/** Does this phase's resolution at its deadline still wait for the computer player's missing orders? */
export function awaitsMissingOrders(
  game: Pick<GameRow, 'nmr' | 'deadlineMs'>,
  phase: Pick<PhaseRow, 'missingFilledAt'>,
  now: number,
): boolean {
  return (
    game.nmr === 'computer' &&
    phase.missingFilledAt === null &&
    game.deadlineMs !== null &&
    now < game.deadlineMs + NMR_GRACE_MS
  );
}

/** The `nmr: computer` games past their deadline whose phase waits for its missing orders. */
function phasesAwaiting(deps: GameDeps): { gameId: number; phaseId: number }[] {
  const now = deps.now();
  const r = inReadTransaction(deps, (tx) => ({
    ok: true as const,
    rows: tx
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
      )
      .all(),
  }));
  return r.ok ? r.rows : [];
}

interface MissingJob {
  power: string;
  job: AiJob;
}

/** The AI jobs for the seats (people's and vacant ones) that miss orders in the phase; [] when none does. */
function missingJobsIn(tx: Tx, gameId: number, phaseId: number): MissingJob[] {
  const game = tx.select().from(games).where(eq(games.id, gameId)).get();
  const phase = tx.select().from(phases).where(eq(phases.id, phaseId)).get();
  const variant = game ? variantOfGame(game) : null;
  if (!game || !phase || !variant || game.currentPhaseId !== phaseId || phase.resolvedAt !== null) return [];
  // Orders closed for a step (declarations after a provisional result): nothing can be added now.
  if (stepUnderWay(tx, game, phase)) return [];
  const seats = playersOf(tx, gameId);
  const seated = seats.map((s) => s.power);
  const acting = seatedToAct(variant, phase.position, seated);
  return seats
    .filter((s) => !isComputer(s.userId) && acting.includes(s.power))
    .filter((s) => missingOrders(dutiesOf(variant, phase.position, s.power), ordersOf(tx, phaseId, s.power)).length > 0)
    .map((s) => ({
      power: s.power,
      job: {
        kind: 'orders' as const,
        variant: game.variantId,
        ...(game.options ? { options: game.options } : {}),
        position: phase.position,
        power: s.power,
        players: seated,
        level: game.computerLevel,
        // Deterministic for the seat and phase: a replay gives the same orders.
        seed: `${game.id}:${phase.idx}:nmr:${s.power}`,
      },
    }));
}

/**
 * Stores the computer player's orders for what each seat still misses (an order for a unit already ordered, or a
 * build beyond the count, is left out: the player's own orders stand) and marks the phase done, in one transaction.
 * Nothing happens when the phase moved on or was already done.
 */
export function storeMissingOrders(
  deps: GameDeps,
  input: { gameId: number; phaseId: number; answers: { power: string; texts: string[] }[] },
): { ok: boolean; stored: number } {
  const r = inTransaction(deps, (tx, changed) => {
    const game = tx.select().from(games).where(eq(games.id, input.gameId)).get();
    const phase = tx.select().from(phases).where(eq(phases.id, input.phaseId)).get();
    const variant = game ? variantOfGame(game) : null;
    if (!game || !phase || !variant || game.currentPhaseId !== phase.id || phase.resolvedAt !== null)
      return { ok: true as const, stored: 0 };
    if (phase.missingFilledAt !== null) return { ok: true as const, stored: 0 };
    const now = deps.now();
    const voted = votedPowersIn(tx, variant, game.id, phase.position);
    let stored = 0;
    for (const { power, texts } of input.answers) {
      const duties = dutiesOf(variant, phase.position, power);
      const existing = ordersOf(tx, phase.id, power).map((o) => ({ unitKey: o.unitKey, kind: o.order.kind }));
      for (const parsed of parseOrders(variant, texts.join('\n'), { position: phase.position, power })) {
        if (!parsed.ok) continue;
        const checked = checkOrder(variant, phase.position, power, parsed.order, duties, existing, voted);
        if ('error' in checked || existing.some((e) => e.unitKey === checked.unitKey)) continue;
        tx.insert(orders)
          .values({
            phaseId: phase.id,
            power,
            unitKey: checked.unitKey,
            text: parsed.text,
            order: parsed.order,
            submittedBy: NMR_COMPUTER,
            submittedAt: now,
          })
          .run();
        existing.push({ unitKey: checked.unitKey, kind: parsed.order.kind });
        stored++;
      }
    }
    tx.update(phases).set({ missingFilledAt: now }).where(eq(phases.id, phase.id)).run();
    changed(game.id);
    return { ok: true as const, stored };
  });
  return r.ok ? r : { ok: false, stored: 0 };
}

/**
 * What the results of a resolved phase say about the computer player's orders (one line per seat), and the DM each
 * member whose seat got some receives (inside the resolution's transaction; orders are public once resolved).
 */
export function computerGivenLines(tx: Tx, game: GameRow, phase: PhaseRow, now: number): string[] {
  const given = ordersOf(tx, phase.id).filter((o) => o.submittedBy === NMR_COMPUTER);
  if (given.length === 0) return [];
  const holders = new Map(playersOf(tx, game.id).map((p) => [p.power, p.userId]));
  const byPower = new Map<string, string[]>();
  for (const o of given) byPower.set(o.power, [...(byPower.get(o.power) ?? []), o.text]);
  const variant = variantOfGame(game);
  const label = phaseLabel(phase.position.phase, variant ?? undefined);
  const lines: string[] = [];
  for (const [power, texts] of [...byPower].sort(([a], [b]) => a.localeCompare(b))) {
    lines.push(`🤖 ${power}'s missing orders, given by the computer player: ${texts.join('; ')}.`);
    const holder = holders.get(power);
    if (holder && isPerson(holder))
      queueDm(
        tx,
        game,
        holder,
        'order_confirmation',
        `🤖 Your orders for **${power}** were incomplete at the deadline of **${label}** in ${channelRef(game.channelId)}, so the computer player gave the missing ones: ${texts.map((t) => `\`${t}\``).join(', ')}. Your own orders stood as you gave them.`,
        `nmr:${phase.id}:${power}`,
        now,
      );
  }
  return lines;
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
): { play(): Promise<void>[] } {
  const ask = options.ask ?? askComputerPlayer;
  const busy = new Set<number>();
  const turn = loopTurns();
  const fill = async (gameId: number, phaseId: number): Promise<void> => {
    try {
      const jobs = await turn(() => {
        const r = inReadTransaction(deps, (tx) => ({ ok: true as const, jobs: missingJobsIn(tx, gameId, phaseId) }));
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
      const stored = await turn(() => storeMissingOrders(deps, { gameId, phaseId, answers }));
      if (stored.ok) options.onFilled?.(gameId);
    } catch (err) {
      options.onError?.(err);
    } finally {
      busy.delete(phaseId);
    }
  };
  return {
    play: () =>
      phasesAwaiting(deps).flatMap(({ gameId, phaseId }) => {
        if (busy.has(phaseId)) return [];
        busy.add(phaseId);
        return [fill(gameId, phaseId)];
      }),
  };
}
