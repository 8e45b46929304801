/**
 * The results summary (src/game/core/summary.ts): a power in civil disorder says so where a seated player's lapse
 * would be counted as missed (docs/bot.md "Seats that never stall").
 */
import { describe, expect, it } from 'vitest';
import type { Adjudication } from '../../../src/engine/types.js';
import { t } from '../../../src/i18n/index.js';
import { formatResultsSummary, resultsSummaryLines } from '../../../src/game/core/summary.js';
import { classic } from '../../../src/variants/classic/index.js';

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
