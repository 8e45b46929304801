/**
 * The Dogs of War choices, `follow` and a Sepoy's revolt in a Warhammer game (decisive battles `gm`)
 * through the Discord stand-in.
 *
 * Both Dogs of War seats choose privately (each only among its own cities, a fleet only on a coast, once); the board
 * is posted once when both are in. The Wood Elves are then conquered on the stored board (the Empire holds
 * Athel-Loren: years of play a test need not replay) and their player becomes the Empire's Sepoy with
 * `/act action:follow`; with two battles already won (also set on the board), it cannot revolt yet. The Empire gives
 * it the Wasteland battle, the game master reports the Empire's win, and the third win is counted on the next board.
 * In Winter the Sepoy revolts in Athel Loren with `/act action:revolt`: told once in the channel, the army is on the
 * board, and Spring 2501 has the Wood Elves back as a power.
 */
import { eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seatedToAct } from '../../src/game/phase/duties.js';
import { phases } from '../../src/store/schema.js';
import { getVariant } from '../../src/variants/index.js';
import { textOf } from '../support/fake-discord/index.js';
import { createHarness, waitForResults, type Harness } from './harness.js';

const CHANNEL = 'wh-follow';
const variant = getVariant('warhammer')!;
const SEATED = ['Empire', 'Bretonnia', 'Wood Elves', 'Tilea', 'Estalia'] as const;
const playerOf = (power: string) => `follow-${power.toLowerCase().replace(/[^a-z]+/g, '-')}`;

interface FollowerState {
  followers: Record<string, { role: string; master: string; wins: number }>;
}

describe('Dogs of War, a Sepoy and its revolt through the Discord stand-in', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness({ users: ['gm', ...SEATED.map(playerOf)], channels: [CHANNEL] });
    await h.start();
  });
  afterAll(async () => {
    await h?.close();
  });

  const openPhase = async () =>
    (await h.database.db.select().from(phases).where(isNull(phases.resolvedAt))).sort((a, b) => b.idx - a.idx)[0]!;
  const followersOf = (position: { variantState?: unknown }) => (position.variantState as FollowerState).followers;
  const channelTexts = (since: number) =>
    h.fake.deliveries
      .slice(since)
      .filter((d) => d.via === 'channel')
      .map((d) => textOf(d));
  /** Every seated power with something to decide says it is ready. */
  async function readyActing(): Promise<void> {
    const phase = await openPhase();
    for (const power of seatedToAct(variant, phase.position, [...SEATED])) {
      const ready = await h.fake.slash(playerOf(power), CHANNEL, 'ready');
      expect(ready.text, ready.text).toContain(`${power} is ready`);
    }
  }

  it('both Dogs of War seats choose their city and unit privately; the board is posted once', async () => {
    await h.fake.slash('gm', CHANNEL, 'game create', {
      variant: 'warhammer',
      options: 'decisiveBattles=gm',
      movement: '1h',
      retreat: '1h',
      adjustment: '1h',
    });
    for (const power of SEATED)
      expect((await h.fake.slash(playerOf(power), CHANNEL, 'game join', { power })).text).toContain(`as **${power}**`);
    await h.fake.slash('gm', CHANNEL, 'game start');
    for (const power of ['Tilea', 'Estalia']) {
      await h.fake.waitForDm(playerOf(power), (m) =>
        m.content.includes(`${power} (Dogs of War) picks its starting city`),
      );
    }
    // Each seat is offered its own country's cities only.
    const tilean = await h.fake.autocomplete(
      playerOf('Tilea'),
      CHANNEL,
      'act',
      { action: 'muster', choice: '' },
      'choice',
    );
    const estalian = await h.fake.autocomplete(
      playerOf('Estalia'),
      CHANNEL,
      'act',
      { action: 'muster', choice: '' },
      'choice',
    );
    expect(tilean.map((c) => c.value).sort()).toEqual(['mira', 'rema']);
    // A Dogs of War seat has no unit before its muster, but nobody conquered it: it musters, it does not follow.
    const offered = await h.fake.autocomplete(playerOf('Tilea'), CHANNEL, 'act', { action: '' }, 'action');
    expect(offered.map((c) => c.value)).toEqual(['muster']);
    expect((await h.fake.slash(playerOf('Tilea'), CHANNEL, 'act', { action: 'follow', choice: 'sepoy' })).text).toBe(
      '⚠️ Tilea has not started yet: a Dogs of War player first chooses a city and a unit (`/act action:muster`). Only a conquered player fights on as a Sepoy or a Mercenary.',
    );
    expect(estalian.map((c) => c.value)).not.toContain('mira');
    expect(estalian.map((c) => c.value)).toContain('magr');
    const since = h.fake.deliveries.length;
    const wrongCountry = await h.fake.slash(playerOf('Estalia'), CHANNEL, 'act', {
      action: 'muster',
      choice: 'mira',
      detail: 'army',
    });
    expect(wrongCountry.text).toContain('"mira" is not a city Estalia may start in');
    const first = await h.fake.slash(playerOf('Tilea'), CHANNEL, 'act', {
      action: 'muster',
      choice: 'rema',
      detail: 'fleet',
    });
    expect(first.ephemeral).toBe(true);
    expect(first.text).toContain('Stored for Tilea: a fleet in rema');
    expect(first.text).not.toContain('Every Dogs of War player has chosen');
    // Nothing public yet: the choice is secret until every seat has chosen.
    expect(channelTexts(since).filter((t) => t.includes('rema'))).toEqual([]);
    const status = await h.fake.slash('gm', CHANNEL, 'game status');
    expect(status.text).toContain('The Dogs of War are choosing their city');
    const second = await h.fake.slash(playerOf('Estalia'), CHANNEL, 'act', {
      action: 'muster',
      choice: 'magr',
      detail: 'army',
    });
    expect(second.text).toContain('Every Dogs of War player has chosen');
    const mustered = await h.fake.waitForChannelMessage(CHANNEL, (m) =>
      m.content.startsWith('🐕 **The Dogs of War have mustered**'),
    );
    expect(mustered.content).toContain('• Tilea: fleet in Remas (rema)');
    expect(mustered.content).toContain('• Estalia: army in Magritta (magr)');
    const late = await h.fake.slash(playerOf('Tilea'), CHANNEL, 'act', {
      action: 'muster',
      choice: 'mira',
      detail: 'army',
    });
    expect(late.text).not.toContain('Stored for Tilea');
    expect(
      h.fake.channelMessages(CHANNEL).filter((m) => m.content.startsWith('🐕 **The Dogs of War have mustered**')),
    ).toHaveLength(1);
    const board = (await openPhase()).position.units;
    expect(board).toContainEqual(expect.objectContaining({ power: 'Tilea', type: 'F', province: 'rema' }));
    expect(board).toContainEqual(expect.objectContaining({ power: 'Estalia', type: 'A', province: 'magr' }));
  });

  it('a conquered player follows as a Sepoy; with two wins it cannot revolt yet', async () => {
    // `/act` offers the actions open to the caller now: `follow` only to a conquered player (seed: "Conquered players
    // may still play on as either a Sepoy or a Mercenary").
    const actions = async (power: string) =>
      (await h.fake.autocomplete(playerOf(power), CHANNEL, 'act', { action: '' }, 'action')).map((c) => c.value);
    expect(await actions('Wood Elves')).not.toContain('follow');
    const refused = await h.fake.slash(playerOf('Wood Elves'), CHANNEL, 'act', { action: 'follow', choice: 'sepoy' });
    expect(refused.text).toContain('still has units or centres');
    // The Wood Elves are conquered: the Empire holds Athel-Loren (set on the stored board).
    const spring = await openPhase();
    const conquered = structuredClone(spring.position);
    conquered.units = conquered.units.filter((u) => u.power !== 'Wood Elves');
    conquered.supplyCenters['Wood Elves'] = [];
    conquered.supplyCenters.Empire = [...conquered.supplyCenters.Empire!, 'athe'];
    await h.database.db.update(phases).set({ position: conquered }).where(eq(phases.id, spring.id));

    expect(await actions('Wood Elves')).toContain('follow');
    expect(await actions('Empire')).not.toContain('follow');
    const roles = await h.fake.autocomplete(
      playerOf('Wood Elves'),
      CHANNEL,
      'act',
      { action: 'follow', choice: '' },
      'choice',
    );
    expect(roles.map((c) => c.value)).toEqual(['sepoy', 'mercenary']);
    const since = h.fake.deliveries.length;
    const followed = await h.fake.slash(playerOf('Wood Elves'), CHANNEL, 'act', { action: 'follow', choice: 'sepoy' });
    expect(followed.text).toBe('🤝 Wood Elves now fights as a Sepoy of Empire. The channel and Empire are told.');
    const told = await h.fake.waitForChannelMessage(CHANNEL, (m) =>
      m.content.startsWith('🤝 Wood Elves now fights as a **Sepoy** of Empire'),
    );
    await h.fake.waitForDm(playerOf('Empire'), (m) => m.content.includes('/act action:declare detail:Wood Elves'));
    expect(channelTexts(since).filter((t) => t.includes('🤝'))).toEqual([told.content]);
    expect((await h.fake.slash('gm', CHANNEL, 'game status')).text).toContain('Sepoy of Empire, 0 won');

    // Two battles already won (set on the board): a revolt needs three, and an adjustment phase.
    const withWins = structuredClone((await openPhase()).position);
    followersOf(withWins)['Wood Elves']!.wins = 2;
    await h.database.db.update(phases).set({ position: withWins }).where(eq(phases.id, spring.id));
    const early = await h.fake.slash(playerOf('Wood Elves'), CHANNEL, 'act', {
      action: 'revolt',
      choice: 'athe',
      detail: 'army',
    });
    expect(early.text).toContain('(2 won so far)');
    expect(
      await h.fake.autocomplete(playerOf('Wood Elves'), CHANNEL, 'act', { action: 'revolt', choice: '' }, 'choice'),
    ).toEqual([]);
  });

  it("the Empire gives its Sepoy the Wasteland battle; the game master's report counts the third win", async () => {
    for (const [power, orders] of [
      ['Empire', 'A altd - wast'],
      ['Bretonnia', 'A cour - wast'],
    ] as const) {
      expect((await h.fake.slash(playerOf(power), CHANNEL, 'order', { orders })).text).not.toContain('❌');
    }
    await readyActing();
    await h.fake.waitForChannelMessage(
      CHANNEL,
      (m) => m.content.startsWith('**Spring 2500 movement: provisional results**'),
      20_000,
    );
    await h.fake.waitForDm(
      playerOf('Empire'),
      (m) => m.content.includes('Decisive Battle phase has begun') && m.content.includes('Wood Elves'),
    );
    const commanders = await h.fake.autocomplete(
      playerOf('Empire'),
      CHANNEL,
      'act',
      { action: 'declare', choice: 'move A altd', detail: '' },
      'detail',
    );
    expect(commanders.map((c) => c.value)).toEqual(expect.arrayContaining(['Empire', 'Wood Elves']));
    const declared = await h.fake.slash(playerOf('Empire'), CHANNEL, 'act', {
      action: 'declare',
      choice: 'move A altd',
      detail: 'Wood Elves',
    });
    expect(declared.text).toContain('Stored for Wood Elves: decisive move A altd → The Wasteland (wast)');
    await h.fake.slash(playerOf('Empire'), CHANNEL, 'act', { action: 'declare', choice: 'none' });
    await h.fake.slash(playerOf('Bretonnia'), CHANNEL, 'act', { action: 'declare', choice: 'none' });
    const battles = await h.fake.waitForChannelMessage(CHANNEL, (m) =>
      m.content.includes('Spring 2500 movement: decisive battles'),
    );
    // The battles post names the Sepoy who leads the Empire's side.
    expect(textOf(battles)).toContain('• Empire A altd (declared, led by its Sepoy Wood Elves): Empire 1,500 pts');
    const reported = await h.fake.slash('gm', CHANNEL, 'gm act', {
      action: 'battle',
      choice: 'wast',
      detail: 'Empire',
    });
    expect(reported.text).toContain('Every battle is reported');
    await waitForResults(h, CHANNEL, 'Spring 2500 movement');
    const fall = await openPhase();
    expect(fall.season).toBe('fall');
    expect(followersOf(fall.position)['Wood Elves']).toEqual({ role: 'sepoy', master: 'Empire', wins: 3 });
    expect((await h.fake.slash('gm', CHANNEL, 'game status')).text).toContain('Sepoy of Empire, 3 won');
    // Three wins, but Fall is not an adjustment phase.
    expect(
      (await h.fake.slash(playerOf('Wood Elves'), CHANNEL, 'act', { action: 'revolt', choice: 'athe', detail: 'army' }))
        .text,
    ).toContain('(3 won so far)');
  });

  it('in Winter the Sepoy revolts in Athel Loren: said once, on the board, a power again in Spring 2501', async () => {
    await readyActing();
    await waitForResults(h, CHANNEL, 'Fall 2500 movement');
    expect((await openPhase()).type).toBe('adjustment');
    const offered = await h.fake.autocomplete(
      playerOf('Wood Elves'),
      CHANNEL,
      'act',
      { action: 'revolt', choice: '' },
      'choice',
    );
    expect(offered.map((c) => c.value)).toContain('athe');
    const since = h.fake.deliveries.length;
    const revolted = await h.fake.slash(playerOf('Wood Elves'), CHANNEL, 'act', {
      action: 'revolt',
      choice: 'athe',
      detail: 'army',
    });
    expect(revolted.text).toBe('🔥 Wood Elves revolts: athe is your new capital, with an army. The channel is told.');
    const told = await h.fake.waitForChannelMessage(CHANNEL, (m) =>
      m.content.startsWith('🔥 Wood Elves, Sepoy of Empire, revolts in **Winter 2500 adjustment**'),
    );
    expect(told.content).toContain('Athel Loren (athe) is its new capital, with an army');
    const again = await h.fake.slash(playerOf('Wood Elves'), CHANNEL, 'act', {
      action: 'revolt',
      choice: 'athe',
      detail: 'army',
    });
    expect(again.text).toContain('not a Sepoy');
    const winter = (await openPhase()).position;
    expect(winter.units).toContainEqual(expect.objectContaining({ power: 'Wood Elves', type: 'A', province: 'athe' }));
    expect(winter.supplyCenters['Wood Elves']).toEqual(['athe']);
    expect(followersOf(winter)['Wood Elves']).toBeUndefined();
    await readyActing();
    const results = await waitForResults(h, CHANNEL, 'Winter 2500 adjustment');
    expect(textOf(results)).toContain('Spring 2501 movement');
    expect(channelTexts(since).filter((t) => t.includes('🔥'))).toEqual([told.content]);
    const spring = await openPhase();
    expect(spring.year).toBe(2501);
    expect(spring.position.units).toContainEqual(expect.objectContaining({ power: 'Wood Elves', province: 'athe' }));
    expect((await h.fake.slash(playerOf('Wood Elves'), CHANNEL, 'orders show')).text).toContain('A athe');
    expect(h.fake.unexpectedErrors()).toEqual([]);
  });
});
