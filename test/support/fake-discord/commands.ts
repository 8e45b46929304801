/**
 * Registered application commands (PUT /applications/{app}/[guilds/{g}/]commands) and the
 * `data` of an INTERACTION_CREATE built against them, the way a Discord client would:
 * option types come from the registration, unknown options and missing required ones are refused,
 * and values must be among the declared choices.
 */
import { type FakeUser, type RegisteredCommand, type RegisteredOption, OptionType } from './model.js';
import { memberJson, userJson } from './payloads.js';

export type OptionValue = string | number | boolean | FakeUser | FakeUpload;

/** A file a member attaches to an attachment option (type 11): uploaded with the command, served at its URL. */
export interface FakeUpload {
  upload: true;
  filename: string;
  data: Buffer;
  contentType?: string;
}

export interface BuildOptions {
  /** For autocomplete: the option being typed. */
  focused?: string;
  /** Skip the choice check (a stale client sending a value the current registration no longer offers). */
  unchecked?: boolean;
  /** Stores an attached file and answers its attachment object (id, filename, size, content_type, url). */
  upload?: (u: FakeUpload) => Record<string, unknown>;
  /** Used in a direct message with the bot (set by the fake from the channel). */
  dm?: boolean;
}

export interface BuiltCommandData {
  data: Record<string, unknown>;
  commandName: string;
}

export function toRegisteredCommand(
  raw: Record<string, unknown>,
  id: string,
  guildId: string | null,
): RegisteredCommand {
  return {
    id,
    name: String(raw.name),
    description: String(raw.description ?? ''),
    guildId,
    options: (raw.options as RegisteredOption[] | undefined) ?? [],
    raw,
  };
}

/**
 * `path` is the command as typed: `order`, `game create`, `gm extend`.
 * `lookupUser` resolves user option values given as ids or usernames.
 */
export function buildCommandData(
  commands: RegisteredCommand[],
  guildId: string,
  path: string,
  values: Record<string, OptionValue>,
  lookupUser: (v: OptionValue) => FakeUser | undefined,
  joinedAt: string,
  opts: BuildOptions = {},
  lookupRole: (ref: string) => { id: string; name: string } | undefined = () => undefined,
): BuiltCommandData {
  const [name, ...subPath] = path.trim().split(/\s+/);
  const command =
    commands.find((c) => c.name === name && c.guildId === guildId) ??
    commands.find((c) => c.name === name && c.guildId === null);
  if (!command) {
    throw new Error(`/${name} is not registered (registered: ${commands.map((c) => c.name).join(', ') || 'none'})`);
  }
  if (opts.dm) {
    // A Discord client offers in a DM with the bot only global commands whose contexts include BOT_DM (1); a command
    // registered without contexts is available everywhere its installation allows (guild-installed: guilds and DMs).
    const contexts = command.raw.contexts as number[] | null | undefined;
    if (command.guildId !== null || (Array.isArray(contexts) && !contexts.includes(1))) {
      throw new Error(
        `/${name} is not available in a direct message with the bot (${command.guildId !== null ? 'a server command' : `contexts ${JSON.stringify(contexts)}`})`,
      );
    }
  }
  const resolvedUsers: Record<string, unknown> = {};
  const resolvedMembers: Record<string, unknown> = {};
  const resolvedRoles: Record<string, unknown> = {};
  const resolvedAttachments: Record<string, unknown> = {};

  let level: RegisteredOption[] = command.options;
  const wrappers: { name: string; type: number }[] = [];
  for (const [i, part] of subPath.entries()) {
    const sub = level.find(
      (o) => o.name === part && (o.type === OptionType.Subcommand || o.type === OptionType.SubcommandGroup),
    );
    // `/spectate stop` typed as a path where the command has a boolean option of that name (no subcommands): the
    // member picks the option in the client, which sends it as `stop: true` — exactly the data Discord sends.
    const flag = level.find((o) => o.name === part && o.type === OptionType.Boolean);
    if (!sub && flag && i === subPath.length - 1 && !(part in values)) {
      values = { ...values, [part]: true };
      break;
    }
    if (!sub) throw new Error(`/${name} has no subcommand "${part}"`);
    wrappers.push({ name: sub.name, type: sub.type });
    level = sub.options ?? [];
  }
  if (level.some((o) => o.type === OptionType.Subcommand || o.type === OptionType.SubcommandGroup)) {
    throw new Error(`/${path} needs a subcommand: ${level.map((o) => o.name).join(', ')}`);
  }

  const leafOptions: Record<string, unknown>[] = [];
  for (const [optName, value] of Object.entries(values)) {
    const def = level.find((o) => o.name === optName);
    if (!def) throw new Error(`/${path} has no option "${optName}" (options: ${level.map((o) => o.name).join(', ')})`);
    const isFocused = opts.focused === optName;
    let out: Record<string, unknown>;
    if (def.type === OptionType.Role) {
      const role = lookupRole(String(value));
      if (!role) throw new Error(`/${path} option "${optName}": unknown role ${JSON.stringify(value)}`);
      resolvedRoles[role.id] = {
        id: role.id,
        name: role.name,
        color: 0,
        colors: { primary_color: 0, secondary_color: null, tertiary_color: null },
        hoist: false,
        position: role.name === '@everyone' ? 0 : 1,
        permissions: '0',
        managed: false,
        mentionable: true,
        flags: 0,
      };
      out = { name: optName, type: def.type, value: role.id };
    } else if (def.type === OptionType.Attachment) {
      if (typeof value !== 'object' || !('upload' in value) || !opts.upload)
        throw new Error(`/${path} option "${optName}" takes a file: { upload: true, filename, data }`);
      const attachment = opts.upload(value);
      resolvedAttachments[String(attachment.id)] = attachment;
      out = { name: optName, type: def.type, value: attachment.id };
    } else {
      out = { name: optName, type: def.type, value: encodeValue(def, value, lookupUser, path) };
    }
    if (isFocused) {
      if (!def.autocomplete) throw new Error(`/${path} option "${optName}" has no autocomplete`);
      out.focused = true;
      out.value = String(value);
    } else if (def.choices && !opts.unchecked && !def.choices.some((c) => c.value === out.value)) {
      throw new Error(`/${path} option "${optName}": ${JSON.stringify(out.value)} is not one of the choices`);
    }
    if (def.type === OptionType.User) {
      const u = lookupUser(value)!;
      resolvedUsers[u.id] = userJson(u);
      const { user: _user, ...member } = memberJson(u, joinedAt);
      resolvedMembers[u.id] = member;
    }
    leafOptions.push(out);
  }
  if (!opts.focused) {
    for (const def of level) {
      if (def.required && !(def.name in values)) throw new Error(`/${path}: required option "${def.name}" is missing`);
    }
  } else if (!(opts.focused in values)) {
    throw new Error(`/${path}: the focused option "${opts.focused}" needs a (partial) value`);
  }

  let options: Record<string, unknown>[] = leafOptions;
  for (const w of [...wrappers].reverse()) options = [{ name: w.name, type: w.type, options }];

  const data: Record<string, unknown> = { id: command.id, name: command.name, type: 1, guild_id: guildId, options };
  const resolved: Record<string, unknown> = {};
  if (Object.keys(resolvedUsers).length > 0)
    Object.assign(resolved, { users: resolvedUsers, members: resolvedMembers });
  if (Object.keys(resolvedRoles).length > 0) resolved.roles = resolvedRoles;
  if (Object.keys(resolvedAttachments).length > 0) resolved.attachments = resolvedAttachments;
  if (Object.keys(resolved).length > 0) data.resolved = resolved;
  return { data, commandName: [name, ...subPath].join(' ') };
}

function encodeValue(
  def: RegisteredOption,
  value: OptionValue,
  lookupUser: (v: OptionValue) => FakeUser | undefined,
  path: string,
): string | number | boolean {
  switch (def.type) {
    case OptionType.String:
      return String(value);
    case OptionType.Integer:
    case OptionType.Number: {
      const n = Number(value);
      if (!Number.isFinite(n) || (def.type === OptionType.Integer && !Number.isInteger(n))) {
        throw new Error(`/${path} option "${def.name}" needs a number, got ${JSON.stringify(value)}`);
      }
      return n;
    }
    case OptionType.Boolean:
      return Boolean(value);
    case OptionType.User: {
      const u = lookupUser(value);
      if (!u) throw new Error(`/${path} option "${def.name}": unknown user ${JSON.stringify(value)}`);
      return u.id;
    }
    default:
      throw new Error(`/${path} option "${def.name}": option type ${def.type} is not supported by the fake`);
  }
}
