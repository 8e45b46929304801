/**
 * What a Diplomacy seat loses when it changes hands (`/gm replace`, a substitute's claim): docs/decisions.md, a power
 * changing hands loses its orders for the current phase (the new holder gives their own; nobody reads the previous
 * holder's), its readiness, and its draw vote or concession.
 */
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../store/db.js';
import { orders, readiness, votes, type GameRow } from '../../store/schema.js';

/** Returns how many orders were cleared. */
export async function clearSeatOnHandOver(
  tx: Tx,
  game: Pick<GameRow, 'id' | 'currentPhaseId'>,
  power: string,
): Promise<number> {
  let cleared = 0;
  if (game.currentPhaseId !== null) {
    cleared = (
      await tx
        .delete(orders)
        .where(and(eq(orders.phaseId, game.currentPhaseId), eq(orders.power, power)))
        .returning()
    ).length;
    await tx.delete(readiness).where(and(eq(readiness.phaseId, game.currentPhaseId), eq(readiness.power, power)));
  }
  await tx.delete(votes).where(and(eq(votes.gameId, game.id), eq(votes.power, power)));
  return cleared;
}
