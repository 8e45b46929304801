/**
 * The e2e helpers' own rules (test/bot/cards-support.ts): a hand-picked fall back reads the wizard's option values,
 * never its labels, so it picks the same in every locale (docs/cardgame.md "Side effects").
 */
import { describe, expect, it } from 'vitest';
import { tr } from '../../src/i18n/index.js';
import { handPicks } from './cards-support.js';

describe('handPicks', () => {
  it('never picks a Wind or Mountain target that builds on an army placed in the same menu, in any locale', () => {
    for (const locale of ['en', 'fr', 'zh-CN', 'zh-TW'] as const) {
      const menu = {
        customId: 'cards:fb',
        minValues: 0,
        maxValues: 9,
        options: [
          { label: 'army 4', value: 'armies:4', default: true },
          { label: 'army 5', value: 'armies:5' },
          {
            label: tr(locale, 'cards.fall.mountainLater', { symbol: 'M', at: '4' }),
            value: 'mountain:4',
          },
          { label: 'M 7', value: 'mountain:7' },
          { label: tr(locale, 'cards.fall.windPlaced', { symbol: 'W', at: '5' }), value: 'wind@5' },
          { label: tr(locale, 'cards.fall.windFrom', { symbol: 'W', at: '9' }), value: 'wind@9' },
        ],
      };
      expect(handPicks([menu]).values).toEqual(['armies:4', 'mountain:7', 'wind@9']);
    }
  });

  it('reads the empty strongholds from the second-army options when the armies outnumber them', () => {
    const menu = {
      customId: 'cards:fb',
      minValues: 0,
      maxValues: 9,
      options: [
        { label: 'a', value: 'armies:3', default: true },
        { label: 'b', value: 'armies:8' },
        { label: 'c', value: 'armies2:8' },
        { label: 'd', value: 'mountain:8' },
        { label: 'e', value: 'mountain:3' },
      ],
    };
    expect(handPicks([menu]).values).toEqual(['armies:3', 'mountain:3']);
  });
});
