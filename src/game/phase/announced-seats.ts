/**
 * The seats as the channel has been told of them, in a game that hides who plays whom (docs/decisions.md "Hidden
 * identities"): a seat its member left, or a call claimed, shows in the channel only at the next mark of the clock
 * (src/game/outbox `privateActDueAt`), so what other members read of the seats (the status, `/game list`) shows the
 * change only from then too: the seat left stays its member's, the seat claimed stays vacant, until the call's post, or
 * its closing edit, is due.
 */
import { inArray } from 'drizzle-orm';
import type { Tx } from '../../store/store.js';
import { substituteCalls, type GameEnd, type GameRow } from '../../store/schema.js';
import { identitiesHiddenNow, isComputer, isVacant, vacantUserId } from '../core/index.js';
import { heldCallRows } from '../outbox/index.js';

/** `seats` (a game's `players` rows, or any rows with a power and a holder) as the channel knows them at `now`. */
export async function announcedSeats<S extends { power: string; userId: string }>(
  tx: Tx,
  game: Pick<GameRow, 'id' | 'press' | 'status'>,
  seats: readonly S[],
  now: number,
): Promise<S[]> {
  if (!identitiesHiddenNow(game)) return [...seats];
  const held = await heldCallRows(tx, game.id, now);
  const ids = [...new Set([...held.unposted, ...held.unclosed])];
  if (ids.length === 0) return [...seats];
  const shown = new Map<string, string>();
  for (const call of await tx.select().from(substituteCalls).where(inArray(substituteCalls.id, ids))) {
    // Not posted yet: the channel still reads the seat as its member's (a claim since then is not told either).
    if (held.unposted.has(call.id) && call.vacatedBy !== null) shown.set(call.power, call.vacatedBy);
    else if (held.unclosed.has(call.id) && !held.unposted.has(call.id)) shown.set(call.power, vacantUserId(call.power));
  }
  return seats.map((s) => (shown.has(s.power) ? { ...s, userId: shown.get(s.power)! } : s));
}

/**
 * The surviving powers that have a vote on how the game ends (a draw, a concession): each power held now, or held as
 * the channel was told (`announcedSeats`), with `computer` when a computer player holds it now. One rule for `/draw`,
 * `/concede` and the scheduler's sweep (docs/table.md "Pauses that cannot freeze a game", a draw alike): a seat claimed
 * since the last mark votes at once (no game ends without a seated player's vote), and a seat left since then still
 * needs its vote until the mark shows the leave (no vote ends a game, telling the leave or who claimed, early).
 */
export async function seatsWithVote(
  tx: Tx,
  game: Pick<GameRow, 'id' | 'press' | 'status'>,
  seats: readonly { power: string; userId: string }[],
  alive: readonly string[],
  now: number,
): Promise<{ power: string; computer: boolean }[]> {
  const told = await announcedSeats(tx, game, seats, now);
  return seats
    .filter((s, i) => alive.includes(s.power) && !(isVacant(s.userId) && isVacant(told[i]!.userId)))
    .map((s) => ({ power: s.power, computer: isComputer(s.userId) }));
}

/**
 * How the votes end the game: every voter for the draw, or every voter but one conceding to that one; else null. One
 * rule for `/draw`, `/concede` and the scheduler's sweep (src/game/resolve/agreed-ends.ts).
 */
export function endByVotes(
  all: readonly { power: string }[],
  alive: readonly string[],
  drawn: ReadonlySet<string>,
  conceded: ReadonlyMap<string, string | null>,
): Extract<GameEnd, { kind: 'draw' | 'concession' }> | null {
  if (all.length > 0 && all.every((v) => drawn.has(v.power))) return { kind: 'draw', powers: [...alive] };
  const winner = alive.find(
    (t) =>
      all.some((v) => conceded.get(v.power) === t) && all.every((v) => v.power === t || conceded.get(v.power) === t),
  );
  return winner ? { kind: 'concession', winner } : null;
}
