/**
 * What a French or Chinese member reads around the orders, through the bot and the Discord stand-in, as a native reader
 * checked it (docs/locales.md "Names"): the powers `/game join` offers, the lobby's list of who joined, and the
 * deadline reminder DM name powers and units in the reader's language, with no English left; the supply-centre chart
 * of `/history chart` and of the final post is titled (and its alt text written) in the reader's language.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chartInLocale } from '../../src/bot/charts.js';
import { scChartForGame } from '../../src/game/history/index.js';
import { englishWords } from '../support/english-left.js';
import { createHarness, type Harness } from './harness.js';

const FR = 'partie';
const ZH = 'duiju';
const HOUR = 3_600_000;

describe('powers and units in the reader’s words around the orders', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await createHarness({ users: ['mj', 'alice', 'bob', 'chen', 'lin'], channels: [FR, ZH] });
    await h.start();
    for (const user of ['mj', 'alice', 'bob']) h.fake.setLocale(user, 'fr');
    h.fake.setLocale('chen', 'zh-CN');
    h.fake.setLocale('lin', 'zh-TW');
    await h.fake.slash('mj', FR, 'game create', {
      variant: 'classic',
      movement: '1h',
      locale: 'fr',
      computer: 'Italy',
      'vacate-after': 0,
    });
    await h.fake.slash('chen', ZH, 'game create', {
      variant: 'warring-states',
      movement: '1h',
      locale: 'zh-TW',
      'vacate-after': 0,
    });
  });

  afterAll(async () => {
    await h?.close();
  });

  it('/game join offers the free powers by their names in the member’s language, valued by the variant’s', async () => {
    const fr = await h.fake.autocomplete('alice', FR, 'game join', { power: '' }, 'power');
    expect(fr).toContainEqual({ name: 'Allemagne', value: 'Germany' });
    expect(fr.map((c) => c.name)).not.toContain('Germany');
    // what the member types is matched in their language and in English
    expect(await h.fake.autocomplete('alice', FR, 'game join', { power: 'allem' }, 'power')).toEqual([
      { name: 'Allemagne', value: 'Germany' },
    ]);
    expect(await h.fake.autocomplete('alice', FR, 'game join', { power: 'germ' }, 'power')).toEqual([
      { name: 'Allemagne', value: 'Germany' },
    ]);
    const zh = await h.fake.autocomplete('lin', ZH, 'game join', { power: '' }, 'power');
    expect(zh).toContainEqual({ name: '魏', value: 'Wei' });
    expect(await h.fake.autocomplete('chen', ZH, 'game join', { power: '赵' }, 'power')).toEqual([
      { name: '赵', value: 'Zhao' },
    ]);
  });

  it('the lobby’s status names who joined by the powers’ names in the game’s language', async () => {
    for (const [user, channel, power] of [
      ['alice', FR, 'France'],
      ['bob', FR, 'Germany'],
      ['chen', ZH, 'Qin'],
      ['lin', ZH, 'Wei'],
    ] as const)
      await h.fake.slash(user, channel, 'game join', { power });
    await h.bot!.outbox.idle();
    const status = (channel: string) =>
      h.fake.channelMessages(channel).find((m) => m.interactionId === undefined && m.pinned)?.content ?? '';
    const fr = status(FR);
    expect(fr).toContain(`Allemagne <@${h.fake.user('bob').id}>`);
    expect(fr).toContain('Italie un joueur ordinateur (normal)');
    expect(fr).not.toMatch(/Germany|Italy|computer/);
    expect(englishWords(fr)).toEqual([]);
    const zh = status(ZH);
    expect(zh).toContain(`秦 <@${h.fake.user('chen').id}>`);
    expect(zh).toContain(`魏 <@${h.fake.user('lin').id}>`);
    expect(zh).not.toMatch(/Qin|Wei/);
  });

  it('the deadline reminder names the power and the units without orders in the member’s language', async () => {
    await h.fake.slash('mj', FR, 'game start');
    await h.fake.slash('chen', ZH, 'game start');
    await h.fake.slash('alice', FR, 'order', { orders: 'A Paris - Bourgogne' });
    await h.fake.slash('lin', ZH, 'order', { orders: 'A 魏 守; A 中牟 守' });
    h.clock.offset += HOUR - 5 * 60_000;
    await h.bot!.scheduler.sweep();
    h.bot!.outbox.kick();
    await h.bot!.outbox.idle();
    const reminder = (user: string) => h.fake.dms(user).find((m) => m.content.startsWith('⏰'))?.content ?? '';
    const fr = reminder('alice');
    expect(fr).toMatch(
      /^⏰ La France n’a toujours pas d’ordres pour (F Brest, A Marseille|A Marseille, F Brest) \(\*\*Printemps 1901, mouvements\*\*, partie dans <#\d+>\)\. Échéance <t:\d+:R>\.$/,
    );
    expect(englishWords(fr)).toEqual([]);
    const bob = reminder('bob');
    expect(bob).toMatch(/^⏰ L’Allemagne n’a toujours pas d’ordres pour /);
    expect(bob).toContain('A Munich');
    expect(reminder('lin')).toMatch(/^⏰ 魏在\*\*1年春季行動階段\*\*仍未給 A 大梁下達指令/);
    expect(reminder('chen')).toContain('A 咸阳');
    expect(reminder('chen')).not.toMatch(/Qin|xia|yon|nan/);
  });

  it('the /orders paste box’s label names the phase where it fits Discord’s 45 characters, never cut mid-word', async () => {
    const label = async (user: string, channel: string) =>
      (await h.fake.slash(user, channel, 'orders paste')).modal!.inputs[0]!.label;
    // `Printemps 1901, mouvements, un ordre par ligne` has 46 characters: it was cut to `…par lign`.
    expect(await label('alice', FR)).toBe('Un ordre par ligne');
    expect(await label('lin', ZH)).toBe('1年春季行動階段，每行一條指令');
  });

  it('the supply-centre chart: its title and alt text in the reader’s language, in /history chart and the final post', async () => {
    const zh = await h.fake.slash('lin', ZH, 'history chart');
    expect(zh.finalText).toBe('**戰國 v2 · 補給中心**');
    expect(zh.attachments[0]!.description).toBe('戰國 v2 · 補給中心');
    const fr = await h.fake.slash('bob', FR, 'history chart');
    expect(fr.attachments[0]!.description).toBe('Diplomatie classique · centres de ravitaillement');
    // The people agree on a draw (the computer player follows): the final post carries the chart, in French.
    for (const user of ['alice', 'bob']) await h.fake.slash(user, FR, 'draw');
    const over = await h.fake.waitForChannelMessage(FR, (m) => m.content.startsWith('🏁'), 20_000);
    expect(over.attachments.map((a) => a.description)).toEqual(['Diplomatie classique · centres de ravitaillement']);
    // What the picture writes: its points, victory line and legend in the reader's words.
    const fin = chartInLocale((await scChartForGame({ store: h.store }, 1))!, 'fr');
    expect(fin.title).toBe('Diplomatie classique · centres de ravitaillement');
    expect(fin.years[0]!.label).toBe('début');
    expect(fin.victoryLabel).toBe('18 pour gagner');
    expect(fin.names).toMatchObject({ Germany: 'Allemagne', Austria: 'Autriche', France: 'France' });
    const running = chartInLocale((await scChartForGame({ store: h.store }, 2))!, 'zh-TW');
    expect(running.years.map((y) => y.label)).toEqual(['開局']);
    expect(running.names).toMatchObject({ Qin: '秦', Zhao: '趙' });
    expect(chartInLocale((await scChartForGame({ store: h.store }, 2))!, 'zh-CN').names).toMatchObject({ Zhao: '赵' });
  });
});
