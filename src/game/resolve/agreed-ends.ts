/**
 * A draw, or a concession, every voter left has agreed to (docs/table.md "Pauses that cannot freeze a game", votes that
 * never lapse silently): when the one person who had not voted loses their vote (their seat falls vacant at the
 * muster's end or for silence, or their power is eliminated), nobody can vote last (`/draw` again withdraws a vote), so
 * the scheduler's sweep ends such games as the votes agreed (every voter for the draw, or every voter but one conceding
 * to that one), after the musters and the phases it settles. The voters are counted as `/draw` and `/concede` count
 * them, by one rule (`seatsWithVote`, src/game/phase): the surviving powers held now or as the channel was told, so a
 * leave not yet told ends nothing and a claim not yet told still needs the new holder's vote. Claimed by deleting the
 * votes that ended it: a second sweep at the same moment finds none.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { gameById, phaseById, playersOf, votesOf } from '../../store/queries.js';
import { games, votes, type GameEnd } from '../../store/schema.js';
import { inSnapshot, type Tx } from '../../store/store.js';
import { inTransaction, newToken, variantOfGame, type GameDeps } from '../core/index.js';
import { queueStatus } from '../outbox/index.js';
import { drawPowers, endByVotes, seatsWithVote, survivingPowers } from '../phase/index.js';
import { announceEnd, finishGame } from './resolve.js';

interface Agreed {
  end: GameEnd;
  /** The kind of the votes that ended it, and whose: deleted to claim the end. */
  kind: 'draw' | 'concede';
  claim: readonly string[];
}

/** How the stored votes end the game with these voters (`endByVotes`, the rule `/draw` and `/concede` apply), or null. */
async function agreedEnd(
  tx: Tx,
  gameId: number,
  voters: readonly { power: string }[],
  alive: readonly string[],
): Promise<Agreed | null> {
  const drawn = new Set((await votesOf(tx, gameId, 'draw')).map((v) => v.power));
  const conceded = new Map((await votesOf(tx, gameId, 'concede')).map((v) => [v.power, v.target]));
  const end = endByVotes(voters, alive, drawn, conceded);
  if (!end) return null;
  const powers = voters.map((v) => v.power);
  if (end.kind === 'draw') return { end, kind: 'draw', claim: powers };
  return { end, kind: 'concede', claim: powers.filter((p) => p !== end.winner) };
}

/** Ends each running game whose draw or concession every voter left agreed to; how many ended, and the failures. */
export async function endAgreedGames(deps: GameDeps): Promise<{ ended: number; failures: string[] }> {
  const voted = await inSnapshot(deps.store, (tx) =>
    tx
      .selectDistinct({ gameId: votes.gameId })
      .from(votes)
      .innerJoin(games, eq(games.id, votes.gameId))
      .where(and(inArray(votes.kind, ['draw', 'concede']), eq(games.status, 'active'))),
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
      const seats = await playersOf(tx, game.id);
      const voters = await seatsWithVote(tx, game, seats, alive, now);
      const shared = drawPowers(
        variant,
        phase.position,
        seats.map((p) => p.power),
      );
      const agreed = await agreedEnd(tx, game.id, voters, shared);
      if (!agreed) return { ok: true as const, done: false };
      const claimed = await tx
        .delete(votes)
        .where(and(eq(votes.gameId, game.id), eq(votes.kind, agreed.kind), inArray(votes.power, agreed.claim)))
        .returning();
      if (claimed.length !== agreed.claim.length) return { ok: true as const, done: false };
      const { end } = agreed;
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
