/**
 * The order pad of a game with deadlines by the clock (docs/table.md "Deadlines by the clock"): the rule beside the
 * deadline, at phone size (no sideways scroll) and at desktop size.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForResults } from '../bot/harness.js';
import {
  clickOrder,
  DESKTOP,
  launchChromium,
  openPad,
  PHONE,
  shownOrders,
  startPadHarness,
  type PadHarness,
} from './pad-support.js';

const CHANNEL = 'diplo';

describe('the order pad shows the deadline rule', () => {
  let pad: PadHarness;
  let browser: Browser;

  beforeAll(async () => {
    [pad, browser] = await Promise.all([
      startPadHarness({ users: ['gm', 'alice'], channels: [CHANNEL] }),
      launchChromium(),
    ]);
    const { h } = pad;
    await h.fake.slash('gm', CHANNEL, 'game create', {
      variant: 'classic',
      'deadline-at': '21:00',
      timezone: 'Europe/Paris',
    });
    await h.fake.slash('gm', CHANNEL, 'gm set', { setting: 'days', value: 'mon-fri' });
    await h.fake.slash('alice', CHANNEL, 'game join', { power: 'France' });
    await h.fake.slash('gm', CHANNEL, 'game start');
  });

  afterAll(async () => {
    await browser?.close();
    await pad?.close();
  });

  it('without DISCORD_CLIENT_SECRET, /orders pad gives the link alone (no launch button)', async () => {
    const reply = await pad.h.fake.slash('alice', CHANNEL, 'orders pad');
    expect(pad.h.fake.buttons(reply).map((b) => b.style)).toEqual([5]);
  });

  it.each([
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const)('at %s size', async (name, size) => {
    const url = await pad.link('alice', CHANNEL);
    const { context, page } = await openPad(browser, url, size);
    const deadline = page.locator('[data-deadline]');
    await expect.poll(() => deadline.textContent()).toContain('Deadlines by the clock: 21:00 Europe/Paris, Mon–Fri');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.viewport.width);
    if (process.env.PAD_SCREENSHOTS === '1') await page.screenshot({ path: `/tmp/pad-clock-${name}.png` });
    await context.close();
  });

  it('turns save, ready and clear off when the deadline passes under the open page', async () => {
    const { context, page } = await openPad(browser, await pad.link('alice', CHANNEL), PHONE);
    const buttons = ['save', 'ready', 'clear'].map((a) => page.locator(`[data-action="${a}"]`));
    for (const b of buttons) expect(await b.isDisabled()).toBe(false);
    // The page's clock passes the deadline (its next read of the server is up to 15 s away).
    await page.clock.setFixedTime(new Date(Date.now() + 10 * 24 * 3_600_000));
    await expect.poll(() => buttons[0]!.isDisabled()).toBe(true);
    for (const b of buttons) expect(await b.isDisabled()).toBe(true);
    expect(await page.locator('[data-banner]').textContent()).toContain('The deadline has passed');
    expect(await page.locator('[data-ready-state]').textContent()).toContain('Orders are closed');
    await context.close();
  });

  it('refuses an order clicked on a page whose phase was resolved meanwhile, saying to reload', async () => {
    const { h } = pad;
    const { context, page } = await openPad(browser, await pad.link('alice', CHANNEL), DESKTOP);
    // The deadline passes while the page is open, and the scheduler resolves the phase before the page polls.
    h.clock.offset += 8 * 24 * 3_600_000;
    await waitForResults(h, CHANNEL, 'Spring 1901 movement');
    await clickOrder(page, 'par', 'move', 'bur');
    const refused = page.locator('[data-refused]');
    await expect.poll(async () => (await refused.textContent()) ?? '').toContain('reload the page');
    expect(await refused.textContent()).not.toContain('/orders paste');
    expect(await page.locator('[data-banner]').textContent()).toContain('The phase has been resolved');
    expect(await shownOrders(h, 'alice', CHANNEL)).toEqual([]);
    await context.close();
  });

  it('a phase resolved while the page fetches its map: the map is not swapped for the new board under the old phase', async () => {
    const { h } = pad;
    const { context, page } = await openPad(browser, await pad.link('alice', CHANNEL), DESKTOP);
    const phase = /(\w+ \d+ \w+)$/.exec((await page.locator('h1').textContent()) ?? '')?.[1];
    expect(phase).toBeDefined();
    await h.fake.slash('alice', CHANNEL, 'order', { orders: 'A mar H; F bre H' });
    // The map drawn for this phase, marked to be told apart from any map drawn after it.
    await page.locator('.map-svg').evaluate((e) => e.setAttribute('data-first', ''));
    // After her order on the pad, the page asks for its map again; the phase resolves (her ready, the only seated
    // power's) just before the server answers that call, which then draws the next phase's board.
    let armed = true;
    await page.route('**/api/map/orders*', async (route) => {
      if (armed) {
        armed = false;
        await h.fake.slash('alice', CHANNEL, 'ready');
        await waitForResults(h, CHANNEL, phase!);
      }
      await route.continue();
    });
    await clickOrder(page, 'par', 'move', 'bur');
    // The page says at once that the phase moved on (not 15 s later, at its next poll), and keeps the map of the
    // header, the orders and the banner it shows: the new board comes with Reload.
    await expect
      .poll(async () => (await page.locator('[data-banner]').textContent()) ?? '', { timeout: 10_000 })
      .toContain('The phase has been resolved');
    expect(await page.locator('.map-svg[data-first]').count()).toBe(1);
    // "Not ready yet." is not said of a phase gone (it would contradict a ready that resolved it).
    expect(await page.locator('[data-ready-state]').isVisible()).toBe(false);
    await context.close();
  });

  it('refuses ready clicked on a page whose phase was resolved meanwhile: the new phase stays unready', async () => {
    const { h } = pad;
    const { context, page } = await openPad(browser, await pad.link('alice', CHANNEL), DESKTOP);
    const shown = (await page.locator('h1').textContent()) ?? '';
    const phase = /(\w+ \d+ movement)/.exec(shown)?.[1];
    expect(phase).toBeDefined();
    // Her orders are in (with /order), so the phase resolves without counting her seat as missing its orders.
    await h.fake.slash('alice', CHANNEL, 'order', { orders: 'A par H; A mar H; F bre H' });
    h.clock.offset += 8 * 24 * 3_600_000;
    await waitForResults(h, CHANNEL, phase!);
    // Alice plays the only seated power: were this stale click taken as ready for the phase that followed, that phase
    // (which she has not seen) would resolve at once, without her orders.
    await page.locator('[data-action="ready"]').click();
    const refused = page.locator('[data-refused]');
    await expect.poll(async () => (await refused.textContent()) ?? '').toContain('reload the page');
    const token = new URL(page.url()).pathname.split('/').pop()!;
    const view = (await (
      await fetch(`${pad.publicUrl}/api/view`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { ready: boolean; phase: { label: string } };
    expect(view.ready).toBe(false);
    expect(view.phase.label).not.toBe(phase);
    await context.close();
  });
});
