/**
 * A local stand-in for Discord (gateway + REST) that a real discord.js 14 Client can log in to.
 *
 *   const fake = await FakeDiscord.start({ users: ['alice', 'bob'], channels: ['general'] });
 *   new Client({ intents: [...], rest: { api: fake.apiBase } }).login(fake.token);
 *   const i = await fake.slash('alice', 'general', 'order', { orders: 'A par - bur' });
 *   i.ephemeral; i.text; fake.dms('alice'); fake.channelMessages('general');
 *   expect(fake.unexpectedErrors()).toEqual([]);
 *   // components (components.ts): buttons, selects and modals as strict as Discord
 *   await fake.click('alice', i, { label: 'Confirm' }); await fake.select('alice', i, 'pick', ['France']);
 *   const box = await fake.slash('alice', 'general', 'orders paste'); await fake.submitModal('alice', box, { orders: '…' });
 *   // roles, permissions and pings (mentions.ts): fake.addRole, fake.setPermissions, fake.pings(message)
 *   // the first follow-up after a deferral not yet edited is its edit, as on Discord (rest.ts): `i.finalText`,
 *   // `fake.replyMessage(i)` and `i.ephemeral` read it as the deferral's message, `viaFollowUp` marks it
 *
 * Protocol facts it relies on: docs/testing.md "The Discord stand-in".
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildCommandData, type BuildOptions, type FakeUpload, type OptionValue } from './commands.js';
import { buttonsOf, componentsJson, componentsOf, findComponent, type FakeButton } from './components.js';
import { allowedMentionsOf, pingsOf, type AllowedMentions, type Pings } from './mentions.js';
import { FakeGateway, shardOfGuild, type ShardInfo } from './gateway.js';
import { FakeInteraction } from './interaction.js';
import {
  type Delivery,
  type FakeAttachment,
  type FakeChannel,
  type FakeMessage,
  type FakeUser,
  type InteractionResponse,
  type RequestLogEntry,
  EPHEMERAL,
  textOf,
} from './model.js';
import {
  attachmentJson,
  channelJson,
  guildJson,
  userJson,
  ALL_PERMISSIONS,
  memberJson,
  messageJson,
} from './payloads.js';
import { handleRest, INTERACTION_ACK_WINDOW_MS } from './rest.js';
import { LOCALES, tr } from '../../../src/i18n/index.js';
import { FakeDiscordState } from './state.js';

export type {
  Delivery,
  FakeChannel,
  FakeMessage,
  FakeUser,
  RequestLogEntry,
} from './model.js';
export { shardOfGuild, type ShardInfo } from './gateway.js';
export { FakeInteraction } from './interaction.js';
export { textOf } from './model.js';
export type { FakeButton, FakeSelect } from './components.js';
export { buttonsOf, componentsOf } from './components.js';
export type { AllowedMentions, Pings } from './mentions.js';

/** View channel, send messages, read history, use application commands: a member without Manage Server. */
export const PLAIN_MEMBER = String((1n << 10n) | (1n << 11n) | (1n << 16n) | (1n << 31n));
/** A member's default permissions plus Manage Server (1 << 5). */
export const SERVER_MANAGER = String(BigInt(ALL_PERMISSIONS) | (1n << 5n));

export interface FakeDiscordOptions {
  /** Usernames of the guild's members (ids are generated). */
  users?: string[];
  /** Names of the guild's text channels. */
  channels?: string[];
  token?: string;
  botName?: string;
  guildName?: string;
  /** Gateway heartbeat interval in ms (Discord uses 41250; small values exercise heartbeats). */
  heartbeatInterval?: number;
  /** The shard count `GET /gateway/bot` recommends (default 1). */
  recommendedShards?: number;
  /** Port to listen on (default: any free port). */
  port?: number;
  /** The application has an Activity with this OAuth2 client secret (callback 12 and the token exchange work). */
  activity?: { clientSecret: string };
}

/** A user or channel given by object, id or name. */
export type UserRef = FakeUser | string;
export type ChannelRef = FakeChannel | string;

export interface SlashOptions extends BuildOptions {
  /** How long to wait for the edit that follows a deferred reply (rendering can take a while). */
  deferredTimeoutMs?: number;
}

/** A button named by its custom_id, or by its label (which must then be unique on the message). */
export type ButtonRef = string | { label: string };

/** Where a component is: a message, or an interaction whose reply (@original) carries it. */
export type ComponentHost = FakeMessage | FakeInteraction;

/**
 * How long a test waits by default for a message, and for the answer that follows a deferral: bounds for a failing
 * test only, never a measure of speed (docs/testing.md), so long enough for a loaded two-core machine.
 */
const WAIT_MS = 30_000;
const ANSWER_WAIT_MS = 45_000;

export class FakeDiscord {
  readonly state: FakeDiscordState;
  readonly gateway: FakeGateway;
  private server!: Server;
  private origin = '';
  private readonly port: number;

  /**
   * Texts a bot edits its deferral to before the answer itself follows (Zhanguo's acknowledgement guard, src/bot/
   * ack-guard.ts: "Posted in the channel below." in each language): a command or a click settles on the answer, past
   * them.
   */
  readonly interimTexts = new Set<string>(LOCALES.map((locale) => tr(locale, 'ack.postedBelow')));

  /** After a deferral: is this response the answer (an edit or a follow-up, not an interim line)? */
  private isAnswer(r: InteractionResponse): boolean {
    return r.kind === 'followUp' || (r.kind === 'edit' && !this.interimTexts.has(textOf(r)));
  }

  private constructor(opts: FakeDiscordOptions) {
    this.state = new FakeDiscordState(opts.token ?? 'fake-token', opts.botName ?? 'Zhanguo');
    this.state.recommendedShards = opts.recommendedShards ?? 1;
    this.port = opts.port ?? 0;
    if (opts.activity)
      this.state.activity = {
        clientSecret: opts.activity.clientSecret,
        codes: new Map(),
        tokens: new Map(),
        exchanges: 0,
      };
    for (const name of opts.users ?? []) this.state.addUser(name);
    for (const name of opts.channels ?? ['general']) this.state.addChannel(name);
    this.state.guilds.get(this.state.guildId)!.name = opts.guildName ?? 'Fake Guild';
    this.gateway = new FakeGateway({
      token: this.state.token,
      heartbeatInterval: opts.heartbeatInterval ?? 41250,
      readyPayload: (shard) => ({
        v: 10,
        user: { ...userJson(this.state.botUser), verified: true, mfa_enabled: false },
        guilds: this.guildsOnShard(shard).map((id) => ({ id, unavailable: true })),
        shard,
        application: { id: this.state.applicationId, flags: 0 },
        user_settings: {},
        private_channels: [],
        relationships: [],
        presences: [],
        guild_join_requests: [],
        geo_ordered_rtc_regions: [],
      }),
      afterReady: (shard) => this.guildsOnShard(shard).map((id) => ({ t: 'GUILD_CREATE', d: this.guildPayload(id) })),
    });
    // Dispatches the REST side causes (pins, threads, permission changes).
    this.state.events.on('dispatch', (t: string, d: unknown) => this.gateway.dispatch(t, d));
  }

  /**
   * What the Embedded App SDK's `authorize` gives the Activity's page when `user` accepts: a one-time authorization
   * code (valid 10 minutes) its server exchanges at `POST /oauth2/token`.
   */
  authorize(user: UserRef): string {
    if (!this.state.activity) throw new Error('this fake application has no Activity');
    const code = `code-${this.state.ids.next()}`;
    this.state.activity.codes.set(code, { userId: this.user(user).id, expiresAt: Date.now() + 600_000, used: false });
    return code;
  }

  static async start(opts: FakeDiscordOptions = {}): Promise<FakeDiscord> {
    const fake = new FakeDiscord(opts);
    await fake.listen();
    return fake;
  }

  private async listen(): Promise<void> {
    this.server = createServer((req, res) => {
      handleRest(this.state, this.origin, this.gateway.url, req, res).catch((e: unknown) => {
        res.writeHead(500).end(String(e));
      });
    });
    this.server.on('upgrade', (req, socket, head) => {
      if (req.url?.startsWith('/gateway')) this.gateway.handleUpgrade(req, socket, head);
      else socket.destroy();
    });
    await new Promise<void>((resolve) => this.server.listen(this.port, '127.0.0.1', resolve));
    const port = (this.server.address() as AddressInfo).port;
    this.origin = `http://127.0.0.1:${port}`;
    this.gateway.url = `ws://127.0.0.1:${port}/gateway`;
  }

  /** Base URL for discord.js `rest.api` (and DISCORD_API_BASE); discord.js appends `/v10`. */
  get apiBase(): string {
    return `${this.origin}/api`;
  }
  get token(): string {
    return this.state.token;
  }
  /** The default guild (the one every channel belongs to unless `addGuild` made others). */
  get guildId(): string {
    return this.state.guildId;
  }
  get applicationId(): string {
    return this.state.applicationId;
  }
  get botUser(): FakeUser {
    return this.state.botUser;
  }
  get requests(): readonly RequestLogEntry[] {
    return this.state.requests;
  }
  get deliveries(): readonly Delivery[] {
    return this.state.deliveries;
  }
  get registeredCommands() {
    return this.state.commands;
  }

  async close(): Promise<void> {
    this.gateway.close();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  // ---------- people and places ----------

  user(ref: UserRef): FakeUser {
    if (typeof ref !== 'string') return ref;
    const user = this.state.users.get(ref) ?? [...this.state.users.values()].find((u) => u.username === ref);
    if (!user) throw new Error(`fake discord: unknown user ${ref}`);
    return user;
  }

  get users(): FakeUser[] {
    return [...this.state.users.values()].filter((u) => !u.bot);
  }

  channel(ref: ChannelRef): FakeChannel {
    if (typeof ref !== 'string') return ref;
    const channel =
      this.state.channels.get(ref) ?? [...this.state.channels.values()].find((c) => c.type === 0 && c.name === ref);
    if (!channel) throw new Error(`fake discord: unknown channel ${ref}`);
    return channel;
  }

  /** Adds a user to the guild (and tells connected clients, GUILD_MEMBER_ADD). */
  addUser(username: string): FakeUser {
    const user = this.state.addUser(username);
    for (const guildId of this.state.guilds.keys()) {
      this.gateway.dispatch(
        'GUILD_MEMBER_ADD',
        { ...memberJson(user, this.state.joinedAt), guild_id: guildId },
        guildId,
      );
    }
    return user;
  }

  /** Adds a text channel (CHANNEL_CREATE), to the default guild unless `guildId` names another. */
  addChannel(name: string, guildId = this.guildId): FakeChannel {
    const channel = this.state.addChannel(name, undefined, guildId);
    this.gateway.dispatch('CHANNEL_CREATE', channelJson(channel, guildId), guildId);
    return channel;
  }

  /**
   * Adds a guild with its text channels (every user is a member). With `onShard: [id, count]` its id is chosen
   * so that Discord's formula puts it on that shard. Bots that identify afterwards see it in READY; a guild added
   * while a bot is connected arrives as GUILD_CREATE on its shard, as when the bot is invited.
   */
  addGuild(
    name: string,
    channels: string[],
    opts: { onShard?: ShardInfo } = {},
  ): { id: string; channels: FakeChannel[] } {
    let id = this.state.ids.next();
    if (opts.onShard) {
      const [shard, count] = opts.onShard;
      while (shardOfGuild(id, count) !== shard) id = this.state.ids.next();
    }
    this.state.guilds.set(id, { id, name });
    const made = channels.map((c) => this.state.addChannel(c, undefined, id));
    this.gateway.dispatch('GUILD_CREATE', this.guildPayload(id), id);
    return { id, channels: made };
  }

  /** The guilds Discord gives a session of `shard`. */
  guildsOnShard([shard, count]: ShardInfo): string[] {
    return [...this.state.guilds.keys()].filter((id) => shardOfGuild(id, count) === shard);
  }

  /** Deletes a channel: CHANNEL_DELETE on the gateway; later REST calls on it get 404 Unknown Channel. */
  deleteChannel(ref: ChannelRef): void {
    const channel = this.channel(ref);
    channel.deleted = true;
    const guildId = this.state.guildOf(channel) ?? this.guildId;
    this.gateway.dispatch('CHANNEL_DELETE', channelJson(channel, guildId), guildId);
  }

  /** A person (a moderator) deletes a message: later edits of it get 404 Unknown Message (10008). */
  deleteMessage(messageId: string): void {
    const message = this.state.messages.get(messageId);
    if (!message) throw new Error(`fake discord: unknown message ${messageId}`);
    message.deleted = true;
    message.deletedByUser = true;
  }

  /** The user's direct-message channel with the bot (where they may use the commands Discord shows there). */
  dmChannelOf(ref: UserRef): FakeChannel {
    return this.state.dmChannel(this.user(ref).id);
  }

  /** The user stops accepting DMs from the bot: sends get 403 code 50007. */
  closeDms(ref: UserRef): void {
    this.state.closedDms.add(this.user(ref).id);
  }

  openDms(ref: UserRef): void {
    this.state.closedDms.delete(this.user(ref).id);
  }

  // ---------- what was delivered ----------

  /** Messages posted in a guild channel (bot posts and public interaction responses), oldest first. */
  channelMessages(ref: ChannelRef): FakeMessage[] {
    const channel = this.channel(ref);
    return [...this.state.messages.values()].filter(
      (m) => m.channelId === channel.id && !m.deleted && !(m.flags & EPHEMERAL),
    );
  }

  /** Messages the bot sent to a user by DM, oldest first. */
  dms(ref: UserRef): FakeMessage[] {
    const channelId = this.state.dmChannelOf.get(this.user(ref).id);
    if (!channelId) return [];
    return [...this.state.messages.values()].filter((m) => m.channelId === channelId && !m.deleted);
  }

  /** Every delivery (message or edit) a user could have read: their DMs, their ephemeral replies, and channel posts. */
  seenBy(ref: UserRef): Delivery[] {
    const user = this.user(ref);
    return this.state.deliveries.filter((d) => d.audience.kind === 'channel' || d.audience.userId === user.id);
  }

  /** Deliveries only visible to one user (DMs and ephemeral replies). */
  privateTo(ref: UserRef): Delivery[] {
    const user = this.user(ref);
    return this.state.deliveries.filter((d) => d.audience.kind === 'user' && d.audience.userId === user.id);
  }

  /** Deliveries visible to the whole channel (posts, public replies, edits of public messages). */
  publicDeliveries(): Delivery[] {
    return this.state.deliveries.filter((d) => d.audience.kind === 'channel');
  }

  interactions(): FakeInteraction[] {
    return [...this.state.interactions.values()];
  }

  /** Every 4xx/5xx the fake answered that was not caused on purpose by the test (deleted channel, closed DMs). */
  unexpectedErrors(): RequestLogEntry[] {
    return this.state.requests.filter((r) => r.status >= 400 && !r.expected);
  }

  /** Runs `listener` for every unexpected 4xx (e.g. `fake.onHttpError(e => { throw ... })` or collect). */
  onHttpError(listener: (entry: RequestLogEntry) => void): void {
    this.state.events.on('httpError', listener);
  }

  /** Resolves with the first stored message (existing or future, created or edited) matching `pred`. */
  waitForMessage(pred: (m: FakeMessage) => boolean, timeoutMs = WAIT_MS): Promise<FakeMessage> {
    const found = [...this.state.messages.values()].find((m) => !m.deleted && pred(m));
    if (found) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.state.events.off('message', onMessage);
        reject(new Error(`fake discord: no matching message within ${timeoutMs} ms`));
      }, timeoutMs);
      const onMessage = (m: FakeMessage) => {
        if (!pred(m)) return;
        clearTimeout(timer);
        this.state.events.off('message', onMessage);
        resolve(m);
      };
      this.state.events.on('message', onMessage);
    });
  }

  /** Like waitForMessage, restricted to one guild channel. */
  waitForChannelMessage(
    ref: ChannelRef,
    pred: (m: FakeMessage) => boolean = () => true,
    timeoutMs = WAIT_MS,
  ): Promise<FakeMessage> {
    const channel = this.channel(ref);
    return this.waitForMessage((m) => m.channelId === channel.id && !(m.flags & EPHEMERAL) && pred(m), timeoutMs);
  }

  /** Like waitForMessage, restricted to a user's DMs. */
  waitForDm(ref: UserRef, pred: (m: FakeMessage) => boolean = () => true, timeoutMs = WAIT_MS): Promise<FakeMessage> {
    const user = this.user(ref);
    return this.waitForMessage((m) => {
      const c = this.state.channels.get(m.channelId);
      return c?.type === 1 && c.recipientId === user.id && pred(m);
    }, timeoutMs);
  }

  // ---------- gateway ----------

  /** Resolves once a client has identified. */
  waitForClient(timeoutMs = 5000): Promise<void> {
    return this.gateway.waitForReady(timeoutMs);
  }

  /** Sends op 7 RECONNECT and waits for the client to RESUME. */
  requestReconnect(timeoutMs = 5000): Promise<void> {
    return this.gateway.requestReconnect(timeoutMs);
  }

  // ---------- interactions ----------

  /**
   * Runs a slash command as `user` in `channel`, as a Discord client would (options typed from the
   * registered command). Resolves once the bot has acknowledged it and, if it deferred, once it has
   * edited or followed up. Rejects if no bot is connected or nothing acknowledges within 3 s.
   */
  async slash(
    userRef: UserRef,
    channelRef: ChannelRef,
    command: string,
    options: Record<string, OptionValue> = {},
    opts: SlashOptions = {},
  ): Promise<FakeInteraction> {
    const interaction = this.dispatchInteraction(2, userRef, channelRef, command, options, opts);
    await interaction.waitForResponse(() => true, INTERACTION_ACK_WINDOW_MS);
    if (interaction.deferred) {
      await interaction.waitForResponse((r) => this.isAnswer(r), opts.deferredTimeoutMs ?? ANSWER_WAIT_MS);
    }
    return interaction;
  }

  /** Dispatches a slash command without waiting for the answer (for concurrency tests and benchmarks). */
  slashNoWait(
    userRef: UserRef,
    channelRef: ChannelRef,
    command: string,
    options: Record<string, OptionValue> = {},
    opts: BuildOptions = {},
  ): FakeInteraction {
    return this.dispatchInteraction(2, userRef, channelRef, command, options, opts);
  }

  /** Autocomplete while `user` types option `focused`; resolves with the choices the bot offered. */
  async autocomplete(
    userRef: UserRef,
    channelRef: ChannelRef,
    command: string,
    options: Record<string, OptionValue>,
    focused: string,
  ): Promise<{ name: string; value: string | number }[]> {
    const interaction = this.dispatchInteraction(4, userRef, channelRef, command, options, { focused });
    await interaction.waitForResponse((r) => r.kind === 'autocomplete', INTERACTION_ACK_WINDOW_MS);
    return interaction.choices;
  }

  /** Keeps a file a member attaches to a command, served at its URL like a message's attachment. */
  private registerUpload(u: FakeUpload): Record<string, unknown> {
    const attachment: FakeAttachment = {
      id: this.state.ids.next(),
      filename: u.filename,
      contentType: u.contentType ?? 'application/octet-stream',
      data: u.data,
    };
    this.state.uploads.set(attachment.id, attachment);
    return attachmentJson(attachment, this.origin);
  }

  private dispatchInteraction(
    type: 2 | 4,
    userRef: UserRef,
    channelRef: ChannelRef,
    command: string,
    options: Record<string, OptionValue>,
    opts: BuildOptions,
  ): FakeInteraction {
    const user = this.user(userRef);
    const channel = this.channel(channelRef);
    if (channel.deleted) throw new Error(`fake discord: channel ${channel.name} was deleted`);
    const guildId = this.state.guildOf(channel) ?? this.guildId;
    const { data, commandName } = buildCommandData(
      this.state.commands,
      guildId,
      command,
      options,
      (v) => (typeof v === 'object' ? (v as FakeUser) : this.tryUser(String(v))),
      this.state.joinedAt,
      { ...opts, dm: this.state.guildOf(channel) === null, upload: (u) => this.registerUpload(u) },
      (ref) => this.role(ref),
    );
    return this.dispatch(type, user, channel, commandName, data);
  }

  /** Sends one INTERACTION_CREATE (any type) and records it. */
  private dispatch(
    type: 2 | 3 | 4 | 5,
    user: FakeUser,
    channel: FakeChannel,
    name: string,
    data: Record<string, unknown>,
    source?: FakeMessage,
  ): FakeInteraction {
    const id = this.state.ids.next();
    const token = `itoken-${id}-${Math.random().toString(36).slice(2)}`;
    // a guild channel or a thread in one (a DM is not)
    const inGuild = this.state.guildOf(channel) !== null;
    const guildId = (inGuild ? this.state.guildOf(channel) : undefined) ?? this.guildId;
    const payload = {
      id,
      application_id: this.applicationId,
      type,
      token,
      version: 1,
      data,
      ...(inGuild
        ? {
            guild_id: guildId,
            guild: { id: guildId, locale: this.serverLocale, features: [] },
            channel: { ...channelJson(channel, guildId), permissions: ALL_PERMISSIONS },
            member: { ...memberJson(user, this.state.joinedAt), permissions: this.permissionsOf(user) },
            guild_locale: this.serverLocale,
            authorizing_integration_owners: { '0': guildId },
            context: 0,
          }
        : {
            channel: channelJson(channel, guildId, [user]),
            user: userJson(user),
            authorizing_integration_owners: { '0': guildId },
            context: 1,
          }),
      channel_id: channel.id,
      ...(source ? { message: this.messageWithComponents(source) } : {}),
      app_permissions: ALL_PERMISSIONS,
      locale: this.userLocales.get(user.id) ?? 'en-US',
      entitlements: [],
      attachment_size_limit: 10 * 1024 * 1024,
    };
    const interaction = new FakeInteraction(id, token, type, name, user.id, channel.id, payload, source?.id);
    this.state.interactions.set(id, interaction);
    this.state.interactionsByToken.set(token, interaction);
    // Guild interactions go to the guild's shard; DMs to the default guild's (Discord sends DMs to shard 0).
    const sent = this.gateway.dispatch('INTERACTION_CREATE', payload, guildId);
    if (sent === 0)
      throw new Error(
        `fake discord: no bot is connected to receive ${type === 2 || type === 4 ? '/' : 'component '}${name}`,
      );
    return interaction;
  }

  private messageWithComponents(m: FakeMessage): Record<string, unknown> {
    const channel = this.state.channels.get(m.channelId)!;
    const json = messageJson(
      m,
      this.state.users.get(m.authorId)!,
      this.origin,
      channel.type === 0 ? this.guildId : null,
    );
    return { ...json, components: componentsJson(componentsOf(m)) };
  }

  // ---------- roles and mentions ----------

  private readonly roles = new Map<string, { id: string; name: string }>();

  /** A guild role (for role options such as `/game create notify:`). `@everyone` has the guild's id. */
  addRole(name: string): { id: string; name: string } {
    const role = { id: this.state.ids.next(), name };
    this.roles.set(role.id, role);
    return role;
  }

  /** The guild's roles by id or name, `@everyone` included. */
  role(ref: string): { id: string; name: string } | undefined {
    if (ref === '@everyone' || ref === this.guildId) return { id: this.guildId, name: '@everyone' };
    return this.roles.get(ref) ?? [...this.roles.values()].find((r) => r.name === ref);
  }

  /** The `allowed_mentions` a message was sent with (null: none, so Discord pings every mention). */
  allowedMentions(message: FakeMessage): AllowedMentions | null {
    return allowedMentionsOf(this.message(message.id));
  }

  /** Whom a message notified: users, roles and @everyone, as Discord decides from content and allowed_mentions. */
  pings(message: FakeMessage): Pings {
    return pingsOf(this.message(message.id));
  }

  // ---------- locales ----------

  private readonly userLocales = new Map<string, string>();
  private serverLocale = 'en-US';

  /** Sets the locale a member's Discord client sends with each interaction (`locale`; default `en-US`). */
  setLocale(ref: UserRef, locale: string): void {
    this.userLocales.set(this.user(ref).id, locale);
  }

  /** Sets the guilds' preferred locale (`guild_locale`, `guild.locale`; default `en-US`). */
  setGuildLocale(locale: string): void {
    this.serverLocale = locale;
  }

  // ---------- permissions ----------

  private readonly memberPermissions = new Map<string, string>();

  /**
   * Sets what a member may do in the guild (a permissions bit set as Discord sends it in `member.permissions`).
   * By default a member has the payloads' ALL_PERMISSIONS, which lacks Manage Server and Administrator;
   * `SERVER_MANAGER` adds Manage Server, `PLAIN_MEMBER` is a member with only the basics.
   */
  setPermissions(ref: UserRef, bits: string | bigint): void {
    this.memberPermissions.set(this.user(ref).id, String(bits));
  }

  private permissionsOf(user: FakeUser): string {
    return this.memberPermissions.get(user.id) ?? ALL_PERMISSIONS;
  }

  // ---------- message components and modals ----------

  /** A stored message by id (ephemeral ones included). */
  message(id: string): FakeMessage {
    const m = this.state.messages.get(id);
    if (!m) throw new Error(`fake discord: unknown message ${id}`);
    return m;
  }

  /** The message an interaction's reply became (its @original), e.g. an ephemeral confirmation. */
  replyMessage(interaction: FakeInteraction): FakeMessage {
    if (!interaction.originalMessageId)
      throw new Error(`fake discord: interaction ${interaction.command} has no reply message`);
    return this.message(interaction.originalMessageId);
  }

  /** The buttons on a message (or on an interaction's reply), in reading order. */
  buttons(host: ComponentHost): FakeButton[] {
    return buttonsOf(this.hostMessage(host));
  }

  private hostMessage(host: ComponentHost): FakeMessage {
    return host instanceof FakeInteraction ? this.replyMessage(host) : this.message(host.id);
  }

  /**
   * Clicks a button as `user`, as a Discord client would: the message must exist and be visible to the user
   * (an ephemeral message only to the user it answered, a DM only to its recipient), the button must be
   * there and enabled. Resolves once the bot acknowledged (and, after a deferral, edited or followed up).
   */
  async click(
    userRef: UserRef,
    host: ComponentHost,
    button: ButtonRef,
    opts: SlashOptions = {},
  ): Promise<FakeInteraction> {
    return this.settle(this.clickNoWait(userRef, host, button), opts);
  }

  /**
   * Clicks a button without waiting for the bot's answer: clicked twice in a row, the second click reaches the bot
   * before the first one's answer changed the message (a double click).
   */
  clickNoWait(userRef: UserRef, host: ComponentHost, button: ButtonRef): FakeInteraction {
    const user = this.user(userRef);
    const message = this.hostMessage(host);
    const buttons = buttonsOf(message);
    const found =
      typeof button === 'string'
        ? buttons.filter((b) => b.customId === button)
        : buttons.filter((b) => b.label === button.label);
    if (found.length !== 1) {
      throw new Error(
        `fake discord: ${found.length === 0 ? 'no' : 'more than one'} button ${JSON.stringify(button)} on the message (buttons: ${JSON.stringify(buttons.map((b) => b.label))})`,
      );
    }
    const b = found[0]!;
    if (!b.customId) throw new Error('fake discord: a link button opens a URL; it sends no interaction');
    if (b.disabled) throw new Error(`fake discord: button "${b.label}" is disabled`);
    const channel = this.visibleChannel(user, message);
    return this.dispatch(3, user, channel, b.customId, { custom_id: b.customId, component_type: 2 }, message);
  }

  /** Chooses `values` in a select menu (values must be among its options, their count within min/max). */
  async select(
    userRef: UserRef,
    host: ComponentHost,
    customId: string,
    values: string[],
    opts: SlashOptions = {},
  ): Promise<FakeInteraction> {
    const user = this.user(userRef);
    const message = this.hostMessage(host);
    const c = findComponent(message, customId);
    if (!c || c.type === 2) throw new Error(`fake discord: no select menu ${customId} on the message`);
    if (c.disabled) throw new Error(`fake discord: select menu ${customId} is disabled`);
    if (values.length < c.minValues || values.length > c.maxValues) {
      throw new Error(
        `fake discord: select menu ${customId} takes ${c.minValues}-${c.maxValues} values, not ${values.length}`,
      );
    }
    if (c.type === 3) {
      for (const v of values)
        if (!c.options.some((o) => o.value === v))
          throw new Error(`fake discord: ${JSON.stringify(v)} is not an option of ${customId}`);
    }
    const channel = this.visibleChannel(user, message);
    return this.settle(
      this.dispatch(3, user, channel, customId, { custom_id: customId, component_type: c.type, values }, message),
      opts,
    );
  }

  /**
   * A component interaction a modified client crafts: any custom id (and select values) sent from `host`, a message
   * the user can see, whether or not the message carries that component. For tests of edited or replayed custom ids.
   */
  async forge(
    userRef: UserRef,
    host: ComponentHost,
    customId: string,
    values?: string[],
    opts: SlashOptions = {},
  ): Promise<FakeInteraction> {
    const user = this.user(userRef);
    const message = this.hostMessage(host);
    const channel = this.visibleChannel(user, message);
    const data = { custom_id: customId, component_type: values ? 3 : 2, ...(values ? { values } : {}) };
    return this.settle(this.dispatch(3, user, channel, customId, data, message), opts);
  }

  /**
   * Submits the modal `opened` showed (callback type 9), as the user it was shown to, with a value per text
   * input (custom_id → text). Required inputs must be filled, lengths within the modal's bounds; a modal is
   * submitted once.
   */
  async submitModal(
    userRef: UserRef,
    opened: FakeInteraction,
    values: Record<string, string>,
    opts: SlashOptions = {},
  ): Promise<FakeInteraction> {
    const user = this.user(userRef);
    const modal = opened.modal;
    if (!modal) throw new Error(`fake discord: interaction ${opened.command} opened no modal`);
    if (user.id !== opened.userId) throw new Error('fake discord: a modal is shown only to the user who opened it');
    if (this.submittedModals.has(opened.id))
      throw new Error('fake discord: this modal was already submitted (it closed)');
    for (const key of Object.keys(values)) {
      if (!modal.inputs.some((i) => i.customId === key))
        throw new Error(`fake discord: the modal has no text input ${key}`);
    }
    for (const input of modal.inputs) {
      const v = values[input.customId] ?? '';
      if (input.required && v.length === 0) throw new Error(`fake discord: "${input.label}" is required`);
      if (v.length > 0 && v.length < input.minLength)
        throw new Error(`fake discord: "${input.label}" needs at least ${input.minLength} characters`);
      if (v.length > input.maxLength)
        throw new Error(`fake discord: "${input.label}" takes at most ${input.maxLength} characters`);
    }
    this.submittedModals.add(opened.id);
    const components = modal.inputs.map((input) => {
      const field = { type: 4, custom_id: input.customId, value: values[input.customId] ?? '' };
      return modal.labelled ? { type: 18, component: field } : { type: 1, components: [field] };
    });
    const source = opened.sourceMessageId ? this.state.messages.get(opened.sourceMessageId) : undefined;
    const channel = this.channel(opened.channelId);
    return this.settle(
      this.dispatch(5, user, channel, modal.customId, { custom_id: modal.customId, components }, source),
      opts,
    );
  }

  private readonly submittedModals = new Set<string>();

  private visibleChannel(user: FakeUser, message: FakeMessage): FakeChannel {
    if (message.deleted) throw new Error('fake discord: the message was deleted');
    const channel = this.state.channels.get(message.channelId)!;
    if (channel.deleted) throw new Error(`fake discord: channel ${channel.name} was deleted`);
    if (channel.type === 1 && channel.recipientId !== user.id)
      throw new Error('fake discord: that DM belongs to another user');
    if (message.flags & EPHEMERAL) {
      const owner = message.interactionId ? this.state.interactions.get(message.interactionId)?.userId : undefined;
      if (owner !== user.id)
        throw new Error('fake discord: an ephemeral message is seen (and clicked) only by the user it answered');
    }
    return channel;
  }

  /** Waits for the acknowledgement (3 s) and, after a deferral, for the edit or follow-up. */
  private async settle(interaction: FakeInteraction, opts: SlashOptions): Promise<FakeInteraction> {
    await interaction.waitForResponse(() => true, INTERACTION_ACK_WINDOW_MS);
    if (interaction.deferred || interaction.responses[0]?.kind === 'deferUpdate') {
      await interaction.waitForResponse((r) => this.isAnswer(r), opts.deferredTimeoutMs ?? ANSWER_WAIT_MS);
    }
    return interaction;
  }

  private tryUser(ref: string): FakeUser | undefined {
    try {
      return this.user(ref);
    } catch {
      return undefined;
    }
  }

  private guildPayload(guildId: string): Record<string, unknown> {
    return guildJson({
      id: guildId,
      name: this.state.guilds.get(guildId)!.name,
      ownerId: this.users[0]?.id ?? this.botUser.id,
      channels: [...this.state.channels.values()].filter((c) => this.state.guildOf(c) === guildId),
      members: [...this.state.users.values()],
      joinedAt: this.state.joinedAt,
      botId: this.state.botUser.id,
    });
  }
}
