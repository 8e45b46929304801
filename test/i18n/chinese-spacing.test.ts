/**
 * Chinese spacing (docs/locales.md "Chinese spacing"): no space between a name in Chinese and the Chinese around it,
 * a space beside a name in Latin letters, never a change inside a value.
 */
import { describe, expect, it } from 'vitest';
import { listParam, tr } from '../../src/i18n/index.js';

describe('Chinese spacing around values', () => {
  it('drops the space between Chinese and a name in Chinese, markdown kept', () => {
    expect(tr('zh-CN', 'orders.ready.waitingFor', { power: '秦', powers: '韩和魏' })).toBe(
      '✅ 秦已就绪。等待：韩和魏。再次使用 `/就绪` 可取消。',
    );
    expect(tr('zh-TW', 'lobby.joined', { player: '<@1>', power: '魏' })).toBe('✋ <@1> 以**魏**的身分加入了對局。');
    expect(tr('zh-CN', 'end.how.draw', { powers: listParam(['秦', '楚']) })).toBe('秦、楚共享和局。');
    expect(tr('zh-CN', 'votes.concede.question', { power: '韩', to: '秦' })).toMatch(
      /^🏳️ 以韩的身份向\*\*秦\*\*认输吗？当其他所有存活的玩家都向秦认输时，秦获胜，/,
    );
  });

  it('spaces a member’s mention from the Chinese after it, in the card game’s lobby as in Diplomacy’s', () => {
    expect(tr('zh-TW', 'cards.join.drawn', { who: '<@1>' })).toBe('✋ <@1> 加入了卡牌遊戲（王朝在開局時抽定）。');
    expect(tr('zh-CN', 'cards.join.done', { who: '<@1>', dynasty: '秦' })).toBe('✋ <@1> 以**秦**加入了卡牌游戏。');
    expect(tr('zh-CN', 'cards.leave.done', { who: '<@1>' })).toBe('👋 <@1> 离开了卡牌游戏。');
    expect(tr('zh-CN', 'cards.notice.back', { who: '<@1>', dynasty: '秦' })).toBe('🪑 <@1> 重新回到秦。');
    expect(tr('zh-TW', 'cards.notice.kicked', { who: '<@1>', dynasty: '秦' })).toMatch(
      /^👢 主持人已將 <@1> 從秦移出。/,
    );
    expect(tr('zh-TW', 'cards.create.done', { who: '<@1>', game: '戰國卡牌遊戲', settings: '3 個座位' })).toBe(
      '🆕 <@1> 在此建立了**戰國卡牌遊戲**，並擔任主持人（3 個座位）。',
    );
  });

  it('keeps the space beside Latin letters and digits, and inside a value', () => {
    expect(tr('zh-CN', 'orders.ready.waitingFor', { power: 'France', powers: 'Germany' })).toBe(
      '✅ France 已就绪。等待：Germany。再次使用 `/就绪` 可取消。',
    );
    expect(
      tr('zh-TW', 'reminder.missing', {
        power: '魏',
        units: listParam(['A 大梁', 'A 魏']),
        phase: '1年春季行動階段',
        channel: '<#1>',
        relative: '<t:1:R>',
      }),
    ).toBe('⏰ 魏在**1年春季行動階段**仍未給 A 大梁、A 魏下達指令（對局位於 <#1>）。截止時間 <t:1:R>。');
    expect(tr('zh-CN', 'lobby.joined', { player: '<@1>', power: 'France' })).toBe(
      '✋ <@1> 以 **France** 的身份加入了对局。',
    );
  });

  it('puts a space between Chinese and a value that begins or ends with a Latin letter, none inside it', () => {
    expect(tr('zh-CN', 'results.reason.bounced', { units: 'A 洛阳', attack: 1, strength: 1 })).toBe(
      '与 A 洛阳相持不下（1 对 1）',
    );
    expect(tr('zh-CN', 'results.illegal.notNext', { from: 'North Africa', to: 'Marseilles' })).toBe(
      'North Africa 与 Marseilles 不相邻',
    );
    expect(tr('zh-TW', 'results.illegal.notNext', { from: '**North Africa**', to: '新鄭' })).toBe(
      '**North Africa** 與新鄭不相鄰',
    );
    expect(tr('zh-TW', 'results.illegal.notNext', { from: 'The Wasteland (wast)', to: '新鄭' })).toBe(
      'The Wasteland (wast) 與新鄭不相鄰',
    );
    // A name whose last word is Latin letters and digits, as a variant's (`戰國 v2`), is spaced as one ending in a letter.
    expect(tr('zh-TW', 'sandbox.refused.noActions', { variant: '戰國 v2', by: 'player' })).toBe(
      '戰國 v2 除了指令之外沒有其他行動。',
    );
    // A name in Chinese keeps none.
    expect(tr('zh-CN', 'results.illegal.notNext', { from: '咸阳', to: '北地' })).toBe('咸阳与北地不相邻');
  });

  it('never joins the words of a command in a code span', () => {
    expect(
      tr('zh-TW', 'act.refused.missing', {
        command: '/沙盤 行動',
        action: '行動:declare',
        slot: '選擇',
        label: '宣告',
      }),
    ).toContain('`/沙盤 行動 行動:declare`');
  });

  it('leaves the other locales as they are', () => {
    expect(tr('en', 'orders.ready.waitingFor', { power: 'Qin', powers: 'Wei' })).toMatch(/^✅ Qin is ready\. /);
    expect(tr('fr', 'orders.ready.waitingFor', { power: 'Qin', powers: 'Wei' })).toMatch(/^✅ Le Qin est prêt\. /);
  });
});
