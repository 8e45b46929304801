/**
 * A fog game's results (docs/table.md, "Fog of war"): the channel's post shows no board, only the phase, the powers
 * still in and what comes next; each player gets their power's results and maps by DM, drawn from their power's
 * view (`phaseSeenBy`).
 */
import { and, eq } from 'drizzle-orm';
import type { Adjudication, Phase } from '../../engine/types.js';
import type { Variant } from '../../engine/variant.js';
import type { Tx } from '../../store/store.js';
import { playersOf, ordersOf } from '../../store/queries.js';
import { players, type GameRow, type PhaseRow } from '../../store/schema.js';
import { msg, type Msg } from '../../i18n/index.js';
import {
  channelRef,
  isPerson,
  phaseMsg,
  powerParam,
  powersParam,
  resultsLastLine,
  resultsSummaryLines,
  type PhaseSeats,
} from '../core/index.js';
import { enqueue, worded } from '../outbox/index.js';
import { phaseSeenBy, powersStillIn } from './view.js';

/** What comes after a resolved phase: the next phase and its deadline, or null when the game ended. */
type Next = { phase: Phase; deadline: number | null } | null;

/** The channel's results post of a fog game: the phase, the powers still in, the winner or the next phase. */
export function fogPublicResultsLines(variant: Variant, adjudication: Adjudication, next: Next): Msg[] {
  const still = powersStillIn(variant, adjudication.position);
  const lines: Msg[] = [
    msg('results.title', { phase: phaseMsg(adjudication.phase, variant) }),
    msg('fog.results.public', { count: still.length, powers: powersParam(variant, still) }),
  ];
  const last = resultsLastLine(variant, adjudication, next);
  if (last) lines.push(last);
  return lines;
}

/**
 * One power's results DM lines: a heading naming the game's channel, then the results summary of what the power saw
 * (its own orders, the orders of units it saw, what happened in sight).
 */
export function fogPowerResultsLines(
  variant: Variant,
  game: Pick<GameRow, 'channelId'>,
  seen: Adjudication,
  power: string,
  next: Next,
  seats: PhaseSeats,
): Msg[] {
  return [
    msg('fog.results.dm', { power: powerParam(variant, power), channel: channelRef(game.channelId) }),
    ...resultsSummaryLines(variant, seen, next, {
      given: (seats.given ?? []).filter((g) => g.power === power),
      noPlayer: seats.noPlayer ?? [],
    }),
  ];
}

/**
 * Queues each seated person's results DM for phase `phase` (resolved, `adjudication` stored): their power's results
 * and, drawn at delivery, their power's two maps (`fogResults` on the row). A power out of the game gets none.
 */
export async function queueFogResultsDms(
  tx: Tx,
  game: GameRow,
  variant: Variant,
  phase: PhaseRow,
  adjudication: Adjudication,
  next: Next,
  seats: PhaseSeats,
  at: { now: number; token: string },
): Promise<void> {
  const orders = (await ordersOf(tx, phase.id)).map((o) => ({ power: o.power, order: o.order }));
  const still = new Set(powersStillIn(variant, phase.position));
  for (const seat of await playersOf(tx, game.id)) {
    if (!isPerson(seat.userId) || !still.has(seat.power)) continue;
    const seen = phaseSeenBy(variant, { position: phase.position, adjudication }, orders, seat.power);
    const lines = fogPowerResultsLines(variant, game, seen.adjudication, seat.power, next, seats);
    await enqueue(tx, {
      gameId: game.id,
      phaseId: phase.id,
      payload: {
        type: 'dm',
        gameId: game.id,
        reason: 'results',
        fogResults: { phaseId: phase.id, power: seat.power },
        ...worded(lines),
      },
      target: { kind: 'user', id: seat.userId },
      dedupeKey: `fog-results:${phase.id}:${seat.power}:${at.token}`,
      now: at.now,
    });
  }
}

/** The power a member plays in a game (null: none), for what they may see. */
export async function powerOfMember(tx: Tx, gameId: number, userId: string): Promise<string | null> {
  const row = await tx
    .select({ power: players.power })
    .from(players)
    .where(and(eq(players.gameId, gameId), eq(players.userId, userId)))
    .limit(1);
  return row[0]?.power ?? null;
}
