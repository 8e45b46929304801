/**
 * Each variant's own orders and actions on the pad (docs/pad.md "Kinds and flows"), by clicks in a real Chromium,
 * each checked against what the bot then reports through the Discord stand-in: Warring States' raised fleet, Mandate
 * of Heaven's nomad placement and a secret ballot for a neutral unit, and a Warhammer decisive-battle declaration.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForResults } from '../bot/harness.js';
import {
  brokenUnitNames,
  coveredTargets,
  DESKTOP,
  launchChromium,
  openPad,
  padOrders,
  PHONE,
  shownOrders,
  smallControls,
  startPadHarness,
  type PadHarness,
} from './pad-support.js';

const WS = 'ws';
const MOH = 'moh';
const WH = 'wh';
const DOGS = 'dogs';
const CHAOS = 'chaos';

describe("the pad offers each variant's own orders and actions", () => {
  let pad: PadHarness;
  let browser: Browser;

  beforeAll(async () => {
    [pad, browser] = await Promise.all([
      startPadHarness({
        users: ['gm', 'qin', 'chu', 'moh-qin', 'nomad', 'bretonnia', 'empire', 'tilea', 'kislev', 'chaos'],
        channels: [WS, MOH, WH, DOGS, CHAOS],
      }),
      launchChromium(),
    ]);
  });

  afterAll(async () => {
    await browser?.close();
    await pad?.close();
  });

  async function create(channel: string, variant: string, seats: [string, string][]): Promise<void> {
    const { h } = pad;
    await h.fake.slash('gm', channel, 'game create', { variant, movement: '1h', retreat: '1h', adjustment: '1h' });
    for (const [user, power] of seats) await h.fake.slash(user, channel, 'game join', { power });
    await h.fake.slash('gm', channel, 'game start');
  }

  const click = (page: Page, selector: string) => page.locator(selector).click();

  it('Warring States: an army raises a fleet', async () => {
    await create(WS, 'warring-states', [
      ['qin', 'Qin'],
      ['chu', 'Chu'],
    ]);
    const { context, page } = await openPad(browser, await pad.link('qin', WS), PHONE);
    await click(page, '[data-unit="xia"]');
    expect(
      await page.locator('[data-kind]').evaluateAll((els) => els.map((e) => e.getAttribute('data-kind'))),
    ).toContain('raise-fleet');
    await click(page, '[data-kind="raise-fleet"]');
    await expect.poll(() => padOrders(page)).toEqual(['A xia R F']);
    expect(await shownOrders(pad.h, 'qin', WS)).toEqual(['A xia R F']);
    await context.close();
  });

  it("Warring States in Chinese: names in the viewer's language, the page's text in the shipped font", async () => {
    const url = await pad.link('qin', WS);
    const { context, page } = await openPad(browser, url.replace('?lang=en', '?lang=zh-TW'), PHONE);
    expect(await page.locator('.power').textContent()).toBe('你扮演秦');
    await click(page, '[data-unit="xia"]');
    expect(await page.locator('.prompt').textContent()).toBe('A 咸陽該做什麼？');
    expect(await smallControls(page)).toEqual([]);
    // The page's Chinese text (its own, the game's, the deadline as `Intl` writes it) is set in the shipped subsets of
    // the maps' font, every character of it in a face the page loaded: never an empty box on a machine without a
    // Chinese font, as this Chromium is.
    await page.evaluate(() => document.fonts.ready);
    const uncovered = await page.evaluate(() => {
      const ranges = [...document.fonts]
        .filter((f) => f.status === 'loaded')
        .flatMap((f) => f.unicodeRange.split(',').map((part) => part.trim().replace(/^U\+/i, '').split('-')))
        .map(([a, b]) => [Number.parseInt(a!, 16), Number.parseInt(b ?? a!, 16)] as const);
      return [...new Set((document.body.textContent ?? '').match(/\p{Script=Han}/gu) ?? [])].filter(
        (ch) => !ranges.some(([from, to]) => ch.codePointAt(0)! >= from && ch.codePointAt(0)! <= to),
      );
    });
    expect(uncovered).toEqual([]);
    // And each element that shows Chinese characters is set in those faces: one in a font list without them (the order
    // list's monospace) draws its Chinese as empty boxes, though the faces are loaded for the rest of the page.
    const unset = await page.evaluate(() => {
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      const out: string[] = [];
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const owner = n.parentElement;
        if (!owner || !/\p{Script=Han}/u.test(n.textContent ?? '') || owner.closest('[hidden], script')) continue;
        if (!getComputedStyle(owner).fontFamily.includes('Zhanguo Sans')) out.push(n.textContent!.trim());
      }
      return out;
    });
    expect(unset).toEqual([]);
    expect(await padOrders(page)).toEqual([expect.stringMatching(/\p{Script=Han}/u)]);
    if (process.env.PAD_SCREENSHOTS === '1')
      await page.screenshot({ path: 'docs/img/pad-warring-states-zh-phone.png' });
    await context.close();
  });

  it("Mandate of Heaven: the nomads' placement, then a secret ballot for a neutral unit", async () => {
    await create(MOH, 'mandate-of-heaven', [
      ['moh-qin', 'Qin'],
      ['nomad', 'Hsiung-Nu'],
    ]);
    const nomad = await openPad(browser, await pad.link('nomad', MOH), DESKTOP);
    for (const site of ['bei', 'lfa', 'ysh']) {
      await click(nomad.page, `[data-province="${site}"]`);
      await click(nomad.page, '[data-kind="build-army"]');
    }
    await expect.poll(() => padOrders(nomad.page)).toEqual(['A bei B', 'A lfa B', 'A ysh B']);
    expect(await shownOrders(pad.h, 'nomad', MOH)).toEqual(['A bei B', 'A lfa B', 'A ysh B']);
    await click(nomad.page, '[data-action="ready"]');
    await waitForResults(pad.h, MOH, 'Placement — winter 369 BC (Year of the Pig)');
    await nomad.context.close();
    const voter = await openPad(browser, await pad.link('moh-qin', MOH), DESKTOP);
    // The page says that neutral units are clicked too, and that the order given for one is a secret vote.
    expect(await voter.page.locator('[data-prompt]').textContent()).toBe(
      'Click one of your units, or a neutral unit to vote on its order.',
    );
    await click(voter.page, '[data-unit="son"]');
    expect(await voter.page.locator('[data-prompt]').textContent()).toBe(
      'Your secret vote for the neutral A Song: what should it do?',
    );
    await click(voter.page, '[data-kind="move"]');
    await click(voter.page, '[data-province="tan"]');
    const ballot = 'A son - tan (your secret vote for a neutral unit)';
    await expect.poll(() => padOrders(voter.page)).toEqual([ballot]);
    expect(await shownOrders(pad.h, 'moh-qin', MOH)).toEqual([ballot]);
    await voter.context.close();
  });

  it('Warhammer: a Dogs of War seat with no unit yet opens on its muster cities, told where its choice is', async () => {
    await create(DOGS, 'warhammer', [
      ['tilea', 'Tilea'],
      ['kislev', 'Kislev'],
    ]);
    const { context, page } = await openPad(browser, await pad.link('tilea', DOGS), PHONE);
    expect(await page.locator('[data-prompt]').textContent()).toBe(
      'Nothing to click on the map for now: your choice is under “Other actions” below.',
    );
    // The map opens where the muster may go (Miragliano, Remas), not at its top left corner, far from Tilea.
    const inView = await page.evaluate(() => {
      const box = document.querySelector('.map-scroll')!.getBoundingClientRect();
      return ['mira', 'rema'].map((id) => {
        const r = document.querySelector(`[data-province="${id}"] .hit`)!.getBoundingClientRect();
        const [x, y] = [r.left + r.width / 2, r.top + r.height / 2];
        return x >= box.left && x <= box.right && y >= box.top && y <= box.bottom;
      });
    });
    expect(inView).toEqual([true, true]);
    await context.close();
  });

  it('Warhammer in French on a phone: no unit still to order is cut at a line end', async () => {
    await create(CHAOS, 'warhammer', [['chaos', 'Chaos']]);
    const url = (await pad.link('chaos', CHAOS)).replace('?lang=en', '?lang=fr');
    const { context, page } = await openPad(browser, url, PHONE);
    const units = ['A Eye of Chaos', 'F The Hung', 'A The Kurgan', 'F Man-chu'];
    expect(await page.locator('[data-missing]').textContent()).toBe(`Encore sans ordre : ${units.join(', ')}`);
    // At 360 px the list takes two lines: "F The Hung" went over as "F The" / "Hung".
    expect(await brokenUnitNames(page, units)).toEqual([]);
    await context.close();
  });

  it('Warhammer: a decisive battle declared on the pad', async () => {
    await create(WH, 'warhammer', [
      ['bretonnia', 'Bretonnia'],
      ['empire', 'Empire'],
    ]);
    const { h } = pad;
    await h.fake.slash('bretonnia', WH, 'order', { orders: 'A cour - wast' });
    await h.fake.slash('empire', WH, 'order', { orders: 'A altd - wast' });
    await h.fake.slash('bretonnia', WH, 'ready');
    await h.fake.slash('empire', WH, 'ready');
    await h.fake.waitForChannelMessage(WH, (m) =>
      m.content.startsWith('**Spring 2500 movement: provisional results**'),
    );
    const url = await pad.link('bretonnia', WH);
    // On a phone, every province of the 21-power map can be tapped, its corners included (none under the zoom buttons).
    const tapped = await openPad(browser, url, PHONE);
    // The map's own title, wider than a phone, is not shown cut off at the opening zoom: the view starts below it.
    const opening = await tapped.page.evaluate(() => {
      const box = document.querySelector<HTMLElement>('.map-scroll')!;
      const svg = document.querySelector<SVGSVGElement>('.map-svg')!;
      const zoom = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
      return { top: box.scrollTop, titleBar: Number(svg.dataset.frameTop) * zoom };
    });
    expect(opening.top).toBeGreaterThanOrEqual(Math.floor(opening.titleBar));
    await tapped.page.locator('[data-zoom="in"]').click();
    expect(await coveredTargets(tapped.page)).toEqual([]);
    // The action's controls (its choices, the commander's select) and the disabled buttons: 44 px, as every control.
    await click(tapped.page, '[data-kind="declare"]');
    expect(await smallControls(tapped.page)).toEqual([]);
    if (process.env.PAD_CLOSED_SHOT)
      await tapped.page.screenshot({ path: process.env.PAD_CLOSED_SHOT.replace('.png', '-phone.png'), fullPage: true });
    await tapped.context.close();
    if (process.env.PAD_SCREENSHOTS === '1') {
      // The 21-power map on a phone, opened where the viewer's units are (docs/img/, README.md).
      const phone = await openPad(browser, url, PHONE);
      await phone.page.screenshot({ path: 'docs/img/pad-warhammer-phone.png' });
      await phone.context.close();
    }
    // A French viewer (the link carries the member's language) reads the action, its description and its choices in
    // French; the values stay canonical.
    expect(url).toContain('?lang=en');
    const french = await openPad(browser, url.replace('?lang=en', '?lang=fr'), DESKTOP);
    // Orders are closed: the banner says how to declare on the pad, not with a Discord command.
    const frenchBanner = (await french.page.locator('[data-banner]').textContent()) ?? '';
    expect(frenchBanner).toContain('le bouton « déclarer » sous « Autres actions »');
    expect(frenchBanner).not.toContain('/act');
    await click(french.page, '[data-kind="declare"]');
    expect(await french.page.locator('[data-kind="declare"]').textContent()).toBe('déclarer');
    expect(await french.page.locator('.action-line').first().textContent()).toContain('une bataille décisive');
    expect(await french.page.locator('[data-choice="move A cour"]').textContent()).toBe(
      'mouvement décisif A cour → The Wasteland (wast)',
    );
    if (process.env.PAD_FR_SHOT) await french.page.screenshot({ path: process.env.PAD_FR_SHOT });
    await french.context.close();
    const { context, page } = await openPad(browser, url, DESKTOP);
    const banner = (await page.locator('[data-banner]').textContent()) ?? '';
    expect(banner).toContain('with the “declare” button under “Other actions”');
    expect(banner).not.toContain('/act');
    // `[data-refused]` is a refusal (docs/pad.md): none on a page that has refused nothing.
    expect(await page.locator('[data-refused]').count()).toBe(0);
    // Save, ready and clear cannot work while the declarations are open: disabled, and why is said beside them.
    for (const action of ['save', 'ready', 'clear']) {
      const b = page.locator(`[data-action="${action}"]`);
      expect(await b.isDisabled(), action).toBe(true);
      expect(await b.getAttribute('title')).toContain('with the “declare” button under “Other actions”');
    }
    expect(await page.locator('[data-ready-state]').textContent()).toBe(
      'Orders are closed, so save, ready and clear are off: see the note above.',
    );
    expect(await page.locator('[data-refused]').count()).toBe(0);
    if (process.env.PAD_CLOSED_SHOT) await page.screenshot({ path: process.env.PAD_CLOSED_SHOT });
    await click(page, '[data-kind="declare"]');
    await click(page, '[data-choice="move A cour"]');
    await expect
      .poll(async () => (await page.locator('[data-note]').textContent()) ?? '')
      .toContain('Stored for Bretonnia: decisive move A cour');
    // What was stored replaces the refusal shown before: no `[data-refused]` is left, hidden or not.
    expect(await page.locator('[data-refused]').count()).toBe(0);
    const confirmation = await h.fake.waitForDm('bretonnia', (m) => m.content.includes('decisive battle declarations'));
    expect(confirmation.content).toContain('A cour');
    const status = await h.fake.slash('gm', WH, 'game status');
    expect(status.text).toContain('Bretonnia');
    await context.close();
  });
});
