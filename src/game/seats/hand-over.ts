/**
 * What a Diplomacy seat loses when it changes hands (`/gm replace`, a substitute's claim): docs/decisions.md, a power
 * changing hands loses its orders for the current phase (the new holder gives their own; nobody reads the previous
 * holder's), its readiness, and its draw vote, concession or pause vote.
 */
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../store/store.js';
import { orders, readiness, votes, type GameRow } from '../../store/schema.js';
import { msg } from '../../i18n/index.js';
import { gamePowerParam, isVacant, powersParam, variantOfGame } from '../core/index.js';
import { handOverKept, queueNotice } from '../outbox/index.js';
import { askNewHolder } from '../spectators/index.js';

/** Returns how many orders were cleared. */
export async function clearSeatOnHandOver(
  tx: Tx,
  game: Pick<GameRow, 'id' | 'currentPhaseId'>,
  power: string,
): Promise<number> {
  let cleared = 0;
  if (game.currentPhaseId !== null) {
    cleared = (
      await tx
        .delete(orders)
        .where(and(eq(orders.phaseId, game.currentPhaseId), eq(orders.power, power)))
        .returning()
    ).length;
    await tx.delete(readiness).where(and(eq(readiness.phaseId, game.currentPhaseId), eq(readiness.power, power)));
  }
  await tx.delete(votes).where(and(eq(votes.gameId, game.id), eq(votes.power, power)));
  return cleared;
}

/**
 * What waited for a seat's next player reaches them once it changed hands (a claim, `/gm replace`): the press sent to
 * the power while nobody held it (src/game/press), and the requests to watch it not answered yet (src/game/spectators).
 * `holder`: the seat's player now. Called after the hand-over's own DMs, so the new player reads first that the seat
 * is theirs.
 */
export async function handWaitingToHolder(
  tx: Tx,
  game: GameRow,
  power: string,
  holder: string,
  now: number,
): Promise<void> {
  if (isVacant(holder)) return;
  await handOverKept(tx, game, power, holder, now);
  await askNewHolder(tx, game, power, holder, now);
}

/**
 * Votes never lapse silently (docs/table.md "Pauses that cannot freeze a game"): when a seat that had a vote (a
 * member's or a computer player's) changes hands or falls vacant in a running game, the channel is told once that
 * whatever draw vote, concession or pause vote it had no longer stands. Said at every such change, whether or not the
 * seat had voted: votes are secret, and a notice only when it had one would tell everyone how it voted. `vacated`: the
 * seat fell vacant (and why), told as such, never as a change of hands nobody made yet. `dueAt`: not before (a change
 * a member made, `privateActDueAt`).
 */
export async function queueVotesCleared(
  tx: Tx,
  game: GameRow,
  power: string,
  key: string,
  now: number,
  dueAt?: number,
  vacated?: 'silent' | 'left' | 'muster',
): Promise<void> {
  if (game.status !== 'active' && game.status !== 'paused') return;
  const named = gamePowerParam(game, power);
  await queueNotice(tx, game, {
    text: [
      vacated
        ? msg('votes.notice.vacated', { power: named, reason: vacated })
        : msg('votes.notice.cleared', { power: named }),
    ],
    dedupeKey: `votes-cleared:${game.id}:${power}:${key}`,
    now,
    dueAt,
  });
}

/**
 * After a phase's results: a power the phase eliminated loses its standing votes, and every concession to it is
 * withdrawn (none of them can count any more). The channel is told once per phase, whether or not anyone had voted
 * (votes are secret): "out of the game", in one notice for all the powers the phase eliminated (a 21-power game may
 * lose several in one winter); a power an ability of its own may bring back (`mayReturn`, the engine's
 * `RulesModule.mayReturn`) in a notice of its own, that it has nothing left and is not out.
 */
export async function clearVotesOfEliminated(
  tx: Tx,
  game: GameRow,
  eliminated: readonly string[],
  phaseId: number,
  now: number,
  mayReturn: (power: string) => boolean = () => false,
): Promise<void> {
  for (const power of eliminated) {
    await tx.delete(votes).where(and(eq(votes.gameId, game.id), eq(votes.power, power)));
    await tx.delete(votes).where(and(eq(votes.gameId, game.id), eq(votes.kind, 'concede'), eq(votes.target, power)));
  }
  const out = eliminated.filter((p) => !mayReturn(p));
  const notices = [
    ...eliminated
      .filter(mayReturn)
      .map((p) => ({ powers: [p], text: msg('votes.notice.emptied', { power: gamePowerParam(game, p) }) })),
    ...(out.length === 1
      ? [{ powers: out, text: msg('votes.notice.eliminated', { power: gamePowerParam(game, out[0]!) }) }]
      : []),
    ...(out.length > 1
      ? [{ powers: out, text: msg('votes.notice.eliminatedMany', { powers: powersOf(game, out) }) }]
      : []),
  ];
  for (const notice of notices)
    await queueNotice(tx, game, {
      text: [notice.text],
      dedupeKey: `votes-out:${game.id}:${phaseId}:${notice.powers.join('+')}`,
      now,
      phaseId,
    });
}

/** Powers by their names in the reader's words, for a game (its variant's names; the ids when it has none). */
function powersOf(game: GameRow, powers: readonly string[]) {
  const variant = variantOfGame(game);
  return variant ? powersParam(variant, powers) : powers.join(', ');
}
