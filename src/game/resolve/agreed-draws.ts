/**
 * A draw every voter left has agreed to (docs/table.md "Pauses that cannot freeze a game", votes that never lapse
 * silently): when the one person who had not voted for the draw loses their vote (their seat falls vacant at the
 * muster's end or for silence, or their power is eliminated), nobody can vote last (`/draw` again withdraws a vote), so
 * the scheduler's sweep ends such games in the draw the votes agreed to, after the musters and the phases it settles.
 * The voters are counted as `/draw` counts them, by one rule (`seatsWithVote`, src/game/phase): the surviving powers
 * held now or as the channel was told, so a leave not yet told ends nothing and a claim not yet told still needs the
 * new holder's vote. Claimed by deleting the draw votes: a second sweep at the same moment finds none.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { gameById, phaseById, playersOf, votesOf } from '../../store/queries.js';
import { games, votes, type GameEnd } from '../../store/schema.js';
import { inSnapshot } from '../../store/store.js';
import { inTransaction, newToken, variantOfGame, type GameDeps } from '../core/index.js';
import { queueStatus } from '../outbox/index.js';
import { seatsWithVote, survivingPowers } from '../phase/index.js';
import { announceEnd, finishGame } from './resolve.js';

/** Ends each running game whose draw votes every voter left has cast; how many ended, and the games that failed. */
export async function endAgreedDraws(deps: GameDeps): Promise<{ ended: number; failures: string[] }> {
  const voted = await inSnapshot(deps.store, (tx) =>
    tx
      .selectDistinct({ gameId: votes.gameId })
      .from(votes)
      .innerJoin(games, eq(games.id, votes.gameId))
      .where(and(eq(votes.kind, 'draw'), eq(games.status, 'active'))),
  );
  let ended = 0;
  const failures: string[] = [];
  for (const { gameId } of voted) {
    const r = await inTransaction(deps, async (tx, changed) => {
      const game = await gameById(tx, gameId);
      const variant = game ? variantOfGame(game) : null;
      const phase = game?.currentPhaseId != null ? await phaseById(tx, game.currentPhaseId) : undefined;
      if (game?.status !== 'active' || !variant || !phase) return { ok: true as const, done: false };
      const now = deps.now();
      const alive = survivingPowers(variant, phase.position);
      const voters = (await seatsWithVote(tx, game, await playersOf(tx, game.id), alive, now)).map((s) => s.power);
      const drawn = new Set((await votesOf(tx, game.id, 'draw')).map((v) => v.power));
      if (voters.length === 0 || !voters.every((p) => drawn.has(p))) return { ok: true as const, done: false };
      const claimed = await tx
        .delete(votes)
        .where(and(eq(votes.gameId, game.id), eq(votes.kind, 'draw'), inArray(votes.power, voters)))
        .returning();
      if (claimed.length !== voters.length) return { ok: true as const, done: false };
      const end: GameEnd = { kind: 'draw', powers: [...alive] };
      const settled = await finishGame(tx, deps, game, end, now);
      await announceEnd(tx, (await gameById(tx, game.id))!, end, now, newToken(deps), settled);
      await queueStatus(tx, game.id, now);
      changed(game.id);
      return { ok: true as const, done: true };
    });
    if (!r.ok) failures.push(`game ${gameId}: ${r.error}`);
    else if (r.done) ended++;
  }
  return { ended, failures };
}
