/**
 * Slash-command registration: to one guild when DEV_GUILD_ID is set (instant, for development), else
 * globally (Discord propagates global commands within about an hour). Bulk overwrite (PUT) is idempotent,
 * so it runs at every start.
 */
import type { Client } from 'discord.js';
import type { BotCommand } from './command.js';

export async function registerCommands(
  client: Client,
  commands: BotCommand[],
  guildId?: string,
): Promise<{ scope: 'guild' | 'global'; count: number }> {
  if (!client.application) throw new Error('the client is not logged in');
  const body = commands.map((c) => c.data);
  const registered = guildId
    ? await client.application.commands.set(body, guildId)
    : await client.application.commands.set(body);
  return { scope: guildId ? 'guild' : 'global', count: registered.size };
}
