/**
 * The order pad end to end (docs/pad.md): the bot against the Discord stand-in with the pad on, its web server on a
 * free loopback port (as main.ts starts it when `PUBLIC_URL` is set), and a real headless Chromium shipped by an npm
 * package (@sparticuz/chromium, driven by playwright-core), started by the tests themselves: one browser per test
 * file, reused by its tests, each test in its own context (phone or desktop size).
 */
import chromiumBinary from '@sparticuz/chromium';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { expect } from 'vitest';
import type { BotOptions } from '../../src/bot/app.js';
import { padKey } from '../../src/game/pad/pad.js';
import { createLogger } from '../../src/log.js';
import type { WebLimits } from '../../src/web/limits.js';
import { startWebServer, type RunningWebServer } from '../../src/web/server.js';
import type { FakeDiscordOptions } from '../support/fake-discord/index.js';
import { createHarness, type Harness } from '../bot/harness.js';
import { freePort } from '../support/ports.js';

export interface PadHarness {
  h: Harness;
  web: RunningWebServer;
  publicUrl: string;
  key: Buffer;
  /** `/orders pad` as `user` in `channel`: the link button's URL (fails the test when there is none). */
  link(user: string, channel: string): Promise<string>;
  close(): Promise<void>;
}

export async function startPadHarness(
  fakeOpts: FakeDiscordOptions,
  opts: { bot?: Partial<BotOptions>; limits?: Partial<WebLimits> } = {},
): Promise<PadHarness> {
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  const key = padKey({ botToken: 'a test bot token' });
  const secret = fakeOpts.activity?.clientSecret;
  const h = await createHarness(fakeOpts, { pad: { publicUrl, key, activity: Boolean(secret) }, ...opts.bot });
  const bot = await h.start();
  const web = await startWebServer({
    deps: bot.deps,
    log: createLogger('silent'),
    key,
    port,
    host: '127.0.0.1',
    activity: secret ? { clientId: h.fake.state.applicationId, clientSecret: secret, apiBase: h.fake.apiBase } : null,
    ...(opts.limits ? { limits: opts.limits } : {}),
  });
  return {
    h,
    web,
    publicUrl,
    key,
    async link(user, channel) {
      const reply = await h.fake.slash(user, channel, 'orders pad');
      const button = h.fake.buttons(reply).find((b) => b.style === 5);
      expect(button?.url, reply.text).toMatch(new RegExp(`^${publicUrl}/pad/`));
      return button!.url!;
    },
    async close() {
      await web.close();
      await h.close();
    },
  };
}

/**
 * The package's flags for AWS Lambda that a browser on a player's phone or desktop does not have, left out:
 * `--single-process` dies with the first context closed; the GPU emulated on the CPU (SwiftShader through ANGLE)
 * painted the pad's canvas at three times the CPU of Chromium's own software painter, which draws the same page; and
 * the same-origin policy stays on, as the pad meets it in a browser.
 */
const LAMBDA_ONLY = new Set([
  '--single-process',
  '--ignore-gpu-blocklist',
  '--in-process-gpu',
  '--use-gl=angle',
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
  '--disable-web-security',
]);

/**
 * What only the tests' addresses need: the stand-in of Discord's client frame is served as https://discord.com and
 * embeds the pad from plain HTTP on the loopback (test/web/activity.e2e.test.ts), which a browser refuses twice, as
 * mixed content (`--allow-running-insecure-content`, kept from the package's flags) and as a public page reaching the
 * local network. In production Discord's proxy serves the pad over HTTPS from a public name (docs/pad.md).
 */
const LOOPBACK_FROM_PUBLIC = [
  'BlockInsecurePrivateNetworkRequests',
  'PrivateNetworkAccessForNavigations',
  'PrivateNetworkAccessSendPreflights',
  'PrivateNetworkAccessRespectPreflightResults',
  'LocalNetworkAccessChecks',
].join(',');

/** A headless Chromium from the npm package (no system browser, nothing downloaded). */
export async function launchChromium(): Promise<Browser> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await launchOnce();
    } catch (e) {
      // Two test files unpacking the package's binary at once: the second may start it while the first still writes
      // it (spawn ETXTBSY). It is whole a moment later.
      if (attempt >= 5 || !String(e).includes('ETXTBSY')) throw e;
      await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
    }
  }
}

async function launchOnce(): Promise<Browser> {
  return await chromium.launch({
    executablePath: await chromiumBinary.executablePath(),
    args: [
      ...chromiumBinary.args
        .filter((a) => !LAMBDA_ONLY.has(a))
        .map((a) => (a.startsWith('--disable-features=') ? `${a},${LOOPBACK_FROM_PUBLIC}` : a)),
      '--disable-gpu',
    ],
    headless: true,
  });
}

export const PHONE = { viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
export const DESKTOP = { viewport: { width: 1280, height: 860 }, deviceScaleFactor: 1 };

/** Opens a pad link in a new context of the given size; resolves once the board is drawn and clickable. */
export async function openPad(
  browser: Browser,
  url: string,
  size: typeof PHONE | typeof DESKTOP,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ ...size, locale: 'en-US' });
  const page = await context.newPage();
  await page.goto(url);
  await page.waitForSelector('body[data-ready="true"]', { timeout: 30_000 });
  return { context, page };
}

/**
 * The page's controls smaller than a finger's 44 CSS px on either side (docs/pad.md "The page"): every visible button,
 * input and select, named by its text.
 */
export async function smallControls(page: Page): Promise<string[]> {
  return await page.locator('button:visible, input:visible, select:visible').evaluateAll((els) =>
    els.flatMap((e) => {
      const r = e.getBoundingClientRect();
      // A control replaced between the query and this look (a new map after a change) is no longer on the page.
      if (!e.isConnected || (r.width === 0 && r.height === 0)) return [];
      return r.width < 44 || r.height < 44
        ? [
            `${e.tagName.toLowerCase()} "${e.textContent?.trim() || e.getAttribute('placeholder') || ''}" ${Math.round(r.width)}×${Math.round(r.height)}`,
          ]
        : [];
    }),
  );
}

/**
 * The provinces whose target another element covers (docs/pad.md "Phone and keyboard"): each target scrolled as far
 * into the map's box as it goes, then the element at its middle asked for; a target under the zoom buttons, say,
 * cannot be tapped however the map is scrolled.
 */
export async function coveredTargets(page: Page): Promise<string[]> {
  return await page.locator('.map-svg [data-province]').evaluateAll((groups) =>
    groups.flatMap((g) => {
      const hit = g.querySelector('.hit') ?? g;
      hit.scrollIntoView({ block: 'center', inline: 'center' });
      const r = hit.getBoundingClientRect();
      const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      const id = g.getAttribute('data-province')!;
      const own = top !== null && (g.contains(top) || top.getAttribute('data-area') === id);
      return own ? [] : [`${id} under ${top?.tagName.toLowerCase()}.${top?.className}`];
    }),
  );
}

/** The orders the pad lists (`[data-order]`), as their text. */
export async function padOrders(page: Page): Promise<string[]> {
  return (await page.locator('[data-order]').allTextContents()).map((t) => t.trim()).sort();
}

/** The orders `/orders show` lists for the member: the lines as they read, without the list's Markdown. */
export async function shownOrders(h: Harness, user: string, channel: string): Promise<string[]> {
  const shown = await h.fake.slash(user, channel, 'orders show');
  return [...shown.text.matchAll(/^• `([^`]+)`(.*)$/gm)].map((m) => `${m[1]}${m[2]}`.trim()).sort();
}

/** Clicks through one order: the unit, the kind, then each province (or coast) in turn. */
export async function clickOrder(page: Page, unit: string, kind: string, ...then: string[]): Promise<void> {
  await page.locator(`[data-unit="${unit}"]`).click();
  await page.locator(`[data-kind="${kind}"]`).click();
  for (const step of then) {
    if (step.startsWith('coast:')) await page.locator(`[data-coast="${step.slice(6)}"]`).click();
    else await page.locator(`[data-province="${step}"]`).click();
  }
}

/**
 * The units of the "still without an order" list (`[data-missing]`) that a line break cuts apart (`F The` / `Hung`),
 * each found in the list's text and measured where the browser laid it out.
 */
export async function brokenUnitNames(page: Page, units: string[]): Promise<string[]> {
  return await page.locator('[data-missing]').evaluate((p, names) => {
    const text = p.textContent ?? '';
    const walker = document.createTreeWalker(p, NodeFilter.SHOW_TEXT);
    const nodes: { node: Text; from: number }[] = [];
    let at = 0;
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      nodes.push({ node: n as Text, from: at });
      at += n.textContent?.length ?? 0;
    }
    const point = (i: number): [Text, number] => {
      const holder = [...nodes].reverse().find((x) => x.from <= i)!;
      return [holder.node, i - holder.from];
    };
    return names.filter((name) => {
      const i = text.indexOf(name);
      if (i < 0) return true;
      const range = document.createRange();
      range.setStart(...point(i));
      range.setEnd(...point(i + name.length - 1));
      const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
      return tops.size > 1;
    });
  }, units);
}
