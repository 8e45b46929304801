/**
 * Game kinds in the bot (the game layer's side: src/game/core/kinds.ts). A kind with an engine of its own (the
 * card game) brings its own slash command, its answers to the shared `/game`, `/gm` and `/concede` commands in a
 * channel where one of its games is, its entry in `/game create variant:` with the options only it reads, and the
 * delivery of its own outbox rows. The shared commands and the sender reach it through this interface and this
 * registry only, so they name no kind; a Diplomacy game (no kind here) goes the shared way.
 */
import type {
  APIMessage,
  AutocompleteInteraction,
  ChatInputCommandInteraction,
  REST,
  SlashCommandSubcommandBuilder,
} from 'discord.js';
import type { DeliveryRow } from '../game/delivery/index.js';
import type { GameDeps } from '../game/core/index.js';
import type { KindPayload } from '../game/outbox/index.js';
import type { MessageKey } from '../i18n/index.js';
import type { BotCommand, ComponentInteraction } from './command.js';
import type { BotContext } from './context.js';

/** What the sender lends a kind to deliver its rows (src/bot/send.ts). */
export interface KindSendDeps {
  rest: REST;
  deps: Pick<GameDeps, 'store'>;
  /** Posts a message with the row's nonce. */
  post(
    channelId: string,
    body: Record<string, unknown>,
    files: { name: string; data: Buffer; contentType: string }[],
    nonceKey: string,
  ): Promise<APIMessage>;
  /** Pins a newly posted status message (best effort). */
  pin(row: DeliveryRow, messageId: string): Promise<void>;
  /** The DM channel with a user (opened once). */
  dmChannel(userId: string): Promise<string>;
}

export type LobbyStep = 'join' | 'leave' | 'start' | 'status';

export interface BotKind {
  /** The `games.kind` of its games. */
  kind: string;
  /** Its entry in `/game create variant:`; `value` is what `variant:` carries. */
  choice: { name: string; value: string };
  /** Options of `/game create` only it reads (added to the subcommand, all optional). */
  createOptions?(subcommand: SlashCommandSubcommandBuilder): void;
  /** `/game create computer:` autocomplete for its games (its seats as the option names them), each fitting `maxText`. */
  computerSuggestions?(typed: string, maxText: number): { label: string; text: string }[];
  /** Its own slash commands, registered with the shared ones. */
  commands: BotCommand[];
  /** Whether the channel's unfinished game is one of its games. */
  inChannel(deps: GameDeps, channelId: string): Promise<boolean>;
  /** `/game create variant:<choice.value>`, with the shared `computer:` and `demonstration:` options as a Diplomacy game reads them. */
  create(ctx: BotContext, interaction: ChatInputCommandInteraction): Promise<void>;
  /** `/map` in a channel whose latest game is one of its games (running or finished): its board, privately. */
  map?(ctx: BotContext, interaction: ChatInputCommandInteraction): Promise<void>;
  /** `/game leave`'s confirmation at its started table (the shared one speaks of orders and votes). */
  leaveQuestion?: MessageKey;
  /** `/game join|leave|start|status` in its channel. */
  lobby(ctx: BotContext, interaction: ChatInputCommandInteraction, step: LobbyStep): Promise<void>;
  /** `/game join power:` autocomplete in its channel: its free seats as players name them. */
  freeSeats(deps: GameDeps, channelId: string): Promise<string[]>;
  /** `/gm <sub>` in its channel: true when it answered (false: the shared subcommand runs, e.g. cancel). */
  gm(ctx: BotContext, interaction: ChatInputCommandInteraction): Promise<boolean>;
  /** A `/gm` confirmation button of its own (`action` as it asked for it): the reply, or null when not its action. */
  gmConfirmed(ctx: BotContext, interaction: ComponentInteraction, action: string, arg: string): Promise<string | null>;
  /** `/gm … power:` autocomplete in its channel. */
  gmAutocomplete(ctx: BotContext, interaction: AutocompleteInteraction): Promise<void>;
  /** `/concede` in its channel. */
  concede(ctx: BotContext, interaction: ChatInputCommandInteraction): Promise<void>;
  /** Delivers one of its own outbox rows (`payload.kind` is its kind; `event` and `data` are its own). */
  deliver(send: KindSendDeps, row: DeliveryRow, payload: KindPayload): Promise<void>;
  /** Delivers a status row of one of its games with the data its `GameKind.status` gave; answers the message's id. */
  deliverStatus(send: KindSendDeps, row: DeliveryRow, data: unknown): Promise<{ messageId: string }>;
}
