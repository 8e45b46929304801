/**
 * Ending a game by agreement.
 * - Draw: `/draw` toggles the caller's vote; when every surviving power that has a player votes for it, the
 *   game ends in a draw shared by all surviving powers (strict DIAS; powers in civil disorder have no vote).
 * - Concession: `/concede to:` concedes the game to a power. When every other surviving power that has a
 *   player has conceded to the same power, that power wins.
 * Both are secret until they decide the game: no reply, status or log at info says who voted.
 * They never expire: a vote stands until withdrawn, until its power changes hands (`/gm replace`, a vacated seat) or
 * is eliminated, or until a rollback undoes the game's end they decided. Never silently: the channel is told at every
 * change of hands and every elimination (src/game/seats/hand-over.ts, docs/table.md "Pauses that cannot freeze a
 * game"). Pause votes are src/game/pauses/vote.ts. When the last voter missing loses their vote, the scheduler's
 * sweep ends the game in the draw or concession the others agreed to (src/game/resolve/agreed-ends.ts).
 *
 * A computer player's seat votes too, by a fixed rule (docs/ai.md "Votes"), stored like a person's
 * vote and counted like one:
 * - it votes for the draw when every person playing a surviving power has voted for it (so it never holds a table
 *   of people hostage), or when it cannot improve: its supply centres are no more than two game years before;
 * - it concedes to a power when every person playing another surviving power has conceded to that power (that power's
 *   own player, a person or not, need not concede: `peopleConcededTo`); it never concedes of its own accord.
 * Its votes are settled whenever a person votes and whenever it plays a phase (`settleComputerVotes`).
 */
import { first, type Tx } from '../../store/store.js';
import { and, eq } from 'drizzle-orm';
import type { Variant } from '../../engine/variant.js';
import { audit, gameById, phaseById, playersOf, votesOf } from '../../store/queries.js';
import { phases, votes, type GameEnd, type GameRow, type PhaseRow } from '../../store/schema.js';
import { msg } from '../../i18n/index.js';
import {
  isError,
  playerInGame,
  type PlayerContext,
  fail,
  inReadTransaction,
  inTransaction,
  type Caller,
  type GameDeps,
  type Result,
  newToken,
  variantOfGame,
  typed,
  gamePowerParam,
  powerParam,
  variantParam,
} from '../core/index.js';
import { matchPower } from '../lobby/index.js';
import { queueStatus } from '../outbox/index.js';
import { announceEnd, finishGame } from '../resolve/index.js';
import { drawPowers, endByVotes, seatsWithVote, survivingPowers } from '../phase/index.js';

/** Game years a computer seat looks back to decide that it cannot improve. */
export const STALL_YEARS = 2;

interface Voter {
  power: string;
  computer: boolean;
}

/**
 * The surviving powers with a player (a person or a computer player): each has a vote. A vacant seat has none until a
 * substitute claims it, like a power in civil disorder. The seats are read by the one rule the scheduler's sweep reads
 * too (`seatsWithVote`, src/game/resolve/agreed-ends.ts): in a game that hides who plays whom, a seat claimed since the
 * last mark votes at once and a seat left since then still needs its vote until the mark.
 */
async function votersOf(
  tx: Tx,
  game: Pick<GameRow, 'id' | 'press' | 'status'>,
  variant: Variant,
  phase: Pick<PhaseRow, 'position'>,
  now: number,
): Promise<Voter[]> {
  return await seatsWithVote(tx, game, await playersOf(tx, game.id), survivingPowers(variant, phase.position), now);
}

/** Whether the caller's own seat has a vote: it holds it, so it does while its power survives. */
function hasVote(ctx: PlayerContext): boolean {
  return survivingPowers(ctx.variant, ctx.phase.position).includes(ctx.player.power);
}

/**
 * A computer seat cannot improve when it owns no more supply centres than at the same phase `STALL_YEARS` game years
 * before (a phase it has not played that long never counts as stalled).
 */
async function cannotImprove(tx: Tx, gameId: number, phase: PhaseRow, power: string): Promise<boolean> {
  const before = first(
    await tx
      .select()
      .from(phases)
      .where(
        and(
          eq(phases.gameId, gameId),
          eq(phases.season, phase.season),
          eq(phases.type, phase.type),
          eq(phases.year, phase.year - STALL_YEARS),
        ),
      )
      .limit(1),
  );
  if (!before) return false;
  const count = (p: PhaseRow) => (p.position.supplyCenters[power] ?? []).length;
  return count(phase) <= count(before);
}

/**
 * The power every person conceded to: the one surviving power that every person playing another power has conceded
 * to (at least one person did). The winner's own vote does not count, so a person can be the winner; none when two
 * powers qualify (two people conceding to each other) or nobody but computer players has conceded.
 */
function peopleConcededTo(
  people: readonly Voter[],
  conceded: ReadonlyMap<string, string | null>,
  alive: readonly string[],
): string | null {
  const candidates = alive.filter((target) => {
    const others = people.filter((v) => v.power !== target);
    return others.length > 0 && others.every((v) => conceded.get(v.power) === target);
  });
  return candidates.length === 1 ? candidates[0]! : null;
}

/** Stores or removes a computer seat's draw vote as its rule wants it (with its audit line). */
async function setComputerDraw(tx: Tx, gameId: number, power: string, wanted: boolean, now: number): Promise<void> {
  if (wanted) await tx.insert(votes).values({ gameId, power, kind: 'draw', createdAt: now });
  else await tx.delete(votes).where(and(eq(votes.gameId, gameId), eq(votes.power, power), eq(votes.kind, 'draw')));
  await audit(tx, {
    gameId,
    userId: null,
    action: wanted ? 'draw_vote' : 'draw_withdraw',
    detail: { power, computer: true },
    at: now,
  });
}

/** Stores or removes a computer seat's concession as its rule wants it (with its audit line). */
async function setComputerConcession(
  tx: Tx,
  gameId: number,
  power: string,
  target: string | null,
  now: number,
): Promise<void> {
  if (target)
    await tx
      .insert(votes)
      .values({ gameId, power, kind: 'concede', target, createdAt: now })
      .onConflictDoUpdate({ target: [votes.gameId, votes.power, votes.kind], set: { target, createdAt: now } });
  else await tx.delete(votes).where(and(eq(votes.gameId, gameId), eq(votes.power, power), eq(votes.kind, 'concede')));
  await audit(tx, {
    gameId,
    userId: null,
    action: target ? 'concede' : 'concede_withdraw',
    detail: { power, to: target, computer: true },
    at: now,
  });
}

/**
 * Casts or withdraws every computer seat's draw vote and concession by the rule above, then ends the game when the
 * votes are unanimous. Returns how the game ended, or null.
 */
async function settleVotes(
  tx: Tx,
  deps: GameDeps,
  game: GameRow,
  variant: Variant,
  phase: PhaseRow,
  now: number,
): Promise<GameEnd | null> {
  const all = await votersOf(tx, game, variant, phase, now);
  const alive = survivingPowers(variant, phase.position);
  const people = all.filter((v) => !v.computer);
  const drawn = new Set((await votesOf(tx, game.id, 'draw')).map((v) => v.power));
  const peopleDraw = people.length > 0 && people.every((v) => drawn.has(v.power));
  const conceded = new Map((await votesOf(tx, game.id, 'concede')).map((v) => [v.power, v.target]));
  const peopleTarget = peopleConcededTo(people, conceded, alive);
  for (const seat of all.filter((v) => v.computer)) {
    const wantsDraw = peopleDraw || (await cannotImprove(tx, game.id, phase, seat.power));
    if (wantsDraw !== drawn.has(seat.power)) {
      await setComputerDraw(tx, game.id, seat.power, wantsDraw, now);
      if (wantsDraw) drawn.add(seat.power);
      else drawn.delete(seat.power);
    }
    // A seat concedes only to another power every person conceded to (never to itself).
    const target = peopleTarget !== null && peopleTarget !== seat.power ? peopleTarget : null;
    if (target !== (conceded.get(seat.power) ?? null)) {
      await setComputerConcession(tx, game.id, seat.power, target, now);
      if (target) conceded.set(seat.power, target);
      else conceded.delete(seat.power);
    }
  }
  const seated = (await playersOf(tx, game.id)).map((p) => p.power);
  const end = endByVotes(all, drawPowers(variant, phase.position, seated), drawn, conceded);
  if (end) {
    const settled = await finishGame(tx, deps, game, end, now);
    await announceEnd(tx, game, end, now, newToken(deps), settled);
    await queueStatus(tx, game.id, now);
  }
  return end;
}

/**
 * The computer seats of an active game vote by their rule on its current phase (called when they play it); the game
 * ends if that makes the votes unanimous.
 */
export async function settleComputerVotes(deps: GameDeps, gameId: number): Promise<Result<{ end: GameEnd | null }>> {
  return await inTransaction(deps, async (tx, changed) => {
    const game = await gameById(tx, gameId);
    const variant = game ? variantOfGame(game) : undefined;
    const phase = game?.currentPhaseId != null ? await phaseById(tx, game.currentPhaseId) : undefined;
    if (!game || !variant || !phase || game.status !== 'active') return { ok: true, end: null };
    const end = await settleVotes(tx, deps, game, variant, phase, deps.now());
    if (end) changed(game.id);
    return { ok: true, end };
  });
}

/**
 * Toggles the caller's draw vote; ends the game when the vote is unanimous; `among` names the powers a draw would
 * be shared by. Votes are secret (strict DIAS,
 * Diplicity #167): the result says only what the caller's own vote is now, never who else voted or how many.
 */
export async function voteDraw(
  deps: GameDeps,
  caller: Caller,
): Promise<Result<{ power: string; voted: boolean; end: GameEnd | null; among: string[] }>> {
  return await inTransaction(deps, async (tx, changed) => {
    const ctx = await playerInGame(tx, caller, { allowPaused: true });
    if (isError(ctx)) return ctx;
    const { game, variant, phase, player } = ctx;
    if (!hasVote(ctx)) return fail(msg('votes.refused.eliminatedNoVote', { power: powerParam(variant, player.power) }));
    const now = deps.now();
    const had = (await votesOf(tx, game.id, 'draw')).some((v) => v.power === player.power);
    if (had)
      await tx
        .delete(votes)
        .where(and(eq(votes.gameId, game.id), eq(votes.power, player.power), eq(votes.kind, 'draw')));
    else await tx.insert(votes).values({ gameId: game.id, power: player.power, kind: 'draw', createdAt: now });
    await audit(tx, {
      gameId: game.id,
      userId: caller.userId,
      action: had ? 'draw_withdraw' : 'draw_vote',
      detail: { power: player.power },
      at: now,
    });
    const end = await settleVotes(tx, deps, game, variant, phase, now);
    changed(game.id);
    // the powers the draw would be shared by: not Mandate of Heaven's neutrals the players' vote moves
    const among = drawPowers(
      variant,
      phase.position,
      (await playersOf(tx, game.id)).map((p) => p.power),
    );
    return { ok: true, power: player.power, voted: !had, end, among };
  });
}

/** The caller's standing concession, if any (for `/concede` to offer a withdrawal). */
export async function myConcession(
  deps: GameDeps,
  caller: Caller,
): Promise<Result<{ power: string; to: string | null; candidates: string[] }>> {
  return await inReadTransaction(deps, async (tx) => {
    const ctx = await playerInGame(tx, caller, { allowPaused: true });
    if (isError(ctx)) return ctx;
    const { game, variant, phase, player } = ctx;
    const mine = (await votesOf(tx, game.id, 'concede')).find((v) => v.power === player.power);
    const candidates = survivingPowers(variant, phase.position).filter((p) => p !== player.power);
    return { ok: true, power: player.power, to: mine?.target ?? null, candidates };
  });
}

/** The power `typed` names if the caller may concede to it now: a surviving power not their own. */
function concessionTarget(ctx: PlayerContext, typedTo: unknown): Result<{ to: string }> {
  const { game, variant, phase, player } = ctx;
  if (typeof typedTo !== 'string' || typedTo.trim() === '') return fail(msg('votes.refused.concedeWhom'));
  const to = matchPower(game.variantId, typedTo);
  if (!to) return fail(msg('votes.refused.notPower', { typed: typed(typedTo), variant: variantParam(variant) }));
  if (to === player.power) return fail(msg('votes.refused.self'));
  if (!survivingPowers(variant, phase.position).includes(to))
    return fail(msg('votes.refused.eliminated', { power: powerParam(variant, to) }));
  if (!hasVote(ctx)) return fail(msg('votes.refused.eliminatedNothing', { power: powerParam(variant, player.power) }));
  return { ok: true, to };
}

/**
 * Whether the caller may concede to the power `to` names, and which power that is, before `/concede` asks them to
 * confirm: the same refusals `concede` gives, so a question is never asked for a concession that cannot be made.
 */
export async function checkConcession(deps: GameDeps, input: Caller & { to: string }): Promise<Result<{ to: string }>> {
  return await inReadTransaction(deps, async (tx) => {
    const ctx = await playerInGame(tx, input, { allowPaused: true });
    if (isError(ctx)) return ctx;
    return concessionTarget(ctx, input.to);
  });
}

/**
 * Concedes the game to `to`. The game ends when every other surviving power with a player has conceded to the
 * same power. Secret like draw votes: the result never says who else has conceded. A concession stands until
 * withdrawn (`withdrawConcession`) or until the game ends.
 */
export async function concede(
  deps: GameDeps,
  input: Caller & { to: string },
): Promise<Result<{ power: string; to: string; previous: string | null; end: GameEnd | null }>> {
  return await inTransaction(deps, async (tx, changed) => {
    const ctx = await playerInGame(tx, input, { allowPaused: true });
    if (isError(ctx)) return ctx;
    const { game, variant, phase, player } = ctx;
    const target = concessionTarget(ctx, input.to);
    if (!target.ok) return target;
    const { to } = target;
    const now = deps.now();
    const previous = (await votesOf(tx, game.id, 'concede')).find((v) => v.power === player.power)?.target ?? null;
    await tx
      .insert(votes)
      .values({ gameId: game.id, power: player.power, kind: 'concede', target: to, createdAt: now })
      .onConflictDoUpdate({ target: [votes.gameId, votes.power, votes.kind], set: { target: to, createdAt: now } });
    await audit(tx, {
      gameId: game.id,
      userId: input.userId,
      action: 'concede',
      detail: { power: player.power, to },
      at: now,
    });
    const end = await settleVotes(tx, deps, game, variant, phase, now);
    changed(game.id);
    return { ok: true, power: player.power, to, previous: previous === to ? null : previous, end };
  });
}

/** Withdraws the caller's concession. */
export async function withdrawConcession(
  deps: GameDeps,
  caller: Caller,
): Promise<Result<{ power: string; to: string }>> {
  return await inTransaction(deps, async (tx, changed) => {
    const ctx = await playerInGame(tx, caller, { allowPaused: true });
    if (isError(ctx)) return ctx;
    const { game, player } = ctx;
    const mine = (await votesOf(tx, game.id, 'concede')).find((v) => v.power === player.power);
    if (!mine) return fail(msg('votes.refused.notConceded', { power: gamePowerParam(game, player.power) }));
    await tx
      .delete(votes)
      .where(and(eq(votes.gameId, game.id), eq(votes.power, player.power), eq(votes.kind, 'concede')));
    await audit(tx, {
      gameId: game.id,
      userId: caller.userId,
      action: 'concede_withdraw',
      detail: { power: player.power },
      at: deps.now(),
    });
    // The computer seats that followed the people's concession withdraw theirs too.
    await settleVotes(tx, deps, game, ctx.variant, ctx.phase, deps.now());
    changed(game.id);
    return { ok: true, power: player.power, to: mine.target ?? '' };
  });
}
