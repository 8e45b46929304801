/**
 * Autocomplete choices shared by several commands.
 */
import type { AutocompleteInteraction } from 'discord.js';
import { findOpenGame } from '../game/index.js';
import type { BotContext } from './context.js';
import { choiceName, MAX_CHOICES } from './text.js';
import { variantOfGame } from '../game/variant-of-game.js';

/** The powers of the channel's game whose name contains what was typed (nothing when there is no game). */
export async function respondWithPowers(ctx: BotContext, interaction: AutocompleteInteraction): Promise<void> {
  const game = findOpenGame(ctx.deps, interaction.channelId);
  const variant = game ? variantOfGame(game) : undefined;
  if (!variant) return interaction.respond([]);
  const typed = interaction.options.getFocused().trim().toLowerCase();
  const powers = variant.powers
    .map((p) => p.name)
    .filter((p) => p.toLowerCase().includes(typed))
    .slice(0, MAX_CHOICES);
  await interaction.respond(powers.map((p) => ({ name: choiceName(p), value: p })));
}
