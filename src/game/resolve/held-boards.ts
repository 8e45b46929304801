/**
 * The mark of the clock a held board waits for (src/game/phase/held-board.ts, docs/decisions.md "Hidden
 * identities"): the scheduler's sweep makes each held board whose mark has come the phase's board, with the status
 * edit of that mark, each phase in its own transaction, once (a phase whose held board is another one by now, or
 * none, is left alone: a later act holds its board to a later mark, whatever moved the phase on released it).
 */
import { inSnapshot } from '../../store/store.js';
import { phaseById } from '../../store/queries.js';
import { inTransaction, type GameDeps } from '../core/index.js';
import { queueStatus } from '../outbox/index.js';
import { dueHeldBoards, releaseHeldBoard } from '../phase/index.js';

export async function releaseDueHeldBoards(deps: GameDeps): Promise<{ released: number; failures: string[] }> {
  const now = deps.now();
  const due = await inSnapshot(deps.store, (tx) => dueHeldBoards(tx, now));
  let released = 0;
  const failures: string[] = [];
  for (const held of due) {
    const r = await inTransaction(deps, async (tx, changed) => {
      const phase = await phaseById(tx, held.id);
      if (!phase || phase.resolvedAt !== null || phase.heldUntilMs !== held.at) return { ok: true as const, done: 0 };
      await releaseHeldBoard(tx, phase);
      await queueStatus(tx, held.gameId, now);
      changed(held.gameId);
      return { ok: true as const, done: 1 };
    });
    if (r.ok) released += r.done;
    else failures.push(`game ${held.gameId}: ${r.error}`);
  }
  return { released, failures };
}
