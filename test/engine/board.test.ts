/**
 * Board queries shared by the phases and the variants (src/engine/board.ts): whose order an order is.
 */
import { describe, expect, it } from 'vitest';
import { orderSubject } from '../../src/engine/board.js';
import type { Order, Position } from '../../src/engine/types.js';
import { classic } from '../../src/variants/classic/index.js';

const unit = (province: string) => ({ type: 'A' as const, province, coast: null });
const hold = (province: string): Order => ({ kind: 'hold', unit: unit(province) });

describe('orderSubject', () => {
  const start = classic.startingPosition();

  it("in a movement phase names the ordered unit's owner, and nobody for an empty province or a waive", () => {
    expect(orderSubject(start, hold('par'))).toBe('France');
    expect(orderSubject(start, hold('bur'))).toBeNull();
    expect(orderSubject(start, { kind: 'waive' })).toBeNull();
  });

  it("in a retreat phase names the dislodged unit's owner, not the unit that took its place", () => {
    const retreat: Position = {
      ...start,
      phase: { season: 'spring', year: 1901, type: 'retreat' },
      units: start.units.map((u) => (u.province === 'mun' ? { ...u, power: 'France' } : u)),
      dislodged: [{ power: 'Germany', type: 'A', province: 'mun', coast: null, viaConvoy: false }],
    };
    expect(orderSubject(retreat, { kind: 'disband', unit: unit('mun') })).toBe('Germany');
    expect(orderSubject(retreat, hold('par'))).toBeNull();
  });

  it("in an adjustment phase names a build's centre owner and a disband's unit owner", () => {
    const winter: Position = {
      ...start,
      phase: { season: 'winter', year: 1901, type: 'adjustment' },
      units: start.units.filter((u) => u.province !== 'par'),
    };
    expect(orderSubject(winter, { kind: 'build', unit: unit('par') })).toBe('France');
    expect(orderSubject(winter, { kind: 'build', unit: unit('bel') })).toBeNull();
    expect(orderSubject(winter, { kind: 'disband', unit: unit('mar') })).toBe('France');
  });
});
