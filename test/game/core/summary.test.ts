/**
 * The results summary (src/game/core/summary.ts): a power in civil disorder says so where a seated player's lapse
 * would be counted as missed (docs/bot.md "Seats that never stall"); a dislodged unit's line names its province once,
 * in the unit (docs/locales.md "Results").
 */
import { describe, expect, it } from 'vitest';
import type { Adjudication } from '../../../src/engine/types.js';
import { t } from '../../../src/i18n/index.js';
import { formatResultsSummary, resultsSummaryLines } from '../../../src/game/core/summary.js';
import type { Variant } from '../../../src/engine/variant.js';
import type { Locale } from '../../../src/i18n/index.js';
import { classic } from '../../../src/variants/classic/index.js';
import { warringStates } from '../../../src/variants/warring-states/index.js';

/** A retreat phase where France's and Germany's dislodged armies got no order and disbanded. */
function retreats(): Adjudication {
  const position = classic.startingPosition();
  const phase = { ...position.phase, type: 'retreat' as const };
  const disbanded = (power: string, unit: string) => ({
    power,
    unit,
    order: `${unit} D`,
    result: 'success' as const,
    reason: '',
    defaulted: true,
  });
  return {
    phase,
    results: [disbanded('France', 'A par'), disbanded('Germany', 'A mun')],
    position,
    dislodged: [],
    contested: [],
    removed: [],
    civilDisorderRemovals: [],
    centerChanges: [],
    winner: null,
  };
}

describe('the results of a power in civil disorder', () => {
  it('head its orders with civil disorder, not a count of missed orders; a seated player still missed', () => {
    const text = formatResultsSummary(classic, retreats(), null, { noPlayer: ['France'] });
    expect(text).toContain('\n__France__ · civil disorder: no player\n✅ `A par D`\n');
    expect(text).toContain('\n__Germany__ · ⏰ 1 missed\n⏰ `A mun D` — missed: no order was given');
  });

  it('read the same in Chinese', () => {
    const lines = resultsSummaryLines(classic, retreats(), null, { noPlayer: ['France'] });
    const text = lines.map((line) => t('zh-TW', line)).join('\n');
    expect(text).toContain('· 內亂：無人執政\n');
    expect(text).not.toMatch(/內亂：無人執政\n⏰/);
  });
});

describe('builds waived for a player who gave too few', () => {
  /** France's winter: one build given, the two builds it left unused waived by default (src/engine/adjustment.ts). */
  function winter(): Adjudication {
    const position = classic.startingPosition();
    return {
      ...retreats(),
      phase: { ...position.phase, season: 'winter', type: 'adjustment' },
      results: [
        { power: 'France', unit: 'A par', order: 'A par B', result: 'success', reason: 'built' },
        {
          power: 'France',
          unit: '',
          order: 'WAIVE',
          result: 'success',
          reason: '2 unused builds waived',
          defaulted: true,
        },
      ],
    };
  }

  it('count each build missed and say how many were waived', () => {
    const text = formatResultsSummary(classic, winter(), null);
    expect(text).toContain(
      '\n__France__ · ⏰ 2 missed\n✅ `A par B`\n⏰ `WAIVE` — missed: no order was given — 2 unused builds waived',
    );
    const french = resultsSummaryLines(classic, winter(), null).map((line) => t('fr', line));
    expect(french).toContain('__France__ · ⏰ 2 oublis');
    expect(french).toContain('⏰ `renonce` — oubli : aucun ordre donné — 2 constructions inutilisées abandonnées');
  });
});

/** The dislodged lines of a movement phase where the starting `unit` was dislodged, with the retreat `options`. */
function dislodgedLines(variant: Variant, province: string, options: string[], locale: Locale): string[] {
  const position = variant.startingPosition();
  const unit = position.units.find((u) => u.province === province)!;
  const adjudication: Adjudication = {
    phase: position.phase,
    results: [],
    position,
    dislodged: [{ ...unit, viaConvoy: false, retreatOptions: options }],
    contested: [],
    removed: [],
    civilDisorderRemovals: [],
    centerChanges: [],
    winner: null,
  };
  return resultsSummaryLines(variant, adjudication, null)
    .map((line) => t(locale, line))
    .filter((line) => line.startsWith('• '));
}

describe('the line of a dislodged unit', () => {
  it.each([
    ['classic', 'mun', 'en', ['bur'], '• Germany A mun was dislodged; it may retreat to Burgundy (bur), or disband.'],
    [
      'classic',
      'mun',
      'fr',
      [],
      '• Allemagne A Munich a été délogée et ne peut battre en retraite nulle part : elle sera dissoute.',
    ],
    [
      'classic',
      'stp',
      'fr',
      ['bot'],
      '• Russie F Saint-Pétersbourg (côte sud) a été délogée ; retraites possibles : Golfe de Botnie (bot), sinon elle est dissoute.',
    ],
    ['warring-states', 'yon', 'zh-CN', [], '• 秦 A 雍被击退且无处可退：将被解散。'],
    ['warring-states', 'yon', 'zh-TW', ['nan'], '• 秦 A 雍被擊退；可撤退至南鄭 (nan)，或解散。'],
  ] as const)('names the province once: %s, %s, %s', (id, province, locale, options, expected) => {
    const variant = id === 'classic' ? classic : warringStates;
    expect(dislodgedLines(variant, province, [...options], locale as Locale)).toEqual([expected]);
  });
});

describe("another power's dislodged unit under fog of war", () => {
  it('is told without where it may retreat when its options were left out of the view (src/engine/fog.ts)', () => {
    const dislodged = { power: 'France', type: 'A' as const, province: 'bur', coast: null, viaConvoy: false };
    const seen = formatResultsSummary(classic, { ...retreats(), dislodged: [dislodged] });
    // Not "out of sight": the options are left out even where the reader sees them (src/engine/fog.ts `seenDislodged`).
    expect(seen).toContain('• France A bur was dislodged; where it may retreat is not shown under fog of war.');
    const chinese = resultsSummaryLines(classic, { ...retreats(), dislodged: [dislodged] }, null).map((line) =>
      t('zh-CN', line),
    );
    expect(chinese).toContain('• 法国 A bur 被击退；战争迷雾下不显示其可撤退之处。');
    const truth = formatResultsSummary(classic, {
      ...retreats(),
      dislodged: [{ ...dislodged, retreatOptions: ['par'] }],
    });
    expect(truth).toContain('• France A bur was dislodged; it may retreat to Paris (par), or disband.');
  });
});
