/**
 * Runs a use-case in one IMMEDIATE transaction: a `{ok:false}` result or any exception rolls everything back,
 * so the stored game never changes on error. IMMEDIATE takes the write lock up front, so two processes
 * serialise instead of failing half-way with SQLITE_BUSY on lock upgrade.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Tx } from '../../store/store.js';
import type { GameDeps, GameEvent, Refusal, Result } from './types.js';
import { msg, t, type Msg } from '../../i18n/index.js';
import { typedAsPlain } from './text-refs.js';

export const INTERNAL_ERROR = 'Something went wrong on our side, and nothing was changed. Please try again.';
/** The refusal of a use-case that failed unexpectedly (its English sentence and its message key). */
const internalRefusal = (): Refusal => ({ ok: false, error: INTERNAL_ERROR, message: msg('errors.internal') });

/** Hook for unexpected exceptions (tests and the bot's logger); never receives order text. */
let internalErrorHandler: (err: unknown) => void = () => {};
export function onInternalError(handler: (err: unknown) => void): void {
  internalErrorHandler = handler;
}

/** The events noted by the transaction the running code is inside (each transaction has its own list). */
const pendingEvents = new AsyncLocalStorage<GameEvent[]>();

/** Notes a game event; `deps.onEvent` hears it once the transaction commits, never if it rolls back. */
export function noteEvent(event: GameEvent): void {
  pendingEvents.getStore()?.push(event);
}

/**
 * `fn` calls `changed(gameId)` when it modified a game; `deps.onChange` is told after the commit, and
 * `deps.onEvent` of the events `fn` noted. A PostgreSQL transaction run again after a conflict collects them anew.
 */
export async function inTransaction<R extends Result>(
  deps: GameDeps,
  fn: (tx: Tx, changed: (gameId: number) => void) => Promise<R>,
): Promise<R | Refusal> {
  const changedGames = new Set<number>();
  const events: GameEvent[] = [];
  let result: R;
  try {
    result = await deps.store.transaction(async (tx) => {
      changedGames.clear();
      events.length = 0;
      return pendingEvents.run(events, () => fn(tx, (id) => changedGames.add(id)));
    });
  } catch (err) {
    reportInternal(deps, err);
    return internalRefusal();
  }
  if (!result.ok) return result;
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
export async function inReadTransaction<R extends Result>(
  deps: GameDeps,
  fn: (tx: Tx) => Promise<R>,
): Promise<R | Refusal> {
  try {
    return await deps.store.transaction((tx) => fn(tx), { write: false });
  } catch (err) {
    reportInternal(deps, err);
    return internalRefusal();
  }
}

/**
 * Shorthand for a refusal: a message key (worded per reader), or an English sentence. The English `error` (logs, the
 * CLI, tests) shows what a member typed as plain text; `message` keeps it a reference for the bot to escape.
 */
export function fail(error: string | Msg): Refusal {
  return typeof error === 'string'
    ? { ok: false, error }
    : { ok: false, error: typedAsPlain(t('en', error)), message: error };
}
