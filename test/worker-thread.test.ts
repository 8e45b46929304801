/**
 * `workerSlot` (src/worker-thread.ts), the worker handling the render pool and the computer players' pool share: the
 * greeting is not an answer, a stop is not a failure, and a worker that dies on its own marks the slot unavailable,
 * says so once on stderr and hands the pool its waiting jobs (`onFail`) exactly once.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { workerSlot, type WorkerSlot } from '../src/worker-thread.js';
import { threadNice } from './fixtures/echo-worker.js';

const slots: WorkerSlot[] = [];
afterEach(async () => {
  await Promise.all(slots.splice(0).map((s) => s.stop()));
  vi.restoreAllMocks();
});

function echoSlot() {
  const messages: unknown[] = [];
  let failures = 0;
  const slot = workerSlot({
    compiled: 'not-built.js',
    source: new URL('./fixtures/echo-worker.ts', import.meta.url),
    name: 'echo',
    fallback: 'answering here',
    onMessage: (message) => messages.push(message),
    onFail: () => failures++,
  });
  slots.push(slot);
  return { slot, messages, failures: () => failures };
}

const until = async (done: () => boolean) => {
  while (!done()) await new Promise((resolve) => setTimeout(resolve, 10));
};

describe('workerSlot', () => {
  it('starts one worker, passes its answers (not its greeting) on, and stops it without calling that a failure', async () => {
    const { slot, messages, failures } = echoSlot();
    expect(slot.state()).toEqual({ running: false, unavailable: null });
    const w = slot.start()!;
    expect(slot.start()).toBe(w);
    expect(slot.current()).toBe(w);
    w.postMessage({ n: 1 });
    await until(() => messages.length > 0);
    expect(messages).toEqual([{ echo: { n: 1 } }]);
    await slot.stop();
    expect(slot.state()).toEqual({ running: false, unavailable: null });
    expect(slot.current()).toBeNull();
    expect(failures()).toBe(0);
    // A later start makes a new worker.
    const again = slot.start()!;
    expect(again).not.toBe(w);
    expect(slot.state().running).toBe(true);
  });

  it('a worker that exits on its own makes the slot unavailable: said once on stderr, onFail once, no new worker', async () => {
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const { slot, failures } = echoSlot();
    slot.start()!.postMessage({ exit: 7 });
    await until(() => failures() > 0);
    expect(failures()).toBe(1);
    expect(slot.state()).toEqual({ running: false, unavailable: 'exited with code 7' });
    expect(slot.start()).toBeNull();
    expect(stderr.mock.calls.map((c) => String(c[0]))).toEqual([
      'echo: worker unavailable (exited with code 7); answering here\n',
    ]);
  });

  it.runIf(process.platform === 'linux')(
    'lowerThreadPriority lowers the priority of the worker’s thread only, never the main thread’s',
    async () => {
      const { slot, messages } = echoSlot();
      const before = threadNice();
      slot.start()!.postMessage({ nice: before + 5 });
      await until(() => messages.length > 0);
      expect(messages).toEqual([{ lowered: true, nice: before + 5 }]);
      expect(threadNice()).toBe(before);
    },
  );
});
