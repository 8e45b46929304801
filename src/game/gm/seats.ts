/**
 * `/gm seats`: who holds which power, for the game master alone (docs/bot.md "Press", "Hidden identities"). In a game
 * that hides who plays whom the game master still knows it — they seat substitutes and kick players — and this is the
 * one place they read it; the bot answers privately, and nothing here is written, posted or logged.
 */
import { latestGameByChannel, playersOf, phaseById } from '../../store/queries.js';
import { substituteCalls } from '../../store/schema.js';
import { and, eq, isNull } from 'drizzle-orm';
import { msg, type MsgParam } from '../../i18n/index.js';
import {
  noOpenGame,
  hidesIdentities,
  fail,
  inReadTransaction,
  type Caller,
  type GameDeps,
  type Result,
  variantOfGame,
  variantParam,
} from '../core/index.js';

/** One power's seat as the game master sees it. */
export interface GmSeat {
  power: string;
  /** Its holder: a member's id, a computer player's or a vacant seat's (src/game/core/holder.ts), or null: nobody. */
  userId: string | null;
  /** When the holder took the seat (ms). */
  since: number | null;
  /** A substitute call for it is open (its **Claim** not pressed yet). */
  calling: boolean;
  /** Its centres and units on the board of the phase under way; null before the start (there is no board yet). */
  supplyCenters: number | null;
  units: number | null;
}

/** The seats of the channel's game, for its game master; refused to anyone else. */
export async function gmSeats(
  deps: GameDeps,
  caller: Caller,
): Promise<Result<{ variantName: MsgParam; hidden: boolean; over: boolean; seats: GmSeat[] }>> {
  return await inReadTransaction(deps, async (tx) => {
    const game = await latestGameByChannel(tx, caller.channelId);
    if (!game) return fail(await noOpenGame(tx, caller.channelId));
    if (game.gmUserId !== caller.userId) return fail(msg('gm.refused.notMaster'));
    if (game.kind !== 'diplomacy') return fail(msg('gm.refused.seatsOnTable'));
    const variant = variantOfGame(game);
    if (!variant) return fail(msg('game.refused.variantGone', { variant: game.variantId }));
    const holders = new Map((await playersOf(tx, game.id)).map((p) => [p.power, p]));
    const calls = new Set(
      (
        await tx
          .select({ power: substituteCalls.power })
          .from(substituteCalls)
          .where(and(eq(substituteCalls.gameId, game.id), isNull(substituteCalls.closedAt)))
      ).map((c) => c.power),
    );
    const phase = game.currentPhaseId !== null ? await phaseById(tx, game.currentPhaseId) : undefined;
    const position = phase?.position;
    const seats = variant.powers
      .filter((p) => !p.neutral || holders.has(p.name))
      .map((p): GmSeat => {
        const holder = holders.get(p.name);
        return {
          power: p.name,
          userId: holder?.userId ?? null,
          since: holder?.joinedAt ?? null,
          calling: calls.has(p.name),
          supplyCenters: position ? (position.supplyCenters[p.name] ?? []).length : null,
          units: position ? position.units.filter((u) => u.power === p.name).length : null,
        };
      });
    return {
      ok: true,
      variantName: variantParam(variant),
      hidden: hidesIdentities(game),
      over: game.status === 'finished',
      seats,
    };
  });
}
