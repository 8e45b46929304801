/**
 * JSON shapes discord.js 14.28 accepts, built from the fake's state (stack.md §1: READY, GUILD_CREATE,
 * INTERACTION_CREATE, the minimum message object).
 */
import type { FakeAttachment, FakeChannel, FakeMessage, FakeUser } from './model.js';

/** Every permission bit a text channel needs; the fake grants everything. */
export const ALL_PERMISSIONS = '2248473465835073';

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
  return { user: userJson(u), roles: [], joined_at: joinedAt, deaf: false, mute: false, flags: 0, permissions: ALL_PERMISSIONS };
}

export function channelJson(c: FakeChannel, guildId: string, recipients: FakeUser[] = []): Record<string, unknown> {
  if (c.type === 1) {
    return { id: c.id, type: 1, recipients: recipients.map(userJson), last_message_id: null, flags: 0 };
  }
  return {
    id: c.id,
    type: 0,
    guild_id: guildId,
    name: c.name,
    position: 0,
    permission_overwrites: [],
    nsfw: false,
    topic: null,
    last_message_id: null,
    rate_limit_per_user: 0,
    parent_id: null,
    flags: 0,
  };
}

export function guildJson(opts: {
  id: string;
  name: string;
  ownerId: string;
  channels: FakeChannel[];
  members: FakeUser[];
  joinedAt: string;
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
    channels: opts.channels.filter((c) => c.type === 0 && !c.deleted).map((c) => channelJson(c, opts.id)),
    members: opts.members.map((m) => memberJson(m, opts.joinedAt)),
    emojis: [],
    stickers: [],
    threads: [],
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
  return { id: a.id, filename: a.filename, size: a.data.length, content_type: a.contentType, url, proxy_url: url };
}

export function messageJson(m: FakeMessage, author: FakeUser, apiOrigin: string, guildId: string | null): Record<string, unknown> {
  return {
    id: m.id,
    type: 0,
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
    pinned: false,
    flags: m.flags,
  };
}
