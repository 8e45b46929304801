/**
 * The one command surface for a variant's actions (docs/architecture.md "The command surface"): `/act` for players
 * and `/gm act` for the game master, each with `action:` and two slots, `choice:` and `detail:`, whose meaning and
 * autocomplete come from the channel's game's variant (src/game/resolve/actions.ts, the plug-in's `VariantAction`s). A
 * server that plays only Classic sees one generic command instead of one per variant rule; in a game of a variant
 * without that action the command says so.
 */
import type {
  AutocompleteInteraction,
  ChatInputCommandInteraction,
  SlashCommandSubcommandBuilder,
  SlashCommandBuilder,
} from 'discord.js';
import { actionChoices, runAction, type ActionBy } from '../game/resolve/index.js';
import { t } from '../i18n/index.js';
import type { BotContext } from './context.js';
import { readerOf } from './locale.js';
import { callerOf, replyPrivately, replyRejected } from './respond.js';
import { choiceName, MAX_CHOICE, MAX_CHOICES } from './text.js';

/** Adds `action:`, `choice:` and `detail:` to `/act` or to the `/gm act` subcommand. */
export function withActionOptions<T extends SlashCommandBuilder | SlashCommandSubcommandBuilder>(
  builder: T,
  by: ActionBy,
): T {
  builder.addStringOption((o) =>
    o
      .setName('action')
      .setDescription(
        by === 'player'
          ? "What to do: this game's actions open to you now (autocomplete)"
          : "What to do: this game's actions for its game master (autocomplete)",
      )
      .setRequired(true)
      .setAutocomplete(true)
      .setMaxLength(40),
  );
  builder.addStringOption((o) =>
    o
      .setName('choice')
      .setDescription('What you choose (autocomplete lists what the action allows)')
      .setAutocomplete(true)
      .setMaxLength(MAX_CHOICE),
  );
  builder.addStringOption((o) =>
    o
      .setName('detail')
      .setDescription('A second choice, when the action takes one (autocomplete)')
      .setAutocomplete(true)
      .setMaxLength(MAX_CHOICE),
  );
  return builder;
}

export async function executeAction(
  ctx: BotContext,
  interaction: ChatInputCommandInteraction,
  by: ActionBy,
): Promise<void> {
  const r = await runAction(ctx.deps, {
    ...callerOf(interaction),
    by,
    action: interaction.options.getString('action', true),
    choice: interaction.options.getString('choice'),
    detail: interaction.options.getString('detail'),
    locale: readerOf(interaction),
  });
  if (!r.ok) return replyRejected(interaction, r);
  return replyPrivately(interaction, t(readerOf(interaction), r.message));
}

export async function autocompleteAction(
  ctx: BotContext,
  interaction: AutocompleteInteraction,
  by: ActionBy,
): Promise<void> {
  const focused = interaction.options.getFocused(true);
  const slot = focused.name === 'choice' || focused.name === 'detail' ? focused.name : 'action';
  const choices = await actionChoices(ctx.deps, {
    ...callerOf(interaction),
    by,
    focused: slot,
    action: interaction.options.getString('action'),
    typed: String(focused.value ?? ''),
    values: { choice: interaction.options.getString('choice'), detail: interaction.options.getString('detail') },
    locale: readerOf(interaction),
  });
  await interaction.respond(
    choices
      .filter((c) => c.value.length <= MAX_CHOICE)
      .slice(0, MAX_CHOICES)
      .map((c) => ({ name: choiceName(c.name), value: c.value })),
  );
}
