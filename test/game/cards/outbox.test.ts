/**
 * What the end post says beside the winner (src/game/cards/outbox.ts `overEvents`, docs/cardgame.md "The end of the
 * game"): the end check, and why the winner won when it is not the most states (a win after a tie on states).
 */
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../../../src/cardgame/index.js';
import { overEvents } from '../../../src/game/cards/outbox.js';

const gameOver: GameEvent = { kind: 'gameOver', reason: 'round-cap', text: 'The game ends: …' };
const row: GameEvent = { kind: 'row', cards: [], text: 'New recruiting row: empty (no cards left).' };
const finished = (reason?: unknown): GameEvent => ({ kind: 'finished', winner: 1, reason, text: 'Yan unites China…' });

describe('the end post’s events', () => {
  it('a win by the most states: the end check only (the winner line says the rest)', () => {
    const byStates = finished({ kind: 'states', seat: 1, count: 6 });
    expect(overEvents([row, gameOver, byStates])).toEqual([gameOver]);
  });

  it('a win after a tie on states: why, after the end check when the same play ended the game', () => {
    const bySuperiorities = finished({ kind: 'superiorities', seat: 1, counts: [{ seat: 1, count: 2 }] });
    expect(overEvents([{ kind: 'tiebreakResult', counts: {}, text: '' }, bySuperiorities])).toEqual([bySuperiorities]);
    const byStrongholds = finished({ kind: 'strongholds', cause: 'no-cards-left', seat: 1, count: 3 });
    expect(overEvents([gameOver, byStrongholds])).toEqual([gameOver, byStrongholds]);
    const shared = { ...finished({ kind: 'shared', cause: 'no-card-played' }), winner: [0, 1] };
    expect(overEvents([shared])).toEqual([shared]);
  });
});
