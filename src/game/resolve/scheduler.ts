/**
 * The phase timer. Deadlines live in the database; the scheduler keeps ONE timer armed for the earliest thing due (a
 * deadline, the mark of the clock an all-ready hidden game, its answered step or a held board waits for, or a
 * reminder), sweeps at start-up (so a deadline that passed while the bot was down is processed at once), and re-arms
 * after each sweep and whenever `poke()` says something changed. It also wakes at least every `maxSleepMs`, so changes
 * made by another process are seen.
 *
 * The deadlines due are found by resolve.ts `resolveDuePhases`, and resolution goes through the phase claim, so
 * overlapping sweeps, several schedulers or several processes resolve each phase exactly once. It also ends limited
 * pauses at their `resume_at` and lapses old pause proposals (src/game/pauses), each claimed by one transaction in
 * the same way.
 */
import { first, inSnapshot } from '../../store/store.js';
import { and, eq, isNotNull, min } from 'drizzle-orm';
import { games } from '../../store/schema.js';
import { pendingReminders, queueDueRemindersDetailed } from './reminders.js';
import { resolveDuePhases } from './resolve.js';
import { resolveReadyAtMarks } from './ready.js';
import { endAgreedGames } from './agreed-ends.js';
import { releaseDueHeldBoards } from './held-boards.js';
import { nextHeldBoardAt } from '../phase/index.js';
import { gameKinds, type GameDeps, type KindSweep } from '../core/index.js';
import { nextPauseWakeAt, pauseAgreedProposals, sweepPauses } from '../pauses/index.js';
import { nextMusterAt, settleDueMusters } from '../muster/index.js';

/**
 * While a due phase waits for the computer player's missing orders (`nmr: computer`, nmr.ts), the next sweep comes
 * this soon instead of at once.
 */
const AWAIT_RETRY_MS = 250;

/** setTimeout's limit: longer delays fire immediately (Node clamps them to 1 ms). */
export const MAX_TIMER_MS = 2 ** 31 - 1;

export interface SweepResult {
  /** Phases resolved in this sweep. */
  resolved: number;
  /** Due phases waiting for the computer player's missing orders (nmr.ts): the filler should be asked. */
  awaiting?: number;
  /** Reminder DMs queued. */
  reminders: number;
  /** Turns of the other game kinds (src/game/core/kinds.ts: the card game's turns, gives, choices) resolved by their deadline. */
  kindTurns?: number;
  /** Limited pauses that ended by themselves and pause proposals that lapsed (src/game/pauses). */
  pauses?: number;
  /** Musters settled (src/game/muster: unconfirmed seats vacated, the channel told). */
  musters?: number;
  /** Boards held until a mark that now show (src/game/phase/held-board.ts). */
  boards?: number;
  /** Games ended in a draw or concession every voter left had agreed to (agreed-ends.ts). */
  agreedEnds?: number;
  /** Games whose resolution failed (they are retried on the next sweep). */
  failures: string[];
}

export interface SchedulerOptions extends GameDeps {
  /** Called after a sweep that resolved something or queued reminders (e.g. to kick the outbox deliverer). */
  onDue?: (result: SweepResult) => void;
  /** Called when a sweep throws (the scheduler keeps running). */
  onError?: (err: unknown) => void;
  /** Longest sleep between sweeps (default 60 s). */
  maxSleepMs?: number;
  /** After a sweep with failures, wait this long before retrying what is overdue (default 30 s). */
  retryMs?: number;
}

export interface Scheduler {
  /** Something changed (deadline moved, game started): recompute the next wake-up. */
  poke(): Promise<void>;
  /** Runs a sweep now (also what the timer does). */
  sweep(): Promise<SweepResult>;
  /** When the armed timer fires (ms since epoch), or null when stopped. */
  nextWake(): number | null;
  /** Arms no more timers and waits for a sweep in flight (it must not reach a store about to close). */
  stop(): Promise<void>;
}

/**
 * The earliest deadline, mark of the clock an all-ready hidden game waits for, or pending reminder of any active game,
 * muster's end, limited pause's end or pause proposal's lapse, or null.
 */
export async function nextWakeAt(deps: GameDeps): Promise<number | null> {
  const row = first(
    await inSnapshot(deps.store, (tx) =>
      tx
        .select({ at: min(games.deadlineMs) })
        .from(games)
        .where(and(eq(games.status, 'active'), isNotNull(games.deadlineMs)))
        .limit(1),
    ),
  );
  let at = row?.at ?? null;
  // A game whose powers are all ready, or whose step has every answer, waits for the next mark (ready.ts).
  const mark = first(
    await inSnapshot(deps.store, (tx) =>
      tx
        .select({ at: min(games.readyAtMarkMs) })
        .from(games)
        .where(and(eq(games.status, 'active'), isNotNull(games.readyAtMarkMs)))
        .limit(1),
    ),
  )?.at;
  if (mark != null) at = at === null ? mark : Math.min(at, mark);
  // A board a hidden game's player act changed shows at the next mark (src/game/phase/held-board.ts).
  const held = await inSnapshot(deps.store, (tx) => nextHeldBoardAt(tx));
  if (held !== null) at = at === null ? held : Math.min(at, held);
  for (const r of await pendingReminders(deps)) at = at === null ? r.at : Math.min(at, r.at);
  const pause = await nextPauseWakeAt(deps);
  if (pause !== null) at = at === null ? pause : Math.min(at, pause);
  const muster = await nextMusterAt(deps);
  if (muster !== null) at = at === null ? muster : Math.min(at, muster);
  for (const kind of gameKinds()) {
    const next = await kind.nextWakeAt(deps);
    if (next !== null) at = at === null ? next : Math.min(at, next);
  }
  return at;
}

/**
 * Votes whose last missing voter lost their vote (a seat the muster vacated, a power just eliminated): a pause proposal
 * every voter left agreed to pauses the game, such a draw or concession ends it (docs/table.md "Pauses that cannot
 * freeze a game").
 */
async function settleAgreedVotes(deps: GameDeps): Promise<{ paused: number; agreedEnds: number; failures: string[] }> {
  const paused = await pauseAgreedProposals(deps);
  const ended = await endAgreedGames(deps);
  return { paused: paused.paused, agreedEnds: ended.ended, failures: [...paused.failures, ...ended.failures] };
}

/** One pass over everything due, in the order the comments give; the failures of every part collected. */
async function sweepDue(options: SchedulerOptions): Promise<Required<SweepResult>> {
  // A pause that ran out first: its game's deadline then runs from now.
  const pauses = await sweepPauses(options);
  // Then a muster: seats it vacates are vacant when a phase due at the same moment resolves.
  const mustering = await settleDueMusters(options);
  // A board held until a mark first: what resolves at the mark (ready.ts) plays it, as a deadline does (resolve.ts).
  const boards = await releaseDueHeldBoards(options);
  const resolution = await resolveDuePhases(options);
  // After the deadlines: a phase due at both resolves by its deadline (docs/decisions.md "Hidden identities").
  const marked = await resolveReadyAtMarks(options);
  const agreed = await settleAgreedVotes(options);
  const reminding = await queueDueRemindersDetailed(options);
  const kinds: KindSweep[] = [];
  for (const kind of gameKinds()) kinds.push(await kind.sweep(options));
  const failures = [
    ...pauses.failures,
    ...mustering.failures,
    ...boards.failures,
    ...resolution.failures,
    ...marked.failures,
    ...agreed.failures,
    ...reminding.failures,
    ...kinds.flatMap((k) => k.failures),
  ];
  const sum = (f: (k: (typeof kinds)[number]) => number) => kinds.reduce((n, k) => n + f(k), 0);
  return {
    resolved: resolution.resolved + marked.resolved,
    awaiting: (resolution.awaiting ?? 0) + sum((k) => k.awaiting ?? 0),
    reminders: reminding.queued + sum((k) => k.reminders),
    kindTurns: sum((k) => k.turns),
    pauses: pauses.done + agreed.paused,
    musters: mustering.settled,
    boards: boards.released,
    agreedEnds: agreed.agreedEnds,
    failures,
  };
}

export async function startScheduler(options: SchedulerOptions): Promise<Scheduler> {
  const maxSleep = Math.min(options.maxSleepMs ?? 60_000, MAX_TIMER_MS);
  let timer: NodeJS.Timeout | null = null;
  let wakeAt: number | null = null;
  let stopped = false;

  const retryMs = options.retryMs ?? 30_000;
  let lastSweepFailed = false;
  let lastSweepAwaited = false;

  const sweep = async (): Promise<SweepResult> => {
    const result = await sweepDue(options);
    const { failures } = result;
    lastSweepFailed = failures.length > 0;
    lastSweepAwaited = result.awaiting > 0;
    if (lastSweepFailed) options.onError?.(new Error(`scheduler sweep: ${failures.join('; ')}`));
    const { resolved, awaiting, reminders, kindTurns, pauses: paused, musters, boards: shown, agreedEnds } = result;
    const busy = resolved + awaiting + reminders + kindTurns + paused + musters + shown + agreedEnds;
    if (busy > 0 && options.onDue) {
      try {
        options.onDue(result);
      } catch (err) {
        options.onError?.(err);
      }
    }
    return result;
  };

  const arm = async () => {
    if (stopped) return;
    let next: number | null = null;
    try {
      next = await nextWakeAt(options);
    } catch (err) {
      options.onError?.(err);
    }
    // Two arms at once (a poke during a sweep): the later one's timer replaces the earlier's.
    if (stopped) return;
    if (timer) clearTimeout(timer);
    const now = options.now();
    let delay = next === null ? maxSleep : next - now;
    // Something overdue failed to process: retry later instead of spinning on it.
    if (lastSweepFailed && delay <= 0) delay = retryMs;
    // A phase waits for its missing orders: look again soon, without spinning.
    else if (lastSweepAwaited && delay <= 0) delay = AWAIT_RETRY_MS;
    delay = Math.max(0, Math.min(delay, maxSleep, MAX_TIMER_MS));
    wakeAt = now + delay;
    timer = setTimeout(() => void tracked(tick()), delay);
    timer.unref?.();
  };

  // Sweeps and re-arms in flight (the timer's, a caller's), awaited by `stop`.
  const inFlight = new Set<Promise<unknown>>();
  const tracked = <T>(p: Promise<T>): Promise<T> => {
    inFlight.add(p);
    void p.catch(() => {}).finally(() => inFlight.delete(p));
    return p;
  };

  const tick = async () => {
    timer = null;
    if (stopped) return;
    try {
      await sweep();
    } catch (err) {
      lastSweepFailed = true;
      options.onError?.(err);
    }
    await arm();
  };

  // Start-up sweep: anything that fell due while we were down is processed now.
  await tick();

  return {
    poke: () => tracked(arm()),
    sweep: () =>
      tracked(
        (async () => {
          const r = await sweep();
          await arm();
          return r;
        })(),
      ),
    nextWake: () => (stopped ? null : wakeAt),
    stop: async () => {
      stopped = true;
      wakeAt = null;
      if (timer) clearTimeout(timer);
      timer = null;
      await Promise.allSettled([...inFlight]);
    },
  };
}
