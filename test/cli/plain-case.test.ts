/**
 * `adjudicate` reads plain cases by hand and the others with the zod schema (src/variants/case/read.ts):
 * the hand check must accept only what the schema accepts, and return what the schema returns.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readPlainCase } from '../../src/cli/commands/adjudicate.js';
import { caseSchema } from '../../src/variants/case/schema.js';

const datc = JSON.parse(readFileSync(new URL('../fixtures/datc.json', import.meta.url), 'utf8')) as Record<
  string,
  unknown
>[];

/** The fields `adjudicateCase` reads, as the schema or the hand check gave them (of an order: power and text). */
const used = (c: Record<string, unknown>) =>
  JSON.stringify([
    c.id,
    c.variant,
    c.phase,
    c.units,
    (c.orders as { power: string; text: string }[]).map((o) => [o.power, o.text]),
    c.dislodged,
    c.contested,
    c.supplyCenters,
    c.prelude,
  ]);

const unit = { power: 'England', type: 'F', province: 'lon' };
const base = {
  id: 'x',
  phase: { season: 'spring', year: 1901, type: 'movement' },
  units: [unit],
  orders: [{ power: 'England', text: 'F lon - nth' }],
};

describe('plain cases read by hand', () => {
  it('read every plain DATC case as the schema does', () => {
    let plain = 0;
    for (const c of datc) {
      const fast = readPlainCase(c);
      if (fast === null) continue;
      plain++;
      expect(used(fast)).toBe(used(caseSchema.parse(c)));
    }
    expect(plain).toBeGreaterThan(100);
  });

  it('give the schema`s value for odd but valid cases', () => {
    const odd = [
      base,
      { ...base, id: 7, variant: 'Classic', extra: { anything: true } },
      { ...base, phase: { type: 'movement', year: 1901, season: 'spring', extra: 1 } },
      { ...base, units: [{ coast: 'nc', province: 'stp', type: 'F', power: 'Russia', extra: 1 }] },
      { ...base, units: [{ ...unit, coast: null }] },
      { ...base, orders: undefined },
      { ...base, orders: [{ text: '', power: 'England', note: 'kept' }] },
    ];
    for (const c of odd) expect(used(readPlainCase(c)!)).toBe(used(caseSchema.parse(c)));
  });

  it('leave to the schema every case it would refuse, and cases with other fields', () => {
    const refused: unknown[] = [
      null,
      [],
      'case',
      { ...base, id: true },
      { ...base, id: null },
      { ...base, variant: 3 },
      { ...base, phase: undefined },
      { ...base, phase: { ...base.phase, season: 'summer' } },
      { ...base, phase: { ...base.phase, year: 1901.5 } },
      { ...base, phase: { ...base.phase, year: '1901' } },
      { ...base, phase: { ...base.phase, type: 'build' } },
      { ...base, units: {} },
      { ...base, units: [{ ...unit, power: '' }] },
      { ...base, units: [{ ...unit, type: 'a' }] },
      { ...base, units: [{ ...unit, province: 'Lon' }] },
      { ...base, units: [{ ...unit, province: '1lon' }] },
      { ...base, units: [{ ...unit, coast: 3 }] },
      { ...base, units: [null] },
      { ...base, orders: null },
      { ...base, orders: [{ power: 'England' }] },
      { ...base, orders: [{ power: '', text: 'F lon H' }] },
    ];
    for (const c of refused) {
      expect(readPlainCase(c)).toBeNull();
      expect(caseSchema.safeParse(c).success).toBe(false);
    }
    for (const field of [
      'dislodged',
      'contested',
      'supplyCenters',
      'prelude',
      'variantState',
      'players',
      'options',
      'battles',
    ]) {
      expect(readPlainCase({ ...base, [field]: [] })).toBeNull();
    }
  });
});
