/**
 * Bad requests to the order pad never crash it and never store anything (docs/pad.md "Refusals", "Limits"): random
 * methods, routes, bodies, content types, bytes that are not UTF-8, deep nesting, huge headers and foreign, bent or
 * stale links each get a clean 4xx JSON or text answer with no stack and no secret, and the seat's stored orders
 * stay as they were. Seeded and bounded.
 */
import type { Hono } from 'hono';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gmReplace } from '../../src/game/gm/index.js';
import { padKey, padLinkInChannel } from '../../src/game/pad/pad.js';
import type { ShownPadView as PadView } from '../../src/game/pad/view.js';
import { createLogger } from '../../src/log.js';
import { padApp } from '../../src/web/app.js';
import { CHANNEL, GM, makeEnv, ok, startedGame, userOf, type TestEnv } from '../game/helpers.js';

const BOT_TOKEN = 'a test bot token';
const key = padKey({ botToken: BOT_TOKEN });

describe('pad API fuzz', () => {
  let env: TestEnv;
  let app: Hono;
  let france: string;
  let germany: string;
  let phaseId: number;

  beforeAll(async () => {
    env = await makeEnv();
    await startedGame(env.deps, ['France', 'Germany', 'Italy']);
    const log = createLogger('silent');
    app = await padApp({ deps: env.deps, log, key, limits: { perLink: 100_000, perAddress: 100_000 } });
    france = ok(await padLinkInChannel(env.deps, key, { channelId: CHANNEL, userId: userOf('France') })).token;
    germany = ok(await padLinkInChannel(env.deps, key, { channelId: CHANNEL, userId: userOf('Germany') })).token;
    phaseId = (await view(france)).phase.id;
  });

  afterAll(async () => {
    await env?.close();
  });

  const view = async (token: string) =>
    (await (await app.request('/api/view', { headers: { authorization: `Bearer ${token}` } })).json()) as PadView;
  /** What a request could have changed: both seats' orders and readiness, as the pad shows them. */
  const stored = async () => {
    const [f, g] = [await view(france), await view(germany)];
    return JSON.stringify([f.orders, g.orders, (f as { ready?: unknown }).ready, (g as { ready?: unknown }).ready]);
  };

  const bent = (t: string) => `${t.slice(0, -3)}${t.endsWith('a') ? 'b' : 'a'}${t.slice(-2)}`;
  const tokenArb = fc.oneof(
    fc.constant(undefined),
    fc.constant('france'),
    fc.constant('germany-bent'),
    fc.constant('france-bent'),
    fc.string({ maxLength: 40 }),
    fc.constant('x'.repeat(20_000)),
  );
  const pathArb = fc.oneof(
    fc.constantFrom(
      '/api/view',
      '/api/state',
      '/api/map',
      '/api/map/orders',
      '/api/orders',
      '/api/clear',
      '/api/ready',
      '/api/act',
      '/api/activity/session',
      '/api/nope',
      '/.proxy/api/orders',
      '/pad/',
      '/pad/%ff%fe',
      '/assets/../../etc/passwd',
      '/assets/%2e%2e/package.json',
      '/%00',
    ),
    fc.webPath().map((p) => p || '/x'),
  );
  const methodArb = fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD');
  const contentTypeArb = fc.constantFrom(
    'application/json',
    'text/plain',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    'application/json; charset=latin1',
    '',
  );
  /** Bodies that must never store anything: not JSON, wrong shapes, a stale or future phase, invalid UTF-8. */
  const bodyArb = fc.oneof(
    fc.string({ maxLength: 100 }),
    fc.constantFrom('{', '[]', 'null', '"x"', '{"text":1}', '{"phaseId":"1"}', '{"__proto__":{"ok":true}}'),
    fc.constant('['.repeat(8000) + ']'.repeat(8000)),
    fc.constant(`{"text":"${'A par - bur\\n'.repeat(3000)}","phaseId":1}`),
    fc.uint8Array({ minLength: 1, maxLength: 64 }).map((b) => new Uint8Array([0xff, 0xfe, ...b])),
    fc
      .record({
        text: fc.oneof(fc.constantFrom('A par - bur', 'A mun - ruh', ''), fc.string({ maxLength: 300 })),
        action: fc.oneof(fc.constantFrom('declare', 'draw', 'concede'), fc.string({ maxLength: 10 })),
        choice: fc.anything(),
        phaseOffset: fc.oneof(fc.integer({ min: -5, max: -1 }), fc.integer({ min: 1, max: 5 })),
        phaseId: fc.oneof(fc.constant(undefined), fc.double(), fc.string(), fc.constant(null)),
      })
      .map(({ phaseOffset, phaseId: odd, ...rest }) =>
        JSON.stringify({ ...rest, phaseId: odd === undefined ? phaseId + phaseOffset : odd }),
      ),
  );

  it('answers every bad request with a clean 4xx, no stack, no secret, nothing stored', async () => {
    const before = await stored();
    await fc.assert(
      fc.asyncProperty(
        methodArb,
        pathArb,
        tokenArb,
        contentTypeArb,
        bodyArb,
        fc.boolean(),
        async (method, path, who, type, body, hugeHeader) => {
          const token =
            who === 'france'
              ? france
              : who === 'france-bent'
                ? bent(france)
                : who === 'germany-bent'
                  ? bent(germany)
                  : who;
          const headers: Record<string, string> = {};
          if (token !== undefined) headers.authorization = `Bearer ${token}`;
          if (type) headers['content-type'] = type;
          if (hugeHeader) headers['x-filler'] = 'y'.repeat(30_000);
          const withBody = method !== 'GET' && method !== 'HEAD';
          const res = await app.request(path, { method, headers, ...(withBody ? { body } : {}) });
          const what = `${method} ${path} as ${who} (${type}) ${String(body).slice(0, 200)}`;
          const text = await res.text();
          // Only reading may succeed (the public pages, assets, the seat's own view); every change here is refused.
          if (res.status < 400) expect(['GET', 'HEAD', 'OPTIONS'], what).toContain(method);
          else expect(res.status, what).toBeLessThan(500);
          expect(text, what).not.toMatch(/\n\s+at .+:\d+:\d+|internal error/i);
          expect(text, what).not.toContain(BOT_TOKEN);
          if (who !== 'france') expect(text, what).not.toContain(france);
          expect(text, what).not.toContain(germany);
        },
      ),
      { seed: 20261128, numRuns: 300 },
    );
    expect(await stored()).toBe(before);
  }, 60_000);

  it('a revoked link (the seat handed over) changes nothing, whatever it sends', async () => {
    const italy = ok(await padLinkInChannel(env.deps, key, { channelId: CHANNEL, userId: userOf('Italy') })).token;
    env.clock.advance(60_000);
    ok(await gmReplace(env.deps, { channelId: CHANNEL, userId: GM, power: 'Italy', newUserId: '123456789012345678' }));
    const fresh = ok(await padLinkInChannel(env.deps, key, { channelId: CHANNEL, userId: '123456789012345678' })).token;
    const italian = async () => JSON.stringify((await view(fresh)).orders);
    const before = await italian();
    const bodies = [{ text: 'A rom - apu', phaseId }, { phaseId }, { action: 'declare', choice: null, phaseId }];
    for (const [path, body] of [
      ['/api/orders', bodies[0]],
      ['/api/clear', bodies[1]],
      ['/api/ready', bodies[1]],
      ['/api/act', bodies[2]],
    ] as const) {
      const res = await app.request(path, {
        method: 'POST',
        headers: { authorization: `Bearer ${italy}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(res.status, path).toBe(403);
      expect(await res.text(), path).not.toMatch(/\n\s+at |internal error/i);
    }
    expect(await italian()).toBe(before);
    expect((await view(fresh)).ready).toBe(false);
  });

  it('the oracle sees a change: a well-formed order with the own link is stored', async () => {
    const before = await stored();
    const res = await app.request('/api/orders', {
      method: 'POST',
      headers: { authorization: `Bearer ${france}`, 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'A par - bur', phaseId }),
    });
    expect(res.status).toBe(200);
    expect(await stored()).not.toBe(before);
  });

  it('regression: an unknown API call or a wrong method is answered in JSON naming the call, not a bare "Not found"', async () => {
    // A known call asked with another method is 405 with the method it answers (`Allow`); an unknown one 404.
    for (const [method, path, status, allow] of [
      ['PUT', '/api/orders', 405, 'POST'],
      ['GET', '/api/orders', 405, 'POST'],
      ['DELETE', '/api/view', 405, 'GET, HEAD'],
      ['POST', '/.proxy/api/map/orders', 405, 'GET, HEAD'],
      ['POST', '/api/nope', 404, null],
      ['GET', '/api/constructor', 404, null],
      ['GET', '/.proxy/api/nope?lang=fr', 404, null],
    ] as const) {
      const res = await app.request(path, {
        method,
        headers: { authorization: `Bearer ${france}`, 'content-type': 'application/json' },
        ...(method === 'GET' ? {} : { body: '{}' }),
      });
      expect(res.status, `${method} ${path}`).toBe(status);
      expect(res.headers.get('allow'), `${method} ${path}`).toBe(allow);
      expect(res.headers.get('content-type'), `${method} ${path}`).toMatch(/application\/json/);
      const body = (await res.json()) as { ok: boolean; error: string };
      expect(body.ok).toBe(false);
      expect(body.error, `${method} ${path}`).toContain(`${method} ${path.split('?')[0]}`);
      expect(body.error).toMatch(path.includes('lang=fr') ? /Rien n’a été changé/ : /Nothing was changed/);
    }
    expect(await (await app.request('/nowhere')).text()).toBe('Not found');
  });
});
