/**
 * The results' missed-order wording in Chinese (docs/locales.md "Results"): a count that reads as Chinese (`2 条指令未
 * 下达`, never `未下令 2 个`), and a defaulted order's line that says what happened without saying "no order" twice;
 * a power that gave no order at all reads the same count, its units held, never "no order" twice either.
 */
import { describe, expect, it } from 'vitest';
import { tr } from '../../src/i18n/index.js';

describe('missed orders in a Chinese results post', () => {
  it('counts the missed and computer-given orders as a Chinese reader counts them', () => {
    expect(tr('zh-CN', 'results.power.head', { power: '秦', missed: 2, computer: 1 })).toBe(
      '__秦__ · ⏰ 2 条指令未下达 · 🤖 1 条由电脑玩家代下',
    );
    expect(tr('zh-TW', 'results.power.head', { power: '秦', missed: 2, computer: 0 })).toBe(
      '__秦__ · ⏰ 2 條指令未下達',
    );
  });

  it('a defaulted order says it was missed and the default applied, once', () => {
    expect(tr('zh-CN', 'results.line.missed', { order: 'A 南郑 守' })).toBe('⏰ `A 南郑 守` — 未下令，按默认执行');
    expect(tr('zh-TW', 'results.line.missed.reason', { order: 'WAIVE', reason: '放棄 2 次建造' })).toBe(
      '⏰ `WAIVE` — 未下令，按預設執行 — 放棄 2 次建造',
    );
  });

  it('a power that gave no order counts its missed orders as the head does, and says so once', () => {
    expect(tr('zh-CN', 'results.power.silent', { power: '意大利', count: 3, units: 'F nap、A rom、A ven' })).toBe(
      '__意大利__ · ⏰ 3 条指令未下达：F nap、A rom、A ven 原地驻守。',
    );
    expect(tr('zh-TW', 'results.power.silent', { power: '義大利', count: 1, units: 'A ven' })).toBe(
      '__義大利__ · ⏰ 1 條指令未下達：A ven 原地駐守。',
    );
  });
});
