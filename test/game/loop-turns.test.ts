/**
 * `loopTurns` (src/game/loop-turns.ts): the computer seats' pieces of work run one per turn of the event loop, in
 * the order they were queued, so whatever the loop has to serve meanwhile (here: an immediate queued by a piece, as an
 * I/O callback would be) runs between two pieces, never after a burst of them.
 */
import { describe, expect, it } from 'vitest';
import { loopTurns } from '../../src/game/loop-turns.js';

describe('loopTurns', () => {
  it('runs the pieces in order, one per loop turn, with the loop’s other callbacks between them', async () => {
    const turn = loopTurns();
    const seen: string[] = [];
    const pieces = ['a', 'b', 'c'].map((name) =>
      turn(() => {
        seen.push(name);
        // Something the loop must serve before the next piece (queued during this turn: it runs in the next one).
        setImmediate(() => seen.push(`after ${name}`));
        return name.toUpperCase();
      }),
    );
    // Nothing runs synchronously: the caller's own work finishes first.
    seen.push('caller');
    expect(await Promise.all(pieces)).toEqual(['A', 'B', 'C']);
    await new Promise((resolve) => setImmediate(resolve));
    expect(seen).toEqual(['caller', 'a', 'after a', 'b', 'after b', 'c', 'after c']);
  });

  it('a piece that throws rejects its own promise; the pieces after it still run', async () => {
    const turn = loopTurns();
    const failing = turn(() => {
      throw new Error('refused');
    });
    const next = turn(() => 'still runs');
    await expect(failing).rejects.toThrow('refused');
    expect(await next).toBe('still runs');
  });
});
