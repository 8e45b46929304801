/**
 * The pad's Discord surface through the stand-in (docs/pad.md "Discord surface"): `/orders pad` answers privately with
 * a link button (style 5, its URL under PUBLIC_URL) and, with the Activity configured, a button answered with
 * LAUNCH_ACTIVITY (callback 12); it is refused, saying why, to a member with no seat; the DMs that open a phase and
 * confirm orders carry the link button; the Activity's sign-in exchanges a one-time code for the member's seat.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { joinSeats, slashConfirmed } from '../bot/harness.js';
import { buttonsOf } from '../support/fake-discord/components.js';
import { englishWords } from '../support/english-left.js';
import { startPadHarness, type PadHarness } from './pad-support.js';

const CHANNEL = 'diplo';
const SECRET = 'a client secret';

describe('the pad in Discord', () => {
  let pad: PadHarness;

  beforeAll(async () => {
    pad = await startPadHarness({
      users: ['gm', 'alice', 'bob', 'carol', 'dora', 'erin', 'fern', 'gus'],
      channels: [CHANNEL, 'done', 'hidden'],
      activity: { clientSecret: SECRET },
    });
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
    await pad?.close();
  });

  it('/orders pad: a private link button and a launch button answered with LAUNCH_ACTIVITY', async () => {
    const { h } = pad;
    const reply = await h.fake.slash('alice', CHANNEL, 'orders pad');
    expect(reply.ephemeral).toBe(true);
    expect(reply.text).toContain('**France**');
    const [link, launch] = h.fake.buttons(reply);
    expect(link).toMatchObject({ style: 5, label: expect.stringMatching(/order pad/i) });
    expect(link!.url).toMatch(new RegExp(`^${pad.publicUrl}/pad/`));
    expect(launch!.style).not.toBe(5);
    const launched = await h.fake.click('alice', reply, launch!.customId!);
    expect(launched.responses.map((r) => r.kind)).toEqual(['launchActivity']);
    expect(h.fake.state.activityLaunches.map((l) => l.userId)).toEqual([h.fake.user('alice').id]);
    // The link opens the pad for France.
    const page = await fetch(link!.url!);
    expect(page.status).toBe(200);
  });

  it('/orders pad in a game that hides who plays whom: the link only, no launch inside the channel', async () => {
    const { h } = pad;
    await h.fake.slash('gm', 'hidden', 'game create', { variant: 'classic', movement: '1h', press: 'gunboat' });
    await joinSeats(h, 'hidden', { fern: 'England', gus: 'Turkey' });
    await h.fake.slash('gm', 'hidden', 'game start');
    const reply = await h.fake.slash('fern', 'hidden', 'orders pad');
    expect(reply.ephemeral).toBe(true);
    expect(reply.text).toContain('**England**');
    // An Activity launched in the channel shows its members to everyone there, so who plays at all would show.
    const buttons = h.fake.buttons(reply);
    expect(buttons.map((b) => b.style)).toEqual([5]);
    expect((await fetch(buttons[0]!.url!)).status).toBe(200);
  });

  it('/orders pad is refused, saying why, to a member who plays no power here', async () => {
    const reply = await pad.h.fake.slash('carol', CHANNEL, 'orders pad');
    expect(reply.ephemeral).toBe(true);
    expect(reply.text).toContain('You play no power in this channel’s game');
    expect(pad.h.fake.buttons(reply)).toEqual([]);
  });

  it('the DMs that open a phase and confirm orders carry the link button', async () => {
    const { h } = pad;
    // The phase's DM carries its map: drawn in the render worker, which a loaded machine may keep past 10 s.
    const started = await h.fake.waitForDm('alice', (m) => buttonsOf(m).some((b) => b.style === 5), 30_000);
    expect(buttonsOf(started)[0]!.url).toMatch(new RegExp(`^${pad.publicUrl}/pad/`));
    await h.fake.slash('alice', CHANNEL, 'order', { orders: 'A par - bur' });
    const confirmation = await h.fake.waitForDm('alice', (m) => m.content.includes('A par - bur'), 30_000);
    expect(buttonsOf(confirmation).map((b) => b.style)).toEqual([5]);
  });

  it('the Activity: the code is exchanged once, with the secret, for the member’s seat', async () => {
    const { h } = pad;
    const channelId = h.fake.channel(CHANNEL).id;
    const session = (code: string, language = 'en-US') =>
      fetch(`${pad.publicUrl}/.proxy/api/activity/session`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'accept-language': language },
        body: JSON.stringify({ code, channelId }),
      });
    const code = h.fake.authorize('bob');
    const r = await session(code);
    expect(r.status).toBe(200);
    const body = (await r.json()) as { token: string; accessToken: string };
    expect(body.accessToken).toMatch(/^fake-access-/);
    const view = await fetch(`${pad.publicUrl}/api/view`, { headers: { authorization: `Bearer ${body.token}` } });
    expect(((await view.json()) as { power: string }).power).toBe('Germany');
    expect(JSON.stringify(body)).not.toContain(SECRET);
    const reused = await session(code);
    expect(reused.status).toBe(502);
    expect(((await reused.json()) as { error: string }).error).toContain('Discord refused the code, HTTP 400');
    // the reason in the member's language too, with no English left
    const inFrench = (await (await session(code, 'fr')).json()) as { error: string };
    expect(inFrench.error).toContain('Discord a refusé le code');
    expect(englishWords(inFrench.error)).toEqual([]);
    const inChinese = (await (await session(code, 'zh-TW')).json()) as { error: string };
    expect(inChinese.error).toContain('Discord 拒絕了授權碼');
    expect(englishWords(inChinese.error)).toEqual([]);
    expect((await session(h.fake.authorize('carol'))).status).toBe(403);
    // Inside Discord the page is the Activity's, at the root the URL mapping points to.
    const root = await fetch(`${pad.publicUrl}/?frame_id=1&instance_id=2&platform=desktop`);
    expect(await root.text()).toContain(`data-client-id="${h.fake.state.applicationId}"`);
  });

  it('a French player’s DMs carry the button in French; a finished game’s /orders pad is refused', async () => {
    const { h } = pad;
    h.fake.setLocale('dora', 'fr');
    await h.fake.slash('gm', 'done', 'game create', { variant: 'classic', movement: '1h' });
    await h.fake.slash('dora', 'done', 'game join', { power: 'France' });
    await h.fake.slash('erin', 'done', 'game join', { power: 'Germany' });
    await h.fake.slash('gm', 'done', 'game start');
    await h.bot!.outbox.idle();
    const started = h.fake.dms('dora').find((m) => buttonsOf(m).some((b) => b.style === 5));
    const [link] = buttonsOf(started!);
    expect(link!.label).toBe('Ouvrir le carnet d’ordres');
    expect(link!.url).toMatch(/\?lang=fr$/);
    await slashConfirmed(h, 'gm', 'done', 'gm cancel');
    const refused = await h.fake.slash('erin', 'done', 'orders pad');
    expect(refused.ephemeral).toBe(true);
    expect(refused.text).toContain('is over');
    expect(h.fake.buttons(refused)).toEqual([]);
  });

  it('a seat handed over: the old holder’s link is refused, the new holder gets one of their own', async () => {
    const { h } = pad;
    const old = await pad.link('bob', CHANNEL);
    expect((await fetch(old)).status).toBe(200);
    const given = await h.fake.slash('gm', CHANNEL, 'gm replace', { power: 'Germany', user: 'carol' });
    expect(given.text).not.toContain('❌');
    const refusedPage = await fetch(old);
    expect(refusedPage.status).toBe(403);
    const page = await refusedPage.text();
    expect(page).toContain('changed hands');
    expect(page).toContain('/orders pad');
    expect(page).not.toContain('Germany');
    const token = new URL(old).pathname.split('/').pop()!;
    const api = await fetch(`${pad.publicUrl}/api/view`, { headers: { authorization: `Bearer ${token}` } });
    expect(api.status).toBe(403);
    // The old holder plays no power here any more; the new one gets a link of their own, which opens Germany.
    const bobAgain = await h.fake.slash('bob', CHANNEL, 'orders pad');
    expect(h.fake.buttons(bobAgain)).toEqual([]);
    const fresh = await pad.link('carol', CHANNEL);
    expect(fresh).not.toBe(old);
    const opened = await fetch(`${pad.publicUrl}/api/view`, {
      headers: { authorization: `Bearer ${new URL(fresh).pathname.split('/').pop()!}` },
    });
    expect(opened.status).toBe(200);
    expect(((await opened.json()) as { power: string }).power).toBe('Germany');
    // The DM that gives carol the seat carries her link button.
    const dm = await h.fake.waitForDm('carol', (m) => buttonsOf(m).some((b) => b.style === 5), 30_000);
    const [button] = buttonsOf(dm).filter((b) => b.style === 5);
    expect((await fetch(button!.url!)).status).toBe(200);
  });
});

describe('the pad off', () => {
  // That nothing listens without PUBLIC_URL is tested on the process itself (test/bot/main.e2e.test.ts).
  it('without PUBLIC_URL: /orders pad says so, and no DM carries a link', async () => {
    const { createHarness } = await import('../bot/harness.js');
    const h = await createHarness({ users: ['gm', 'alice', 'bob'], channels: [CHANNEL] });
    try {
      await h.start();
      await h.fake.slash('gm', CHANNEL, 'game create', { variant: 'classic', movement: '1h' });
      await h.fake.slash('alice', CHANNEL, 'game join', { power: 'France' });
      await h.fake.slash('bob', CHANNEL, 'game join', { power: 'Germany' });
      await h.fake.slash('gm', CHANNEL, 'game start');
      const reply = await h.fake.slash('alice', CHANNEL, 'orders pad');
      expect(reply.text).toContain('not turned on');
      expect(h.fake.buttons(reply)).toEqual([]);
      // No DM carries a link either: the seat's DM, the confirmation.
      await h.fake.slash('alice', CHANNEL, 'order', { orders: 'A par - bur' });
      await h.bot!.outbox.idle();
      const dms = h.fake.dms('alice');
      expect(dms.some((m) => m.content.includes('A par - bur'))).toBe(true);
      expect(dms.flatMap((m) => buttonsOf(m)).filter((b) => b.style === 5)).toEqual([]);
    } finally {
      await h.close();
    }
  });
});
