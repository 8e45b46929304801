/**
 * Votes, press and seats in French and Chinese through the real bot and the Discord stand-in (docs/locales.md): in a
 * French game and a Chinese one (anonymous press), members whose clients are French or Chinese propose and withdraw a
 * draw, concede through the menu and its confirmation and withdraw it, send anonymous press, leave a seat and claim
 * it from the substitute call. Nothing they read (replies, buttons, select menus, DMs, the channel's posts) has an
 * English sentence left.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { englishWords } from '../support/english-left.js';
import type { FakeInteraction, FakeMessage } from '../support/fake-discord/index.js';
import { createHarness, joinSeats, type Harness } from './harness.js';
import { PROGRESS_EVERY_MS } from '../../src/game/outbox/index.js';

const FR = 'partie';
const ZH = 'duiju';

/** A message's text as its reader sees it: content, embeds, and the labels of its buttons. */
function seen(h: Harness, m: FakeMessage): string {
  return [
    m.content,
    ...m.embeds.flatMap((e) => [e.title ?? '', e.description ?? '', e.footer?.text ?? '']),
    ...h.fake.buttons(m).map((b) => b.label ?? ''),
  ].join('\n');
}

/** Each text with the English words found in it, for the texts that have any. */
function englishLeft(texts: string[]): { text: string; words: string[] }[] {
  return texts.map((text) => ({ text, words: englishWords(text) })).filter((x) => x.words.length > 0);
}

/** The members of one game: three players, a member who claims the seat one of them leaves. */
interface Table {
  channel: string;
  locale: string;
  france: string;
  germany: string;
  italy: string;
  substitute: string;
}

const TABLES: Table[] = [
  { channel: FR, locale: 'fr', france: 'alice', germany: 'bob', italy: 'carol', substitute: 'dave' },
  { channel: ZH, locale: 'zh-CN', france: 'chen', germany: 'lin', italy: 'wang', substitute: 'zhao' },
];

describe('votes, press and seats in the reader’s language', () => {
  let h: Harness;
  const read = new Map<string, string[]>();

  /** Keeps what `user` read of an interaction: its answer and the buttons on it. */
  function keep(user: string, i: FakeInteraction): FakeInteraction {
    const buttons = i.originalMessageId ? h.fake.buttons(i).map((b) => b.label ?? '') : [];
    read.set(user, [...(read.get(user) ?? []), i.text, ...buttons]);
    return i;
  }

  async function run(user: string, channel: string, command: string, options: Record<string, string> = {}) {
    return keep(user, await h.fake.slash(user, channel, command, options));
  }

  /** The confirm button of a confirmation (the first of its two buttons). */
  async function confirm(user: string, asked: FakeInteraction): Promise<FakeInteraction> {
    const [yes, cancel] = h.fake.buttons(asked);
    expect(cancel?.label).not.toBe('Cancel');
    return keep(user, await h.fake.click(user, asked, yes!.customId!));
  }

  beforeAll(async () => {
    h = await createHarness({
      users: ['gm', ...TABLES.flatMap((t) => [t.france, t.germany, t.italy, t.substitute])],
      channels: [FR, ZH],
    });
    await h.start();
    for (const t of TABLES)
      for (const user of [t.france, t.germany, t.italy, t.substitute]) h.fake.setLocale(user, t.locale);
    h.fake.setLocale('gm', 'fr');
    for (const t of TABLES) {
      await h.fake.slash('gm', t.channel, 'game create', {
        variant: 'classic',
        movement: '1h',
        locale: t.locale,
        press: 'anonymous',
        'vacate-after': 0,
      });
      await joinSeats(h, t.channel, { [t.france]: 'France', [t.germany]: 'Germany', [t.italy]: 'Italy' });
      await h.fake.slash('gm', t.channel, 'game start');
    }
    await h.bot!.outbox.idle();
  });

  afterAll(async () => {
    await h?.close();
  });

  /** What `user` read: the game's channel posts (not the lobby's replies), their DMs, replies and buttons. */
  function readBy(user: string, channel: string): string[] {
    const posts = h.fake.channelMessages(channel).filter((m) => m.interactionId === undefined && m.type !== 6);
    return [...posts.map((m) => seen(h, m)), ...h.fake.dms(user).map((m) => seen(h, m)), ...(read.get(user) ?? [])];
  }

  async function playVotes(t: Table): Promise<void> {
    await run(t.france, t.channel, 'draw');
    await run(t.france, t.channel, 'draw');
    // The menu, a power chosen in it, the confirmation.
    const menu = await run(t.france, t.channel, 'concede');
    const asked = keep(t.france, await h.fake.select(t.france, menu, 'concede:pick', ['Germany']));
    await confirm(t.france, asked);
    await run(t.france, t.channel, 'concede', { to: 'Germany' }).then((i) => confirm(t.france, i));
    // Standing: the withdraw button, then refusals (conceding to yourself, to no power), given before any question.
    const standing = await run(t.france, t.channel, 'concede');
    const withdraw = h.fake.buttons(standing).find((b) => b.customId === 'concede:withdraw')!;
    keep(t.france, await h.fake.click(t.france, standing, withdraw.customId!));
    for (const [user, to] of [
      [t.france, 'France'],
      [t.germany, 'Atlantis'],
    ] as const)
      expect(h.fake.buttons(await run(user, t.channel, 'concede', { to }))).toEqual([]);
  }

  async function playPress(t: Table): Promise<void> {
    await run(t.france, t.channel, 'press send', { to: 'Germany', text: 'Bonjour, 你好' });
    await run(t.italy, t.channel, 'press send', { to: 'all', text: 'Salut' });
    await run(t.italy, t.channel, 'press thread', { with: 'France' });
    await h.bot!.outbox.idle();
  }

  /** The clock to the next mark, where an anonymous game's channel learns a seat left or claimed (docs/decisions.md). */
  async function toNextMark(): Promise<void> {
    h.clock.offset += PROGRESS_EVERY_MS - (h.clock.now() % PROGRESS_EVERY_MS) + 1000;
    h.bot!.outbox.kick();
    await h.bot!.outbox.idle();
  }

  async function playSeats(t: Table): Promise<void> {
    await run(t.germany, t.channel, 'game leave').then((i) => confirm(t.germany, i));
    await toNextMark();
    const call = h.fake
      .channelMessages(t.channel)
      .find(
        (m) =>
          m.interactionId === undefined && h.fake.buttons(m).length === 1 && /Germany|Allemagne|德国/.test(m.content),
      )!;
    expect(call).toBeDefined();
    keep(t.italy, await h.fake.click(t.italy, call, h.fake.buttons(call)[0]!.customId!));
    keep(t.substitute, await h.fake.click(t.substitute, call, h.fake.buttons(call)[0]!.customId!));
    await toNextMark();
    expect(h.fake.buttons(call)[0]!.disabled).toBe(true);
    await run(t.substitute, t.channel, 'game leave').then((i) => confirm(t.substitute, i));
    await run(t.germany, t.channel, 'game leave');
    // The game master calls a substitute for a held seat; the records a member may look at.
    await run('gm', t.channel, 'gm substitute', { power: 'Italy' });
    await run(t.italy, t.channel, 'server player');
    await run(t.italy, t.channel, 'server leaderboard');
    await h.bot!.outbox.idle();
  }

  it('a French game: draw, concession, press and a substitute, all in French', async () => {
    const t = TABLES[0]!;
    await playVotes(t);
    await playPress(t);
    await playSeats(t);
    const alice = read.get('alice')!.join('\n');
    expect(alice).toContain('La France vote pour la nulle');
    expect(alice).toContain('Concéder la partie à l’**Allemagne**, en tant que France ?');
    expect(alice).toContain('Concéder à l’Allemagne');
    expect(alice).toContain('Vous ne pouvez pas concéder à vous-même.');
    expect(
      h.fake
        .dms('bob')
        .map((m) => m.content)
        .join('\n'),
    ).toContain('**Message de France**');
    expect(
      h.fake
        .channelMessages(FR)
        .map((m) => m.content)
        .join('\n'),
    ).toContain('**Remplaçant recherché pour l’Allemagne**');
    expect(read.get('dave')!.join('\n')).toContain('Vous jouez désormais l’**Allemagne**');
    // An anonymous game: the leave and the claim tell their member when the channel learns them.
    expect(read.get('bob')!.join('\n')).toMatch(/Le salon l’apprendra au plus tard à <t:\d+:f>, avec l’appel/);
    expect(read.get('dave')!.join('\n')).toMatch(/Le salon l’apprendra au plus tard à <t:\d+:f>/);
    expect(read.get('carol')!.join('\n')).toContain('Taux de ponctualité');
    for (const user of [t.france, t.germany, t.italy, t.substitute])
      expect({ user, left: englishLeft(readBy(user, t.channel)) }).toEqual({ user, left: [] });
    expect(englishLeft(read.get('gm')!)).toEqual([]);
  });

  it('a Chinese game: draw, concession, press and a substitute, all in simplified Chinese', async () => {
    const t = TABLES[1]!;
    await playVotes(t);
    await playPress(t);
    await playSeats(t);
    const chen = read.get('chen')!.join('\n');
    expect(chen).toContain('法国投票赞成和局');
    expect(chen).toContain('你不能向自己认输。');
    expect(
      h.fake
        .dms('lin')
        .map((m) => m.content)
        .join('\n'),
    ).toContain('**来自法国的外交消息**');
    expect(
      h.fake
        .channelMessages(ZH)
        .map((m) => m.content)
        .join('\n'),
    ).toContain('**德国招募替补**');
    expect(read.get('zhao')!.join('\n')).toContain('你现在扮演**德国**');
    // The claimer's DM names the variant in Chinese too, not as its English name (`Classic Diplomacy`).
    const claimed = h.fake
      .dms('zhao')
      .map((m) => m.content)
      .find((c) => c.startsWith('🪑 你现在扮演'));
    expect(claimed).toMatch(/^🪑 你现在扮演 <#\d+> 中 ?经典外交 ?对局的 ?\*\*德国\*\*。/);
    expect(read.get('lin')!.join('\n')).toMatch(/频道最迟将在 <t:\d+:f> 得知此事，并同时发布替补召集/);
    expect(read.get('zhao')!.join('\n')).toMatch(/频道最迟将在 <t:\d+:f> 得知此事/);
    for (const user of [t.france, t.germany, t.italy, t.substitute])
      expect({ user, left: englishLeft(readBy(user, t.channel)) }).toEqual({ user, left: [] });
  });
});
