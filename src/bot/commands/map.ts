/**
 * `/map [palette]`: the current board, ephemerally; a player sees their own (still secret) orders drawn on it.
 * `palette:` picks the map colours (standard or colour-blind); a player's choice is remembered for their next
 * `/map` in this game. Without it: the player's earlier choice, else the game's palette (`/game create palette:`).
 * Rendering takes a few hundred ms, so the reply is deferred first (Discord allows 3 s to acknowledge).
 */
import {
  InteractionContextType,
  MessageFlags,
  SlashCommandBuilder,
  type ChatInputCommandInteraction,
} from 'discord.js';
import {
  gameStatus,
  MAP_PALETTES,
  mapPaletteFor,
  playerContext,
  renderInputForPhase,
  renderInputForPicture,
  type MapPalette,
} from '../../game/history/index.js';
import { viewerOf } from '../../game/fog/index.js';
import { powerParam, variantParam } from '../../game/core/index.js';
import type { BotCommand } from '../command.js';
import { localizedChoice } from '../command-locales.js';
import type { BotContext } from '../context.js';
import { forViewer, mapFileName, ordersOfPower, pictureFile } from '../maps.js';
import { msg, t, tr, type Locale, type Msg } from '../../i18n/index.js';
import type { Variant } from '../../engine/variant.js';
import { readerOf } from '../locale.js';
import { callerOf, replyRejected } from '../respond.js';
import { botKindOf } from '../kinds.js';

/** The palettes as slash-command choices (also `/game create palette:`). */
export const PALETTE_CHOICES = MAP_PALETTES.map((value: MapPalette) =>
  localizedChoice(`command.common.palette.${value}`, value),
);

const data = new SlashCommandBuilder()
  .setName('map')
  .setDescription('The current map (only you see it; with your own orders drawn on it)')
  .setContexts(InteractionContextType.Guild)
  .addStringOption((o) =>
    o
      .setName('palette')
      .setDescription('Map colours (remembered for your next /map in this game)')
      .addChoices(...PALETTE_CHOICES),
  )
  .toJSON();

async function execute(ctx: BotContext, interaction: ChatInputCommandInteraction): Promise<void> {
  const caller = callerOf(interaction);
  const chosen = interaction.options.getString('palette') as MapPalette | null;
  const mine = await playerContext(ctx.deps, caller);
  const locale = readerOf(interaction);
  if (mine.ok) {
    await interaction.deferReply({ flags: MessageFlags.Ephemeral });
    const palette = await mapPaletteFor(ctx.deps, caller, chosen);
    const orders = ordersOfPower(mine.orders, mine.power);
    const picture = await ctx.maps.render(
      mine.variant,
      mine.position,
      {
        orders,
        title: mineTitle(locale, mine),
        palette: palette.ok ? palette.palette : 'standard',
        ...(locale === 'en' ? {} : { locale }),
        // Fog of war: the board as the player's power sees it (docs/table.md "Fog of war").
        ...(mine.fog ? { fog: mine.fog.hidden, legendCounts: mine.fog.counts } : {}),
      },
      mapFileName(mine.phase.code, mine.power),
    );
    const content = tr(locale, 'map.mine', {
      phase: mine.phase.name,
      power: powerParam(mine.variant, mine.power),
      count: orders.length,
      palette: palette.ok && palette.remembered ? (chosen ?? 'standard') : 'kept',
    });
    await interaction.editReply(
      picture
        ? { content, files: [pictureFile(picture)] }
        : { content: `${content}\n${tr(locale, 'history.mapFailed')}` },
    );
    return;
  }
  const status = await gameStatus(ctx.deps, caller.channelId);
  if (!status.ok) return replyRejected(interaction, status);
  // A card game's board is its kind's to draw (it has no Diplomacy phase: never "not started yet")
  const kind = botKindOf(status.kind);
  if (kind?.map) return kind.map(ctx, interaction);
  const phase = status.status.phase;
  // The current board: the position of the phase being played, or after the last phase of a finished game
  // (a phase's orders are in `/history show phase: map:`).
  // Fog of war: the game master who plays no power sees the board; anyone else not playing sees none until the end.
  const viewer = viewerOf(status.status.game, { userId: caller.userId, power: null });
  const input = !phase
    ? null
    : phase.resolvedAt !== null
      ? await renderInputForPicture(ctx.deps, phase.id, 'after', { viewer })
      : await renderInputForPhase(ctx.deps, phase.id, { viewer });
  if (phase && viewer.kind === 'none') return replyRejected(interaction, msg('fog.map.none'));
  if (!phase || !input) return replyRejected(interaction, msg('map.refused.notStarted'));
  await interaction.deferReply({ flags: MessageFlags.Ephemeral });
  const { variant, position, ...opts } = input;
  const picture = await ctx.maps.render(
    variant,
    position,
    forViewer({ ...opts, palette: chosen ?? opts.palette }, locale, { variant, power: opts.viewer }),
    mapFileName(phase.code, opts.viewer),
  );
  const content = tr(locale, 'map.board', { phase: phase.name, variant: variantParam(variant) });
  await interaction.editReply(
    picture
      ? { content, files: [pictureFile(picture)] }
      : { content: `${content}\n${tr(locale, 'history.mapFailed')}` },
  );
}

/**
 * The title of a player's `/map`: their orders, only they see; under fog, the board as their power's view, which
 * says whose view it is as every fog picture does (docs/table.md "Fog of war").
 */
function mineTitle(
  locale: Locale,
  mine: { variant: Variant; power: string; phase: { name: Msg | string }; fog?: unknown },
): string {
  const power = powerParam(mine.variant, mine.power);
  if (!mine.fog) return tr(locale, 'map.title.mine', { phase: mine.phase.name, power });
  const board = msg('map.title.board', { variant: variantParam(mine.variant), phase: mine.phase.name });
  return t(locale, msg('fog.map.title', { title: board, power }));
}

export const mapCommand: BotCommand = { data, execute, cooldown: () => 'map' };
