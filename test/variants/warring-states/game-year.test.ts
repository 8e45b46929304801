/**
 * A first game year of Warring States through the engine's public API: a fleet raised in spring and moved in fall,
 * neutral centres taken, ownership after fall, army builds in winter.
 */
import { describe, expect, it } from 'vitest';
import { adjudicate, powersToAct } from '../../../src/engine/index.js';
import type { Position, PowerOrder } from '../../../src/engine/types.js';
import { warringStates as v } from '../../../src/variants/warring-states/index.js';
import { ordersOf, unitText } from './harness.js';

const play = (position: Position, orders: Record<string, string[]>) =>
  adjudicate(v, position, ordersOf(position, orders) as PowerOrder[]);

describe('Warring States: year 1', () => {
  it('spring raise, fall river moves, winter builds', () => {
    const start = v.startingPosition();
    expect(powersToAct(v, start)).toHaveLength(7);

    const spring = play(start, { Qi: ['A Lin R F'], Han: ['A Luo - Hch'], Qin: ['A Xia - Any'] });
    expect(spring.position.phase).toEqual({ season: 'fall', year: 1, type: 'movement' });
    expect(spring.position.units.map(unitText)).toEqual(expect.arrayContaining(['Qi F lin', 'Han A hch', 'Qin A any']));

    const fall = play(spring.position, { Qi: ['F Lin - Diq', 'A Lib - Lin'], Han: ['A Hch H'], Qin: ['A Any H'] });
    expect(fall.position.phase).toEqual({ season: 'winter', year: 1, type: 'adjustment' });
    expect(fall.centerChanges).toEqual([
      { province: 'any', from: null, to: 'Qin' },
      { province: 'diq', from: null, to: 'Qi' },
      { province: 'hch', from: null, to: 'Han' },
    ]);
    expect(fall.position.variantState).toEqual({ capturedHomeCentres: {} });
    expect(powersToAct(v, fall.position).sort()).toEqual(['Han', 'Qi', 'Qin']);

    const winter = play(fall.position, { Qi: ['Build A Lib'], Han: ['Build A Luo'], Qin: ['Build F Xia'] });
    expect(winter.results.find((r) => r.power === 'Qin' && r.order.startsWith('F xia'))!.result).not.toBe('success');
    expect(winter.position.units.map(unitText)).not.toContain('Qin F xia');
    expect(winter.position.units.map(unitText)).toEqual(expect.arrayContaining(['Qi A lib', 'Han A luo']));
    expect(winter.position.phase).toEqual({ season: 'spring', year: 2, type: 'movement' });
    expect(winter.winner).toBeNull();
  });
});
