import { describe, expect, it } from 'vitest';
import { parseOrder, writeOrder } from '../../src/engine/parse/index.js';
import type { Variant } from '../../src/engine/variant.js';
import type { Locale } from '../../src/i18n/index.js';
import { getVariant } from '../../src/variants/index.js';
import {
  orderLanguage,
  powerName,
  provinceName,
  simplified,
  simplifiedName,
  variantNames,
} from '../../src/variants/names.js';

const classic = getVariant('classic')!;
const warringStates = getVariant('warring-states')!;
const mandate = getVariant('mandate-of-heaven')!;

describe('Classic in French', () => {
  const names = variantNames(classic, 'fr')!;

  it('names every province and every power', () => {
    for (const id of classic.map.provinces.keys()) expect(names.provinces[id], id).toBeTruthy();
    for (const p of classic.powers) expect(names.powers[p.name], p.name).toBeTruthy();
    expect(Object.keys(names.provinces).sort()).toEqual([...classic.map.provinces.keys()].sort());
  });

  it('uses the standard French names', () => {
    expect(classic.powers.map((p) => powerName(classic, 'fr', p.name))).toEqual([
      'Autriche',
      'Angleterre',
      'France',
      'Allemagne',
      'Italie',
      'Russie',
      'Turquie',
    ]);
    expect(['lon', 'bur', 'nth', 'eng', 'stp', 'wal'].map((id) => provinceName(classic, 'fr', id))).toEqual([
      'Londres',
      'Bourgogne',
      'Mer du Nord',
      'Manche',
      'Saint-Pétersbourg',
      'Pays de Galles',
    ]);
  });

  it('gives each province a name no other province reads as', () => {
    const language = orderLanguage(classic, 'fr')!;
    for (const [id, name] of Object.entries(names.provinces)) {
      const read = parseOrder(classic, `A ${name} H`, { language });
      expect(read.ok && read.order.kind === 'hold' ? read.order.unit.province : read, name).toBe(id);
    }
  });
});

/** Every Chinese name a variant has in `locale`, read back to its province and written the same. */
function roundTrips(variant: Variant, locale: Locale): void {
  const names = variantNames(variant, locale)!;
  const language = orderLanguage(variant, locale);
  expect(Object.keys(names.provinces).length).toBeGreaterThan(70);
  for (const [id, name] of Object.entries(names.provinces)) {
    const read = parseOrder(variant, `A ${name} H`, { language });
    if (!read.ok) throw new Error(`${name}: ${read.error}`);
    expect(read.order.kind === 'hold' && read.order.unit.province, name).toBe(id);
    expect(writeOrder(read.order, variant, language)).toBe(`A ${name} 守`);
    // Written without spaces too.
    const tight = parseOrder(variant, `A${name}守`, { language });
    expect(tight.ok && tight.order.kind === 'hold' && tight.order.unit.province, `A${name}守`).toBe(id);
  }
}

describe.each([
  ['Warring States', warringStates],
  ['Mandate of Heaven', mandate],
])('%s in Chinese', (_, variant) => {
  it.each(['zh-TW', 'zh-CN'] as const)('every %s province name reads back and writes the same', (locale) => {
    roundTrips(variant, locale);
  });

  it('names every province in Chinese: no label or order falls back to the English name', () => {
    for (const id of variant.map.provinceIds())
      expect(provinceName(variant, 'zh-TW', id), id).not.toBe(variant.map.province(id)!.name);
  });

  it('names every power in both scripts', () => {
    for (const p of variant.powers) {
      expect(powerName(variant, 'zh-TW', p.name), p.name).not.toBe(p.name);
      expect(powerName(variant, 'zh-CN', p.name)).toBe(simplified(powerName(variant, 'zh-TW', p.name)));
    }
  });

  it('derives the simplified names with OpenCC, differing exactly where OpenCC changes a character', () => {
    const tw = variantNames(variant, 'zh-TW')!;
    const cn = variantNames(variant, 'zh-CN')!;
    let differing = 0;
    for (const [id, name] of Object.entries(tw.provinces)) {
      expect(cn.provinces[id]).toBe(simplified(name));
      if (cn.provinces[id] !== name) differing++;
    }
    expect(differing).toBeGreaterThan(30);
  });

  it('has no names in French (the French seed keeps the English ones)', () => {
    expect(provinceName(variant, 'fr', 'xia')).toBe('Xianyang');
    expect(powerName(variant, 'fr', 'Qin')).toBe('Qin');
  });
});

describe('Classic in Chinese', () => {
  it('names every power in both scripts, the simplified derived as for every variant', () => {
    expect(classic.powers.map((p) => powerName(classic, 'zh-TW', p.name))).toEqual([
      '奧地利',
      '英國',
      '法國',
      '德國',
      '義大利',
      '俄國',
      '土耳其',
    ]);
    expect(classic.powers.map((p) => powerName(classic, 'zh-CN', p.name))).toEqual([
      '奥地利',
      '英国',
      '法国',
      '德国',
      '意大利',
      '俄国',
      '土耳其',
    ]);
    for (const p of classic.powers)
      expect(powerName(classic, 'zh-CN', p.name)).toBe(simplifiedName(powerName(classic, 'zh-TW', p.name)));
  });

  it("converts a name with Taiwan's phrases (意大利, never 义大利), a legend's words character by character", () => {
    expect(simplifiedName('義大利')).toBe('意大利');
    expect(simplifiedName('咸陽')).toBe('咸阳');
    // The glossary's 宣告 (docs/locales.md), which the phrase table would make 声明.
    expect(simplified('此處可宣告決戰')).toBe('此处可宣告决战');
    const warhammer = getVariant('warhammer')!;
    expect(variantNames(warhammer, 'zh-CN')?.legend?.['a decisive battle may be declared here']).toBe('此处可宣告决战');
  });
});

describe('the Chinese names agree with the maps', () => {
  it('Warring States: the simplified names are the names on its map', () => {
    const cn = variantNames(warringStates, 'zh-CN')!;
    for (const p of warringStates.data.provinces) expect(cn.provinces[p.id], p.id).toBe(p.localName);
    for (const p of warringStates.powers) expect(cn.powers[p.name], p.name).toBe(p.localName);
  });

  it('Mandate of Heaven: the traditional names are the names on its map', () => {
    const tw = variantNames(mandate, 'zh-TW')!;
    for (const p of mandate.data.provinces) if (p.localName) expect(tw.provinces[p.id], p.id).toBe(p.localName);
    for (const p of mandate.powers) expect(tw.powers[p.name], p.name).toBe(p.localName);
  });

  it('spells the known differences of the two scripts', () => {
    expect(provinceName(warringStates, 'zh-TW', 'xia')).toBe('咸陽');
    expect(provinceName(warringStates, 'zh-CN', 'xia')).toBe('咸阳');
    expect(powerName(warringStates, 'zh-TW', 'Zhao')).toBe('趙');
    expect(powerName(warringStates, 'zh-CN', 'Zhao')).toBe('赵');
    expect(provinceName(warringStates, 'zh-CN', 'yin')).toBe('郢'); // the same in both
  });

  it('has no names for English readers or variants without names', () => {
    expect(variantNames(warringStates, 'en')).toBeNull();
    expect(variantNames({}, 'fr')).toBeNull();
    // Warhammer keeps its English names: its French names hold only its legend texts and its own orders’ words.
    const warhammer = variantNames(getVariant('warhammer')!, 'fr')!;
    expect([Object.keys(warhammer.powers).length, Object.keys(warhammer.provinces).length]).toEqual([0, 0]);
    expect(provinceName(classic, 'zh-TW', 'lon')).toBe('London');
    expect(orderLanguage(classic, 'en')).toBeUndefined();
  });
});
