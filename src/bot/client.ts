/**
 * The discord.js client: only the Guilds intent (slash commands arrive as interactions; DMs are sent, not
 * read). `apiBase` points REST, and with it gateway discovery, elsewhere (a proxy, or the test stand-in).
 */
import { Client, Events, GatewayIntentBits } from 'discord.js';

export interface ClientOptions {
  apiBase?: string;
  /** @discordjs/rest's client-side global limit (Discord's is 50/s; benchmarks against the stand-in raise it). */
  globalRequestsPerSecond?: number;
}

export function createClient(opts: ClientOptions = {}): Client {
  return new Client({
    intents: [GatewayIntentBits.Guilds],
    rest: {
      ...(opts.apiBase ? { api: opts.apiBase } : {}),
      ...(opts.globalRequestsPerSecond ? { globalRequestsPerSecond: opts.globalRequestsPerSecond } : {}),
    },
  });
}

/** Logs in and resolves once the client is ready (guilds received). */
export async function loginAndWait(client: Client, token: string): Promise<void> {
  const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
  await client.login(token);
  await ready;
}
