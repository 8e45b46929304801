/**
 * End to end for Warhammer Diplomacy fm05 in the bot: two 21-power games side by side, one with
 * `options:decisiveBattles=gm` and one with `options:decisiveBattles=dice`, each with 9 seated players (Tilea a Dogs of War seat) and 12 powers in
 * civil disorder, against the local Discord stand-in (which enforces Discord's message, embed and choice limits).
 *
 * Each game: create with its option, join through the 21-power autocomplete, start; the Dogs of War player picks a
 * city and unit type before the first Spring; Spring 2500 sends Bretonnia's A cour and the Empire's A altd into the
 * Wasteland, where they bounce; the provisional results and map are posted with the possible declarations; the
 * declarations are made privately with `/act action:declare` (secret until the deadline); the battle is shown with its
 * sides and army sizes; in gm mode the game master reports the winner with `/gm act action:battle`, in dice mode the seeded roll
 * decides and is shown; the final results put the winner in the Wasteland; Fall 2500 and Winter 2500 follow (the
 * winner builds for the Wasteland), to Spring 2501. The maps are checked through what they were drawn from: the posted provisional map marks the Wasteland where a battle may be declared, the final orders map marks the
 * battle in its winner's colour; each posted PNG is byte for byte the picture drawn from that scene, and every map is
 * an 8-bit palette PNG under 400 KiB, the budget over 8 powers (harness `expectMapPost`, `expectResultsPost`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeMessage, textOf } from '../support/fake-discord/index.js';
import { buildScene, type Scene } from '../../src/render/index.js';
import {
  createHarness,
  expectMapPost,
  MARKED_MAP_BUDGET,
  expectResultsPost,
  recordingMaps,
  slashConfirmed,
  waitForResults as waitForResultsIn,
  type Harness,
} from './harness.js';

const SEATED = [
  'Bretonnia',
  'Empire',
  'Kislev',
  'Vampire Counts',
  'Wood Elves',
  'Dwarves',
  'Skaven',
  'Orcs & Goblins',
  'Tilea',
] as const;
type Seated = (typeof SEATED)[number];
const playerOf = (power: Seated): string => `wh-${power.toLowerCase().replace(/[^a-z]+/g, '-')}`;

/** Spring 2500: the Wasteland bounce between Bretonnia and the Empire; other moves to non-centres. */
const SPRING: Record<Seated, string[]> = {
  Bretonnia: ['A cour - wast', 'F lang H'],
  Empire: ['A altd - wast', 'A nuln H', 'F midd H'],
  Kislev: ['A kisl - ostm', 'A praa H'],
  'Vampire Counts': ['A sylv - gfor'],
  'Wood Elves': ['A athe H'],
  Dwarves: ['A kark H', 'A kung - kadr', 'F barv H'],
  Skaven: ['A skav - edge'],
  'Orcs & Goblins': ['A kare - mgun', 'A dark H', 'F bhor H'],
  Tilea: [],
};
/** Tilea's unit after the muster: a fleet in Remas (gm game), the default army in Miragliano (dice game). */
const TILEA: Record<string, string> = { 'wh-gm': 'F rema H', 'wh-dice': 'A mira H' };

const GAMES = [
  { channel: 'wh-gm', mode: 'gm' },
  { channel: 'wh-dice', mode: 'dice' },
] as const;

describe('two 21-power Warhammer games through the Discord bot (decisive battles gm and dice)', () => {
  let h: Harness;
  /** Who won the Wasteland in each channel. */
  const winnerIn = new Map<string, 'Bretonnia' | 'Empire'>();
  /** What every map the bot posted was drawn from. */
  const recorded = recordingMaps();

  beforeAll(async () => {
    h = await createHarness(
      { users: ['gm', ...SEATED.map(playerOf)], channels: GAMES.map((g) => g.channel) },
      { maps: recorded.maps },
    );
    await h.start();
  });

  /**
   * The scene a posted map was drawn from: of the pictures drawn under the attachment's file name (both games draw one
   * per phase), the one whose PNG, as the renderer drew it, is byte for byte the posted one.
   */
  async function sceneOfPosted(attachment: FakeMessage['attachments'][number]): Promise<Scene> {
    for (const d of recorded.drawn.filter((x) => x.name === attachment.filename)) {
      if (!d.png?.equals(attachment.data)) continue;
      const built = buildScene(d.variant, d.position, d.opts);
      if (!built.ok) throw new Error(built.error);
      return built.scene;
    }
    throw new Error(`no recorded picture is the posted ${attachment.filename}`);
  }

  afterAll(async () => {
    await h?.close();
  });

  const channelPosts = (channel: string): FakeMessage[] => h.fake.channelMessages(channel).filter((m) => !m.pinned);

  async function readyAll(channel: string, powers: readonly Seated[]): Promise<void> {
    for (const power of powers) {
      const reply = await h.fake.slash(playerOf(power), channel, 'ready');
      expect(reply.text, reply.text).toContain(`${power} is ready`);
    }
  }

  it('creates both games with their option, seats 9 players through the 21-power autocomplete, and starts them', async () => {
    for (const { channel, mode } of GAMES) {
      const created = await h.fake.slash('gm', channel, 'game create', {
        variant: 'warhammer',
        options: `decisiveBattles=${mode}`,
        movement: '1h',
        retreat: '1h',
        adjustment: '1h',
      });
      expect(created.text).toContain('**Warhammer Diplomacy');
      expect(created.text).toContain(
        mode === 'gm'
          ? 'the game master reports each winner with `/gm act action:battle`'
          : 'a roll weighted by army size decides each',
      );
      // 21 powers fit in one autocomplete list (at most 25); typing filters them.
      const all = await h.fake.autocomplete(playerOf('Bretonnia'), channel, 'game join', { power: '' }, 'power');
      expect(all).toHaveLength(21);
      expect(all.map((c) => c.value)).toEqual(expect.arrayContaining(['Tilea', 'Estalia', 'Orcs & Goblins', 'Nippon']));
      const elves = await h.fake.autocomplete(playerOf('Bretonnia'), channel, 'game join', { power: 'elves' }, 'power');
      expect(elves.map((c) => c.value).sort()).toEqual(['Dark Elves', 'High Elves', 'Wood Elves']);
      for (const power of SEATED) {
        const joined = await h.fake.slash(playerOf(power), channel, 'game join', { power });
        expect(joined.text).toContain(`joined the game as **${power}**`);
      }
      const started = await h.fake.slash('gm', channel, 'game start');
      expect(started.text).toContain('9 players');
      expect(started.text).toContain('In civil disorder: ');
      const startPost = await h.fake.waitForChannelMessage(channel, (m) => m.content.includes('has started'));
      expectMapPost(startPost, MARKED_MAP_BUDGET);
      expect(startPost.content).toContain(
        'In civil disorder (units hold): Chaos, Norse, Dark Elves, High Elves, Chaos Dwarves, Tomb Kings, Araby, Lizardmen, Ind, Cathay, Nippon, Estalia',
      );
      // The status of 21 powers (each seated or in civil disorder) is readable in full.
      const status = await h.fake.slash('gm', channel, 'game status');
      for (const power of ['Chaos', 'Bretonnia', 'Nippon', 'Orcs & Goblins'])
        expect(status.text).toContain(`${power} (`);
      expect(status.text).toContain('Chaos (civil disorder)');
    }
  });

  it('before the first Spring the Dogs of War player musters privately (gm game), or takes the default (dice game)', async () => {
    for (const { channel } of GAMES) {
      await h.fake.waitForDm(
        playerOf('Tilea'),
        (m) =>
          m.content.includes('Tilea (Dogs of War) picks its starting city') &&
          m.content.includes(`<#${h.fake.channel(channel).id}>`),
      );
      const status = await h.fake.slash('gm', channel, 'game status');
      expect(status.text).toContain('The Dogs of War are choosing their city');
    }
    // gm game: Tilea chooses a fleet in Remas, privately.
    const cities = await h.fake.autocomplete(
      playerOf('Tilea'),
      'wh-gm',
      'act',
      { action: 'muster', choice: '' },
      'choice',
    );
    expect(cities.map((c) => c.value).sort()).toEqual(['mira', 'rema']);
    expect(
      (await h.fake.slash(playerOf('Empire'), 'wh-gm', 'act', { action: 'muster', choice: 'rema', detail: 'fleet' }))
        .text,
    ).toContain('only a Dogs of War player chooses');
    const since = h.fake.deliveries.length;
    const mustered = await h.fake.slash(playerOf('Tilea'), 'wh-gm', 'act', {
      action: 'muster',
      choice: 'rema',
      detail: 'fleet',
    });
    expect(mustered.ephemeral).toBe(true);
    expect(mustered.text).toContain('Stored for Tilea: a fleet in rema. Every Dogs of War player has chosen');
    const placed = await h.fake.waitForChannelMessage('wh-gm', (m) =>
      m.content.startsWith('🐕 **The Dogs of War have mustered**'),
    );
    expectMapPost(placed, MARKED_MAP_BUDGET);
    expect(placed.content).toContain('• Tilea: fleet in Remas (rema)');
    expect(placed.content).toContain('**Spring 2500 movement**: orders with `/order`');
    expect(
      h.fake.deliveries
        .slice(since)
        .filter((d) => d.via === 'channel' && d.content.includes('rema'))
        .map((d) => d.messageId),
    ).toEqual([placed.id]);
    // dice game: the game master closes the choice; Tilea gets the default, an army in its first city.
    await slashConfirmed(h, 'gm', 'wh-dice', 'gm advance');
    const byDefault = await h.fake.waitForChannelMessage('wh-dice', (m) =>
      m.content.startsWith('🐕 **The Dogs of War have mustered**'),
    );
    expect(byDefault.content).toContain('• Tilea: army in Miragliano (mira) (no choice was made: the default)');
    for (const { channel } of GAMES) {
      const orders = await h.fake.slash(playerOf('Tilea'), channel, 'orders show');
      expect(orders.text).toContain(channel === 'wh-gm' ? 'F rema' : 'A mira');
    }
  });

  it('Spring 2500: the provisional results and map, then private declarations', async () => {
    for (const { channel } of GAMES) {
      for (const [power, listed] of Object.entries(SPRING) as [Seated, string[]][]) {
        const orders = power === 'Tilea' ? [TILEA[channel]!] : listed;
        const reply = await h.fake.slash(playerOf(power), channel, 'order', { orders: orders.join('; ') });
        expect(reply.text, `${power}: ${reply.text}`).not.toContain('❌');
      }
      const before = channelPosts(channel).length;
      await readyAll(channel, SEATED);
      const provisional = await h.fake.waitForChannelMessage(
        channel,
        (m) => m.content.startsWith('**Spring 2500 movement: provisional results**'),
        20_000,
      );
      expectMapPost(provisional, MARKED_MAP_BUDGET);
      // The provisional map marks the Wasteland, where a battle may be declared (dark swords, no power), in its legend too.
      const marked = await sceneOfPosted(provisional.attachments[0]!);
      expect(marked.overlays.map((o) => [o.province, o.glyph, o.color, o.legend])).toEqual([
        ['wast', 'swords', '#3a3a3a', 'a decisive battle may be declared here'],
      ]);
      expect(marked.legend.keys.filter((k) => k.kind === 'overlay').map((k) => k.text)).toEqual([
        'a decisive battle may be declared here',
      ]);
      const text = textOf(provisional);
      expect(text).toContain('`A cour - wast`');
      expect(text).toContain('__Bretonnia__: decisive move A cour → The Wasteland (wast)');
      expect(text).toContain('__Empire__: decisive move A altd → The Wasteland (wast)');
      expect(channelPosts(channel).length).toBe(before + 1);
      for (const power of ['Bretonnia', 'Empire'] as const) {
        await h.fake.waitForDm(
          playerOf(power),
          (m) =>
            m.content.includes('Decisive Battle phase has begun') &&
            m.content.includes(`<#${h.fake.channel(channel).id}>`),
        );
      }
      // Orders are closed now.
      const late = await h.fake.slash(playerOf('Kislev'), channel, 'order', { orders: 'A praa - kisl' });
      expect(late.text).toContain('Decisive Battle phase');
      // A player with nothing to declare is told so.
      expect(
        (await h.fake.slash(playerOf('Wood Elves'), channel, 'act', { action: 'declare', choice: 'none' })).text,
      ).toContain('no unit that may fight');

      // Bretonnia's autocomplete offers its declaration and a pass; its choice is private.
      const offered = await h.fake.autocomplete(
        playerOf('Bretonnia'),
        channel,
        'act',
        { action: 'declare', choice: '' },
        'choice',
      );
      expect(offered.map((c) => c.name)).toEqual([
        'decisive move A cour → The Wasteland (wast)',
        'none: pass (declare nothing)',
      ]);
      const since = h.fake.deliveries.length;
      const declared = await h.fake.slash(playerOf('Bretonnia'), channel, 'act', {
        action: 'declare',
        choice: String(offered[0]!.value),
      });
      expect(declared.ephemeral).toBe(true);
      expect(declared.text).toContain('Stored for Bretonnia: decisive move A cour → The Wasteland (wast)');
      await h.fake.waitForDm(playerOf('Bretonnia'), (m) =>
        m.content.includes('Your decisive battle declarations for Bretonnia'),
      );
      const status = await h.fake.slash('gm', channel, 'game status');
      expect(status.text).toContain('⚔️ answered');
      expect(status.text).toContain('⏳ may declare');
      // Secret until the deadline: nobody but Bretonnia's player saw it.
      for (const d of h.fake.deliveries.slice(since)) {
        const own = d.audience.kind === 'user' && d.audience.userId === h.fake.user(playerOf('Bretonnia')).id;
        if (!own)
          expect(textOf(d), `leaked via ${d.via}`).not.toMatch(
            /Stored for Bretonnia|declarations for Bretonnia|\(declared\)/,
          );
      }
    }
  });

  it('gm mode: the battle with its army sizes, the game master reports the winner, the final results follow', async () => {
    const channel = 'wh-gm';
    const before = channelPosts(channel).length;
    const passed = await h.fake.slash(playerOf('Empire'), channel, 'act', { action: 'declare', choice: 'none' });
    expect(passed.text).toContain('Everyone has answered');
    const battles = await h.fake.waitForChannelMessage(channel, (m) =>
      m.content.includes('Spring 2500 movement: decisive battles'),
    );
    expect(textOf(battles)).toContain('Bretonnia A cour (declared): Bretonnia 1,500 pts');
    expect(textOf(battles)).toContain('Empire A altd: Empire 1,500 pts');
    const choices = await h.fake.autocomplete(
      'gm',
      channel,
      'gm act',
      { action: 'battle', choice: '', detail: '' },
      'choice',
    );
    expect(choices).toEqual(
      [{ name: 'The Wasteland (wast): Empire vs Bretonnia', value: 'wast' }].map((c) => ({
        ...c,
        name: expect.stringContaining('The Wasteland (wast)'),
      })),
    );
    const sides = await h.fake.autocomplete(
      'gm',
      channel,
      'gm act',
      { action: 'battle', choice: 'wast', detail: '' },
      'detail',
    );
    expect(sides.map((c) => c.value).sort()).toEqual(['Bretonnia', 'Empire']);
    expect(
      (
        await h.fake.slash(playerOf('Empire'), channel, 'gm act', {
          action: 'battle',
          choice: 'wast',
          detail: 'Empire',
        })
      ).text,
    ).toContain('Only the game master');
    const reported = await h.fake.slash('gm', channel, 'gm act', {
      action: 'battle',
      choice: 'wast',
      detail: 'Bretonnia',
    });
    expect(reported.text).toContain('Every battle is reported');
    const results = await waitForResultsIn(h, channel, 'Spring 2500 movement');
    const parts = await expectResultsPost(h, results, MARKED_MAP_BUDGET);
    expect(textOf(results)).toContain('✅ `A cour - wast`');
    await expectBattleWon(parts, 'Bretonnia');
    // The Decisive Battle posts come in order, each once, and nothing of the other game is among them.
    const posts = channelPosts(channel)
      .slice(before)
      .map((m) => m.content.split('\n')[0]);
    expect(posts).toEqual([
      '⚔️ **Spring 2500 movement: decisive battles** (1)',
      '⚔️ **Spring 2500 movement: battle outcomes**',
      '**Spring 2500 movement: results**',
      '**The board after the results above**',
    ]);
    winnerIn.set(channel, 'Bretonnia');
  });

  it('dice mode: the seeded roll decides and is shown, then the final results', async () => {
    const channel = 'wh-dice';
    const before = channelPosts(channel).length;
    const offered = await h.fake.autocomplete(
      playerOf('Empire'),
      channel,
      'act',
      { action: 'declare', choice: 'altd' },
      'choice',
    );
    expect(offered.map((c) => c.value)).toEqual(['move A altd']);
    await h.fake.slash(playerOf('Empire'), channel, 'act', { action: 'declare', choice: 'move A altd' });
    const battles = await h.fake.waitForChannelMessage(channel, (m) =>
      m.content.includes('Spring 2500 movement: decisive battles'),
    );
    const text = textOf(battles);
    expect(text).toContain('Bretonnia A cour (declared): Bretonnia 1,500 pts');
    expect(text).toContain('Empire A altd (declared): Empire 1,500 pts');
    const rolled = /🎲 Rolled \*\*([\d,]+)\*\* of 3,000: \*\*(Bretonnia|Empire)\*\*/.exec(text);
    expect(rolled, text).not.toBeNull();
    const value = Number(rolled![1]!.replace(/,/g, ''));
    const winner = rolled![2] as 'Bretonnia' | 'Empire';
    // The side whose range holds the roll wins.
    const range = new RegExp(`• ${winner} A \\w+ \\(declared\\): ${winner} 1,500 pts · roll ([\\d,]+)–([\\d,]+)`).exec(
      text,
    )!;
    expect(value).toBeGreaterThanOrEqual(Number(range[1]!.replace(/,/g, '')));
    expect(value).toBeLessThanOrEqual(Number(range[2]!.replace(/,/g, '')));
    const results = await waitForResultsIn(h, channel, 'Spring 2500 movement');
    const parts = await expectResultsPost(h, results, MARKED_MAP_BUDGET);
    expect(textOf(results)).toContain(winner === 'Bretonnia' ? '✅ `A cour - wast`' : '✅ `A altd - wast`');
    await expectBattleWon(parts, winner);
    expect(
      channelPosts(channel)
        .slice(before)
        .map((m) => m.content.split('\n')[0]),
    ).toEqual([
      '⚔️ **Spring 2500 movement: decisive battles** (1)',
      '**Spring 2500 movement: results**',
      '**The board after the results above**',
    ]);
    winnerIn.set(channel, winner);
  });

  it('Fall and Winter 2500: the battle winner keeps the Wasteland and builds for it', async () => {
    for (const { channel } of GAMES) {
      const winner = winnerIn.get(channel)!;
      await readyAll(channel, SEATED);
      const fall = await waitForResultsIn(h, channel, 'Fall 2500 movement');
      expect(textOf(fall)).toContain(`• The Wasteland (wast): neutral → ${winner}`);
      // Winter: only the winner has something to decide (one build); its home city is free again.
      const home = winner === 'Bretonnia' ? 'cour' : 'altd';
      const build = await h.fake.slash(playerOf(winner), channel, 'order', { orders: `A ${home} B` });
      expect(build.text).not.toContain('❌');
      await h.fake.slash(playerOf(winner), channel, 'ready');
      const winter = await waitForResultsIn(h, channel, 'Winter 2500 adjustment');
      expect(textOf(winter)).toContain(`✅ \`A ${home} B\``);
      expect(textOf(winter)).toContain('Spring 2501 movement');
    }
  });

  /** The final results' orders map marks the Wasteland's battle with its winner, in the winner's colour; the board after does not. */
  async function expectBattleWon(parts: FakeMessage[], winner: 'Bretonnia' | 'Empire'): Promise<void> {
    const [orders, after] = await Promise.all([parts[0]!, parts.at(-1)!].map((m) => sceneOfPosted(m.attachments[0]!)));
    const colour = orders!.legend.entries.find((e) => e.power === winner)!.color;
    expect(orders!.overlays.map((o) => [o.province, o.glyph, o.color, o.legend])).toEqual([
      ['wast', 'swords', colour, `decisive battle won by ${winner}`],
    ]);
    expect(orders!.legend.keys.filter((k) => k.kind === 'overlay').map((k) => k.text)).toEqual([
      `decisive battle won by ${winner}`,
    ]);
    expect(after!.overlays).toEqual([]);
  }

  it('every message stayed within Discord limits (the stand-in refused nothing)', () => {
    expect(h.fake.unexpectedErrors()).toEqual([]);
  });
});
