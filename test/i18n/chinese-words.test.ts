/**
 * The Chinese catalogues say a thing by one word (docs/locales.md "Glossary (core game flow)"): a unit is 单位 (單位)
 * everywhere, the order pad's neutral units of Mandate of Heaven as the ballots' texts, and 部队 (部隊) only where a
 * count of builds is troops raised (`可建造 1 支部队`); the game is 本局 in its channel, 该对局 (該對局) elsewhere,
 * never the redundant 这局对局 (這局對局).
 */
import { describe, expect, it } from 'vitest';
import zhCN from '../../src/i18n/locales/zh-CN.json' with { type: 'json' };
import zhTW from '../../src/i18n/locales/zh-TW.json' with { type: 'json' };
import { tr } from '../../src/i18n/index.js';

const catalogues = {
  'zh-CN': { texts: zhCN as Record<string, string>, redundant: '这局对局', troops: /部队/, built: /建造 # 支部队/g },
  'zh-TW': { texts: zhTW as Record<string, string>, redundant: '這局對局', troops: /部隊/, built: /建造 # 支部隊/g },
} as const;

describe('the Chinese catalogues’ words', () => {
  it.each(Object.keys(catalogues) as (keyof typeof catalogues)[])('%s never writes 这局对局', (locale) => {
    const { texts, redundant } = catalogues[locale];
    expect(Object.keys(texts).filter((key) => texts[key]!.includes(redundant))).toEqual([]);
  });

  it.each(Object.keys(catalogues) as (keyof typeof catalogues)[])(
    '%s calls a unit 单位, troops only when built',
    (locale) => {
      const { texts, troops, built } = catalogues[locale];
      expect(Object.keys(texts).filter((key) => troops.test(texts[key]!.replace(built, '')))).toEqual([]);
    },
  );

  it('the pad’s neutral units are the bot’s', () => {
    expect(tr('zh-CN', 'pad.page.pickBallot', { unit: 'A 韩' })).toMatch(
      /^你为中立单位 A 韩 ?投的秘密票：它该做什么？$/,
    );
    expect(tr('zh-TW', 'pad.page.pickUnitOrBallot')).toBe('點擊你的一個單位，或點擊一個中立單位為它的指令投票。');
    expect(tr('zh-CN', 'orders.missing.builds', { count: 1, sites: 'Brest' })).toBe(
      '可建造 1 支部队（于 Brest）或放弃',
    );
    expect(tr('zh-CN', 'game.refused.notPlaying')).toBe('你没有参加本局。');
  });
});
