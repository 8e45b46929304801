/**
 * A transaction that needs something read first (src/store/store.ts `PrepareAndRetry`): the store rolls it back,
 * runs the preparation outside any transaction and runs it again from the start; asked twice for the same thing, it
 * fails. Both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guildSettings } from '../../src/store/schema.js';
import { openStore } from '../../src/store/open.js';
import { PrepareAndRetry, type Dialect, type Store } from '../../src/store/store.js';
import { freshPostgresDatabase } from '../support/postgres.js';

async function freshStore(dialect: Dialect): Promise<Store> {
  if (dialect === 'sqlite') return openStore({ dialect, path: ':memory:' });
  return openStore({ dialect, url: await freshPostgresDatabase('prepare') });
}

describe.each(['sqlite', 'postgres'] as const)('PrepareAndRetry on %s', (dialect) => {
  let store: Store;
  beforeAll(async () => {
    store = await freshStore(dialect);
  });
  afterAll(async () => {
    await store?.close();
  });

  it('rolls back, prepares outside the transaction, and runs the transaction again', async () => {
    let ready = false;
    let runs = 0;
    const prepared: boolean[] = [];
    const result = await store.transaction(async (tx) => {
      runs++;
      await tx.insert(guildSettings).values({ guildId: `g${runs}`, updatedAt: 1 });
      if (!ready)
        throw new PrepareAndRetry('the thing', async (s) => {
          // Outside the first attempt: its row is gone, and the store is free for a transaction of its own.
          const rows = await s.transaction(async (t) => t.select().from(guildSettings), { write: false });
          prepared.push(rows.length === 0);
          ready = true;
        });
      return 'done';
    });
    expect(result).toBe('done');
    expect(runs).toBe(2);
    expect(prepared).toEqual([true]);
    const rows = await store.transaction(async (tx) => tx.select().from(guildSettings), { write: false });
    expect(rows.map((r) => r.guildId)).toEqual(['g2']);
  });

  it('fails when the same thing is asked for again after it was prepared', async () => {
    const attempt = store.transaction(async () => {
      throw new PrepareAndRetry('never ready', async () => {});
    });
    await expect(attempt).rejects.toThrow('never ready is needed');
  });
});
