/**
 * A province typed in the pad's search box that cannot be picked now says why, in the page's language, beside the
 * box and announced (`role="alert"`): not a possible target of the order under way (with the ones that are), nothing
 * of the viewer's to order there, no province by that name (docs/pad.md "Phone and keyboard"). Nothing is stored.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  launchChromium,
  openPad,
  padOrders,
  PHONE,
  shownOrders,
  startPadHarness,
  type PadHarness,
} from './pad-support.js';

const CHANNEL = 'francais';

async function type(page: Page, name: string): Promise<void> {
  await page.locator('[data-find]').fill(name);
  await page.locator('[data-find]').press('Enter');
}

describe('a province typed on the pad that cannot be picked', () => {
  let pad: PadHarness;
  let browser: Browser;

  beforeAll(async () => {
    [pad, browser] = await Promise.all([
      startPadHarness({ users: ['gm', 'chloe', 'dora'], channels: [CHANNEL] }),
      launchChromium(),
    ]);
    const { h } = pad;
    await h.fake.slash('gm', CHANNEL, 'game create', { variant: 'classic', movement: '1h' });
    await h.fake.slash('chloe', CHANNEL, 'game join', { power: 'France' });
    await h.fake.slash('dora', CHANNEL, 'game join', { power: 'Germany' });
    await h.fake.slash('gm', CHANNEL, 'game start');
  });

  afterAll(async () => {
    await browser?.close();
    await pad?.close();
  });

  it('says why in French, announced beside the box, and stores nothing', async () => {
    pad.h.fake.setLocale('chloe', 'fr');
    const url = await pad.link('chloe', CHANNEL);
    expect(url).toMatch(/\?lang=fr$/);
    const { context, page } = await openPad(browser, url, PHONE);
    const note = page.locator('[data-find-note]');
    expect(await note.getAttribute('role')).toBe('alert');
    expect(await page.locator('[data-find]').getAttribute('aria-describedby')).toBe(await note.getAttribute('id'));
    expect(await note.isHidden()).toBe(true);

    // Nothing of the viewer's in Munich: no unit to pick there.
    await type(page, 'Munich');
    await expect.poll(() => note.textContent()).toBe('Munich : vous n’y avez rien à ordonner maintenant.');
    expect(await note.isVisible()).toBe(true);

    // Paris moving: Munich is not one of its destinations; the possible ones are named, the step stays.
    await type(page, 'Paris');
    await page.locator('[data-kind="move"]').click();
    expect(await note.isHidden()).toBe(true);
    await type(page, 'Munich');
    await expect.poll(() => note.textContent()).toMatch(/^Cible impossible ici : Munich\. Cibles possibles : /);
    const possible = (await note.textContent())!.replace(/^.*Cibles possibles : (.*)\.$/, '$1').split(', ');
    expect(possible.sort()).toEqual(['Bourgogne', 'Brest', 'Gascogne', 'Picardie']);
    expect(await page.locator('[data-prompt]').textContent()).toBe('Cliquez sur la destination.');
    if (process.env.PAD_TYPED_SHOT) await page.screenshot({ path: process.env.PAD_TYPED_SHOT, fullPage: true });

    // A name no province has.
    await type(page, 'Atlantide');
    await expect.poll(() => note.textContent()).toBe('Aucune province ne s’appelle « Atlantide ».');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(await padOrders(page)).toEqual([]);
    expect(await shownOrders(pad.h, 'chloe', CHANNEL)).toEqual([]);

    // A possible target typed: the order is stored and the notice goes.
    await type(page, 'Bourgogne');
    await expect.poll(() => padOrders(page)).toEqual(['A Paris - Bourgogne']);
    expect(await note.isHidden()).toBe(true);
    await context.close();
  });
});
