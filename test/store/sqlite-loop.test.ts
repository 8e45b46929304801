/**
 * The SQLite store and the event loop (docs/store.md "Transactions and isolation"):
 * transactions queued back to back let the loop turn, and an on-disk database's log is checkpointed by the worker
 * thread, not by the commit on the bot's thread.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { observeCheckpoints, stopCheckpointWorker, type CheckpointAnswer } from '../../src/store/checkpoint.js';
import { openDatabase } from '../../src/store/db.js';
import { sqliteStoreOf } from '../../src/store/sqlite-store.js';

const dirs: string[] = [];
function onDisk() {
  const dir = mkdtempSync(join(tmpdir(), 'zhanguo-loop-'));
  dirs.push(dir);
  return openDatabase(join(dir, 'bot.db'));
}

afterEach(async () => {
  await stopCheckpointWorker();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Busy for `ms` on this thread. */
function spin(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

describe('the SQLite store and the event loop', () => {
  it('lets the loop turn while queued transactions run back to back', async () => {
    const opened = openDatabase(':memory:');
    const store = sqliteStoreOf(opened);
    const finished: number[] = [];
    let immediateAfter = -1;
    const all = Array.from({ length: 40 }, (_, i) =>
      store.transaction(async () => {
        spin(1);
        finished.push(i);
      }),
    );
    setImmediate(() => (immediateAfter = finished.length));
    await Promise.all(all);
    // An immediate queued with the 40 ran in between them (after about 4 ms of them), not after them all.
    expect(immediateAfter).toBeGreaterThan(0);
    expect(immediateAfter).toBeLessThan(40);
    expect(finished).toEqual(Array.from({ length: 40 }, (_, i) => i));
    opened.close();
  });

  it('lets the loop turn after a fake clock ran ahead of the real one (tests sharing a worker)', async () => {
    const opened = openDatabase(':memory:');
    const store = sqliteStoreOf(opened);
    vi.useFakeTimers();
    try {
      await store.transaction(async () => {});
      await vi.advanceTimersByTimeAsync(24 * 3_600_000);
      await store.transaction(async () => {});
    } finally {
      vi.useRealTimers();
    }
    let immediateAfter = -1;
    let finished = 0;
    const all = Array.from({ length: 40 }, () =>
      store.transaction(async () => {
        spin(1);
        finished++;
      }),
    );
    setImmediate(() => (immediateAfter = finished));
    await Promise.all(all);
    expect(immediateAfter).toBeGreaterThan(0);
    expect(immediateAfter).toBeLessThan(40);
    opened.close();
  });

  it("checkpoints an on-disk database's log in the worker once it has grown", async () => {
    const opened = onDisk();
    const store = sqliteStoreOf(opened);
    // The connection's own automatic checkpoint is only a safety net now.
    expect(opened.sqlite.pragma('wal_autocheckpoint', { simple: true })).toBe(20_000);
    const answers: CheckpointAnswer[] = [];
    const answered = new Promise<void>((resolve) =>
      observeCheckpoints((a) => {
        answers.push(a);
        resolve();
      }),
    );
    await store.transaction(async (tx) => {
      await store.execute(tx, sql`CREATE TABLE big (x TEXT)`);
      for (let i = 0; i < 40; i++) await store.execute(tx, sql`INSERT INTO big VALUES (${'x'.repeat(100_000)})`);
    });
    await answered;
    expect(answers).toHaveLength(1);
    const answer = answers[0]!;
    expect('error' in answer).toBe(false);
    if ('error' in answer) return;
    expect(answer.log).toBeGreaterThan(500);
    expect(answer.checkpointed).toBe(answer.log);
    const [mainSide] = opened.sqlite.pragma('wal_checkpoint(PASSIVE)') as { log: number; checkpointed: number }[];
    expect(mainSide!.checkpointed).toBe(mainSide!.log);
    opened.close();
  });

  it('leaves a small log alone', async () => {
    const opened = onDisk();
    const store = sqliteStoreOf(opened);
    const answers: CheckpointAnswer[] = [];
    const stop = observeCheckpoints((a) => answers.push(a));
    await store.transaction(async (tx) => void (await store.execute(tx, sql`CREATE TABLE small (x TEXT)`)));
    await new Promise((r) => setTimeout(r, 50));
    stop();
    expect(answers).toEqual([]);
    opened.close();
  });
});
