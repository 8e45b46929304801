/**
 * Fog of war in French and Chinese (docs/table.md "Fog of war", docs/locales.md): a fog game created in French whose
 * players' clients are French and traditional Chinese: the public results post is in the game's language, each
 * player's results DM, `/map` and refusals in their own, with no English left. Then a Warhammer fog game in French
 * (docs/rules/warhammer.md "Warhammer under fog of war"): its muster, provisional results, battle and outcome posts
 * and the DMs of what each power sees, in French and traditional Chinese.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { englishWords } from '../support/english-left.js';
import type { FakeMessage } from '../support/fake-discord/index.js';
import { gameOfChannel, setTableColumns } from '../support/table-columns.js';
import { getVariant } from '../../src/variants/index.js';
import { tr } from '../../src/i18n/index.js';
import { createHarness, type Harness } from './harness.js';

const CHANNEL = 'brouillard';

/** A message's text as its reader reads it (file names are English everywhere, as for every map). */
const seen = (m: FakeMessage) => m.content;
const english = (texts: string[]) =>
  texts.map((text) => ({ text, words: englishWords(text) })).filter((x) => x.words.length > 0);

describe('a fog game in French and Chinese', () => {
  let h: Harness;
  let started = '';
  const pictures: { filename: string; description?: string }[] = [];
  const sandboxPictures: { filename: string; description?: string }[] = [];
  const replies = new Map<string, string[]>();
  async function run(user: string, command: string, options: Record<string, string> = {}) {
    const i = await h.fake.slash(user, CHANNEL, command, options);
    replies.set(user, [...(replies.get(user) ?? []), i.text]);
    return i;
  }

  beforeAll(async () => {
    h = await createHarness({ users: ['gm', 'alice', 'mei', 'eve'], channels: [CHANNEL] });
    await h.start();
    for (const user of ['gm', 'alice', 'eve']) h.fake.setLocale(user, 'fr');
    h.fake.setLocale('mei', 'zh-TW');
    await h.fake.slash('gm', CHANNEL, 'game create', { variant: 'classic', movement: '1h', locale: 'fr' });
    await h.fake.slash('alice', CHANNEL, 'game join', { power: 'France' });
    await h.fake.slash('mei', CHANNEL, 'game join', { power: 'Germany' });
    await setTableColumns(h.store, (await gameOfChannel(h.store, h.fake.channel(CHANNEL).id)).id, { fog: true });
    started = (await h.fake.slash('gm', CHANNEL, 'game start')).text;
    await h.bot!.outbox.idle();
    await run('alice', 'order', { orders: 'A par - bur; A mar - spa; F bre - mao' });
    await run('mei', 'order', { orders: 'A mun - ruh; F kie - den; A ber - kie' });
    await run('alice', 'map');
    await run('eve', 'map');
    await run('eve', 'history show', { phase: 'S1901M' });
    h.clock.offset += 60_000;
    h.bot!.outbox.kick();
    await h.bot!.outbox.idle();
    await run('alice', 'ready');
    await run('mei', 'ready');
    await h.bot!.outbox.idle();
    pictures.push(...(await run('mei', 'map')).attachments);
    pictures.push(...(await run('mei', 'history show', { phase: 'S1901M', map: 'orders' })).attachments);
    pictures.push(...(await run('alice', 'history show', { phase: 'S1901M', map: 'after' })).attachments);
    for (const user of ['mei', 'alice'])
      sandboxPictures.push(...(await h.fake.slash(user, CHANNEL, 'sandbox start')).attachments);
  }, 60_000);

  afterAll(async () => {
    await h?.close();
  });

  it('the channel reads the results in French without a board; each player their view in their language', () => {
    const post = h.fake
      .channelMessages(CHANNEL)
      .find((m) => m.content.includes('Printemps 1901, mouvements : résultats'));
    expect(post?.content).toContain('Brouillard de guerre');
    expect(post?.attachments).toEqual([]);
    const alice = h.fake.dms('alice').map(seen).join('\n');
    expect(alice).toContain('Ce que voit la **France**');
    const mei = h.fake.dms('mei').map(seen).join('\n');
    expect(mei).toContain('的視野');
    expect(replies.get('eve')!.join('\n')).toContain('brouillard de guerre');
  });

  it('every picture of one power’s view says whose view it is, in its alt text and its file name', () => {
    const results = h.fake.dms('mei').flatMap((m) => m.attachments);
    expect(results.length).toBeGreaterThan(0);
    for (const a of results) expect(a.description).toContain('德國的視野');
    expect(pictures.map((a) => a.description)).toEqual([
      expect.stringMatching(/ · 德國的視野$/),
      expect.stringMatching(/指令與結果 · 德國的視野$/),
      expect.stringMatching(/ · vue de .*France$/),
    ]);
    expect(pictures.map((a) => a.filename)).toEqual([
      expect.stringMatching(/germany/),
      expect.stringMatching(/germany/),
      expect.stringMatching(/france/),
    ]);
  });

  it('a sandbox of a player’s view says whose view its picture is, as the game’s fog pictures do', () => {
    expect(sandboxPictures.map((a) => a.description)).toEqual([
      expect.stringMatching(/ · 德國的視野$/),
      expect.stringMatching(/ · vue de .*France$/),
    ]);
  });

  it('the game master’s start reply promises no map, as the start post carries none under fog', () => {
    expect(started).toContain('sans carte dans le brouillard de guerre');
    expect(started).not.toContain('avec la carte');
    expect(h.fake.channelMessages(CHANNEL).find((m) => m.content.startsWith('🎲'))?.attachments).toEqual([]);
    expect(tr('zh-CN', 'lobby.started', { people: 2, computers: 0, disorder: 0, powers: '', fog: 'yes' })).toContain(
      '开局公告正在发往频道，战争迷雾下不附地图；',
    );
  });

  it('no English is left in what the French and Chinese players read', () => {
    const posts = h.fake.channelMessages(CHANNEL).filter((m) => m.interactionId === undefined && m.type !== 6);
    for (const user of ['alice', 'mei', 'eve'])
      expect(english([...h.fake.dms(user).map(seen), ...(replies.get(user) ?? [])]), user).toEqual([]);
    expect(english(posts.map(seen))).toEqual([]);
  });
});

/** Warhammer's province names, longest first: proper names the variant gives only in English (`The Wasteland`). */
const PLACES = [...getVariant('warhammer')!.map.provinces.values()]
  .map((p) => p.name)
  .sort((a, b) => b.length - a.length);
/** Words French writes as English does (`phase`): not English left in a French text. */
const FRENCH_TOO = new Set(['phase', 'phases']);
const englishBesidesPlaces = (texts: string[]) =>
  english(texts.map((text) => PLACES.reduce((t: string, name: string) => t.split(name).join(' '), text))).filter((x) =>
    x.words.some((w) => !FRENCH_TOO.has(w)),
  );

describe('a Warhammer fog game in French and Chinese: its steps', () => {
  const WH = 'guerre';
  const PLAYERS = { Bretonnia: 'louis', Empire: 'wang', Tilea: 'lorenzo' } as const;
  let h: Harness;

  beforeAll(async () => {
    h = await createHarness({ users: ['mj', ...Object.values(PLAYERS)], channels: [WH] });
    await h.start();
    for (const user of ['mj', PLAYERS.Bretonnia, PLAYERS.Tilea]) h.fake.setLocale(user, 'fr');
    h.fake.setLocale(PLAYERS.Empire, 'zh-TW');
    await h.fake.slash('mj', WH, 'game create', {
      variant: 'warhammer',
      options: 'decisiveBattles=gm',
      movement: '1h',
      retreat: '1h',
      adjustment: '1h',
      locale: 'fr',
      fog: 'on',
    });
    for (const [power, user] of Object.entries(PLAYERS)) await h.fake.slash(user, WH, 'game join', { power });
    await h.fake.slash('mj', WH, 'game start');
    await h.bot!.outbox.idle();
    await h.fake.slash(PLAYERS.Tilea, WH, 'act', { action: 'muster', choice: 'rema', detail: 'fleet' });
    await h.bot!.outbox.idle();
    await h.fake.slash(PLAYERS.Bretonnia, WH, 'order', { orders: 'A cour - wast' });
    await h.fake.slash(PLAYERS.Empire, WH, 'order', { orders: 'A altd - wast' });
    for (const user of Object.values(PLAYERS)) await h.fake.slash(user, WH, 'ready');
    await h.bot!.outbox.idle();
    await h.fake.slash(PLAYERS.Bretonnia, WH, 'act', { action: 'declare', choice: 'move A cour' });
    await h.fake.slash(PLAYERS.Empire, WH, 'act', { action: 'declare', choice: 'move A altd' });
    await h.bot!.outbox.idle();
    await h.fake.slash('mj', WH, 'gm act', { action: 'battle', choice: 'wast', detail: 'Bretonnia' });
    await h.fake.waitForChannelMessage(WH, (m) => m.content.startsWith('**Printemps 2500, mouvements : résultats**'));
    await h.bot!.outbox.idle();
  }, 90_000);

  afterAll(async () => {
    await h?.close();
  });

  const posts = () =>
    h.fake
      .channelMessages(WH)
      .filter((m) => m.interactionId === undefined && m.type !== 6)
      .map(seen);

  it('the channel names the phase and the powers in French; each power reads its view in its language', () => {
    const channel = posts().join('\n');
    expect(channel).toContain('🐕 **Les Chiens de guerre sont rassemblés** : Tilea a placé son unité.');
    expect(channel).toContain('Peuvent déclarer : Empire ; Bretonnia.');
    expect(channel).toContain('les déclarations de bataille décisive sont closes');
    expect(channel).not.toMatch(/\b(wast|rema)\b/);
    const louis = h.fake.dms(PLAYERS.Bretonnia).map(seen).join('\n');
    expect(louis).toContain('**Printemps 2500, mouvements : résultats provisoires** tels que Bretonnia les voit');
    expect(louis).toContain('les batailles décisives que Bretonnia livre ou voit');
    const wang = h.fake.dms(PLAYERS.Empire).map(seen).join('\n');
    expect(wang).toContain('Empire 參與或看得見的決戰');
    expect(h.fake.dms(PLAYERS.Tilea).map(seen).join('\n')).toContain('Ce que Tilea voit de leurs unités');
    expect(h.fake.dms('mj').map(seen).join('\n')).toContain('tout le plateau, tel que le voit le maître du jeu');
  });

  it('no English is left in the channel, the players’ DMs or the game master’s', () => {
    expect(englishBesidesPlaces(posts())).toEqual([]);
    for (const user of ['mj', ...Object.values(PLAYERS)])
      expect(englishBesidesPlaces(h.fake.dms(user).map(seen)), user).toEqual([]);
  });
});
