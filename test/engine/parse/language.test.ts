import { describe, expect, it } from 'vitest';
import { type OrderLanguage, parseOrder, writeOrder } from '../../../src/engine/parse/index.js';
import { formatOrder } from '../../../src/engine/format.js';
import type { Position } from '../../../src/engine/types.js';
import type { Variant } from '../../../src/engine/variant.js';
import { getVariant } from '../../../src/variants/index.js';
import { orderLanguage } from '../../../src/variants/names.js';

const classic = getVariant('classic')!;
const warringStates = getVariant('warring-states')!;
const mandate = getVariant('mandate-of-heaven')!;
const french = orderLanguage(classic, 'fr')!;

/** The normalized (canonical, English) text a parse gives, or its error. */
function read(variant: Variant, text: string, language?: OrderLanguage, position?: Position): string {
  const r = parseOrder(variant, text, { ...(language ? { language } : {}), ...(position ? { position } : {}) });
  return r.ok ? r.text : `error: ${r.error}`;
}

describe('French orders read as the English ones (Classic)', () => {
  it.each([
    // hold
    ['A Venise tient', 'A Venice holds'],
    ['A Venise T', 'A ven H'],
    ['armée Venise tenir', 'A ven H'],
    // move
    ['A Paris - Bourgogne', 'A Paris - Burgundy'],
    ['A Paris → Bourgogne', 'A par - bur'],
    ['A Paris vers Bourgogne', 'A par - bur'],
    ['A Londres - Belgique par convoi', 'A lon - bel via convoy'],
    ['F Mer du Nord - Manche', 'F nth - eng'],
    ['F Atlantique moyen - Mer d’Irlande', 'F mao - iri'],
    ["F Mer d'Irlande - Pays de Galles", 'F iri - wal'],
    ['A Silesie - Varsovie', 'A sil - war'],
    // a capital's accent dropped, the others kept, as French keyboards type it
    ['F Mer Egée - Smyrne', 'F aeg - smy'],
    ['F MER ÉGEE - Smyrne', 'F aeg - smy'],
    // a name after its article, as a sentence puts it
    ['A Paris - la Bourgogne', 'A par - bur'],
    ['A Marseille - l’Espagne', 'A mar - spa'],
    ["F l'Atlantique moyen - la Mer d’Irlande", 'F mao - iri'],
    ['F le Golfe du Lion - le Piémont', 'F lyo - pie'],
    ['F la Manche - Londres', 'F eng - lon'],
    // the short and everyday names French players also use
    ['F Adriatique - Ionienne', 'F adr - ion'],
    ['F Égée - Smyrne', 'F aeg - smy'],
    ['A Pays-Bas - Belgique', 'A hol - bel'],
    ['A Tunisie T', 'A tun H'],
    ['A Munich soutient A Berlin - la Silésie', 'A mun S A ber - sil'],
    // coasts
    ['F Espagne (côte nord) - Atlantique moyen', 'F spa/nc - mao'],
    ['F Saint-Pétersbourg côte sud - Golfe de Botnie', 'F stp/sc - bot'],
    ['F St-Petersbourg cn T', 'F stp/nc H'],
    ['F Atlantique moyen - Espagne/cs', 'F mao - spa/sc'],
    // support and convoy
    ['A Tyrol soutient A Venise - Trieste', 'A tyr S A ven - tri'],
    ['A Tyrol S A Venise', 'A tyr S A ven'],
    ['A Tyrol soutient A Venise tient', 'A tyr S A ven'],
    ['F Mer du Nord convoie A Londres - Belgique', 'F nth C A lon - bel'],
    ['F Mer du Nord C A Londres → Belgique', 'F nth C A lon - bel'],
    // retreat, build, disband, waive
    ['F Trieste retraite vers Albanie', 'F tri R alb'],
    ['F Trieste retraite Albanie', 'F tri R alb'],
    ['A Paris construite', 'A par B'],
    ['construire A Paris', 'A par B'],
    ['construit F Saint-Pétersbourg (côte nord)', 'F stp/nc B'],
    ['A Paris dissoute', 'A par D'],
    ['dissout F Golfe du Lion', 'F lyo D'],
    ['renonce', 'WAIVE'],
  ])('%s', (frenchText, englishText) => {
    const english = parseOrder(classic, englishText);
    const local = parseOrder(classic, frenchText, { language: french });
    expect(english.ok).toBe(true);
    expect(local).toMatchObject({ ok: true });
    if (local.ok && english.ok) {
      expect(local.order).toEqual(english.order);
      expect(local.text).toBe(english.text);
    }
  });

  it('keeps reading the English names, abbreviations and words', () => {
    expect(read(classic, 'A par - bur', french)).toBe('A par - bur');
    expect(read(classic, 'F North Sea convoys A London - Belgium', french)).toBe('F nth C A lon - bel');
  });

  it('gives the same kind of errors, with the French names suggested', () => {
    expect(read(classic, 'A Lodnres - Bourgogne', french)).toBe(
      'error: unknown place "Lodnres": did you mean Londres (lon)?',
    );
    expect(read(classic, 'A Paris soutiens A Marseille', french)).toMatch(/^error: unknown order "soutiens"/);
    // an article before no place is named with the words it came with
    expect(read(classic, 'A Paris - la Lune', french)).toMatch(/^error: unknown place "la Lune"/);
    expect(read(classic, 'A Paris - la Bourgogne')).toMatch(/^error: unknown place "la Bourgogne"/);
    expect(read(classic, 'F Espagne (côte est) - Atlantique moyen', french)).toBe(
      'error: Spain has no coast "côte est" (its coasts: nc, sc)',
    );
  });

  it('reads no French without the language', () => {
    expect(read(classic, 'A Paris - Bourgogne')).toMatch(/^error: unknown place "Bourgogne"/);
  });
});

const wsTraditional = orderLanguage(warringStates, 'zh-TW')!;
const wsSimplified = orderLanguage(warringStates, 'zh-CN')!;

describe('Chinese orders read as the English ones (Warring States)', () => {
  it.each([
    ['A 咸陽 守', 'A xia H'],
    ['A咸陽守', 'A xia H'],
    ['A 咸陽 - 安邑', 'A xia - any'],
    ['A咸陽-安邑', 'A xia - any'],
    ['A 咸陽 → 安邑', 'A xia - any'],
    ['陸軍 咸陽 進攻 安邑', 'A xia - any'],
    ['A 安邑 支援 A 咸陽 - 洛陽', 'A any S A xia - luo'],
    ['A安邑支援A咸陽-洛陽', 'A any S A xia - luo'],
    ['A 安邑 支援 A 咸陽', 'A any S A xia'],
    // the everyday words for support and hold too
    ['A 安邑 支持 A 咸陽 - 洛陽', 'A any S A xia - luo'],
    ['A咸陽保持', 'A xia H'],
    ['F 渤海 撤退 臨淄', 'F boh R lin'],
    ['F 渤海 撤退至臨淄', 'F boh R lin'],
    ['A 咸陽 建造', 'A xia B'],
    ['建造 A 咸陽', 'A xia B'],
    ['A 咸陽 解散', 'A xia D'],
    ['放棄', 'WAIVE'],
    // the variant's own orders keep working with Chinese names
    ['A 薊 R F', 'A ji R F'],
    ['F 渤海 - 臨淄 - 帝丘 - 魏', 'F boh - lin - diq - wei'],
    ['F 渤海 至 臨淄 至 帝丘 至 魏', 'F boh - lin - diq - wei'],
    // the region's name for Shaoliang (河西, west of the Yellow River: docs/locales.md "Names"), as the contract writes
    ['A 咸陽 - 河西', 'A xia - sli'],
  ])('zh-TW %s', (text, canonical) => {
    expect(read(warringStates, text, wsTraditional)).toBe(canonical);
  });

  it.each([
    ['A 咸阳 守', 'A xia H'],
    ['A 安邑 支援 A 咸阳 - 洛阳', 'A any S A xia - luo'],
    ['F 渤海 运输 A 临淄 - 辽东', 'F boh C A lin - lia'],
    ['F 渤海 撤退 临淄', 'F boh R lin'],
    ['A 邯郸 解散', 'A han D'],
    ['A 安邑 支持 A 咸阳', 'A any S A xia'],
    ['A 咸阳 保持', 'A xia H'],
    ['A 咸阳 - 河西', 'A xia - sli'],
    // a simplified-Chinese reader may paste traditional names, and the other way round
    ['A 咸陽 守', 'A xia H'],
  ])('zh-CN %s', (text, canonical) => {
    expect(read(warringStates, text, wsSimplified)).toBe(canonical);
  });

  it('names an unknown Chinese place whole, with suggestions', () => {
    expect(read(warringStates, 'A 咸陽 - 長安', wsTraditional)).toMatch(/^error: unknown place "長安"/);
  });

  it('reads Mandate of Heaven in both scripts', () => {
    const zhCN = orderLanguage(mandate, 'zh-CN')!;
    expect(read(mandate, 'A 邯郸 支援 A 安邑 - 洛阳', zhCN)).toBe('A hdn S A any - luo');
    expect(read(mandate, 'A 邯鄲 支援 A 安邑 - 洛陽', orderLanguage(mandate, 'zh-TW'))).toBe('A hdn S A any - luo');
  });
});

describe('orders written in a language', () => {
  it.each([
    [classic, 'fr', 'A par - bur', 'A Paris - Bourgogne'],
    [classic, 'fr', 'A ven H', 'A Venise tient'],
    [classic, 'fr', 'A lon - bel via convoy', 'A Londres - Belgique par convoi'],
    [classic, 'fr', 'A tyr S A ven - tri', 'A Tyrol soutient A Venise - Trieste'],
    [classic, 'fr', 'A tyr S A ven', 'A Tyrol soutient A Venise'],
    [classic, 'fr', 'F nth C A lon - bel', 'F Mer du Nord convoie A Londres - Belgique'],
    [classic, 'fr', 'F tri R alb', 'F Trieste retraite vers Albanie'],
    [classic, 'fr', 'F stp/nc B', 'F Saint-Pétersbourg (côte nord) construite'],
    [classic, 'fr', 'A par D', 'A Paris dissoute'],
    [classic, 'fr', 'WAIVE', 'renonce'],
    [warringStates, 'zh-TW', 'A xia - any', 'A 咸陽 - 安邑'],
    [warringStates, 'zh-TW', 'A any S A xia - luo', 'A 安邑 支援 A 咸陽 - 洛陽'],
    [warringStates, 'zh-CN', 'A any S A xia - luo', 'A 安邑 支援 A 咸阳 - 洛阳'],
    [warringStates, 'zh-CN', 'A xia H', 'A 咸阳 守'],
    [warringStates, 'zh-TW', 'F boh R lin', 'F 渤海 撤退至 臨淄'],
    [warringStates, 'zh-CN', 'F boh R lin', 'F 渤海 撤退至 临淄'],
    [classic, 'zh-CN', 'A bur R pic', 'A bur 撤退至 pic'],
    [classic, 'zh-TW', 'A bur R pic', 'A bur 撤退至 pic'],
    [classic, 'zh-CN', 'A lon - bel via convoy', 'A lon - bel 经由运输'],
    [classic, 'zh-TW', 'A lon - bel via convoy', 'A lon - bel 經由運輸'],
    [classic, 'zh-CN', 'F nth C A lon - bel', 'F nth 运输 A lon - bel'],
    [classic, 'zh-CN', 'A tyr S A ven - tri', 'A tyr 支援 A ven - tri'],
    [classic, 'zh-CN', 'A ven H', 'A ven 守'],
    // a variant's own order in the language's names and the variant's words for it (test/engine/parse/write.test.ts)
    [warringStates, 'zh-TW', 'A ji R F', 'A 薊 組建艦隊'],
    [warringStates, 'zh-TW', 'F boh - lin - diq', 'F 渤海 - 臨淄 - 帝丘'],
    // a province with no name in the language keeps its id
    [classic, 'zh-TW', 'F spa/nc - mao', 'F spa/nc - mao'],
    [warringStates, 'fr', 'A xia - any', 'A xia - any'],
  ] as const)('%s in %s: %s', (variant, locale, canonical, written) => {
    const language = orderLanguage(variant, locale);
    const order = parseOrder(variant, canonical);
    if (!order.ok) throw new Error(order.error);
    expect(writeOrder(order.order, variant, language)).toBe(written);
    // What is written reads back to the same order.
    const back = parseOrder(variant, written, language ? { language } : {});
    expect(back).toMatchObject({ ok: true, order: order.order });
  });

  it.each([
    ['zh-CN', 'A bur 撤退 至 pic'],
    ['zh-CN', 'A bur 撤退至 pic'],
    ['zh-CN', 'A bur 撤退至pic'],
    ['zh-TW', 'A bur 撤退 至 pic'],
    ['zh-TW', 'A bur 撤退至 pic'],
  ] as const)('a Chinese retreat reads with or without a space inside its verb (%s: %s)', (locale, typed) => {
    const back = parseOrder(classic, typed, { language: orderLanguage(classic, locale)! });
    expect(back.ok && formatOrder(back.order, classic.rules)).toBe('A bur R pic');
  });

  it.each([
    ['zh-CN', 'A lon - bel 经由 运输'],
    ['zh-CN', 'A lon - bel 经由运输'],
    ['zh-TW', 'A lon - bel 經由 運輸'],
    ['zh-TW', 'A lon - bel 經由運輸'],
  ] as const)('a Chinese move by convoy reads with or without a space inside its phrase (%s: %s)', (locale, typed) => {
    const back = parseOrder(classic, typed, { language: orderLanguage(classic, locale)! });
    expect(back.ok && formatOrder(back.order, classic.rules)).toBe('A lon - bel via convoy');
  });

  it('writes the normalized English text without a language', () => {
    const order = parseOrder(classic, 'A Paris - Burgundy');
    if (!order.ok) throw new Error(order.error);
    expect(writeOrder(order.order, classic)).toBe('A par - bur');
  });
});
