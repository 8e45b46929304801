/**
 * The order pad inside Discord (docs/pad.md "Inside Discord"), in a real headless Chromium: a stand-in of Discord's
 * client frame at https://discord.com (the only ancestors the pad's Content-Security-Policy admits) embeds the page at
 * the root with the query parameters Discord adds, and answers the Embedded App SDK's RPC over `postMessage` as the
 * client does — the handshake with READY, AUTHORIZE with a code of the Discord stand-in, AUTHENTICATE with the access
 * token our server handed the page. The page then shows the member's own seat; a member with no seat reads why.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launchChromium, PHONE, startPadHarness, type PadHarness } from './pad-support.js';

const CHANNEL = 'diplo';

/** The client frame's stand-in: what Discord's client answers the SDK, and the commands it was sent, in order. */
function hostPage(frameUrl: string, code: string, userId: string): string {
  const script = `
    window.commands = [];
    window.handshakes = [];
    const frame = document.querySelector('iframe');
    const reply = (payload) => frame.contentWindow.postMessage([1, payload], '*');
    window.addEventListener('message', (event) => {
      if (event.source !== frame.contentWindow || !Array.isArray(event.data)) return;
      const [opcode, data] = event.data;
      if (opcode === 0) {
        window.handshakes.push(data);
        reply({ cmd: 'DISPATCH', evt: 'READY', nonce: null,
          data: { v: 1, config: { api_endpoint: '//discord.com/api', environment: 'production', cdn_host: 'cdn.discordapp.com' } } });
        return;
      }
      if (opcode !== 1) return;
      window.commands.push(data.cmd);
      let answer = null;
      if (data.cmd === 'AUTHORIZE') answer = { code: ${JSON.stringify(code)} };
      if (data.cmd === 'AUTHENTICATE') {
        window.accessToken = data.args.access_token;
        answer = { access_token: data.args.access_token, scopes: ['identify'], expires: '2030-01-01T00:00:00.000Z',
          user: { id: ${JSON.stringify(userId)}, username: 'member', discriminator: '0', public_flags: 0 },
          application: { id: '1', name: 'Zhanguo', description: '' } };
      }
      reply({ cmd: data.cmd, evt: null, nonce: data.nonce, data: answer });
    });`;
  return `<!doctype html><html><body style="margin:0"><iframe src="${frameUrl}" style="border:0;width:100vw;height:100vh"></iframe><script>${script}</script></body></html>`;
}

describe('the order pad as a Discord Activity, in a browser', () => {
  let pad: PadHarness;
  let browser: Browser;

  beforeAll(async () => {
    [pad, browser] = await Promise.all([
      startPadHarness({ users: ['gm', 'alice', 'bob', 'carol'], channels: [CHANNEL], activity: { clientSecret: 's' } }),
      launchChromium(),
    ]);
    const { h } = pad;
    await h.fake.slash('gm', CHANNEL, 'game create', { variant: 'classic', movement: '1h' });
    await h.fake.slash('alice', CHANNEL, 'game join', { power: 'France' });
    await h.fake.slash('bob', CHANNEL, 'game join', { power: 'Germany' });
    await h.fake.slash('gm', CHANNEL, 'game start');
  });

  afterAll(async () => {
    await browser?.close();
    await pad?.close();
  });

  /** Opens the Activity as `user` in Discord's frame; the frame once its body says it is ready or failed. */
  async function launch(user: string, size: typeof PHONE | typeof DESKTOP) {
    const { h } = pad;
    const channelId = h.fake.channel(CHANNEL).id;
    const query = new URLSearchParams({
      frame_id: 'frame-1',
      instance_id: 'i-1',
      platform: size === PHONE ? 'mobile' : 'desktop',
      channel_id: channelId,
      guild_id: h.fake.state.guildId,
    });
    const context = await browser.newContext({ ...size, locale: 'en-US' });
    const page = await context.newPage();
    const code = h.fake.authorize(user);
    await page.route('https://discord.com/**', (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: hostPage(`${pad.publicUrl}/?${query}`, code, h.fake.user(user).id),
      }),
    );
    await page.goto('https://discord.com/channels/activity');
    const frame = page.frameLocator('iframe');
    return { context, page, frame };
  }

  const commandsOf = (page: Page) => page.evaluate(() => (window as unknown as { commands: string[] }).commands);

  it('signs in through the SDK and shows the member’s own seat, on a phone', async () => {
    const { context, page, frame } = await launch('bob', PHONE);
    await frame.locator('body[data-ready="true"]').waitFor({ timeout: 30_000 });
    expect(await frame.locator('p.power[data-power]').getAttribute('data-power')).toBe('Germany');
    expect(await frame.locator('[data-unit="ber"].own').count()).toBe(1);
    expect(await frame.locator('[data-unit="par"].own').count()).toBe(0);
    const handshake = await page.evaluate(() => (window as unknown as { handshakes: object[] }).handshakes[0]);
    expect(handshake).toMatchObject({ v: 1, encoding: 'json', client_id: pad.h.fake.state.applicationId });
    const commands = await commandsOf(page);
    expect(commands.slice(0, 2)).toEqual(['AUTHORIZE', 'AUTHENTICATE']);
    expect(await page.evaluate(() => (window as unknown as { accessToken: string }).accessToken)).toMatch(
      /^fake-access-/,
    );
    await context.close();
  });

  it('tells a member with no seat in the channel’s game why, without a board', async () => {
    const { context, frame } = await launch('carol', DESKTOP);
    await expect
      .poll(() => frame.locator('#pad').textContent(), { timeout: 30_000 })
      .toBe('You play no power in this channel’s game, so there is no order pad for you here.');
    expect(await frame.locator('[data-unit]').count()).toBe(0);
    await context.close();
  });
});
