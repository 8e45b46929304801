/**
 * What a power still has to decide (src/game/phase/duties.ts): the builds left name only the centres still free, not
 * one already built in (the pad's "still without an order", `/orders show`, the reminders).
 */
import { describe, expect, it } from 'vitest';
import { type Duties, dutiesOf, missingOrders, missingParams } from '../../../src/game/phase/duties.js';
import { t, type Msg } from '../../../src/i18n/index.js';
import { getVariant } from '../../../src/variants/index.js';
import { mandateOfHeaven } from '../../../src/variants/mandate-of-heaven/index.js';

const classic = getVariant('classic')!;
const duties: Duties = { units: [], builds: 2, disbands: 0, buildSites: ['bre', 'mar', 'par'] };

describe('the builds left', () => {
  it('name the free centres only, without one a build was given for', () => {
    const built = [{ unitKey: 'mar', order: { kind: 'build' as const } }];
    expect(missingOrders(duties, built)).toEqual(['1 build (in bre, par) or WAIVE']);
    const [line] = missingParams(classic, duties, built);
    expect(t('fr', line as Msg)).toBe('1 construction (à Brest, Paris) ou renonce');
    // Every reader reads the places by their names, never by their ids (`in bre, par`).
    expect(t('en', line as Msg)).toBe('1 build (in Brest, Paris) or WAIVE');
    const [kiel] = missingParams(classic, { ...duties, builds: 1, buildSites: ['kie'] }, []);
    expect(['en', 'fr', 'zh-CN', 'zh-TW'].map((l) => t(l as 'en', kiel as Msg))).toEqual([
      '1 build (in Kiel) or WAIVE',
      '1 construction (à Kiel) ou renonce',
      expect.not.stringContaining('kie'),
      expect.not.stringContaining('kie'),
    ]);
    // A waived build leaves every centre free.
    const waived = [{ unitKey: 'waive:1', order: { kind: 'waive' as const } }];
    expect(missingOrders(duties, waived)).toEqual(['1 build (in bre, mar, par) or WAIVE']);
  });

  it('name a centre with two coasts once built on either coast as taken', () => {
    const russia: Duties = { units: [], builds: 2, disbands: 0, buildSites: ['mos', 'stp'] };
    expect(missingOrders(russia, [{ unitKey: 'stp/sc', order: { kind: 'build' } }])).toEqual([
      '1 build (in mos) or WAIVE',
    ]);
  });

  it("count no ballot for a neutral as one of the power's own builds or disbands", () => {
    // Mandate of Heaven: a vote on a neutral's build is stored beside the power's orders (docs/rules/mandate-of-heaven.md).
    const ballots = [
      { unitKey: 'vote:mar', order: { kind: 'build' as const } },
      { unitKey: 'vote:bre', order: { kind: 'waive' as const } },
    ];
    expect(missingOrders(duties, ballots)).toEqual(['2 builds (in bre, mar, par) or WAIVE']);
    const disbanding: Duties = { units: [], builds: 0, disbands: 1, buildSites: [] };
    expect(missingOrders(disbanding, [{ unitKey: 'vote:mar', order: { kind: 'disband' } }])).toEqual(['1 disband']);
  });

  it("offer no waive where the variant refuses one: Mandate of Heaven's placement", () => {
    // The Hsiung-Nu place all three armies (docs/rules/mandate-of-heaven.md, Q18): "or waive" would be untrue.
    const nomads = dutiesOf(mandateOfHeaven, mandateOfHeaven.startingPosition(), 'Hsiung-Nu');
    expect(nomads.builds).toBe(3);
    expect(missingOrders(nomads, [])[0]).toMatch(/^3 builds \(in .+\)$/);
    const [line] = missingParams(mandateOfHeaven, nomads, []);
    expect(['en', 'fr', 'zh-CN', 'zh-TW'].map((l) => t(l as 'en', line as Msg))).toEqual([
      expect.stringMatching(/^3 builds \(in [^)]+\)$/),
      expect.stringMatching(/^3 constructions \(à [^)]+\)$/),
      expect.stringMatching(/^须建造 3 支部队（于[^）]+）$/),
      expect.stringMatching(/^須建造 3 支部隊（於[^）]+）$/),
    ]);
  });
});
