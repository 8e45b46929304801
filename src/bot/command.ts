/**
 * The shape of one slash command: its registration data and its handlers (one file per command in commands/).
 */
import type {
  AutocompleteInteraction,
  ChatInputCommandInteraction,
  RESTPostAPIChatInputApplicationCommandsJSONBody,
} from 'discord.js';
import type { BotContext } from './context.js';

export interface BotCommand {
  data: RESTPostAPIChatInputApplicationCommandsJSONBody;
  execute(ctx: BotContext, interaction: ChatInputCommandInteraction): Promise<void>;
  autocomplete?(ctx: BotContext, interaction: AutocompleteInteraction): Promise<void>;
}
