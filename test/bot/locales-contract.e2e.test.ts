/**
 * The locales contract's remaining surfaces through the bot and the Discord stand-in (docs/locales.md "Who reads
 * which locale"): a game's locale set with `/gm set setting:locale` before the start, a server whose preferred locale
 * is none of ours (English), and a DM sent outside any interaction in the locale of the member's last interaction.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tr } from '../../src/i18n/index.js';
import { createHarness, type Harness } from './harness.js';

describe('the game’s locale and the member’s last locale', () => {
  let h: Harness;

  /** Seats alice (France) and bob (Germany) in `channel`'s game and starts it; returns the start post's text. */
  async function seatAndStart(channel: string): Promise<string> {
    await h.fake.slash('alice', channel, 'game join', { power: 'France' });
    await h.fake.slash('bob', channel, 'game join', { power: 'Germany' });
    await h.fake.slash('gm', channel, 'game start');
    await h.bot!.outbox.idle();
    const start = h.fake
      .channelMessages(channel)
      .find((m) => m.interactionId === undefined && m.content.includes('🎲'));
    expect(start, `${channel}: a start post`).toBeDefined();
    return start!.content;
  }

  beforeAll(async () => {
    h = await createHarness({ users: ['gm', 'alice', 'bob'], channels: ['set', 'other'] });
    await h.start();
  });

  afterAll(async () => {
    await h?.close();
  });

  it('/gm set setting:locale value:fr before the start: the channel reads French', async () => {
    await h.fake.slash('gm', 'set', 'game create', { variant: 'classic', movement: '1h', 'vacate-after': 0 });
    const set = await h.fake.slash('gm', 'set', 'gm set', { setting: 'locale', value: 'fr' });
    expect(set.ephemeral).toBe(true);
    expect(set.text).toContain('fr (Français)');
    const start = await seatAndStart('set');
    expect(start).toContain(tr('fr', 'start.title', { variant: '' }).split('**')[0]!);
    expect(start).not.toContain('has started');
  });

  it('a server whose preferred locale is none of ours: the game reads English', async () => {
    h.fake.setGuildLocale('de');
    try {
      await h.fake.slash('gm', 'other', 'game create', { variant: 'classic', movement: '1h', 'vacate-after': 0 });
    } finally {
      h.fake.setGuildLocale('en-US');
    }
    expect(await seatAndStart('other')).toContain('has started');
  });

  it('a DM outside an interaction is in the locale of the member’s last interaction', async () => {
    const confirmation = async (locale: string) => {
      h.fake.setLocale('alice', locale);
      await h.fake.slash('alice', 'other', 'order', { orders: locale === 'fr' ? 'A par H' : 'A par - bur' });
      // The confirmation DM goes after its quiet period, outside any interaction.
      h.clock.offset += 60_000;
      h.bot!.outbox.kick();
      await h.bot!.outbox.idle();
      return h.fake.dms('alice').at(-1)!.content;
    };
    expect(await confirmation('fr')).toMatch(/^Vos ordres pour /);
    expect(await confirmation('zh-TW')).toMatch(/^你為法國下達的指令/);
  });
});
