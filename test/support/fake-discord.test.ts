/**
 * The fake Discord against a real discord.js 14.28.1 Client: login, command registration, replies,
 * defer + edit with a PNG, channel posts with attachments, edits in place, DMs, autocomplete,
 * error codes (closed DMs, deleted channels, double acknowledgement), RESUME after op 7, and the first follow-up
 * after a deferral standing for its edit (with the deferral's visibility), as on Discord.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ActionRowBuilder,
  AttachmentBuilder,
  ButtonBuilder,
  ButtonStyle,
  Client,
  DiscordAPIError,
  Events,
  GatewayIntentBits,
  MessageFlags,
  SlashCommandBuilder,
  type Interaction,
  Routes,
  type TextChannel,
} from 'discord.js';
import { FakeDiscord } from './fake-discord/index.js';

/** A 1×1 PNG, enough to check that bytes survive the multipart round trip. */
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000001e221bc330000000049454e44ae426082',
  'hex',
);

const commands = [
  new SlashCommandBuilder().setName('ping').setDescription('pong'),
  new SlashCommandBuilder().setName('map').setDescription('deferred reply with a PNG'),
  new SlashCommandBuilder().setName('post').setDescription('channel post with a PNG, then an ephemeral reply'),
  new SlashCommandBuilder().setName('dm').setDescription('DM the caller'),
  new SlashCommandBuilder().setName('twice').setDescription('replies twice (a bot bug the fake must flag)'),
  new SlashCommandBuilder().setName('long').setDescription('replies with 2001 characters'),
  new SlashCommandBuilder().setName('alt').setDescription('replies with a picture whose alt text is 1025 characters'),
  new SlashCommandBuilder().setName('pubdefer').setDescription('public deferral, then two ephemeral follow-ups'),
  new SlashCommandBuilder().setName('privdefer').setDescription('ephemeral deferral, then two public follow-ups'),
  new SlashCommandBuilder().setName('tick').setDescription('a public post with a button'),
  new SlashCommandBuilder()
    .setName('order')
    .setDescription('orders')
    .addStringOption((o) => o.setName('orders').setDescription('orders').setRequired(true).setAutocomplete(true)),
  new SlashCommandBuilder()
    .setName('gm')
    .setDescription('game master')
    .addSubcommand((s) =>
      s
        .setName('replace')
        .setDescription('replace')
        .addStringOption((o) =>
          o
            .setName('power')
            .setDescription('power')
            .setRequired(true)
            .addChoices({ name: 'England', value: 'England' }),
        )
        .addUserOption((o) => o.setName('user').setDescription('user').setRequired(true)),
    ),
].map((c) => c.toJSON());

describe('fake Discord with a real discord.js client', () => {
  let fake: FakeDiscord;
  let client: Client;
  const handlerErrors: unknown[] = [];
  let statusMessageId = '';

  async function handle(interaction: Interaction): Promise<void> {
    if (interaction.isAutocomplete()) {
      const typed = interaction.options.getFocused();
      await interaction.respond([
        { name: `${typed} H`, value: `${typed} H` },
        { name: `${typed} - bur`, value: `${typed} - bur` },
      ]);
      return;
    }
    if (interaction.isButton()) {
      // A silent acknowledgement (6): the follow-up is a message of its own, as ephemeral as it says.
      await interaction.deferUpdate();
      await interaction.followUp({ content: 'ticked', flags: MessageFlags.Ephemeral });
      return;
    }
    if (!interaction.isChatInputCommand()) return;
    switch (interaction.commandName) {
      case 'pubdefer':
        await interaction.deferReply();
        await interaction.followUp({ content: 'first, asked private', flags: MessageFlags.Ephemeral });
        await interaction.followUp({ content: 'second, private', flags: MessageFlags.Ephemeral });
        return;
      case 'privdefer':
        await interaction.deferReply({ flags: MessageFlags.Ephemeral });
        await interaction.followUp({ content: 'first, asked public' });
        await interaction.followUp({ content: 'second, public' });
        return;
      case 'tick':
        await interaction.reply({
          content: 'tick?',
          components: [
            new ActionRowBuilder<ButtonBuilder>().addComponents(
              new ButtonBuilder().setCustomId('tick-it').setLabel('Tick').setStyle(ButtonStyle.Primary),
            ),
          ],
        });
        return;
      case 'ping':
        await interaction.reply({ content: 'pong', flags: MessageFlags.Ephemeral });
        return;
      case 'map':
        await interaction.deferReply();
        await interaction.editReply({
          content: 'the map',
          files: [new AttachmentBuilder(PNG, { name: 'map.png', description: 'the board' })],
        });
        return;
      case 'post': {
        const channel = interaction.channel as TextChannel;
        const sent = await channel.send({
          content: 'status v1',
          files: [new AttachmentBuilder(PNG, { name: 'turn1.png' })],
        });
        statusMessageId = sent.id;
        await sent.edit({ content: 'status v2' });
        // The same nonce with enforce_nonce is answered with the first message, not posted again.
        const once = await channel.send({ content: 'only once', nonce: 'nonce-1', enforceNonce: true });
        const again = await channel.send({ content: 'only once', nonce: 'nonce-1', enforceNonce: true });
        if (once.id !== again.id) throw new Error('enforce_nonce posted twice');
        await interaction.reply({ content: 'posted', flags: MessageFlags.Ephemeral });
        return;
      }
      case 'dm':
        try {
          await interaction.user.send('your secret orders');
          await interaction.reply({ content: 'sent', flags: MessageFlags.Ephemeral });
        } catch (e) {
          const code = e instanceof DiscordAPIError ? e.code : 'unknown';
          await interaction.reply({ content: `dm failed: ${code}`, flags: MessageFlags.Ephemeral });
        }
        return;
      case 'twice':
        // discord.js refuses a second reply itself, so go around it to the REST API.
        await interaction.reply('one');
        await client.rest.post(Routes.interactionCallback(interaction.id, interaction.token), {
          body: { type: 4, data: { content: 'two' } },
          auth: false,
        });
        return;
      case 'long':
        await interaction.reply('x'.repeat(2001));
        return;
      case 'alt':
        await interaction.reply({
          files: [new AttachmentBuilder(PNG, { name: 'map.png', description: 'x'.repeat(1025) })],
        });
        return;
      case 'order':
        await interaction.reply({
          content: `stored: ${interaction.options.getString('orders', true)}`,
          flags: MessageFlags.Ephemeral,
        });
        return;
      case 'gm': {
        const user = interaction.options.getUser('user', true);
        await interaction.reply(
          `${interaction.options.getSubcommand()} ${interaction.options.getString('power')} -> ${user.username}`,
        );
        return;
      }
    }
  }

  beforeAll(async () => {
    fake = await FakeDiscord.start({ users: ['alice', 'bob'], channels: ['general', 'other'], heartbeatInterval: 300 });
    client = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: fake.apiBase } });
    client.on(Events.InteractionCreate, (interaction) => {
      handle(interaction).catch((e: unknown) => handlerErrors.push(e));
    });
    const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
    await client.login(fake.token);
    await ready;
    await client.application!.commands.set(commands, fake.guildId);
  });

  afterAll(async () => {
    await client?.destroy();
    await fake?.close();
  });

  it('logs in with READY + GUILD_CREATE and caches the guild and its channels', () => {
    const guild = client.guilds.cache.get(fake.guildId);
    expect(guild?.name).toBe('Fake Guild');
    expect(client.channels.cache.get(fake.channel('general').id)?.isTextBased()).toBe(true);
    expect(client.user?.id).toBe(fake.botUser.id);
  });

  it('registers guild and global commands', async () => {
    expect(fake.registeredCommands.filter((c) => c.guildId === fake.guildId).map((c) => c.name)).toContain('order');
    await client.application!.commands.set([commands[0]!]);
    expect(fake.registeredCommands.filter((c) => c.guildId === null).map((c) => c.name)).toEqual(['ping']);
    const fetched = await client.application!.commands.fetch({ guildId: fake.guildId });
    expect(fetched.size).toBe(commands.length);
  });

  it('delivers a slash command and records an ephemeral reply only its user sees', async () => {
    const i = await fake.slash('alice', 'general', 'ping');
    expect(i.text).toBe('pong');
    expect(i.ephemeral).toBe(true);
    expect(i.ackMs).toBeGreaterThan(0);
    expect(i.ackMs).toBeLessThan(1000);
    expect(fake.privateTo('alice').some((d) => d.content === 'pong')).toBe(true);
    expect(fake.seenBy('bob').some((d) => d.content === 'pong')).toBe(false);
    expect(fake.channelMessages('general').some((m) => m.content === 'pong')).toBe(false);
  });

  it('defer + edit carries a PNG intact', async () => {
    const i = await fake.slash('alice', 'general', 'map');
    expect(i.responses.map((r) => r.kind)).toEqual(['defer', 'edit']);
    expect(i.finalText).toBe('the map');
    expect(i.attachments[0]?.filename).toBe('map.png');
    expect(i.attachments[0]?.data.equals(PNG)).toBe(true);
    expect(i.attachments[0]?.description).toBe('the board');
    expect(fake.channelMessages('general').some((m) => m.content === 'the map')).toBe(true);
  });

  it("makes the first follow-up after a deferral the deferral's message, public as the deferral was", async () => {
    const i = await fake.slash('alice', 'general', 'pubdefer');
    await i.waitForResponse((r) => r.kind === 'followUp', 3000);
    expect(i.responses.map((r) => r.kind)).toEqual(['defer', 'edit', 'followUp']);
    expect(i.responses[1]).toMatchObject({ ephemeral: false, viaFollowUp: true, content: 'first, asked private' });
    expect(i.finalText).toBe('first, asked private');
    // Its own ephemeral flag is ignored: the whole channel reads it.
    const first = fake.replyMessage(i);
    expect(first.content).toBe('first, asked private');
    expect(fake.channelMessages('general').map((m) => m.id)).toContain(first.id);
    expect(fake.seenBy('bob').some((d) => d.content === 'first, asked private')).toBe(true);
    // The second is a message of its own, private as it asked.
    expect(i.responses[2]).toMatchObject({ ephemeral: true, content: 'second, private' });
    expect(i.responses[2]!.messageId).not.toBe(first.id);
    expect(fake.seenBy('bob').some((d) => d.content === 'second, private')).toBe(false);
    expect(fake.privateTo('alice').some((d) => d.content === 'second, private')).toBe(true);
  });

  it('makes the first follow-up after a private deferral private, whatever it asked; the next one public', async () => {
    const i = await fake.slash('alice', 'general', 'privdefer');
    await i.waitForResponse((r) => r.kind === 'followUp', 3000);
    expect(i.ephemeral).toBe(true);
    expect(i.responses.map((r) => r.kind)).toEqual(['defer', 'edit', 'followUp']);
    expect(i.responses[1]).toMatchObject({ ephemeral: true, viaFollowUp: true, content: 'first, asked public' });
    expect(fake.replyMessage(i).flags & MessageFlags.Ephemeral).toBe(MessageFlags.Ephemeral);
    expect(fake.seenBy('bob').some((d) => d.content === 'first, asked public')).toBe(false);
    expect(fake.channelMessages('general').some((m) => m.content === 'first, asked public')).toBe(false);
    expect(i.responses[2]).toMatchObject({ ephemeral: false, content: 'second, public' });
    expect(fake.seenBy('bob').some((d) => d.content === 'second, public')).toBe(true);
  });

  it('keeps a follow-up after a deferred update (callback 6) a message of its own', async () => {
    const post = await fake.slash('alice', 'general', 'tick');
    const clicked = await fake.click('bob', post, { label: 'Tick' });
    await clicked.waitForResponse((r) => r.kind === 'followUp', 3000);
    expect(clicked.responses.map((r) => r.kind)).toEqual(['deferUpdate', 'followUp']);
    expect(clicked.responses[1]).toMatchObject({ ephemeral: true, content: 'ticked' });
    expect(fake.replyMessage(post).content).toBe('tick?');
    expect(fake.seenBy('alice').some((d) => d.content === 'ticked')).toBe(false);
    expect(fake.privateTo('bob').some((d) => d.content === 'ticked')).toBe(true);
    expect(handlerErrors).toEqual([]);
  });

  it('posts to a channel with an attachment and edits the message in place', async () => {
    await fake.slash('bob', 'general', 'post');
    const status = fake.channelMessages('general').find((m) => m.id === statusMessageId)!;
    expect(status.content).toBe('status v2');
    expect(status.history.map((h) => h.content)).toEqual(['status v1']);
    expect(status.attachments[0]?.data.equals(PNG)).toBe(true);
    const waited = await fake.waitForChannelMessage('general', (m) => m.content === 'status v2', 100);
    expect(waited.id).toBe(statusMessageId);
    expect(fake.channelMessages('general').filter((m) => m.content === 'only once')).toHaveLength(1);
    expect(fake.state.nonceRepeats).toBe(1);
    expect(handlerErrors).toEqual([]);
  });

  it('sends DMs, and answers 50007 when the user closed them', async () => {
    const i = await fake.slash('bob', 'general', 'dm');
    expect(i.text).toBe('sent');
    expect(fake.dms('bob').map((m) => m.content)).toEqual(['your secret orders']);
    expect(fake.seenBy('alice').some((d) => d.content.includes('secret'))).toBe(false);

    fake.closeDms('alice');
    const refused = await fake.slash('alice', 'general', 'dm');
    expect(refused.text).toBe('dm failed: 50007');
    expect(fake.requests.some((r) => r.errorCode === 50007 && r.expected)).toBe(true);
    fake.openDms('alice');
  });

  it('proposes autocomplete choices and passes typed options, subcommands and users', async () => {
    const choices = await fake.autocomplete('alice', 'general', 'order', { orders: 'A par' }, 'orders');
    expect(choices.map((c) => c.value)).toEqual(['A par H', 'A par - bur']);
    const stored = await fake.slash('alice', 'general', 'order', { orders: 'A par - bur' });
    expect(stored.text).toBe('stored: A par - bur');
    const gm = await fake.slash('alice', 'general', 'gm replace', { power: 'England', user: 'bob' });
    expect(gm.text).toBe('replace England -> bob');
    expect(() => fake.slashNoWait('alice', 'general', 'gm replace', { power: 'France', user: 'bob' })).toThrow(
      /not one of the choices/,
    );
    expect(() => fake.slashNoWait('alice', 'general', 'order', {})).toThrow(/required option "orders"/);
    expect(() => fake.slashNoWait('alice', 'general', 'nope')).toThrow(/not registered/);
  });

  it('answers 404 Unknown Channel for a deleted channel and tells the client', async () => {
    const other = fake.channel('other');
    const gone = new Promise<void>((resolve) => client.once(Events.ChannelDelete, () => resolve()));
    fake.deleteChannel('other');
    await gone;
    expect(client.channels.cache.has(other.id)).toBe(false);
    const err = await client.channels.fetch(other.id).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DiscordAPIError);
    expect((err as DiscordAPIError).code).toBe(10003);
  });

  it('resumes after op 7 RECONNECT and keeps working', async () => {
    const resumed = new Promise<void>((resolve) => client.once(Events.ShardResume, () => resolve()));
    const reconnected = fake.requestReconnect();
    // Dispatched while the client reconnects: replayed after RESUME from the sequence number it had.
    const during = fake.slashNoWait('alice', 'general', 'ping');
    await reconnected;
    await resumed;
    await during.waitForResponse((r) => r.kind === 'reply', 3000);
    expect(during.text).toBe('pong');
    const i = await fake.slash('bob', 'general', 'ping');
    expect(i.text).toBe('pong');
    expect(fake.gateway.received.some((f) => f.op === 6)).toBe(true);
    await expect.poll(() => fake.gateway.received.some((f) => f.op === 1)).toBe(true);
  });

  it('flags bot bugs as unexpected errors: double acknowledgement, content over 2000 characters', async () => {
    expect(fake.unexpectedErrors()).toEqual([]);
    const flagged: number[] = [];
    fake.onHttpError((e) => flagged.push(e.errorCode ?? 0));
    await fake.slash('alice', 'general', 'twice');
    // The second acknowledgement is refused after the first reply arrives: wait for it, so the order below is fixed.
    await expect.poll(() => flagged).toEqual([40060]);
    const long = fake.slashNoWait('alice', 'general', 'long');
    await expect(long.waitForResponse(() => true, 500)).rejects.toThrow(/no matching response/);
    await expect.poll(() => handlerErrors.length).toBe(2);
    expect(flagged).toEqual([40060, 50035]);
    expect(fake.unexpectedErrors().map((e) => e.errorCode)).toEqual([40060, 50035]);
  });

  it("refuses an attachment's alt text over 1024 characters, as Discord does", async () => {
    const flagged: number[] = [];
    fake.onHttpError((e) => flagged.push(e.errorCode ?? 0));
    const alt = fake.slashNoWait('alice', 'general', 'alt');
    await expect(alt.waitForResponse(() => true, 500)).rejects.toThrow(/no matching response/);
    await expect.poll(() => flagged).toContain(50035);
  });

  it('rejects a wrong token at login', async () => {
    const bad = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: fake.apiBase } });
    await expect(bad.login('wrong-token')).rejects.toThrow(/token/i);
    await bad.destroy();
  });
});
