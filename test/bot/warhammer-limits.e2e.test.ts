/**
 * A busy 21-power Warhammer phase against the Discord stand-in, which refuses anything over Discord's limits
 * (2,000 characters of content, 10 embeds of 4,096, 6,000 in all, 25 autocomplete choices): every power seated
 * (both Dogs of War seats), every unit given a move, then the status message, the results post (several messages),
 * `/game status`,
 * `/orders show`, `/history` and `/why` must carry everything, within the limits, each post once and in order.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { legalOrders } from '../../src/engine/options.js';
import { getVariant } from '../../src/variants/index.js';
import { textOf } from '../support/fake-discord/index.js';
import {
  createHarness,
  expectResultsPost,
  type Harness,
  MARKED_MAP_BUDGET,
  realMaps,
  waitForResults,
} from './harness.js';

const CHANNEL = 'wh-busy';
const variant = getVariant('warhammer')!;
const POWERS = variant.powers.map((p) => p.name);
const playerOf = (power: string) => `busy-${power.toLowerCase().replace(/[^a-z]+/g, '-')}`;

describe('a busy 21-power Warhammer phase fits Discord', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness({ users: ['gm', ...POWERS.map(playerOf)], channels: [CHANNEL] }, { maps: realMaps() });
    await h.start();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('seats all 21 powers; the Dogs of War muster', async () => {
    expect(POWERS).toHaveLength(21);
    await h.fake.slash('gm', CHANNEL, 'game create', {
      variant: 'warhammer',
      options: 'decisiveBattles=off',
      movement: '1h',
      retreat: '1h',
      adjustment: '1h',
    });
    for (const power of POWERS)
      expect((await h.fake.slash(playerOf(power), CHANNEL, 'game join', { power })).text).toContain(`as **${power}**`);
    expect(await h.fake.autocomplete(playerOf('Tilea'), CHANNEL, 'game join', { power: '' }, 'power')).toEqual([]);
    await h.fake.slash('gm', CHANNEL, 'game start');
    await h.fake.slash(playerOf('Tilea'), CHANNEL, 'act', { action: 'muster', choice: 'mira', detail: 'army' });
    const placed = await h.fake.slash(playerOf('Estalia'), CHANNEL, 'act', {
      action: 'muster',
      choice: 'magr',
      detail: 'fleet',
    });
    expect(placed.text).toContain('Every Dogs of War player has chosen');
    const mustered = await h.fake.waitForChannelMessage(CHANNEL, (m) =>
      m.content.startsWith('🐕 **The Dogs of War have mustered**'),
    );
    expect(mustered.content).toContain('• Estalia: fleet in Magritta (magr)');
    expect(mustered.content).toContain('• Tilea: army in Miragliano (mira)');
  });

  it('every unit moves; the results post, status and replies carry all 21 powers within the limits', async () => {
    const position = variant.startingPosition();
    // Every unit gets its first legal move (many bounce): a long results post.
    for (const power of POWERS) {
      const units = legalOrders(
        variant,
        {
          ...position,
          units: [
            ...position.units,
            ...(power === 'Tilea' ? [{ power, type: 'A' as const, province: 'mira', coast: null }] : []),
            ...(power === 'Estalia' ? [{ power, type: 'F' as const, province: 'magr', coast: null }] : []),
          ],
        },
        power,
      );
      const orders = units.map((u) => u.orders.find((o) => o.includes(' - ')) ?? u.orders[0]!);
      expect(orders.length, power).toBeGreaterThan(0);
      const reply = await h.fake.slash(playerOf(power), CHANNEL, 'order', { orders: orders.join('; ') });
      expect(reply.text, `${power}: ${reply.text}`).not.toContain('❌');
    }
    // The live status (pinned, edited in place) lists every power, in content and embeds.
    const status = await h.fake.slash('gm', CHANNEL, 'game status');
    for (const power of POWERS) expect(status.text).toContain(`${power} (<@`);
    const since = h.fake.deliveries.length;
    for (const power of POWERS) await h.fake.slash(playerOf(power), CHANNEL, 'ready');
    const results = await waitForResults(h, CHANNEL, 'Spring 2500 movement');
    // Longer than one message: it goes out as several, each within the limit, in order, no embeds; the board after
    // comes last, alone.
    const parts = (await expectResultsPost(h, results, MARKED_MAP_BUDGET)).slice(0, -1);
    const text = parts.map((m) => m.content).join('\n');
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) {
      expect(part.content.length).toBeLessThanOrEqual(2000);
      expect(part.embeds).toEqual([]);
    }
    expect(text.length).toBeGreaterThan(2000);
    for (const power of POWERS) expect(text).toContain(`__${power}__`);
    expect(text).toContain('Fall 2500 movement');
    // One results post, sent once.
    expect(
      h.fake.deliveries
        .slice(since)
        .filter((d) => d.via === 'channel' && d.content.includes('Spring 2500 movement: results')),
    ).toHaveLength(1);

    const pinned = h.fake.state.pinnedMessages(h.fake.channel(CHANNEL).id);
    expect(pinned).toHaveLength(1);
    await expect.poll(() => textOf(h.fake.message(pinned[0]!.id)), { timeout: 10_000 }).toContain('Fall 2500 movement');
    for (const power of POWERS) expect(textOf(h.fake.message(pinned[0]!.id))).toContain(`${power} (<@`);

    const history = await h.fake.slash(playerOf('Empire'), CHANNEL, 'history show', { phase: 'S2500M' });
    for (const power of POWERS) expect(history.text).toContain(`__${power}__`);
    const why = await h.fake.slash(playerOf('Empire'), CHANNEL, 'why', { province: 'wast' });
    expect(why.text.length).toBeGreaterThan(0);
    const choices = await h.fake.autocomplete(playerOf('Empire'), CHANNEL, 'why', { province: '' }, 'province');
    expect(choices).toHaveLength(25);
    expect(h.fake.unexpectedErrors()).toEqual([]);
  });
});
