/**
 * The fake Discord's own state and what it records for tests: users, channels, stored messages,
 * interactions with their responses, every REST request and every delivery (who could see what).
 */

export interface FakeUser {
  id: string;
  username: string;
  globalName: string;
  bot: boolean;
}

export interface FakeChannel {
  id: string;
  name: string;
  /** 0 = guild text channel, 1 = DM, 11 = public thread, 12 = private thread. */
  type: 0 | 1 | 11 | 12;
  /** For a DM channel: the user on the other side. */
  recipientId?: string;
  /** For a guild channel: its guild (the stand-in hosts one guild by default, more with `addGuild`). */
  guildId?: string;
  deleted: boolean;
  /** For a thread: the text channel it lives in, and its state. */
  parentId?: string;
  thread?: FakeThreadState;
  /** Permissions the bot lacks in this channel (names from `PERMISSION_BITS`), through an overwrite. */
  deniedToBot?: Set<PermissionName>;
  /** Members a moderator hid this channel from (a member overwrite denying VIEW_CHANNEL), by user id. */
  hiddenFrom?: Set<string>;
}

export interface FakeThreadState {
  ownerId: string;
  /** The message it was started from, if any (its id equals the thread's id on Discord). */
  starterMessageId?: string;
  archived: boolean;
  locked: boolean;
  autoArchiveDuration: 60 | 1440 | 4320 | 10080;
  /** A private thread: whether members who are not moderators may add others (Discord's default: true). */
  invitable: boolean;
  /** Users who joined (the bot included once it joined or created the thread). */
  members: Set<string>;
  createdAt: number;
}

/** Discord permission bits the fake checks (https://discord.com/developers/docs/topics/permissions). */
export const PERMISSION_BITS = {
  VIEW_CHANNEL: 1n << 10n,
  SEND_MESSAGES: 1n << 11n,
  MANAGE_MESSAGES: 1n << 13n,
  ATTACH_FILES: 1n << 15n,
  MANAGE_THREADS: 1n << 34n,
  CREATE_PUBLIC_THREADS: 1n << 35n,
  CREATE_PRIVATE_THREADS: 1n << 36n,
  SEND_MESSAGES_IN_THREADS: 1n << 38n,
  /** Since 2025 pinning needs its own permission; MANAGE_MESSAGES no longer grants it. */
  PIN_MESSAGES: 1n << 51n,
} as const;
export type PermissionName = keyof typeof PERMISSION_BITS;

/**
 * Discord-like transport behaviour, all off by default: rate-limit buckets (per route and major parameter,
 * plus the global one), slow targets, and the window in which `nonce` + `enforce_nonce` deduplicates.
 */
export type RateLimitRoute =
  /** POST messages to a guild channel or thread, per channel (Discord: 5 per 5 s). */
  | 'channel_messages'
  /** POST messages to a DM channel, per DM channel. */
  | 'dm_messages'
  /** POST /users/@me/channels (opening DMs): one bucket for the bot. */
  | 'dm_create'
  /** PATCH/DELETE of a message, per channel. */
  | 'message_edits'
  /** Pin and unpin, per channel. */
  | 'pins'
  /** Creating threads, per parent channel. */
  | 'threads'
  /** Every authorized request (interaction callbacks and webhooks are exempt), like Discord's 50 per second. */
  | 'global';

export interface RateLimitRule {
  limit: number;
  windowMs: number;
  /** Only for this channel id or user id (a user id applies to that user's DM channel and to opening it). */
  target?: string;
}

/** A 429 the fake answered (always `expected`: the limit was configured by the test). */
export interface RateLimitHit {
  at: number;
  method: string;
  path: string;
  bucket: string;
  global: boolean;
  retryAfterMs: number;
}

export interface FakeGuild {
  id: string;
  name: string;
}

export interface FakeAttachment {
  id: string;
  filename: string;
  contentType: string;
  data: Buffer;
  /** The alt text the bot gave it (`attachments[].description`), if any. */
  description?: string;
}

export interface FakeEmbed {
  title?: string;
  description?: string;
  fields?: { name: string; value: string }[];
  footer?: { text: string };
  [key: string]: unknown;
}

export interface FakeMessage {
  id: string;
  channelId: string;
  authorId: string;
  content: string;
  embeds: FakeEmbed[];
  attachments: FakeAttachment[];
  /** Discord message flags; 64 = ephemeral. */
  flags: number;
  createdAt: number;
  /** Earlier versions of the message, oldest first, when it was edited. */
  history: { content: string; embeds: FakeEmbed[]; attachments: FakeAttachment[] }[];
  deleted: boolean;
  /** Deleted by a person (a moderator), through `fake.deleteMessage`: requests on it then fail as expected. */
  deletedByUser?: boolean;
  /** Set for messages that belong to an interaction (its @original or a follow-up). */
  interactionId?: string;
  /** The nonce it was sent with (with `enforce_nonce`, a repeat returns this message instead of a new one). */
  nonce?: string;
  /** When it was sent, on the nonce-window clock (transport.now). */
  nonceAt?: number;
  /** Pinned in its channel. */
  pinned?: boolean;
  /** Discord message type: 0 default, 6 "pinned a message" system message, 18 "started a thread". */
  type?: number;
  /** For a system message: the message it is about (the one pinned, or the thread's). */
  reference?: string;
  /** When it was pinned (ms since the epoch). */
  pinnedAt?: number;
}

export type InteractionResponseKind =
  | 'reply'
  | 'defer'
  | 'update'
  | 'deferUpdate'
  | 'autocomplete'
  | 'edit'
  | 'followUp'
  | 'delete'
  | 'modal'
  | 'launchActivity';

export interface InteractionResponse {
  kind: InteractionResponseKind;
  at: number;
  ephemeral: boolean;
  content: string;
  embeds: FakeEmbed[];
  attachments: FakeAttachment[];
  /** Autocomplete choices (kind 'autocomplete'). */
  choices?: { name: string; value: string | number }[];
  messageId?: string;
  /** Kind 'edit' sent as a follow-up: the first one after a deferral not edited yet, which Discord makes its edit. */
  viaFollowUp?: boolean;
}

/** Who can read a delivered message. */
export type Audience = { kind: 'channel'; channelId: string } | { kind: 'user'; userId: string };

export interface Delivery {
  at: number;
  audience: Audience;
  /** How it got there: channel message, DM, interaction response (ephemeral or public), or an edit. */
  via: 'channel' | 'dm' | 'interaction' | 'edit';
  messageId: string;
  content: string;
  embeds: FakeEmbed[];
  attachments: FakeAttachment[];
}

export interface RequestLogEntry {
  at: number;
  method: string;
  path: string;
  status: number;
  /** Discord JSON error code for 4xx answers. */
  errorCode?: number;
  errorMessage?: string;
  /**
   * True when the 4xx follows from state the test set up on purpose (a deleted channel, closed DMs);
   * any other 4xx is a bug in the bot or the fake and `unexpectedErrors()` reports it.
   */
  expected?: boolean;
}

export interface RegisteredOption {
  type: number;
  name: string;
  required?: boolean;
  autocomplete?: boolean;
  choices?: { name: string; value: string | number }[];
  options?: RegisteredOption[];
}

export interface RegisteredCommand {
  id: string;
  name: string;
  description: string;
  guildId: string | null;
  options: RegisteredOption[];
  raw: Record<string, unknown>;
}

/** Discord application command option types. */
export const OptionType = {
  Subcommand: 1,
  SubcommandGroup: 2,
  String: 3,
  Integer: 4,
  Boolean: 5,
  User: 6,
  Channel: 7,
  Role: 8,
  Mentionable: 9,
  Number: 10,
  Attachment: 11,
} as const;

export const EPHEMERAL = 64;

/** Text of a message or response for searches: content and embed text. */
export function textOf(m: { content: string; embeds: FakeEmbed[] }): string {
  const parts = [m.content];
  for (const e of m.embeds) {
    if (e.title) parts.push(e.title);
    if (e.description) parts.push(e.description);
    for (const f of e.fields ?? []) parts.push(f.name, f.value);
    if (e.footer?.text) parts.push(e.footer.text);
  }
  return parts.filter((p) => p !== '').join('\n');
}
