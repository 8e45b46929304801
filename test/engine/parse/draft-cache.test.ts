/**
 * `DraftCache` (a batch reads each distinct order text once): reading through it gives exactly what reading
 * without it gives, for every DATC order on its own board, for the same texts on other boards and phases, and for
 * unreadable texts (the same message each time).
 */
import { describe, expect, it } from 'vitest';
import datc from '../../fixtures/datc.json' with { type: 'json' };
import { DraftCache, readOrder } from '../../../src/engine/parse/index.js';
import type { Position } from '../../../src/engine/types.js';
import { getVariant } from '../../../src/variants/index.js';

const classic = getVariant('classic')!;
const warringStates = getVariant('warring-states')!;

type Stage = { phase: Position['phase']; units: Position['units']; orders: { power: string; text: string }[] };
const stages = (datc as unknown as (Stage & { prelude?: Stage })[]).flatMap((c) => (c.prelude ? [c.prelude, c] : [c]));
const positionOf = (s: Stage): Position => ({ phase: s.phase, units: s.units.map((u) => ({ ...u, coast: u.coast ?? null })), dislodged: [], contested: [], supplyCenters: {} });

describe('DraftCache', () => {
  it('reads every DATC order as readOrder does without it, on its own board and on every other board', () => {
    const drafts = new DraftCache(classic);
    const texts = stages.flatMap((s) => s.orders.map((o) => o.text));
    const boards = stages.map(positionOf);
    let compared = 0;
    for (const [k, position] of boards.entries()) {
      // Its own orders, then a sample of everybody's (other boards fill in other types and coasts, or fail).
      for (const text of [...stages[k]!.orders.map((o) => o.text), ...texts.filter((_, i) => i % 17 === k % 17)]) {
        for (const power of [undefined, 'England']) {
          const ctx = power ? { position, power } : { position };
          expect(readOrder(classic, text, { ...ctx, drafts })).toEqual(readOrder(classic, text, ctx));
          compared++;
        }
      }
    }
    expect(compared).toBeGreaterThan(5000);
  });

  it('keeps unreadable texts unreadable, with the same message, and tells phases apart', () => {
    const drafts = new DraftCache(classic);
    const retreat: Position = { phase: { season: 'spring', year: 1901, type: 'retreat' }, units: [], dislodged: [], contested: [], supplyCenters: {} };
    for (const text of ['', 'A Lodnon - yor', 'F lon S', 'A mun - sil via convoy', 'A mun - sil', 'x'.repeat(500), 'A mun - sil '.repeat(20)]) {
      for (let twice = 0; twice < 2; twice++) {
        expect(readOrder(classic, text, { drafts })).toEqual(readOrder(classic, text));
        expect(readOrder(classic, text, { position: retreat, drafts })).toEqual(readOrder(classic, text, { position: retreat }));
      }
    }
    expect(readOrder(classic, 'A mun - sil', { position: retreat, drafts })).toMatchObject({ ok: true, order: { kind: 'retreat' } });
  });

  it('is used only for its own variant, and shares nothing a reader could change', () => {
    const drafts = new DraftCache(classic);
    const first = readOrder(classic, 'A mun - sil', { drafts });
    expect(first.ok && Object.isFrozen(first.order.kind === 'move' ? first.order.to : null)).toBe(true);
    expect(readOrder(warringStates, 'A qi - yan', { drafts })).toEqual(readOrder(warringStates, 'A qi - yan'));
  });
});
