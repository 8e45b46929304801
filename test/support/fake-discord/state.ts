/**
 * Everything the fake Discord knows: the guild, its users and channels, stored messages,
 * interactions, registered commands, and the logs tests assert on (requests, deliveries, errors).
 */
import { EventEmitter } from 'node:events';
import type { FakeInteraction } from './interaction.js';
import {
  type Audience,
  type Delivery,
  type FakeAttachment,
  type FakeChannel,
  type FakeEmbed,
  type FakeGuild,
  type FakeMessage,
  type FakeThreadState,
  type FakeUser,
  type PermissionName,
  type RateLimitHit,
  type RateLimitRoute,
  type RateLimitRule,
  type RegisteredCommand,
  type RequestLogEntry,
  EPHEMERAL,
} from './model.js';
import { channelJson, threadJson } from './payloads.js';
import { SnowflakeGenerator } from './snowflake.js';

/** What a request is about, for rate limits and slow targets. */
export interface RequestScope {
  route: RateLimitRoute | null;
  /** The major parameter (channel id), or 'bot' for one-bucket routes. */
  major: string;
  /** Channel and user ids the request concerns (slow targets and per-target rules match these). */
  targets: string[];
  /** Interaction callbacks and webhooks do not count toward the global limit. */
  exemptFromGlobal: boolean;
}

export interface LimitVerdict {
  /** Headers for the answer (X-RateLimit-*), also on success. */
  headers: Record<string, string>;
  /** Set when the request is refused with 429. */
  limited: { retryAfterMs: number; global: boolean; bucket: string } | null;
}

/**
 * Discord's transport behaviour, configurable per test and off by default:
 * - rate-limit buckets (fixed windows per route and major parameter, per-target rules, a global bucket), answered
 *   with X-RateLimit-* headers and 429 `{retry_after, global}` like Discord;
 * - slow targets: requests about a channel (or a user's DMs) wait `ms` before they are handled;
 * - the nonce window: `enforce_nonce` deduplicates a repeated nonce only within `nonceWindowMs`
 *   (Discord: "a few minutes"), measured on `now()`, which a test may move forward.
 */
export class FakeTransport {
  private readonly rules = new Map<RateLimitRoute, RateLimitRule[]>();
  private readonly windows = new Map<string, { resetAt: number; count: number }>();
  private readonly slowTargets = new Map<string, number>();
  private readonly failures = new Map<string, { status: number; left: number }>();
  /** Every 429 answered, oldest first. */
  readonly rateLimitHits: RateLimitHit[] = [];
  nonceWindowMs = 120_000;
  /** The clock for the nonce window (rate-limit windows always use real time, as clients wait in real time). */
  now: () => number = () => Date.now();

  /** Adds a rate-limit rule (several rules may apply to one request; each keeps its own window). */
  limit(route: RateLimitRoute, rule: RateLimitRule): this {
    this.rules.set(route, [...(this.rules.get(route) ?? []), rule]);
    return this;
  }

  /** Removes every rule of `route` (or all rules) and forgets their windows. */
  clearLimits(route?: RateLimitRoute): void {
    if (route) this.rules.delete(route);
    else this.rules.clear();
    for (const key of [...this.windows.keys()]) if (!route || key.startsWith(`${route}|`)) this.windows.delete(key);
  }

  /** Requests about `target` (a channel id, or a user id for their DMs) wait `ms` first; 0 clears. */
  slow(target: string, ms: number): void {
    if (ms > 0) this.slowTargets.set(target, ms);
    else this.slowTargets.delete(target);
  }

  /**
   * The next `times` requests about `target` (a channel id, a user id for their DMs, or an interaction id for
   * its callback) fail with HTTP `status` (a 5xx: Discord having a bad moment). Such failures are `expected`.
   */
  fail(target: string, status: number, times = 1): void {
    this.failures.set(target, { status, left: times });
  }

  /** The injected failure for this request, if any (counted down). */
  failureFor(scope: RequestScope): number | null {
    for (const t of scope.targets) {
      const f = this.failures.get(t);
      if (!f) continue;
      if (--f.left <= 0) this.failures.delete(t);
      return f.status;
    }
    return null;
  }

  delayFor(scope: RequestScope): number {
    return Math.max(0, ...scope.targets.map((t) => this.slowTargets.get(t) ?? 0));
  }

  /** Counts the request in its buckets, or says it must be refused (nothing is counted then). */
  check(scope: RequestScope, method: string, path: string): LimitVerdict {
    const t = Date.now();
    const windowOf = (key: string, rule: RateLimitRule) => {
      let w = this.windows.get(key);
      if (!w || t >= w.resetAt) {
        w = { resetAt: t + rule.windowMs, count: 0 };
        this.windows.set(key, w);
      }
      return w;
    };
    const applicable = (route: RateLimitRoute) =>
      (this.rules.get(route) ?? [])
        .map((rule, i) => ({
          rule,
          key: `${route}|${i}|${rule.target ?? '*'}|${route === 'global' ? 'bot' : scope.major}`,
        }))
        .filter(({ rule }) => rule.target === undefined || scope.targets.includes(rule.target));
    const global = scope.exemptFromGlobal ? [] : applicable('global');
    const routed = scope.route ? applicable(scope.route) : [];
    const refuse = (entries: typeof routed, isGlobal: boolean): LimitVerdict['limited'] => {
      let worst: LimitVerdict['limited'] = null;
      for (const { rule, key } of entries) {
        const w = windowOf(key, rule);
        if (w.count >= rule.limit && (!worst || w.resetAt - t > worst.retryAfterMs)) {
          worst = { retryAfterMs: w.resetAt - t, global: isGlobal, bucket: bucketHash(key) };
        }
      }
      return worst;
    };
    const limited = refuse(global, true) ?? refuse(routed, false);
    const headers: Record<string, string> = {};
    if (!limited) for (const { rule, key } of [...global, ...routed]) windowOf(key, rule).count++;
    // The route's most specific rule describes the bucket in the headers (as Discord reports one bucket).
    const shown = routed.find((r) => r.rule.target !== undefined) ?? routed[0];
    if (shown) {
      const w = windowOf(shown.key, shown.rule);
      headers['x-ratelimit-limit'] = String(shown.rule.limit);
      headers['x-ratelimit-remaining'] = String(Math.max(0, shown.rule.limit - w.count));
      headers['x-ratelimit-reset'] = (w.resetAt / 1000).toFixed(3);
      headers['x-ratelimit-reset-after'] = (Math.max(0, w.resetAt - t) / 1000).toFixed(3);
      headers['x-ratelimit-bucket'] = bucketHash(shown.key);
    }
    if (limited) {
      // Discord sends Retry-After in seconds; fractions keep short test windows short.
      headers['retry-after'] = (limited.retryAfterMs / 1000).toFixed(3);
      headers['x-ratelimit-scope'] = limited.global ? 'global' : 'user';
      if (limited.global) headers['x-ratelimit-global'] = 'true';
      this.rateLimitHits.push({
        at: t,
        method,
        path,
        bucket: limited.bucket,
        global: limited.global,
        retryAfterMs: limited.retryAfterMs,
      });
    }
    return { headers, limited };
  }
}

/** A stable, opaque bucket id for a window key (Discord's X-RateLimit-Bucket is a hash too). */
function bucketHash(key: string): string {
  let h = 2166136261;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 16777619);
  return (h >>> 0).toString(16).padStart(8, '0') + key.split('|')[0]!.replace(/_/g, '');
}

export class FakeDiscordState {
  readonly ids = new SnowflakeGenerator();
  readonly transport = new FakeTransport();
  readonly events = new EventEmitter();
  readonly users = new Map<string, FakeUser>();
  readonly channels = new Map<string, FakeChannel>();
  /** Every guild the bot is in, the default one (`guildId`) first. */
  readonly guilds = new Map<string, FakeGuild>();
  readonly dmChannelOf = new Map<string, string>();
  readonly closedDms = new Set<string>();
  readonly messages = new Map<string, FakeMessage>();
  /** Files members attached to commands (attachment options), by attachment id. */
  readonly uploads = new Map<string, FakeAttachment>();
  readonly interactions = new Map<string, FakeInteraction>();
  readonly interactionsByToken = new Map<string, FakeInteraction>();
  commands: RegisteredCommand[] = [];
  readonly requests: RequestLogEntry[] = [];
  readonly deliveries: Delivery[] = [];
  /** What `GET /gateway/bot` recommends as `shards`. */
  recommendedShards = 1;
  /** Channel posts that repeated an earlier nonce with enforce_nonce (answered with the earlier message). */
  nonceRepeats = 0;
  /** The nonce of each such repeat, oldest first. */
  readonly repeatedNonces: string[] = [];
  readonly joinedAt = new Date().toISOString();
  /**
   * The application's Activity, when the test enables it (`FakeDiscordOptions.activity`): its client secret, the
   * authorization codes issued for members, the bearer tokens exchanged for them. Null: no Activity (callback 12
   * and the token exchange are refused, as Discord refuses them to an application without one).
   */
  activity: {
    clientSecret: string;
    codes: Map<string, { userId: string; expiresAt: number; used: boolean }>;
    tokens: Map<string, string>;
    exchanges: number;
  } | null = null;
  /** Every LAUNCH_ACTIVITY answer: who launched it, where. */
  readonly activityLaunches: { userId: string; channelId: string; at: number }[] = [];
  readonly guildId: string;
  readonly applicationId: string;
  readonly botUser: FakeUser;

  constructor(
    readonly token: string,
    botName: string,
  ) {
    this.events.setMaxListeners(0);
    this.guildId = this.ids.next();
    this.guilds.set(this.guildId, { id: this.guildId, name: 'Fake Guild' });
    this.applicationId = this.ids.next();
    this.botUser = { id: this.applicationId, username: botName, globalName: botName, bot: true };
    this.users.set(this.botUser.id, this.botUser);
  }

  addUser(username: string, id = this.ids.next()): FakeUser {
    const user: FakeUser = { id, username, globalName: username[0]!.toUpperCase() + username.slice(1), bot: false };
    this.users.set(id, user);
    return user;
  }

  addChannel(name: string, id = this.ids.next(), guildId = this.guildId): FakeChannel {
    const channel: FakeChannel = { id, name, type: 0, guildId, deleted: false };
    this.channels.set(id, channel);
    return channel;
  }

  /** The guild a channel belongs to (null for a DM). */
  guildOf(channel: FakeChannel): string | null {
    if (channel.type === 0) return channel.guildId ?? this.guildId;
    // a thread belongs to its parent channel's guild (interactions in it carry that guild_id, as in Discord)
    if ((channel.type === 11 || channel.type === 12) && channel.parentId) {
      const parent = this.channels.get(channel.parentId);
      return parent ? this.guildOf(parent) : this.guildId;
    }
    return null;
  }

  dmChannel(userId: string): FakeChannel {
    const existing = this.dmChannelOf.get(userId);
    if (existing) return this.channels.get(existing)!;
    const channel: FakeChannel = {
      id: this.ids.next(),
      name: `dm-${userId}`,
      type: 1,
      recipientId: userId,
      deleted: false,
    };
    this.channels.set(channel.id, channel);
    this.dmChannelOf.set(userId, channel.id);
    return channel;
  }

  audienceOf(channel: FakeChannel, flags: number, interactionUserId?: string): Audience {
    if (channel.type === 1) return { kind: 'user', userId: channel.recipientId! };
    if (flags & EPHEMERAL && interactionUserId) return { kind: 'user', userId: interactionUserId };
    return { kind: 'channel', channelId: channel.id };
  }

  createMessage(m: {
    channel: FakeChannel;
    authorId: string;
    content: string;
    embeds: FakeEmbed[];
    attachments: FakeAttachment[];
    flags: number;
    interaction?: FakeInteraction;
    nonce?: string;
    type?: number;
    reference?: string;
    /**
     * Sets what the message carries beside its payload (its components, its allowed mentions) before it is
     * delivered: a test waiting for a message by its buttons sees them on the message as created.
     */
    decorate?: (message: FakeMessage) => void;
  }): FakeMessage {
    const message: FakeMessage = {
      id: this.ids.next(),
      channelId: m.channel.id,
      authorId: m.authorId,
      content: m.content,
      embeds: m.embeds,
      attachments: m.attachments,
      flags: m.flags,
      createdAt: Date.now(),
      history: [],
      deleted: false,
      interactionId: m.interaction?.id,
      ...(m.nonce !== undefined ? { nonce: m.nonce, nonceAt: this.transport.now() } : {}),
      ...(m.type !== undefined ? { type: m.type } : {}),
      ...(m.reference !== undefined ? { reference: m.reference } : {}),
    };
    this.messages.set(message.id, message);
    m.decorate?.(message);
    const via = m.interaction ? 'interaction' : m.channel.type === 1 ? 'dm' : 'channel';
    this.deliver(message, this.audienceOf(m.channel, m.flags, m.interaction?.userId), via);
    return message;
  }

  editMessage(
    message: FakeMessage,
    patch: { content?: string; embeds?: FakeEmbed[]; attachments?: FakeAttachment[] },
    interactionUserId?: string,
  ): void {
    message.history.push({ content: message.content, embeds: message.embeds, attachments: message.attachments });
    if (patch.content !== undefined) message.content = patch.content;
    if (patch.embeds !== undefined) message.embeds = patch.embeds;
    if (patch.attachments !== undefined) message.attachments = patch.attachments;
    const channel = this.channels.get(message.channelId)!;
    this.deliver(message, this.audienceOf(channel, message.flags, interactionUserId), 'edit');
  }

  private deliver(message: FakeMessage, audience: Audience, via: Delivery['via']): void {
    const delivery: Delivery = {
      at: Date.now(),
      audience,
      via,
      messageId: message.id,
      content: message.content,
      embeds: message.embeds,
      attachments: message.attachments,
    };
    this.deliveries.push(delivery);
    this.events.emit('message', message, delivery);
  }

  /** Asks the gateway to send a dispatch to connected clients (FakeDiscord forwards it). */
  dispatch(t: string, d: unknown): void {
    this.events.emit('dispatch', t, d);
  }

  // ---------- permissions, pins, threads ----------

  /** The bot loses `perms` in a channel (a permission overwrite), as a moderator would set. */
  denyToBot(channelId: string, ...perms: PermissionName[]): void {
    const channel = this.channels.get(channelId)!;
    channel.deniedToBot = new Set([...(channel.deniedToBot ?? []), ...perms]);
    this.dispatch('CHANNEL_UPDATE', channelJson(channel, this.guildId, [], this.botUser.id));
  }

  /** Gives back what `denyToBot` took (all of it when `perms` is empty). */
  allowToBot(channelId: string, ...perms: PermissionName[]): void {
    const channel = this.channels.get(channelId)!;
    if (perms.length === 0) channel.deniedToBot = new Set();
    else for (const p of perms) channel.deniedToBot?.delete(p);
    this.dispatch('CHANNEL_UPDATE', channelJson(channel, this.guildId, [], this.botUser.id));
  }

  /** A moderator hides a channel from a member (an overwrite denying them VIEW_CHANNEL): its name, posts, all. */
  hideFrom(channelId: string, userId: string): void {
    const channel = this.channels.get(channelId)!;
    channel.hiddenFrom = new Set([...(channel.hiddenFrom ?? []), userId]);
    this.dispatch('CHANNEL_UPDATE', channelJson(channel, this.guildId, [], this.botUser.id));
  }

  /** Whether the bot lacks a permission in a channel (a thread inherits its parent's overwrites). */
  botLacks(channel: FakeChannel, perm: PermissionName): boolean {
    if (channel.deniedToBot?.has(perm)) return true;
    const parent = channel.parentId ? this.channels.get(channel.parentId) : undefined;
    return parent?.deniedToBot?.has(perm) ?? false;
  }

  /** Pinned messages of a channel, most recently pinned first (as Discord lists them). */
  pinnedMessages(channelId: string): FakeMessage[] {
    return [...this.messages.values()]
      .filter((m) => m.channelId === channelId && m.pinned && !m.deleted)
      .sort((a, b) => (b.pinnedAt ?? 0) - (a.pinnedAt ?? 0));
  }

  /** Pins a message: flag, "pinned a message" system message (type 6), CHANNEL_PINS_UPDATE. */
  pin(message: FakeMessage, byUserId: string): void {
    if (message.pinned) return;
    message.pinned = true;
    message.pinnedAt = Date.now();
    const channel = this.channels.get(message.channelId)!;
    this.createMessage({
      channel,
      authorId: byUserId,
      content: '',
      embeds: [],
      attachments: [],
      flags: 0,
      type: 6,
      reference: message.id,
    });
    this.pinsChanged(channel);
  }

  unpin(message: FakeMessage): void {
    if (!message.pinned) return;
    message.pinned = false;
    delete message.pinnedAt;
    this.pinsChanged(this.channels.get(message.channelId)!);
  }

  private pinsChanged(channel: FakeChannel): void {
    const last = this.pinnedMessages(channel.id)[0];
    this.dispatch('CHANNEL_PINS_UPDATE', {
      ...(channel.type !== 1 ? { guild_id: this.guildId } : {}),
      channel_id: channel.id,
      last_pin_timestamp: last?.pinnedAt ? new Date(last.pinnedAt).toISOString() : null,
    });
  }

  /** Threads of a channel (archived ones included), oldest first. */
  threadsOf(parentId: string): FakeChannel[] {
    return [...this.channels.values()].filter((c) => c.parentId === parentId && !c.deleted);
  }

  createThread(t: {
    parent: FakeChannel;
    name: string;
    type: 11 | 12;
    ownerId: string;
    starterMessage?: FakeMessage;
    autoArchiveDuration?: FakeThreadState['autoArchiveDuration'];
    invitable?: boolean;
  }): FakeChannel {
    const thread: FakeChannel = {
      // A thread started from a message has the message's id.
      id: t.starterMessage?.id ?? this.ids.next(),
      name: t.name,
      type: t.type,
      deleted: false,
      parentId: t.parent.id,
      thread: {
        ownerId: t.ownerId,
        ...(t.starterMessage ? { starterMessageId: t.starterMessage.id } : {}),
        archived: false,
        locked: false,
        autoArchiveDuration: t.autoArchiveDuration ?? 4320,
        invitable: t.invitable ?? true,
        members: new Set([t.ownerId]),
        createdAt: Date.now(),
      },
    };
    this.channels.set(thread.id, thread);
    if (t.type === 11 && !t.starterMessage) {
      // Discord announces a public thread started without a message in its channel ("started a thread").
      this.createMessage({
        channel: t.parent,
        authorId: t.ownerId,
        content: t.name,
        embeds: [],
        attachments: [],
        flags: 0,
        type: 18,
        reference: thread.id,
      });
    }
    this.dispatch('THREAD_CREATE', { ...threadJson(thread, this.guildId), newly_created: true });
    return thread;
  }

  logRequest(entry: RequestLogEntry): void {
    this.requests.push(entry);
    if (entry.status >= 400 && !entry.expected) this.events.emit('httpError', entry);
  }
}
