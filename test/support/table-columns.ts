/**
 * Sets a game's table columns (docs/table.md) straight in the store, for tests of a rule whose setting another
 * command gives (`/gm set`), e.g. a small `pause_limit_ms`.
 */
import { eq } from 'drizzle-orm';
import { games, type GameRow } from '../../src/store/schema.js';
import type { Store } from '../../src/store/store.js';

type TableColumns = Partial<Pick<GameRow, 'pauseLimitMs' | 'pauseUsedMs' | 'fog'>>;

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
