/**
 * The pad's map in two parts (docs/pad.md "The map"): the board is built once and the same bytes go to every seat of
 * the phase, yet it carries no order; each seat's layer carries its own orders and never another seat's. Also the
 * ETag a page revalidates the board with (304; a layer is never cached), and that a new order makes a new layer, never a
 * new board.
 */
import { brotliDecompressSync } from 'node:zlib';
import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submitOrders } from '../../src/game/orders/index.js';
import { padKey, padLinkInChannel, padMap } from '../../src/game/pad/pad.js';
import { t } from '../../src/i18n/index.js';
import { createLogger } from '../../src/log.js';
import { buildScene, type PageBoard, type PageLayer } from '../../src/render/index.js';
import { observeRenderQueue } from '../../src/render/pool.js';
import { padApp } from '../../src/web/app.js';
import { CHANNEL, makeEnv, ok, startedGame, userOf, type TestEnv } from '../game/helpers.js';

const key = padKey({ botToken: 'a test bot token' });

describe('the pad map: a shared board, a layer per seat', () => {
  let env: TestEnv;
  let app: Hono;
  let france: string;
  let germany: string;

  beforeAll(async () => {
    env = await makeEnv();
    await startedGame(env.deps, ['France', 'Germany', 'Italy']);
    app = await padApp({
      deps: env.deps,
      log: createLogger('silent'),
      key,
      limits: { perLink: 1000, perAddress: 10_000 },
    });
    france = ok(await padLinkInChannel(env.deps, key, { channelId: CHANNEL, userId: userOf('France') })).token;
    germany = ok(await padLinkInChannel(env.deps, key, { channelId: CHANNEL, userId: userOf('Germany') })).token;
    const give = (power: string, text: string) =>
      submitOrders(env.deps, { channelId: CHANNEL, userId: userOf(power), text });
    ok(await give('France', 'A par - bur; F bre - mao'));
    ok(await give('Germany', 'F kie - hol; A ber - sil'));
  });

  afterAll(async () => {
    await env?.close();
  });

  const get = (path: string, token: string, headers: Record<string, string> = {}) =>
    app.request(path, { headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'br', ...headers } });
  const bytes = async (r: Response) => Buffer.from(await r.arrayBuffer());
  const decoded = <T>(b: Buffer) => JSON.parse(brotliDecompressSync(b).toString('utf8')) as T;
  const ordersIn = (layer: PageLayer) => layer.orders.map((o) => `${o.power}: ${o.order}`).sort();

  it('sends two seats the same board, made once, with no order on it', async () => {
    const made: number[] = [];
    const stop = observeRenderQueue((e) => e.event === 'done' && e.priority === 'page' && made.push(e.job));
    const [a, b] = await Promise.all([get('/api/map', france), get('/api/map', germany)]);
    stop();
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(a.headers.get('etag')).toBe(b.headers.get('etag'));
    const [boardOfFrance, boardOfGermany] = [await bytes(a), await bytes(b)];
    expect(boardOfFrance.equals(boardOfGermany)).toBe(true);
    // Built once for both seats (none at all when a test before this one in the worker drew this very board).
    expect(made.length).toBeLessThanOrEqual(1);
    const board = decoded<PageBoard & { scene: Record<string, unknown> }>(boardOfFrance);
    expect(board.scene.regions.length).toBeGreaterThan(50);
    expect(Object.keys(board.scene).sort()).toEqual([
      'borders',
      'centers',
      'entrances',
      'features',
      'labels',
      'regions',
    ]);
    const text = brotliDecompressSync(boardOfFrance).toString('utf8');
    // Who holds what is public (the territories' colours); what a seat ordered, and which seat asked, are not.
    const secrets = ['par - bur', 'bre - mao', 'kie - hol', 'ber - sil', '"order"', 'Spring 1901'];
    expect(secrets.filter((s) => text.includes(s))).toEqual([]);
  });

  it('gives each seat a layer with its own orders and no other', async () => {
    const layerOf = async (token: string) => decoded<PageLayer>(await bytes(await get('/api/map/orders', token)));
    const [ofFrance, ofGermany] = await Promise.all([layerOf(france), layerOf(germany)]);
    expect(ordersIn(ofFrance)).toEqual(['France: A par - bur', 'France: F bre - mao']);
    expect(ordersIn(ofGermany)).toEqual(['Germany: A ber - sil', 'Germany: F kie - hol']);
    expect(ofFrance.title.text).toContain('France');
    expect(ofGermany.title.text).toContain('Germany');
    // Both layers stand on the one board: the same units, where the board's spots are.
    expect(ofFrance.units).toEqual(ofGermany.units);
    expect(JSON.stringify(ofFrance)).not.toMatch(/kie - hol|ber - sil/);
    expect(JSON.stringify(ofGermany)).not.toMatch(/par - bur|bre - mao/);
  });

  it('draws the map in the viewer’s language: its legend and its title', async () => {
    const layerIn = async (lang: string) =>
      decoded<PageLayer>(await bytes(await get(`/api/map/orders?lang=${lang}`, france)));
    const boardIn = async (lang: string) =>
      decoded<PageBoard>(await bytes(await get(`/api/map?lang=${lang}`, france))).scene.labels.map((l) => l.text);
    expect((await layerIn('fr')).title.text).toBe('Diplomatie classique · Printemps 1901, mouvements · France');
    expect((await layerIn('zh-CN')).title.text).toBe('经典外交 · 1901年春季行动阶段 · 法国');
    expect((await layerIn('en')).title.text).toBe('Classic Diplomacy · Spring 1901 movement · France');
    // One title, the message: the render input's English title is its English wording, not a second construction.
    const map = ok(await padMap(env.deps, key, france));
    expect(map.input.title).toBe(t('en', map.title));
    // The legend in French on a French layer, and the English one unchanged beside it; the board in the same view.
    const keys = async (lang: string) => (await layerIn(lang)).legend.keys.map((k) => k.text);
    expect(await keys('fr')).toEqual(expect.arrayContaining(['mouvement', 'armée', 'flotte']));
    expect(await keys('en')).toEqual(expect.arrayContaining(['move', 'army', 'fleet']));
    expect(await boardIn('fr')).toEqual(await boardIn('en')); // Classic's labels are its abbreviations in both
  });

  it('draws each seat as the posted maps would: the board’s labels where no arrowhead covers one, else placed again', async () => {
    const italy = ok(await padLinkInChannel(env.deps, key, { channelId: CHANNEL, userId: userOf('Italy') })).token;
    const layerOf = async (token: string) => decoded<PageLayer>(await bytes(await get('/api/map/orders', token)));
    // Italy has no order: its layer brings no labels, the board's stand.
    expect((await layerOf(italy)).labels).toBeUndefined();
    // France's arrow to Burgundy ends on Burgundy's label: the layer brings the labels placed round it, as a whole
    // scene of the seat's own would have them.
    const { variant, position, ...opts } = ok(await padMap(env.deps, key, france)).input;
    const whole = buildScene(variant, position, opts);
    if (!whole.ok) throw new Error(whole.error);
    const ofFrance = await layerOf(france);
    expect(ofFrance.labels?.map((l) => [l.province, l.at])).toEqual(
      whole.scene.labels.map((l) => [l.province, l.at.map((x) => Math.round(x * 10) / 10)]),
    );
  });

  it('answers 304 for a board the page holds, never caches a layer; a new order makes a new layer, not a new board', async () => {
    const board = await get('/api/map', france);
    const tag = board.headers.get('etag')!;
    expect(board.headers.get('cache-control')).toBe('private, no-cache');
    expect((await get('/api/map', france, { 'if-none-match': tag })).status).toBe(304);
    expect((await get('/api/map', germany, { 'if-none-match': tag })).status).toBe(304);
    const layer = await get('/api/map/orders', france);
    expect(layer.headers.get('etag')).toBeNull();
    expect(layer.headers.get('cache-control')).toBe('no-store');
    ok(await submitOrders(env.deps, { channelId: CHANNEL, userId: userOf('France'), text: 'F bre - pic' }));
    expect((await get('/api/map', france, { 'if-none-match': tag })).status).toBe(304);
    const changed = await get('/api/map/orders', france);
    expect(ordersIn(decoded<PageLayer>(await bytes(changed)))).toContain('France: F bre - pic');
  });
});
