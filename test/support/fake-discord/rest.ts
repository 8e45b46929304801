/**
 * The REST half of the fake (prefix /api/v10), the endpoints discord.js calls (stack.md §1 table):
 * gateway discovery, interaction callbacks (JSON or multipart), webhook @original edits and follow-ups,
 * channel messages with attachments, message edits, DM channels, command registration.
 * Errors use Discord's shape `{message, code}` with a 4xx status; each is logged and, unless it follows
 * from state the test set up (deleted channel, closed DMs), flagged through the `httpError` event.
 * The first follow-up after a type-5 deferral not edited yet is that deferral's message, as on Discord: it is recorded
 * as an `edit` (`viaFollowUp`), keeps the deferral's visibility whatever its own flags, and becomes the @original that
 * `replyMessage`, `finalText` and `settle` read; any later follow-up is a message of its own.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FakeInteraction } from './interaction.js';
import {
  type FakeAttachment,
  type FakeChannel,
  type FakeEmbed,
  type FakeMessage,
  type FakeThreadState,
  type InteractionResponse,
  type PermissionName,
  type RateLimitRoute,
  EPHEMERAL,
} from './model.js';
import { parseBody, type ParsedBody, type UploadedFile } from './multipart.js';
import { channelJson, messageJson, threadJson, userJson } from './payloads.js';
import type { FakeDiscordState, LimitVerdict, RequestScope } from './state.js';
import { toRegisteredCommand } from './commands.js';
import { registrationProblems } from './registration.js';
import { checkAllowedMentions, setAllowedMentions } from './mentions.js';
import {
  callbackAllowed,
  componentsJson,
  componentsOf,
  parseMessageComponents,
  parseModal,
  setComponents,
  type FakeActionRow,
} from './components.js';

/** Discord refuses interaction callbacks after 3 s (the token is valid 15 min for edits and follow-ups). */
export const INTERACTION_ACK_WINDOW_MS = 3000;
const MAX_CONTENT = 2000;
const MAX_EMBED_DESCRIPTION = 4096;
const MAX_EMBEDS_TOTAL = 6000;
const MAX_FILE_BYTES = 10 * 1024 * 1024;

class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
    readonly expected = false,
  ) {
    super(message);
  }
}

interface Ctx {
  state: FakeDiscordState;
  origin: string;
  gatewayUrl: string;
  method: string;
  path: string;
  query: URLSearchParams;
  body: ParsedBody;
  authorized: boolean;
  /** The request's Authorization header as sent (a member's bearer token at `/users/@me`). */
  authorization?: string;
  /** performance.now() when Discord saw the request (later than its arrival for a slow target). */
  receivedAt: number;
  /** Delayed by a slow target the test configured (a late acknowledgement it causes is expected). */
  slowed?: boolean;
}

type Handler = (ctx: Ctx, params: string[]) => unknown;

const routes: { method: string; pattern: RegExp; auth: boolean; handler: Handler }[] = [];
function route(method: string, pattern: string, auth: boolean, handler: Handler): void {
  routes.push({ method, pattern: new RegExp(`^${pattern}$`), auth, handler });
}

export async function handleRest(
  state: FakeDiscordState,
  origin: string,
  gatewayUrl: string,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const receivedAt = performance.now();
  const url = new URL(req.url ?? '/', origin);
  // discord.js sends `@original` URL-encoded as `%40original` (stack.md §1).
  const path = decodeURIComponent(url.pathname);
  const method = req.method ?? 'GET';
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  let status = 200;
  let payload: unknown = null;
  let error: HttpError | null = null;
  const headers: Record<string, string> = {};
  let rateLimited: LimitVerdict['limited'] = null;
  try {
    if (path.startsWith('/attachments/')) {
      serveAttachment(state, path, res);
      state.logRequest({ at: Date.now(), method, path, status: res.statusCode });
      return;
    }
    if (!path.startsWith('/api/v10/')) throw new HttpError(404, 0, `404: Not Found (${path})`);
    const apiPath = path.slice('/api/v10'.length);
    const match = findRoute(method, apiPath);
    if (!match) throw new HttpError(404, 0, `404: Not Found (no fake route for ${method} ${apiPath})`);
    const authorized = req.headers.authorization === `Bot ${state.token}`;
    if (match.auth && !authorized) throw new HttpError(401, 0, '401: Unauthorized');
    const body = await parseBody(req.headers['content-type'], Buffer.concat(chunks));
    const ctx: Ctx = {
      state,
      origin,
      gatewayUrl,
      method,
      path: apiPath,
      query: url.searchParams,
      body,
      authorized,
      authorization: req.headers.authorization,
      receivedAt,
    };
    const scope = requestScope(ctx);
    const delay = state.transport.delayFor(scope);
    if (delay > 0) {
      await new Promise((r) => setTimeout(r, delay));
      // A slow network: Discord sees the request only now (an interaction callback may arrive too late).
      ctx.receivedAt = performance.now();
      ctx.slowed = true;
    }
    const verdict = state.transport.check(scope, method, apiPath);
    Object.assign(headers, verdict.headers);
    if (verdict.limited) {
      rateLimited = verdict.limited;
      throw new HttpError(429, 0, 'You are being rate limited.', true);
    }
    const failure = state.transport.failureFor(scope);
    if (failure !== null) throw new HttpError(failure, 0, `${failure}: Internal Server Error`, true);
    payload = await match.handler(ctx, match.params);
    if (payload === undefined) status = 204;
  } catch (e) {
    error = e instanceof HttpError ? e : new HttpError(400, 50035, `Invalid Form Body (${(e as Error).message})`);
    status = error.status;
    payload = rateLimited
      ? { message: error.message, retry_after: rateLimited.retryAfterMs / 1000, global: rateLimited.global, code: 0 }
      : { message: error.message, code: error.code };
  }
  state.logRequest({
    at: Date.now(),
    method,
    path,
    status,
    ...(error ? { errorCode: error.code, errorMessage: error.message, expected: error.expected } : {}),
  });
  if (status === 204) {
    res.writeHead(204, headers).end();
    return;
  }
  res.writeHead(status, { ...headers, 'content-type': 'application/json' }).end(JSON.stringify(payload));
}

/** Which rate-limit bucket a request falls in and which channels and users it concerns. */
function requestScope(ctx: Ctx): RequestScope {
  const exemptFromGlobal = ctx.path.startsWith('/interactions/') || ctx.path.startsWith('/webhooks/');
  const targetsOf = (channelId: string) => {
    const channel = ctx.state.channels.get(channelId);
    return [channelId, ...(channel?.recipientId ? [channel.recipientId] : [])];
  };
  const scope = (route: RateLimitRoute | null, major: string, targets: string[]): RequestScope => ({
    route,
    major,
    targets,
    exemptFromGlobal,
  });
  if (ctx.method === 'POST' && ctx.path === '/users/@me/channels') {
    return scope('dm_create', 'bot', [String(ctx.body.json?.recipient_id ?? '')]);
  }
  const interactionId = /^\/(?:interactions|webhooks)\/\d+\/([^/]+)/.exec(ctx.path);
  if (interactionId) {
    const interaction = ctx.path.startsWith('/interactions/')
      ? ctx.state.interactions.get(ctx.path.split('/')[2]!)
      : ctx.state.interactionsByToken.get(interactionId[1]!);
    return scope(null, 'bot', interaction ? [interaction.id, interaction.channelId] : []);
  }
  const channelId = /^\/channels\/(\d+)/.exec(ctx.path)?.[1];
  if (!channelId) return scope(null, 'bot', []);
  const rest = ctx.path.slice(`/channels/${channelId}`.length);
  const targets = targetsOf(channelId);
  if (ctx.method === 'POST' && rest === '/messages') {
    return scope(
      ctx.state.channels.get(channelId)?.type === 1 ? 'dm_messages' : 'channel_messages',
      channelId,
      targets,
    );
  }
  if (/^\/(messages\/)?pins\/\d+$/.test(rest) && (ctx.method === 'PUT' || ctx.method === 'DELETE'))
    return scope('pins', channelId, targets);
  if (ctx.method === 'POST' && /^(\/messages\/\d+)?\/threads$/.test(rest)) return scope('threads', channelId, targets);
  if (/^\/messages\/\d+$/.test(rest) && (ctx.method === 'PATCH' || ctx.method === 'DELETE'))
    return scope('message_edits', channelId, targets);
  return scope(null, channelId, targets);
}

function findRoute(method: string, path: string): { handler: Handler; auth: boolean; params: string[] } | null {
  for (const r of routes) {
    if (r.method !== method) continue;
    const m = r.pattern.exec(path);
    if (m) return { handler: r.handler, auth: r.auth, params: m.slice(1) };
  }
  return null;
}

function serveAttachment(state: FakeDiscordState, path: string, res: ServerResponse): void {
  const id = path.split('/')[2];
  const uploaded = id ? state.uploads.get(id) : undefined;
  if (uploaded) {
    res.writeHead(200, { 'content-type': uploaded.contentType }).end(uploaded.data);
    return;
  }
  for (const m of state.messages.values()) {
    const a = m.attachments.find((x) => x.id === id);
    if (a) {
      res.writeHead(200, { 'content-type': a.contentType }).end(a.data);
      return;
    }
  }
  res.writeHead(404).end();
}

// ---------- validation of what the bot sends ----------

interface MessageInput {
  content: string;
  embeds: FakeEmbed[];
  flags: number;
  /** Ids of existing attachments the payload keeps (edits), or null when it does not say. */
  keepAttachmentIds: string[] | null;
  files: FakeAttachment[];
  /** Message components (components.ts); undefined when the payload does not mention them. */
  components?: FakeActionRow[];
  /** `allowed_mentions` as sent (mentions.ts); undefined when the payload does not mention it. */
  allowedMentions?: unknown;
}

/** The characters Discord counts toward its 6000 over all of a message's embeds. */
function embedTextLength(e: FakeEmbed): number {
  const raw = e as {
    title?: unknown;
    description?: unknown;
    fields?: { name?: unknown; value?: unknown }[];
    footer?: { text?: unknown };
    author?: { name?: unknown };
  };
  const len = (v: unknown) => (typeof v === 'string' ? v.length : 0);
  return (
    len(raw.title) +
    len(raw.description) +
    (raw.fields ?? []).reduce((n, f) => n + len(f.name) + len(f.value), 0) +
    len(raw.footer?.text) +
    len(raw.author?.name)
  );
}

/** Discord's limit on an attachment's description (alt text). */
const MAX_ATTACHMENT_DESCRIPTION = 1024;

/**
 * The alt text the payload's `attachments` gives the upload in the form field `field` (`files[0]` is the entry of id
 * 0), checked as Discord checks it: a string of at most 1024 characters.
 */
function uploadDescription(attachments: unknown, field: string): string | undefined {
  const index = /^files\[(\d+)\]$/.exec(field)?.[1];
  if (!Array.isArray(attachments) || index === undefined) return undefined;
  const entry = (attachments as { id?: unknown; description?: unknown }[]).find((a) => String(a.id) === index);
  if (entry?.description === undefined || entry.description === null) return undefined; // discord.js sends null
  if (typeof entry.description !== 'string' || entry.description.length > MAX_ATTACHMENT_DESCRIPTION)
    throw new HttpError(
      400,
      50035,
      `Invalid Form Body: attachments.${index}.description: Must be ${MAX_ATTACHMENT_DESCRIPTION} or fewer in length`,
    );
  return entry.description;
}

function messageInput(
  ctx: Ctx,
  json: Record<string, unknown> | null,
  files: UploadedFile[],
  requireSomething: boolean,
): MessageInput {
  const data = json ?? {};
  const content = typeof data.content === 'string' ? data.content : '';
  if (content.length > MAX_CONTENT) {
    throw new HttpError(
      400,
      50035,
      `Invalid Form Body: content: Must be ${MAX_CONTENT} or fewer in length (got ${content.length})`,
    );
  }
  const embeds = (Array.isArray(data.embeds) ? data.embeds : []) as FakeEmbed[];
  if (embeds.length > 10) throw new HttpError(400, 50035, 'Invalid Form Body: embeds: Must be 10 or fewer in length');
  for (const e of embeds) {
    if ((e.description?.length ?? 0) > MAX_EMBED_DESCRIPTION) {
      throw new HttpError(
        400,
        50035,
        `Invalid Form Body: embeds.description: Must be ${MAX_EMBED_DESCRIPTION} or fewer in length`,
      );
    }
  }
  // Discord: titles, descriptions, field names and values, footers and author names of all embeds, 6000 at most.
  const embedText = embeds.reduce((n, e) => n + embedTextLength(e), 0);
  if (embedText > MAX_EMBEDS_TOTAL)
    throw new HttpError(
      400,
      50035,
      `Invalid Form Body: embeds: Embed size exceeds maximum size of ${MAX_EMBEDS_TOTAL} (got ${embedText})`,
    );
  if (files.length > 10) throw new HttpError(400, 50035, 'Invalid Form Body: files: Must be 10 or fewer');
  const out: FakeAttachment[] = files.map((f) => {
    if (f.data.length > MAX_FILE_BYTES) throw new HttpError(413, 40005, 'Request entity too large');
    const description = uploadDescription(data.attachments, f.field);
    return {
      id: ctx.state.ids.next(),
      filename: f.filename,
      contentType: f.contentType,
      data: f.data,
      ...(description !== undefined ? { description } : {}),
    };
  });
  const keep = Array.isArray(data.attachments)
    ? (data.attachments as { id: string | number }[]).map((a) => String(a.id)).filter((id) => id.length > 3)
    : null;
  if (requireSomething && content === '' && embeds.length === 0 && out.length === 0) {
    throw new HttpError(400, 50006, 'Cannot send an empty message');
  }
  const components = 'components' in data ? parseMessageComponents(data.components ?? []) : undefined;
  const allowedMentions = 'allowed_mentions' in data ? data.allowed_mentions : undefined;
  checkAllowedMentions(allowedMentions);
  return {
    content,
    embeds,
    flags: Number(data.flags ?? 0),
    keepAttachmentIds: keep,
    files: out,
    components,
    allowedMentions,
  };
}

function liveChannel(ctx: Ctx, id: string): FakeChannel {
  const channel = ctx.state.channels.get(id);
  if (!channel) throw new HttpError(404, 10003, 'Unknown Channel');
  if (channel.deleted) throw new HttpError(404, 10003, 'Unknown Channel', true);
  return channel;
}

function liveMessage(ctx: Ctx, channelId: string, messageId: string): FakeMessage {
  const message = ctx.state.messages.get(messageId);
  if (!message || message.channelId !== channelId || message.deleted) {
    throw new HttpError(404, 10008, 'Unknown Message', message?.deletedByUser === true);
  }
  return message;
}

function toJson(ctx: Ctx, m: FakeMessage): Record<string, unknown> {
  const channel = ctx.state.channels.get(m.channelId)!;
  const json = messageJson(m, ctx.state.users.get(m.authorId)!, ctx.origin, ctx.state.guildOf(channel));
  return { ...json, components: componentsJson(componentsOf(m)) };
}

function response(
  kind: InteractionResponse['kind'],
  at: number,
  ephemeral: boolean,
  m: Partial<FakeMessage> & { id?: string },
): InteractionResponse {
  return {
    kind,
    at,
    ephemeral,
    content: m.content ?? '',
    embeds: m.embeds ?? [],
    attachments: m.attachments ?? [],
    ...(m.id ? { messageId: m.id } : {}),
  };
}

// ---------- routes ----------

route('GET', '/gateway/bot', true, (ctx) => ({
  url: ctx.gatewayUrl,
  shards: ctx.state.recommendedShards,
  session_start_limit: { total: 1000, remaining: 999, reset_after: 86_400_000, max_concurrency: 1 },
}));
route('GET', '/gateway', false, (ctx) => ({ url: ctx.gatewayUrl }));
// The bot itself (`Bot` token), or the member a bearer token from the OAuth2 exchange below belongs to.
route('GET', '/users/@me', false, (ctx) => {
  if (ctx.authorized) return userJson(ctx.state.botUser);
  return memberOfBearer(ctx);
});
route('GET', '/applications/@me', true, (ctx) => ({
  id: ctx.state.applicationId,
  name: ctx.state.botUser.username,
  icon: null,
  description: '',
  bot_public: true,
  bot_require_code_grant: false,
  flags: 0,
  owner: userJson(ctx.state.botUser),
}));

route('GET', '/users/(\\d+)', true, (ctx, [id]) => {
  const user = ctx.state.users.get(id!);
  if (!user) throw new HttpError(404, 10013, 'Unknown User');
  return userJson(user);
});

route('POST', '/users/@me/channels', true, (ctx) => {
  const recipient = String(ctx.body.json?.recipient_id ?? '');
  const user = ctx.state.users.get(recipient);
  if (!user || user.bot) throw new HttpError(400, 50033, 'Invalid Recipient(s)');
  return channelJson(ctx.state.dmChannel(user.id), ctx.state.guildId, [user]);
});

route('GET', '/channels/(\\d+)', true, (ctx, [id]) => {
  const channel = liveChannel(ctx, id!);
  const recipients = channel.recipientId ? [ctx.state.users.get(channel.recipientId)!] : [];
  return channelJson(channel, ctx.state.guildOf(channel) ?? ctx.state.guildId, recipients);
});

route('POST', '/channels/(\\d+)/typing', true, (ctx, [id]) => {
  liveChannel(ctx, id!);
  return undefined;
});

/** Refuses with 403 when a test denied the bot `perm` here (50001 without VIEW_CHANNEL, else 50013). */
function requirePermission(ctx: Ctx, channel: FakeChannel, perm: PermissionName): void {
  if (ctx.state.botLacks(channel, 'VIEW_CHANNEL')) throw new HttpError(403, 50001, 'Missing Access', true);
  if (ctx.state.botLacks(channel, perm)) throw new HttpError(403, 50013, 'Missing Permissions', true);
}

route('POST', '/channels/(\\d+)/messages', true, (ctx, [id]) => {
  const channel = liveChannel(ctx, id!);
  if (channel.type === 1 && ctx.state.closedDms.has(channel.recipientId!)) {
    throw new HttpError(403, 50007, 'Cannot send messages to this user', true);
  }
  if (channel.type !== 1)
    requirePermission(ctx, channel, channel.thread ? 'SEND_MESSAGES_IN_THREADS' : 'SEND_MESSAGES');
  if (channel.thread?.archived) {
    // An archived thread reopens when someone posts, unless it is locked.
    if (channel.thread.locked) throw new HttpError(400, 50083, 'Thread is archived', true);
    channel.thread.archived = false;
    ctx.state.dispatch('THREAD_UPDATE', threadJson(channel, ctx.state.guildId));
  }
  const input = messageInput(ctx, ctx.body.json, ctx.body.files, true);
  // enforce_nonce: a message with the same nonce from the same author is returned, not posted again.
  const nonce = ctx.body.json?.nonce === undefined ? undefined : String(ctx.body.json.nonce);
  if (nonce !== undefined && String(nonce).length > 25)
    throw new HttpError(400, 50035, 'Invalid Form Body: nonce: Must be 25 or fewer in length');
  if (nonce !== undefined && ctx.body.json?.enforce_nonce === true) {
    // Discord remembers nonces only for a few minutes (transport.nonceWindowMs); an older one posts again.
    const since = ctx.state.transport.now() - ctx.state.transport.nonceWindowMs;
    const earlier = [...ctx.state.messages.values()].find(
      (m) => m.channelId === channel.id && m.nonce === nonce && m.nonceAt! > since,
    );
    if (earlier) {
      ctx.state.nonceRepeats++;
      ctx.state.repeatedNonces.push(nonce);
      return toJson(ctx, earlier);
    }
  }
  const message = ctx.state.createMessage({
    channel,
    authorId: ctx.state.botUser.id,
    content: input.content,
    embeds: input.embeds,
    attachments: input.files,
    flags: 0,
    nonce,
    decorate: (created) => {
      setComponents(created, input.components);
      setAllowedMentions(created, ctx.body.json?.allowed_mentions);
    },
  });
  return toJson(ctx, message);
});

route('GET', '/channels/(\\d+)/messages/(\\d+)', true, (ctx, [c, m]) => {
  liveChannel(ctx, c!);
  return toJson(ctx, liveMessage(ctx, c!, m!));
});

route('PATCH', '/channels/(\\d+)/messages/(\\d+)', true, (ctx, [c, m]) => {
  liveChannel(ctx, c!);
  const message = liveMessage(ctx, c!, m!);
  editWith(ctx, message, undefined);
  return toJson(ctx, message);
});

route('DELETE', '/channels/(\\d+)/messages/(\\d+)', true, (ctx, [c, m]) => {
  liveChannel(ctx, c!);
  liveMessage(ctx, c!, m!).deleted = true;
  return undefined;
});

function registerCommands(ctx: Ctx, guildId: string | null): unknown {
  const list = ctx.body.json as unknown;
  // Discord's rules for a registration (registration.ts): the first problem is the 400's message
  const problems = registrationProblems(list);
  if (problems.length > 0) throw new HttpError(400, 50035, `Invalid Form Body: ${problems[0]}`);
  ctx.state.commands = [
    ...ctx.state.commands.filter((c) => c.guildId !== guildId),
    ...(list as Record<string, unknown>[]).map((raw) => toRegisteredCommand(raw, ctx.state.ids.next(), guildId)),
  ];
  return listCommands(ctx, guildId);
}

function listCommands(ctx: Ctx, guildId: string | null): unknown {
  return ctx.state.commands
    .filter((c) => c.guildId === guildId)
    .map((c) => ({
      ...c.raw,
      id: c.id,
      application_id: ctx.state.applicationId,
      version: c.id,
      type: 1,
      default_member_permissions: c.raw.default_member_permissions ?? null,
      ...(guildId ? { guild_id: guildId } : {}),
    }));
}

function checkApplication(ctx: Ctx, app: string, guild?: string): void {
  if (app !== ctx.state.applicationId) throw new HttpError(404, 10002, 'Unknown Application');
  if (guild !== undefined && !ctx.state.guilds.has(guild)) throw new HttpError(404, 10004, 'Unknown Guild');
}

route('PUT', '/applications/(\\d+)/commands', true, (ctx, [app]) => {
  checkApplication(ctx, app!);
  return registerCommands(ctx, null);
});
route('GET', '/applications/(\\d+)/commands', true, (ctx, [app]) => {
  checkApplication(ctx, app!);
  return listCommands(ctx, null);
});
route('PUT', '/applications/(\\d+)/guilds/(\\d+)/commands', true, (ctx, [app, guild]) => {
  checkApplication(ctx, app!, guild!);
  return registerCommands(ctx, guild!);
});
route('GET', '/applications/(\\d+)/guilds/(\\d+)/commands', true, (ctx, [app, guild]) => {
  checkApplication(ctx, app!, guild!);
  return listCommands(ctx, guild!);
});

// OAuth2 (the Activity's sign-in): an authorization code the test issued for a member (`FakeDiscord.authorize`) is
// exchanged once, with the application's id and client secret, for a bearer token; `/users/@me` answers with it.
route('POST', '/oauth2/token', false, (ctx) => {
  const form = (ctx.body.json ?? {}) as Record<string, unknown>;
  const activity = ctx.state.activity;
  if (!activity) throw new HttpError(401, 0, '{"error": "invalid_client"}');
  if (form.client_id !== ctx.state.applicationId || form.client_secret !== activity.clientSecret)
    throw new HttpError(401, 0, '{"error": "invalid_client"}');
  if (form.grant_type !== 'authorization_code') throw new HttpError(400, 0, '{"error": "unsupported_grant_type"}');
  const code = typeof form.code === 'string' ? activity.codes.get(form.code) : undefined;
  if (!code || code.used || Date.now() > code.expiresAt) throw new HttpError(400, 0, '{"error": "invalid_grant"}');
  code.used = true;
  const accessToken = `fake-access-${ctx.state.ids.next()}`;
  activity.tokens.set(accessToken, code.userId);
  activity.exchanges++;
  return { access_token: accessToken, token_type: 'Bearer', expires_in: 604800, refresh_token: 'r', scope: 'identify' };
});

function memberOfBearer(ctx: Ctx): unknown {
  const bearer = /^Bearer (.+)$/.exec(ctx.authorization ?? '')?.[1];
  const userId = bearer ? ctx.state.activity?.tokens.get(bearer) : undefined;
  if (!userId) throw new HttpError(401, 0, '401: Unauthorized');
  const user = ctx.state.users.get(userId)!;
  return {
    id: user.id,
    username: user.username,
    global_name: user.globalName ?? null,
    discriminator: '0',
    avatar: null,
  };
}

// Interaction callback: https://discord.com/developers/docs/interactions/receiving-and-responding
route('POST', '/interactions/(\\d+)/([^/]+)/callback', false, (ctx, [id, token]) => {
  const interaction = ctx.state.interactions.get(id!);
  if (!interaction || interaction.token !== token) throw new HttpError(404, 10062, 'Unknown interaction');
  if (interaction.acknowledged) throw new HttpError(400, 40060, 'Interaction has already been acknowledged.');
  if (ctx.receivedAt - interaction.dispatchedAt > INTERACTION_ACK_WINDOW_MS) {
    throw new HttpError(
      404,
      10062,
      `Unknown interaction (acknowledged after ${Math.round(ctx.receivedAt - interaction.dispatchedAt)} ms)`,
      ctx.slowed === true,
    );
  }
  const json = ctx.body.json ?? {};
  const type = Number(json.type);
  const data = (json.data ?? {}) as Record<string, unknown>;
  const at = ctx.receivedAt;
  let message: FakeMessage | null = null;
  if (!callbackAllowed(interaction.type, type, interaction.sourceMessageId !== undefined)) {
    throw new HttpError(
      400,
      50035,
      `Invalid Form Body: callback type ${type} is not allowed for interaction type ${interaction.type}`,
    );
  }
  switch (type) {
    case 4: {
      const input = messageInput(ctx, data, ctx.body.files, true);
      interaction.ephemeral = (input.flags & EPHEMERAL) !== 0;
      message = interactionMessage(ctx, interaction, input);
      interaction.originalMessageId = message.id;
      interaction.record(response('reply', at, interaction.ephemeral, message));
      break;
    }
    case 5: {
      interaction.ephemeral = (Number(data.flags ?? 0) & EPHEMERAL) !== 0;
      interaction.record(response('defer', at, interaction.ephemeral, {}));
      break;
    }
    case 8: {
      if (interaction.type !== 4)
        throw new HttpError(400, 50035, 'Invalid Form Body: autocomplete result for a non-autocomplete interaction');
      const choices = (data.choices ?? []) as { name: string; value: string | number }[];
      if (choices.length > 25)
        throw new HttpError(400, 50035, 'Invalid Form Body: choices: Must be 25 or fewer in length');
      for (const c of choices) {
        if (String(c.name).length < 1 || String(c.name).length > 100 || String(c.value).length > 100) {
          throw new HttpError(
            400,
            50035,
            `Invalid Form Body: choice ${JSON.stringify(c)} must have a 1-100 character name and value`,
          );
        }
      }
      interaction.record({ ...response('autocomplete', at, true, {}), choices });
      break;
    }
    case 6:
    case 7:
    case 9:
      message = componentCallback(ctx, interaction, type, data);
      break;
    case 12: {
      // LAUNCH_ACTIVITY: only an application whose Activity is enabled may answer with it (no message is made).
      if (!ctx.state.activity)
        throw new HttpError(400, 50035, 'Invalid Form Body: this application has no Activity to launch (type 12)');
      interaction.record(response('launchActivity', at, true, {}));
      ctx.state.activityLaunches.push({ userId: interaction.userId, channelId: interaction.channelId, at: Date.now() });
      break;
    }
    default:
      throw new HttpError(
        400,
        50035,
        `Invalid Form Body: interaction callback type ${type} is not supported by the fake`,
      );
  }
  if (ctx.query.get('with_response') === 'true') {
    return {
      interaction: {
        id: interaction.id,
        type: interaction.type,
        response_message_id: message?.id,
        response_message_loading: type === 5,
        response_message_ephemeral: interaction.ephemeral,
      },
      resource: { type, ...(message ? { message: toJson(ctx, message) } : {}) },
    };
  }
  return undefined;
});

/** A message the bot posts as an answer to an interaction (reply or follow-up), in the interaction's channel. */
function interactionMessage(ctx: Ctx, interaction: FakeInteraction, input: MessageInput): FakeMessage {
  const message = ctx.state.createMessage({
    channel: ctx.state.channels.get(interaction.channelId)!,
    authorId: ctx.state.botUser.id,
    content: input.content,
    embeds: input.embeds,
    attachments: input.files,
    flags: input.flags & EPHEMERAL,
    interaction,
    decorate: (created) => {
      setComponents(created, input.components);
      setAllowedMentions(created, input.allowedMentions);
    },
  });
  return message;
}

function webhookInteraction(ctx: Ctx, app: string, token: string): FakeInteraction {
  const interaction = ctx.state.interactionsByToken.get(token);
  if (app !== ctx.state.applicationId || !interaction) throw new HttpError(404, 10015, 'Unknown Webhook');
  return interaction;
}

function originalMessage(ctx: Ctx, interaction: FakeInteraction, messageId: string): FakeMessage {
  if (messageId === '@original') {
    if (!interaction.acknowledged)
      throw new HttpError(404, 10008, 'Unknown Message (the interaction was not acknowledged)');
    if (interaction.deferred && !interaction.originalMessageId) {
      // A deferred response becomes a real message on its first edit.
      const message = ctx.state.createMessage({
        channel: ctx.state.channels.get(interaction.channelId)!,
        authorId: ctx.state.botUser.id,
        content: '',
        embeds: [],
        attachments: [],
        flags: interaction.ephemeral ? EPHEMERAL : 0,
        interaction,
      });
      // The placeholder ("thinking…") is not a delivery of content; drop it from the log.
      ctx.state.deliveries.pop();
      interaction.originalMessageId = message.id;
      return message;
    }
    return ctx.state.messages.get(interaction.originalMessageId!)!;
  }
  const message = ctx.state.messages.get(messageId);
  if (!message || message.interactionId !== interaction.id || message.deleted)
    throw new HttpError(404, 10008, 'Unknown Message');
  return message;
}

function editWith(
  ctx: Ctx,
  message: FakeMessage,
  interaction: FakeInteraction | undefined,
  json: Record<string, unknown> = ctx.body.json ?? {},
  /** A new message's rule (a follow-up standing for the edit): something to say. */
  requireSomething = false,
): void {
  const input = messageInput(ctx, json, ctx.body.files, requireSomething);
  setComponents(message, input.components);
  if (input.allowedMentions !== undefined) setAllowedMentions(message, input.allowedMentions);
  const kept =
    input.keepAttachmentIds === null
      ? message.attachments
      : message.attachments.filter((a) => input.keepAttachmentIds!.includes(a.id));
  ctx.state.editMessage(
    message,
    {
      ...('content' in json ? { content: input.content } : {}),
      ...('embeds' in json ? { embeds: input.embeds } : {}),
      attachments: [...kept, ...input.files],
    },
    interaction?.userId,
  );
}

route('GET', '/webhooks/(\\d+)/([^/]+)/messages/(@original|\\d+)', false, (ctx, [app, token, mid]) => {
  const interaction = webhookInteraction(ctx, app!, token!);
  return toJson(ctx, originalMessage(ctx, interaction, mid!));
});

route('PATCH', '/webhooks/(\\d+)/([^/]+)/messages/(@original|\\d+)', false, (ctx, [app, token, mid]) => {
  const interaction = webhookInteraction(ctx, app!, token!);
  const message = originalMessage(ctx, interaction, mid!);
  editWith(ctx, message, interaction);
  interaction.record(response('edit', ctx.receivedAt, (message.flags & EPHEMERAL) !== 0, message));
  return toJson(ctx, message);
});

route('DELETE', '/webhooks/(\\d+)/([^/]+)/messages/(@original|\\d+)', false, (ctx, [app, token, mid]) => {
  const interaction = webhookInteraction(ctx, app!, token!);
  const message = originalMessage(ctx, interaction, mid!);
  message.deleted = true;
  interaction.record(response('delete', ctx.receivedAt, (message.flags & EPHEMERAL) !== 0, { id: message.id }));
  return undefined;
});

route('POST', '/webhooks/(\\d+)/([^/]+)', false, (ctx, [app, token]) => {
  const interaction = webhookInteraction(ctx, app!, token!);
  if (!interaction.acknowledged) throw new HttpError(400, 40060, 'Follow-up before the interaction was acknowledged');
  if (interaction.awaitingOriginal) {
    // Discord (Create Followup Message): right after a type-5 deferral the follow-up "functions the same as Edit
    // Original Interaction Response": it becomes the deferral's message, as private or public as the deferral was
    // (its own ephemeral flag is ignored). After a deferUpdate (6), a reply (4) or a first edit, it is a new message.
    const message = originalMessage(ctx, interaction, '@original');
    editWith(ctx, message, interaction, ctx.body.json ?? {}, true);
    const edit = response('edit', ctx.receivedAt, (message.flags & EPHEMERAL) !== 0, message);
    interaction.record({ ...edit, viaFollowUp: true });
    return toJson(ctx, message);
  }
  const input = messageInput(ctx, ctx.body.json, ctx.body.files, true);
  const message = interactionMessage(ctx, interaction, input);
  interaction.record(response('followUp', ctx.receivedAt, (message.flags & EPHEMERAL) !== 0, message));
  return toJson(ctx, message);
});

// ---------- pins (https://discord.com/developers/docs/resources/message#pin-message) ----------

/** Discord's cap on pins per channel (raised from 50 to 250 in 2025). */
export const MAX_PINS = 250;

function pinTarget(ctx: Ctx, channelId: string, messageId: string): { channel: FakeChannel; message: FakeMessage } {
  const channel = liveChannel(ctx, channelId);
  // Since 2025 pinning needs PIN_MESSAGES (MANAGE_MESSAGES no longer grants it); DMs need nothing.
  if (channel.type !== 1) requirePermission(ctx, channel, 'PIN_MESSAGES');
  const message = liveMessage(ctx, channelId, messageId);
  if (message.type === 6 || message.type === 18)
    throw new HttpError(400, 50021, 'Cannot execute action on a system message');
  return { channel, message };
}

for (const path of ['/channels/(\\d+)/messages/pins/(\\d+)', '/channels/(\\d+)/pins/(\\d+)']) {
  route('PUT', path, true, (ctx, [c, m]) => {
    const { channel, message } = pinTarget(ctx, c!, m!);
    if (!message.pinned && ctx.state.pinnedMessages(channel.id).length >= MAX_PINS) {
      throw new HttpError(400, 30003, `Maximum number of pins reached (${MAX_PINS})`);
    }
    ctx.state.pin(message, ctx.state.botUser.id);
    return undefined;
  });
  route('DELETE', path, true, (ctx, [c, m]) => {
    const { message } = pinTarget(ctx, c!, m!);
    ctx.state.unpin(message);
    return undefined;
  });
}

route('GET', '/channels/(\\d+)/messages/pins', true, (ctx, [c]) => {
  liveChannel(ctx, c!);
  const items = ctx.state
    .pinnedMessages(c!)
    .map((m) => ({ pinned_at: new Date(m.pinnedAt!).toISOString(), message: toJson(ctx, m) }));
  return { items, has_more: false };
});

/** The older endpoint discord.js's deprecated fetchPinned() uses: an array of messages. */
route('GET', '/channels/(\\d+)/pins', true, (ctx, [c]) => {
  liveChannel(ctx, c!);
  return ctx.state.pinnedMessages(c!).map((m) => toJson(ctx, m));
});

// ---------- threads (https://discord.com/developers/docs/resources/channel#start-thread-without-message) ----------

const ARCHIVE_DURATIONS = [60, 1440, 4320, 10080] as const;

function threadInput(ctx: Ctx): { name: string; autoArchiveDuration: FakeThreadState['autoArchiveDuration'] } {
  const json = ctx.body.json ?? {};
  const name = String(json.name ?? '');
  if (name.length < 1 || name.length > 100)
    throw new HttpError(400, 50035, 'Invalid Form Body: name: Must be between 1 and 100 in length');
  const duration = Number(json.auto_archive_duration ?? 4320);
  if (!(ARCHIVE_DURATIONS as readonly number[]).includes(duration)) {
    throw new HttpError(
      400,
      50035,
      `Invalid Form Body: auto_archive_duration: Value must be one of ${ARCHIVE_DURATIONS.join(', ')}`,
    );
  }
  return { name, autoArchiveDuration: duration as FakeThreadState['autoArchiveDuration'] };
}

function threadParent(ctx: Ctx, id: string, type: 11 | 12): FakeChannel {
  const parent = liveChannel(ctx, id);
  if (parent.type !== 0) throw new HttpError(400, 50024, 'Cannot execute action on this channel type');
  requirePermission(ctx, parent, type === 12 ? 'CREATE_PRIVATE_THREADS' : 'CREATE_PUBLIC_THREADS');
  return parent;
}

route('POST', '/channels/(\\d+)/threads', true, (ctx, [c]) => {
  const type = Number(ctx.body.json?.type ?? 12);
  if (type !== 11 && type !== 12)
    throw new HttpError(
      400,
      50035,
      `Invalid Form Body: type: thread type ${type} is not a public (11) or private (12) thread`,
    );
  const invitable = ctx.body.json?.invitable;
  if (invitable !== undefined && typeof invitable !== 'boolean')
    throw new HttpError(400, 50035, 'Invalid Form Body: invitable: Must be either true or false.');
  if (invitable !== undefined && type !== 12)
    throw new HttpError(400, 50035, 'Invalid Form Body: invitable: only a private thread can be invitable or not');
  const parent = threadParent(ctx, c!, type);
  const thread = ctx.state.createThread({
    parent,
    type,
    ownerId: ctx.state.botUser.id,
    ...(invitable !== undefined ? { invitable } : {}),
    ...threadInput(ctx),
  });
  return threadJson(thread, ctx.state.guildId);
});

route('POST', '/channels/(\\d+)/messages/(\\d+)/threads', true, (ctx, [c, m]) => {
  const parent = threadParent(ctx, c!, 11);
  const starterMessage = liveMessage(ctx, c!, m!);
  if (ctx.state.channels.has(starterMessage.id))
    throw new HttpError(400, 160004, 'A thread has already been created for this message');
  const thread = ctx.state.createThread({
    parent,
    type: 11,
    ownerId: ctx.state.botUser.id,
    starterMessage,
    ...threadInput(ctx),
  });
  return threadJson(thread, ctx.state.guildId);
});

function liveThread(ctx: Ctx, id: string): FakeChannel & { thread: FakeThreadState } {
  const channel = liveChannel(ctx, id);
  if (!channel.thread) throw new HttpError(400, 50024, 'Cannot execute action on this channel type');
  return channel as FakeChannel & { thread: FakeThreadState };
}

route('PATCH', '/channels/(\\d+)', true, (ctx, [c]) => {
  const thread = liveThread(ctx, c!);
  const json = ctx.body.json ?? {};
  const t = thread.thread;
  const byOwner = t.ownerId === ctx.state.botUser.id;
  if (
    (json.locked !== undefined || (json.archived === false && t.locked)) &&
    ctx.state.botLacks(thread, 'MANAGE_THREADS') &&
    !byOwner
  ) {
    throw new HttpError(403, 50013, 'Missing Permissions', true);
  }
  if (json.name !== undefined)
    thread.name = threadInput({ ...ctx, body: { ...ctx.body, json: { name: json.name } } }).name;
  if (json.archived !== undefined) t.archived = json.archived === true;
  if (json.locked !== undefined) t.locked = json.locked === true;
  if (json.auto_archive_duration !== undefined)
    t.autoArchiveDuration = threadInput({
      ...ctx,
      body: { ...ctx.body, json: { name: 'x', auto_archive_duration: json.auto_archive_duration } },
    }).autoArchiveDuration;
  const out = threadJson(thread, ctx.state.guildId);
  ctx.state.dispatch('THREAD_UPDATE', out);
  return out;
});

route('PUT', '/channels/(\\d+)/thread-members/(@me|\\d+)', true, (ctx, [c, who]) => {
  const thread = liveThread(ctx, c!);
  if (thread.thread.archived) throw new HttpError(400, 50083, 'Thread is archived', true);
  const userId = who === '@me' ? ctx.state.botUser.id : who!;
  if (!ctx.state.users.has(userId)) throw new HttpError(404, 10013, 'Unknown User');
  // Adding another member: the bot must be able to send messages in the thread (a private one: be in it, or manage threads).
  if (userId !== ctx.state.botUser.id) {
    requirePermission(ctx, thread, 'SEND_MESSAGES_IN_THREADS');
    const botId = ctx.state.botUser.id;
    if (thread.type === 12 && !thread.thread.members.has(botId) && ctx.state.botLacks(thread, 'MANAGE_THREADS'))
      throw new HttpError(403, 50001, 'Missing Access', true);
  }
  thread.thread.members.add(userId);
  return undefined;
});

route('DELETE', '/channels/(\\d+)/thread-members/(@me|\\d+)', true, (ctx, [c, who]) => {
  const thread = liveThread(ctx, c!);
  const userId = who === '@me' ? ctx.state.botUser.id : who!;
  // Removing another member: manage threads, or (a private thread) being its creator.
  const byOwner = thread.type === 12 && thread.thread.ownerId === ctx.state.botUser.id;
  if (userId !== ctx.state.botUser.id && !byOwner && ctx.state.botLacks(thread, 'MANAGE_THREADS'))
    throw new HttpError(403, 50013, 'Missing Permissions', true);
  thread.thread.members.delete(userId);
  return undefined;
});

// https://discord.com/developers/docs/resources/guild#list-active-guild-threads: every active thread of the guild the
// bot can see (a private one: as its member, or with Manage Threads).
route('GET', '/guilds/(\\d+)/threads/active', true, (ctx, [g]) => {
  if (g !== ctx.state.guildId && !ctx.state.channels.has(g!)) throw new HttpError(404, 10004, 'Unknown Guild');
  const threads = [...ctx.state.channels.values()].filter(
    (c) =>
      c.thread &&
      !c.deleted &&
      !c.thread.archived &&
      ctx.state.guildOf(c) === g &&
      (c.type === 11 || c.thread.members.has(ctx.state.botUser.id) || !ctx.state.botLacks(c, 'MANAGE_THREADS')),
  );
  return {
    threads: threads.map((c) => threadJson(c, g!)),
    members: threads
      .filter((c) => c.thread!.members.has(ctx.state.botUser.id))
      .map((c) => ({
        id: c.id,
        user_id: ctx.state.botUser.id,
        join_timestamp: new Date(c.thread!.createdAt).toISOString(),
        flags: 0,
      })),
  };
});

route('GET', '/channels/(\\d+)/thread-members', true, (ctx, [c]) => {
  const thread = liveThread(ctx, c!);
  const joined = new Date(thread.thread.createdAt).toISOString();
  return [...thread.thread.members].map((userId) => ({
    id: thread.id,
    user_id: userId,
    join_timestamp: joined,
    flags: 0,
  }));
});

/**
 * Component callbacks (components.ts): 6 acknowledges a component click and edits its message later
 * (@original is then that message), 7 edits the message the component is on at once, 9 opens a modal.
 */
function componentCallback(
  ctx: Ctx,
  interaction: FakeInteraction,
  type: 6 | 7 | 9,
  data: Record<string, unknown>,
): FakeMessage | null {
  if (type === 9) {
    interaction.modal = parseModal(data);
    interaction.record(response('modal', ctx.receivedAt, true, {}));
    return null;
  }
  const source = ctx.state.messages.get(interaction.sourceMessageId!);
  if (!source || source.deleted) throw new HttpError(404, 10008, 'Unknown Message');
  interaction.originalMessageId = source.id;
  interaction.ephemeral = (source.flags & EPHEMERAL) !== 0;
  if (type === 6) {
    interaction.record(response('deferUpdate', ctx.receivedAt, interaction.ephemeral, { id: source.id }));
    return null;
  }
  editWith(ctx, source, interaction, data);
  interaction.record(response('update', ctx.receivedAt, interaction.ephemeral, source));
  return source;
}
