/**
 * An order written back in a language (docs/orders.md "Orders in other languages"): the language's province
 * names and order words, the id where a province has no name there (`A Paris - Bourgogne`, `A 咸陽 守`,
 * `F spa/nc` in Chinese); a variant's own order as its `SpecialOrderSpec.write` words it (`A 南鄭 組建艦隊`). Without a
 * language, the normalized English text (`formatOrder`). What is written reads back to the same order.
 */
import { formatOrder } from '../format.js';
import { locationKey } from '../map.js';
import type { Variant } from '../variant.js';
import type { Location, Order, UnitRef } from '../types.js';
import type { OrderLanguage, OrderWordKind } from './language.js';

/** The English words written where the language has none. */
const ENGLISH: Record<OrderWordKind, string> = {
  army: 'A',
  fleet: 'F',
  hold: 'H',
  move: '-',
  to: '',
  support: 'S',
  convoy: 'C',
  retreat: 'R',
  build: 'B',
  disband: 'D',
  waive: 'WAIVE',
  via: 'via',
  convoyNoun: 'convoy',
};

/** Chinese is written without spaces between words. */
const HAN_END = /\p{Script=Han}$/u;
const HAN_START = /^\p{Script=Han}/u;

export function writeOrder(order: Order, variant: Variant, language?: OrderLanguage): string {
  if (!language) return formatOrder(order, variant.rules);
  const word = (kind: OrderWordKind) => language.words[kind]?.[0] ?? ENGLISH[kind];
  const place = (l: Location) => writeLocation(l, language);
  const unit = (u: UnitRef) => writeUnit(u, language);
  const join = (...parts: string[]) => parts.filter((p) => p !== '').join(' ');
  // Order words that make one phrase are written as one where the language writes no space between them
  // (`撤退至`, `经由运输`; `retraite vers`): docs/orders.md "Orders in other languages".
  const phrase = (...kinds: OrderWordKind[]) =>
    kinds
      .map(word)
      .filter((w) => w !== '')
      .reduce((a, w) => (a === '' ? w : HAN_END.test(a) && HAN_START.test(w) ? a + w : `${a} ${w}`), '');
  switch (order.kind) {
    case 'hold':
      return join(unit(order.unit), word('hold'));
    case 'move':
      return join(unit(order.unit), '-', place(order.to), order.viaConvoy ? phrase('via', 'convoyNoun') : '');
    case 'support':
      return order.to
        ? join(unit(order.unit), word('support'), unit(order.target), '-', place(order.to))
        : join(unit(order.unit), word('support'), unit(order.target));
    case 'convoy':
      return join(unit(order.unit), word('convoy'), unit(order.target), '-', place(order.to));
    case 'retreat':
      return join(unit(order.unit), phrase('retreat', 'to'), place(order.to));
    case 'disband':
      return join(unit(order.unit), word('disband'));
    case 'build':
      return join(unit(order.unit), word('build'));
    case 'waive':
      return word('waive');
    case 'special': {
      // A variant's own order, in the language where the variant writes it so (`A 南鄭 組建艦隊`), else its notation.
      const spec = variant.rules.specialOrders?.[order.name];
      if (!spec?.write) return formatOrder(order, variant.rules);
      return spec.write(order, {
        unit,
        place,
        word,
        special: (name) => language.special?.[name]?.[0] ?? null,
      });
    }
  }
}

/** A unit as an order writes it in a language (`A Paris`, `F 東海`); the English `A par` without one. */
export function writeUnit(u: UnitRef, language?: OrderLanguage): string {
  return `${u.type ?? '?'} ${language ? writeLocation(u, language) : locationKey(u)}`;
}

/** `Espagne (côte nord)`, `Paris`, `咸陽`; the id (`spa/nc`) where the language names no province or coast. */
function writeLocation(l: Location, language: OrderLanguage): string {
  const name = language.places[l.province]?.[0];
  if (!name) return locationKey(l);
  if (!l.coast) return name;
  const coast = language.coasts?.[l.coast]?.[0];
  return coast ? `${name} (${coast})` : `${name}/${l.coast}`;
}
