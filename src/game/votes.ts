/**
 * Ending a game by agreement.
 * - Draw: `/draw` toggles the caller's vote; when every surviving power that has a player votes for it, the
 *   game ends in a draw shared by all surviving powers (powers in civil disorder have no vote).
 * - Concession: `/concede [to]` concedes the game to a power (default: the one with the most centres). When
 *   every other surviving power that has a player has conceded to the same power, that power wins.
 * Votes stand until withdrawn (toggling again) or until a rollback.
 */
import { and, eq } from 'drizzle-orm';
import { audit, playersOf, votesOf } from '../store/queries.js';
import { votes, type GameEnd } from '../store/schema.js';
import type { Tx } from '../store/db.js';
import { isError, playerInGame, type PlayerContext } from './context.js';
import { matchPower } from './lobby.js';
import { queueStatus } from './outbox-write.js';
import { announceEnd, finishGame } from './resolve.js';
import { survivingPowers } from './status.js';
import { fail, inTransaction } from './tx.js';
import type { Caller, GameDeps, Result } from './types.js';
import { randomToken } from './views.js';

function voters(tx: Tx, ctx: PlayerContext): string[] {
  const alive = new Set(survivingPowers(ctx.variant, ctx.phase.position));
  return playersOf(tx, ctx.game.id)
    .map((p) => p.power)
    .filter((p) => alive.has(p));
}

/** Toggles the caller's draw vote; ends the game when the vote is unanimous. */
export function voteDraw(
  deps: GameDeps,
  caller: Caller,
): Result<{ power: string; voted: boolean; votes: string[]; waitingFor: string[]; end: GameEnd | null }> {
  return inTransaction(deps, (tx, changed) => {
    const ctx = playerInGame(tx, caller, { allowPaused: true });
    if (isError(ctx)) return ctx;
    const { game, variant, phase, player } = ctx;
    const eligible = voters(tx, ctx);
    if (!eligible.includes(player.power)) return fail(`${player.power} has been eliminated and has no vote.`);
    const now = deps.now();
    const had = votesOf(tx, game.id, 'draw').some((v) => v.power === player.power);
    if (had) tx.delete(votes).where(and(eq(votes.gameId, game.id), eq(votes.power, player.power), eq(votes.kind, 'draw'))).run();
    else tx.insert(votes).values({ gameId: game.id, power: player.power, kind: 'draw', createdAt: now }).run();
    audit(tx, { gameId: game.id, userId: caller.userId, action: had ? 'draw_withdraw' : 'draw_vote', detail: { power: player.power }, at: now });
    const current = new Set(votesOf(tx, game.id, 'draw').map((v) => v.power));
    const waitingFor = eligible.filter((p) => !current.has(p));
    let end: GameEnd | null = null;
    if (!had && waitingFor.length === 0) {
      end = { kind: 'draw', powers: survivingPowers(variant, phase.position) };
      finishGame(tx, game, end, now);
      announceEnd(tx, game, end, now, randomToken(deps.random ?? Math.random));
    }
    queueStatus(tx, game.id, now);
    changed(game.id);
    return { ok: true, power: player.power, voted: !had, votes: [...current].sort(), waitingFor, end };
  });
}

/** Concedes the game to `to` (default: the power with the most centres other than the caller). */
export function concede(
  deps: GameDeps,
  input: Caller & { to?: string | null },
): Result<{ power: string; to: string; waitingFor: string[]; end: GameEnd | null }> {
  return inTransaction(deps, (tx, changed) => {
    const ctx = playerInGame(tx, input, { allowPaused: true });
    if (isError(ctx)) return ctx;
    const { game, variant, phase, player } = ctx;
    const alive = survivingPowers(variant, phase.position);
    let to: string | null;
    if (typeof input.to === 'string' && input.to.trim() !== '') {
      to = matchPower(game.variantId, input.to);
      if (!to) return fail(`"${input.to}" is not a power in ${variant.name}.`);
    } else {
      const centres = (p: string) => (phase.position.supplyCenters[p] ?? []).length;
      to = alive.filter((p) => p !== player.power).sort((a, b) => centres(b) - centres(a))[0] ?? null;
      if (!to) return fail('There is nobody left to concede to.');
    }
    if (to === player.power) return fail('You cannot concede to yourself.');
    if (!alive.includes(to)) return fail(`${to} has been eliminated.`);
    const eligible = voters(tx, ctx);
    if (!eligible.includes(player.power)) return fail(`${player.power} has been eliminated and has nothing to concede.`);
    const now = deps.now();
    tx.insert(votes)
      .values({ gameId: game.id, power: player.power, kind: 'concede', target: to, createdAt: now })
      .onConflictDoUpdate({ target: [votes.gameId, votes.power, votes.kind], set: { target: to, createdAt: now } })
      .run();
    audit(tx, { gameId: game.id, userId: input.userId, action: 'concede', detail: { power: player.power, to }, at: now });
    const conceded = new Map(votesOf(tx, game.id, 'concede').map((v) => [v.power, v.target]));
    const waitingFor = eligible.filter((p) => p !== to && conceded.get(p) !== to);
    let end: GameEnd | null = null;
    if (waitingFor.length === 0) {
      end = { kind: 'concession', winner: to };
      finishGame(tx, game, end, now);
      announceEnd(tx, game, end, now, randomToken(deps.random ?? Math.random));
    }
    queueStatus(tx, game.id, now);
    changed(game.id);
    return { ok: true, power: player.power, to, waitingFor, end };
  });
}
