/**
 * Keeping press threads' members in step with the seats (src/game/press/press.ts): the outbox row whose delivery makes a
 * thread on Discord match its plan, queued when a thread opens and whenever a seat it names changes hands.
 */
import { eq } from 'drizzle-orm';
import type { Tx } from '../../store/store.js';
import { pressThreads, type GameRow, type PressThreadRow } from '../../store/schema.js';
import { enqueue } from '../outbox/index.js';

/** Queues the delivery that makes thread `row` on Discord match its plan (created, its members the seats' players). */
export async function queueThreadSync(
  tx: Tx,
  game: GameRow,
  row: PressThreadRow,
  now: number,
  why: string,
): Promise<void> {
  await enqueue(tx, {
    gameId: game.id,
    payload: { type: 'press_thread', gameId: game.id, threadRowId: row.id },
    target: { kind: 'channel', id: game.channelId },
    dedupeKey: `press-thread:${row.id}:${why}:${now}`,
    now,
  });
}

/**
 * A seat changed hands (a substitute, the game master's replacement, a player who left or was removed): every press
 * thread naming `power` gets its members again, in the transaction of the change.
 */
export async function syncPressThreads(tx: Tx, game: GameRow, power: string, now: number): Promise<void> {
  const rows = await tx.select().from(pressThreads).where(eq(pressThreads.gameId, game.id));
  for (const row of rows)
    if (row.powers.split(',').includes(power)) await queueThreadSync(tx, game, row, now, `seat-${power}`);
}
