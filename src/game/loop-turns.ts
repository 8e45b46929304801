/**
 * Work on the event loop in turns (brief: no block over 20 ms). `loopTurns()` returns a runner that queues
 * synchronous pieces of work and runs them one per turn of the event loop, in the order they came: each piece
 * starts from its own `setImmediate`, queued only once the piece before it has finished, so the loop polls for
 * I/O (gateway events, interactions, timers) between any two pieces. A piece queued from anywhere (a worker's
 * answer, a promise reaction, a timer) waits for its turn instead of running back to back with the others that
 * arrived at the same moment. Each piece is still one synchronous call (one transaction), so what it stores is as
 * atomic as before; only the gaps between pieces are new.
 */
export type LoopTurns = <T>(piece: () => T) => Promise<T>;

export function loopTurns(): LoopTurns {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(piece: () => T): Promise<T> => {
    const run = tail.then(
      () =>
        new Promise<T>((resolve, reject) =>
          setImmediate(() => {
            try {
              resolve(piece());
            } catch (e) {
              reject(e);
            }
          }),
        ),
    );
    tail = run.catch(() => undefined);
    return run;
  };
}
