/**
 * A Classic phase ordered by clicks on the pad (docs/pad.md), at phone size and at desktop size, each order checked
 * against what `/orders show` reports through the Discord stand-in; then a retreat and a build; ready and clear.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clickOrder,
  DESKTOP,
  launchChromium,
  openPad,
  padOrders,
  PHONE,
  shownOrders,
  startPadHarness,
  type PadHarness,
} from './pad-support.js';

const CHANNEL = 'diplo';

/** `PAD_SCREENSHOTS=1`: the pictures of the pad in docs/img/ are taken again (README.md, docs/pad.md). */
async function shoot(page: Page, name: string): Promise<void> {
  if (process.env.PAD_SCREENSHOTS === '1') await page.screenshot({ path: `docs/img/${name}`, fullPage: true });
}

describe('the order pad plays Classic by clicks', () => {
  let pad: PadHarness;
  let browser: Browser;

  beforeAll(async () => {
    [pad, browser] = await Promise.all([
      startPadHarness({ users: ['gm', 'alice', 'bob'], channels: [CHANNEL] }),
      launchChromium(),
    ]);
    const { h } = pad;
    await h.fake.slash('gm', CHANNEL, 'game create', {
      variant: 'classic',
      movement: '1h',
      retreat: '1h',
      adjustment: '1h',
    });
    await h.fake.slash('alice', CHANNEL, 'game join', { power: 'France' });
    await h.fake.slash('bob', CHANNEL, 'game join', { power: 'Germany' });
    await h.fake.slash('gm', CHANNEL, 'game start');
  });

  afterAll(async () => {
    await browser?.close();
    await pad?.close();
  });

  it('at phone size: moves, a coast and a support, each stored as /orders show lists it', async () => {
    const url = await pad.link('alice', CHANNEL);
    const { context, page } = await openPad(browser, url, PHONE);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await clickOrder(page, 'par', 'move', 'bur');
    await expect.poll(() => padOrders(page)).toEqual(['A par - bur']);
    await clickOrder(page, 'mar', 'support', 'par', 'bur');
    await clickOrder(page, 'bre', 'move', 'mao');
    await expect.poll(() => padOrders(page)).toEqual(['A mar S A par - bur', 'A par - bur', 'F bre - mao']);
    expect(await shownOrders(pad.h, 'alice', CHANNEL)).toEqual(await padOrders(page));
    await page.locator('[data-unit="par"]').click();
    await page.locator('[data-kind="move"]').click();
    await shoot(page, 'pad-phone.png');
    await context.close();
  });

  it('at desktop size: hold, move, ready and clear', async () => {
    const url = await pad.link('bob', CHANNEL);
    const { context, page } = await openPad(browser, url, DESKTOP);
    await clickOrder(page, 'kie', 'move', 'den');
    await clickOrder(page, 'ber', 'move', 'kie');
    await clickOrder(page, 'mun', 'hold');
    await expect.poll(() => padOrders(page)).toEqual(['A ber - kie', 'A mun H', 'F kie - den']);
    expect(await shownOrders(pad.h, 'bob', CHANNEL)).toEqual(await padOrders(page));
    await page.locator('[data-action="clear"]').click();
    await expect.poll(() => padOrders(page)).toEqual([]);
    expect(await shownOrders(pad.h, 'bob', CHANNEL)).toEqual([]);
    await clickOrder(page, 'mun', 'move', 'bur');
    await page.locator('[data-action="ready"]').click();
    await expect.poll(() => page.locator('[data-ready-state]').getAttribute('data-ready-state')).toBe('true');
    await shoot(page, 'pad-desktop.png');
    await context.close();
  });
});
