/**
 * A 21-power Warhammer game for two years with every seat ordering through the bot, against the
 * Discord stand-in (which refuses anything over Discord's limits). Every power is seated (both Dogs of War
 * seats); in each phase every power with something to decide orders through `/order` (seeded random legal
 * orders: mostly moves and supports, so units bounce, get dislodged and retreat) and `/ready`, until Spring 2502.
 *
 * Each results post is checked against the text the bot queued for it in its outbox: the messages it went out in
 * (a post longer than one message is several, found by their nonces) are that text cut at line boundaries
 * only (joined again with the line breaks they were cut at, they give back the whole text, nothing truncated), each
 * under 2,000 characters, without embeds, one after the other; the results posts come in phase order, each once.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discordText } from '../../src/bot/markup.js';
import { adjustmentDelta } from '../../src/engine/adjustment.js';
import { legalOrders } from '../../src/engine/options.js';
import type { Position } from '../../src/engine/types.js';
import { seatedToAct } from '../../src/game/phase/duties.js';
import { outbox, phases } from '../../src/store/schema.js';
import { getVariant } from '../../src/variants/index.js';
import { rng } from '../support/random.js';
import {
  createHarness,
  expectResultsPost,
  type Harness,
  MARKED_MAP_BUDGET,
  realMaps,
  waitForResults,
} from './harness.js';

const CHANNEL = 'wh-years';
const SEED = 20261123;
const variant = getVariant('warhammer')!;
const POWERS = variant.powers.map((p) => p.name);
const playerOf = (power: string) => `years-${power.toLowerCase().replace(/[^a-z]+/g, '-')}`;
const SEASON_NAMES: Record<string, string> = { spring: 'Spring', fall: 'Fall', winter: 'Winter' };

describe('a 21-power Warhammer game for two years, every seat ordering', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness({ users: ['gm', ...POWERS.map(playerOf)], channels: [CHANNEL] }, { maps: realMaps() });
    await h.start();
  });
  afterAll(async () => {
    await h?.close();
  });

  /** The phase waiting for orders, read from the bot's database. */
  const openPhase = async () =>
    (await h.database.db.select().from(phases).where(isNull(phases.resolvedAt))).sort((a, b) => b.idx - a.idx)[0]!;

  /** Seeded legal orders for a power: in movement mostly moves and supports; every retreat; the builds or disbands owed. */
  function ordersFor(position: Position, power: string, random: () => number): string[] {
    const options = legalOrders(variant, position, power);
    if (position.phase.type === 'adjustment') {
      const owed = Math.abs(adjustmentDelta(position, power, variant.map, variant.rules));
      return options
        .slice(0, owed)
        .map((o) => o.orders[Math.floor(random() * o.orders.length)]!)
        .filter((o) => o !== 'WAIVE');
    }
    return options.map(({ orders }) => {
      const moves = orders.filter((o) => / - /.test(o) && !/ S /.test(o));
      const supports = orders.filter((o) => / S /.test(o));
      const r = random();
      const pool = r < 0.6 && moves.length > 0 ? moves : r < 0.85 && supports.length > 0 ? supports : orders;
      return pool[Math.floor(random() * pool.length)]!;
    });
  }

  it('seats all 21 powers and the Dogs of War muster', async () => {
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
    await h.fake.slash('gm', CHANNEL, 'game start');
    await h.fake.slash(playerOf('Tilea'), CHANNEL, 'act', { action: 'muster', choice: 'mira', detail: 'army' });
    await h.fake.slash(playerOf('Estalia'), CHANNEL, 'act', { action: 'muster', choice: 'magr', detail: 'fleet' });
    await h.fake.waitForChannelMessage(CHANNEL, (m) => m.content.startsWith('🐕 **The Dogs of War have mustered**'));
  });

  it('plays to Spring 2502: each results post is its queued text split at line boundaries, every part under 2,000 characters, in order, once', {
    timeout: 240_000,
  }, async () => {
    const random = rng(SEED);
    const labels: string[] = [];
    let longest = 0;
    let most = 0;
    for (let guard = 0; guard < 12; guard++) {
      const phase = await openPhase();
      if (phase.year === 2502) break;
      const label = `${SEASON_NAMES[phase.season]} ${phase.year} ${phase.type}`;
      const position = phase.position;
      if (phase.idx === 0)
        expect(position.units.filter((u) => u.power === 'Tilea' || u.power === 'Estalia')).toHaveLength(2);
      const acting = seatedToAct(variant, position, POWERS);
      expect(acting.length, label).toBeGreaterThan(0);
      if (phase.type === 'movement')
        expect(acting, label).toHaveLength(
          POWERS.length - POWERS.filter((p) => !position.units.some((u) => u.power === p)).length,
        );
      for (const power of acting) {
        const orders = ordersFor(position, power, random);
        if (orders.length === 0) continue;
        const reply = await h.fake.slash(playerOf(power), CHANNEL, 'order', { orders: orders.join('; ') });
        expect(reply.text, `${label} ${power}: ${reply.text}`).not.toContain('❌');
      }
      for (const power of acting) {
        const ready = await h.fake.slash(playerOf(power), CHANNEL, 'ready');
        expect(ready.text, `${label} ${power}: ${ready.text}`).toContain(`${power} is ready`);
      }
      const results = await waitForResults(h, CHANNEL, label);
      labels.push(label);
      const queued = await h.database.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.phaseId, phase.id), eq(outbox.kind, 'phase_results')));
      expect(queued, label).toHaveLength(1);
      // The queued text as Discord shows it (its references formatted, src/bot/markup.ts).
      const text = discordText((queued[0]!.payload as { text: string }).text);
      // The text's parts, without the last message: the board after, alone.
      const messages = (await expectResultsPost(h, results, MARKED_MAP_BUDGET)).slice(0, -1);
      for (const m of messages) expect(m.embeds, label).toEqual([]);
      const parts = messages.map((m) => m.content);
      for (const part of parts) expect(part.length, label).toBeLessThan(2000);
      most = Math.max(most, parts.length);
      // Cut only where a line ends: the parts with the line breaks they were cut at give the whole text back.
      expect(parts.join('\n'), label).toBe(text);
      for (const power of POWERS.filter((p) => position.units.some((u) => u.power === p) && phase.type === 'movement'))
        expect(text, label).toContain(`__${power}__`);
      longest = Math.max(longest, text.length);
    }
    expect(labels[0]).toBe('Spring 2500 movement');
    expect(labels.filter((l) => l.includes('adjustment'))).toEqual([
      'Winter 2500 adjustment',
      'Winter 2501 adjustment',
    ]);
    expect(labels.filter((l) => l.includes('movement'))).toEqual([
      'Spring 2500 movement',
      'Fall 2500 movement',
      'Spring 2501 movement',
      'Fall 2501 movement',
    ]);
    // The seeded orders dislodge somebody: a retreat phase is played too.
    expect(labels.some((l) => l.includes('retreat'))).toBe(true);
    // At least one post needed more than one message.
    expect(longest).toBeGreaterThan(2000);
    expect(most).toBeGreaterThan(1);
    // Every results post once, in phase order, and nothing else looks like one.
    const posted = h.fake.deliveries
      .filter((d) => d.via === 'channel' && /^\*\*[^*]+: results\*\*/.test(d.content))
      .map((d) => /^\*\*([^*]+): results\*\*/.exec(d.content)![1]);
    expect(posted).toEqual(labels);
    expect(h.fake.unexpectedErrors()).toEqual([]);
  });
});
