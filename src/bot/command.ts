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
  /**
   * Every reply of this command is ephemeral (and it never defers by itself), so the router may acknowledge
   * it with an ephemeral deferral when it is busy; replies then go through editReply (see respond.ts).
   */
  privateReplies?: boolean;
  execute(ctx: BotContext, interaction: ChatInputCommandInteraction): Promise<void>;
  autocomplete?(ctx: BotContext, interaction: AutocompleteInteraction): Promise<void>;
}
