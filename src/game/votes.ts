/**
 * Ending a game by agreement.
 * - Draw: `/draw` toggles the caller's vote; when every surviving power that has a player votes for it, the
 *   game ends in a draw shared by all surviving powers (strict DIAS; powers in civil disorder have no vote).
 * - Concession: `/concede to:` concedes the game to a power. When every other surviving power that has a
 *   player has conceded to the same power, that power wins.
 * Both are secret until they decide the game (abuse issue §6): no reply, status or log at info says who voted.
 * They never expire: a vote stands until withdrawn, until its power changes hands (`/gm replace`), or until a
 * rollback undoes the game's end they decided.
 */
import { and, eq } from 'drizzle-orm';
import { audit, playersOf, votesOf } from '../store/queries.js';
import { votes, type GameEnd } from '../store/schema.js';
import type { Tx } from '../store/db.js';
import { isError, playerInGame, type PlayerContext } from './context.js';
import { matchPower } from './lobby.js';
import { isComputer } from './computer-seat.js';
import { queueStatus } from './outbox-write.js';
import { announceEnd, finishGame } from './resolve.js';
import { survivingPowers } from './status.js';
import { fail, inReadTransaction, inTransaction } from './tx.js';
import type { Caller, GameDeps, Result } from './types.js';
import { randomToken } from './views.js';

function voters(tx: Tx, ctx: PlayerContext): string[] {
  const alive = new Set(survivingPowers(ctx.variant, ctx.phase.position));
  // Issue 22 §5 (docs/ai.md "Votes"): a computer player never votes and never blocks; it accepts the draw or
  // concession its human fellows agree on, like a power in civil disorder.
  return playersOf(tx, ctx.game.id)
    .filter((p) => !isComputer(p.userId))
    .map((p) => p.power)
    .filter((p) => alive.has(p));
}

/**
 * Toggles the caller's draw vote; ends the game when the vote is unanimous. Votes are secret (strict DIAS,
 * Diplicity #167): the result says only what the caller's own vote is now, never who else voted or how many.
 */
export function voteDraw(deps: GameDeps, caller: Caller): Result<{ power: string; voted: boolean; end: GameEnd | null }> {
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
    let end: GameEnd | null = null;
    if (!had && eligible.every((p) => current.has(p))) {
      end = { kind: 'draw', powers: survivingPowers(variant, phase.position) };
      finishGame(tx, game, end, now);
      announceEnd(tx, game, end, now, randomToken(deps.random ?? Math.random));
      queueStatus(tx, game.id, now);
    }
    changed(game.id);
    return { ok: true, power: player.power, voted: !had, end };
  });
}

/** The caller's standing concession, if any (for `/concede` to offer a withdrawal). */
export function myConcession(deps: GameDeps, caller: Caller): Result<{ power: string; to: string | null; candidates: string[] }> {
  return inReadTransaction(deps, (tx) => {
    const ctx = playerInGame(tx, caller, { allowPaused: true });
    if (isError(ctx)) return ctx;
    const { game, variant, phase, player } = ctx;
    const mine = votesOf(tx, game.id, 'concede').find((v) => v.power === player.power);
    const candidates = survivingPowers(variant, phase.position).filter((p) => p !== player.power);
    return { ok: true, power: player.power, to: mine?.target ?? null, candidates };
  });
}

/**
 * Concedes the game to `to`. The game ends when every other surviving power with a player has conceded to the
 * same power. Secret like draw votes: the result never says who else has conceded. A concession stands until
 * withdrawn (`withdrawConcession`) or until the game ends.
 */
export function concede(deps: GameDeps, input: Caller & { to: string }): Result<{ power: string; to: string; previous: string | null; end: GameEnd | null }> {
  return inTransaction(deps, (tx, changed) => {
    const ctx = playerInGame(tx, input, { allowPaused: true });
    if (isError(ctx)) return ctx;
    const { game, variant, phase, player } = ctx;
    const alive = survivingPowers(variant, phase.position);
    if (typeof input.to !== 'string' || input.to.trim() === '') return fail('Say which power you concede to.');
    const to = matchPower(game.variantId, input.to);
    if (!to) return fail(`"${input.to}" is not a power in ${variant.name}.`);
    if (to === player.power) return fail('You cannot concede to yourself.');
    if (!alive.includes(to)) return fail(`${to} has been eliminated.`);
    const eligible = voters(tx, ctx);
    if (!eligible.includes(player.power)) return fail(`${player.power} has been eliminated and has nothing to concede.`);
    const now = deps.now();
    const previous = votesOf(tx, game.id, 'concede').find((v) => v.power === player.power)?.target ?? null;
    tx.insert(votes)
      .values({ gameId: game.id, power: player.power, kind: 'concede', target: to, createdAt: now })
      .onConflictDoUpdate({ target: [votes.gameId, votes.power, votes.kind], set: { target: to, createdAt: now } })
      .run();
    audit(tx, { gameId: game.id, userId: input.userId, action: 'concede', detail: { power: player.power, to }, at: now });
    const conceded = new Map(votesOf(tx, game.id, 'concede').map((v) => [v.power, v.target]));
    let end: GameEnd | null = null;
    if (eligible.every((p) => p === to || conceded.get(p) === to)) {
      end = { kind: 'concession', winner: to };
      finishGame(tx, game, end, now);
      announceEnd(tx, game, end, now, randomToken(deps.random ?? Math.random));
      queueStatus(tx, game.id, now);
    }
    changed(game.id);
    return { ok: true, power: player.power, to, previous: previous === to ? null : previous, end };
  });
}

/** Withdraws the caller's concession. */
export function withdrawConcession(deps: GameDeps, caller: Caller): Result<{ power: string; to: string }> {
  return inTransaction(deps, (tx, changed) => {
    const ctx = playerInGame(tx, caller, { allowPaused: true });
    if (isError(ctx)) return ctx;
    const { game, player } = ctx;
    const mine = votesOf(tx, game.id, 'concede').find((v) => v.power === player.power);
    if (!mine) return fail(`${player.power} has not conceded.`);
    tx.delete(votes).where(and(eq(votes.gameId, game.id), eq(votes.power, player.power), eq(votes.kind, 'concede'))).run();
    audit(tx, { gameId: game.id, userId: caller.userId, action: 'concede_withdraw', detail: { power: player.power }, at: deps.now() });
    changed(game.id);
    return { ok: true, power: player.power, to: mine.target ?? '' };
  });
}
