/**
 * The Chinese catalogues name a game's kind of press by one term (docs/locales.md "Glossary (press)"): a gunboat game is
 * 无外交模式 (無外交模式), as its status line says, with the English word players pick at `/game create press:` only as
 * its gloss in brackets, never alone (`Gunboat：…`, `这是一局 gunboat 对局`) beside a status that calls it otherwise.
 */
import { describe, expect, it } from 'vitest';
import en from '../../src/i18n/locales/en.json' with { type: 'json' };
import zhCN from '../../src/i18n/locales/zh-CN.json' with { type: 'json' };
import zhTW from '../../src/i18n/locales/zh-TW.json' with { type: 'json' };
import { tr } from '../../src/i18n/index.js';

const catalogues = { 'zh-CN': zhCN as Record<string, string>, 'zh-TW': zhTW as Record<string, string> };
/** A select's branch named `gunboat` (`{press, select, gunboat {…}`): a key, not a word the reader reads. */
const SELECT_KEY = /(?<=select, )gunboat(?= \{)/g;
const TERM = { 'zh-CN': '无外交模式（gunboat）', 'zh-TW': '無外交模式（gunboat）' } as const;

describe('the Chinese term for a gunboat game', () => {
  it('every text but a command’s own option names it by the Chinese term, the English in brackets', () => {
    for (const [locale, catalogue] of Object.entries(catalogues)) {
      const bare = Object.entries(catalogue)
        .filter(([key]) => !key.startsWith('command.') && key in en)
        .filter(([, text]) =>
          /gunboat/i.test(text.replaceAll(TERM[locale as keyof typeof TERM], '').replace(SELECT_KEY, '')),
        )
        .map(([key]) => key);
      expect(bare, locale).toEqual([]);
    }
  });

  it('the refusals and the creation reply read it so', () => {
    expect(tr('zh-CN', 'press.refused.gunboat')).toBe(
      '本局为无外交模式（gunboat）：不能通过机器人进行外交，谁扮演哪个国家在对局结束前保密。',
    );
    expect(tr('zh-TW', 'press.refused.historyGunboat')).toBe(
      '本局為無外交模式（gunboat），不開放外交，因此沒有外交紀錄可顯示。',
    );
    expect(tr('zh-CN', 'lobby.created.hidden', { variant: '经典外交', press: 'gunboat' })).toContain(
      '无外交模式（gunboat）：不通过机器人进行外交',
    );
  });

  it('a missed build is waived (放弃, the word players type), never voided (作废)', () => {
    for (const [locale, catalogue] of Object.entries(catalogues))
      expect(
        Object.entries(catalogue)
          .filter(([, text]) => /建造作[废廢]/.test(text))
          .map(([key]) => key),
        locale,
      ).toEqual([]);
    expect(
      tr('zh-CN', 'lobby.created.seats', { nmr: 'hold', vacateAfter: 0, bar: 'none', minReliability: 0 }),
    ).toContain('截止时未下达的指令：单位原地驻守，建造视为放弃。');
  });
});
