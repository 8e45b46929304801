/**
 * Message components and modals in the fake Discord, against a real discord.js client: buttons and selects
 * (interaction type 3), modal submits (type 5), callbacks 6/7/9, and Discord's limits (custom_id ≤ 100,
 * ≤ 5 action rows, ≤ 5 buttons a row, which callback fits which interaction, who may click what).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ActionRowBuilder,
  ButtonBuilder,
  ButtonStyle,
  Client,
  Events,
  GatewayIntentBits,
  MessageFlags,
  ModalBuilder,
  SlashCommandBuilder,
  StringSelectMenuBuilder,
  TextInputBuilder,
  TextInputStyle,
  type Interaction,
} from 'discord.js';
import { FakeDiscord } from './fake-discord/index.js';

const names = ['ask', 'paste', 'rows', 'wide', 'longid', 'badmodal', 'update', 'shout'];
const commands = names.map((n) => new SlashCommandBuilder().setName(n).setDescription(n).toJSON());

const button = (id: string, label: string, disabled = false) =>
  new ButtonBuilder().setCustomId(id).setLabel(label).setStyle(ButtonStyle.Primary).setDisabled(disabled);

describe('fake Discord: message components and modals', () => {
  let fake: FakeDiscord;
  let client: Client;
  const refused: string[] = [];

  async function handle(interaction: Interaction): Promise<void> {
    if (interaction.isChatInputCommand()) {
      switch (interaction.commandName) {
        case 'ask': {
          const row = new ActionRowBuilder<ButtonBuilder>().addComponents(
            button('yes', 'Yes'),
            button('no', 'No'),
            button('off', 'Off', true),
          );
          const menu = new ActionRowBuilder<StringSelectMenuBuilder>().addComponents(
            new StringSelectMenuBuilder()
              .setCustomId('pick')
              .setMaxValues(2)
              .addOptions(
                { label: 'France', value: 'France' },
                { label: 'Germany', value: 'Germany' },
                { label: 'Italy', value: 'Italy' },
              ),
          );
          await interaction.reply({ content: 'Sure?', components: [row, menu], flags: MessageFlags.Ephemeral });
          return;
        }
        case 'paste': {
          const modal = new ModalBuilder()
            .setCustomId('orders-modal')
            .setTitle('Paste your orders')
            .addComponents(
              new ActionRowBuilder<TextInputBuilder>().addComponents(
                new TextInputBuilder()
                  .setCustomId('orders')
                  .setLabel('Orders')
                  .setStyle(TextInputStyle.Paragraph)
                  .setMaxLength(50),
              ),
            );
          await interaction.showModal(modal);
          return;
        }
        case 'rows': {
          const rows = Array.from({ length: 6 }, (_, i) =>
            new ActionRowBuilder<ButtonBuilder>().addComponents(button(`r${i}`, `R${i}`)),
          );
          await interaction
            .reply({ content: 'six rows', components: rows })
            .catch((e: Error) => refused.push(e.message));
          if (!interaction.replied) await interaction.reply({ content: 'fallback', flags: MessageFlags.Ephemeral });
          return;
        }
        case 'wide': {
          const row = new ActionRowBuilder<ButtonBuilder>().addComponents(
            ...Array.from({ length: 6 }, (_, i) => button(`w${i}`, `W${i}`)),
          );
          await interaction
            .reply({ content: 'six buttons', components: [row] })
            .catch((e: Error) => refused.push(e.message));
          if (!interaction.replied) await interaction.reply({ content: 'fallback', flags: MessageFlags.Ephemeral });
          return;
        }
        case 'longid': {
          // Raw JSON: discord.js's builders would refuse the id before it is sent.
          const row = { type: 1, components: [{ type: 2, style: 1, label: 'Long', custom_id: 'x'.repeat(101) }] };
          await interaction
            .reply({ content: 'long id', components: [row] })
            .catch((e: Error) => refused.push(e.message));
          if (!interaction.replied) await interaction.reply({ content: 'fallback', flags: MessageFlags.Ephemeral });
          return;
        }
        case 'badmodal': {
          const modal = {
            custom_id: 'm',
            title: 't'.repeat(46),
            components: [{ type: 1, components: [{ type: 4, custom_id: 'a', label: 'A', style: 1 }] }],
          };
          await interaction.showModal(modal as never).catch((e: Error) => refused.push(e.message));
          if (!interaction.replied) await interaction.reply({ content: 'fallback', flags: MessageFlags.Ephemeral });
          return;
        }
        case 'shout': {
          // Without allowed_mentions Discord pings every mention in the content; with it, only what it allows.
          const channel = interaction.channel!;
          if (!channel.isSendable()) return;
          await channel.send({ content: '@everyone <@&123456789012345678> loud' });
          await channel.send({
            content: '@everyone <@&123456789012345678> quiet',
            allowedMentions: { parse: [], roles: ['123456789012345678'] },
          });
          await interaction.reply({ content: 'shouted', flags: MessageFlags.Ephemeral });
          return;
        }
        case 'update': {
          // A message-update callback (7) answers only a component: Discord refuses it for a slash command.
          await client.rest
            .post(`/interactions/${interaction.id}/${interaction.token}/callback`, {
              body: { type: 7, data: { content: 'x' } },
              auth: false,
            })
            .catch((e: Error) => refused.push(e.message));
          await interaction.reply({ content: 'fallback', flags: MessageFlags.Ephemeral });
          return;
        }
      }
      return;
    }
    if (interaction.isButton()) {
      if (interaction.customId === 'yes') {
        await interaction.update({ content: 'Done.', components: [] });
      } else {
        await interaction.deferUpdate();
        await interaction.editReply({ content: 'Cancelled.', components: [] });
      }
      return;
    }
    if (interaction.isStringSelectMenu()) {
      await interaction.reply({ content: `Picked ${interaction.values.join(' and ')}`, flags: MessageFlags.Ephemeral });
      return;
    }
    if (interaction.isModalSubmit()) {
      await interaction.reply({
        content: `Got: ${interaction.fields.getTextInputValue('orders')}`,
        flags: MessageFlags.Ephemeral,
      });
    }
  }

  beforeAll(async () => {
    fake = await FakeDiscord.start({ users: ['alice', 'bob'], channels: ['general'] });
    client = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: fake.apiBase } });
    client.on(
      Events.InteractionCreate,
      (i) => void handle(i).catch((e: Error) => refused.push(`handler: ${e.message}`)),
    );
    await client.login(fake.token);
    await fake.waitForClient();
    await client.rest.put(`/applications/${fake.applicationId}/guilds/${fake.guildId}/commands`, { body: commands });
  });

  afterAll(async () => {
    await client?.destroy();
    await fake?.close();
  });

  it('clicks a button on an ephemeral reply; the bot updates the message in place (callback 7)', async () => {
    const asked = await fake.slash('alice', 'general', 'ask');
    expect(fake.buttons(asked).map((b) => b.label)).toEqual(['Yes', 'No', 'Off']);
    const clicked = await fake.click('alice', asked, 'yes');
    expect(clicked.type).toBe(3);
    expect(clicked.responses.map((r) => r.kind)).toEqual(['update']);
    expect(clicked.ephemeral).toBe(true);
    const message = fake.replyMessage(asked);
    expect(message.content).toBe('Done.');
    expect(fake.buttons(message)).toEqual([]);
  });

  it('acknowledges with a deferred update (callback 6), then edits the component message', async () => {
    const asked = await fake.slash('alice', 'general', 'ask');
    const clicked = await fake.click('alice', asked, { label: 'No' });
    expect(clicked.responses.map((r) => r.kind)).toEqual(['deferUpdate', 'edit']);
    expect(fake.replyMessage(asked).content).toBe('Cancelled.');
  });

  it('lets only the user an ephemeral message answered click it, and never a disabled button', async () => {
    const asked = await fake.slash('alice', 'general', 'ask');
    await expect(fake.click('bob', asked, 'yes')).rejects.toThrow(/ephemeral/);
    await expect(fake.click('alice', asked, 'off')).rejects.toThrow(/disabled/);
    await expect(fake.click('alice', asked, 'nope')).rejects.toThrow(/no button/);
  });

  it('sends select values within the menu options and counts', async () => {
    const asked = await fake.slash('alice', 'general', 'ask');
    const picked = await fake.select('alice', asked, 'pick', ['France', 'Italy']);
    expect(picked.text).toBe('Picked France and Italy');
    await expect(fake.select('alice', asked, 'pick', ['Russia'])).rejects.toThrow(/not an option/);
    await expect(fake.select('alice', asked, 'pick', ['France', 'Germany', 'Italy'])).rejects.toThrow(/1-2 values/);
  });

  it('opens a modal (callback 9) and submits it once (type 5), within its lengths', async () => {
    const opened = await fake.slash('alice', 'general', 'paste');
    expect(opened.responses.map((r) => r.kind)).toEqual(['modal']);
    expect(opened.modal?.title).toBe('Paste your orders');
    await expect(fake.submitModal('bob', opened, { orders: 'A par H' })).rejects.toThrow(/only to the user/);
    await expect(fake.submitModal('alice', opened, { orders: 'x'.repeat(51) })).rejects.toThrow(/at most 50/);
    await expect(fake.submitModal('alice', opened, {})).rejects.toThrow(/required/);
    const submitted = await fake.submitModal('alice', opened, { orders: 'A par H\nF bre - mao' });
    expect(submitted.type).toBe(5);
    expect(submitted.text).toBe('Got: A par H\nF bre - mao');
    await expect(fake.submitModal('alice', opened, { orders: 'again' })).rejects.toThrow(/already submitted/);
  });

  it('computes pings as Discord does: every mention without allowed_mentions, only the allowed ones with it', async () => {
    await fake.slash('alice', 'general', 'shout');
    const [loud, quiet] = fake
      .channelMessages('general')
      .filter((m) => m.content.endsWith('loud') || m.content.endsWith('quiet'));
    expect(fake.allowedMentions(loud!)).toBeNull();
    expect(fake.pings(loud!)).toEqual({ users: [], roles: ['123456789012345678'], everyone: true });
    expect(fake.pings(quiet!)).toEqual({ users: [], roles: ['123456789012345678'], everyone: false });
  });

  it('refuses what Discord refuses: 6 rows, 6 buttons in a row, a 101-character custom_id, a 46-character modal title, callback 7 for a command', async () => {
    refused.length = 0;
    for (const name of ['rows', 'wide', 'longid', 'badmodal', 'update']) {
      const i = await fake.slash('alice', 'general', name);
      expect(i.text).toBe('fallback');
    }
    expect(refused).toHaveLength(5);
    expect(refused[0]).toMatch(/components: Must be 5 or fewer/);
    expect(refused[1]).toMatch(/Must be 5 or fewer in length \(got 6\)/);
    expect(refused[2]).toMatch(/custom_id: Must be between 1 and 100/);
    expect(refused[3]).toMatch(/title: Must be between 1 and 45/);
    expect(refused[4]).toMatch(/callback type 7 is not allowed for interaction type 2/);
    expect(fake.unexpectedErrors()).toHaveLength(5);
  });
});
