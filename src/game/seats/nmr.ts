/**
 * `nmr: computer` (docs/bot.md "Seats that never stall"), the resolution's side: whether a due phase waits for the
 * computer player, and what its results say about the orders it gave (the filler that gives them: nmr-filler.ts).
 *
 * At a deadline, a computer player gives exactly the orders
 * the seats of people (and vacant seats) are missing: a unit without an order, an undecided retreat, an unused build
 * or a due disband. The player's own orders stand untouched; what the computer gave is stored with `submitted_by`
 * `computer:nmr` (record.ts `NMR_COMPUTER`), marked 🤖 where it stands in the results post and listed to the
 * player in one DM. A vacant seat under `nmr: computer` is played when each phase opens (computer.ts, given-orders.ts).
 *
 * The deadline's resolution waits for it: `resolveDuePhases` skips a game whose phase has not had its missing orders
 * given yet (`phases.missing_filled_at` null), for at most `NMR_GRACE_MS` after the deadline. The filler (bot side:
 * `missingOrderFiller().play()`, after every sweep) finds those phases, asks the AI in its worker thread, off the
 * event loop, with what a person in the seat would see (the position and the seated powers), and stores the
 * answers in one transaction that also sets `missing_filled_at`; then the scheduler resolves the phase. After a
 * restart the phases still waiting are found again. If the AI fails, the phase is marked done with what it has, and
 * the rules' defaults apply to the rest.
 */
import type { Tx } from '../../store/store.js';
import { ordersOf, playersOf, readyPowers } from '../../store/queries.js';
import { seatRecords, type GameRow, type PhaseRow } from '../../store/schema.js';
import { and, eq } from 'drizzle-orm';
import type { Variant } from '../../engine/variant.js';
import {
  isComputer,
  isPerson,
  phaseMsg,
  type GivenOrder,
  type PhaseSeats,
  channelRef,
  variantOfGame,
} from '../core/index.js';
import { dutiesOf, missingOrders, seatedToAct, storedStepUnderWay } from '../phase/index.js';
import { queueDm } from '../outbox/index.js';
import { positionSeenBy, viewsUnderFog } from '../fog/index.js';
import { votedPowersIn } from '../orders/index.js';
import { seatHistory, type Stint } from '../scores/index.js';
import { codeListParam, msg } from '../../i18n/index.js';
import { NMR_COMPUTER } from './record.js';

/**
 * The seats whose player the computer player stands in for (members and vacant seats, not computer seats) that have
 * something to decide in the phase and miss an order for it.
 */
export async function seatsMissingOrders(tx: Tx, game: GameRow, variant: Variant, phase: PhaseRow): Promise<string[]> {
  const seats = await playersOf(tx, game.id);
  const acting = seatedToAct(
    variant,
    phase.position,
    seats.map((s) => s.power),
    viewsUnderFog(game, variant, phase.position),
  );
  const missing: string[] = [];
  for (const s of seats) {
    if (isComputer(s.userId) || !acting.includes(s.power)) continue;
    const seen = positionSeenBy(game, variant, phase.position, s.power); // its duties as it sees them
    if (missingOrders(dutiesOf(variant, seen, s.power), await ordersOf(tx, phase.id, s.power)).length > 0)
      missing.push(s.power);
  }
  return missing;
}

/**
 * The computer seats that have orders to give in the phase (no step under way) and have not said `/ready` yet: their
 * answer is still being computed. A deadline's resolution and `/gm advance` wait for them as for the missing orders
 * (`NMR_GRACE_MS` at most), so a computer seat's units never hold only because the deadline came first.
 */
export async function computerSeatsToPlay(tx: Tx, game: GameRow, variant: Variant, phase: PhaseRow): Promise<string[]> {
  if (phase.resolvedAt !== null || (await storedStepUnderWay(tx, game, phase))) return [];
  const seats = await playersOf(tx, game.id);
  const acting = seatedToAct(
    variant,
    phase.position,
    seats.map((s) => s.power),
    viewsUnderFog(game, variant, phase.position),
  );
  const ready = await readyPowers(tx, phase.id);
  return seats
    .filter((s) => isComputer(s.userId) && acting.includes(s.power) && !ready.has(s.power))
    .map((s) => s.power);
}

/**
 * How long after a deadline the resolution waits at most for the computer player: the missing orders it gives, and
 * the computer seats still playing.
 */
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

/**
 * The orders the computer player gave in a resolved phase (the results mark them where they stand), after queuing the
 * DM each member whose seat got some receives (inside the resolution's transaction; orders are public once resolved).
 */
export async function givenOrders(tx: Tx, game: GameRow, phase: PhaseRow, now: number): Promise<GivenOrder[]> {
  const all = await ordersOf(tx, phase.id);
  const given = all.filter((o) => o.submittedBy === NMR_COMPUTER);
  if (given.length === 0) return [];
  const holders = new Map((await playersOf(tx, game.id)).map((p) => [p.power, p.userId]));
  const byPower = new Map<string, string[]>();
  for (const o of given) byPower.set(o.power, [...(byPower.get(o.power) ?? []), o.text]);
  const variant = variantOfGame(game);
  const phaseName = phaseMsg(phase.position.phase, variant ?? undefined);
  for (const [power, texts] of byPower) {
    const holder = holders.get(power);
    if (!holder || !isPerson(holder)) continue;
    const own = all.some((o) => o.power === power && o.submittedBy !== NMR_COMPUTER);
    const params = {
      power,
      phase: phaseName,
      channel: channelRef(game.channelId),
      orders: codeListParam(texts),
    };
    await queueDm(tx, game, {
      to: holder,
      reason: 'order_confirmation',
      text: [msg(own ? 'seats.nmr.partial' : 'seats.nmr.all', params)],
      dedupeKey: `nmr:${phase.id}:${power}`,
      now,
    });
  }
  return given.map((o) => ({ power: o.power, text: o.text }));
}

/**
 * Who stood behind a past phase's orders, for `/history show`, from what the store kept: the orders the computer player
 * gave for a seat (`given`), and the powers in civil disorder (`noPlayer`): a power with results, no order stored for it
 * and no member recorded in its seat that phase (record.ts; a phase with no record at all, from before the record or
 * played by computer seats only, names none). The powers the players' vote moves are none.
 */
export async function pastPhaseSeats(tx: Tx, game: GameRow, variant: Variant, phase: PhaseRow): Promise<PhaseSeats> {
  const orders = await ordersOf(tx, phase.id);
  const given = orders.filter((o) => o.submittedBy === NMR_COMPUTER).map((o) => ({ power: o.power, text: o.text }));
  const recorded = await tx
    .select({ power: seatRecords.power })
    .from(seatRecords)
    .where(and(eq(seatRecords.gameId, game.id), eq(seatRecords.turn, String(phase.id))));
  if (recorded.length === 0 || !phase.adjudication) return { given };
  // A computer player has no reliability record, yet it held its seat: a seat it missed orders in was no disorder.
  const played = computerHeld(await seatHistory(tx, game.id), phase.resolvedAt ?? Number.POSITIVE_INFINITY);
  const stood = new Set([...recorded.map((r) => r.power), ...orders.map((o) => o.power), ...played]);
  const voted = await votedPowersIn(tx, variant, game.id, phase.position);
  const powers = new Set(phase.adjudication.results.map((r) => r.power));
  return { given, noPlayer: [...powers].filter((p) => !stood.has(p) && !voted.has(p)) };
}

/** The powers a computer player held at `at` (a phase's resolution), by the seats' history. */
function computerHeld(history: Map<string, Stint[]>, at: number): string[] {
  return [...history.values()]
    .flat()
    .filter((s) => isComputer(s.userId) && (s.since ?? 0) <= at && (s.ended === null || s.ended.at >= at))
    .map((s) => s.power);
}
