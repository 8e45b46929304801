/**
 * The order pad's HTTP API without a browser (docs/pad.md "API", "Refusals", "Limits", "Security"): links as
 * capabilities (the seat's own link works; a missing, edited or foreign one is 401; a seat handed over 403; a game
 * over 410; no game 404), the refusal pages, the body and order limits (413, 400), the rate limits (429), the
 * security headers, what a view carries (nothing of another power) and that no log line carries a token.
 */
import { Writable } from 'node:stream';
import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gmCancel, gmReplace } from '../../src/game/gm/index.js';
import { leaveSeat } from '../../src/game/seats/index.js';
import { submitOrders } from '../../src/game/orders/index.js';
import { createGame, startGame } from '../../src/game/lobby/index.js';
import { toggleReady } from '../../src/game/resolve/index.js';
import { padKey, padLinkInChannel } from '../../src/game/pad/pad.js';
import type { ShownPadView as PadView } from '../../src/game/pad/view.js';
import { createLogger } from '../../src/log.js';
import { padApp } from '../../src/web/app.js';
import { CONTENT_SECURITY_POLICY } from '../../src/web/headers.js';
import { webJson, webText } from '../../src/web/texts.js';
import { CHANNEL, GM, joinPowers, makeEnv, ok, startedGame, userOf, type TestEnv } from '../game/helpers.js';

const key = padKey({ botToken: 'a test bot token' });

describe('the pad API', () => {
  let env: TestEnv;
  let app: Hono;
  let france: string;
  let germany: string;
  const logged: string[] = [];

  beforeAll(async () => {
    env = await makeEnv();
    await startedGame(env.deps, ['France', 'Germany', 'Italy']);
    const log = createLogger(
      'trace',
      new Writable({
        write(chunk, _enc, done) {
          logged.push(String(chunk));
          done();
        },
      }),
    );
    app = await padApp({ deps: env.deps, log, key, limits: { perLink: 1000, perAddress: 10_000 } });
    france = ok(await padLinkInChannel(env.deps, key, { channelId: CHANNEL, userId: userOf('France') })).token;
    germany = ok(await padLinkInChannel(env.deps, key, { channelId: CHANNEL, userId: userOf('Germany') })).token;
  });

  afterAll(async () => {
    await env?.close();
  });

  const get = (path: string, token?: string, headers: Record<string, string> = {}) =>
    app.request(path, { headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers } });
  const post = (path: string, token: string, body: unknown) =>
    app.request(path, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  const view = async (token: string) => (await (await get('/api/view', token)).json()) as PadView;

  it('opens the seat of its link, and only that: its own units and orders, no other power’s', async () => {
    ok(
      await submitOrders(env.deps, { channelId: CHANNEL, userId: userOf('Germany'), text: 'F kie - hol; A ber - sil' }),
    );
    const v = await view(france);
    expect(v.power).toBe('France');
    expect(v.pieces.map((p) => p.province).sort()).toEqual(['bre', 'mar', 'par']);
    expect(v.orders).toEqual([]);
    expect(v.readyAtMark).toBe(false);
    const text = JSON.stringify(v);
    expect(text).not.toContain('kie - hol');
    expect(text).not.toContain('ber - sil');
    for (const user of [userOf('Germany'), userOf('Italy'), GM]) expect(text).not.toContain(user);
    expect((await view(germany)).orders.map((o) => o.order).sort()).toEqual(['A ber - sil', 'F kie - hol']);
  });

  it('words the view’s game texts in the page’s language: the phase, and why ready is refused', async () => {
    const english = await view(france);
    expect(english.phase.label).toBe('Spring 1901 movement');
    const french = (await (await get('/api/view?lang=fr', france)).json()) as PadView;
    expect(french.phase.label).toBe('Printemps 1901, mouvements');
    const chinese = (await (await get('/api/view', france, { 'accept-language': 'zh-TW,zh;q=0.9' })).json()) as PadView;
    expect(chinese.phase.label).toBe('1901年春季行動階段');
    expect(JSON.stringify(chinese)).not.toContain('"key":');
    // names in the page's language where the variant has them: Classic's French names
    const bur = (v: PadView) => v.provinces.find((p) => p.id === 'bur');
    expect([english.powerName, bur(english)]).toEqual(['France', { id: 'bur', name: 'Burgundy', shown: 'Burgundy' }]);
    expect([french.powerName, bur(french)?.shown]).toEqual(['France', 'Bourgogne']);
    expect(JSON.stringify(french)).not.toContain('"in":');
  });

  it('refuses a missing or malformed link with 401, an edited one with 403, and its page says what to do', async () => {
    expect((await get('/api/view')).status).toBe(401);
    expect((await get('/api/view', 'nonsense')).status).toBe(401);
    const [game, power, since, mac] = france.split('.');
    const flipped = `${mac!.slice(0, -1)}${mac!.endsWith('A') ? 'B' : 'A'}`;
    expect((await get('/api/view', [game, power, since, flipped].join('.'))).status).toBe(403);
    // Another seat named in a link made for France.
    const asGermany = Buffer.from('Germany').toString('base64url');
    expect((await get('/api/view', [game, asGermany, since, mac].join('.'))).status).toBe(403);
    expect((await get('/api/view', ['999', power, since, mac].join('.'))).status).toBe(404);
    // Every other last character of its MAC or its power, even one that differs only in the bits base64 leaves unused.
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const edits = [...alphabet].flatMap((ch) => [
      ...(ch === mac!.at(-1) ? [] : [[game, power, since, mac!.slice(0, -1) + ch]]),
      ...(ch === power!.at(-1) ? [] : [[game, power!.slice(0, -1) + ch, since, mac]]),
    ]);
    const opened = [];
    for (const edit of edits) if ((await get('/api/view', edit.join('.'))).status === 200) opened.push(edit.join('.'));
    expect(opened).toEqual([]);
    // Cut short, lengthened, a character changed inside, a field dropped or doubled: none opens, each says why.
    const middle = Math.floor(mac!.length / 2);
    const swap = (ch: string) => (ch === 'x' ? 'y' : 'x');
    for (const bent of [
      france.slice(0, -1),
      france.slice(0, -8),
      `${france}A`,
      `${france}.`,
      `${mac!.slice(0, middle)}${swap(mac![middle]!)}${mac!.slice(middle + 1)}`,
      [game, power, since, `${mac!.slice(0, middle)}${swap(mac![middle]!)}${mac!.slice(middle + 1)}`].join('.'),
      [game, power, since].join('.'),
      [game, power, since, mac, mac].join('.'),
      ` ${france}`,
    ]) {
      const answer = await get(`/pad/${encodeURIComponent(bent)}`);
      expect([401, 403], bent).toContain(answer.status);
      expect(await answer.text()).toContain('/orders pad');
      expect([401, 403], bent).toContain((await get('/api/view', bent)).status);
    }
    // Another moment than the one it was made at: the MAC signs it too.
    for (const moment of [Number.parseInt(since!, 36) + 1, Number.parseInt(since!, 36) - 1, 0])
      expect((await get('/api/view', [game, power, moment.toString(36), mac].join('.'))).status).toBe(403);
    const page = await get(`/pad/${[game, power, since, flipped].join('.')}`);
    expect(page.status).toBe(403);
    const html = await page.text();
    expect(html).toContain('/orders pad');
    expect(html).not.toContain('France');
  });

  it('answers a forged link alike whatever its moment: no guess finds when a seat was taken', async () => {
    // In a game that hides who plays whom, the moment a seat was taken pairs it with the member seen joining then.
    const [game, power, since, mac] = france.split('.');
    const forged = `${mac!.slice(0, -1)}${mac!.endsWith('A') ? 'B' : 'A'}`;
    const answer = async (moment: number) => {
      const r = await get(`/pad/${[game, power, moment.toString(36), forged].join('.')}`);
      return { status: r.status, page: await r.text() };
    };
    const seatSince = Number.parseInt(since!, 36);
    expect(await answer(seatSince)).toEqual(await answer(seatSince + 1));
  });

  it('stores an order as /order does, and refuses one for a phase that moved on', async () => {
    const v = await view(france);
    const stored = await post('/api/orders', france, { text: 'A par - bur', phaseId: v.phase.id });
    expect(stored.status).toBe(200);
    const answer = (await stored.json()) as { stored: string[]; orders: PadView['orders']; missing: string[] };
    expect(answer.stored).toEqual(['A par - bur']);
    expect(answer.orders.map((o) => o.order)).toEqual(['A par - bur']);
    expect(answer.missing.sort()).toEqual(['A mar', 'F bre']);
    const stale = await post('/api/orders', france, { text: 'A mar H', phaseId: v.phase.id - 1 });
    expect(stale.status).toBe(409);
    expect(((await stale.json()) as { error: string }).error).toContain('The phase has changed');
    const illegal = await post('/api/orders', france, { text: 'A par - mun', phaseId: v.phase.id });
    expect(((await illegal.json()) as { rejected: { error: string }[] }).rejected).toHaveLength(1);
  });

  it('answers an order refusal that repeats typed markup as plain text, the markup as typed', async () => {
    const v = await view(france);
    const answer = await post('/api/orders?lang=fr', france, { text: 'A par - __u__ ~~s~~ _i_', phaseId: v.phase.id });
    const { rejected } = (await answer.json()) as { rejected: { input: string; error: string }[] };
    expect(rejected.map((x) => x.error)).toEqual(['province inconnue « __u__ ~~s~~ _i_ »']);
    expect(JSON.stringify(rejected)).not.toContain('⟦');
  });

  it('refuses ready and an action for a phase that moved on (409), changing nothing', async () => {
    const v = await view(france);
    const stale = await post('/api/ready', france, { phaseId: v.phase.id - 1 });
    expect(stale.status).toBe(409);
    expect(((await stale.json()) as { error: string }).error).toContain('your readiness was not changed');
    expect((await view(france)).ready).toBe(v.ready);
    const act = await post('/api/act?lang=fr', france, { action: 'declare', choice: null, phaseId: v.phase.id + 1 });
    expect(act.status).toBe(409);
    expect(((await act.json()) as { error: string }).error).toContain('rien n’a été fait');
    const current = await post('/api/ready', france, { phaseId: v.phase.id });
    expect(current.status).toBe(200);
    expect(((await current.json()) as { view: PadView }).view.ready).toBe(!v.ready);
    expect((await post('/api/ready', france, { phaseId: v.phase.id })).status).toBe(200);
  });

  it('lists the stored orders in the page’s language, as /orders show words them there', async () => {
    const v = await view(france);
    const stored = await post('/api/orders?lang=fr', france, { text: 'A par - bur', phaseId: v.phase.id });
    const answer = (await stored.json()) as { stored: string[]; orders: PadView['orders'] };
    expect(answer.stored).toEqual(['A Paris - Bourgogne']);
    expect(answer.orders.map((o) => o.order)).toEqual(['A Paris - Bourgogne']);
    const french = (await (await get('/api/view?lang=fr', france)).json()) as PadView;
    expect(french.orders).toEqual([{ order: 'A Paris - Bourgogne', note: null, ballot: false, unit: 'par' }]);
    expect([french.missing, french.missingShown]).toEqual([
      ['F bre', 'A mar'],
      ['F Brest', 'A Marseille'],
    ]);
    const chinese = (await (await get('/api/view?lang=zh-CN', france)).json()) as PadView;
    // Classic has no Chinese names: orders stay in the notation, as /orders show writes them in Chinese.
    expect(chinese.orders.map((o) => o.order)).toEqual(['A par - bur']);
  });

  it('bounds bodies (413) and order texts (400), storing nothing', async () => {
    const v = await view(france);
    const huge = await post('/api/orders', france, { text: 'A par H;'.repeat(4000), phaseId: v.phase.id });
    expect(huge.status).toBe(413);
    const long = await post('/api/orders', france, { text: `A par H${' '.repeat(9000)}`, phaseId: v.phase.id });
    expect([400, 413]).toContain(long.status);
    const many = await post('/api/orders', france, { text: 'A par H;'.repeat(200), phaseId: v.phase.id });
    expect(many.status).toBe(400);
    expect(((await many.json()) as { error: string }).error).toContain('too many orders');
    expect((await post('/api/orders', france, 'not json')).status).toBe(400);
    expect((await view(france)).orders.map((o) => o.order)).toEqual(['A par - bur']);
  });

  it('refuses a malformed body with 400 in the request’s language, naming what was wrong, changing nothing', async () => {
    const v = await view(france);
    const before = v.orders.map((o) => o.order);
    expect(before).not.toEqual([]);
    const refusal = async (path: string, body: unknown) => {
      const r = await post(path, france, body);
      return [r.status, ((await r.json()) as { error: string }).error];
    };
    expect(await refusal('/api/orders?lang=fr', 'not json')).toEqual([
      400,
      'Le corps de la requête n’est pas un objet JSON. Rien n’a été changé.',
    ]);
    expect(await refusal('/api/orders', [1, 2])).toEqual([
      400,
      'The request’s body is not a JSON object. Nothing was changed.',
    ]);
    expect(await refusal('/api/orders?lang=zh-TW', { phaseId: v.phase.id })).toEqual([
      400,
      '請求中沒有指令：「text」必須是指令的文字。未存下任何內容。',
    ]);
    expect(await refusal('/api/orders?lang=zh-CN', { text: 'A par H', phaseId: '1' })).toEqual([
      400,
      '请求没有说明针对哪个阶段：“phaseId”必须是页面所示阶段的编号。未作任何更改。',
    ]);
    expect(await refusal('/api/clear?lang=fr', {})).toEqual([
      400,
      'La requête ne dit pas à quelle phase elle s’applique : « phaseId » doit être le numéro de la phase affichée. Rien n’a été changé.',
    ]);
    expect(await refusal('/api/act?lang=fr', { choice: 'none' })).toEqual([
      400,
      'La requête ne nomme aucune action : « action » doit être le nom d’une action (200 caractères au plus). Rien n’a été fait.',
    ]);
    expect(await refusal('/api/ready?lang=fr', {})).toEqual([
      400,
      'La requête ne dit pas à quelle phase elle s’applique : « phaseId » doit être le numéro de la phase affichée. Rien n’a été changé.',
    ]);
    expect(await refusal('/api/ready', 'not json')).toEqual([
      400,
      'The request’s body is not a JSON object. Nothing was changed.',
    ]);
    expect(await refusal('/api/act', { action: 'declare' })).toEqual([
      400,
      'The request does not say which phase it is for: “phaseId” must be the number of the phase shown. Nothing was changed.',
    ]);
    expect(await refusal('/api/act', { action: 'declare', choice: 5 })).toEqual([
      400,
      '“choice” must be a text of at most 200 characters, or null. Nothing was done.',
    ]);
    expect((await view(france)).orders.map((o) => o.order)).toEqual(before);
  });

  it('answers the Activity’s sign-in on a bot without the Activity with 404, in the request’s language', async () => {
    const r = await app.request('/api/activity/session?lang=fr', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code: 'abc', channelId: '1' }),
    });
    expect(r.status).toBe(404);
    expect(((await r.json()) as { error: string }).error).toBe(
      'Discord n’a pas laissé entrer le carnet d’ordres (ce bot n’ouvre pas le carnet d’ordres dans Discord). Lancez /ordres carnet dans le salon de la partie et ouvrez plutôt le lien.',
    );
  });

  it('sends the security headers and no cookie', async () => {
    const r = await get(`/pad/${france}`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(CONTENT_SECURITY_POLICY).toContain("script-src 'self'");
    expect(CONTENT_SECURITY_POLICY).toContain('frame-ancestors https://discord.com');
    expect(CONTENT_SECURITY_POLICY).toContain("connect-src 'self' https://discord.com https://*.discordsays.com");
    expect(r.headers.get('referrer-policy')).toBe('no-referrer');
    expect(r.headers.get('set-cookie')).toBeNull();
    const html = await r.text();
    expect(html).not.toMatch(/<script>(?!\s*$)/);
    expect(html).toMatch(/<script type="module" src="\/assets\/pad-[A-Z0-9]+\.js">/);
  });

  it('refuses orders after the deadline with /order’s reason, its moment left for the page to write', async () => {
    const v = await view(france);
    env.clock.advance(25 * 3_600_000);
    const late = await post('/api/orders', france, { text: 'A mar H', phaseId: v.phase.id });
    expect(late.status).toBe(409);
    const { error } = (await late.json()) as { error: string };
    expect(error).toMatch(/^The deadline passed ⟦time:\d+:R⟧/);
    env.clock.advance(-25 * 3_600_000);
  });

  it('sends game texts without any id: a member, a role or a channel become words', () => {
    expect(webText('⟦member:123456789012345678⟧ asks ⟦role:42⟧ in ⟦channel:99⟧ by ⟦time:1000:f⟧', 'en')).toBe(
      "a player asks a role in the game's channel by ⟦time:1000:f⟧",
    );
    // in the page's language
    expect(webJson({ error: '⟦member:1⟧ · ⟦role:2⟧ · ⟦channel:3⟧' }, 'fr')).toBe(
      '{"error":"un joueur · un rôle · le salon de la partie"}',
    );
    expect(webJson({ error: 'hi ⟦member:1⟧', list: ['⟦channel:2⟧'] })).toBe(
      '{"error":"hi a player","list":["the game\'s channel"]}',
    );
  });

  it('refuses a link once its seat changed hands, even within one millisecond, and once its member left it (403)', async () => {
    // The test's clock stands still: every hand-over below happens in the same millisecond.
    const hand = async (userId: string) =>
      ok(await gmReplace(env.deps, { channelId: CHANNEL, userId: GM, power: 'Italy', newUserId: userId }));
    await hand('111111111111111111');
    const first = ok(await padLinkInChannel(env.deps, key, { channelId: CHANNEL, userId: '111111111111111111' }));
    await hand('222222222222222222');
    expect((await get('/api/view', first.token)).status).toBe(403);
    await hand('111111111111111111');
    expect((await get('/api/view', first.token)).status).toBe(403);
    await hand(userOf('Italy'));
    // A member who leaves: the seat is vacant, and their link says the seat changed hands (not that it was edited).
    ok(await leaveSeat(env.deps, { channelId: CHANNEL, userId: userOf('Germany') }));
    const left = await get(`/pad/${germany}`);
    expect(left.status).toBe(403);
    expect(await left.text()).toContain('changed hands');
  });

  it('refuses the old holder’s link once the seat changed hands (403), and the game’s links once it is over (410)', async () => {
    const italy = ok(await padLinkInChannel(env.deps, key, { channelId: CHANNEL, userId: userOf('Italy') })).token;
    env.clock.advance(60_000);
    ok(await gmReplace(env.deps, { channelId: CHANNEL, userId: GM, power: 'Italy', newUserId: '123456789012345678' }));
    expect((await get('/api/view', italy)).status).toBe(403);
    const before = ok(await padLinkInChannel(env.deps, key, { channelId: CHANNEL, userId: '123456789012345678' }));
    expect((await get('/api/view', before.token)).status).toBe(200);
    env.clock.advance(60_000);
    ok(await gmReplace(env.deps, { channelId: CHANNEL, userId: GM, power: 'Italy', newUserId: '876543210987654321' }));
    expect((await get('/api/view', before.token)).status).toBe(403);
    const changed = await get(`/pad/${before.token}`);
    expect(changed.status).toBe(403);
    const changedPage = await changed.text();
    expect(changedPage).toContain('changed hands');
    expect(changedPage).toContain('/orders pad');
    expect(changedPage).not.toContain('Italy');
    ok(await gmCancel(env.deps, { channelId: CHANNEL, userId: GM, canManageServer: false }));
    expect((await get('/api/view', france)).status).toBe(410);
    const over = await get(`/pad/${france}`);
    expect(over.status).toBe(410);
    // A game that is over: no fresh link to ask for (`/orders pad` refuses it), so the page says where its results are.
    const overPage = await over.text();
    expect(overPage).toContain('This game is over');
    expect(overPage).toContain('Its results are in the game’s channel');
    expect(overPage).not.toContain('to get a fresh link');
    expect(overPage).not.toContain('France');
  });

  it('never logs a token', () => {
    expect(logged.length).toBeGreaterThan(0);
    for (const token of [france, germany]) expect(logged.join('\n')).not.toContain(token.split('.')[3]);
  });
});

describe('the pad’s Ready in a game that hides who plays whom', () => {
  it('the last power ready resolves nothing at once, and the hint says the phase resolves at the next mark', async () => {
    const env = await makeEnv();
    try {
      const powers = ['France', 'Germany', 'Italy'];
      ok(
        await createGame(env.deps, {
          channelId: CHANNEL,
          guildId: 'guild-1',
          userId: GM,
          variantId: 'classic',
          press: 'gunboat',
        }),
      );
      await joinPowers(env.deps, CHANNEL, powers);
      ok(await startGame(env.deps, { channelId: CHANNEL, userId: GM }));
      const app = await padApp({ deps: env.deps, log: createLogger('silent'), key });
      const italy = ok(await padLinkInChannel(env.deps, key, { channelId: CHANNEL, userId: userOf('Italy') })).token;
      for (const power of ['France', 'Germany'])
        ok(await toggleReady(env.deps, { channelId: CHANNEL, userId: userOf(power) }));
      const before = (await (
        await app.request('/api/view', { headers: { authorization: `Bearer ${italy}` } })
      ).json()) as PadView;
      const answer = await app.request('/api/ready', {
        method: 'POST',
        headers: { authorization: `Bearer ${italy}`, 'content-type': 'application/json' },
        body: JSON.stringify({ phaseId: before.phase.id }),
      });
      const { ok: done, view: after } = (await answer.json()) as { ok: boolean; view: PadView };
      expect([done, after.ready, after.readyAtMark, after.phase.id]).toEqual([true, true, true, before.phase.id]);
    } finally {
      await env.close();
    }
  });
});

describe('the pad’s rate limits', () => {
  it('answers 429 past the link’s rate, with Retry-After, while another link goes on; and past the address’s', async () => {
    const env = await makeEnv();
    try {
      await startedGame(env.deps, ['France', 'Germany']);
      const app = await padApp({
        deps: env.deps,
        log: createLogger('silent'),
        key,
        limits: { perLink: 5, perAddress: 12, windowSeconds: 60 },
      });
      const link = async (power: string) =>
        ok(await padLinkInChannel(env.deps, key, { channelId: CHANNEL, userId: userOf(power) })).token;
      const [france, germany] = [await link('France'), await link('Germany')];
      const statuses = async (token: string, n: number) => {
        const out: number[] = [];
        for (let i = 0; i < n; i++)
          out.push((await app.request('/api/state', { headers: { authorization: `Bearer ${token}` } })).status);
        return out;
      };
      expect(await statuses(france, 7)).toEqual([200, 200, 200, 200, 200, 429, 429]);
      const limited = await app.request('/api/state', { headers: { authorization: `Bearer ${france}` } });
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      // France's refused requests spent nothing of the address's 12: Germany's 5 are served, then the address is spent.
      expect(await statuses(germany, 5)).toEqual([200, 200, 200, 200, 200]);
      expect(await statuses('not.a.link', 3)).toEqual([401, 401, 429]);
    } finally {
      await env.close();
    }
  });
});
