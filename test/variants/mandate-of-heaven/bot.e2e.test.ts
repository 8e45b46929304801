/**
 * End to end for Mandate of Heaven in the bot: the fake Discord, the real bot and a temp-file database.
 * Six seats taken (Wei and Han in civil disorder); the neutrals cannot be joined; the Hsiung-Nu place their armies
 * first; in Spring 1 five players vote Song's army to Tang with `/order` (autocomplete offers the vote, marked),
 * no channel shows a vote before the phase resolves, and the results show the adopted order, never a voter;
 * the game goes on through the first winter.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { textOf } from '../../support/fake-discord/index.js';
import {
  createHarness,
  expectMapPost,
  type Harness,
  realMaps,
  slashConfirmed,
  waitForResults as waitForResultsIn,
} from '../../bot/harness.js';

const CHANNEL = 'mandate';
const SEATED = ['Qin', 'Chu', 'Qi', 'Yan', 'Zhao', 'Hsiung-Nu'];
const VOTERS = ['Qin', 'Chu', 'Qi', 'Yan', 'Zhao'];
const playerOf = (power: string) => `${power.toLowerCase()}-player`;

describe('a Mandate of Heaven game through the Discord bot', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(
      { users: ['gm', ...SEATED.map(playerOf), 'newcomer'], channels: [CHANNEL] },
      { maps: realMaps() },
    );
    await h.start();
  });
  afterAll(async () => {
    await h?.close();
  });
  const waitForResults = (label: string) => waitForResultsIn(h, CHANNEL, label);

  it('creates the game; the neutral powers are not offered; the Hsiung-Nu place first', async () => {
    await h.fake.slash('gm', CHANNEL, 'game create', {
      variant: 'mandate-of-heaven',
      movement: '1h',
      retreat: '1h',
      adjustment: '1h',
    });
    const free = (await h.fake.autocomplete(playerOf('Qin'), CHANNEL, 'game join', { power: '' }, 'power')).map((c) =>
      String(c.value),
    );
    expect(free).not.toContain('Song');
    const song = await h.fake.slash('newcomer', CHANNEL, 'game join', { power: 'Song' });
    expect(song.text).toContain('Song is a neutral power');
    for (const power of SEATED)
      expect((await h.fake.slash(playerOf(power), CHANNEL, 'game join', { power })).text).toContain(`**${power}**`);
    await h.fake.slash('gm', CHANNEL, 'game start');
    expectMapPost(await h.fake.waitForChannelMessage(CHANNEL, (m) => m.content.includes('has started')));
    // Only the Hsiung-Nu have something to do in the placement phase.
    expect((await h.fake.slash(playerOf('Qin'), CHANNEL, 'ready')).text).toContain('nothing to decide');
    const placed = await h.fake.slash(playerOf('Hsiung-Nu'), CHANNEL, 'order', {
      orders: 'Build A bei; Build A lfa; Build A ysh',
    });
    expect(placed.text).not.toContain('❌');
    await h.fake.slash(playerOf('Hsiung-Nu'), CHANNEL, 'ready');
    const results = await waitForResults('Placement — winter 369 BC (Year of the Pig)');
    expect(textOf(results)).toContain('✅ `A bei B`');
    expect(textOf(results)).toContain('Spring 369 BC movement');
  });

  it('Spring 1: votes for a neutral unit are secret until the phase resolves; the adopted order is published', async () => {
    const offered = await h.fake.autocomplete(playerOf('Qin'), CHANNEL, 'order', { orders: 'A son - t' }, 'orders');
    expect(offered.map((c) => c.name)).toContain('A son - tan (vote for Song)');
    const since = h.fake.deliveries.length;
    for (const power of VOTERS) {
      const reply = await h.fake.slash(playerOf(power), CHANNEL, 'order', { orders: 'A son - tan' });
      expect(reply.ephemeral).toBe(true);
      expect(reply.text).toContain('`A son - tan` (your secret vote)');
      await h.fake.waitForDm(
        playerOf(power),
        (m) => m.content.includes('A son - tan') && m.content.includes('secret vote'),
      );
    }
    for (const delivery of h.fake.deliveries.slice(since)) {
      if (delivery.audience.kind !== 'user')
        expect(textOf(delivery).includes('son - tan'), `a vote leaked via ${delivery.via}`).toBe(false);
    }
    const advanced = await slashConfirmed(h, 'gm', CHANNEL, 'gm advance');
    expect(advanced.text).toContain('Spring 369 BC movement');
    const text = textOf(await waitForResults('Spring 369 BC movement'));
    expect(text).toContain('__Song__\n✅ `A son - tan` (adopted by vote)');
    expect(text).toContain('`A luo H` (no majority)');
    for (const voter of VOTERS) expect(text.split(`__${voter}__`)[1]?.split('__')[0] ?? '').not.toContain('son');
  });

  it('plays on through the first winter', async () => {
    await slashConfirmed(h, 'gm', CHANNEL, 'gm advance');
    const fall = textOf(await waitForResults('Fall 369 BC movement'));
    // No centre changed hands and nobody has builds: the winter is skipped.
    expect(fall).toContain('Spring 368 BC movement');
    const status = await h.fake.slash('gm', CHANNEL, 'game status');
    expect(status.text).toContain('Spring 368 BC movement');
  });

  it('never answered with an unexpected error', () => {
    expect(h.fake.unexpectedErrors()).toEqual([]);
  });
});
