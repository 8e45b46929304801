/**
 * The `/order` reply's text: whatever the size of the order set and of what was typed, it fits one
 * Discord message and ends with the stored order set, summarised with a pointer to `/orders show`.
 */
import { sqliteStoreOf } from '../../src/store/sqlite-store.js';
import { describe, expect, it } from 'vitest';
import { failedOrderReply, orderReply, orderSetLines } from '../../src/bot/commands/order.js';
import type { BotContext } from '../../src/bot/context.js';
import { genericFailure } from '../../src/bot/router.js';

const GENERIC_FAILURE = genericFailure('en');
import { openDatabase } from '../../src/store/db.js';

type Submitted = Parameters<typeof orderReply>[0];

const order = (i: number) => ({
  power: 'Chaos',
  unitKey: `p${i}`,
  text: `F prov${i}/nc S A other${i} - target${i}`,
  submittedBy: 'u',
  submittedAt: 0,
});

function submitted(orders: number, missing: number, rejected: number): Submitted {
  const all = Array.from({ length: orders }, (_, i) => order(i));
  return {
    ok: true,
    power: 'Chaos',
    powerName: 'Chaos',
    written: {},
    phase: {
      id: 1,
      index: 0,
      phase: { season: 'spring', year: 1, type: 'movement' },
      label: 'Spring 1 movement',
      name: { key: 'phase.name', params: { season: 'spring', year: '1', type: 'movement' } },
      code: 'S1M',
      resolvedAt: null,
    },
    stored: all.slice(0, 3),
    replaced: [],
    rejected: Array.from({ length: rejected }, (_, i) => ({
      input: `x${i} ${'q'.repeat(70)}`,
      error: 'There is no unit in Nowhere.',
    })),
    orders: all,
    missing: Array.from({ length: missing }, (_, i) => `A somewhere${i}`),
  } as Submitted;
}

describe('orderSetLines', () => {
  it('lists a small set whole, and the units still without an order', () => {
    expect(orderSetLines({ orders: [order(1), order(2)], missing: ['A vie'] })).toBe(
      'Your orders now (2): `F prov1/nc S A other1 - target1`, `F prov2/nc S A other2 - target2`\n⏳ Still without an order: A vie',
    );
    expect(orderSetLines({ orders: [], missing: [] })).toBe('Your orders now: none');
    expect(orderSetLines({ orders: [{ text: 'A chi - wei', unitKey: 'vote:chi' }], missing: [] })).toBe(
      'Your orders now (1): `A chi - wei` (your secret vote)',
    );
  });

  it('summarises a large set to fit, saying how many are not shown', () => {
    const text = orderSetLines({
      orders: Array.from({ length: 60 }, (_, i) => order(i)),
      missing: Array.from({ length: 60 }, (_, i) => `A somewhere${i}`),
    });
    const [orders, missing, ...rest] = text.split('\n');
    expect(rest).toEqual([]);
    expect(orders!.length).toBeLessThanOrEqual(905);
    expect(missing!.length).toBeLessThanOrEqual(305);
    const shown = orders!.match(/`F prov/g)!.length;
    expect(orders).toMatch(
      new RegExp(`^Your orders now \\(60\\): .*, … and ${60 - shown} more \\(\`/orders show\` lists them all\\)$`),
    );
    const named = missing!.match(/A somewhere\d+/g)!.length;
    expect(missing).toMatch(new RegExp(`^⏳ Still without an order: .*, … and ${60 - named} more$`));
  });
});

describe('orderReply', () => {
  it('fits 2,000 characters and ends with the order set, however much was typed and stored', () => {
    for (const [orders, missing, rejected] of [
      [0, 0, 0],
      [3, 40, 0],
      [60, 0, 60],
      [60, 60, 60],
    ] as const) {
      const text = orderReply(submitted(orders, missing, rejected));
      expect(text.length, `${orders} orders, ${missing} missing, ${rejected} refused`).toBeLessThanOrEqual(2000);
      expect(text.endsWith(orderSetLines(submitted(orders, missing, rejected)))).toBe(true);
      expect(text.startsWith('**Chaos, Spring 1 movement**')).toBe(true);
    }
  });
});

describe('failedOrderReply', () => {
  it('is the plain failure sentence when the store cannot be read either (closed database)', async () => {
    const database = openDatabase(':memory:');
    database.close();
    const ctx = { deps: { store: sqliteStoreOf(database), now: () => 0 } } as unknown as BotContext;
    expect(await failedOrderReply(ctx, { channelId: 'c', userId: 'u' })).toBe(GENERIC_FAILURE);
  });
});
