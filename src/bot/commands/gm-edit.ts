/**
 * `/gm edit add|remove|move|owner` (docs/bot.md "Editing the board"): the game master changes the board of the phase
 * under way before anyone orders in it. Registered as a group of `/gm` (src/bot/commands/gm.ts); the game layer checks
 * and announces (src/game/board-edit). The reply is private and in the game master's language.
 */
import type {
  AutocompleteInteraction,
  ChatInputCommandInteraction,
  SlashCommandBuilder,
  SlashCommandSubcommandGroupBuilder,
} from 'discord.js';
import { editBoard, type BoardEdit } from '../../game/board-edit/index.js';
import { findOpenGame } from '../../game/history/index.js';
import { variantOfGame } from '../../game/core/index.js';
import { t, tr } from '../../i18n/index.js';
import { provinceName } from '../../variants/names.js';
import { respondWithPowers } from '../choices.js';
import type { BotContext } from '../context.js';
import { readerOf } from '../locale.js';
import { callerOf, replyPrivately, replyRejected } from '../respond.js';
import { choiceName, MAX_CHOICES } from '../text.js';

const placeHelp = 'A province, with its coast for a fleet on a split coast (stp/sc)';

/** The `edit` group of `/gm`. */
export function withEditGroup(builder: SlashCommandBuilder): SlashCommandBuilder {
  builder.addSubcommandGroup((g: SlashCommandSubcommandGroupBuilder) =>
    g
      .setName('edit')
      .setDescription('Change the board before anyone orders in this phase; each change is announced')
      .addSubcommand((s) =>
        s
          .setName('add')
          .setDescription('Place a new unit')
          .addStringOption((o) =>
            o.setName('power').setDescription('Whose unit').setRequired(true).setAutocomplete(true),
          )
          .addStringOption((o) =>
            o
              .setName('unit')
              .setDescription('Army or fleet')
              .setRequired(true)
              .addChoices({ name: 'army', value: 'army' }, { name: 'fleet', value: 'fleet' }),
          )
          .addStringOption((o) =>
            o.setName('place').setDescription(placeHelp).setRequired(true).setAutocomplete(true).setMaxLength(60),
          ),
      )
      .addSubcommand((s) =>
        s
          .setName('remove')
          .setDescription('Take a unit off the board')
          .addStringOption((o) =>
            o
              .setName('place')
              .setDescription('Where the unit is')
              .setRequired(true)
              .setAutocomplete(true)
              .setMaxLength(60),
          ),
      )
      .addSubcommand((s) =>
        s
          .setName('move')
          .setDescription('Move a unit anywhere it may stand')
          .addStringOption((o) =>
            o
              .setName('from')
              .setDescription('Where the unit is')
              .setRequired(true)
              .setAutocomplete(true)
              .setMaxLength(60),
          )
          .addStringOption((o) =>
            o.setName('to').setDescription(placeHelp).setRequired(true).setAutocomplete(true).setMaxLength(60),
          ),
      )
      .addSubcommand((s) =>
        s
          .setName('owner')
          .setDescription("Set a supply centre's owner")
          .addStringOption((o) =>
            o
              .setName('place')
              .setDescription('The supply centre')
              .setRequired(true)
              .setAutocomplete(true)
              .setMaxLength(60),
          )
          .addStringOption((o) =>
            o.setName('power').setDescription('Its new owner (leave out: neutral)').setAutocomplete(true),
          ),
      ),
  );
  return builder;
}

function editOf(interaction: ChatInputCommandInteraction): BoardEdit {
  const o = interaction.options;
  switch (o.getSubcommand()) {
    case 'add':
      return {
        kind: 'add',
        power: o.getString('power', true),
        unit: o.getString('unit', true) === 'fleet' ? 'F' : 'A',
        place: o.getString('place', true),
      };
    case 'remove':
      return { kind: 'remove', place: o.getString('place', true) };
    case 'move':
      return { kind: 'move', from: o.getString('from', true), to: o.getString('to', true) };
    default:
      return { kind: 'owner', place: o.getString('place', true), power: o.getString('power') };
  }
}

export async function executeGmEdit(ctx: BotContext, interaction: ChatInputCommandInteraction): Promise<void> {
  const locale = readerOf(interaction);
  const r = await editBoard(ctx.deps, { ...callerOf(interaction), edit: editOf(interaction) });
  if (!r.ok) return replyRejected(interaction, 'refusal' in r ? r.refusal : r);
  return replyPrivately(interaction, `${t(locale, r.announcement)}\n${tr(locale, 'gmEdit.done', { phase: r.phase })}`);
}

/** `power:` lists the game's powers; a place lists the map's provinces (and split coasts) matching what is typed. */
export async function autocompleteGmEdit(ctx: BotContext, interaction: AutocompleteInteraction): Promise<void> {
  const focused = interaction.options.getFocused(true);
  if (focused.name === 'power') return respondWithPowers(ctx, interaction);
  const game = await findOpenGame(ctx.deps, interaction.channelId);
  const variant = game ? variantOfGame(game) : undefined;
  if (!variant) return interaction.respond([]);
  const typed = focused.value.trim().toLowerCase();
  // The member's names for the provinces (docs/locales.md "Names"), the map's own and the ids alike, as `/why` offers.
  const locale = readerOf(interaction);
  const places: { name: string; value: string }[] = [];
  for (const p of variant.map.provinces.values()) {
    if (p.kind === 'impassable') continue;
    const name = provinceName(variant, locale, p.id);
    const names = [p.id, p.name.toLowerCase(), p.abbreviation.toLowerCase(), name.toLowerCase()];
    if (typed && !names.some((n) => n.includes(typed))) continue;
    places.push({ name: choiceName(`${name} (${p.id})`), value: p.id });
    for (const c of p.coasts) places.push({ name: choiceName(`${name} (${c})`), value: `${p.id}/${c}` });
  }
  await interaction.respond(places.slice(0, MAX_CHOICES));
}
