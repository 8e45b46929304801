/**
 * The maps a member asks for alone (`/map`, `/history show map:`) in their own locale (docs/locales.md "Names"):
 * their title, labels and legend, as the channel's posts draw the same pictures in the game's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMapRenderer } from '../../src/bot/maps.js';
import { createLogger } from '../../src/log.js';
import type { RenderOptions } from '../../src/render/index.js';
import { createHarness, slashConfirmed, waitForResults, type Harness } from './harness.js';

describe('maps a member asks for, in their locale', () => {
  let h: Harness;
  /** The options of every map drawn, in the order the renderer was asked. */
  const drawn: RenderOptions[] = [];

  beforeAll(async () => {
    const renderPng = async (_v: unknown, _p: unknown, opts: RenderOptions) => {
      drawn.push(opts);
      return { png: Buffer.from('stand-in png'), warnings: [] };
    };
    const maps = createMapRenderer(createLogger('silent'), { renderPng, skipPrepare: true, cacheSize: 0 });
    h = await createHarness({ users: ['gm', 'anne', 'wei'], channels: ['main'] }, { maps });
    await h.start();
    await h.fake.slash('gm', 'main', 'game create', { variant: 'classic', movement: '1h' });
    await h.fake.slash('anne', 'main', 'game join', { power: 'France' });
    await h.fake.slash('wei', 'main', 'game join', { power: 'Germany' });
    await h.fake.slash('gm', 'main', 'game start');
    await h.fake.slash('anne', 'main', 'order', { orders: 'A par - bur' });
    await slashConfirmed(h, 'gm', 'main', 'gm advance');
    await waitForResults(h, 'main', 'Spring 1901 movement');
    await h.bot!.outbox.idle();
    h.fake.setLocale('gm', 'fr');
    h.fake.setLocale('anne', 'fr');
    h.fake.setLocale('wei', 'zh-CN');
  });

  afterAll(async () => {
    await h?.close();
  });

  /** The options of the map drawn for `run`. */
  async function drawnFor(run: () => Promise<unknown>): Promise<RenderOptions> {
    const before = drawn.length;
    await run();
    expect(drawn.length).toBe(before + 1);
    return drawn.at(-1)!;
  }

  it('/map for someone who plays no power: the board, titled in French', async () => {
    const opts = await drawnFor(() => h.fake.slash('gm', 'main', 'map'));
    expect(opts).toMatchObject({ locale: 'fr', title: 'Diplomatie classique · Automne 1901, mouvements' });
  });

  it('/map for a player: their orders map in their locale', async () => {
    const opts = await drawnFor(() => h.fake.slash('anne', 'main', 'map'));
    expect(opts.locale).toBe('fr');
    expect(opts.title).toContain('(vous seul voyez ceci)');
  });

  it("every picture carries its title as alt text, in the reader's locale (the channel's in the game's)", async () => {
    const reply = await h.fake.slash('gm', 'main', 'map');
    expect(reply.attachments.map((a) => a.description)).toEqual([drawn.at(-1)!.title]);
    expect(reply.attachments[0]!.description).toBe('Diplomatie classique · Automne 1901, mouvements');
    // The results post in the channel: the orders map and the board after, each described in English (the game's).
    const pictures = h.fake
      .channelMessages('main')
      .flatMap((m) => m.attachments)
      .filter((a) => a.contentType === 'image/png');
    expect(pictures.length).toBeGreaterThanOrEqual(2);
    for (const a of pictures) expect(a.description).toMatch(/^Classic Diplomacy · /);
  });

  it('/history show map: either picture of a past phase, titled in Chinese', async () => {
    const orders = await drawnFor(() =>
      h.fake.slash('wei', 'main', 'history show', { phase: 'S1901M', map: 'orders' }),
    );
    expect(orders).toMatchObject({ locale: 'zh-CN', title: '经典外交 · 1901年春季行动阶段 · 指令与结果' });
    const after = await drawnFor(() => h.fake.slash('wei', 'main', 'history show', { phase: 'S1901M', map: 'after' }));
    expect(after.title).toBe('经典外交 · 1901年春季行动阶段之后 · 1901年秋季行动阶段');
    expect(h.fake.unexpectedErrors()).toEqual([]);
  });
});
