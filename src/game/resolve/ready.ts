/**
 * `/ready`: a power says it is done with the phase. When every power that has something to decide (and a
 * player to decide it) is ready, the phase resolves at once, inside the same transaction; in a game that hides who
 * plays whom, at the next mark of the clock, by the scheduler's sweep (`resolveReadyAtMarks`, docs/decisions.md
 * "Hidden identities"), which also closes a variant's step every answer came in for before the mark (actions.ts).
 */
import { and, eq, isNotNull, lte } from 'drizzle-orm';
import { games, readiness, type GameRow, type PhaseRow } from '../../store/schema.js';
import { gameById, ordersOf, phaseById, playersOf, readyPowers } from '../../store/queries.js';
import type { Variant } from '../../engine/variant.js';
import { inSnapshot, type Tx } from '../../store/store.js';
import {
  isPerson,
  isVacant,
  isError,
  playerInGame,
  identitiesHiddenNow,
  earlyResolutionAllowed,
  fail,
  inTransaction,
  phaseMsg,
  powerParam,
  type Caller,
  type GameDeps,
  type PhaseView,
  type Result,
  variantOfGame,
} from '../core/index.js';

import { nextProgressMark, queueProgressStatus } from '../outbox/index.js';
import { humanPowersToAct, isRaceRefusal, powersToWaitFor, resolveInTx } from './resolve.js';
import {
  keepShownProgress,
  stepReadyRefusalMsg,
  stepSettled,
  storedStepUnderWay,
  dutiesOf,
  missingParams,
  type StepSurface,
} from '../phase/index.js';
import { positionSeenBy } from '../fog/index.js';
import { listParam, msg, type Msg } from '../../i18n/index.js';

/**
 * Toggles the caller's readiness for the current phase. Returns the new state and, when this made everyone
 * ready, the phases that were resolved. A power with nothing to decide cannot be ready. `surface`: who words a
 * step's refusal (the order pad names its buttons, not commands).
 */
export async function toggleReady(
  deps: GameDeps,
  input: Caller & {
    surface?: StepSurface;
    /** The phase the order pad shows: refused once the game has moved on (docs/pad.md "A phase that moves on"). */
    phaseId?: number;
  },
): Promise<
  Result<{
    power: string;
    ready: boolean;
    resolved: PhaseView[];
    /**
     * The powers it still waits for, and how many; in a game that hides who plays whom neither (null: which power got
     * ready when, or a count read at any moment, would tell when another player got ready, to pair with whoever was
     * seen acting then; the pinned status counts them at the marks of the clock, docs/bot.md "Hidden identities").
     */
    waitingFor: string[];
    waiting: number | null;
    capped: { waitMs: number; count: number } | null;
    /** Got ready with orders still missing: what, in which phase (the phase may have just begun: docs/bot.md). */
    left: Msg | null;
    /** Everyone was ready, and the orders closed for a step of the phase (a Decisive Battle phase) instead of results. */
    stepped?: Msg;
  }>
> {
  return await inTransaction(deps, async (tx, changed) => {
    const ctx = await playerInGame(tx, input);
    if (isError(ctx)) return ctx;
    const { game, variant, phase, player } = ctx;
    if (input.phaseId !== undefined && input.phaseId !== phase.id) return fail(msg('ready.refused.phaseChanged'));
    const step = await storedStepUnderWay(tx, game, phase);
    if (step?.spec.at === 'claim')
      return fail(stepReadyRefusalMsg(step.spec, input.surface) ?? msg('ready.refused.stepUnderWay'));
    if (!(await humanPowersToAct(tx, variant, game, phase)).includes(player.power)) {
      return fail(msg('ready.refused.nothingToDecide', { power: powerParam(variant, player.power) }));
    }
    const now = deps.now();
    const ready = !(await readyPowers(tx, phase.id)).has(player.power);
    const left = ready ? await stillMissing(tx, game, variant, phase, player.power) : null;
    await keepShownProgress(tx, game, now);
    await tx
      .insert(readiness)
      .values({ phaseId: phase.id, power: player.power, ready, updatedAt: now })
      .onConflictDoUpdate({ target: [readiness.phaseId, readiness.power], set: { ready, updatedAt: now } });
    // Any change of readiness ends the wait for a mark; the last power getting ready starts it anew below. A mark set
    // while a start step is under way is that step's (every answer in, `runAction`): readiness does not touch it.
    if (game.readyAtMarkMs !== null && !step) await setReadyAtMark(tx, game.id, null);
    changed(game.id);
    const { notReady, everyone: allReady } = await phaseReadiness(tx, game, phase, variant, step !== null);
    const hidden = identitiesHiddenNow(game);
    const waitingFor = hidden ? [] : notReady;
    const waiting = hidden ? null : notReady.length;
    const everyone = ready && allReady;
    // A game resolves at most so many phases an hour early; beyond that it keeps its deadline. In a game that hides
    // who plays whom every player getting ready hears of the cap, whether the others are ready or not: told only to
    // the last one, it would tell them that everyone else is.
    const allowed = everyone || (ready && hidden) ? await earlyResolutionAllowed(tx, deps, game.id, now) : null;
    if (allowed && !allowed.ok) {
      await queueProgressStatus(tx, game, now);
      return {
        ok: true,
        power: player.power,
        ready,
        resolved: [],
        waitingFor,
        waiting,
        capped: { waitMs: allowed.waitMs, count: allowed.count },
        left,
      };
    }
    if (everyone && hidden) {
      // Resolving now would time the results post by the last member's `/ready`: it waits for the mark instead.
      await setReadyAtMark(tx, game.id, nextProgressMark(now));
      await queueProgressStatus(tx, game, now);
      return { ok: true, power: player.power, ready, resolved: [], waitingFor, waiting, capped: null, left };
    }
    if (everyone) {
      const r = await resolveInTx(tx, deps, game.id, phase.id, 'ready');
      if (!r.ok) return r;
      const done = { ok: true as const, power: player.power, ready, resolved: r.resolved, waitingFor, waiting };
      if (r.resolved.length > 0) return { ...done, capped: null, left: null };
      const params = { power: powerParam(variant, player.power), phase: phaseMsg(phase.position.phase, variant) };
      return { ...done, capped: null, left: null, stepped: msg('orders.ready.stepped', params) };
    }
    await queueProgressStatus(tx, game, now);
    return { ok: true, power: player.power, ready, resolved: [], waitingFor, waiting, capped: null, left };
  });
}

/**
 * What a power getting ready still has no order for, as `/orders show` says it (its own view under the fog of war),
 * naming the phase: a `/ready` typed just as the phase moved on readies the next one, which the reply must say.
 */
async function stillMissing(tx: Tx, game: GameRow, variant: Variant, phase: PhaseRow, power: string) {
  const seen = positionSeenBy(game, variant, phase.position, power);
  const missing = missingParams(variant, dutiesOf(variant, seen, power), await ordersOf(tx, phase.id, power));
  if (missing.length === 0) return null;
  return msg('orders.ready.missing', { phase: phaseMsg(phase.position.phase, variant), units: listParam(missing) });
}

/** Sets (or clears) the mark of the clock the current phase waits for, or its step (`runAction`). */
export async function setReadyAtMark(tx: Tx, gameId: number, at: number | null): Promise<void> {
  await tx.update(games).set({ readyAtMarkMs: at }).where(eq(games.id, gameId));
}

/**
 * Resolves the current phase of each game whose powers all got ready before a mark of the clock that has now come
 * (`toggleReady` in a game that hides who plays whom), each in its own transaction, as the reason `ready` resolves it at
 * once in an open game: the same results post and records, at the mark. Likewise closes the step under way of each
 * game whose every answer came in before the mark (a player's `runAction` in such a game), with the reason `step` a
 * last answer closes it with at once in an open game: a mark set while a step is under way is always the step's, since
 * readiness sets none then. Exactly once, as at a deadline: a game whose mark or deadline is another one by now is
 * left alone (another sweep or process, `/gm extend`), and the phase and step claims (resolve.ts, steps.ts) do the
 * rest. A phase that no longer has every power ready at its mark (a seat handed over meanwhile), or a step that waits
 * for an answer again, waits on, its mark cleared.
 */
export async function resolveReadyAtMarks(deps: GameDeps): Promise<{ resolved: number; failures: string[] }> {
  const now = deps.now();
  const due = await inSnapshot(deps.store, (tx) =>
    tx
      .select({ id: games.id, phaseId: games.currentPhaseId, deadlineMs: games.deadlineMs, at: games.readyAtMarkMs })
      .from(games)
      .where(and(eq(games.status, 'active'), isNotNull(games.readyAtMarkMs), lte(games.readyAtMarkMs, now))),
  );
  let resolved = 0;
  const failures: string[] = [];
  for (const g of due) {
    const r = await inTransaction(deps, async (tx, changed): Promise<Result<{ resolved: PhaseView[] }>> => {
      const game = await gameById(tx, g.id);
      // Taken back, or resolved by another sweep or process since the read above: nothing left to do.
      if (!game || game.readyAtMarkMs !== g.at || game.currentPhaseId !== g.phaseId) return { ok: true, resolved: [] };
      const variant = variantOfGame(game);
      const phase = game.currentPhaseId !== null ? await phaseById(tx, game.currentPhaseId) : undefined;
      const step = phase ? await storedStepUnderWay(tx, game, phase) : null;
      const still =
        variant &&
        phase &&
        (step
          ? await stepSettled(tx, game, variant, phase, now)
          : (await phaseReadiness(tx, game, phase, variant, false)).everyone);
      if (!still) {
        await setReadyAtMark(tx, game.id, null);
        return { ok: true, resolved: [] };
      }
      const out = await resolveInTx(tx, deps, game.id, phase.id, step ? 'step' : 'ready', g.deadlineMs);
      if (out.ok) changed(game.id);
      return out;
    });
    if (r.ok) resolved += r.resolved.length;
    else if (!isRaceRefusal(r)) failures.push(`game ${g.id}: ${r.error}`);
  }
  return { resolved, failures };
}

/**
 * The phase's readiness, as `toggleReady` and the sweep at the marks (`resolveReadyAtMarks`) both read it: the powers
 * it still waits for, and whether everyone is ready: none waited for, no step under way (while a start choice is being
 * made, src/game/phase/steps.ts, readiness waits for it) and someone deciding (`someoneDecides`).
 */
async function phaseReadiness(
  tx: Tx,
  game: GameRow,
  phase: PhaseRow,
  variant: Parameters<typeof powersToWaitFor>[1],
  stepUnderWay: boolean,
): Promise<{ notReady: string[]; everyone: boolean }> {
  const readyNow = await readyPowers(tx, phase.id);
  const notReady = (await powersToWaitFor(tx, variant, game, phase)).filter((p) => !readyNow.has(p));
  const everyone = notReady.length === 0 && !stepUnderWay && (await someoneDecides(tx, game, phase, variant));
  return { notReady, everyone };
}

/**
 * May the seats' readiness end the phase early? Not when vacant seats are among those who decide and no person is:
 * the computer player playing vacant seats alone keeps each deadline, so substitutes get their chance and a game
 * its players left does not play itself out at once (docs/bot.md "Seats that never stall"). A demonstration table
 * has no person by design and runs on its seats' readiness.
 */
async function someoneDecides(
  tx: Tx,
  game: GameRow,
  phase: PhaseRow,
  variant: Parameters<typeof powersToWaitFor>[1],
): Promise<boolean> {
  if (game.demonstration) return true;
  const deciding = new Set(await powersToWaitFor(tx, variant, game, phase));
  const holders = (await playersOf(tx, game.id)).filter((p) => deciding.has(p.power));
  return !holders.some((p) => isVacant(p.userId)) || holders.some((p) => isPerson(p.userId));
}
