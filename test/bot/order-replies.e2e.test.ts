/**
 * Every `/order` reply ends with the power's stored order set for the phase, whatever was typed: good
 * orders, bad ones, a mix, an over-length text, too many orders, an empty text, a text refused by the rate limit or
 * after the deadline, while paused, in a movement, a retreat and an adjustment phase, and through `/orders paste`.
 * The set in the reply is checked against the store (`/orders show`), and every reply fits in one message.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { genericFailure } from '../../src/bot/router.js';

const GENERIC_FAILURE = genericFailure('en');
import { DEFAULT_LIMITS } from '../../src/game/core/index.js';
import { createLogger } from '../../src/log.js';
import type { FakeInteraction } from '../support/fake-discord/index.js';
import { createHarness, slashConfirmed, waitForResults, type Harness } from './harness.js';

const CHANNEL = 'diplo';

describe('every /order reply ends with the stored order set', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await createHarness(
      { users: ['gm', 'alice', 'bob'], channels: [CHANNEL] },
      {
        limits: {
          confirmationQuietMs: 0,
          budgets: { ...DEFAULT_LIMITS.budgets, order: { uses: 12, windowMs: 30_000 } },
        },
      },
    );
    await h.start();
    await h.fake.slash('gm', CHANNEL, 'game create', {
      variant: 'classic',
      movement: '1h',
      retreat: '1h',
      adjustment: '1h',
    });
    await h.fake.slash('alice', CHANNEL, 'game join', { power: 'Austria' });
    await h.fake.slash('bob', CHANNEL, 'game join', { power: 'Italy' });
    await h.fake.slash('gm', CHANNEL, 'game start');
  });

  afterAll(async () => {
    await h?.close();
  });

  /** The orders `/orders show` lists for the user: the store's truth. */
  async function storedOrders(user: string): Promise<string[]> {
    const shown = await h.fake.slash(user, CHANNEL, 'orders show');
    return [...shown.text.matchAll(/^• `([^`]+)`/gm)].map((m) => m[1]!).sort();
  }

  /**
   * The reply is private, fits one message, and its last lines are the stored set: "Your orders now …" and, when some
   * unit has none, "⏳ Still without an order: …". Returns the orders it lists.
   */
  async function expectEndsWithSet(user: string, reply: FakeInteraction, missing: RegExp | null): Promise<string[]> {
    const text = reply.finalText;
    expect(reply.ephemeral).toBe(true);
    expect(
      reply.responses.filter((r) => r.kind === 'followUp'),
      'one message',
    ).toEqual([]);
    expect(text.length).toBeLessThanOrEqual(2000);
    const lines = text.split('\n');
    const at = lines.map((l) => l.startsWith('Your orders now')).lastIndexOf(true);
    expect(at, text).toBeGreaterThanOrEqual(0);
    expect(lines.slice(at + 1), text).toEqual(missing ? [expect.stringMatching(missing)] : []);
    const listed = [...lines[at]!.matchAll(/`([^`]+)`/g)].map((m) => m[1]!).sort();
    expect(lines[at]).toEqual(
      listed.length === 0
        ? 'Your orders now: none'
        : expect.stringMatching(new RegExp(`^Your orders now \\(${listed.length}\\): `)),
    );
    expect(listed).toEqual(await storedOrders(user));
    return listed;
  }

  const order = (user: string, orders: string) => h.fake.slash(user, CHANNEL, 'order', { orders });
  const nextWindow = () => (h.clock.offset += 31_000); // a fresh /order budget window

  it('movement: good, bad, mixed, over-length, too many, empty, paused and rate-limited texts', async () => {
    const good = await order('alice', 'A vie - tyr; A bud - ser');
    expect(good.finalText).toContain('✅ Stored: `A vie - tyr`, `A bud - ser`');
    expect(await expectEndsWithSet('alice', good, /^⏳ Still without an order: F tri$/)).toEqual([
      'A bud - ser',
      'A vie - tyr',
    ]);

    const bad = await order('alice', 'A mun - ber');
    expect(bad.finalText).toMatch(/❌ `A mun - ber`: /);
    expect(bad.finalText).toContain('Nothing was stored, so your orders are as they were.');
    await expectEndsWithSet('alice', bad, /^⏳ Still without an order: F tri$/);

    const mixed = await order('alice', 'F tri H; A xyz - abc');
    expect(mixed.finalText).toContain('✅ Stored: `F tri H`');
    expect(mixed.finalText).toMatch(/❌ `A xyz - abc`/);
    const all = ['A bud - ser', 'A vie - tyr', 'F tri H'];
    expect(await expectEndsWithSet('alice', mixed, null)).toEqual(all);

    // An over-length text used to be refused without the set that stands.
    const long = await order('alice', 'A vie - gal; '.repeat(500).slice(0, 6000));
    expect(long.finalText).toMatch(/^⚠️ That is too long: 6000 characters, at most 4000/);
    expect(long.finalText).toContain('**Austria, Spring 1901 movement**: nothing was stored.');
    expect(await expectEndsWithSet('alice', long, null)).toEqual(all);

    const many = await order('alice', Array.from({ length: 61 }, () => 'A vie - gal').join('; '));
    expect(many.finalText).toMatch(/^⚠️ That is too many orders at once: at most 60/);
    expect(await expectEndsWithSet('alice', many, null)).toEqual(all);

    const blank = await order('alice', ' ');
    expect(blank.finalText).toMatch(/^⚠️ No orders given/);
    expect(await expectEndsWithSet('alice', blank, null)).toEqual(all);

    const separators = await order('alice', ';;');
    expect(separators.finalText).toContain('No orders found in what you typed.');
    expect(await expectEndsWithSet('alice', separators, null)).toEqual(all);

    await h.fake.slash('gm', CHANNEL, 'gm pause');
    const paused = await order('alice', 'A vie - gal');
    expect(paused.finalText).toContain('🔁 Replaced `A vie - tyr` with `A vie - gal`');
    expect(await expectEndsWithSet('alice', paused, null)).toEqual(['A bud - ser', 'A vie - gal', 'F tri H']);
    await h.fake.slash('gm', CHANNEL, 'gm resume');

    // The budget (12 per 30 s): spend it, then the router's refusal too ends with the set.
    let refused: FakeInteraction | null = null;
    for (let i = 0; i < 12 && !refused; i++) {
      const r = await order('alice', i % 2 === 0 ? 'A vie - tyr' : 'A vie - gal');
      if (/going too fast/.test(r.finalText)) refused = r;
    }
    expect(refused, 'the budget ran out').not.toBeNull();
    expect(refused!.finalText).toMatch(/^⚠️ You are going too fast: try again in \d+ s\./);
    expect(await expectEndsWithSet('alice', refused!, null)).toHaveLength(3);
    nextWindow();

    // Someone with no power in the game has no set: the reason alone.
    const outsider = await order('gm', 'A vie H');
    expect(outsider.ephemeral).toBe(true);
    expect(outsider.finalText).toMatch(/^⚠️ /);
    expect(outsider.finalText).not.toContain('Your orders now');
  });

  it('retreat: the dislodged power and a power with nothing to order', async () => {
    await order('alice', 'A vie - tyr');
    await slashConfirmed(h, 'gm', CHANNEL, 'gm advance');
    await waitForResults(h, CHANNEL, 'Spring 1901 movement');
    await order('alice', 'A tyr - ven; F tri S A tyr - ven; A ser H');
    await order('bob', 'A ven H');
    await slashConfirmed(h, 'gm', CHANNEL, 'gm advance');
    await waitForResults(h, CHANNEL, 'Fall 1901 movement');
    nextWindow();

    const nothing = await order('alice', 'A ven H');
    // Nothing to decide: said once, never the retreat phase's instructions (which do not apply to Austria).
    expect(nothing.finalText).toMatch(/^⚠️ Austria has nothing to decide this phase: no order is needed\./);
    expect(nothing.finalText).not.toContain('retreat phase:');
    await expectEndsWithSet('alice', nothing, null);
    expect(nothing.finalText.endsWith('Your orders now: none')).toBe(true);

    const bad = await order('bob', 'A ven R tri');
    expect(bad.finalText).toMatch(/❌ `A ven R tri`/);
    await expectEndsWithSet('bob', bad, /^⏳ Still without an order: A ven$/);
    const good = await order('bob', 'A ven R pie');
    expect(await expectEndsWithSet('bob', good, null)).toEqual(['A ven R pie']);
    const long = await order('bob', 'x'.repeat(4001));
    expect(long.finalText).toMatch(/^⚠️ That is too long/);
    expect(long.finalText).toContain('**Italy, Fall 1901 retreat**: nothing was stored.');
    expect(await expectEndsWithSet('bob', long, null)).toEqual(['A ven R pie']);
  });

  it('adjustment: builds and disbands, through /order and /orders paste, and after the deadline', async () => {
    await slashConfirmed(h, 'gm', CHANNEL, 'gm advance');
    await waitForResults(h, CHANNEL, 'Fall 1901 retreat');
    nextWindow();

    const first = await order('alice', 'A vie B');
    await expectEndsWithSet(
      'alice',
      first,
      /^⏳ Still without an order: 1 build \(in [A-Z][a-z]+(, [A-Z][a-z]+)*\) or WAIVE$/,
    );
    const extra = await order('alice', 'A bud B; F tri B');
    expect(extra.finalText).toMatch(/❌ `F tri B`: /);
    expect(await expectEndsWithSet('alice', extra, null)).toEqual(['A bud B', 'A vie B']);

    const disband = await order('bob', 'A pie D');
    expect(await expectEndsWithSet('bob', disband, null)).toEqual(['A pie D']);

    const opened = await h.fake.slash('bob', CHANNEL, 'orders paste');
    const pasted = await h.fake.submitModal('bob', opened, {
      orders: Array.from({ length: 61 }, () => 'A rom D').join('\n'),
    });
    expect(pasted.finalText).toMatch(/^⚠️ That is too many orders at once/);
    expect(await expectEndsWithSet('bob', pasted, null)).toEqual(['A pie D']);

    // The deadline passed and the sweep has not resolved the phase yet: refused, with the set that will be adjudicated.
    await h.bot!.scheduler.stop();
    h.clock.offset += 2 * 3_600_000;
    const late = await order('alice', 'WAIVE');
    expect(late.finalText).toMatch(/^⚠️ The deadline passed <t:\d+:R> .*orders for this phase are closed/);
    expect(late.finalText).toContain('**Austria, Winter 1901 adjustment**: nothing was stored.');
    expect(await expectEndsWithSet('alice', late, null)).toEqual(['A bud B', 'A vie B']);
    expect(h.fake.unexpectedErrors()).toEqual([]);
  });
});

/**
 * An unexpected exception while `/order` (or `/orders paste`) is handled: the router's failure sentence, then the set
 * the store holds, read after the failure. The failure is injected where the command logs the typed orders (a log
 * destination that throws on that line), so it happens inside the command, after the input checks, before the store.
 */
describe('an /order that fails unexpectedly still ends with the stored set', () => {
  let h: Harness;
  let failOn: string | null = null;
  const logged: string[] = [];

  beforeAll(async () => {
    const log = createLogger('debug', {
      write: (line: string) => {
        if (failOn !== null && line.includes(`"msg":"${failOn}"`)) throw new Error('injected failure');
        logged.push(line);
      },
    });
    h = await createHarness({ users: ['gm', 'alice', 'bob'], channels: [CHANNEL] }, { log });
    await h.start();
    await h.fake.slash('gm', CHANNEL, 'game create', { variant: 'classic', movement: '1h' });
    await h.fake.slash('alice', CHANNEL, 'game join', { power: 'France' });
    await h.fake.slash('bob', CHANNEL, 'game join', { power: 'Italy' });
    await h.fake.slash('gm', CHANNEL, 'game start');
  });

  afterAll(async () => {
    await h?.close();
  });

  const setOf = (text: string) =>
    text.split('\n').slice(text.split('\n').findIndex((l) => l.startsWith('Your orders now')));

  it('/order: the failure sentence, then the set that stands (nothing of the failed text stored)', async () => {
    expect((await h.fake.slash('alice', CHANNEL, 'order', { orders: 'A par - bur' })).finalText).toContain(
      '✅ Stored: `A par - bur`',
    );
    failOn = 'orders submitted';
    const failed = await h.fake.slash('alice', CHANNEL, 'order', { orders: 'A par - pic; F bre - mao' });
    failOn = null;
    expect(failed.ephemeral).toBe(true);
    expect(
      logged.some((l) => l.includes('"msg":"command failed"') && l.includes('injected failure')),
      'the failure was injected and logged',
    ).toBe(true);
    expect(
      failed.finalText.startsWith(`⚠️ ${GENERIC_FAILURE}\n\n**France, Spring 1901 movement**: what is stored now.\n`),
      failed.finalText,
    ).toBe(true);
    expect(setOf(failed.finalText)).toEqual([
      'Your orders now (1): `A par - bur`',
      '⏳ Still without an order: F bre, A mar',
    ]);
    expect((await h.fake.slash('alice', CHANNEL, 'orders show')).text).not.toContain('A par - pic');
    // Someone who plays no power gets the sentence alone.
    failOn = 'orders submitted';
    const outsider = await h.fake.slash('gm', CHANNEL, 'order', { orders: 'A par H' });
    failOn = null;
    expect(outsider.finalText).toBe(GENERIC_FAILURE);
    expect(h.fake.unexpectedErrors()).toEqual([]);
  });

  it('/orders paste: the same', async () => {
    const opened = await h.fake.slash('bob', CHANNEL, 'orders paste');
    failOn = 'orders pasted';
    const pasted = await h.fake.submitModal('bob', opened, { orders: 'A ven - pie\nA rom - apu' });
    failOn = null;
    expect(pasted.ephemeral).toBe(true);
    expect(
      pasted.finalText.startsWith(`⚠️ ${GENERIC_FAILURE}\n\n**Italy, Spring 1901 movement**: what is stored now.\n`),
      pasted.finalText,
    ).toBe(true);
    expect(setOf(pasted.finalText)).toEqual([
      'Your orders now: none',
      '⏳ Still without an order: F nap, A rom, A ven',
    ]);
    expect(h.fake.unexpectedErrors()).toEqual([]);
  });
});
