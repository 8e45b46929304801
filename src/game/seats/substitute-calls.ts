/**
 * Substitute calls (docs/bot.md "Seats that never stall"): a seat offered to any member of the server with a **Claim**
 * button, as a `substitute_calls` row and its channel post. At most one open call per seat (a partial unique index);
 * the claim closes it (seats.ts `claimSeat`), the game's end closes every open one.
 */
import { first, type Tx } from '../../store/store.js';
import { and, eq, isNull } from 'drizzle-orm';
import { audit } from '../../store/queries.js';
import { substituteCalls, type GameRow, type SubstituteCallRow, type SubstituteReason } from '../../store/schema.js';
import { enqueue, worded } from '../outbox/index.js';
import { gamePowerParam, plainMsg, type SeatDescription, timeRef } from '../core/index.js';
import { msg, type Msg } from '../../i18n/index.js';

/**
 * The lines of a substitute call's channel post (the bot adds its **Claim** button), worded in the game's locale.
 * `kind`: the game's `games.kind`; a silent seat of a game without orders (the card game) "stopped playing its turns".
 */
export function substituteCallLines(d: SeatDescription, reason: SubstituteReason, kind = 'diplomacy'): Msg[] {
  const state =
    d.deadline !== null
      ? msg('seats.call.state', { holdings: d.holdings, phase: d.phase, relative: timeRef(d.deadline, 'R') })
      : msg('seats.call.stateNoDeadline', { holdings: d.holdings, phase: d.phase });
  return [
    msg('seats.call.head', {
      power: d.named ?? d.power,
      reason: reason === 'silent' && kind !== 'diplomacy' ? 'silentTurns' : reason,
    }),
    state,
    ...(d.meanwhile ? [typeof d.meanwhile === 'string' ? plainMsg(d.meanwhile) : d.meanwhile] : []),
    msg('seats.call.how'),
  ];
}

export async function openCallOf(tx: Tx, gameId: number, power: string): Promise<SubstituteCallRow | undefined> {
  return first(
    await tx
      .select()
      .from(substituteCalls)
      .where(
        and(eq(substituteCalls.gameId, gameId), eq(substituteCalls.power, power), isNull(substituteCalls.closedAt)),
      )
      .limit(1),
  );
}

/**
 * Opens a substitute call for a seat and queues its channel post. Returns the call, or null when one is already open
 * for the seat (that one stands). `dueAt`: not posted before (a seat its member left, `privateActDueAt`).
 */
export async function openSubstituteCall(
  tx: Tx,
  game: GameRow,
  input: { power: string; reason: SubstituteReason; vacatedBy: string | null; description: SeatDescription },
  now: number,
  dueAt?: number,
): Promise<SubstituteCallRow | null> {
  if (await openCallOf(tx, game.id, input.power)) return null;
  const call = (
    await tx
      .insert(substituteCalls)
      .values({ gameId: game.id, power: input.power, reason: input.reason, vacatedBy: input.vacatedBy, openedAt: now })
      .returning()
  )[0]!;
  await enqueue(tx, {
    gameId: game.id,
    payload: {
      type: 'substitute_call',
      gameId: game.id,
      callId: call.id,
      ...worded(substituteCallLines(input.description, input.reason, game.kind)),
    },
    target: { kind: 'channel', id: game.channelId },
    dedupeKey: callPostKey(call.id),
    now,
    dueAt,
  });
  await audit(tx, {
    gameId: game.id,
    userId: null,
    action: 'substitute_call',
    detail: { power: input.power, reason: input.reason, call: call.id },
    at: now,
  });
  return call;
}

/** What closing a game's calls reads of it: where the posts are, and its variant to name the powers. */
type CallGame = Pick<GameRow, 'id' | 'channelId' | 'variantId' | 'options'>;

/** The dedupe key of a substitute call's post (the deliverer finds the post's message id by it). */
export function callPostKey(callId: number): string {
  return `substitute:${callId}`;
}

/**
 * Queues the edit of a closed call's post: its text says the call is closed and why (the seat taken, or the game
 * over), so it no longer asks anyone to press **Claim**, and its button is disabled, saying why. `dueAt`: not before
 * (a member's claim, `privateActDueAt`); queued after the post, it never goes out before it.
 */
export async function queueCallClosed(
  tx: Tx,
  game: CallGame,
  call: { id: number; power: string },
  why: 'taken' | 'closed',
  now: number,
  dueAt?: number,
): Promise<void> {
  const text = worded([msg('seats.call.closedText', { power: gamePowerParam(game, call.power), why })]);
  await enqueue(tx, {
    gameId: game.id,
    payload: { type: 'substitute_call_closed', gameId: game.id, callId: call.id, why, ...text },
    target: { kind: 'channel', id: game.channelId },
    dedupeKey: `substitute-closed:${call.id}`,
    now,
    dueAt,
  });
}

/** Closes a seat's open call (the game master gave the seat to someone): its button stops working. */
export async function closeCallOf(tx: Tx, game: CallGame, power: string, now: number): Promise<void> {
  const closed = await tx
    .update(substituteCalls)
    .set({ closedAt: now })
    .where(and(eq(substituteCalls.gameId, game.id), eq(substituteCalls.power, power), isNull(substituteCalls.closedAt)))
    .returning({ id: substituteCalls.id, power: substituteCalls.power });
  for (const c of closed) await queueCallClosed(tx, game, c, 'taken', now);
}

/** Closes a game's open substitute calls (the game ended): their buttons stop working. */
export async function closeCallsOfGame(tx: Tx, game: CallGame, now: number): Promise<void> {
  const closed = await tx
    .update(substituteCalls)
    .set({ closedAt: now })
    .where(and(eq(substituteCalls.gameId, game.id), isNull(substituteCalls.closedAt)))
    .returning({ id: substituteCalls.id, power: substituteCalls.power });
  for (const c of closed) await queueCallClosed(tx, game, c, 'closed', now);
}
