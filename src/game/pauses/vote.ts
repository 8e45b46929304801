/**
 * `/game pause-vote` (docs/table.md "Pauses that cannot freeze a game"): the players pause a game together.
 * - The first vote opens a proposal; the channel is told that a pause was proposed and until when, naming nobody.
 *   The proposal is a row of `votes` (kind `pause`) under the power `PROPOSAL`, its `target` the time it opened, so it
 *   outlives any one vote: votes come and go, the proposal stands until it passes or lapses.
 * - Each surviving player's vote is a `votes` row (kind `pause`), secret like a draw vote: replies are private and
 *   say only the caller's own vote; running the command again withdraws it.
 * - The game pauses (`paused_by` `vote`) when every person playing a surviving power has voted: a computer player
 *   never blocks what the people agree on (as for draws, docs/ai.md "Votes"); a vacant seat has no vote.
 * - A proposal lapses `PROPOSAL_LAPSE_MS` after it opened; the channel is told once (the scheduler's sweep claims it
 *   by deleting its row, and the notice has a dedupe key).
 * - A vote pause stands while every player consents: one player running `/game pause-vote` again ends it (the game
 *   resumes at once), and so does `/gm resume`. It is not counted against the game master's pause limit.
 */
import { and, eq } from 'drizzle-orm';
import { audit, gameById, gameNotFinished, phaseById, playersOf } from '../../store/queries.js';
import { games, votes, type GameRow } from '../../store/schema.js';
import { inSnapshot, type Tx } from '../../store/store.js';
import { msg } from '../../i18n/index.js';
import {
  fail,
  inTransaction,
  isError,
  playerInGame,
  timeRef,
  type Caller,
  type GameDeps,
  type PlayerContext,
  type Result,
  gamePowerParam,
  variantOfGame,
  clockLeftParam,
} from '../core/index.js';
import { deadlinePassed } from '../orders/index.js';
import { privateActDueAt, queueNotice, queueProgressStatus, queueStatus } from '../outbox/index.js';
import { seatsWithVote, survivingPowers } from '../phase/index.js';
import { pauseClock, resumeClock } from './clock.js';

/** How long a pause proposal stands before it lapses. */
const PROPOSAL_LAPSE_MS = 24 * 3_600_000;

/** The `votes.power` of a game's open pause proposal (no power has this name: variants name powers in words). */
const PROPOSAL = '#proposal';

type PauseVoteOutcome = 'proposed' | 'supported' | 'withdrawn' | 'paused' | 'resumed';

const pauseRows = (gameId: number) => and(eq(votes.gameId, gameId), eq(votes.kind, 'pause'));

/**
 * The persons playing a surviving power: the ones whose votes a pause needs, counted by the rule draws use
 * (`seatsWithVote`, docs/table.md "Pauses that cannot freeze a game"): a seat held now or as the channel knows it. A
 * seat left since the mark still needs its vote, or the vote after the leave would pause the game and tell the voters,
 * and the channel, of the leave before the mark (docs/bot.md "Hidden identities"); a seat claimed since the mark
 * (the caller's own among them) votes at once, so no pause passes without its holder.
 */
async function peopleVoting(tx: Tx, ctx: PlayerContext, now: number): Promise<string[]> {
  return await peopleOf(tx, ctx.game, survivingPowers(ctx.variant, ctx.phase.position), now);
}

/** The surviving powers a person plays, by `seatsWithVote`. */
async function peopleOf(tx: Tx, game: GameRow, alive: readonly string[], now: number): Promise<string[]> {
  return (await seatsWithVote(tx, game, await playersOf(tx, game.id), alive, now))
    .filter((s) => !s.computer)
    .map((s) => s.power);
}

/**
 * Votes for a pause, or withdraws the caller's vote; in a vote pause, ends it. The result says only the caller's own
 * vote and what it did (never who else voted or how many).
 */
export async function votePause(
  deps: GameDeps,
  caller: Caller,
): Promise<
  Result<{
    power: string;
    outcome: PauseVoteOutcome;
    lapsesAt: number | null;
    deadline: number | null;
    remaining: number | null;
  }>
> {
  return await inTransaction(deps, async (tx, changed) => {
    const ctx = await playerInGame(tx, caller, { allowPaused: true });
    if (isError(ctx)) return ctx;
    const { game, player } = ctx;
    const now = deps.now();
    const people = await peopleVoting(tx, ctx, now);
    if (!people.includes(player.power))
      return fail(msg('pauses.refused.noVote', { power: gamePowerParam(game, player.power) }));
    // A deadline that has passed closes the phase, even before the sweep resolves it (docs/table.md "Pauses that
    // cannot freeze a game"): a vote then would reopen orders the deadline closed.
    const closed = deadlinePassed(game, now);
    if (closed) return fail(closed);
    changed(game.id);
    if (game.status === 'paused') {
      if (game.pausedBy !== 'vote') return fail(msg('pauses.refused.masterPause'));
      const r = await resumeClock(tx, game, now);
      if (!r) return fail(msg('gm.refused.notPaused'));
      await audit(tx, { gameId: game.id, userId: caller.userId, action: 'pause_vote_resume', at: now });
      await queueNotice(tx, r.game, {
        text: [
          msg('pauses.notice.voteResumed', { relative: timeRef(r.deadline, 'R'), date: timeRef(r.deadline, 'f') }),
        ],
        dedupeKey: `pause-vote-resume:${game.id}:${game.pausedAt}`,
        now,
      });
      await queueStatus(tx, game.id, now);
      return {
        ok: true,
        power: player.power,
        outcome: 'resumed',
        lapsesAt: null,
        deadline: r.deadline,
        remaining: null,
      };
    }
    const rows = await tx.select().from(votes).where(pauseRows(game.id));
    const proposal = rows.find((v) => v.power === PROPOSAL);
    // A proposal opens when the channel learns it: in a game that hides who plays whom, at the next mark of the clock
    // (`privateActDueAt`), so its lapse, shown in the notice and to each voter, never times the act that made it.
    const openedAt = proposal ? Number(proposal.target) : privateActDueAt(game, now);
    const lapsesAt = openedAt + PROPOSAL_LAPSE_MS;
    const mine = rows.find((v) => v.power === player.power);
    const base = { power: player.power, lapsesAt, deadline: null, remaining: null };
    if (mine) {
      await tx.delete(votes).where(eq(votes.id, mine.id));
      await audit(tx, { gameId: game.id, userId: caller.userId, action: 'pause_withdraw', at: now });
      return { ok: true, ...base, outcome: 'withdrawn' };
    }
    await tx.insert(votes).values({ gameId: game.id, power: player.power, kind: 'pause', createdAt: now });
    await audit(tx, { gameId: game.id, userId: caller.userId, action: 'pause_vote', at: now });
    const voted = new Set([...rows.map((v) => v.power), player.power]);
    if (people.every((p) => voted.has(p))) {
      const remaining = await pauseByVote(tx, game, now);
      return { ok: true, ...base, lapsesAt: null, outcome: 'paused', remaining };
    }
    // A proposal the channel has not been told of yet (it opens at the mark) reads to a voter as their own proposal:
    // "supported" would tell them, before the mark, that another player has just proposed one.
    if (proposal) return { ok: true, ...base, outcome: openedAt <= now ? 'supported' : 'proposed' };
    await tx
      .insert(votes)
      .values({ gameId: game.id, power: PROPOSAL, kind: 'pause', target: String(openedAt), createdAt: now });
    // A member's private act: in a game that hides who plays whom the channel learns it at the next mark of the clock
    // (`privateActDueAt`), so a proposal cannot time anyone's act nor bring another one's post out early.
    await queueNotice(tx, game, {
      text: [msg('pauses.notice.proposed', { relative: timeRef(lapsesAt, 'R'), date: timeRef(lapsesAt, 'f') })],
      dedupeKey: `pause-proposed:${game.id}:${now}`,
      now,
      dueAt: privateActDueAt(game, now),
    });
    await queueProgressStatus(tx, game, now);
    return { ok: true, ...base, outcome: 'proposed' };
  });
}

/** Every person voted: the proposal and its votes are spent, the game pauses, the channel is told. */
async function pauseByVote(tx: Tx, game: GameRow, now: number): Promise<number> {
  await tx.delete(votes).where(pauseRows(game.id));
  const { game: paused, remaining } = await pauseClock(tx, game, 'vote', now);
  await audit(tx, { gameId: game.id, userId: null, action: 'pause_by_vote', detail: { remaining }, at: now });
  await queueNotice(tx, paused, {
    text: [msg('pauses.notice.votePaused', { remaining: clockLeftParam(remaining) })],
    dedupeKey: `pause-vote-passed:${game.id}:${now}`,
    now,
  });
  await queueStatus(tx, game.id, now);
  return remaining;
}

/** The open pause proposals of games not over: their game and when they opened. */
async function openProposals(deps: GameDeps): Promise<{ gameId: number; openedAt: number }[]> {
  const rows = await inSnapshot(deps.store, (tx) =>
    tx
      .select({ gameId: votes.gameId, target: votes.target })
      .from(votes)
      .innerJoin(games, eq(games.id, votes.gameId))
      .where(and(eq(votes.kind, 'pause'), eq(votes.power, PROPOSAL), gameNotFinished)),
  );
  return rows.map((r) => ({ gameId: r.gameId, openedAt: Number(r.target) }));
}

/** When the next pause proposal lapses, or null. */
export async function nextProposalLapse(deps: GameDeps): Promise<number | null> {
  const all = (await openProposals(deps)).map((p) => p.openedAt + PROPOSAL_LAPSE_MS);
  return all.length > 0 ? Math.min(...all) : null;
}

/**
 * Pauses the games whose open proposal every person playing a surviving power has now voted for, though nobody voted
 * last: the one who had not voted lost their vote (their seat fell vacant, at the muster's end or for silence, or their
 * power was eliminated), and running the command again would withdraw a vote, not count it (docs/table.md "Pauses that
 * cannot freeze a game"). Run by the scheduler's sweep after the musters and the phases it settles, and before a
 * proposal lapses (one that passed must not be told to have lapsed). Each game in its own transaction, claimed by
 * deleting the proposal's row (`pauseByVote` spends it).
 */
export async function pauseAgreedProposals(deps: GameDeps): Promise<{ paused: number; failures: string[] }> {
  const now = deps.now();
  let paused = 0;
  const failures: string[] = [];
  for (const open of (await openProposals(deps)).filter((p) => p.openedAt <= now)) {
    const r = await inTransaction(deps, async (tx, changed) => {
      const game = await gameById(tx, open.gameId);
      const variant = game ? variantOfGame(game) : null;
      const phase = game?.currentPhaseId != null ? await phaseById(tx, game.currentPhaseId) : undefined;
      if (game?.status !== 'active' || !variant || !phase) return { ok: true as const, done: false };
      const rows = await tx.select().from(votes).where(pauseRows(game.id));
      const people = await peopleOf(tx, game, survivingPowers(variant, phase.position), now);
      const voted = new Set(rows.map((v) => v.power));
      if (people.length === 0 || !people.every((p) => voted.has(p))) return { ok: true as const, done: false };
      // The claim, as for a lapse: only the transaction that deletes the proposal's row pauses (another process's
      // sweep at the same moment finds it gone).
      const claimed = await tx
        .delete(votes)
        .where(and(pauseRows(game.id), eq(votes.power, PROPOSAL), eq(votes.target, String(open.openedAt))))
        .returning();
      if (claimed.length === 0) return { ok: true as const, done: false };
      await pauseByVote(tx, game, now);
      changed(game.id);
      return { ok: true as const, done: true };
    });
    if (!r.ok) failures.push(`game ${open.gameId}: ${r.error}`);
    else if (r.done) paused++;
  }
  return { paused, failures };
}

/**
 * What the channel is told when a proposal lapses, true in the game's state at that moment (docs/table.md "Pauses that
 * cannot freeze a game"): the game goes on, or stays paused by the game master or by the players' vote; none once the
 * game has ended (its end post says all there is).
 */
function lapseNoticeKey(game: GameRow) {
  if (game.status === 'active') return 'pauses.notice.voteLapsed' as const;
  if (game.status !== 'paused') return null;
  return game.pausedBy === 'vote'
    ? ('pauses.notice.voteLapsedVotePaused' as const)
    : ('pauses.notice.voteLapsedMasterPaused' as const);
}

/**
 * Ends every pause proposal older than `PROPOSAL_LAPSE_MS`, each in its own transaction: its votes are cleared and
 * its channel is told once. Returns how many lapsed and the games that failed (retried on the next sweep).
 */
export async function lapseDueProposals(deps: GameDeps): Promise<{ lapsed: number; failures: string[] }> {
  const now = deps.now();
  let lapsed = 0;
  const failures: string[] = [];
  for (const due of (await openProposals(deps)).filter((p) => p.openedAt + PROPOSAL_LAPSE_MS <= now)) {
    const r = await inTransaction(deps, async (tx, changed) => {
      // The claim: only the transaction that deletes the proposal's row announces it.
      const claimed = await tx
        .delete(votes)
        .where(and(pauseRows(due.gameId), eq(votes.power, PROPOSAL), eq(votes.target, String(due.openedAt))))
        .returning();
      const game = await gameById(tx, due.gameId);
      if (claimed.length === 0 || !game) return { ok: true as const, done: false };
      await tx.delete(votes).where(pauseRows(due.gameId));
      await audit(tx, { gameId: game.id, userId: null, action: 'pause_vote_lapsed', at: now });
      const key = lapseNoticeKey(game);
      if (key)
        await queueNotice(tx, game, {
          text: [msg(key)],
          dedupeKey: `pause-vote-lapsed:${game.id}:${due.openedAt}`,
          now,
        });
      await queueStatus(tx, game.id, now);
      changed(game.id);
      return { ok: true as const, done: true };
    });
    if (!r.ok) failures.push(`game ${due.gameId}: ${r.error}`);
    else if (r.done) lapsed++;
  }
  return { lapsed, failures };
}
