/**
 * A game master in French and one in Chinese, through the real bot and the Discord stand-in (docs/locales.md): each
 * creates a game in their language, removes a player before the start, starts, pauses, extends and resumes the clock,
 * edits the board, rolls a played phase back, reads the history and plays in a sandbox. Nothing they read (replies, confirmations and
 * their buttons), nor what the channel reads (in the game's locale), nor the players' replies, has English left.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { englishWords } from '../support/english-left.js';
import { buttonsOf, type FakeInteraction, type FakeMessage } from '../support/fake-discord/index.js';
import { createHarness, type Harness } from './harness.js';

const FR = 'partie';
const ZH = 'duiju';

/** A message's text as its reader sees it: content, embeds and button labels. */
function seen(m: FakeMessage): string {
  const embeds = m.embeds.flatMap((e) => [e.title ?? '', e.description ?? '', e.footer?.text ?? '']);
  const labels = buttonsOf(m).map((b) => b.label ?? '');
  return [m.content, ...embeds, ...labels].join('\n');
}

/** Words French writes as English does (`phase`, `phases`): not English left in a French text. */
const FRENCH_TOO = new Set(['phase', 'phases']);

/** Each text with the English words found in it, for the texts that have any (`french`: French's own words aside). */
function englishLeft(texts: string[], french = false): { text: string; words: string[] }[] {
  return texts
    .map((text) => ({ text, words: englishWords(text).filter((w) => !(french && FRENCH_TOO.has(w))) }))
    .filter((x) => x.words.length > 0);
}

describe('a game master in French and in Chinese', () => {
  let h: Harness;
  const read = new Map<string, string[]>();

  /** Keeps what `user` read of an interaction: its reply and its buttons. */
  function keep(user: string, i: FakeInteraction): FakeInteraction {
    const labels = i.originalMessageId ? h.fake.buttons(i).map((b) => b.label ?? '') : [];
    read.set(user, [...(read.get(user) ?? []), i.text, ...labels]);
    return i;
  }

  async function run(user: string, channel: string, command: string, options: Record<string, string | number> = {}) {
    return keep(user, await h.fake.slash(user, channel, command, options));
  }

  /** Runs a command that asks first, then presses its confirm button (the first one). */
  async function confirmed(user: string, channel: string, command: string) {
    const asked = await run(user, channel, command);
    const confirm = h.fake.buttons(asked)[0]!;
    return keep(user, await h.fake.click(user, asked, confirm.customId!));
  }

  /** The channel's posts (not the public replies to commands), as the channel reads them. */
  function posts(channel: string): string[] {
    return h.fake
      .channelMessages(channel)
      .filter((m) => m.interactionId === undefined && m.type !== 6)
      .map(seen);
  }

  beforeAll(async () => {
    h = await createHarness({ users: ['mj', 'alice', 'bob', 'zhu', 'chen', 'lin'], channels: [FR, ZH] });
    await h.start();
    for (const user of ['mj', 'alice', 'bob']) h.fake.setLocale(user, 'fr');
    for (const user of ['zhu', 'chen', 'lin']) h.fake.setLocale(user, 'zh-CN');
  });

  afterAll(async () => {
    await h?.close();
  });

  /** The whole flow in `channel`, run by `gm` with players `a` (France) and `b` (Germany). */
  async function gameMasterFlow(channel: string, locale: string, gm: string, a: string, b: string): Promise<void> {
    // A refused creation first: an option Classic does not have.
    await run(gm, channel, 'game create', { variant: 'classic', options: 'fog-ish' });
    await run(gm, channel, 'game create', { variant: 'classic', movement: '1h', locale, 'vacate-after': 0 });
    await run(a, channel, 'game join', { power: 'France' });
    await run(b, channel, 'game join', { power: 'Germany' });
    await run(gm, channel, 'gm kick', { power: 'Germany' });
    await run(b, channel, 'game join', { power: 'Germany' });
    await run(gm, channel, 'game start');
    await run(gm, channel, 'gm pause');
    await run(gm, channel, 'gm extend', { duration: '1h' });
    await run(gm, channel, 'gm resume');
    await run(gm, channel, 'gm edit add', { power: 'France', unit: 'army', place: 'pic' });
    await run(gm, channel, 'gm edit remove', { place: 'pic' });
    await run(a, channel, 'order', { orders: 'A par - bur; A mar - spa; F bre - mao' });
    await run(b, channel, 'order', { orders: 'A mun - bur; F kie - den; A ber H' });
    await run(a, channel, 'ready');
    await run(b, channel, 'ready');
    await h.bot!.outbox.idle();
    await run(gm, channel, 'history list');
    await run(gm, channel, 'history show', { phase: 'S1901M' });
    await confirmed(gm, channel, 'gm rollback');
    await run(gm, channel, 'gm seats');
    // A sandbox of the game: copied, ordered, adjudicated, listed, shared in the channel and deleted.
    await run(gm, channel, 'sandbox start');
    await run(gm, channel, 'sandbox order', { orders: 'A par - bur; A mun - bur' });
    await run(gm, channel, 'sandbox adjudicate');
    await run(gm, channel, 'sandbox next');
    await run(gm, channel, 'sandbox list');
    await run(gm, channel, 'sandbox share');
    await run(gm, channel, 'sandbox end');
    // Refusals too: a player is no game master, and the game is not paused.
    await run(a, channel, 'gm pause');
    await run(gm, channel, 'gm resume');
    await h.bot!.outbox.idle();
  }

  it('French: every reply, button and post reads French', async () => {
    await gameMasterFlow(FR, 'fr', 'mj', 'alice', 'bob');
    const channel = posts(FR).join('\n');
    expect(channel).toContain('Le maître du jeu a mis la partie en pause');
    expect(channel).toContain('Le maître du jeu a repris la partie');
    expect(channel).toContain('Le maître du jeu a ramené la partie à **Printemps 1901, mouvements**');
    expect(channel).toContain('a retiré');
    expect(channel).toContain('🛠️ Le maître du jeu a placé');
    expect(channel).toContain('**Printemps 1901, mouvements : résultats**');
    const mj = read.get('mj')!.join('\n');
    expect(mj).toContain('En pause avec');
    expect(mj).toContain('**Phases résolues**');
    expect(mj).toContain('Revenir en arrière');
    expect(mj).toContain('**Bac à sable n°');
    expect(mj).toContain('Instantané de bac à sable');
    expect(mj).not.toContain('Sandbox');
    expect(read.get('alice')!.join('\n')).toContain('Seul le maître du jeu peut utiliser les commandes `/mj`.');
    expect(mj).toContain('Diplomatie classique n’a aucune option');
    expect(englishLeft(read.get('mj')!, true)).toEqual([]);
    expect(englishLeft(read.get('alice')!, true)).toEqual([]);
    expect(englishLeft(read.get('bob')!, true)).toEqual([]);
    expect(englishLeft(posts(FR), true)).toEqual([]);
  });

  it('Chinese: every reply, button and post reads simplified Chinese', async () => {
    await gameMasterFlow(ZH, 'zh-CN', 'zhu', 'chen', 'lin');
    const channel = posts(ZH).join('\n');
    expect(channel).toContain('主持人暂停了对局');
    expect(channel).toContain('主持人将对局回退到**1901年春季行动阶段**');
    expect(channel).toContain('🛠️ 主持人在');
    const zhu = read.get('zhu')!.join('\n');
    expect(zhu).toContain('已暂停');
    expect(zhu).toContain('**已结算的阶段**');
    expect(zhu).toContain('🧪 **沙盘 #');
    expect(zhu).not.toContain('Sandbox');
    expect(zhu).toContain('经典外交没有任何选项');
    expect(englishLeft(read.get('zhu')!)).toEqual([]);
    expect(englishLeft(read.get('chen')!)).toEqual([]);
    expect(englishLeft(read.get('lin')!)).toEqual([]);
    expect(englishLeft(posts(ZH))).toEqual([]);
  });
});
