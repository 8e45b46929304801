/** Power marks (src/render/power-marks.ts; docs/render.md "Power marks"). */
import { describe, expect, it } from 'vitest';
import { powerMark, powerMarkIn } from '../../src/render/power-marks.js';

describe('power marks', () => {
  it('Latin letters from the name, or the variant’s own', () => {
    expect(powerMark({ name: 'Vampire Counts' })).toBe('VC');
    expect(powerMark({ name: 'Kislev' })).toBe('Ki');
    expect(powerMark({ name: 'Qin', mark: 'Qn' })).toBe('Qn');
  });

  it('for a Chinese reader, the first character of the state’s name, unless another state’s starts with it', () => {
    const names = ['秦', '楚', '東魏', '東晉'];
    expect(powerMarkIn({ name: 'Qin', mark: 'Qn' }, '秦', names)).toBe('秦');
    expect(powerMarkIn({ name: 'Eastern Wei' }, '東魏', names)).toBe('EW');
    expect(powerMarkIn({ name: 'Eastern Jin' }, '東晉', names)).toBe('EJ');
    // A name in Latin letters, or none (an English or French map): the Latin mark.
    expect(powerMarkIn({ name: 'Chu' }, 'Chu', ['Chu', 'Qin'])).toBe('Ch');
    expect(powerMarkIn({ name: 'Chu' }, undefined, [])).toBe('Ch');
  });
});
