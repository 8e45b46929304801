/**
 * Playing in French and Chinese through the real bot and the Discord stand-in (docs/locales.md): a game created with
 * `locale:fr` (and one taking the server's `zh-CN`) whose members' clients are French or Chinese sees its start post,
 * order replies, confirmation DMs, results and status with no English sentence left; in an English game, a French
 * member's private replies and DMs are French while the channel stays English.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { englishWords } from '../support/english-left.js';
import type { FakeMessage } from '../support/fake-discord/index.js';
import { createHarness, type Harness } from './harness.js';

const FR = 'partie';
const ZH = 'duiju';
const MIXED = 'mixed';
const SPARE = 'spare';

/** A message's text as its reader sees it: content, embeds and its pictures' alt texts (read out by a screen reader). */
function seen(m: FakeMessage): string {
  return [
    m.content,
    ...m.embeds.flatMap((e) => [e.title ?? '', e.description ?? '', e.footer?.text ?? '']),
    ...m.attachments.map((a) => a.description ?? ''),
  ].join('\n');
}

/** Each text with the English words found in it, for the texts that have any. */
function englishLeft(texts: string[]): { text: string; words: string[] }[] {
  return texts.map((text) => ({ text, words: englishWords(text) })).filter((x) => x.words.length > 0);
}

describe('texts in the reader’s language', () => {
  let h: Harness;
  const replies = new Map<string, string[]>();
  /** Runs a command and keeps its visible answer as what `user` read. */
  async function run(user: string, channel: string, command: string, options: Record<string, string> = {}) {
    const i = await h.fake.slash(user, channel, command, options);
    replies.set(user, [...(replies.get(user) ?? []), i.text]);
    return i;
  }

  beforeAll(async () => {
    h = await createHarness({
      users: ['gm', 'alice', 'bob', 'chen', 'lin', 'eve', 'sam'],
      channels: [FR, ZH, MIXED, SPARE],
    });
    await h.start();
    for (const user of ['gm', 'alice', 'bob']) h.fake.setLocale(user, 'fr');
    for (const user of ['chen', 'lin']) h.fake.setLocale(user, 'zh-CN');
    h.fake.setLocale('eve', 'fr');
    // The French game names its locale; the Chinese one takes the server's preferred locale.
    await h.fake.slash('gm', FR, 'game create', {
      variant: 'classic',
      movement: '1h',
      locale: 'fr',
      'vacate-after': 0,
    });
    h.fake.setGuildLocale('zh-CN');
    await h.fake.slash('chen', ZH, 'game create', { variant: 'classic', movement: '1h', 'vacate-after': 0 });
    h.fake.setGuildLocale('en-US');
    await h.fake.slash('sam', MIXED, 'game create', { variant: 'classic', movement: '1h', 'vacate-after': 0 });
    for (const [user, channel, power] of [
      ['alice', FR, 'France'],
      ['bob', FR, 'Germany'],
      ['chen', ZH, 'France'],
      ['lin', ZH, 'Germany'],
      ['eve', MIXED, 'France'],
      ['sam', MIXED, 'Germany'],
    ] as const)
      await h.fake.slash(user, channel, 'game join', { power });
    for (const [user, channel] of [
      ['gm', FR],
      ['chen', ZH],
      ['sam', MIXED],
    ] as const)
      await h.fake.slash(user, channel, 'game start');
    await h.bot!.outbox.idle();
  });

  afterAll(async () => {
    await h?.close();
  });

  /**
   * Plays Spring 1901 in `channel`: orders with a bounce in Burgundy and a move the adjudicator refuses (a convoy no
   * fleet makes), a look at them and at the status, the confirmation DMs (after their quiet period), then both players
   * ready, which resolves the phase.
   */
  async function playSpring(channel: string, france: string, germany: string): Promise<void> {
    await run(france, channel, 'order', { orders: 'A par - bur; A mar - naf; F bre - mao' });
    await run(germany, channel, 'order', { orders: 'A mun - bur; F kie - den; A ber H' });
    await run(france, channel, 'orders show');
    await run(france, channel, 'game status');
    h.clock.offset += 60_000;
    h.bot!.outbox.kick();
    await h.bot!.outbox.idle();
    await run(france, channel, 'ready');
    await run(germany, channel, 'ready');
    await h.bot!.outbox.idle();
  }

  /**
   * What a member of the game in `channel` read of a phase's flow: the bot's posts in the channel (start, status,
   * results; the lobby's public replies to `/game create` and `/game join` are not part of it), their DMs and their
   * replies to `/order`, `/orders show`, `/game status` and `/ready`.
   */
  function readBy(user: string, channel: string): string[] {
    const posts = h.fake.channelMessages(channel).filter((m) => m.interactionId === undefined && m.type !== 6);
    return [...posts.map(seen), ...h.fake.dms(user).map(seen), ...(replies.get(user) ?? [])];
  }

  it('a French game: posts, DMs and replies in French, none in English', async () => {
    await playSpring(FR, 'alice', 'bob');
    const posts = h.fake.channelMessages(FR).map(seen).join('\n');
    expect(posts).toContain('a commencé');
    expect(posts).toContain('**Printemps 1901, mouvements : résultats**');
    expect(posts).toContain('rebond avec');
    expect(posts).toContain(
      'l’Afrique du Nord n’est pas limitrophe de Marseille, et aucune flotte n’a reçu l’ordre de la convoyer, l’unité a donc tenu',
    );
    expect(posts).toContain('Automne 1901, mouvements');
    expect(h.fake.dms('alice').map(seen).join('\n')).toContain('Vos ordres pour la France');
    expect(replies.get('alice')!.join('\n')).toContain('Enregistré');
    expect(englishLeft(readBy('alice', FR))).toEqual([]);
    expect(englishLeft(readBy('bob', FR))).toEqual([]);
  });

  it('a Chinese game (the server’s locale): posts, DMs and replies in simplified Chinese, none in English', async () => {
    await playSpring(ZH, 'chen', 'lin');
    const posts = h.fake.channelMessages(ZH).map(seen).join('\n');
    expect(posts).toContain('已开局');
    expect(posts).toContain('**1901年春季行动阶段：结果**');
    expect(posts).toContain('North Africa 与 Marseilles 不相邻，也没有舰队受命运输它，因此该单位原地驻守');
    expect(h.fake.dms('chen').map(seen).join('\n')).toContain('你为法国下达的指令');
    expect(englishLeft(readBy('chen', ZH))).toEqual([]);
    expect(englishLeft(readBy('lin', ZH))).toEqual([]);
  });

  it('an English game: the channel reads English, a French member’s replies and DMs read French', async () => {
    await playSpring(MIXED, 'eve', 'sam');
    const posts = h.fake.channelMessages(MIXED).map(seen).join('\n');
    expect(posts).toContain('**Spring 1901 movement: results**');
    expect(posts).toContain('has started!');
    expect(posts).toContain(
      'North Africa is not next to Marseilles and no fleet was ordered to convoy it, so the unit held',
    );
    const eve = [...h.fake.dms('eve').map(seen), ...replies.get('eve')!];
    expect(eve.join('\n')).toContain('Vos ordres pour la France');
    expect(englishLeft(eve)).toEqual([]);
    expect(replies.get('sam')!.join('\n')).toContain('A DM confirms your complete order set shortly');
  });

  it('a refusal reads in the member’s language, the English one for an English client', async () => {
    expect((await h.fake.slash('eve', FR, 'ready')).text).toContain('Vous ne jouez pas dans cette partie.');
    expect((await h.fake.slash('chen', FR, 'ready')).text).toContain('你没有参加本局。');
    expect((await h.fake.slash('sam', FR, 'ready')).text).toContain('You are not playing in this game.');
  });

  it('an /order refused before it is read (nothing given, too many orders) in the member’s language', async () => {
    const blank = await h.fake.slash('alice', FR, 'order', { orders: ' ' });
    expect(blank.finalText).toMatch(/^⚠️ Aucun ordre donné : écrivez un ordre par ligne/);
    expect(englishWords(blank.finalText)).toEqual([]);
    const orders = Array.from({ length: 61 }, () => 'A par H').join('; ');
    const many = await h.fake.slash('chen', ZH, 'order', { orders });
    expect(many.finalText).toMatch(/^⚠️ 一次的指令太多：一次 `\/下令` 最多 60 条。/);
    expect(englishWords(many.finalText)).toEqual([]);
  });

  it('the orders stored and the units still without an order listed as Chinese lists them', async () => {
    const r = await h.fake.slash('chen', ZH, 'order', { orders: 'A par H; A mar H' });
    const lines = r.finalText.split('\n');
    expect(lines).toContain('✅ 已保存：`A par 守`、`A mar 守`');
    expect(lines.find((line) => line.startsWith('你当前的指令'))).toMatch(
      /^你当前的指令（2 条）：`A \S+ 守`、`A \S+ 守`$/,
    );
    // Fleet in Brest, or in the Mid-Atlantic after Spring.
    expect(lines).toContainEqual(expect.stringMatching(/^⏳ 尚未下令：F (bre|mao)$/));
    expect(r.finalText).not.toContain(', ');
  });

  it('a refused order is echoed in the member’s words, never in the stored English notation', async () => {
    // Marseilles does not reach Paris: the adjudicator's check refuses an order the parser read.
    const zh = await h.fake.slash('chen', ZH, 'order', { orders: 'A mar 支援 A par' });
    expect(zh.finalText).toContain('❌ `A mar 支援 A par`：');
    const fr = await h.fake.slash('alice', FR, 'order', { orders: 'A mar S A par' });
    expect(fr.finalText).toContain('❌ `A Marseille soutient A Paris` : ');
    for (const text of [zh.finalText, fr.finalText]) expect(text).not.toContain('`A mar S A par`');
  });

  it('/orders paste opens a modal that names orders with the glossary’s word (指令, not 命令: a command)', async () => {
    const opened = await h.fake.slash('chen', ZH, 'orders paste');
    expect(opened.modal!.title).toBe('法国的指令');
    expect(opened.modal!.inputs[0]!.label).toBe('1901年秋季行动阶段，每行一条指令');
    // Its example: orders of the member's own units, as the autocomplete proposes them in Chinese (`A mar 守`).
    const example = opened.modal!.inputs[0]!.placeholder!.split('\n');
    const offered = (await h.fake.autocomplete('chen', ZH, 'order', { orders: '' }, 'orders')).map((c) => c.name);
    expect(example.length).toBeGreaterThan(0);
    for (const line of example) expect(offered).toContain(line);
    expect(example.join('\n')).not.toContain(' S ');
  });

  it('a duration refused at /game create names the value in the member’s language', async () => {
    const fr = await h.fake.slash('eve', SPARE, 'game create', { variant: 'classic', movement: '3 jours' });
    expect(fr.text).toContain('La durée des mouvements : « 3 jours » n’est pas une durée');
    expect(englishWords(fr.text)).toEqual([]);
    const zh = await h.fake.slash('chen', SPARE, 'game create', { variant: 'classic', retreat: '0m' });
    expect(zh.text).toContain('撤退阶段时长：“0m”为零');
    const long = await h.fake.slash('sam', SPARE, 'game create', { variant: 'classic', adjustment: '40d' });
    expect(long.text).toContain('The adjustment duration: "40d" is longer than the maximum of 30 days.');
  });

  it('the checker flags English and passes over orders, markup and names', () => {
    expect(englishWords('✅ Stored: `A par - bur` <@123> <t:1:R>')).toEqual(['stored']);
    expect(englishWords('France (alice) · 3 units · ✅ ordres donnés `A par H`')).toEqual(['units']);
    expect(englishWords('Austria (désordre civil) · 3 centres, 3 unités · il a tenu')).toEqual([]);
    expect(englishWords('Paris, Bourgogne, F bre, A mun')).toEqual([]);
  });
});
