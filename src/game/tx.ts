/**
 * Runs a use-case in one IMMEDIATE transaction: a `{ok:false}` result or any exception rolls everything back,
 * so the stored game never changes on error. IMMEDIATE takes the write lock up front, so two processes
 * serialise instead of failing half-way with SQLITE_BUSY on lock upgrade.
 */
import type { Tx } from '../store/db.js';
import type { GameDeps, GameEvent, Result } from './types.js';

class Rollback {
  constructor(readonly result: { ok: false; error: string }) {}
}

export const INTERNAL_ERROR = 'Something went wrong on our side, and nothing was changed. Please try again.';

/** Hook for unexpected exceptions (tests and the bot's logger); never receives order text. */
let internalErrorHandler: (err: unknown) => void = () => {};
export function onInternalError(handler: (err: unknown) => void): void {
  internalErrorHandler = handler;
}

/** Events noted by the transaction running now (transactions are synchronous, so one list is enough). */
let pendingEvents: GameEvent[] | null = null;

/** Notes a game event; `deps.onEvent` hears it once the transaction commits, never if it rolls back. */
export function noteEvent(event: GameEvent): void {
  pendingEvents?.push(event);
}

/**
 * `fn` calls `changed(gameId)` when it modified a game; `deps.onChange` is told after the commit, and
 * `deps.onEvent` of the events `fn` noted.
 */
export function inTransaction<T extends object>(
  deps: GameDeps,
  fn: (tx: Tx, changed: (gameId: number) => void) => Result<T>,
): Result<T> {
  const changedGames = new Set<number>();
  const events: GameEvent[] = [];
  const outer = pendingEvents;
  let result: Result<T>;
  try {
    result = deps.db.transaction(
      (tx) => {
        changedGames.clear();
        events.length = 0;
        pendingEvents = events;
        const r = fn(tx, (id) => changedGames.add(id));
        if (!r.ok) throw new Rollback(r);
        return r;
      },
      { behavior: 'immediate' },
    );
  } catch (err) {
    if (err instanceof Rollback) return err.result;
    reportInternal(deps, err);
    return { ok: false, error: INTERNAL_ERROR };
  } finally {
    pendingEvents = outer;
  }
  for (const event of events) {
    try {
      deps.onEvent?.(event);
    } catch (err) {
      reportInternal(deps, err);
    }
  }
  for (const gameId of changedGames) {
    try {
      deps.onChange?.(gameId);
    } catch (err) {
      reportInternal(deps, err);
    }
  }
  return result;
}

/** Passes an unexpected exception to the hooks; a failing hook never turns into an exception for the caller. */
export function reportInternal(deps: Pick<GameDeps, 'onError'>, err: unknown): void {
  for (const hook of [internalErrorHandler, deps.onError]) {
    try {
      hook?.(err);
    } catch {
      // ignore
    }
  }
}

/** Read-only work in a deferred transaction (a consistent snapshot, no write lock); never throws. */
export function inReadTransaction<T extends object>(deps: GameDeps, fn: (tx: Tx) => Result<T>): Result<T> {
  try {
    return deps.db.transaction((tx) => fn(tx));
  } catch (err) {
    reportInternal(deps, err);
    return { ok: false, error: INTERNAL_ERROR };
  }
}

/** Shorthand for an error result. */
export function fail(error: string): { ok: false; error: string } {
  return { ok: false, error };
}
