/**
 * Autocomplete choices shared by several commands.
 */
import type { AutocompleteInteraction } from 'discord.js';
import { type Level, variantOfGame } from '../game/core/index.js';
import { findOpenGame } from '../game/history/index.js';
import { localizedChoice } from './command-locales.js';
import type { BotContext } from './context.js';
import { choiceName, MAX_CHOICES } from './text.js';

/** The powers of the channel's game whose name contains what was typed (nothing when there is no game). */
export async function respondWithPowers(ctx: BotContext, interaction: AutocompleteInteraction): Promise<void> {
  const game = await findOpenGame(ctx.deps, interaction.channelId);
  const variant = game ? variantOfGame(game) : undefined;
  if (!variant) return interaction.respond([]);
  const typed = interaction.options.getFocused().trim().toLowerCase();
  const powers = variant.powers
    .map((p) => p.name)
    .filter((p) => p.toLowerCase().includes(typed))
    .slice(0, MAX_CHOICES);
  await interaction.respond(powers.map((p) => ({ name: choiceName(p), value: p })));
}

/** The computer players' levels as slash-command choices (`/game create computer-level:`, `/gm replace level:`). */
export const LEVEL_CHOICES = [
  localizedChoice('command.common.level.easy', 'easy'),
  localizedChoice('command.common.level.normal', 'normal'),
  localizedChoice('command.common.level.hard', 'hard'),
] satisfies { value: Level }[];
