/**
 * `/why province:<name>`: the reason for the last result in a province (from the adjudicator's results).
 */
import {
  InteractionContextType,
  SlashCommandBuilder,
  type AutocompleteInteraction,
  type ChatInputCommandInteraction,
} from 'discord.js';
import { findOpenGame, why } from '../../game/history/index.js';
import type { BotCommand } from '../command.js';
import type { BotContext } from '../context.js';
import { callerOf, replyPrivately, replyRejected } from '../respond.js';
import { choiceName, MAX_CHOICES } from '../text.js';
import { variantOfGame } from '../../game/core/index.js';

const data = new SlashCommandBuilder()
  .setName('why')
  .setDescription('Why the last order in a province succeeded or failed')
  .setContexts(InteractionContextType.Guild)
  .addStringOption((o) =>
    o
      .setName('province')
      .setDescription('Province name or abbreviation')
      .setRequired(true)
      .setAutocomplete(true)
      .setMaxLength(60),
  )
  .toJSON();

async function execute(ctx: BotContext, interaction: ChatInputCommandInteraction): Promise<void> {
  const r = await why(ctx.deps, {
    channelId: callerOf(interaction).channelId,
    province: interaction.options.getString('province', true),
    userId: interaction.user.id,
  });
  if (!r.ok) return replyRejected(interaction, r);
  return replyPrivately(interaction, r.text);
}

async function autocomplete(ctx: BotContext, interaction: AutocompleteInteraction): Promise<void> {
  const game = await findOpenGame(ctx.deps, interaction.channelId);
  const variant = game ? variantOfGame(game) : undefined;
  if (!variant) return interaction.respond([]);
  const typed = interaction.options.getFocused().trim().toLowerCase();
  const provinces = [...variant.map.provinces.values()].filter((p) => p.kind !== 'impassable');
  const matches = provinces
    .filter(
      (p) =>
        typed === '' ||
        p.id.startsWith(typed) ||
        p.name.toLowerCase().includes(typed) ||
        p.aliases.some((a) => a.toLowerCase().startsWith(typed)),
    )
    .sort((a, b) => Number(!a.id.startsWith(typed)) - Number(!b.id.startsWith(typed)) || a.name.localeCompare(b.name))
    .slice(0, MAX_CHOICES);
  await interaction.respond(matches.map((p) => ({ name: choiceName(`${p.name} (${p.id})`), value: p.id })));
}

export const whyCommand: BotCommand = { data, execute, autocomplete, privateReplies: true };
