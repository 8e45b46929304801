/**
 * `loopTurns` and `fairTurns` (src/game/core/loop-turns.ts): the computer seats' pieces of work run one per turn of the event loop, in
 * the order they were queued, so whatever the loop has to serve meanwhile (here: an immediate queued by a piece, as an
 * I/O callback would be) runs between two pieces, never after a burst of them.
 */
import { describe, expect, it } from 'vitest';
import { fairTurns, loopTurns } from '../../../src/game/core/loop-turns.js';

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

describe('fairTurns', () => {
  it("alternates members' pieces, one per loop turn: a burst waits behind the others' pieces, not ahead of them", async () => {
    const turns = fairTurns();
    const seen: string[] = [];
    const piece = (name: string) => () => {
      seen.push(name);
      setImmediate(() => seen.push(`after ${name}`));
      return name;
    };
    // Mallory's burst comes first, then Dave's one command.
    const burst = ['m1', 'm2', 'm3'].map((name) => turns('mallory')(piece(name)));
    const dave = turns('dave')(piece('d1'));
    seen.push('caller');
    expect(await Promise.all([...burst, dave])).toEqual(['m1', 'm2', 'm3', 'd1']);
    await new Promise((resolve) => setImmediate(resolve));
    expect(seen.filter((s) => !s.startsWith('after'))).toEqual(['caller', 'm1', 'd1', 'm2', 'm3']);
    // Never two pieces in one turn: each piece's own immediate runs before the next piece.
    for (const name of ['m1', 'd1', 'm2']) expect(seen[seen.indexOf(name) + 1]).toBe(`after ${name}`);
  });

  it("a member's piece that throws rejects its own promise; that member's next piece and the others' still run", async () => {
    const turns = fairTurns();
    const failing = turns('mallory')(() => {
      throw new Error('refused');
    });
    const next = turns('mallory')(() => 'mallory again');
    const other = turns('dave')(() => 'dave');
    await expect(failing).rejects.toThrow('refused');
    expect(await Promise.all([next, other])).toEqual(['mallory again', 'dave']);
  });
});
