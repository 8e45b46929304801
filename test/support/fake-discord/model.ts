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
  /** 0 = guild text channel, 1 = DM. */
  type: 0 | 1;
  /** For a DM channel: the user on the other side. */
  recipientId?: string;
  deleted: boolean;
}

export interface FakeAttachment {
  id: string;
  filename: string;
  contentType: string;
  data: Buffer;
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
}

export type InteractionResponseKind = 'reply' | 'defer' | 'update' | 'deferUpdate' | 'autocomplete' | 'edit' | 'followUp' | 'delete' | 'modal';

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
