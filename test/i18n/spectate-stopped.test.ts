/**
 * `/spectate stop:True` by a player (docs/table.md "Spectators", "Stopping"): the reply counts the spectators and the
 * waiting requests apart and names only those there were, in every locale (Chinese counts people with 位, requests
 * with 个/個); a spectator's own stop reads naturally in French.
 */
import { describe, expect, it } from 'vitest';
import { tr } from '../../src/i18n/index.js';

const stopped = (locale: 'en' | 'fr' | 'zh-CN' | 'zh-TW', watching: number, asked: number) =>
  tr(locale, 'spectate.stopped.player', {
    what: watching > 0 ? (asked > 0 ? 'both' : 'watching') : asked > 0 ? 'asked' : 'none',
    watching,
    asked,
    power: '秦',
  });

describe('spectate.stopped.player', () => {
  it('says exactly what was stopped in Chinese', () => {
    expect(stopped('zh-CN', 1, 0)).toBe('👁 已停止**秦**的 1 位观战者。');
    expect(stopped('zh-CN', 0, 1)).toBe('👁 已拒绝观看**秦**的 1 个请求。');
    expect(stopped('zh-CN', 2, 1)).toBe('👁 已停止**秦**的 2 位观战者，并拒绝了 1 个待答复的请求。');
    expect(stopped('zh-TW', 1, 0)).toBe('👁 已停止**秦**的 1 位觀戰者。');
    expect(stopped('zh-TW', 0, 2)).toBe('👁 已拒絕觀看**秦**的 2 個請求。');
    expect(stopped('zh-TW', 1, 3)).toBe('👁 已停止**秦**的 1 位觀戰者，並拒絕了 3 個待答覆的請求。');
  });

  it('never says "or"/"and" of one thing in English and French', () => {
    expect(stopped('en', 1, 0)).toBe('👁 1 spectator no longer watches **秦**.');
    expect(stopped('en', 0, 1)).toBe('👁 1 request to watch **秦** was declined.');
    expect(stopped('en', 2, 2)).toBe('👁 2 spectators no longer watch **秦**, and 2 waiting requests were declined.');
    expect(stopped('fr', 1, 0)).not.toMatch(/ou demande|et demandes/);
    expect(stopped('fr', 0, 0)).toContain('rien à arrêter');
  });

  it('a French spectator reads a sentence, not a count in brackets', () => {
    expect(tr('fr', 'spectate.stopped.spectator', { what: 'watching', watching: 1, asked: 0 })).toBe(
      '👁 Vous n’observez plus la puissance que vous suiviez dans cette partie ; vous n’en recevez plus rien.',
    );
  });
});
