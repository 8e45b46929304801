/**
 * Runs the fake Discord in a worker thread, for measurements: a bot and its Discord stand-in sharing one
 * event loop would stall each other (the fake could not read an acknowledgement until the bot's burst of
 * work is over), which no real deployment does. Driven by remote.ts through postMessage.
 */
import { parentPort } from 'node:worker_threads';
import { FakeDiscord, type FakeDiscordOptions } from './index.js';
import type { OptionValue } from './commands.js';

export type RemoteCall =
  | { method: 'start'; args: [FakeDiscordOptions] }
  | { method: 'slash'; args: [string, string, string, Record<string, OptionValue>] }
  | {
      method: 'burst';
      args: [{ user: string; channel: string; command: string; options: Record<string, OptionValue> }[]];
    }
  | { method: 'waitForChannelMessage'; args: [string, string, number] }
  | { method: 'channelId'; args: [string] }
  | { method: 'unexpectedErrors'; args: [] }
  | { method: 'close'; args: [] };

let fake: FakeDiscord | null = null;

async function run(call: RemoteCall): Promise<unknown> {
  if (call.method === 'start') {
    fake = await FakeDiscord.start(call.args[0]);
    return { apiBase: fake.apiBase, token: fake.token, guildId: fake.guildId };
  }
  if (!fake) throw new Error('the fake is not started');
  switch (call.method) {
    case 'slash': {
      const i = await fake.slash(...call.args);
      // Link buttons' URLs (the order pad's), for the benchmarks that open them.
      const links = i.originalMessageId ? fake.buttons(i).flatMap((b) => (b.url ? [b.url] : [])) : [];
      return { text: i.text, ephemeral: i.ephemeral, ackMs: i.ackMs, links };
    }
    case 'burst': {
      const sent = call.args[0].map((c) => fake!.slashNoWait(c.user, c.channel, c.command, c.options));
      await Promise.all(sent.map((i) => i.waitForResponse(() => true, 3000)));
      await Promise.all(sent.filter((i) => i.deferred).map((i) => i.waitForResponse((r) => r.kind === 'edit', 15_000)));
      return sent.map((i) => ({ text: i.text, ephemeral: i.ephemeral, ackMs: i.ackMs, deferred: i.deferred }));
    }
    case 'waitForChannelMessage': {
      const [channel, prefix, timeoutMs] = call.args;
      const m = await fake.waitForChannelMessage(
        channel,
        (x) => x.content.startsWith(prefix) && x.attachments.length > 0,
        timeoutMs,
      );
      return { id: m.id, bytes: m.attachments[0]?.data.length ?? 0 };
    }
    case 'channelId':
      return fake.channel(call.args[0]).id;
    case 'unexpectedErrors':
      return fake.unexpectedErrors();
    case 'close':
      await fake.close();
      fake = null;
      return null;
  }
}

parentPort!.on('message', (msg: { id: number; call: RemoteCall }) => {
  run(msg.call).then(
    (result) => parentPort!.postMessage({ id: msg.id, result }),
    (err: unknown) => parentPort!.postMessage({ id: msg.id, error: err instanceof Error ? err.message : String(err) }),
  );
});
