/**
 * The stand-in's transport side and newer surfaces: rate-limit buckets (X-RateLimit headers, 429 with
 * retry_after, global and per route, DM creation and DM sends), slow targets, injected 5xx, the nonce window,
 * pins (flag, system message, the PIN_MESSAGES permission) and threads.
 */
import { Client, Events, GatewayIntentBits, RateLimitError, REST, Routes, type ThreadChannel } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeDiscord } from './fake-discord/index.js';

describe('fake Discord: transport and newer surfaces', () => {
  let fake: FakeDiscord;
  let rest: REST;
  const raw = (method: string, path: string, body?: unknown) =>
    fetch(`${fake.apiBase}/v10${path}`, {
      method,
      headers: { authorization: `Bot ${fake.token}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  beforeAll(async () => {
    fake = await FakeDiscord.start({ users: ['alice', 'bob'], channels: ['one', 'two', 'three'] });
    rest = new REST({ api: fake.apiBase }).setToken(fake.token);
  });
  afterAll(async () => {
    rest.clearHashSweeper();
    rest.clearHandlerSweeper();
    await fake.close();
  });

  it('answers like Discord when a bucket is empty: X-RateLimit headers, then 429 with retry_after', async () => {
    const t = fake.state.transport;
    t.limit('channel_messages', { limit: 2, windowMs: 60_000 });
    const channel = fake.channel('one').id;
    const first = await raw('POST', `/channels/${channel}/messages`, { content: 'a' });
    expect(first.status).toBe(200);
    expect(first.headers.get('x-ratelimit-limit')).toBe('2');
    expect(first.headers.get('x-ratelimit-remaining')).toBe('1');
    expect(Number(first.headers.get('x-ratelimit-reset-after'))).toBeGreaterThan(59);
    expect(first.headers.get('x-ratelimit-bucket')).toMatch(/^[0-9a-f]{8}/);
    expect(
      (await raw('POST', `/channels/${channel}/messages`, { content: 'b' })).headers.get('x-ratelimit-remaining'),
    ).toBe('0');
    const refused = await raw('POST', `/channels/${channel}/messages`, { content: 'c' });
    expect(refused.status).toBe(429);
    const body = (await refused.json()) as { retry_after: number; global: boolean; message: string };
    expect(body).toMatchObject({ global: false, message: 'You are being rate limited.' });
    expect(body.retry_after).toBeGreaterThan(59);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(59);
    expect(refused.headers.get('x-ratelimit-scope')).toBe('user');
    // Per channel: another channel has its own bucket. The refused post was not stored.
    expect((await raw('POST', `/channels/${fake.channel('two').id}/messages`, { content: 'd' })).status).toBe(200);
    expect(fake.channelMessages('one').map((m) => m.content)).toEqual(['a', 'b']);
    expect(fake.state.transport.rateLimitHits).toHaveLength(1);
    expect(fake.unexpectedErrors()).toEqual([]);
    t.clearLimits();
  });

  it("limits opening DMs and one user's DMs, and has a global bucket that interaction callbacks skip", async () => {
    const t = fake.state.transport;
    t.limit('dm_create', { limit: 1, windowMs: 60_000 });
    expect((await raw('POST', '/users/@me/channels', { recipient_id: fake.user('alice').id })).status).toBe(200);
    expect((await raw('POST', '/users/@me/channels', { recipient_id: fake.user('bob').id })).status).toBe(429);
    t.clearLimits();
    const dm = (await (await raw('POST', '/users/@me/channels', { recipient_id: fake.user('alice').id })).json()) as {
      id: string;
    };
    t.limit('dm_messages', { limit: 1, windowMs: 60_000, target: fake.user('alice').id });
    expect((await raw('POST', `/channels/${dm.id}/messages`, { content: 'hi' })).status).toBe(200);
    expect((await raw('POST', `/channels/${dm.id}/messages`, { content: 'again' })).status).toBe(429);
    expect(
      (await raw('POST', `/channels/${fake.channel('one').id}/messages`, { content: 'channels are not DMs' })).status,
    ).toBe(200);
    t.clearLimits();

    t.limit('global', { limit: 1, windowMs: 60_000 });
    expect((await raw('GET', '/users/@me')).status).toBe(200);
    const global = await raw('GET', `/channels/${fake.channel('one').id}`);
    expect(global.status).toBe(429);
    expect(global.headers.get('x-ratelimit-global')).toBe('true');
    expect(((await global.json()) as { global: boolean }).global).toBe(true);
    // Interaction callbacks do not count (an unknown one still gets its 404, not a 429).
    expect((await fetch(`${fake.apiBase}/v10/interactions/1/x/callback`, { method: 'POST', body: '{}' })).status).toBe(
      404,
    );
    fake.state.requests.at(-1)!.expected = true;
    t.clearLimits();
  });

  it('discord.js waits a short bucket out by itself, and rejects a long one when asked to', async () => {
    const t = fake.state.transport;
    t.limit('channel_messages', { limit: 2, windowMs: 300 });
    const channel = fake.channel('three').id;
    for (let i = 0; i < 5; i++) await rest.post(Routes.channelMessages(channel), { body: { content: `m${i}` } });
    expect(fake.channelMessages('three').map((m) => m.content)).toEqual(['m0', 'm1', 'm2', 'm3', 'm4']);
    t.clearLimits();
    t.limit('channel_messages', { limit: 1, windowMs: 60_000 });
    const impatient = new REST({ api: fake.apiBase, rejectOnRateLimit: (d) => d.timeToReset > 1000 }).setToken(
      fake.token,
    );
    await impatient.post(Routes.channelMessages(channel), { body: { content: 'first' } });
    const err = await impatient
      .post(Routes.channelMessages(channel), { body: { content: 'second' } })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RateLimitError);
    expect((err as RateLimitError).timeToReset).toBeGreaterThan(50_000);
    impatient.clearHashSweeper();
    impatient.clearHandlerSweeper();
    t.clearLimits();
  });

  it('delays requests about a slow target only, and fails requests on demand', async () => {
    const slow = fake.channel('one').id;
    fake.state.transport.slow(slow, 1500);
    const done: string[] = [];
    await Promise.all([
      raw('POST', `/channels/${slow}/messages`, { content: 'slow' }).then(() => done.push('slow')),
      raw('POST', `/channels/${fake.channel('two').id}/messages`, { content: 'fast' }).then(() => done.push('fast')),
    ]);
    expect(done).toEqual(['fast', 'slow']);
    fake.state.transport.slow(slow, 0);
    fake.state.transport.fail(slow, 502, 2);
    expect((await raw('POST', `/channels/${slow}/messages`, { content: 'x' })).status).toBe(502);
    expect((await raw('POST', `/channels/${slow}/messages`, { content: 'x' })).status).toBe(502);
    expect((await raw('POST', `/channels/${slow}/messages`, { content: 'x' })).status).toBe(200);
    expect(fake.unexpectedErrors()).toEqual([]);
  });

  it('remembers a nonce only within the nonce window', async () => {
    const t = fake.state.transport;
    const channel = fake.channel('two').id;
    const post = async () =>
      (
        (await (
          await raw('POST', `/channels/${channel}/messages`, { content: 'once', nonce: 'n-1', enforce_nonce: true })
        ).json()) as { id: string }
      ).id;
    const first = await post();
    expect(await post()).toBe(first);
    const realNow = t.now;
    t.now = () => realNow() + t.nonceWindowMs + 1;
    try {
      expect(await post()).not.toBe(first);
    } finally {
      t.now = realNow;
    }
    expect(fake.channelMessages('two').filter((m) => m.content === 'once')).toHaveLength(2);
  });

  it('pins and unpins with PIN_MESSAGES, like Discord', async () => {
    const channel = fake.channel('three').id;
    const dispatched: string[] = [];
    fake.state.events.on('dispatch', (t: string) => dispatched.push(t));
    const message = (await rest.post(Routes.channelMessages(channel), { body: { content: 'pin me' } })) as {
      id: string;
    };
    await rest.put(Routes.channelMessagesPin(channel, message.id));
    expect(((await rest.get(Routes.channelMessage(channel, message.id))) as { pinned: boolean }).pinned).toBe(true);
    const system = fake.channelMessages('three').at(-1)!;
    expect(system).toMatchObject({ type: 6, reference: message.id });
    expect(
      ((await rest.get(Routes.channelMessagesPins(channel))) as { items: { message: { id: string } }[] }).items.map(
        (i) => i.message.id,
      ),
    ).toEqual([message.id]);
    expect(((await rest.get(Routes.channelPins(channel))) as { id: string }[]).map((m) => m.id)).toEqual([message.id]);
    await expect(rest.put(Routes.channelMessagesPin(channel, system.id))).rejects.toMatchObject({ code: 50021 });
    fake.state.requests.at(-1)!.expected = true;
    await rest.delete(Routes.channelMessagesPin(channel, message.id));
    expect(fake.state.pinnedMessages(channel)).toEqual([]);
    expect(dispatched.filter((t) => t === 'CHANNEL_PINS_UPDATE')).toHaveLength(2);

    fake.state.denyToBot(channel, 'PIN_MESSAGES');
    await expect(rest.put(Routes.channelMessagesPin(channel, message.id))).rejects.toMatchObject({
      code: 50013,
      status: 403,
    });
    fake.state.allowToBot(channel);
    expect(fake.unexpectedErrors()).toEqual([]);
  });

  it('creates threads (from a message or not), posts in them, and refuses a locked archived one', async () => {
    const client = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: fake.apiBase } });
    const ready = new Promise((r) => client.once(Events.ClientReady, r));
    await client.login(fake.token);
    await ready;
    try {
      const parent = fake.channel('one').id;
      const created = new Promise<ThreadChannel>((r) => client.once(Events.ThreadCreate, (t) => r(t)));
      const thread = (await rest.post(Routes.threads(parent), { body: { name: 'Diplomacy talk', type: 11 } })) as {
        id: string;
        parent_id: string;
      };
      expect(thread.parent_id).toBe(parent);
      expect((await created).name).toBe('Diplomacy talk');
      expect(fake.channelMessages('one').at(-1)).toMatchObject({ type: 18, reference: thread.id });
      await rest.post(Routes.channelMessages(thread.id), { body: { content: 'inside' } });
      expect(fake.channelMessages(thread.id).map((m) => m.content)).toEqual(['inside']);

      const starter = (await rest.post(Routes.channelMessages(parent), { body: { content: 'results' } })) as {
        id: string;
      };
      const fromMessage = (await rest.post(Routes.threads(parent, starter.id), { body: { name: 'Discuss' } })) as {
        id: string;
        type: number;
      };
      expect(fromMessage).toMatchObject({ id: starter.id, type: 11 });
      await expect(rest.post(Routes.threads(parent, starter.id), { body: { name: 'again' } })).rejects.toMatchObject({
        code: 160004,
      });
      fake.state.requests.at(-1)!.expected = true;

      await rest.put(Routes.threadMembers(thread.id, fake.user('alice').id));
      expect(
        ((await rest.get(Routes.threadMembers(thread.id))) as { user_id: string }[]).map((m) => m.user_id).sort(),
      ).toEqual([fake.botUser.id, fake.user('alice').id].sort());
      await rest.patch(Routes.channel(thread.id), { body: { archived: true } });
      await rest.post(Routes.channelMessages(thread.id), { body: { content: 'reopens it' } });
      expect(fake.state.channels.get(thread.id)!.thread!.archived).toBe(false);
      await rest.patch(Routes.channel(thread.id), { body: { archived: true, locked: true } });
      await expect(rest.post(Routes.channelMessages(thread.id), { body: { content: 'no' } })).rejects.toMatchObject({
        code: 50083,
      });
      fake.state.denyToBot(parent, 'SEND_MESSAGES_IN_THREADS');
      await expect(
        rest.post(Routes.channelMessages(fromMessage.id), { body: { content: 'no' } }),
      ).rejects.toMatchObject({ code: 50013 });
      fake.state.allowToBot(parent);
      expect(fake.unexpectedErrors()).toEqual([]);
    } finally {
      await client.destroy();
    }
  });
});
