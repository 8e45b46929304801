/**
 * Seats of a game that hides who plays whom, as a test wants them: there a join takes a place and `/game start` draws
 * the members' powers (docs/decisions.md "Hidden identities"). A test about something else still needs to know who
 * plays what: after the members joined (without a power), `pinSeats` sets their places to the wanted powers, and
 * `pinnedRandom` makes the start's draw leave them so (the Fisher-Yates draw keeps every row's power when each of
 * its numbers is just under 1). The draw itself is tested with the game's own seeded randomness.
 */
import { and, eq } from 'drizzle-orm';
import type { Store } from '../../src/store/store.js';
import { games, players } from '../../src/store/schema.js';

/**
 * A source of randomness that keeps the start's draw as it is once `pin(members)` was called: the draw's numbers
 * (`drawPowers`, src/game/lobby) are just under 1, every other caller gets the base numbers. The pin holds for every
 * later draw (a harness seats its hidden games pinned): the start's transaction may run again after PostgreSQL refused
 * it (a serialization failure), and its draw again then, which a count of the next numbers would have left unpinned.
 */
export interface PinnableRandom {
  (): number;
  pin(members: number): void;
}

export function pinnedRandom(base: () => number = Math.random): PinnableRandom {
  let pinned = false;
  const random = (() => {
    if (pinned && new Error().stack?.includes('drawPowers')) return 1 - 1e-9;
    return base();
  }) as PinnableRandom;
  random.pin = (members: number) => {
    pinned ||= members > 1;
  };
  return random;
}

/** Sets the forming game's places in the channel to the powers wanted (`userId` → power), through a placeholder. */
export async function pinSeats(store: Store, channelId: string, seats: Record<string, string>): Promise<void> {
  await store.transaction(async (tx) => {
    const game = (
      await tx
        .select()
        .from(games)
        .where(and(eq(games.channelId, channelId), eq(games.status, 'forming')))
    )[0];
    if (!game) throw new Error(`no forming game in ${channelId}`);
    const rows = await tx.select().from(players).where(eq(players.gameId, game.id));
    for (const userId of Object.keys(seats)) {
      const row = rows.find((r) => r.userId === userId);
      if (!row) throw new Error(`${userId} has not joined`);
      await tx
        .update(players)
        .set({ power: `~pin:${row.id}` })
        .where(eq(players.id, row.id));
    }
    for (const [userId, power] of Object.entries(seats))
      await tx
        .update(players)
        .set({ power })
        .where(and(eq(players.gameId, game.id), eq(players.userId, userId)));
  });
}
