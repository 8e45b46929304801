/**
 * Pauses that cannot freeze a game (docs/table.md "Pauses that cannot freeze a game"): stopping and restarting a
 * game's clock, whoever asks. Three kinds of pause, kept in `games.paused_by`:
 * - `master`: a game master who plays no power (`/gm pause`) in a game that shows who plays whom; it lasts until
 *   `/gm resume`.
 * - `player-master`: a game master who also plays a power, or any game master of a game that hides who plays whom
 *   (so a pause tells nobody whether the master plays); limited to `games.pause_limit_ms` in all per game
 *   (`pause_used_ms` counts the closed pauses), so it carries `resume_at` and the game resumes by itself then.
 * - `vote`: every surviving player voted for it (`/game pause-vote`, vote.ts); it lasts until a player withdraws or
 *   `/gm resume`.
 * The limited pause's end is processed exactly once, on any number of processes: the transaction that resumes the
 * game claims it by its `resume_at` (a conditional update), and its notice has a dedupe key.
 */
import { and, eq, isNotNull, lte, min } from 'drizzle-orm';
import { audit, gameById } from '../../store/queries.js';
import { games, type GameRow, type PausedBy } from '../../store/schema.js';
import { first, inSnapshot, type Tx } from '../../store/store.js';
import { msg } from '../../i18n/index.js';
import { identitiesHiddenNow, inTransaction, timeRef, type GameDeps, durationParam } from '../core/index.js';
import { queueNotice, queueStatus } from '../outbox/index.js';

/** Pause/resume never leaves less than this on the clock, so players can react. */
const MIN_RESUME_MS = 60_000;

/** What is left of a game master's pause allowance (the limit less the closed pauses). */
export function pauseAllowance(game: Pick<GameRow, 'pauseLimitMs' | 'pauseUsedMs'>): number {
  return Math.max(0, game.pauseLimitMs - game.pauseUsedMs);
}

/**
 * Stops the clock of an active game: the time left is kept for `resumeClock`; `resumeAt` (a limited pause) is when
 * the game resumes by itself.
 */
export async function pauseClock(
  tx: Tx,
  game: GameRow,
  by: PausedBy,
  now: number,
  resumeAt: number | null = null,
): Promise<{ game: GameRow; remaining: number }> {
  const remaining = Math.max(0, (game.deadlineMs ?? now) - now);
  const updated = (
    await tx
      .update(games)
      .set({ status: 'paused', deadlineMs: null, pausedRemainingMs: remaining, pausedBy: by, pausedAt: now, resumeAt })
      .where(eq(games.id, game.id))
      .returning()
  )[0]!;
  return { game: updated, remaining };
}

/** How long a closing pause counts against the allowance: a playing master's, up to what was left of it. */
function countedLength(game: GameRow, end: number): number {
  if (game.pausedBy !== 'player-master' || game.pausedAt === null) return 0;
  return Math.min(pauseAllowance(game), Math.max(0, end - game.pausedAt));
}

/**
 * Restarts the clock of a paused game with the time that was left (at least `MIN_RESUME_MS`), closing the pause: a
 * playing master's pause adds its length (up to `end`) to `pause_used_ms`. Returns null when the game was no longer
 * paused as `game` says (another transaction resumed it first).
 */
export async function resumeClock(
  tx: Tx,
  game: GameRow,
  now: number,
  end = now,
): Promise<{ game: GameRow; deadline: number } | null> {
  const deadline = now + Math.max(MIN_RESUME_MS, game.pausedRemainingMs ?? 0);
  const claim =
    game.resumeAt === null
      ? and(eq(games.id, game.id), eq(games.status, 'paused'))
      : and(eq(games.id, game.id), eq(games.status, 'paused'), eq(games.resumeAt, game.resumeAt));
  const updated = first(
    await tx
      .update(games)
      .set({
        status: 'active',
        deadlineMs: deadline,
        pausedRemainingMs: null,
        pausedBy: null,
        pausedAt: null,
        resumeAt: null,
        pauseUsedMs: game.pauseUsedMs + countedLength(game, end),
      })
      .where(claim)
      .returning(),
  );
  return updated ? { game: updated, deadline } : null;
}

/** The earliest `resume_at` of a paused game, or null. */
export async function nextResumeAt(deps: GameDeps): Promise<number | null> {
  const row = first(
    await inSnapshot(deps.store, (tx) =>
      tx
        .select({ at: min(games.resumeAt) })
        .from(games)
        .where(and(eq(games.status, 'paused'), isNotNull(games.resumeAt)))
        .limit(1),
    ),
  );
  return row?.at ?? null;
}

/**
 * Resumes every game whose limited pause has run out, each in its own transaction, and tells its channel once.
 * Returns how many games resumed and the games that failed (retried on the next sweep).
 */
export async function resumeDuePauses(deps: GameDeps): Promise<{ resumed: number; failures: string[] }> {
  const now = deps.now();
  const due = await inSnapshot(deps.store, (tx) =>
    tx
      .select({ id: games.id })
      .from(games)
      .where(and(eq(games.status, 'paused'), isNotNull(games.resumeAt), lte(games.resumeAt, now))),
  );
  let resumed = 0;
  const failures: string[] = [];
  for (const { id } of due) {
    const r = await inTransaction(deps, async (tx, changed) => {
      const game = await gameById(tx, id);
      if (game?.status !== 'paused' || game.resumeAt === null || game.resumeAt > now)
        return { ok: true as const, done: false };
      const done = await endLimitedPause(tx, game, now);
      if (done) changed(id);
      return { ok: true as const, done };
    });
    if (!r.ok) failures.push(`game ${id}: ${r.error}`);
    else if (r.done) resumed++;
  }
  return { resumed, failures };
}

/** A playing master's pause that reached its `resume_at`: the game resumes, and the channel is told once. */
async function endLimitedPause(tx: Tx, game: GameRow, now: number): Promise<boolean> {
  const pausedAt = game.pausedAt ?? game.resumeAt!;
  const r = await resumeClock(tx, game, now, game.resumeAt!);
  if (!r) return false;
  await audit(tx, {
    gameId: game.id,
    userId: null,
    action: 'pause_limit_reached',
    detail: { pausedAt, resumeAt: game.resumeAt, used: r.game.pauseUsedMs },
    at: now,
  });
  await queueNotice(tx, r.game, {
    text: [
      msg(identitiesHiddenNow(game) ? 'pauses.notice.limitReachedHidden' : 'pauses.notice.limitReached', {
        limit: durationParam(game.pauseLimitMs),
        relative: timeRef(r.deadline, 'R'),
        date: timeRef(r.deadline, 'f'),
      }),
    ],
    dedupeKey: `pause-limit:${game.id}:${pausedAt}`,
    now,
  });
  await queueStatus(tx, game.id, now);
  return true;
}
