/**
 * The order pad's HTTP surface (docs/pad.md "API"), on Hono: the page of a link (`/pad/<token>`), its files, and the
 * small JSON API the page calls with its link in the `Authorization: Bearer` header (never a cookie, so no other
 * site can act for a player). Every answer carries the security headers; every page load and API call counts
 * against the link's and the address's rate limits; bodies are bounded. Paths under `/.proxy/` (Discord's Activity
 * proxy) are the same routes.
 */
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { Logger } from '../log.js';
import type { GameDeps } from '../game/core/index.js';
import { isPadRefusal, padView, padLinkInChannel } from '../game/pad/index.js';
import type { Locale } from '../i18n/index.js';
import { exchangeCode, type ActivityConfig, type ActivityFailure } from './activity.js';
import { pageAssets, type PageAssets } from './assets.js';
import { messagePage, padShell, refusalPage } from './html.js';
import { DEFAULT_WEB_LIMITS, rateLimits, type WebLimits } from './limits.js';
import { API_METHODS, apiRoutes, type ApiContext } from './api.js';
import { requestLocale, pageTexts, word } from './texts.js';
import { securityHeaders } from './headers.js';

export interface PadAppOptions {
  deps: GameDeps;
  log: Logger;
  /** The HMAC key of the links (src/game/pad/links.ts `padKey`). */
  key: Buffer;
  /** The Activity's OAuth settings, when `DISCORD_CLIENT_SECRET` is set. */
  activity?: ActivityConfig | null;
  limits?: Partial<WebLimits>;
}

/** The token a request carries: the API's bearer header, or the page's path. */
export function bearerOf(c: Context): string | null {
  const header = c.req.header('authorization') ?? '';
  const m = /^Bearer ([A-Za-z0-9._-]{1,200})$/.exec(header);
  return m ? m[1]! : null;
}

/** The client's address: the socket's, or the last hop of `X-Forwarded-For` when a proxy on this machine relays. */
function addressOf(c: Context): string {
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  const socket = incoming?.socket?.remoteAddress ?? 'local';
  const loopback = socket === 'local' || socket === '::1' || socket.startsWith('127.') || socket === '::ffff:127.0.0.1';
  const forwarded = c.req.header('x-forwarded-for')?.split(',').pop()?.trim();
  return loopback && forwarded ? forwarded : socket;
}

const localeOfRequest = (c: Context): Locale => requestLocale(c.req.query('lang'), c.req.header('accept-language'));

function serveAsset(c: Context, assets: PageAssets): Response {
  const file = assets.files.get(c.req.path.replace(/^\/\.proxy/, ''));
  if (!file) return c.text('Not found', 404);
  const accepts = c.req.header('accept-encoding') ?? '';
  const [body, encoding] = /\bbr\b/.test(accepts)
    ? [file.br, 'br']
    : /\bgzip\b/.test(accepts)
      ? [file.gzip, 'gzip']
      : [file.raw, null];
  c.header('content-type', file.type);
  c.header('cache-control', 'public, max-age=31536000, immutable');
  c.header('vary', 'accept-encoding');
  if (encoding && body !== file.raw) c.header('content-encoding', encoding);
  return c.body(new Uint8Array(body));
}

/** The page of a link: the shell with the view, or a short refusal page with the refusal's status. */
async function linkPage(c: Context, opts: PadAppOptions, assets: PageAssets): Promise<Response> {
  const locale = localeOfRequest(c);
  const token = c.req.param('token') ?? '';
  const view = await padView(opts.deps, opts.key, token);
  if (isPadRefusal(view)) return c.html(refusalPage(locale, assets.style, view), view.status);
  return c.html(padShell({ locale, assets, texts: pageTexts(locale), view, mode: 'link' }));
}

/** `/`: inside Discord (the Activity, launched with `frame_id`), the Activity's page; elsewhere, what this is. */
function rootPage(c: Context, opts: PadAppOptions, assets: PageAssets): Response {
  const locale = localeOfRequest(c);
  if (opts.activity && c.req.query('frame_id'))
    return c.html(
      padShell({ locale, assets, texts: pageTexts(locale), mode: 'activity', clientId: opts.activity.clientId }),
    );
  return c.html(messagePage(locale, assets.style, word(locale, 'pad.title'), [word(locale, 'pad.home.text')]));
}

/** The Activity's sign-in: the SDK's code → the member → a link of their seat in the channel's game. */
async function activitySession(c: Context, opts: PadAppOptions): Promise<Response> {
  const locale = localeOfRequest(c);
  if (!opts.activity) {
    const reason = word(locale, 'pad.activity.reason.off');
    return c.json({ ok: false, error: word(locale, 'pad.activity.failed', { reason }) }, 404);
  }
  const body = (await c.req.json().catch(() => null)) as { code?: unknown; channelId?: unknown } | null;
  const code = typeof body?.code === 'string' && /^[A-Za-z0-9._~-]{1,200}$/.test(body.code) ? body.code : null;
  const channelId = typeof body?.channelId === 'string' && /^\d{1,20}$/.test(body.channelId) ? body.channelId : null;
  if (!code || !channelId) {
    const reason = word(locale, 'pad.activity.reason.noCode');
    return c.json({ ok: false, error: word(locale, 'pad.activity.failed', { reason }) }, 400);
  }
  const member = await exchangeCode(opts.activity, code);
  if (!member.ok)
    return c.json(
      { ok: false, error: word(locale, 'pad.activity.failed', { reason: failureReason(locale, member) }) },
      502,
    );
  const link = await padLinkInChannel(opts.deps, opts.key, { channelId, userId: member.userId });
  if (!link.ok) return c.json({ ok: false, error: word(locale, 'pad.activity.noSeat') }, 403);
  return c.json({ ok: true, accessToken: member.accessToken, token: link.token });
}

/** Why Discord did not let the member in, in their locale. */
function failureReason(locale: Locale, failure: ActivityFailure): string {
  switch (failure.reason) {
    case 'codeRefused':
      return word(locale, 'pad.activity.reason.codeRefused', { status: failure.status });
    case 'meRefused':
      return word(locale, 'pad.activity.reason.meRefused', { status: failure.status });
    default:
      return word(locale, `pad.activity.reason.${failure.reason}`);
  }
}

/** Refuses the request with 429 when its link or address is over its rate; null when it may go on. */
async function overRate(c: Context, limits: ReturnType<typeof rateLimits>, token: string | null) {
  const wait = await limits.take(token, addressOf(c));
  if (wait === 0) return null;
  c.header('retry-after', String(wait));
  const locale = localeOfRequest(c);
  if (c.req.path.includes('/api/'))
    return c.json({ ok: false, error: word(locale, 'pad.page.tooFast', { seconds: wait }), retryAfter: wait }, 429);
  return c.html(
    messagePage(locale, null, word(locale, 'pad.refusal.title'), [word(locale, 'pad.refusal.tooMany')]),
    429,
  );
}

/**
 * A call the pad does not answer: an API caller gets JSON naming the call it made, 405 with `Allow` when the path is
 * a call asked with another method; anything else the plain page (docs/pad.md "API").
 */
function unknownCall(c: Context) {
  const api = /^(?:\/\.proxy)?\/api(\/.*)?$/.exec(c.req.path);
  if (!api) return c.text('Not found', 404);
  const error = word(localeOfRequest(c), 'pad.request.unknown', {
    call: `${c.req.method} ${c.req.path}`.slice(0, 120),
  });
  const call = api[1] ?? '';
  const allowed = Object.hasOwn(API_METHODS, call) ? API_METHODS[call as keyof typeof API_METHODS] : undefined;
  if (allowed) return c.json({ ok: false, error }, 405, { allow: allowed === 'GET' ? 'GET, HEAD' : allowed });
  return c.json({ ok: false, error }, 404);
}

export async function padApp(opts: PadAppOptions): Promise<Hono> {
  const assets = await pageAssets();
  const limits: WebLimits = { ...DEFAULT_WEB_LIMITS, ...opts.limits };
  const rates = rateLimits(limits);
  const routes = new Hono();
  routes.use('*', securityHeaders());
  routes.use('*', async (c, next) => {
    const started = performance.now();
    await next();
    // The route's pattern (`/pad/:token`), never the path: a link's token is never logged.
    opts.log.debug(
      { route: c.req.routePath, status: c.res.status, ms: Math.round(performance.now() - started) },
      'pad',
    );
  });
  routes.use(
    '*',
    bodyLimit({
      maxSize: limits.maxBodyBytes,
      // Answered before the body is read: the rest of it is not read either, so the connection closes, and says so
      // (a client that kept it for its next request would find it gone).
      onError: (c) =>
        c.json(
          { ok: false, error: word(localeOfRequest(c), 'pad.refusal.tooBig', { bytes: limits.maxBodyBytes }) },
          413,
          { connection: 'close' },
        ),
    }),
  );
  routes.get('/assets/*', (c) => serveAsset(c, assets));
  routes.use('/pad/:token', async (c, next) => (await overRate(c, rates, c.req.param('token'))) ?? (await next()));
  routes.use('/api/*', async (c, next) => (await overRate(c, rates, bearerOf(c))) ?? (await next()));
  routes.get('/pad/:token', (c) => linkPage(c, opts, assets));
  routes.get('/', (c) => rootPage(c, opts, assets));
  routes.post('/api/activity/session', (c) => activitySession(c, opts));
  const api: ApiContext = { deps: opts.deps, key: opts.key, log: opts.log, locale: localeOfRequest };
  routes.route('/api', apiRoutes(api));
  const app = new Hono();
  app.route('/.proxy', routes);
  app.route('/', routes);
  app.notFound(unknownCall);
  app.onError((err, c) => {
    opts.log.error({ err, route: c.req.routePath }, 'pad request failed');
    return c.json({ ok: false, error: word(localeOfRequest(c), 'errors.internal') }, 500);
  });
  return app;
}
