/**
 * JSON shapes discord.js 14.28 accepts, built from the fake's state (stack.md §1: READY, GUILD_CREATE,
 * INTERACTION_CREATE, the minimum message object).
 */
import { PERMISSION_BITS, type FakeAttachment, type FakeChannel, type FakeMessage, type FakeUser } from './model.js';

/** Every permission bit a text channel needs, pinning included; the fake grants everything (a test may deny). */
export const ALL_PERMISSIONS = '4500273279520321';

/**
 * The channel's permission overwrites: the bot's where a test denied it something (`state.denyToBot`), and one per
 * member the channel is hidden from (`state.hideFrom`), as a moderator sets them.
 */
function overwritesFor(c: FakeChannel, botId: string | undefined): Record<string, unknown>[] {
  const hidden = [...(c.hiddenFrom ?? [])].map((id) => ({
    id,
    type: 1,
    allow: '0',
    deny: PERMISSION_BITS.VIEW_CHANNEL.toString(),
  }));
  if (!c.deniedToBot || c.deniedToBot.size === 0 || !botId) return hidden;
  let deny = 0n;
  for (const name of c.deniedToBot) deny |= PERMISSION_BITS[name];
  return [{ id: botId, type: 1, allow: '0', deny: deny.toString() }, ...hidden];
}

export function userJson(u: FakeUser): Record<string, unknown> {
  return {
    id: u.id,
    username: u.username,
    discriminator: '0',
    global_name: u.globalName,
    avatar: null,
    bot: u.bot,
    flags: 0,
    public_flags: 0,
  };
}

export function memberJson(u: FakeUser, joinedAt: string): Record<string, unknown> {
  return {
    user: userJson(u),
    roles: [],
    joined_at: joinedAt,
    deaf: false,
    mute: false,
    flags: 0,
    permissions: ALL_PERMISSIONS,
  };
}

export function channelJson(
  c: FakeChannel,
  guildId: string,
  recipients: FakeUser[] = [],
  botId?: string,
): Record<string, unknown> {
  if (c.type === 1) {
    return { id: c.id, type: 1, recipients: recipients.map(userJson), last_message_id: null, flags: 0 };
  }
  if (c.thread) return threadJson(c, guildId);
  return {
    id: c.id,
    type: 0,
    guild_id: guildId,
    name: c.name,
    position: 0,
    permission_overwrites: overwritesFor(c, botId),
    nsfw: false,
    topic: null,
    last_message_id: null,
    rate_limit_per_user: 0,
    parent_id: null,
    flags: 0,
  };
}

/** A thread channel (public 11 or private 12) with its metadata. */
export function threadJson(c: FakeChannel, guildId: string): Record<string, unknown> {
  const t = c.thread!;
  return {
    id: c.id,
    type: c.type,
    guild_id: guildId,
    parent_id: c.parentId,
    name: c.name,
    owner_id: t.ownerId,
    last_message_id: null,
    message_count: 0,
    member_count: t.members.size,
    total_message_sent: 0,
    rate_limit_per_user: 0,
    flags: 0,
    thread_metadata: {
      archived: t.archived,
      locked: t.locked,
      auto_archive_duration: t.autoArchiveDuration,
      archive_timestamp: new Date(t.createdAt).toISOString(),
      create_timestamp: new Date(t.createdAt).toISOString(),
      ...(c.type === 12 ? { invitable: t.invitable } : {}),
    },
  };
}

export function guildJson(opts: {
  id: string;
  name: string;
  ownerId: string;
  channels: FakeChannel[];
  members: FakeUser[];
  joinedAt: string;
  botId?: string;
}): Record<string, unknown> {
  return {
    id: opts.id,
    name: opts.name,
    icon: null,
    owner_id: opts.ownerId,
    unavailable: false,
    member_count: opts.members.length,
    large: false,
    joined_at: opts.joinedAt,
    features: [],
    roles: [
      {
        id: opts.id,
        name: '@everyone',
        permissions: ALL_PERMISSIONS,
        position: 0,
        color: 0,
        hoist: false,
        managed: false,
        mentionable: false,
        flags: 0,
      },
    ],
    channels: opts.channels
      .filter((c) => c.type === 0 && !c.deleted)
      .map((c) => channelJson(c, opts.id, [], opts.botId)),
    members: opts.members.map((m) => memberJson(m, opts.joinedAt)),
    emojis: [],
    stickers: [],
    threads: opts.channels
      .filter((c) => c.thread && !c.deleted && !c.thread.archived)
      .map((c) => threadJson(c, opts.id)),
    presences: [],
    voice_states: [],
    stage_instances: [],
    guild_scheduled_events: [],
    soundboard_sounds: [],
    preferred_locale: 'en-US',
    premium_tier: 0,
    system_channel_id: null,
    verification_level: 0,
    default_message_notifications: 0,
    explicit_content_filter: 0,
    mfa_level: 0,
    nsfw_level: 0,
  };
}

export function attachmentJson(a: FakeAttachment, apiOrigin: string): Record<string, unknown> {
  const url = `${apiOrigin}/attachments/${a.id}/${encodeURIComponent(a.filename)}`;
  return {
    id: a.id,
    filename: a.filename,
    size: a.data.length,
    content_type: a.contentType,
    url,
    proxy_url: url,
    ...(a.description !== undefined ? { description: a.description } : {}),
  };
}

export function messageJson(
  m: FakeMessage,
  author: FakeUser,
  apiOrigin: string,
  guildId: string | null,
): Record<string, unknown> {
  return {
    id: m.id,
    type: m.type ?? 0,
    channel_id: m.channelId,
    ...(guildId ? { guild_id: guildId } : {}),
    author: userJson(author),
    content: m.content,
    timestamp: new Date(m.createdAt).toISOString(),
    edited_timestamp: m.history.length > 0 ? new Date().toISOString() : null,
    tts: false,
    mention_everyone: false,
    mentions: [],
    mention_roles: [],
    attachments: m.attachments.map((a) => attachmentJson(a, apiOrigin)),
    embeds: m.embeds,
    components: [],
    pinned: m.pinned === true,
    flags: m.flags,
    ...(m.reference
      ? {
          message_reference: {
            type: 0,
            channel_id: m.channelId,
            message_id: m.reference,
            ...(guildId ? { guild_id: guildId } : {}),
          },
        }
      : {}),
  };
}
