/**
 * The page fills its own templates (src/web/page/texts.ts) and spaces a Chinese one as the bot spaces its messages
 * (docs/locales.md "Chinese spacing"): no space between a Chinese value and the Chinese around it, one between
 * Chinese and a value in Latin letters, whatever the catalogue wrote.
 */
import { describe, expect, it } from 'vitest';
import zhCN from '../../../src/i18n/locales/zh-CN.json' with { type: 'json' };
import { buttonLabel, fill } from '../../../src/web/page/texts.js';

describe('the page fills its templates', () => {
  it('in Chinese: a Chinese value set close, a Latin one spaced', () => {
    expect(fill('你扮演 {power}', { power: '秦' }, true)).toBe('你扮演秦');
    expect(fill('{unit} 該做什麼？', { unit: 'A 咸陽' }, true)).toBe('A 咸陽該做什麼？');
    expect(fill('你扮演 {power}', { power: 'France' }, true)).toBe('你扮演 France');
    expect(fill('在空闲的补给中心{place}做什么？', { place: 'Brest' }, true)).toBe('在空闲的补给中心 Brest 做什么？');
    expect(fill('请等待 {seconds} 秒后重试。', { seconds: 5 }, true)).toBe('请等待 5 秒后重试。');
  });

  it('in Chinese: the deadline labelled with a colon, the date (which opens with its year) not run into the label', () => {
    const date = { date: '2026年11月28日周六 UTC 09:31', relative: '60分钟后' };
    expect(fill(zhCN['pad.page.deadline'], date, true)).toBe('截止时间：2026年11月28日周六 UTC 09:31（60分钟后）');
  });

  it('in other languages: the values as they are, a missing one left as its placeholder', () => {
    expect(fill('Votre puissance : {power}', { power: 'France' }, false)).toBe('Votre puissance : France');
    expect(fill('What should {unit} do?', {}, false)).toBe('What should {unit} do?');
  });
});

describe("a variant's text on a button", () => {
  it('is capitalised as the other buttons are, in the language of the page', () => {
    expect(buttonLabel('déclarer', 'fr')).toBe('Déclarer');
    expect(buttonLabel('être', 'fr')).toBe('Être');
    expect(buttonLabel('declare', 'en')).toBe('Declare');
    expect(buttonLabel('宣告', 'zh-TW')).toBe('宣告');
    expect(buttonLabel('', 'fr')).toBe('');
  });
});
