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

/**
 * `loopTurns` shared fairly between members (a sandbox's use-cases: brief, "nothing one member does may slow another
 * game or block the event loop"): `turns(key)(piece)` runs the piece on a turn of its own, one piece per turn across
 * every key, and each key (a member) has at most one piece waiting in the shared queue at a time, queued only when its
 * previous one has run. So members' pieces alternate, a member's burst waits behind everybody else's pieces rather
 * than ahead of them, and the loop serves whatever else came (gateway events, another game's timers and posts) between
 * any two pieces.
 */
export function fairTurns(): (key: string) => LoopTurns {
  const shared = loopTurns();
  const own = new Map<string, { turn: LoopTurns; waiting: number }>();
  return (key) =>
    <T>(piece: () => T): Promise<T> => {
      let member = own.get(key);
      if (!member) own.set(key, (member = { turn: loopTurns(), waiting: 0 }));
      const m = member;
      m.waiting++;
      // The member's own queue hands its next piece to the shared one only once the piece before it has run.
      const done = m.turn(() => shared(piece)).then((inner) => inner);
      const forget = () => {
        if (--m.waiting === 0 && own.get(key) === m) own.delete(key);
      };
      done.then(forget, forget);
      return done;
    };
}
