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
import { readerOf, wordLines } from '../locale.js';
import { callerOf, replyPrivately, replyRejected } from '../respond.js';
import { choiceName, MAX_CHOICES } from '../text.js';
import { variantOfGame } from '../../game/core/index.js';
import { provinceName } from '../../variants/names.js';

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
  return replyPrivately(interaction, wordLines(readerOf(interaction), r.lines));
}

async function autocomplete(ctx: BotContext, interaction: AutocompleteInteraction): Promise<void> {
  const game = await findOpenGame(ctx.deps, interaction.channelId);
  const variant = game ? variantOfGame(game) : undefined;
  if (!variant) return interaction.respond([]);
  const typed = interaction.options.getFocused().trim().toLowerCase();
  // The member's names for the provinces (docs/locales.md "Names"), the map's own and the ids alike.
  const locale = readerOf(interaction);
  const provinces = [...variant.map.provinces.values()]
    .filter((p) => p.kind !== 'impassable')
    .map((p) => ({ p, name: provinceName(variant, locale, p.id) }));
  const matches = provinces
    .filter(
      ({ p, name }) =>
        typed === '' ||
        p.id.startsWith(typed) ||
        name.toLowerCase().includes(typed) ||
        p.name.toLowerCase().includes(typed) ||
        p.aliases.some((a) => a.toLowerCase().startsWith(typed)),
    )
    .sort(
      (a, b) =>
        Number(!a.p.id.startsWith(typed)) - Number(!b.p.id.startsWith(typed)) || a.name.localeCompare(b.name, locale),
    )
    .slice(0, MAX_CHOICES);
  await interaction.respond(matches.map(({ p, name }) => ({ name: choiceName(`${name} (${p.id})`), value: p.id })));
}

export const whyCommand: BotCommand = { data, execute, autocomplete, privateReplies: true };
