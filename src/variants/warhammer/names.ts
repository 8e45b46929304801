/**
 * Warhammer's names in other languages (docs/variants.md "Names in other languages"): its powers and provinces keep
 * their English names in every locale; its own legend texts (the Underway, the decisive battles' marks) are
 * translated in `names.<locale>.json`, where `{power}` stands for each power's name (the legend of a battle won reads
 * `decisive battle won by Empire`: one entry per power, made here).
 */
import type { VariantNames } from '../../engine/variant-data.js';
import namesFr from './names.fr.json' with { type: 'json' };
import namesZhTW from './names.zh-TW.json' with { type: 'json' };

const PER_POWER = '{power}';

/** The locale's names with each legend text naming `{power}` made once per power. */
function expanded(names: VariantNames, powers: readonly string[]): VariantNames {
  const legend: Record<string, string> = {};
  for (const [english, own] of Object.entries(names.legend ?? {})) {
    if (!english.includes(PER_POWER)) legend[english] = own;
    else for (const p of powers) legend[english.replace(PER_POWER, p)] = own.replace(PER_POWER, p);
  }
  return { ...names, legend };
}

/** Warhammer's names by locale, for its powers (`zh-CN` is derived from `zh-TW`: src/variants/names.ts). */
export function warhammerNames(powers: readonly string[]): Record<string, VariantNames> {
  return { fr: expanded(namesFr, powers), 'zh-TW': expanded(namesZhTW, powers) };
}
