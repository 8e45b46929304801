/**
 * The order pad as an outside checker drives it (docs/pad.md "The page"): only the page's `data-` hooks and the
 * Discord stand-in, no helper that knows the page's insides. At phone size, a Classic France orders every kind by
 * clicks — a move, a support to move and one to hold, a convoy and the convoyed army, a coast, a hold — then saves,
 * readies and clears; a retreat; a disband, and Germany's build; each time `[data-order]` is exactly what
 * `/orders show` lists. A Chinese member's pad lists the orders as their `/orders show` does.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForResults } from '../bot/harness.js';
import { launchChromium, startPadHarness, type PadHarness } from './pad-support.js';

const PHONE = { viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };

async function open(browser: Browser, url: string): Promise<Page> {
  const page = await (await browser.newContext(PHONE)).newPage();
  await page.goto(url);
  await page.waitForSelector('[data-unit]');
  return page;
}

const listed = async (page: Page) => (await page.locator('[data-order]').allTextContents()).map((t) => t.trim()).sort();

/** `/orders show`'s lines (`• \`order\``), as a reader sees them. */
async function shown(pad: PadHarness, user: string, channel: string): Promise<string[]> {
  const { text } = await pad.h.fake.slash(user, channel, 'orders show');
  return text
    .split('\n')
    .filter((line) => line.startsWith('• '))
    .map((line) => line.slice(2).replace(/`/g, '').trim())
    .sort();
}

/** The pad lists `expected`, and so does `/orders show`. */
async function agree(pad: PadHarness, page: Page, user: string, channel: string, expected: string[]) {
  await expect.poll(() => listed(page)).toEqual([...expected].sort());
  expect(await shown(pad, user, channel)).toEqual(await listed(page));
}

async function click(page: Page, ...selectors: string[]): Promise<void> {
  for (const s of selectors) await page.locator(s).click();
}

describe('the pad through its hooks only', () => {
  let pad: PadHarness;
  let browser: Browser;

  beforeAll(async () => {
    [pad, browser] = await Promise.all([
      startPadHarness({ users: ['gm', 'alice', 'bob', 'mei', 'li'], channels: ['diplo', 'zh'] }),
      launchChromium(),
    ]);
  });

  afterAll(async () => {
    await browser?.close();
    await pad?.close();
  });

  async function create(channel: string, seats: [string, string][]): Promise<void> {
    const { h } = pad;
    await h.fake.slash('gm', channel, 'game create', {
      variant: 'classic',
      movement: '1h',
      retreat: '1h',
      adjustment: '1h',
    });
    for (const [user, power] of seats) await h.fake.slash(user, channel, 'game join', { power });
    await h.fake.slash('gm', channel, 'game start');
  }

  it('at phone size, every kind of order over a year, as /orders show lists it', async () => {
    const { h } = pad;
    const C = 'diplo';
    await create(C, [
      ['alice', 'France'],
      ['bob', 'Germany'],
    ]);
    // A convoy, a coast and a French army Germany can dislodge, placed by the game master.
    for (const [power, unit, place] of [
      ['France', 'fleet', 'eng'],
      ['France', 'army', 'pic'],
      ['France', 'fleet', 'mao'],
      ['France', 'army', 'bur'],
      ['Germany', 'army', 'ruh'],
    ])
      await h.fake.slash('gm', C, 'gm edit add', { power, unit, place });
    const page = await open(browser, await pad.link('alice', C));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await click(page, '[data-unit="par"]', '[data-kind="move"]', '[data-province="gas"]');
    await agree(pad, page, 'alice', C, ['A par - gas']);
    await click(page, '[data-unit="mar"]', '[data-kind="support"]', '[data-province="par"]', '[data-province="gas"]');
    await click(page, '[data-unit="bre"]', '[data-kind="support"]', '[data-province="eng"]', '[data-province="eng"]');
    await click(page, '[data-unit="eng"]', '[data-kind="convoy"]', '[data-province="pic"]', '[data-province="wal"]');
    await click(page, '[data-unit="pic"]', '[data-kind="move"]', '[data-province="wal"]');
    await click(page, '[data-unit="mao"]', '[data-kind="move"]', '[data-province="spa"]', '[data-coast="nc"]');
    await click(page, '[data-unit="bur"]', '[data-kind="hold"]');
    const spring = [
      'A par - gas',
      'A mar S A par - gas',
      'F bre S F eng',
      'F eng C A pic - wal',
      'A pic - wal',
      'F mao - spa/nc',
      'A bur H',
    ];
    await agree(pad, page, 'alice', C, spring);
    await click(page, '[data-action="save"]');
    await agree(pad, page, 'alice', C, spring);
    await click(page, '[data-action="ready"]');
    await expect.poll(async () => (await h.fake.slash('gm', C, 'game status')).text).toMatch(/France .*🟢 ready/);
    await click(page, '[data-action="ready"]', '[data-action="clear"]');
    await agree(pad, page, 'alice', C, []);
    expect((await h.fake.slash('gm', C, 'game status')).text).not.toMatch(/France .*🟢 ready/);
    // Spring resolves: Germany dislodges the French army in Burgundy, which retreats by clicks.
    await h.fake.slash('alice', C, 'order', { orders: spring.join('; ') });
    await h.fake.slash('bob', C, 'order', { orders: 'A ruh - bur; A mun S A ruh - bur; F kie - den; A ber H' });
    await h.fake.slash('alice', C, 'ready');
    await h.fake.slash('bob', C, 'ready');
    await waitForResults(h, C, 'Spring 1901 movement');
    await page.reload();
    await page.waitForSelector('[data-unit]');
    await click(page, '[data-unit="bur"]', '[data-kind="retreat"]', '[data-province="pic"]');
    await agree(pad, page, 'alice', C, ['A bur R pic']);
    await h.fake.slash('alice', C, 'ready');
    await waitForResults(h, C, 'Spring 1901 retreat');
    await h.fake.slash('bob', C, 'order', { orders: 'A bur - bel; F den H' });
    await h.fake.slash('alice', C, 'ready');
    await h.fake.slash('bob', C, 'ready');
    await waitForResults(h, C, 'Fall 1901 movement');
    // Winter: France (7 units, 4 centres) disbands; Germany (5 centres, 4 units) builds in Kiel.
    await page.reload();
    await page.waitForSelector('[data-unit]');
    await click(page, '[data-unit="gas"]', '[data-kind="disband"]');
    await agree(pad, page, 'alice', C, ['A gas D']);
    await page.context().close();
    const germany = await open(browser, await pad.link('bob', C));
    await click(germany, '[data-province="kie"]', '[data-kind="build-fleet"]');
    await agree(pad, germany, 'bob', C, ['F kie B']);
    await germany.context().close();
  });

  it("for Chinese members: the orders as their /orders show words them, in each member's script", async () => {
    const { h } = pad;
    await create('zh', [
      ['mei', 'Germany'],
      ['li', 'Russia'],
    ]);
    h.fake.setLocale('mei', 'zh-CN');
    h.fake.setLocale('li', 'zh-TW');
    const mei = await open(browser, await pad.link('mei', 'zh'));
    await click(mei, '[data-unit="ber"]', '[data-kind="support"]', '[data-province="mun"]', '[data-province="mun"]');
    await click(mei, '[data-unit="kie"]', '[data-kind="move"]', '[data-province="den"]');
    await agree(pad, mei, 'mei', 'zh', ['A ber 支援 A mun', 'F kie - den']);
    await mei.context().close();
    const li = await open(browser, await pad.link('li', 'zh'));
    await click(li, '[data-unit="sev"]', '[data-kind="move"]', '[data-province="bla"]');
    await click(li, '[data-unit="mos"]', '[data-kind="support"]', '[data-province="sev"]', '[data-province="sev"]');
    // The click's save is asynchronous: wait until `/orders show` has it.
    const supportShown = async () => (await shown(pad, 'li', 'zh')).find((o) => o.startsWith('A mos'));
    await expect.poll(supportShown).toMatch(/^A mos \p{Script=Han}+ F sev$/u);
    const support = await supportShown();
    await agree(pad, li, 'li', 'zh', ['F sev - bla', support!]);
    await li.context().close();
  });
});
