/**
 * The pad's JSON API (docs/pad.md "API"), each call with the link in `Authorization: Bearer <token>`:
 *
 * | call | does |
 * |---|---|
 * | `GET /api/view` | the seat's view (src/game/pad/view.ts) |
 * | `GET /api/state` | the current phase id, deadline, status and the server's clock (polled by the open page) |
 * | `GET /api/map` | the map's board, shared by every seat of the phase with the same view: JSON, Brotli (or gzip) encoded, with an ETag |
 * | `GET /api/map/orders` | the seat's layer over it: the units, its own orders, title and legend; encoded alike, never cached |
 * | `POST /api/orders` `{text, phaseId}` | stores orders as `/order` does; answers what it stored or refused and the seat's orders now |
 * | `POST /api/clear` `{phaseId}` | `/orders clear`; answers the new view |
 * | `POST /api/ready` `{phaseId}` | `/ready`; answers the new view |
 * | `POST /api/act` `{action, choice, detail, phaseId}` | `/act`; answers its reply and the new view |
 *
 * A refused link answers 401/403/404/410 (`refusal` names why); a refusal of the game (the deadline passed, an
 * illegal order) 409 with the sentence `/order` gives; malformed input 400, saying in the request's locale what was
 * wrong (`pad.request.*`); an order text over `/order`'s bounds 400.
 */
import { Hono, type Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { promisify } from 'node:util';
import { brotliDecompress, gzip } from 'node:zlib';
import { createHash } from 'node:crypto';
import type { GameDeps, Result } from '../game/core/index.js';
import { orderInputProblem } from '../game/orders/index.js';
import {
  isPadRefusal,
  padAct,
  padClear,
  padMap,
  padReady,
  padState,
  padSubmit,
  padView,
  type PadRefusal,
  padOrderLines,
} from '../game/pad/index.js';
import { msg, t, type Locale, type MessageKey } from '../i18n/index.js';
import type { Logger } from '../log.js';
import { boardKey, renderPagePart } from '../render/index.js';
import { refusalText } from './html.js';
import { requestLocale, webJson } from './texts.js';

const unbrotli = promisify(brotliDecompress);
const gzipped = promisify(gzip);

export interface ApiContext {
  deps: GameDeps;
  key: Buffer;
  log: Logger;
  locale: (c: Context) => Locale;
}

/** A JSON answer in the request's locale, its game texts made safe for the web (`webJson`). */
function json(c: Context, value: unknown, status: ContentfulStatusCode = 200): Response {
  const locale = requestLocale(c.req.query('lang'), c.req.header('accept-language'));
  return c.body(webJson(value, locale), status, { 'content-type': 'application/json; charset=utf-8' });
}

function tokenOf(c: Context): string {
  const m = /^Bearer ([A-Za-z0-9._-]{1,200})$/.exec(c.req.header('authorization') ?? '');
  return m ? m[1]! : '';
}

const refused = (api: ApiContext, c: Context, r: PadRefusal) =>
  json(c, { ok: false, refusal: r.reason, error: refusalText(api.locale(c), r) }, r.status);

/** A JSON body's object, or null (not JSON, not an object). */
async function bodyOf(c: Context): Promise<Record<string, unknown> | null> {
  const body: unknown = await c.req.json().catch(() => null);
  return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : null;
}

const phaseIdOf = (body: Record<string, unknown> | null): number | null =>
  typeof body?.phaseId === 'number' && Number.isSafeInteger(body.phaseId) ? body.phaseId : null;

/** A body the call cannot read (not a JSON object, a field missing or of the wrong kind): 400, naming what is wrong. */
const malformed = (api: ApiContext, c: Context, key: MessageKey, params?: Record<string, string>) =>
  json(c, { ok: false, error: t(api.locale(c), msg(key, params)) }, 400);

/** The answer to a change: the new view with what the use-case said, or its refusal (409) with the view as it stands. */
async function answer(api: ApiContext, c: Context, result: object, extra: Record<string, unknown> = {}) {
  if (isPadRefusal(result)) return refused(api, c, result);
  const view = await padView(api.deps, api.key, tokenOf(c));
  if (isPadRefusal(view)) return refused(api, c, view);
  const r = result as Result;
  if (r.ok) return json(c, { ok: true, ...extra, view });
  return json(c, { ok: false, error: r.message ? t(api.locale(c), r.message) : r.error, view }, 409);
}

/** A bounded cache of compressed map parts by key, most recently used last; a part being made is shared, not made twice. */
class PartCache {
  private readonly parts = new Map<string, Promise<Buffer>>();
  constructor(private readonly size: number) {}

  get(key: string, make: () => Promise<Buffer>): Promise<Buffer> {
    const hit = this.parts.get(key);
    if (hit) {
      this.parts.delete(key);
      this.parts.set(key, hit);
      return hit;
    }
    const made = make();
    this.parts.set(key, made);
    made.catch(() => this.parts.delete(key));
    while (this.parts.size > this.size) this.parts.delete(this.parts.keys().next().value!);
    return made;
  }
}

/**
 * The map's parts drawn lately (docs/pad.md "The map"): boards by `boardKey` (what they are drawn from, so a board is
 * only ever sent to a seat that would be drawn that very board), layers by the phase and everything the layer is drawn
 * from, the seat's own orders included (so a seat never meets a layer made for another).
 */
const boards = new PartCache(64);
const layers = new PartCache(1000);

const digest = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('base64url');

async function mapPartOf(api: ApiContext, c: Context, part: 'board' | 'layer'): Promise<Response> {
  const map = await padMap(api.deps, api.key, tokenOf(c));
  if (isPadRefusal(map)) return refused(api, c, map);
  const { variant, position, ...drawn } = map.input;
  // The map in the viewer's language: its labels and legend, and its title (docs/pad.md "Language").
  const locale = api.locale(c);
  const title = t(locale, map.title);
  const opts = locale === 'en' ? { ...drawn, title } : { ...drawn, locale, title };
  const board = boardKey(variant, position, opts);
  const key = part === 'board' ? board : digest([board, map.phaseId, opts]);
  c.header('vary', 'accept-encoding');
  c.header('x-phase', String(map.phaseId));
  if (part === 'board') {
    // The board (no order on it) may stay in the browser, revalidated each time; the layer (the seat's orders) may not.
    const tag = `"${key}"`;
    c.header('etag', tag);
    c.header('cache-control', 'private, no-cache');
    if (c.req.header('if-none-match') === tag) return c.body(null, 304);
  }
  const make = () => renderPagePart(part, variant, position, opts);
  const bytes = await (part === 'board' ? boards : layers).get(key, make);
  c.header('content-type', 'application/json; charset=utf-8');
  const accepts = c.req.header('accept-encoding') ?? '';
  if (/\bbr\b/.test(accepts)) {
    c.header('content-encoding', 'br');
    return c.body(new Uint8Array(bytes));
  }
  const json = await unbrotli(bytes);
  if (/\bgzip\b/.test(accepts)) {
    c.header('content-encoding', 'gzip');
    return c.body(new Uint8Array(await gzipped(json)));
  }
  return c.body(new Uint8Array(json));
}

async function submit(api: ApiContext, c: Context): Promise<Response> {
  const body = await bodyOf(c);
  if (!body) return malformed(api, c, 'pad.request.notJson');
  if (typeof body.text !== 'string') return malformed(api, c, 'pad.request.text');
  const phaseId = phaseIdOf(body);
  if (phaseId === null) return malformed(api, c, 'pad.request.phaseId');
  const tooBig = orderInputProblem(api.deps, body.text);
  if (tooBig) return json(c, { ok: false, error: t(api.locale(c), tooBig) }, 400);
  const r = await padSubmit(api.deps, api.key, tokenOf(c), { text: body.text, phaseId, locale: api.locale(c) });
  if (isPadRefusal(r) || !r.ok) return answer(api, c, r);
  // The busiest call: it answers the seat's orders as now stored (the rest of the view is unchanged), not a new view.
  return json(c, {
    ok: true,
    phaseId: r.phase.id,
    stored: r.stored.map((o) => r.written[o.text] ?? o.text),
    rejected: r.rejected.map((x) => ({ input: x.input, error: x.message ? t(api.locale(c), x.message) : x.error })),
    orders: padOrderLines(r.orders, (text) => r.written[text] ?? text),
    missing: r.missing,
    missingShown: r.missing.map((unit) => r.written[unit] ?? unit),
  });
}

/** A request whose body names only the phase the page shows (`{phaseId}`): `/clear`, `/ready`. */
async function onPhase(api: ApiContext, c: Context, run: typeof padClear | typeof padReady): Promise<Response> {
  const body = await bodyOf(c);
  if (!body) return malformed(api, c, 'pad.request.notJson');
  const phaseId = phaseIdOf(body);
  if (phaseId === null) return malformed(api, c, 'pad.request.phaseId');
  return answer(api, c, await run(api.deps, api.key, tokenOf(c), { phaseId }));
}

async function act(api: ApiContext, c: Context): Promise<Response> {
  const body = await bodyOf(c);
  if (!body) return malformed(api, c, 'pad.request.notJson');
  const text = (v: unknown) => (typeof v === 'string' && v.length <= 200 ? v : null);
  const action = text(body.action);
  if (!action) return malformed(api, c, 'pad.request.action');
  // `choice` and `detail` may be left out or null; anything else must be a short text.
  for (const field of ['choice', 'detail'])
    if (body[field] != null && text(body[field]) === null) return malformed(api, c, 'pad.request.optional', { field });
  const phaseId = phaseIdOf(body);
  if (phaseId === null) return malformed(api, c, 'pad.request.phaseId');
  const r = await padAct(api.deps, api.key, tokenOf(c), {
    action,
    choice: text(body.choice),
    detail: text(body.detail),
    phaseId,
  });
  return answer(api, c, r, !isPadRefusal(r) && r.ok ? { reply: t(api.locale(c), r.message) } : {});
}

/** Each call of the API and the one method it answers (a known path asked with another is answered 405). */
export const API_METHODS = {
  '/view': 'GET',
  '/state': 'GET',
  '/map': 'GET',
  '/map/orders': 'GET',
  '/orders': 'POST',
  '/clear': 'POST',
  '/ready': 'POST',
  '/act': 'POST',
} as const satisfies Record<string, 'GET' | 'POST'>;

export function apiRoutes(api: ApiContext): Hono {
  const handlers: Record<keyof typeof API_METHODS, (c: Context) => Promise<Response>> = {
    '/view': async (c) => {
      const view = await padView(api.deps, api.key, tokenOf(c));
      return isPadRefusal(view) ? refused(api, c, view) : json(c, view);
    },
    '/state': async (c) => {
      const state = await padState(api.deps, api.key, tokenOf(c));
      return isPadRefusal(state) ? refused(api, c, state) : json(c, state);
    },
    '/map': (c) => mapPartOf(api, c, 'board'),
    '/map/orders': (c) => mapPartOf(api, c, 'layer'),
    '/orders': (c) => submit(api, c),
    '/clear': (c) => onPhase(api, c, padClear),
    '/ready': (c) => onPhase(api, c, padReady),
    '/act': (c) => act(api, c),
  };
  const routes = new Hono();
  for (const [path, method] of Object.entries(API_METHODS))
    routes.on(method, path, handlers[path as keyof typeof API_METHODS]);
  return routes;
}
