/**
 * The board and deck data (src/cardgame/data.json) pass the checks of docs/cardgame.md "Board and deck checks" (the
 * board and cards as "The board" and "The cards" there describe them).
 */
import { describe, expect, it } from 'vitest';
import { DATA } from '../../src/cardgame/index.js';
import { adjacentTo, ringOf, STRONGHOLD_IDS } from '../../src/cardgame/board.js';

const { states, strongholds, roads } = DATA.board;

describe('board data (docs/cardgame.md "The board")', () => {
  it('12 states with 6 distinct strongholds each; 37 strongholds and 48 roads', () => {
    expect(states).toHaveLength(12);
    for (const s of states) expect(new Set(ringOf(s.id)).size).toBe(6);
    expect(STRONGHOLD_IDS).toHaveLength(37);
    expect(roads).toHaveLength(48);
  });

  it('each stronghold lists exactly the states whose ring holds it', () => {
    for (const h of strongholds)
      expect([...h.states].sort()).toEqual(
        states
          .filter((s) => ringOf(s.id).includes(h.id))
          .map((s) => s.id)
          .sort(),
      );
  });

  it('roads are the consecutive ring pairs, symmetric, of degree 2 or 3, and connected', () => {
    const ringPairs = new Set<string>();
    for (const s of states) {
      const r = ringOf(s.id);
      r.forEach((h, i) => ringPairs.add([h, r[(i + 1) % 6]!].sort((a, b) => a - b).join('-')));
    }
    expect(new Set(roads.map(([a, b]) => [a, b].sort((x, y) => x - y).join('-')))).toEqual(ringPairs);
    for (const h of STRONGHOLD_IDS) {
      expect(adjacentTo(h).length).toBeGreaterThanOrEqual(2);
      expect(adjacentTo(h).length).toBeLessThanOrEqual(3);
      for (const n of adjacentTo(h)) expect(adjacentTo(n)).toContain(h);
    }
    const seen = new Set([1]);
    const queue = [1];
    while (queue.length) for (const n of adjacentTo(queue.shift()!)) if (!seen.has(n)) seen.add(n), queue.push(n);
    expect(seen.size).toBe(37);
  });

  it('the drawn hexagons coincide with the stronghold points', () => {
    const corner = { N: -90, NE: -30, SE: 30, S: 90, SW: 150, NW: 210 } as const;
    for (const s of states) {
      for (const [dir, h] of Object.entries(s.strongholds)) {
        const a = (corner[dir as keyof typeof corner] * Math.PI) / 180;
        const p = strongholds.find((x) => x.id === h)!;
        expect(
          Math.hypot(s.x + DATA.board.hexSize * Math.cos(a) - p.x, s.y + DATA.board.hexSize * Math.sin(a) - p.y),
        ).toBeLessThan(1);
      }
    }
  });
});
