/**
 * A Warhammer game's Decisive Battle phase in French and in traditional Chinese, through the real bot and the Discord
 * stand-in (docs/locales.md, "Variants' own texts"): the provisional results and their declarations, the battles, the
 * game master's report and the outcomes in the channel, in the game's language; the declaration DMs in each member's;
 * the status lines of both steps; the `/game create` reply and the replies to `/act` and `/gm act`. Nothing the channel,
 * the players' DMs or these replies show has English left, beyond the names the variant gives only in English (its
 * provinces and powers).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getVariant } from '../../src/variants/index.js';
import { englishWords } from '../support/english-left.js';
import type { FakeMessage } from '../support/fake-discord/index.js';
import { createHarness, type Harness } from './harness.js';

const GAMES = [
  { channel: 'bataille', locale: 'fr', gm: 'mj', players: { Bretonnia: 'louis', Empire: 'karl', Tilea: 'lorenzo' } },
  { channel: 'juezhan', locale: 'zh-TW', gm: 'zhuchi', players: { Bretonnia: 'lin', Empire: 'wang' } },
] as const;

/** Words French writes as English does (`phase`): not English left in a French text. */
const FRENCH_TOO = new Set(['phase', 'phases']);

/** Warhammer's province names, longest first: proper names the variant gives only in English (`The Wasteland`). */
const PLACES = [...getVariant('warhammer')!.map.provinces.values()]
  .map((p) => p.name)
  .sort((a, b) => b.length - a.length);

/** A message as its reader sees it: its text, its embeds and its pictures' alt texts (their titles). */
function seen(m: FakeMessage): string {
  return [
    m.content,
    ...m.embeds.flatMap((e) => [e.title ?? '', e.description ?? '', e.footer?.text ?? '']),
    ...m.attachments.map((a) => a.description ?? ''),
  ].join('\n');
}

/** Each text with the English words found in it, its province names aside, for the texts that have any. */
function englishLeft(texts: string[]): { text: string; words: string[] }[] {
  return texts
    .map((text) => PLACES.reduce((t: string, name: string) => t.split(name).join(' '), text))
    .map((text) => ({ text, words: englishWords(text).filter((w) => !FRENCH_TOO.has(w)) }))
    .filter((x) => x.words.length > 0);
}

describe('Warhammer’s decisive battles in French and in Chinese', () => {
  let h: Harness;
  const statuses = new Map<string, string[]>();
  /** The private replies of `/act` and `/gm act`, by channel. */
  const replies = new Map<string, string[]>();
  /** The autocomplete choices of `/act` and `/gm act` (action, choice, detail) their members were offered, by channel. */
  const offered = new Map<string, string[]>();
  /** What typing in the member's own words offered: `channel typed` → the values offered. */
  const typedIn = new Map<string, string[]>();

  async function complete(
    user: string,
    channel: string,
    command: 'act' | 'gm act',
    options: Record<string, string>,
    focused: 'action' | 'choice' | 'detail',
  ) {
    const choices = await h.fake.autocomplete(user, channel, command, options, focused);
    offered.set(channel, [...(offered.get(channel) ?? []), ...choices.map((c) => c.name)]);
    typedIn.set(
      `${channel} ${options[focused]}`,
      choices.map((c) => String(c.value)),
    );
  }

  /** Each slot's choices of one action, as the member types nothing, then `typed` (their words) in `focused`. */
  async function completeAll(
    user: string,
    channel: string,
    command: 'act' | 'gm act',
    action: string,
    values: { choice: string; detail: string },
  ) {
    await complete(user, channel, command, { action: '' }, 'action');
    await complete(user, channel, command, { action, choice: '' }, 'choice');
    await complete(user, channel, command, { action, choice: values.choice, detail: '' }, 'detail');
  }

  async function act(user: string, channel: string, command: 'act' | 'gm act', options: Record<string, string>) {
    const reply = await h.fake.slash(user, channel, command, options);
    replies.set(channel, [...(replies.get(channel) ?? []), reply.text]);
  }

  beforeAll(async () => {
    const users = GAMES.flatMap((g) => [g.gm, ...Object.values(g.players)]);
    h = await createHarness({ users, channels: GAMES.map((g) => g.channel) });
    await h.start();
    for (const g of GAMES) for (const user of [g.gm, ...Object.values(g.players)]) h.fake.setLocale(user, g.locale);
  });

  afterAll(async () => {
    await h?.close();
  });

  const posts = (channel: string) =>
    h.fake
      .channelMessages(channel)
      .filter((m) => m.interactionId === undefined && m.type !== 6)
      .map(seen);

  async function status(g: (typeof GAMES)[number]): Promise<void> {
    const reply = await h.fake.slash(g.gm, g.channel, 'game status');
    statuses.set(g.channel, [...(statuses.get(g.channel) ?? []), reply.text]);
  }

  it('plays Spring 2500 to its decisive battle and the final results', async () => {
    for (const g of GAMES) {
      const created = await h.fake.slash(g.gm, g.channel, 'game create', {
        variant: 'warhammer',
        options: 'decisiveBattles=gm',
        movement: '1h',
        retreat: '1h',
        adjustment: '1h',
        locale: g.locale,
        'vacate-after': 0,
      });
      replies.set(g.channel, [created.text]);
      for (const [power, user] of Object.entries(g.players))
        await h.fake.slash(user, g.channel, 'game join', { power });
      await h.fake.slash(g.gm, g.channel, 'game start');
      if ('Tilea' in g.players) {
        // The Dogs of War seat musters first: its DM, the status line, its choice, then the board and the orders.
        await h.bot!.outbox.idle();
        await status(g);
        // Its choices, typed in French too; refusals first (no city, no such city), then the choice.
        await completeAll(g.players.Tilea, g.channel, 'act', 'muster', { choice: 'rema', detail: '' });
        await complete(g.players.Tilea, g.channel, 'act', { action: 'rassem' }, 'action');
        await complete(
          g.players.Tilea,
          g.channel,
          'act',
          { action: 'muster', choice: 'rema', detail: 'flot' },
          'detail',
        );
        await act(g.players.Tilea, g.channel, 'act', { action: 'muster' });
        await act(g.players.Tilea, g.channel, 'act', { action: 'muster', choice: 'altd', detail: 'fleet' });
        // Typed in French without picking a choice: the action and the unit in the member's words.
        await act(g.players.Tilea, g.channel, 'act', { action: 'rassembler', choice: 'rema', detail: 'flotte' });
        await h.bot!.outbox.idle();
      }
      await h.fake.slash(g.players.Bretonnia, g.channel, 'order', { orders: 'A cour - wast' });
      await h.fake.slash(g.players.Empire, g.channel, 'order', { orders: 'A altd - wast' });
      for (const user of Object.values(g.players)) await h.fake.slash(user, g.channel, 'ready');
      await h.bot!.outbox.idle();
      await status(g);
      // The declarations' choices, typed in the member's words too, and a refusal without the declaration.
      await completeAll(g.players.Bretonnia, g.channel, 'act', 'declare', { choice: 'move A cour', detail: '' });
      await complete(
        g.players.Bretonnia,
        g.channel,
        'act',
        { action: g.locale === 'fr' ? 'déclarer' : '宣告' },
        'action',
      );
      await complete(
        g.players.Empire,
        g.channel,
        'act',
        { action: 'declare', choice: g.locale === 'fr' ? 'pass' : '放棄' },
        'choice',
      );
      await act(g.players.Bretonnia, g.channel, 'act', { action: 'declare' });
      // An action not open to the member, named in their words: its own refusal, not an unknown action.
      await act(g.players.Bretonnia, g.channel, 'act', { action: g.locale === 'fr' ? 'se révolter' : '起義' });
      // Bretonnia declares its battle; the Empire passes (the French game master closes the declarations instead):
      // the battles are posted.
      await act(g.players.Bretonnia, g.channel, 'act', { action: 'declare', choice: 'move A cour' });
      if (g.locale === 'fr') {
        const asked = await h.fake.slash(g.gm, g.channel, 'gm advance');
        await h.fake.click(g.gm, asked, h.fake.buttons(asked)[0]!.customId!);
      } else await act(g.players.Empire, g.channel, 'act', { action: '宣告', choice: '放棄' });
      await h.bot!.outbox.idle();
      await status(g);
      await completeAll(g.gm, g.channel, 'gm act', 'battle', { choice: 'wast', detail: '' });
      await complete(g.gm, g.channel, 'gm act', { action: g.locale === 'fr' ? 'vainq' : '勝者' }, 'action');
      await act(g.gm, g.channel, 'gm act', { action: 'battle', choice: 'wast', detail: 'Chaos' });
      await act(g.gm, g.channel, 'gm act', { action: 'battle', choice: 'wast', detail: 'Bretonnia' });
      await h.bot!.outbox.idle();
    }
  });

  it('the French channel reads its battles in French, with no English left', () => {
    const channel = posts('bataille').join('\n');
    expect(channel).toContain('**Printemps 2500, mouvements : résultats provisoires**');
    expect(channel).toContain('Printemps 2500, mouvements · ordres et résultats provisoires');
    expect(channel).toContain('__Bretonnia__ : mouvement décisif A cour → The Wasteland (wast)');
    expect(channel).toContain('⚔️ **Printemps 2500, mouvements : batailles décisives** (1)');
    // French groups digits with a narrow no-break space.
    expect(channel).toContain('• Bretonnia A cour (déclarée) : Bretonnia 1\u202f500 pts');
    expect(channel).toContain('• Bretonnia (A cour) a remporté la bataille décisive de The Wasteland');
    expect(channel).toContain('• The Wasteland (wast) : **Bretonnia** (A cour) l’a emporté.');
    expect(channel).toContain(
      '⏩ Le maître du jeu a clos les déclarations de bataille décisive de **Printemps 2500, mouvements** avant leur échéance',
    );
    expect(channel).toContain('🐕 **Les Chiens de guerre sont rassemblés**\n• Tilea : flotte à Remas (rema)');
    expect(channel).toContain('🐕 D’abord, les Chiens de guerre choisissent leur ville et leur unité');
    expect(englishLeft(posts('bataille'))).toEqual([]);
  });

  it('the Chinese channel reads them in traditional Chinese, with no English left', () => {
    const channel = posts('juezhan').join('\n');
    expect(channel).toContain('⚔️ **決戰階段**：宣告截止於');
    expect(channel).toContain('指令與臨時結果');
    expect(channel).toContain('__Empire__：決戰進攻 A altd → The Wasteland (wast)');
    expect(channel).toContain('：決戰結果**');
    expect(channel).toContain('• The Wasteland (wast)：**Bretonnia**（A cour）獲勝。');
    expect(englishLeft(posts('juezhan'))).toEqual([]);
  });

  it('the declaration DMs and both steps’ status lines are in the reader’s language', () => {
    for (const g of GAMES) {
      const dms = Object.values(g.players).flatMap((user: string) => h.fake.dms(user).map(seen));
      expect(dms.length).toBeGreaterThanOrEqual(3);
      expect(englishLeft(dms)).toEqual([]);
      expect(englishLeft(statuses.get(g.channel) ?? [])).toEqual([]);
    }
    const tilea = h.fake.dms('lorenzo').map(seen).join('\n');
    expect(tilea).toContain('(Chiens de guerre) choisit sa ville de départ et son unité');
    expect(tilea).toContain('🐕 Votre choix pour Tilea dans');
    expect(statuses.get('bataille')![0]).toContain('🐕 Les Chiens de guerre choisissent leur ville et leur unité');
    const french = h.fake.dms('louis').map(seen).join('\n');
    expect(french).toContain('la phase des batailles décisives a commencé');
    expect(french).toContain('• mouvement décisif A cour → ');
    const [declaring, battles] = statuses.get('juezhan')!;
    expect(statuses.get('bataille')).toHaveLength(3);
    expect(declaring).toContain('⚔️ 決戰階段：指令已截止');
    expect(declaring).toContain('⏳ 可宣告');
    expect(battles).toContain('等待主持人報告');
  });

  it('the `/game create` reply and the replies to `/act` and `/gm act`, refusals included, are in the member’s language', () => {
    for (const g of GAMES) expect(englishLeft(replies.get(g.channel) ?? [])).toEqual([]);
    const french = replies.get('bataille')!.join('\n');
    expect(french).toContain(
      'Batailles décisives : après chaque échéance de mouvements, les joueurs les déclarent ; le maître du jeu indique',
    );
    expect(french).toContain(
      '« altd » n’est pas une ville où Tilea peut commencer : Miragliano (mira) ou Remas (rema).',
    );
    expect(french).toContain(
      '🐕 Enregistré pour Tilea : une flotte à rema. Chaque joueur des Chiens de guerre a choisi',
    );
    expect(french).toContain('⚔️ Enregistré pour Bretonnia : mouvement décisif A cour → The Wasteland (wast).');
    const chinese = replies.get('juezhan')!.join('\n');
    expect(chinese).toContain('決戰：每個行動階段截止後由玩家宣告；主持人用 `/主持 行動 行動:battle`');
    expect(chinese).toContain('⚔️ 已儲存：Empire 放棄。\n所有人都已回應');
    expect(chinese).toContain('“Chaos”不是 The Wasteland (wast) 之戰的一方。');
  });

  it('the choices `/act` and `/gm act` offer are in the member’s language, and what they type in it finds them', () => {
    for (const g of GAMES) {
      expect(offered.get(g.channel)!.length).toBeGreaterThanOrEqual(10);
      expect(englishLeft(offered.get(g.channel)!)).toEqual([]);
    }
    const french = offered.get('bataille')!;
    expect(french).toContain(
      'rassembler : Chiens de guerre : votre ville de départ et votre unité, avant le premier printemps',
    );
    expect(french).toContain('Remas (rema) : armée ou flotte');
    expect(french).toContain('flotte');
    expect(french).toContain('mouvement décisif A cour → The Wasteland (wast)');
    expect(french).toContain('passer (ne rien déclarer)');
    expect(french).toContain('The Wasteland (wast) : Empire contre Bretonnia');
    expect(french).toContain('bataille : indiquer le vainqueur d’une bataille décisive');
    expect(typedIn.get('bataille rassem')).toEqual(['muster']);
    expect(typedIn.get('bataille flot')).toEqual(['fleet']);
    expect(typedIn.get('bataille déclarer')).toEqual(['declare']);
    expect(typedIn.get('bataille pass')).toEqual(['none']);
    expect(typedIn.get('bataille vainq')).toEqual(['battle']);
    const chinese = offered.get('juezhan')!;
    expect(chinese).toContain('宣告：一場決戰（宣告截止前保密），或放棄');
    expect(chinese).toContain('放棄（不作宣告）');
    expect(chinese).toContain('The Wasteland (wast)：Empire 對 Bretonnia');
    expect(typedIn.get('juezhan 宣告')).toEqual(['declare']);
    expect(typedIn.get('juezhan 放棄')).toEqual(['none']);
    expect(typedIn.get('juezhan 勝者')).toEqual(['battle']);
    expect(replies.get('bataille')!.join('\n')).toContain('Bretonnia n’est pas un cipaye.');
    expect(replies.get('juezhan')!.join('\n')).toContain('Bretonnia 不是附庸軍。');
    // A missing slot's refusal names it in the member's words.
    expect(replies.get('bataille')!.join('\n')).toContain(
      '`/agir muster` a besoin de sa valeur « ville (de votre pays) » dans `choix:`.',
    );
    expect(replies.get('juezhan')!.join('\n')).toContain('`/行動 declare` 需要在 `選擇:` 中填寫：宣告（`move A altd`');
  });
});
