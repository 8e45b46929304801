/**
 * What the card AI decides where one answer is plainly right (src/ai/cards/choices.ts and policy.ts): the effect
 * that takes a state, the Fire that stops a rival taking one, the setup give, the last seat playing on.
 */
import { describe, expect, it } from 'vitest';
import { privateView } from '../../../src/cardgame/index.js';
import { cardAiAction, DEFAULT_WEIGHTS } from '../../../src/ai/cards/index.js';
import { chooseGive } from '../../../src/ai/cards/choices.js';
import { listedFallBack, type SearchOptions } from '../../../src/ai/cards/search.js';
import { table } from '../../cardgame/fixtures.js';

const o: SearchOptions = { weights: DEFAULT_WEIGHTS, noise: 0, settle: 2, settleGain: 1, playouts: 0, width: 10 };

describe('effects when falling back', () => {
  it('Forest beneath the neutral army of a state tied 2–2 breaks the tie its way (seed §6)', () => {
    // Gu: Qin on 10 and 15, Yan on 20 and 24: 4 armies, Qin 2, Yan 2, neutral 1, a tie; only Qin has Forest
    const s = table({
      dynasties: ['qin', 'yan', 'qi'],
      hands: [['wind/spy/infantry'], ['fire/crossbow/infantry'], ['mountain/crossbow/spy']],
      strongholds: { 10: [0], 15: [0], 20: [1], 24: [1] },
      current: 'zhou',
    });
    s.battle.played[0] = [{ card: 'B21' }]; // forest/cavalry/chariot
    s.battle.played[1] = [{ card: 'B05' }]; // fire/cavalry/infantry
    s.battle.played[2] = [{ card: 'B41' }]; // mountain/cavalry/chariot
    s.seats.forEach((x) => (x.hand = x.hand.slice(0, 1)));
    const fb = listedFallBack(s, 0, o) as { effects: { symbol: string; state?: string }[] };
    expect(fb.effects).toContainEqual({ symbol: 'forest', state: 'gu' });
  });

  it('Fire moves the rival army that would take a state off its ring', () => {
    // Xing (ring 2, 6, 10, 14, 9, 5) is Qin's: Yan on 2, 5 and 6 scores 3 to Qin's 2 (10 and the top army)
    const s = table({
      dynasties: ['qin', 'yan'],
      hands: [['wind/spy/infantry'], ['fire/crossbow/infantry']],
      strongholds: { 2: [1], 6: [1], 5: [1], 10: [0] },
      states: { xing: [0] },
      resistance: ['mountain/crossbow/spy'],
      current: 'chen',
    });
    s.battle.played[0] = [{ card: 'B01' }]; // fire/cavalry/chariot
    s.battle.played[1] = [{ card: 'B75' }]; // wind/crossbow/infantry
    const fb = listedFallBack(s, 0, o) as { effects: { symbol: string; stronghold?: number }[] };
    const fire = fb.effects.find((e) => e.symbol === 'fire')!;
    expect([2, 5, 6]).toContain(fire.stronghold);
  });

  it('places on the corner of the battle that completes a majority rather than drawing', () => {
    // Wey (9, 14, 19, 23, 18, 13): Qin on 9, 14, 19; a 4th army makes 4 around and Qin 4 to neutral 1
    const s = table({
      dynasties: ['qin', 'yan'],
      hands: [['wind/spy/infantry'], ['fire/crossbow/infantry']],
      strongholds: { 9: [0], 14: [0], 19: [0] },
      resistance: ['mountain/crossbow/spy'],
      current: 'wey',
    });
    s.battle.played[0] = [{ card: 'B01' }]; // fire/cavalry/chariot
    s.battle.played[1] = [{ card: 'B75' }]; // wind/crossbow/infantry
    const fb = listedFallBack(s, 0, o) as { effects: { symbol: string; stronghold?: number; draw?: boolean }[] };
    const places = fb.effects.filter((e) => e.symbol === 'cavalry' || e.symbol === 'chariot');
    expect(places).toHaveLength(2);
    for (const p of places) expect([13, 18, 23]).toContain(p.stronghold);
  });
});

describe('cards and turns', () => {
  it('gives to the recruiting row the 2 cards least worth keeping: advisor cards first, one no bright card matches before one that fits', () => {
    // D04 chariot fits B01 fire/cavalry/chariot; D25 wind fits B61 wind/cavalry/chariot
    expect(chooseGive(['B01', 'B21', 'B41', 'B61', 'B03', 'D04', 'D25', 'W1'])).toEqual(['D04', 'D25']);
    // without B61 nothing carries wind: D25 goes first
    expect(chooseGive(['B01', 'B21', 'B41', 'B03', 'B23', 'D04', 'D25', 'W1'])).toEqual(['D25', 'D04']);
  });

  it('the last seat in plays on while a card still adds a claim', () => {
    const s = table({
      dynasties: ['qin', 'yan'],
      hands: [['fire/cavalry/chariot', 'wind/spy/infantry'], []],
      resistance: ['mountain/crossbow/spy'],
      current: 'wey',
    });
    s.battle.fallen = [1];
    s.battle.played[0] = [{ card: 'B07' }]; // fire/cavalry/spy: spy ties the resistance
    const a = cardAiAction(privateView(s, 0), { seed: 1, playouts: 60 });
    expect(a).toMatchObject({ type: 'wage', seat: 0 });
  });
});
