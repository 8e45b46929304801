/**
 * A variant's French place grammar comes from its own definition (`defineVariant({ french })`, src/variants/define.ts;
 * docs/locales.md "French place names"): Warring States and Mandate of Heaven declare their states, the French texts
 * (src/i18n/french-places.ts) read what was declared and hold no variant's names but the classic map's.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { frenchStatesListed } from '../../src/i18n/french-places.js';
import { tr } from '../../src/i18n/index.js';
import { defineVariant } from '../../src/variants/define.js';
import { getVariant } from '../../src/variants/index.js';
import mandateDefinition from '../../src/variants/mandate-of-heaven/index.js';
import warringStatesDefinition from '../../src/variants/warring-states/index.js';

const owns = (power: string) => tr('fr', 'gmEdit.refused.sameOwner', { power, province: 'Bourgogne' });

describe('French place grammar declared by a variant', () => {
  it('is in the definitions of Warring States and Mandate of Heaven, not in src/i18n', () => {
    expect(warringStatesDefinition.french?.masculine).toEqual(expect.arrayContaining(['Qin', 'Song', 'Zhongshan']));
    expect(mandateDefinition.french?.masculine).toEqual(expect.arrayContaining(['Qin', 'Tung Yueh', 'Choson']));
    const i18n = readFileSync(new URL('../../src/i18n/french-places.ts', import.meta.url), 'utf8');
    for (const state of ['Qin', 'Zhongshan', 'Tung Yueh', 'Choson']) expect(i18n).not.toContain(`'${state}'`);
    const declared = [
      ...(warringStatesDefinition.french?.masculine ?? []),
      ...(mandateDefinition.french?.masculine ?? []),
    ];
    expect([...frenchStatesListed()].sort()).toEqual([...new Set(declared)].sort());
  });

  it("words a variant's names by what its definition declares, once it is defined", () => {
    expect(owns('Zorgland')).toBe('Zorgland possède déjà la Bourgogne.');
    const classic = getVariant('classic')!;
    const definition = defineVariant({ data: { ...classic.data, id: 'zorg' }, french: { masculine: ['Zorgland'] } });
    expect(definition.french).toEqual({ masculine: ['Zorgland'] });
    expect(owns('Zorgland')).toBe('Le Zorgland possède déjà la Bourgogne.');
    expect(tr('fr', 'orders.problem.parse.noUnit', { place: 'Zorgland' })).toBe('il n’y a aucune unité au Zorgland');
  });

  it('refuses a name declared with another grammar than it already has', () => {
    const classic = getVariant('classic')!;
    expect(() => defineVariant({ data: classic.data, french: { feminine: ['Qin'] } })).toThrow(
      'French place "Qin" is declared with two grammars',
    );
    expect(() => defineVariant({ data: classic.data, french: { masculine: ['Paris'] } })).toThrow(/"Paris"/);
    expect(owns('Qin')).toBe('Le Qin possède déjà la Bourgogne.');
  });
});
