/**
 * `/act action: [choice:] [detail:]`: a player's action beyond orders, as the channel's game's variant defines it
 * (src/bot/act.ts; e.g. a declaration in a phase step, a start choice). The reply is private; what the action
 * stores is confirmed by DM and stays secret as its variant says.
 */
import {
  InteractionContextType,
  SlashCommandBuilder,
  type AutocompleteInteraction,
  type ChatInputCommandInteraction,
} from 'discord.js';
import { autocompleteAction, executeAction, withActionOptions } from '../act.js';
import type { BotCommand } from '../command.js';
import type { BotContext } from '../context.js';

const data = withActionOptions(
  new SlashCommandBuilder()
    .setName('act')
    .setDescription("An action of this game's variant beyond orders (the choices list what is open now)")
    .setContexts(InteractionContextType.Guild),
  'player',
).toJSON();

const execute = (ctx: BotContext, interaction: ChatInputCommandInteraction) =>
  executeAction(ctx, interaction, 'player');
const autocomplete = (ctx: BotContext, interaction: AutocompleteInteraction) =>
  autocompleteAction(ctx, interaction, 'player');

export const actCommand: BotCommand = { data, execute, autocomplete, privateReplies: true, secret: true };
