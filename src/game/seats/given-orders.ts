/**
 * Orders the computer player gives for a seat's player (docs/bot.md "Seats that never stall"): at a deadline under
 * `nmr: computer` what a member's or a vacant seat's orders miss (nmr-filler.ts), and at a phase's opening a vacant
 * seat's orders under `nmr: computer` (computer.ts). Only units without an order get one: a player's own orders
 * stand. They are stored with `submitted_by` `computer:nmr` (record.ts `NMR_COMPUTER`), which the results mark
 * with 🤖 and the reliability record never counts as the member's.
 */
import { parseOrders } from '../../engine/parse/index.js';
import type { Variant } from '../../engine/variant.js';
import type { Tx } from '../../store/store.js';
import { gameById, ordersOf, phaseById, playerByPower } from '../../store/queries.js';
import { orders, type PhaseRow } from '../../store/schema.js';
import { isVacant, fail, inTransaction, type GameDeps, type Result, variantOfGame } from '../core/index.js';
import { dutiesOf, keepShownProgress } from '../phase/index.js';
import { checkOrder, votedPowersIn } from '../orders/index.js';
import { queueProgressStatus } from '../outbox/index.js';
import { NMR_COMPUTER } from './record.js';

/**
 * Stores the computer player's orders `texts` for `power` where the seat has none yet (an order for a unit already
 * ordered, a build beyond the count, or an order the rules refuse is left out). Returns how many were stored.
 */
export async function storeGivenOrders(
  tx: Tx,
  variant: Variant,
  phase: PhaseRow,
  voted: Set<string>,
  input: { power: string; texts: readonly string[] },
  now: number,
): Promise<number> {
  const { power } = input;
  const duties = dutiesOf(variant, phase.position, power);
  const existing = (await ordersOf(tx, phase.id, power)).map((o) => ({ unitKey: o.unitKey, kind: o.order.kind }));
  let stored = 0;
  for (const parsed of parseOrders(variant, input.texts.join('\n'), { position: phase.position, power })) {
    if (!parsed.ok) continue;
    const checked = checkOrder(variant, phase.position, power, parsed.order, duties, existing, voted);
    if ('error' in checked || existing.some((e) => e.unitKey === checked.unitKey)) continue;
    await tx.insert(orders).values({
      phaseId: phase.id,
      power,
      unitKey: checked.unitKey,
      text: parsed.text,
      order: parsed.order,
      submittedBy: NMR_COMPUTER,
      submittedAt: now,
    });
    existing.push({ unitKey: checked.unitKey, kind: parsed.order.kind });
    stored++;
  }
  return stored;
}

/**
 * A vacant seat's orders under `nmr: computer`, given by the computer player when the phase opens (computer.ts): stored
 * where the seat has none, if the phase is still the one asked about and the seat still vacant. Its `/ready` follows
 * as a computer seat's does.
 */
export async function storeVacantSeatOrders(
  deps: GameDeps,
  input: { gameId: number; phaseId: number; power: string; texts: readonly string[] },
): Promise<{ ok: boolean; stored: number }> {
  const r = await inTransaction(deps, async (tx, changed): Promise<Result<{ stored: number }>> => {
    const game = await gameById(tx, input.gameId);
    const phase = await phaseById(tx, input.phaseId);
    const seat = await playerByPower(tx, input.gameId, input.power);
    const variant = game ? variantOfGame(game) : null;
    // The phase moved on, or the seat was claimed, while the computer player thought: nothing to store.
    if (!game || !phase || !variant || !seat || game.status !== 'active' || game.currentPhaseId !== phase.id)
      return fail('the phase moved on');
    if (phase.resolvedAt !== null || !isVacant(seat.userId)) return fail('the seat has a player');
    const voted = await votedPowersIn(tx, variant, game.id, phase.position);
    await keepShownProgress(tx, game, deps.now());
    const stored = await storeGivenOrders(tx, variant, phase, voted, input, deps.now());
    await queueProgressStatus(tx, game, deps.now());
    changed(game.id);
    return { ok: true, stored };
  });
  return r.ok ? { ok: true, stored: r.stored } : { ok: false, stored: 0 };
}
