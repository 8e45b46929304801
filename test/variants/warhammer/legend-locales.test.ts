/**
 * Warhammer's own legend texts in the reader's language (docs/locales.md "Maps", docs/variants.md "Names in other
 * languages"): the Underway and the decisive battles' marks, from its `names.<locale>.json`, one entry per power for
 * a battle won; powers and provinces keep their English names.
 */
import { describe, expect, it } from 'vitest';
import { buildScene } from '../../../src/render/index.js';
import { warhammer } from '../../../src/variants/warhammer/index.js';
import { englishWords } from '../../support/english-left.js';

const OVERLAYS = [
  { kind: 'mark', glyph: 'swords', province: 'wast', legend: 'a decisive battle may be declared here' },
  { kind: 'mark', glyph: 'swords', province: 'altd', power: 'Empire', legend: 'decisive battle won by Empire' },
] as const;

function legendIn(locale: 'en' | 'fr' | 'zh-CN' | 'zh-TW', variant = warhammer): string[] {
  const built = buildScene(variant, variant.startingPosition(), { locale, overlays: [...OVERLAYS] });
  if (!built.ok) throw new Error(built.error);
  return built.scene.legend.keys.map((k) => k.text);
}

describe('Warhammer’s legend in other languages', () => {
  it('reads its own texts in French and in both Chinese scripts, with no English left', () => {
    expect(legendIn('fr')).toEqual(
      expect.arrayContaining([
        'entrée des souterrains skavens',
        'une bataille décisive peut être déclarée ici',
        'bataille décisive remportée par Empire',
      ]),
    );
    expect(legendIn('zh-TW')).toEqual(
      expect.arrayContaining(['此處可宣告決戰', 'Empire 贏得的決戰', 'Skaven 地道入口']),
    );
    expect(legendIn('zh-CN')).toEqual(expect.arrayContaining(['此处可宣告决战', 'Empire 赢得的决战']));
    for (const locale of ['fr', 'zh-CN', 'zh-TW'] as const)
      expect(englishWords(legendIn(locale).join('\n'))).toEqual([]);
  });

  it('names a battle won by any of its powers, on every configured copy, and stays English in English', () => {
    const campaign = warhammer.configure!({ worthlessAbsentCentres: 'on' });
    for (const p of campaign.powers)
      expect(campaign.names?.fr?.legend?.[`decisive battle won by ${p.name}`]).toBe(
        `bataille décisive remportée par ${p.name}`,
      );
    expect(legendIn('en')).toEqual(expect.arrayContaining(['a decisive battle may be declared here']));
    // The check can fail: without its names, the French legend is the English one.
    expect(englishWords(legendIn('fr', { ...warhammer, names: {} }).join('\n'))).toEqual(
      expect.arrayContaining(['may', 'be', 'by']),
    );
  });
});
