/**
 * What the pad offers in an adjustment whose builds or disbands are all given (docs/pad.md "Kinds and flows"): only
 * the centres and units that carry one, to change it; a ballot for a neutral unit is none of the seat's own.
 */
import { describe, expect, it } from 'vitest';
import type { Order } from '../../../src/engine/types.js';
import type { Duties } from '../../../src/game/phase/index.js';
import { withinAdjustments, type PadPiece } from '../../../src/game/pad/view.js';

const site = (province: string): PadPiece => ({
  province,
  unit: { type: 'A', power: 'France', coast: null },
  site: true,
  ballot: false,
  choices: [
    { text: `A ${province} B`, kind: 'build-army' },
    { text: 'WAIVE', kind: 'waive' },
  ],
});
const unit = (province: string, ballot = false): PadPiece => ({
  province,
  unit: { type: 'A', power: ballot ? 'Neutral' : 'France', coast: null },
  site: false,
  ballot,
  choices: [{ text: `A ${province} D`, kind: 'disband' }],
});
const duties = (builds: number, disbands: number): Duties => ({ units: [], builds, disbands, buildSites: [] });
const row = (unitKey: string, kind: 'build' | 'waive' | 'disband') => ({ unitKey, order: { kind } as Order });
const offered = (pieces: PadPiece[]) => pieces.map((p) => `${p.province}: ${p.choices.map((c) => c.kind).join(' ')}`);

describe('the pieces of an adjustment once its builds or disbands are given', () => {
  const sites = [site('bre'), site('par'), site('mar')];

  it('offers every free centre, and the waive, while a build is left', () => {
    expect(withinAdjustments(sites, duties(2, 0), [row('bre', 'build')])).toBe(sites);
  });

  it('keeps only the centres built in, without the waive, once every build is given', () => {
    expect(offered(withinAdjustments(sites, duties(1, 0), [row('bre', 'build')]))).toEqual(['bre: build-army']);
    expect(withinAdjustments(sites, duties(1, 0), [row('waive:1', 'waive')])).toEqual([]);
  });

  it('does not count a ballot for a neutral unit as one of the seat’s builds', () => {
    const voted = [...sites, unit('ven', true)];
    expect(withinAdjustments(voted, duties(1, 0), [row('vote:ven', 'build')])).toBe(voted);
    expect(offered(withinAdjustments(voted, duties(1, 0), [row('vote:ven', 'build'), row('par', 'build')]))).toEqual([
      'par: build-army',
      'ven: disband',
    ]);
  });

  it('keeps only the units disbanding once every disband is given', () => {
    const units = [unit('pic'), unit('gas'), unit('bur')];
    expect(withinAdjustments(units, duties(0, 2), [row('gas', 'disband')])).toBe(units);
    expect(offered(withinAdjustments(units, duties(0, 2), [row('gas', 'disband'), row('pic', 'disband')]))).toEqual([
      'pic: disband',
      'gas: disband',
    ]);
  });
});
