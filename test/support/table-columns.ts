/**
 * Sets a game's table columns (docs/table.md) straight in the store, for tests of a rule whose setting another
 * command gives (`/gm set`), e.g. a small `pause_limit_ms` or a `muster_ms`.
 */
import { eq } from 'drizzle-orm';
import { games, type GameRow } from '../../src/store/schema.js';
import type { Store } from '../../src/store/store.js';

type TableColumns = Partial<
  Pick<GameRow, 'clock' | 'pauseLimitMs' | 'pauseUsedMs' | 'musterMs' | 'musterEndsAt' | 'fog'>
>;

export async function setTableColumns(store: Store, gameId: number, columns: TableColumns): Promise<void> {
  await store.transaction(async (tx) => {
    await tx.update(games).set(columns).where(eq(games.id, gameId));
  });
}

/** The game row of a channel (the newest game there). */
export async function gameOfChannel(store: Store, channelId: string): Promise<GameRow> {
  const rows = await store.transaction(
    async (tx) => await tx.select().from(games).where(eq(games.channelId, channelId)),
  );
  return rows.sort((a, b) => b.id - a.id)[0]!;
}

/** The id of the newest game of a channel (by the channel's Discord id). */
export async function gameIdOfChannel(store: Store, channelId: string): Promise<number> {
  const game = await gameOfChannel(store, channelId);
  if (!game) throw new Error(`no game in channel ${channelId}`);
  return game.id;
}

/** Reads a game's row (a test's own check of what the store holds). */
export async function gameRow(store: Store, gameId: number): Promise<GameRow> {
  const rows = await store.transaction(
    async (tx) => await tx.select().from(games).where(eq(games.id, gameId)).limit(1),
  );
  return rows[0]!;
}
