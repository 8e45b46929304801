/**
 * The order words of each locale the bot speaks (docs/locales.md), read besides the English ones (docs/orders.md "Orders in other languages"). The
 * first word of each list is the one orders are written with; the others are what players also type (short forms,
 * infinitives, forms without accents are added by the parser). French: the usual French Diplomacy notation
 * (`T`, `S`, `C`); Chinese: the terms of the glossary in docs/locales.md, in both scripts.
 */
import type { OrderWordKind } from '../engine/parse/language.js';

export interface LocaleOrderWords {
  readonly words: Readonly<Partial<Record<OrderWordKind, readonly string[]>>>;
  /** Coast names by coast id; the first is written. */
  readonly coasts: Readonly<Record<string, readonly string[]>>;
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
};

const TRADITIONAL: LocaleOrderWords = {
  words: {
    army: ['陸軍'],
    fleet: ['海軍'],
    hold: ['守', '駐守', '堅守'],
    move: ['進攻', '移動', '攻'],
    to: ['至', '到'],
    support: ['支援'],
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
    fleet: ['海军'],
    hold: ['守', '驻守', '坚守'],
    move: ['进攻', '移动', '攻'],
    to: ['至', '到'],
    support: ['支援'],
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
