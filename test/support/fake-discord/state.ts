/**
 * Everything the fake Discord knows: the guild, its users and channels, stored messages,
 * interactions, registered commands, and the logs tests assert on (requests, deliveries, errors).
 */
import { EventEmitter } from 'node:events';
import type { FakeInteraction } from './interaction.js';
import type {
  Audience,
  Delivery,
  FakeAttachment,
  FakeChannel,
  FakeEmbed,
  FakeGuild,
  FakeMessage,
  FakeUser,
  RegisteredCommand,
  RequestLogEntry,
} from './model.js';
import { EPHEMERAL } from './model.js';
import { SnowflakeGenerator } from './snowflake.js';

export class FakeDiscordState {
  readonly ids = new SnowflakeGenerator();
  readonly events = new EventEmitter();
  readonly users = new Map<string, FakeUser>();
  readonly channels = new Map<string, FakeChannel>();
  /** Every guild the bot is in, the default one (`guildId`) first. */
  readonly guilds = new Map<string, FakeGuild>();
  readonly dmChannelOf = new Map<string, string>();
  readonly closedDms = new Set<string>();
  readonly messages = new Map<string, FakeMessage>();
  readonly interactions = new Map<string, FakeInteraction>();
  readonly interactionsByToken = new Map<string, FakeInteraction>();
  commands: RegisteredCommand[] = [];
  readonly requests: RequestLogEntry[] = [];
  readonly deliveries: Delivery[] = [];
  /** What `GET /gateway/bot` recommends as `shards`. */
  recommendedShards = 1;
  /** Channel posts that repeated an earlier nonce with enforce_nonce (answered with the earlier message). */
  nonceRepeats = 0;
  readonly joinedAt = new Date().toISOString();
  readonly guildId: string;
  readonly applicationId: string;
  readonly botUser: FakeUser;

  constructor(readonly token: string, botName: string) {
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
    return channel.type === 0 ? (channel.guildId ?? this.guildId) : null;
  }

  dmChannel(userId: string): FakeChannel {
    const existing = this.dmChannelOf.get(userId);
    if (existing) return this.channels.get(existing)!;
    const channel: FakeChannel = { id: this.ids.next(), name: `dm-${userId}`, type: 1, recipientId: userId, deleted: false };
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
      ...(m.nonce !== undefined ? { nonce: m.nonce } : {}),
    };
    this.messages.set(message.id, message);
    const via = m.interaction ? 'interaction' : m.channel.type === 1 ? 'dm' : 'channel';
    this.deliver(message, this.audienceOf(m.channel, m.flags, m.interaction?.userId), via);
    return message;
  }

  editMessage(message: FakeMessage, patch: { content?: string; embeds?: FakeEmbed[]; attachments?: FakeAttachment[] }, interactionUserId?: string): void {
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

  logRequest(entry: RequestLogEntry): void {
    this.requests.push(entry);
    if (entry.status >= 400 && !entry.expected) this.events.emit('httpError', entry);
  }
}
