/**
 * A variant is a folder: the Beacons test variant (test/variants/beacons/: six provinces, one step
 * before the claim with a secret input, one action, one status line, one map overlay) is registered through the
 * registry alone and played end to end through the real bot against the local Discord stand-in. Nothing in src/
 * names it.
 *
 * Spring 1901: Red orders A a - b, Blue A f - e; both ready, so the orders close and the beacons step opens (orders
 * refused, `/ready` refused, status line). Red lights a beacon in Brindle, privately (ephemeral reply, DM; the
 * channel learns only that Red has lit one); Blue lights one in Carrow, which closes the step at once: the beacons
 * post, then the results post whose orders map rings both beacons; `/why` tells of the beacon; Fall 1901 begins.
 * In a Classic game `/act` says that variant has no such action.
 */
import { sqliteStoreOf } from '../../src/store/sqlite-store.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerVariant, unregisterVariant } from '../../src/variants/index.js';
import { renderInputForPicture } from '../../src/game/history/index.js';
import { phases } from '../../src/store/schema.js';
import { textOf } from '../support/fake-discord/index.js';
import { beacons, beaconsPlugin } from '../variants/beacons/index.js';
import { createHarness, partsOfPost, waitForResults, type Harness } from './harness.js';

const CHANNEL = 'beacons';
const CLASSIC = 'classic-table';

describe('a variant registered through the registry alone plays end to end', () => {
  let h: Harness;
  /** Everything the channel shows: its posts and the status message, as they read now. */
  const channelTexts = () => h.fake.channelMessages(CHANNEL).map((m) => textOf(m));

  beforeAll(async () => {
    registerVariant(beacons, beaconsPlugin);
    h = await createHarness({ users: ['gm', 'red', 'blue', 'ann'], channels: [CHANNEL, CLASSIC] });
    await h.start();
  });
  afterAll(async () => {
    await h?.close();
    unregisterVariant('beacons');
  });

  it('is offered by /game create and starts like any variant', async () => {
    const created = await h.fake.slash('gm', CHANNEL, 'game create', {
      variant: 'beacons',
      movement: '1h',
      retreat: '1h',
      adjustment: '1h',
    });
    expect(created.text).toContain('Beacons (test variant)');
    expect((await h.fake.slash('red', CHANNEL, 'game join', { power: 'Red' })).text).toContain('as **Red**');
    expect((await h.fake.slash('blue', CHANNEL, 'game join', { power: 'Blue' })).text).toContain('as **Blue**');
    await h.fake.slash('gm', CHANNEL, 'game start');
    const status = await h.fake.slash('red', CHANNEL, 'game status');
    expect(status.text).toContain(
      '🔥 Beacons: after the orders of each movement phase, every player lights a beacon in secret.',
    );
    // No step is under way: the action is offered nowhere and refused with the plug-in's sentence.
    expect(await h.fake.autocomplete('red', CHANNEL, 'act', { action: '' }, 'action')).toEqual([]);
    expect((await h.fake.slash('red', CHANNEL, 'act', { action: 'light', choice: 'b' })).text).toContain(
      'Beacons are lit only when the orders of a movement phase have closed.',
    );
  });

  it('closes the orders into the beacons step, whose input is secret', async () => {
    await h.fake.slash('red', CHANNEL, 'order', { orders: 'A a - b' });
    await h.fake.slash('blue', CHANNEL, 'order', { orders: 'A f - e' });
    await h.fake.slash('red', CHANNEL, 'ready');
    await h.fake.slash('blue', CHANNEL, 'ready');
    await expect
      .poll(async () => (await h.fake.slash('ann', CHANNEL, 'game status')).text, { timeout: 10_000 })
      .toContain('🔥 **Beacons**: 0 of 2 lit');
    expect((await h.fake.slash('red', CHANNEL, 'order', { orders: 'A a - d' })).text).toContain(
      'the beacons are being lit',
    );
    expect((await h.fake.slash('red', CHANNEL, 'ready')).text).toContain('light your beacon with `/act action:light`');

    // The action and its choices, from the plug-in.
    expect((await h.fake.autocomplete('red', CHANNEL, 'act', { action: '' }, 'action')).map((c) => c.value)).toEqual([
      'light',
    ]);
    const choices = await h.fake.autocomplete('red', CHANNEL, 'act', { action: 'light', choice: 'bri' }, 'choice');
    expect(choices).toEqual([{ name: 'Brindle (b)', value: 'b' }]);
    expect((await h.fake.slash('red', CHANNEL, 'act', { action: 'light', choice: 'zz' })).text).toContain(
      '"zz" is not a province of Beacons (test variant).',
    );
    expect((await h.fake.slash('red', CHANNEL, 'act', { action: 'shine' })).text).toContain(
      'has no `shine` action. Its actions: `light`.',
    );

    const lit = await h.fake.slash('red', CHANNEL, 'act', { action: 'light', choice: 'b' });
    expect(lit.ephemeral).toBe(true);
    expect(lit.text).toBe(
      '🔥 Stored for Red: a beacon in Brindle (b). You may move it until the beacons close; a DM confirms it.',
    );
    await h.fake.waitForDm(
      'red',
      (m) => m.content.includes('Your beacon for Red') && m.content.includes('Brindle (b)'),
    );
    // The channel learns that Red has lit one, never where.
    const status = await h.fake.slash('ann', CHANNEL, 'game status');
    expect(status.text).toContain('🔥 **Beacons**: 1 of 2 lit');
    expect(status.text).toMatch(/Red \(<@\d+>\).*beacon lit/);
    expect(status.text).toMatch(/Blue \(<@\d+>\).*no beacon yet/);
    expect(channelTexts().filter((t) => t.includes('Brindle'))).toEqual([]);
  });

  it('the last beacon closes the step: the beacons post, the results with the beacons ringed on the map, /why', async () => {
    const closed = await h.fake.slash('blue', CHANNEL, 'act', { action: 'light', choice: 'Carrow' });
    expect(closed.text).toBe(
      '🔥 Stored for Blue: a beacon in Carrow (c). Every beacon is lit: the results are being posted.',
    );
    const burn = await h.fake.waitForChannelMessage(CHANNEL, (m) =>
      m.content.startsWith('🔥 **Spring 1901 movement: the beacons burn**'),
    );
    expect(burn.content).toContain('Red in Brindle (b); Blue in Carrow (c)');
    const results = await waitForResults(h, CHANNEL, 'Spring 1901 movement');
    // Two maps, one per message: the orders with their results, then the board after (a six-province map is a small
    // PNG).
    const parts = await partsOfPost(h.fake, h.store.db, results);
    expect(
      [results, parts.at(-1)!].flatMap((m) =>
        m.attachments.map((a) => [a.contentType, a.filename.replace(/^.*-(orders|after)\.png$/, '$1')]),
      ),
    ).toEqual([
      ['image/png', 'orders'],
      ['image/png', 'after'],
    ]);
    expect(textOf(results)).toContain('Fall 1901 movement');
    expect(
      h.fake.deliveries.filter((d) => d.via === 'channel' && d.content.includes('Spring 1901 movement: results')),
    ).toHaveLength(1);

    // The overlay drawn on the orders map of that phase: a ring per beacon, in its power's colour, in the legend.
    const spring = (await h.database.db.select().from(phases)).find((p) => p.idx === 0)!;
    const picture = (await renderInputForPicture({ store: sqliteStoreOf(h.database) }, spring.id, 'orders'))!;
    expect(picture.overlays).toEqual([
      { kind: 'ring', province: 'b', power: 'Red', legend: 'beacon lit' },
      { kind: 'ring', province: 'c', power: 'Blue', legend: 'beacon lit' },
    ]);
    expect(
      (await renderInputForPicture({ store: sqliteStoreOf(h.database) }, spring.id, 'after'))!.overlays,
    ).toBeUndefined();

    const why = await h.fake.slash('ann', CHANNEL, 'why', { province: 'b' });
    expect(why.text).toContain('🔥 A beacon burned here (Red).');
    const status = await h.fake.slash('ann', CHANNEL, 'game status');
    expect(status.text).toContain('Fall 1901 movement');
    expect(status.text).not.toContain('🔥 **Beacons**');
    expect(h.fake.unexpectedErrors()).toEqual([]);
  });

  it('in a game of another variant, /act says there is no such action', async () => {
    await h.fake.slash('gm', CLASSIC, 'game create', { variant: 'classic' });
    await h.fake.slash('ann', CLASSIC, 'game join', { power: 'France' });
    await h.fake.slash('gm', CLASSIC, 'game start');
    expect(await h.fake.autocomplete('ann', CLASSIC, 'act', { action: '' }, 'action')).toEqual([]);
    const refused = await h.fake.slash('ann', CLASSIC, 'act', { action: 'light', choice: 'par' });
    expect(refused.text).toContain('Classic');
    expect(refused.text).toContain('has no actions beyond orders, so `/act light` does nothing in this game.');
  });
});
