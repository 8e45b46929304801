/**
 * The shape of one slash command: its registration data and its handlers (one file per command in commands/).
 */
import type {
  AutocompleteInteraction,
  ChatInputCommandInteraction,
  MessageComponentInteraction,
  ModalSubmitInteraction,
  RESTPostAPIChatInputApplicationCommandsJSONBody,
} from 'discord.js';
import type { CooldownAction, Refusal } from '../game/core/index.js';
import type { BotContext } from './context.js';

/** A button, select or modal of this command (custom_id `command:action:arg:…`, see components.ts). */
export type ComponentInteraction = MessageComponentInteraction | ModalSubmitInteraction;

export interface BotCommand {
  data: RESTPostAPIChatInputApplicationCommandsJSONBody;
  /**
   * Every reply of this command is ephemeral (and it never defers by itself), so the router may acknowledge
   * it with an ephemeral deferral when it is busy; replies then go through editReply (see respond.ts).
   */
  privateReplies?: boolean;
  /**
   * Its calls are secret acts (orders, votes, concessions, press, readiness, card plays): the router logs them, their
   * buttons and their refusals at debug only, since an info line pairs a member with the time of the act
   * (docs/deploy.md "What to watch at info").
   */
  secret?: boolean;
  execute(ctx: BotContext, interaction: ChatInputCommandInteraction): Promise<void>;
  autocomplete?(ctx: BotContext, interaction: AutocompleteInteraction): Promise<void>;
  /** The per-user budget this call spends, if any; checked by the router before `execute`. */
  cooldown?(interaction: ChatInputCommandInteraction): CooldownAction | null;
  /** How this command answers when the router refuses it (budget spent); by default the plain `⚠️ reason`. */
  refuse?(ctx: BotContext, interaction: ChatInputCommandInteraction, refusal: Refusal): Promise<void>;
  /**
   * What this command answers after an unexpected exception in `execute` or `component` (`action` set for a
   * component), instead of the router's plain `genericFailure`; it may read (never write) the store, and the router
   * falls back to the plain text if it throws too. `/order` adds the power's stored order set.
   */
  failed?(
    ctx: BotContext,
    interaction: ChatInputCommandInteraction | ComponentInteraction,
    action?: string,
  ): Promise<string> | string;
  /** Handles this command's buttons, selects and modals (`action` and `args` from the custom_id). */
  component?(ctx: BotContext, interaction: ComponentInteraction, action: string, args: string[]): Promise<void>;
  /** Its buttons also work in a DM (they name their game in the custom_id): the card game's turn pings by DM. */
  componentsInDms?: boolean;
  /**
   * The command (and its autocomplete) also works in a direct message with the bot: registered with the BotDM
   * context, and it names its game in its options (`/sandbox`). Every other command is refused there.
   */
  worksInDms?: boolean;
}
