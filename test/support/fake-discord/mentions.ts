/**
 * Who a message pings, as Discord decides it from the content and `allowed_mentions`
 * (https://discord.com/developers/docs/resources/message#allowed-mentions-object): without
 * `allowed_mentions` every mention in the content pings (users, roles, @everyone/@here); with it, only the
 * types in `parse` and the ids in `users` / `roles`. Kept beside the fake's messages (a WeakMap).
 */
import type { FakeMessage } from './model.js';

export interface AllowedMentions {
  parse?: string[];
  users?: string[];
  roles?: string[];
}

export interface Pings {
  users: string[];
  roles: string[];
  everyone: boolean;
}

const allowedByMessage = new WeakMap<FakeMessage, AllowedMentions | null>();

/** Records the `allowed_mentions` a message was posted or last edited with (null: none given). */
export function setAllowedMentions(message: FakeMessage, raw: unknown): void {
  if (raw === undefined || raw === null) {
    allowedByMessage.set(message, null);
    return;
  }
  const a = raw as AllowedMentions;
  allowedByMessage.set(message, { parse: a.parse ?? [], users: a.users ?? [], roles: a.roles ?? [] });
}

/** Discord refuses a type both parsed and listed (400 Invalid Form Body); called before anything is stored. */
export function checkAllowedMentions(raw: unknown): void {
  if (raw === undefined || raw === null) return;
  const a = raw as AllowedMentions;
  for (const kind of ['roles', 'users'] as const) {
    if (a.parse?.includes(kind) && (a[kind]?.length ?? 0) > 0) {
      throw new Error(`allowed_mentions: parse "${kind}" and a ${kind} list are mutually exclusive`);
    }
  }
}

export function allowedMentionsOf(message: FakeMessage): AllowedMentions | null {
  return allowedByMessage.get(message) ?? null;
}

/** Who the message notified. */
export function pingsOf(message: FakeMessage): Pings {
  const allowed = allowedByMessage.get(message) ?? null;
  const text = [message.content, ...message.embeds.map((e) => e.description ?? '')].join('\n');
  const userIds = [...message.content.matchAll(/<@!?(\d+)>/g)].map((m) => m[1]!);
  const roleIds = [...message.content.matchAll(/<@&(\d+)>/g)].map((m) => m[1]!);
  const everyone = /@(everyone|here)/.test(message.content);
  void text; // embeds never ping (Discord pings from content only)
  if (!allowed) return { users: userIds, roles: roleIds, everyone };
  const parse = allowed.parse ?? [];
  return {
    users: userIds.filter((id) => parse.includes('users') || (allowed.users ?? []).includes(id)),
    roles: roleIds.filter((id) => parse.includes('roles') || (allowed.roles ?? []).includes(id)),
    everyone: everyone && parse.includes('everyone'),
  };
}
