/**
 * The order writer and the parser agree (docs/orders.md "Orders in other languages"): every kind of order of Classic,
 * Warring States, Mandate of Heaven and Warhammer — their own orders included (raise a fleet, the rapid river move,
 * the support of the Immortality army) — written in French and in both Chinese scripts reads back to the same order,
 * and the Chinese variants' orders read in Chinese throughout (no English word, only the unit letters).
 */
import { describe, expect, it } from 'vitest';
import { formatOrder } from '../../../src/engine/format.js';
import { readOrder, writeOrder } from '../../../src/engine/parse/index.js';
import type { Location, Order, Unit, UnitType } from '../../../src/engine/types.js';
import type { Variant } from '../../../src/engine/variant.js';
import { getVariant } from '../../../src/variants/index.js';
import { orderLanguage } from '../../../src/variants/names.js';

const at = (province: string): Location => ({ province, coast: null });
const unit = (type: UnitType, province: string) => ({ type, province, coast: null });

/** One order of every kind the variant has, on provinces of its own map (not necessarily legal on a board). */
function everyKind(variant: Variant): Order[] {
  const { map } = variant;
  const ids = map.provinceIds().filter((id) => map.province(id)!.kind !== 'impassable' && !id.includes('_'));
  const land = ids.find((id) => !map.isSea(id) && [...map.neighbours(id)].filter((n) => !map.isSea(n)).length >= 2)!;
  const [next, other] = [...map.neighbours(land)].filter((n) => !map.isSea(n) && ids.includes(n));
  const sea = ids.find((id) => map.isSea(id) && [...map.neighbours(id)].filter((n) => !map.isSea(n)).length >= 2)!;
  const [shoreA, shoreB] = [...map.neighbours(sea)].filter((n) => !map.isSea(n) && ids.includes(n));
  const orders: Order[] = [
    { kind: 'hold', unit: unit('A', land) },
    { kind: 'move', unit: unit('A', land), to: at(next!), viaConvoy: false },
    { kind: 'support', unit: unit('A', land), target: unit('A', next!), to: null },
    { kind: 'support', unit: unit('A', land), target: unit('A', next!), to: at(other!) },
    { kind: 'retreat', unit: unit('F', sea), to: at(shoreA!) },
    { kind: 'disband', unit: unit('A', land) },
    { kind: 'build', unit: unit('A', land) },
    { kind: 'waive' },
  ];
  if (variant.rules.convoys !== false)
    orders.push(
      { kind: 'convoy', unit: unit('F', sea), target: unit('A', shoreA!), to: at(shoreB!) },
      { kind: 'move', unit: unit('A', shoreA!), to: at(shoreB!), viaConvoy: true },
    );
  return [...orders, ...specialOrders(variant)];
}

/** One order of each of the variant's own kinds, as its `options` offer them to some unit of some power. */
function specialOrders(variant: Variant): Order[] {
  const position = variant.startingPosition();
  return Object.values(variant.rules.specialOrders ?? {}).map((spec) => {
    for (const province of variant.map.provinceIds())
      for (const type of ['A', 'F'] as const)
        for (const { name: power } of variant.powers) {
          const u: Unit = { power, type, province, coast: null };
          const offered = spec.options?.({ map: variant.map, position, unit: u })[0];
          if (offered) return offered;
        }
    throw new Error(`${variant.id}: no unit is offered ${spec.name}`);
  });
}

const variants = ['classic', 'warring-states', 'mandate-of-heaven', 'warhammer'].map((id) => getVariant(id)!);

describe.each(variants.map((v) => [v.id, v] as const))('%s orders written in a language read back', (_, variant) => {
  const orders = everyKind(variant);

  it.each(['fr', 'zh-TW', 'zh-CN'] as const)('in %s, every kind of order', (locale) => {
    const language = orderLanguage(variant, locale);
    for (const order of orders) {
      const written = writeOrder(order, variant, language);
      const back = readOrder(variant, written, language ? { language } : {});
      if (!back.ok) throw new Error(`${formatOrder(order, variant.rules)} written "${written}": ${back.error}`);
      expect(formatOrder(back.order, variant.rules), written).toBe(formatOrder(order, variant.rules));
      // Written without spaces, as Chinese players type it, it reads the same.
      if (locale !== 'fr') {
        const tight = readOrder(variant, written.replaceAll(' ', ''), { language: language! });
        if (tight.ok) expect(formatOrder(tight.order, variant.rules), written).toBe(formatOrder(order, variant.rules));
      }
    }
  });
});

describe('the Chinese variants’ orders in Chinese, their own included', () => {
  it.each([
    ['warring-states', 'zh-TW'],
    ['warring-states', 'zh-CN'],
    ['mandate-of-heaven', 'zh-TW'],
    ['mandate-of-heaven', 'zh-CN'],
  ] as const)('%s in %s: no English word left', (id, locale) => {
    const variant = getVariant(id)!;
    const language = orderLanguage(variant, locale);
    for (const order of everyKind(variant)) {
      const written = writeOrder(order, variant, language);
      // The unit letters A and F stay (the contract's `A 咸陽 - 河西`); nothing else is Latin.
      expect(written.replace(/(^|\s)[AF](?=\s)/g, ' '), written).not.toMatch(/[A-Za-z]/);
    }
  });

  it.each([
    ['warring-states', 'zh-TW', 'A ji R F', 'A 薊 組建艦隊'],
    ['warring-states', 'zh-CN', 'A ji R F', 'A 蓟 组建舰队'],
    ['warring-states', 'fr', 'A ji R F', 'A ji lève une flotte'],
    ['warhammer', 'zh-TW', 'A gfor S Immortality - sylv', 'A gfor 支援 不朽之軍 - sylv'],
    ['warhammer', 'zh-CN', 'A gfor S Immortality - sylv', 'A gfor 支援 不朽之军 - sylv'],
    ['warhammer', 'fr', 'A gfor S Immortality - sylv', 'A gfor soutient Immortalité - sylv'],
  ] as const)('%s in %s: %s is written %s', (id, locale, canonical, written) => {
    const variant = getVariant(id)!;
    const language = orderLanguage(variant, locale)!;
    const order = readOrder(variant, canonical);
    if (!order.ok) throw new Error(order.error);
    expect(writeOrder(order.order, variant, language)).toBe(written);
    expect(readOrder(variant, written, { language })).toMatchObject({ ok: true, order: order.order });
  });
});
