/**
 * The order words of each locale the bot speaks (docs/locales.md), read besides the English ones (docs/orders.md "Orders in other languages"). The
 * first word of each list is the one orders are written with; the others are what players also type (short forms,
 * infinitives, forms without accents are added by the parser). French: the usual French Diplomacy notation
 * (`T`, `S`, `C`); Chinese: the terms of the glossary in docs/locales.md, in both scripts.
 */
import { type OrderWordKind, withoutAccents, wordKey } from '../engine/parse/language.js';
import { UNIT_TYPES } from '../engine/parse/words.js';
import type { UnitType } from '../engine/types.js';

export interface LocaleOrderWords {
  readonly words: Readonly<Partial<Record<OrderWordKind, readonly string[]>>>;
  /** Coast names by coast id; the first is written. */
  readonly coasts: Readonly<Record<string, readonly string[]>>;
  /** Articles a place name may follow when typed (`A Paris - la Bourgogne`): read past, never written. */
  readonly articles?: readonly string[];
}

const FRENCH: LocaleOrderWords = {
  words: {
    army: ['armée'],
    fleet: ['flotte'],
    hold: ['tient', 'T', 'tenir', 'tiens'],
    move: ['va', 'attaque', 'vers'],
    to: ['vers', 'en', 'à'],
    support: ['soutient', 'soutenir', 'soutien', 'sout'],
    convoy: ['convoie', 'convoyer', 'convoi'],
    retreat: ['retraite', 'retraiter'],
    build: ['construite', 'construit', 'construire', 'construction'],
    disband: ['dissoute', 'dissout', 'dissoudre', 'dissolution', 'licencie'],
    waive: ['renonce', 'renoncer'],
    via: ['par'],
    convoyNoun: ['convoi', 'mer'],
  },
  coasts: {
    nc: ['côte nord', 'cn'],
    sc: ['côte sud', 'cs'],
    ec: ['côte est', 'ce'],
    wc: ['côte ouest', 'co'],
  },
  // `l’Espagne` reaches the parser as `l espagne` (an apostrophe splits words).
  articles: ['le', 'la', 'les', 'l'],
};

const TRADITIONAL: LocaleOrderWords = {
  words: {
    army: ['陸軍'],
    // `艦隊`: the word Warhammer's texts and Warring States' "組建艦隊" (raise a fleet) use for a fleet.
    fleet: ['海軍', '艦隊'],
    hold: ['守', '駐守', '堅守', '保持'],
    move: ['進攻', '移動', '攻'],
    to: ['至', '到'],
    support: ['支援', '支持'],
    convoy: ['運輸'],
    retreat: ['撤退', '撤'],
    build: ['建造', '建'],
    disband: ['解散'],
    waive: ['放棄', '放棄建造'],
    via: ['經由', '經'],
    convoyNoun: ['運輸', '海運'],
  },
  coasts: { nc: ['北岸'], sc: ['南岸'], ec: ['東岸'], wc: ['西岸'] },
};

const SIMPLIFIED: LocaleOrderWords = {
  words: {
    army: ['陆军'],
    fleet: ['海军', '舰队'],
    hold: ['守', '驻守', '坚守', '保持'],
    move: ['进攻', '移动', '攻'],
    to: ['至', '到'],
    support: ['支援', '支持'],
    convoy: ['运输'],
    retreat: ['撤退', '撤'],
    build: ['建造', '建'],
    disband: ['解散'],
    waive: ['放弃', '放弃建造'],
    via: ['经由', '经'],
    convoyNoun: ['运输', '海运'],
  },
  coasts: { nc: ['北岸'], sc: ['南岸'], ec: ['东岸'], wc: ['西岸'] },
};

/**
 * The words of each locale but English. A Chinese reader may type either script: each Chinese locale also reads
 * the other's words (written with its own).
 */
export const ORDER_WORDS: Readonly<Record<string, LocaleOrderWords>> = {
  fr: FRENCH,
  'zh-TW': bothScripts(TRADITIONAL, SIMPLIFIED),
  'zh-CN': bothScripts(SIMPLIFIED, TRADITIONAL),
};

function bothScripts(own: LocaleOrderWords, other: LocaleOrderWords): LocaleOrderWords {
  const words: Partial<Record<OrderWordKind, readonly string[]>> = {};
  for (const kind of Object.keys(own.words) as OrderWordKind[])
    words[kind] = [...new Set([...(own.words[kind] ?? []), ...(other.words[kind] ?? [])])];
  const coasts: Record<string, readonly string[]> = {};
  for (const coast of Object.keys(own.coasts))
    coasts[coast] = [...new Set([...(own.coasts[coast] ?? []), ...(other.coasts[coast] ?? [])])];
  return { words, coasts };
}

/** Every locale's words for an army and a fleet, lowercase and without accents too, with the English ones. */
const UNIT_WORDS: ReadonlyMap<string, UnitType> = new Map([
  ...Object.entries(UNIT_TYPES),
  ...Object.values(ORDER_WORDS).flatMap(({ words }) =>
    (['army', 'fleet'] as const).flatMap((kind) =>
      (words[kind] ?? []).flatMap((w) =>
        [wordKey(w), withoutAccents(wordKey(w))].map((k) => [k, kind === 'army' ? 'A' : 'F'] as const),
      ),
    ),
  ),
]);

/**
 * The unit type a word names, in English (`F`, `fleet`, `army`) or in any locale's order words (`flotte`, `armee`,
 * `艦隊`, `海军`), whatever the reader's locale; null when it names none. For a unit typed alone, as an action's slot
 * takes it (docs/locales.md "Variants' own texts").
 */
export function unitTypeOfWord(text: string): UnitType | null {
  const key = wordKey(String(text ?? '').trim());
  return UNIT_WORDS.get(key) ?? UNIT_WORDS.get(withoutAccents(key)) ?? null;
}
