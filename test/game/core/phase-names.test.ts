/**
 * A phase's name in the reader's language (docs/locales.md "Names"): the catalogue's `phase.name`, or the variant's own
 * calendar in that locale (Mandate of Heaven's years BC), never its English beside a French or Chinese sentence.
 */
import { describe, expect, it } from 'vitest';
import type { Phase } from '../../../src/engine/types.js';
import { phaseMsg } from '../../../src/game/core/index.js';
import { t } from '../../../src/i18n/index.js';
import { classic } from '../../../src/variants/classic/index.js';
import { mandateOfHeaven } from '../../../src/variants/mandate-of-heaven/index.js';

const spring1: Phase = { season: 'spring', year: 1, type: 'movement' };

describe('phase names in the reader’s language', () => {
  it('Mandate of Heaven: its calendar in each locale', () => {
    const name = phaseMsg(spring1, mandateOfHeaven);
    expect(t('en', name)).toBe('Spring 369 BC movement');
    expect(t('fr', name)).toBe('Printemps 369 av. J.-C., mouvements');
    expect(t('zh-CN', name)).toBe('公元前369年春季行动阶段');
    expect(t('zh-TW', name)).toBe('公元前369年春季行動階段');
    expect(t('zh-CN', phaseMsg({ season: 'winter', year: 0, type: 'adjustment' }, mandateOfHeaven))).toBe(
      '部署阶段：公元前369年冬（猪年）',
    );
  });

  it('a variant without a calendar of its own: the catalogue’s phase names', () => {
    const name = phaseMsg({ season: 'fall', year: 1901, type: 'retreat' }, classic);
    expect(t('en', name)).toBe('Fall 1901 retreat');
    expect(t('fr', name)).toBe('Automne 1901, retraites');
  });
});
