/**
 * A phase's name in the reader's language (docs/locales.md "Names"): the catalogue's `phase.name`, or the variant's own
 * calendar in that locale (Mandate of Heaven's years BC), never its English beside a French or Chinese sentence.
 */
import { describe, expect, it } from 'vitest';
import type { Phase } from '../../../src/engine/types.js';
import { phaseMsg, yearMsg } from '../../../src/game/core/index.js';
import { t, type MsgParam } from '../../../src/i18n/index.js';
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

  it('Mandate of Heaven: a year and a season of it (the supply-centre chart’s points) in each locale', () => {
    const word = (locale: 'en' | 'fr' | 'zh-CN' | 'zh-TW', text: MsgParam) =>
      t(locale, { key: 'text.plain', params: { text } });
    expect(word('en', yearMsg(1, mandateOfHeaven))).toBe('369 BC');
    expect(word('fr', yearMsg(1, mandateOfHeaven))).toBe('369 av. J.-C.');
    expect(word('zh-CN', yearMsg(2, mandateOfHeaven))).toBe('公元前368年');
    expect(word('zh-TW', yearMsg(1, mandateOfHeaven))).toBe('公元前369年');
    expect(word('en', yearMsg(1, mandateOfHeaven, 'winter'))).toBe('Winter 369 BC');
    expect(word('fr', yearMsg(1, mandateOfHeaven, 'winter'))).toBe('Hiver 369 av. J.-C.');
    expect(word('zh-CN', yearMsg(0, mandateOfHeaven, 'winter'))).toBe('公元前369年冬季');
    expect(word('fr', yearMsg(1901, classic))).toBe('1901');
    expect(word('fr', yearMsg(1901, classic, 'fall'))).toBe('Automne 1901');
    expect(word('zh-TW', yearMsg(1901, classic, 'fall'))).toBe('1901年秋季');
  });

  it('a variant without a calendar of its own: the catalogue’s phase names', () => {
    const name = phaseMsg({ season: 'fall', year: 1901, type: 'retreat' }, classic);
    expect(t('en', name)).toBe('Fall 1901 retreat');
    expect(t('fr', name)).toBe('Automne 1901, retraites');
  });
});
