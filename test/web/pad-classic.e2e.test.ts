/**
 * A Classic phase ordered by clicks on the pad (docs/pad.md), at phone size and at desktop size, each order checked
 * against what `/orders show` reports through the Discord stand-in; then a retreat and a build; ready, save and clear;
 * the hooks (one per province and unit, only legal kinds and targets clickable); a convoy.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeVariant } from '../../src/cli/commands/maps.js';
import { getVariant } from '../../src/variants/index.js';
import { waitForResults } from '../bot/harness.js';
import {
  clickOrder,
  coveredTargets,
  DESKTOP,
  launchChromium,
  openPad,
  padOrders,
  PHONE,
  shownOrders,
  startPadHarness,
  smallControls,
  type PadHarness,
} from './pad-support.js';

const CHANNEL = 'diplo';

/** `PAD_SCREENSHOTS=1`: the pictures of the pad in docs/img/ are taken again (README.md, docs/pad.md). */
async function shoot(page: Page, name: string): Promise<void> {
  if (process.env.PAD_SCREENSHOTS === '1') await page.screenshot({ path: `docs/img/${name}`, fullPage: true });
}

/** How each of the viewer's units is ringed on the map: `dashed`, or `solid <colour>`. */
async function rings(page: Page): Promise<Record<string, string>> {
  return await page.locator('.unit.own').evaluateAll((units) =>
    Object.fromEntries(
      units.map((u) => {
        const style = getComputedStyle(u);
        const dashed = style.strokeDasharray !== 'none';
        return [u.getAttribute('data-unit'), dashed ? 'dashed' : `solid ${style.stroke}`];
      }),
    ),
  );
}

describe('the order pad plays Classic by clicks', () => {
  let pad: PadHarness;
  let browser: Browser;

  beforeAll(async () => {
    [pad, browser] = await Promise.all([
      startPadHarness({
        users: ['gm', 'alice', 'bob', 'erin', 'fred', 'chloe', 'dora'],
        channels: [CHANNEL, 'convoy', 'francais'],
      }),
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

  it('at phone size: moves and a support, each stored as /orders show lists it', async () => {
    const url = await pad.link('alice', CHANNEL);
    const { context, page } = await openPad(browser, url, PHONE);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await clickOrder(page, 'par', 'move', 'bur');
    await expect.poll(() => padOrders(page)).toEqual(['A par - bur']);
    // The unit with an order is ringed solid green, those still without one dashed; the legend says so.
    await expect.poll(() => rings(page)).toEqual({ bre: 'dashed', mar: 'dashed', par: 'solid rgb(31, 122, 63)' });
    expect(await page.locator('[data-ring-legend]').textContent()).toContain('dashed ring, still to order');
    if (process.env.PAD_RINGS_SHOT) await page.screenshot({ path: process.env.PAD_RINGS_SHOT });
    // While the support's destination is clicked, the supported unit stays marked on the map, its name written.
    await clickOrder(page, 'mar', 'support', 'par');
    expect(await page.locator('[data-province="par"]').getAttribute('class')).toContain('picked');
    expect(await page.locator('[data-label="par"]').count()).toBe(1);
    await page.locator('[data-province="bur"]').click();
    expect(await page.locator('.map-svg .picked').count()).toBe(0);
    await clickOrder(page, 'bre', 'move', 'mao');
    await expect.poll(() => padOrders(page)).toEqual(['A mar S A par - bur', 'A par - bur', 'F bre - mao']);
    expect(await shownOrders(pad.h, 'alice', CHANNEL)).toEqual(await padOrders(page));
    await page.locator('[data-unit="par"]').click();
    expect(await smallControls(page)).toEqual([]); // the kinds of order, Cancel, Save, Ready, Clear all
    await page.locator('[data-kind="move"]').click();
    expect(await smallControls(page)).toEqual([]);
    await shoot(page, 'pad-phone.png');
    await context.close();
  });

  it('for a French member: the pad lists the orders as /orders show words them in French', async () => {
    const { h } = pad;
    await h.fake.slash('gm', 'francais', 'game create', { variant: 'classic', movement: '1h' });
    await h.fake.slash('chloe', 'francais', 'game join', { power: 'France' });
    await h.fake.slash('dora', 'francais', 'game join', { power: 'Germany' });
    await h.fake.slash('gm', 'francais', 'game start');
    h.fake.setLocale('chloe', 'fr');
    const url = await pad.link('chloe', 'francais');
    expect(url).toMatch(/\?lang=fr$/);
    const { context, page } = await openPad(browser, url, PHONE);
    // From the click on, the note names the order as the page names places (not `A par - bur`, the text it sends).
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/orders*', async (route) => {
      await held;
      await route.continue();
    });
    await clickOrder(page, 'par', 'move', 'bur');
    await expect
      .poll(() => page.locator('[data-note]').textContent())
      .toBe('Enregistrement : A Paris · Avancer · Bourgogne…');
    release();
    // The held request answered before the route goes (an unroute while its handler runs fails the handler).
    await expect.poll(() => page.locator('[data-note]').textContent()).not.toMatch(/…$/);
    await page.unrouteAll({ behavior: 'wait' });
    await clickOrder(page, 'mar', 'support', 'par', 'bur');
    await expect
      .poll(() => padOrders(page))
      .toEqual(['A Marseille soutient A Paris - Bourgogne', 'A Paris - Bourgogne']);
    expect(await page.locator('[data-note]').textContent()).toContain('A Marseille soutient A Paris - Bourgogne');
    expect(await shownOrders(h, 'chloe', 'francais')).toEqual(await padOrders(page));
    expect(await page.locator('[data-missing]').textContent()).toBe('Encore sans ordre : F Brest');
    // The bot names the unit the same way: /orders show, and the order set under an /order reply.
    expect((await h.fake.slash('chloe', 'francais', 'orders show')).text).toContain('F Brest');
    expect((await h.fake.slash('chloe', 'francais', 'order', { orders: 'A par - bur' })).text).toMatch(/F Brest$/m);
    if (process.env.PAD_FR_CLASSIC_SHOT)
      await page.screenshot({ path: process.env.PAD_FR_CLASSIC_SHOT, fullPage: true });
    await context.close();
  });

  /** The pairs of lit targets (and the piece ordered) whose rings come closer than 5 CSS px, strokes included. */
  const ringGaps = (page: Page) =>
    page.$$eval('.map-svg .lit .hit, .map-svg .selected .hit, .map-svg .selected .unit.own', (circles) => {
      const rings = circles.map((c) => {
        const r = c.getBoundingClientRect();
        const half = Number.parseFloat(getComputedStyle(c).strokeWidth) / 2;
        const id = c.closest('[data-province]')!.getAttribute('data-province')!;
        return { id, x: r.left + r.width / 2, y: r.top + r.height / 2, r: r.width / 2 + half };
      });
      return rings.flatMap((a, i) =>
        rings.slice(i + 1).flatMap((b) => {
          const gap = Math.hypot(a.x - b.x, a.y - b.y) - a.r - b.r;
          return a.id !== b.id && gap < 5 ? [`${a.id}–${b.id} ${gap.toFixed(1)}`] : [];
        }),
      );
    });
  const text = async (page: Page, selector: string) => (await page.locator(selector).first().textContent()) ?? '';
  const attributes = (page: Page, name: string) =>
    page.$$eval(`[${name}]`, (nodes, n) => nodes.map((e) => e.getAttribute(n)!).sort(), name);

  it('at desktop size: one target per province and per unit; hold, move, save, ready and clear', async () => {
    const url = await pad.link('bob', CHANNEL);
    const { context, page } = await openPad(browser, url, DESKTOP);
    // One [data-province] per province as `maps show` lists it, one [data-unit] per unit on the board.
    const shown = describeVariant(getVariant('classic')!);
    expect(await attributes(page, 'data-province')).toEqual(shown.provinces.map((p) => p.id).sort());
    expect(await attributes(page, 'data-unit')).toEqual(shown.startingUnits.map((u) => u.province).sort());
    // Only legal kinds, then only legal targets, can be clicked (the rest of the map is disabled).
    expect(await text(page, '[data-prompt]')).toBe('Click one of your units.');
    // The units still to order are named as the prompts name them (`A Munich`), never by id (`A mun`).
    expect(await text(page, '[data-missing]')).toBe('Still without an order: A Berlin, F Kiel, A Munich');
    await page.locator('[data-unit="mun"]').click();
    expect(await attributes(page, 'data-kind')).toEqual(['hold', 'move', 'support']);
    await page.locator('[data-kind="move"]').click();
    // The order under way is named above what to click next.
    expect(await text(page, '[data-draft]')).toBe('A Munich · Move');
    expect(await text(page, '[data-prompt]')).toBe('Click the destination.');
    expect(
      await page.$$eval('[data-province][aria-disabled="false"]', (ns) =>
        ns.map((n) => n.getAttribute('data-province')).sort(),
      ),
    ).toEqual(['ber', 'boh', 'bur', 'kie', 'ruh', 'sil', 'tyr']);
    // Their names are written again above the targets and the dimming, so no ring or tint crosses them; at rest, the
    // names of the viewer's units.
    const namesOnTop = () =>
      page.$$eval('[data-label]', (ns) =>
        ns
          .filter((n) =>
            [...document.querySelectorAll('[data-province], .lit-layer')].every(
              (under) => under.compareDocumentPosition(n) & Node.DOCUMENT_POSITION_FOLLOWING,
            ),
          )
          .map((n) => `${n.getAttribute('data-label')} ${n.textContent}`)
          .sort(),
      );
    expect(await namesOnTop()).toEqual([
      'ber Ber',
      'boh Boh',
      'bur Bur',
      'kie Kie',
      'mun Mun',
      'ruh Ruh',
      'sil Sil',
      'tyr Tyr',
    ]);
    await page.locator('[data-province="par"]').click({ force: true }); // out of reach: nothing happens
    await page.locator('[data-action="cancel"]').click();
    expect(await page.locator('[data-draft]').isVisible()).toBe(false);
    expect(await namesOnTop()).toEqual(['ber Ber', 'kie Kie', 'mun Mun']);
    expect(await padOrders(page)).toEqual([]);
    await clickOrder(page, 'kie', 'move', 'den');
    await clickOrder(page, 'ber', 'move', 'kie');
    await clickOrder(page, 'mun', 'hold');
    await expect.poll(() => padOrders(page)).toEqual(['A ber - kie', 'A mun H', 'F kie - den']);
    expect(await shownOrders(pad.h, 'bob', CHANNEL)).toEqual(await padOrders(page));
    // An order given with /order meanwhile: after save the pad lists exactly the stored set.
    await pad.h.fake.slash('bob', CHANNEL, 'order', { orders: 'A mun - ruh' });
    await page.locator('[data-action="save"]').click();
    await expect.poll(() => padOrders(page)).toEqual(['A ber - kie', 'A mun - ruh', 'F kie - den']);
    expect(await shownOrders(pad.h, 'bob', CHANNEL)).toEqual(await padOrders(page));
    expect(await page.locator('[data-note]').textContent()).toContain('Saved');
    expect(await page.locator('[data-note]').getAttribute('role')).toBe('status'); // announced, politely
    await page.locator('[data-action="clear"]').click();
    await expect.poll(() => padOrders(page)).toEqual([]);
    expect(await shownOrders(pad.h, 'bob', CHANNEL)).toEqual([]);
    // The note says the orders are cleared: the "Saved" of before no longer stands over the empty list.
    expect(await page.locator('[data-note]').textContent()).toBe(
      'Cleared: no order of yours is stored for this phase now.',
    );
    // By keyboard: a province typed by name picks the unit, a focused kind and Enter, a typed name the target.
    await page.locator('[data-find]').fill('Munich');
    await page.locator('[data-find]').press('Enter');
    await page.locator('[data-kind="move"]').focus();
    await page.keyboard.press('Enter');
    await page.locator('[data-find]').fill('Ruhr');
    await page.locator('[data-find]').press('Enter');
    await expect.poll(() => padOrders(page)).toEqual(['A mun - ruh']);
    // Tab order: the viewer's units are focusable targets; Enter on one opens its kinds.
    await page.locator('[data-province="ber"]').focus();
    await page.keyboard.press('Enter');
    await page.locator('[data-kind="move"]').focus();
    await page.keyboard.press('Enter');
    // The kind's button gone, the focus is on the first lit target (not lost to the page's top): Tab goes on among them.
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('data-province') ?? null);
    const lit = ['kie', 'mun', 'pru', 'sil']; // Berlin's neighbours, Munich emptied by its move
    expect(lit).toContain(await focused());
    for (let i = 0; i < lit.length && (await focused()) !== 'mun'; i++) await page.keyboard.press('Tab');
    expect(await focused()).toBe('mun');
    await page.keyboard.press(' ');
    await expect.poll(() => padOrders(page)).toEqual(['A ber - mun', 'A mun - ruh']);
    // Ready toggles, as /ready does: on, off, on again (Bob stays ready for the next test).
    const readyState = () => page.locator('[data-ready-state]').getAttribute('data-ready-state');
    // The note then says what is true now, not the "Stored: …" of the last order.
    const note = () => page.locator('[data-note]').textContent();
    expect(await note()).toMatch(/^Stored: /);
    for (const [state, said] of [
      ['true', 'Ready: your orders are stored.'],
      ['false', 'No longer ready.'],
      ['true', 'Ready: your orders are stored.'],
    ] as const) {
      await page.locator('[data-action="ready"]').click();
      await expect.poll(readyState).toBe(state);
      expect(await note()).toBe(said);
    }
    await shoot(page, 'pad-desktop.png');
    await context.close();
  });

  it('a phase that moves on under an open pad, a coast, a retreat and a build', async () => {
    const { h } = pad;
    const url = await pad.link('alice', CHANNEL);
    const { context, page } = await openPad(browser, url, DESKTOP);
    // Bob is ready already (above); alice's ready resolves Spring while her pad is open: the pad says so.
    await h.fake.slash('alice', CHANNEL, 'ready');
    await waitForResults(h, CHANNEL, 'Spring 1901 movement');
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await expect.poll(() => text(page, '[data-banner]')).toContain('The phase has been resolved');
    expect(await page.locator('[data-action="reload"]').isVisible()).toBe(true);
    expect(await page.locator('[data-prompt]').isVisible()).toBe(false); // nothing more to click on this board
    await page.reload();
    await page.waitForSelector('body[data-ready="true"]');
    expect(await text(page, 'h1')).toContain('Fall 1901 movement');
    // Fall: Germany dislodges the French army in Burgundy.
    await h.fake.slash('bob', CHANNEL, 'order', { orders: 'A ruh - bur; A mun S A ruh - bur; F kie H' });
    await h.fake.slash('alice', CHANNEL, 'order', { orders: 'A bur H; A mar H' });
    // A move to a province of two coasts asks which one, each coast named in words, not `NC`.
    await clickOrder(page, 'mao', 'move', 'spa');
    expect(await page.locator('[data-coast]').allTextContents()).toEqual(['North coast', 'South coast']);
    await page.locator('[data-coast="nc"]').click();
    await expect.poll(() => padOrders(page)).toEqual(['A bur H', 'A mar H', 'F mao - spa/nc']);
    expect(await shownOrders(h, 'alice', CHANNEL)).toEqual(['A bur H', 'A mar H', 'F mao - spa/nc']);
    await h.fake.slash('bob', CHANNEL, 'ready');
    await h.fake.slash('alice', CHANNEL, 'ready');
    await waitForResults(h, CHANNEL, 'Fall 1901 movement');
    await page.reload();
    await page.waitForSelector('body[data-ready="true"]');
    expect(await text(page, 'h1')).toContain('retreat');
    // Germany has nothing to retreat: its pad says so in its reader's language, its power named there.
    const germany = new URL(await pad.link('bob', CHANNEL)).pathname.split('/').pop()!;
    const seen = await fetch(`${pad.publicUrl}/api/view?lang=fr`, { headers: { authorization: `Bearer ${germany}` } });
    expect(((await seen.json()) as { readyRefused: string }).readyRefused).toBe(
      'Allemagne : rien à décider dans cette phase.',
    );
    // Its page says so where it says what to click, and does not claim that "every unit has an order".
    const idle = await openPad(browser, await pad.link('bob', CHANNEL), PHONE);
    expect(await text(idle.page, '[data-prompt]')).toBe('Germany has nothing to decide this phase.');
    expect(await text(idle.page, '[data-missing]')).toBe('');
    await idle.context.close();
    expect(await text(page, '[data-prompt]')).toBe('Click one of your dislodged units (ringed in red).');
    // France retreats it by clicks: its kinds are retreat and disband.
    await page.locator('[data-unit="bur"]').click();
    expect(await attributes(page, 'data-kind')).toEqual(['disband', 'retreat']);
    // The selection rings the dislodged army alone, not also the German army standing at Burgundy's spot.
    const stroke = (s: string) => page.locator(s).evaluate((e) => getComputedStyle(e).stroke);
    expect(await stroke('[data-province="bur"] .hit')).toBe('none');
    expect(await stroke('[data-unit="bur"]')).not.toBe('none');
    await page.locator('[data-action="cancel"]').click();
    // On the desktop's whole map its lit destinations (Belgium, Picardy, Paris, Gascony) sit close together: their
    // rings keep a clear gap, so each is told apart and clicked without doubt.
    await page.locator('[data-unit="bur"]').click();
    await page.locator('[data-kind="retreat"]').click();
    expect(await ringGaps(page)).toEqual([]);
    await page.locator('[data-province="pic"]').click();
    await expect.poll(() => padOrders(page)).toEqual(['A bur R pic']);
    expect(await shownOrders(h, 'alice', CHANNEL)).toEqual(['A bur R pic']);
    await h.fake.slash('alice', CHANNEL, 'ready');
    await waitForResults(h, CHANNEL, 'Fall 1901 retreat');
    await page.reload();
    await page.waitForSelector('body[data-ready="true"]');
    expect(await text(page, 'h1')).toContain('adjustment');
    // Winter: France (Spain taken) builds a fleet in Brest by clicking the free centre, ringed as a unit is.
    expect(await text(page, '[data-prompt]')).toBe('Click a free centre (ringed) to build in.');
    const ring = (p: string) =>
      page.locator(`[data-province="${p}"] .hit`).evaluate((e) => getComputedStyle(e).strokeDasharray);
    expect(await ring('bre')).not.toBe('none');
    expect(await ring('pic')).toBe('none'); // not a centre of France's
    await page.locator('[data-province="bre"]').click();
    expect(await text(page, '[data-prompt]')).toBe('What do you do in the free centre Brest?');
    expect(await attributes(page, 'data-kind')).toEqual(['build-army', 'build-fleet', 'waive']);
    await page.locator('[data-kind="build-fleet"]').click();
    await expect.poll(() => padOrders(page)).toEqual(['F bre B']);
    expect(await shownOrders(h, 'alice', CHANNEL)).toEqual(['F bre B']);
    // France's one build is given: Paris, where a second build could only be refused, is offered no more; Brest is,
    // to change its unit (no waive there: it would be a second adjustment), and the prompt says how to change them.
    await expect
      .poll(() => text(page, '[data-prompt]'))
      .toBe(
        'Every build is given (or waived). Click a centre you build in to change its unit, or “Clear all” to start again.',
      );
    // The map is drawn anew a moment after the prompt (src/web/page/map.ts batches its redraws).
    await expect.poll(() => page.locator('[data-province="par"]').getAttribute('aria-disabled')).toBe('true');
    expect(await text(page, '[data-missing]')).toBe('');
    await page.locator('[data-province="bre"]').click();
    expect(await attributes(page, 'data-kind')).toEqual(['build-army', 'build-fleet']);
    await page.locator('[data-kind="build-army"]').click();
    await expect.poll(() => padOrders(page)).toEqual(['A bre B']);
    await context.close();
  });

  it('shows the whole map on a desktop, and again with "whole map" after zooming in, there and on a phone', async () => {
    const url = await pad.link('alice', CHANNEL);
    // The map's box and what it holds: the whole map is in view when it holds no more than the box shows.
    const hidden = (page: Page) =>
      page.locator('.map-scroll').evaluate((e) => [e.scrollWidth - e.clientWidth, e.scrollHeight - e.clientHeight]);
    for (const [size, opensWhole] of [
      [DESKTOP, true],
      [{ ...DESKTOP, viewport: { width: 1366, height: 768 } }, true],
      [PHONE, false],
    ] as const) {
      const { context, page } = await openPad(browser, url, size);
      const [wide, high] = await hidden(page);
      if (opensWhole) {
        expect([wide, high]).toEqual([0, 0]);
        // …and the page itself within the window: the zoom buttons beside the map, not a row above it.
        expect(
          await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight),
        ).toBeLessThanOrEqual(0);
      } else expect(wide).toBeGreaterThan(0); // a phone opens close enough to tap a province
      await page.locator('[data-zoom="in"]').click();
      expect(await coveredTargets(page)).toEqual([]); // nothing over the map: every province can be clicked
      await page.locator('[data-zoom="fit"]').click();
      await expect.poll(() => hidden(page)).toEqual([0, 0]);
      await context.close();
    }
  });

  it('a convoy by clicks: the fleet, convoy, the army, its destination', async () => {
    const { h } = pad;
    await h.fake.slash('gm', 'convoy', 'game create', { variant: 'classic', movement: '1h', retreat: '1h' });
    await h.fake.slash('erin', 'convoy', 'game join', { power: 'England' });
    await h.fake.slash('fred', 'convoy', 'game join', { power: 'Russia' });
    await h.fake.slash('gm', 'convoy', 'game start');
    await h.fake.slash('erin', 'convoy', 'order', { orders: 'F lon - nth; A lvp - yor; F edi H' });
    await h.fake.slash('erin', 'convoy', 'ready');
    await h.fake.slash('fred', 'convoy', 'ready');
    await waitForResults(h, 'convoy', 'Spring 1901 movement');
    const { context, page } = await openPad(browser, await pad.link('erin', 'convoy'), DESKTOP);
    await page.locator('[data-unit="nth"]').click();
    expect(await attributes(page, 'data-kind')).toEqual(['convoy', 'hold', 'move', 'support']);
    await page.locator('[data-action="cancel"]').click();
    await page.locator('[data-unit="nth"]').click();
    await page.locator('[data-kind="convoy"]').click();
    await page.locator('[data-province="yor"]').click();
    expect(await text(page, '[data-draft]')).toBe('F North Sea · Convoy · Yorkshire');
    expect(await text(page, '[data-prompt]')).toBe('Click where the army goes.');
    await page.locator('[data-province="nwy"]').click();
    await expect.poll(() => padOrders(page)).toEqual(['F nth C A yor - nwy']);
    expect(await shownOrders(h, 'erin', 'convoy')).toEqual(['F nth C A yor - nwy']);
    await context.close();
  });

  it('a seat handed over under an open pad: its click is refused, nothing stored, and the page says what to do', async () => {
    const { h } = pad;
    const url = await pad.link('fred', 'convoy');
    const { context, page } = await openPad(browser, url, PHONE);
    await page.locator('[data-unit="mos"]').click();
    const given = await h.fake.slash('gm', 'convoy', 'gm replace', { power: 'Russia', user: 'chloe' });
    expect(given.text).not.toContain('❌');
    await page.locator('[data-kind="move"]').click();
    await page.locator('[data-province="ukr"]').click();
    await expect.poll(() => text(page, '[data-refused]')).toContain('changed hands');
    expect(await text(page, '[data-refused]')).toContain('/orders pad');
    // Said once, at the top, with what helps (run /orders pad again): no second copy, no Reload back to a refusal.
    const said = (await text(page, '[data-refused]')).trim();
    const body = ((await page.locator('body').textContent()) ?? '').replaceAll(/\s+/g, ' ');
    expect(body.split(said.replaceAll(/\s+/g, ' ')).length - 1).toBe(1);
    expect(await page.locator('[data-refused]').count()).toBe(1);
    expect(await page.locator('[data-banner][data-refused]').isVisible()).toBe(true);
    expect(await page.locator('[data-action="reload"]').count()).toBe(0);
    if (process.env.PAD_GONE_SHOT) await page.screenshot({ path: process.env.PAD_GONE_SHOT });
    expect(await shownOrders(h, 'chloe', 'convoy')).toEqual([]);
    expect(await page.locator('[data-action="save"]').evaluate((b) => getComputedStyle(b).pointerEvents)).toBe('none');
    const again = await page.goto(url);
    expect(again?.status()).toBe(403);
    await context.close();
  });

  it('by keyboard: the focus stays on its target when the map is drawn anew after an order', async () => {
    const { context, page } = await openPad(browser, await pad.link('erin', 'convoy'), DESKTOP);
    // The map drawn anew after an order comes while the keyboard is already on the next order's targets: held here
    // until then, as a slow connection would.
    let release = () => {};
    let held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let holding = false;
    await page.route('**/api/map/orders*', async (route) => {
      if (holding) await held;
      await route.continue();
    });
    holding = true;
    // A click on a slow connection is seen at once to be storing, before its answer comes.
    await page.route('**/api/orders*', async (route) => {
      if (holding) await held;
      await route.continue();
    });
    await clickOrder(page, 'nth', 'hold');
    expect(await page.locator('[data-note]').textContent()).toBe('Storing F North Sea · Hold…');
    holding = false;
    release();
    await expect.poll(() => page.locator('[data-note]').textContent()).toBe('Stored: F nth H');
    held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.unroute('**/api/orders*');
    holding = true;
    await page.locator('[data-province="edi"]').focus();
    await page.keyboard.press('Enter');
    await page.locator('[data-kind="hold"]').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => padOrders(page)).toContain('F edi H');
    await page.locator('[data-province="yor"]').focus();
    await page.keyboard.press('Enter');
    await page.locator('[data-kind="move"]').focus();
    await page.keyboard.press('Enter');
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('data-province') ?? null);
    const target = await focused();
    expect(target).not.toBeNull(); // the first of Yorkshire's destinations (by land, or convoyed by the North Sea)
    const drawn = page.waitForResponse('**/api/map/orders*');
    holding = false;
    release();
    await drawn;
    await page.waitForFunction(() => document.querySelectorAll('.map-svg').length === 1);
    await page.waitForTimeout(200);
    expect(await focused()).toBe(target);
    await page.keyboard.press('Enter');
    await expect.poll(() => padOrders(page)).toContain(`A yor - ${target}`);
    await context.close();
  });
});
