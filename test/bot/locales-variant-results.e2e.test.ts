/**
 * A variant's own rules in the results, in the game's language, through the real bot and the Discord stand-in
 * (docs/locales.md "Results"): a Warring States game in French and one in simplified Chinese each see an attack
 * across the wall of Zhongmou bounce, and read the wall's rule in their language, with no English left in the post;
 * the French game names the states as French does, masculine with their article (`Le Qin est prêt.`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { englishWords } from '../support/english-left.js';
import type { FakeMessage } from '../support/fake-discord/index.js';
import { createHarness, type Harness } from './harness.js';

const FR = 'partie';
const ZH = 'duiju';

function seen(m: FakeMessage): string {
  return [m.content, ...m.embeds.flatMap((e) => [e.title ?? '', e.description ?? '', e.footer?.text ?? ''])].join('\n');
}

describe('a variant’s rules in the results, in the game’s language', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await createHarness({ users: ['gm', 'alice', 'bob', 'chen', 'lin'], channels: [FR, ZH] });
    await h.start();
    for (const user of ['gm', 'alice', 'bob']) h.fake.setLocale(user, 'fr');
    for (const user of ['chen', 'lin']) h.fake.setLocale(user, 'zh-CN');
    for (const [user, channel, locale] of [
      ['gm', FR, 'fr'],
      ['chen', ZH, 'zh-CN'],
    ] as const)
      await h.fake.slash(user, channel, 'game create', {
        variant: 'warring-states',
        movement: '1h',
        locale,
        'vacate-after': 0,
      });
    for (const [user, channel, power] of [
      ['alice', FR, 'Qin'],
      ['bob', FR, 'Wei'],
      ['chen', ZH, 'Qin'],
      ['lin', ZH, 'Wei'],
    ] as const)
      await h.fake.slash(user, channel, 'game join', { power });
    await h.fake.slash('gm', FR, 'game start');
    await h.fake.slash('chen', ZH, 'game start');
    await h.bot!.outbox.idle();
  });

  afterAll(async () => {
    await h?.close();
  });

  /** A Qin army placed in Zheng attacks Zhongmou across its wall; Wei holds there. */
  async function playWall(gm: string, channel: string, qin: string, wei: string): Promise<string> {
    await h.fake.slash(gm, channel, 'gm edit add', { power: 'Qin', unit: 'army', place: 'zhe' });
    await h.fake.slash(qin, channel, 'order', { orders: 'A zhe - zmo' });
    await h.fake.slash(wei, channel, 'order', { orders: 'A zmo H' });
    await h.fake.slash(qin, channel, 'ready');
    await h.fake.slash(wei, channel, 'ready');
    await h.bot!.outbox.idle();
    const results = h.fake
      .channelMessages(channel)
      .map(seen)
      .filter((text) => /A (zmo|中牟)/.test(text));
    expect(results.length).toBeGreaterThan(0);
    return results.join('\n');
  }

  it('a French game reads the wall in French', async () => {
    const post = await playWall('gm', FR, 'alice', 'bob');
    expect(post).toContain('(0 contre 1 : la muraille de Zhongmou retire 1 à l’attaque (règle 1 des murailles))');
    expect(englishWords(post)).toEqual([]);
  });

  it('a French game names the states with their article and agrees with them (le Qin est prêt)', async () => {
    const ready = await h.fake.slash('alice', FR, 'ready');
    expect(ready.text).toBe(
      '✅ Le Qin est prêt. En attente de : Wei. Refaites `/prêt` pour annuler.\n' +
        '⚠️ **Automne 1, mouvements** : encore sans ordre : A yon, A nan, A xia, A zhe. Vous pouvez donner des ordres avec `/ordre` tant que la phase n’est pas résolue.',
    );
    expect((await h.fake.slash('alice', FR, 'ready')).text).toBe(
      '↩️ Le Qin n’est plus prêt ; vous pouvez encore modifier vos ordres.',
    );
  });

  it('a Chinese game reads the wall in Chinese', async () => {
    const post = await playWall('chen', ZH, 'chen', 'lin');
    expect(post).toContain('（0 对 1：中牟的城墙使攻击力减1（城墙规则第1条））');
    expect(englishWords(post)).toEqual([]);
  });
});
