/**
 * `/history [phase] [map]`: the list of played phases, or the orders and results of one (`S1901M`), with
 * either of its maps when `map:` is given: its orders with their results, or the board after it.
 * Only resolved phases show orders. The map (a private reply) is drawn in the caller's own palette (`/map palette:`).
 */
import { InteractionContextType, MessageFlags, SlashCommandBuilder, type AutocompleteInteraction, type ChatInputCommandInteraction } from 'discord.js';
import { history, mapPaletteFor, renderInputForPicture, type PhasePicture } from '../../game/index.js';
import type { BotCommand } from '../command.js';
import type { BotContext } from '../context.js';
import { mapFileName } from '../maps.js';
import { callerOf, replyPrivately, replyRejected } from '../respond.js';
import { choiceName, MAX_CHOICES, splitMessage } from '../text.js';

const data = new SlashCommandBuilder()
  .setName('history')
  .setDescription('Results of past phases')
  .setContexts(InteractionContextType.Guild)
  .addStringOption((o) => o.setName('phase').setDescription('A phase such as S1901M (default: the list of phases)').setAutocomplete(true).setMaxLength(20))
  .addStringOption((o) =>
    o
      .setName('map')
      .setDescription("Also show one of the phase's maps")
      .addChoices({ name: 'orders and results', value: 'orders' }, { name: 'the board after the phase', value: 'after' }),
  )
  .toJSON();

async function execute(ctx: BotContext, interaction: ChatInputCommandInteraction): Promise<void> {
  const r = history(ctx.deps, { channelId: callerOf(interaction).channelId, phase: interaction.options.getString('phase') });
  if (!r.ok) return replyRejected(interaction, r.error);
  const picture = interaction.options.getString('map') as PhasePicture | null;
  if (r.detail) {
    const [first, ...rest] = splitMessage(r.detail.text);
    if (picture) {
      if (!interaction.deferred) await interaction.deferReply({ flags: MessageFlags.Ephemeral });
      const input = renderInputForPicture(ctx.deps, r.detail.phase.id, picture);
      // A private map: in the caller's own palette (their `/map palette:` choice), else the game's.
      const palette = mapPaletteFor(ctx.deps, callerOf(interaction), null);
      const drawn = input
        ? await ctx.maps.render(input.variant, input.position, { ...input, palette: palette.ok ? palette.palette : input.palette }, mapFileName(r.detail.phase.code, picture))
        : null;
      await interaction.editReply({
        content: drawn ? first! : `${first!.slice(0, 1900)}\n(The map could not be drawn.)`,
        files: drawn ? [{ attachment: drawn.png, name: drawn.name }] : [],
        allowedMentions: { parse: [] },
      });
    } else {
      await replyPrivately(interaction, first!);
    }
    for (const part of rest.slice(0, 4)) await interaction.followUp({ content: part, flags: 'Ephemeral', allowedMentions: { parse: [] } });
    return;
  }
  const played = r.phases.filter((p) => p.resolvedAt !== null);
  if (played.length === 0) return replyPrivately(interaction, 'No phase has been resolved yet.');
  return replyPrivately(
    interaction,
    `**Resolved phases**\n${played.map((p) => `\`${p.code}\` ${p.label}`).join('\n')}\n` +
      `Show one with \`/history phase:${played[played.length - 1]!.code}\`, and its maps with \`map:\`.`,
  );
}

async function autocomplete(ctx: BotContext, interaction: AutocompleteInteraction): Promise<void> {
  const r = history(ctx.deps, { channelId: interaction.channelId, phase: null });
  if (!r.ok) return interaction.respond([]);
  const typed = interaction.options.getFocused().trim().toLowerCase();
  const matches = r.phases
    .filter((p) => p.resolvedAt !== null)
    .reverse()
    .filter((p) => p.code.toLowerCase().startsWith(typed) || p.label.toLowerCase().includes(typed))
    .slice(0, MAX_CHOICES);
  await interaction.respond(matches.map((p) => ({ name: choiceName(`${p.code} — ${p.label}`), value: p.code })));
}

export const historyCommand: BotCommand = { data, execute, autocomplete, privateReplies: true };
