/**
 * Nothing a pad loads leaks (docs/pad.md "Security"): in a `press:gunboat` game, every response the page loads in
 * Chromium — HTML, scripts, styles, fonts, JSON, the map — is scanned for another power's stored orders, the other
 * members' ids and names, and the game master's. The scan is shown able to fail: the same page with one planted leak
 * (another power's order added to its view on the way) is caught. Last, the same game with every power ready: each
 * pad's ready hint says the phase waits for the next mark of the clock (docs/pad.md "API").
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextProgressMark } from '../../src/game/outbox/index.js';
import { msg, t, type Locale } from '../../src/i18n/index.js';
import { games } from '../../src/store/schema.js';
import { inSnapshot } from '../../src/store/store.js';
import { DESKTOP, launchChromium, openPad, PHONE, startPadHarness, type PadHarness } from './pad-support.js';
import { joinSeats } from '../bot/harness.js';

const CHANNEL = 'gunboat';
/** Germany's orders: none of them is a legal order or support France could give, so none may appear in its pad. */
const SECRET_ORDERS = ['F kie - hol', 'A ber - sil', 'A mun - tyr'];

interface Loaded {
  url: string;
  body: string;
}

/**
 * Opens the page and collects every response it loads (decompressed as the browser reads it), `act`'s clicks
 * included.
 */
async function loadAll(
  browser: Browser,
  url: string,
  plant?: (page: Page) => Promise<void>,
  act?: (page: Page) => Promise<void>,
): Promise<Loaded[]> {
  const context = await browser.newContext(DESKTOP);
  const page = await context.newPage();
  const loaded: Promise<Loaded>[] = [];
  page.on('response', (r) => {
    loaded.push(
      r
        .body()
        .then((b) => ({ url: r.url(), body: b.toString('latin1') + b.toString('utf8') }))
        .catch(() => ({ url: r.url(), body: '' })),
    );
  });
  if (plant) await plant(page);
  await page.goto(url);
  await page.waitForSelector('body[data-ready="true"]', { timeout: 30_000 });
  // The state poll (a page made visible again asks at once): waited for, not given a fixed time, so a slow answer
  // under load is still read before the page closes.
  const polled = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/state', { timeout: 30_000 });
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  await (await polled).finished();
  if (act) await act(page);
  // Every body read while the page is still open (a body asked for after the close reads as empty).
  const bodies = await Promise.all(loaded);
  await context.close();
  return bodies;
}

/** What of `secrets` any response carries: `url: secret`. */
function leaks(loaded: Loaded[], secrets: string[]): string[] {
  return loaded.flatMap((l) => secrets.filter((s) => l.body.includes(s)).map((s) => `${l.url}: ${s}`));
}

describe('what a pad loads in a gunboat game', () => {
  let pad: PadHarness;
  let browser: Browser;
  let secrets: string[];
  let url: string;

  beforeAll(async () => {
    [pad, browser] = await Promise.all([
      startPadHarness({ users: ['gamemaster', 'alice', 'bobbington'], channels: [CHANNEL] }),
      launchChromium(),
    ]);
    const { h } = pad;
    await h.fake.slash('gamemaster', CHANNEL, 'game create', {
      variant: 'classic',
      press: 'gunboat',
      movement: '1h',
      retreat: '1h',
      adjustment: '1h',
    });
    await joinSeats(h, CHANNEL, { alice: 'France', bobbington: 'Germany' });
    await h.fake.slash('gamemaster', CHANNEL, 'game start');
    const stored = await h.fake.slash('bobbington', CHANNEL, 'order', { orders: SECRET_ORDERS.join('; ') });
    expect(stored.text).not.toContain('❌');
    await h.fake.slash('alice', CHANNEL, 'order', { orders: 'A par - bur' });
    const bob = h.fake.user('bobbington');
    const gm = h.fake.user('gamemaster');
    secrets = [...SECRET_ORDERS, bob.id, gm.id, bob.username, gm.username, bob.globalName, gm.globalName];
    url = await pad.link('alice', CHANNEL);
  });

  afterAll(async () => {
    await browser?.close();
    await pad?.close();
  });

  it('carries no other power’s order and no other member', async () => {
    const loaded = await loadAll(browser, url);
    const kinds = loaded.map((l) =>
      new URL(l.url).pathname.replace(/\/pad\/.*/, '/pad/…').replace(/-[A-Z0-9]+\./, '-….'),
    );
    expect(kinds).toEqual(expect.arrayContaining(['/pad/…', '/api/map', '/api/map/orders', '/api/state']));
    expect(kinds.some((k) => k.endsWith('.js'))).toBe(true);
    expect(kinds.some((k) => k.endsWith('.woff2'))).toBe(true);
    // Nothing is loaded from outside PUBLIC_URL.
    expect(
      loaded.map((l) => l.url).filter((u) => !u.startsWith(`${pad.publicUrl}/`) && !u.startsWith('data:')),
    ).toEqual([]);
    // The page does carry the viewer's own order: the scan reads what the browser got.
    expect(loaded.some((l) => l.body.includes('A par - bur'))).toBe(true);
    expect(leaks(loaded, secrets)).toEqual([]);
  });

  it('catches a planted leak', async () => {
    const loaded = await loadAll(browser, url, (page) =>
      page.route('**/api/state?*', async (route) => {
        const real = await route.fetch();
        const body = { ...((await real.json()) as object), planted: SECRET_ORDERS[0] };
        await route.fulfill({ response: real, json: body });
      }),
    );
    expect(leaks(loaded, secrets)).toEqual([expect.stringContaining(`/api/state?lang=en: ${SECRET_ORDERS[0]}`)]);
  });

  /** Alice orders by clicks, saves, readies and unreadies, clears: each answer waited for. */
  async function orderSaveReadyClear(page: Page): Promise<void> {
    const answered = (path: string) => page.waitForResponse((r) => new URL(r.url()).pathname === path);
    const click = async (selector: string, path: string | null) => {
      const answer = path ? answered(path) : null;
      await page.locator(selector).click();
      if (answer) await (await answer).finished();
    };
    await click('[data-unit="mar"]', null);
    await click('[data-kind="move"]', null);
    await click('[data-province="pie"]', '/api/orders');
    await click('[data-action="save"]', '/api/view');
    await click('[data-action="ready"]', '/api/ready');
    await click('[data-action="ready"]', '/api/ready');
    await click('[data-action="clear"]', '/api/clear');
  }

  it('carries nothing of the others in its answers to an order, save, ready and clear either', async () => {
    const loaded = await loadAll(browser, url, undefined, orderSaveReadyClear);
    const posts = loaded
      .map((l) => new URL(l.url).pathname)
      .filter((p) => /^\/api\/(orders|ready|clear|view)$/.test(p));
    expect([...new Set(posts)].sort()).toEqual(['/api/clear', '/api/orders', '/api/ready', '/api/view']);
    expect(loaded.some((l) => l.body.includes('A mar - pie'))).toBe(true); // the answers were read
    expect(leaks(loaded, secrets)).toEqual([]);
    // The same scan catches one planted in an order's answer.
    const planted = await loadAll(
      browser,
      url,
      (page) =>
        page.route('**/api/orders?*', async (route) => {
          const real = await route.fetch();
          const body = { ...((await real.json()) as object), planted: SECRET_ORDERS[1] };
          await route.fulfill({ response: real, json: body });
        }),
      orderSaveReadyClear,
    );
    expect(leaks(planted, secrets)).toEqual(
      expect.arrayContaining([expect.stringContaining(`/api/orders?lang=en: ${SECRET_ORDERS[1]}`)]),
    );
  });

  it('every power ready: the phase waits for the mark, which each pad says, at phone size, in Chinese too', async () => {
    const { h } = pad;
    // Just past a mark of the clock, so the next one (which resolves the phase) comes after the test.
    h.clock.offset = nextProgressMark(Date.now()) + 1_000 - Date.now();
    h.fake.setLocale('bobbington', 'zh-CN');
    await h.fake.slash('bobbington', CHANNEL, 'ready');
    await h.fake.slash('alice', CHANNEL, 'ready');
    const stored = await inSnapshot(h.store, (tx) => tx.select({ at: games.readyAtMarkMs }).from(games));
    expect(stored).toEqual([{ at: nextProgressMark(h.clock.now()) }]);
    for (const [user, locale] of [
      ['alice', 'en'],
      ['bobbington', 'zh-CN'],
    ] as const satisfies readonly (readonly [string, Locale])[]) {
      const { context, page } = await openPad(browser, await pad.link(user, CHANNEL), PHONE);
      const hint = page.locator('[data-ready-state="true"]');
      expect(await hint.textContent()).toBe(t(locale, msg('pad.page.readyYesHidden')));
      expect(await hint.textContent()).toContain('UTC');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await context.close();
    }
  });
});
