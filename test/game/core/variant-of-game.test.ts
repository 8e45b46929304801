/**
 * `powerByName` (src/game/core/variant-of-game.ts): a power typed by its English name or adjective, by its name in any
 * locale the bot speaks (Classic's Chinese names in both scripts, docs/locales.md "Names"), or by a unique prefix.
 */
import { describe, expect, it } from 'vitest';
import { powerByName } from '../../../src/game/core/variant-of-game.js';
import { getVariant } from '../../../src/variants/index.js';

const classic = getVariant('classic')!;

describe('powerByName', () => {
  it('reads a Classic power by its English, French and Chinese names, in both scripts', () => {
    expect(powerByName(classic, 'Italy')).toBe('Italy');
    expect(powerByName(classic, 'Italie')).toBe('Italy');
    expect(powerByName(classic, '義大利')).toBe('Italy');
    expect(powerByName(classic, '意大利')).toBe('Italy');
    expect(powerByName(classic, '奧地利')).toBe('Austria');
    expect(powerByName(classic, '奥地利')).toBe('Austria');
    expect(powerByName(classic, '英国')).toBe('England');
    expect(powerByName(classic, '土耳其')).toBe('Turkey');
  });
});
