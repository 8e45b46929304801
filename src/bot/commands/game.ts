/**
 * `/game create|join|leave|start|status`: making a game in a channel and getting players into it (issue 4 §2).
 */
import { InteractionContextType, SlashCommandBuilder, type AutocompleteInteraction, type ChatInputCommandInteraction } from 'discord.js';
import { createGame, formatDuration, freePowers, gameStatus, joinGame, leaveGame, startGame } from '../../game/index.js';
import { botVariants, getVariant } from '../../variants/index.js';
import type { CooldownAction } from '../../game/limits.js';
import type { BotCommand } from '../command.js';
import type { BotContext } from '../context.js';
import { callerOf, replyPrivately, replyPublicly, replyRejected } from '../respond.js';
import { PALETTE_CHOICES } from './map.js';
import { choiceName, MAX_CHOICE, MAX_CHOICES } from '../text.js';
import { CARD_GAME_CHOICE, CARD_PRESET_CHOICES, cardLobby, createCards, dynastyName } from '../cards/lobby.js';
import { CARD_VARIANT_ID, freeDynasties, isCardChannel } from '../../game/cards/index.js';
import { campaignLine, campaignSuggestions } from '../../game/variant-of-game.js';

const durationHelp = 'like 90s, 10m, 24h or 2d';

/** Warhammer's `decisiveBattles` option (src/variants/warhammer/rules/decisive.ts). */
const DECISIVE_CHOICES = [
  { name: 'gm: the game master reports each battle winner', value: 'gm' },
  { name: 'dice: a roll weighted by army size decides', value: 'dice' },
  { name: 'off: no Decisive Battle phase', value: 'off' },
];

const DECISIVE_LINE: Record<string, string> = {
  gm: 'Decisive battles: after each movement deadline players declare them; the game master reports each winner with `/gm battle`.',
  dice: 'Decisive battles: after each movement deadline players declare them; a roll weighted by army size decides each.',
  off: 'Decisive battles: off (plain Diplomacy movement).',
};

const data = new SlashCommandBuilder()
  .setName('game')
  .setDescription('Create, join, leave, start or look at the game in this channel')
  .setContexts(InteractionContextType.Guild)
  .addSubcommand((s) =>
    s
      .setName('create')
      .setDescription('Create a game in this channel; you become its game master')
      .addStringOption((o) =>
        o
          .setName('variant')
          .setDescription('Which map and rules')
          .setRequired(true)
          .addChoices(...botVariants().map((v) => ({ name: choiceName(v.name), value: v.id })), CARD_GAME_CHOICE),
      )
      .addStringOption((o) => o.setName('movement').setDescription(`Time for movement phases, ${durationHelp} (default 24h)`).setMaxLength(20))
      .addStringOption((o) => o.setName('retreat').setDescription(`Time for retreat phases, ${durationHelp} (default 12h)`).setMaxLength(20))
      .addStringOption((o) => o.setName('adjustment').setDescription(`Time for build phases, ${durationHelp} (default 12h)`).setMaxLength(20))
      .addStringOption((o) => o.setName('palette').setDescription('Map colours of the posted maps (default: standard)').addChoices(...PALETTE_CHOICES))
      .addRoleOption((o) => o.setName('notify').setDescription('A role the start and results posts ping (never @everyone)'))
      .addIntegerOption((o) => o.setName('seats').setDescription('Card game: table size, 2 to 5 (default 4)').setMinValue(2).setMaxValue(5))
      .addStringOption((o) => o.setName('preset').setDescription('Card game: turn times (default standard)').addChoices(...CARD_PRESET_CHOICES))
      .addStringOption((o) => o.setName('turn').setDescription(`Card game: a custom turn time, ${durationHelp}`).setMaxLength(20))
      .addBooleanOption((o) => o.setName('dynasty-cards').setDescription('Card game: play with the optional dynasty cards (default off)'))
      .addStringOption((o) =>
        o
          .setName('decisive')
          .setDescription('Warhammer: Decisive Battle phase (default gm: the game master reports each winner)')
          .addChoices(...DECISIVE_CHOICES),
      )
      .addStringOption((o) =>
        o
          .setName('campaign')
          .setDescription('Warhammer campaign rules, comma-separated, e.g. strongCapitals, orcsInTheHills=pale')
          .setMaxLength(200)
          .setAutocomplete(true),
      ),
  )
  .addSubcommand((s) =>
    s
      .setName('join')
      .setDescription('Join the game in this channel')
      .addStringOption((o) => o.setName('power').setDescription('The power you want (default: a random free one)').setAutocomplete(true)),
  )
  .addSubcommand((s) => s.setName('leave').setDescription('Leave the game before it starts'))
  .addSubcommand((s) => s.setName('start').setDescription('Start the game (game master); free powers play in civil disorder'))
  .addSubcommand((s) => s.setName('status').setDescription('Phase, deadline, and who has submitted and is ready'))
  .toJSON();

async function execute(ctx: BotContext, interaction: ChatInputCommandInteraction): Promise<void> {
  const caller = callerOf(interaction);
  switch (interaction.options.getSubcommand()) {
    case 'create': {
      if (interaction.options.getString('variant', true) === CARD_VARIANT_ID) return createCards(ctx, interaction);
      const r = createGame(ctx.deps, {
        ...caller,
        guildId: interaction.guildId,
        variantId: interaction.options.getString('variant', true),
        durations: {
          movement: interaction.options.getString('movement') ?? undefined,
          retreat: interaction.options.getString('retreat') ?? undefined,
          adjustment: interaction.options.getString('adjustment') ?? undefined,
        },
        palette: interaction.options.getString('palette'),
        notifyRoleId: interaction.options.getRole('notify')?.id ?? null,
        options: { decisiveBattles: interaction.options.getString('decisive') },
        campaign: interaction.options.getString('campaign'),
      });
      if (!r.ok) return replyRejected(interaction, r.error);
      const d = r.game.durations;
      return replyPublicly(
        interaction,
        `🆕 <@${caller.userId}> created a **${r.game.variantName}** game here and is its game master.\n` +
          `Phases: movement ${formatDuration(d.movement)}, retreat ${formatDuration(d.retreat)}, adjustment ${formatDuration(d.adjustment)}.\n` +
          (interaction.options.getString('palette') === 'colorblind' ? 'Maps use the colour-blind palette.\n' : '') +
          (r.game.notifyRoleId ? `The start and results posts will ping <@&${r.game.notifyRoleId}>.\n` : '') +
          (r.game.options.decisiveBattles ? `${DECISIVE_LINE[r.game.options.decisiveBattles]}\n` : '') +
          campaignLine(r.game.options) +
          'Join with `/game join` (optionally choosing a power); the game master starts with `/game start`.',
      );
    }
    case 'join': {
      if (isCardChannel(ctx.deps, caller.channelId)) return cardLobby(ctx, interaction, 'join');
      const r = joinGame(ctx.deps, { ...caller, power: interaction.options.getString('power') });
      if (!r.ok) return replyRejected(interaction, r.error);
      return replyPublicly(interaction, `✋ <@${caller.userId}> joined the game as **${r.power}**.`);
    }
    case 'leave': {
      if (isCardChannel(ctx.deps, caller.channelId)) return cardLobby(ctx, interaction, 'leave');
      const r = leaveGame(ctx.deps, caller);
      if (!r.ok) return replyRejected(interaction, r.error);
      return replyPublicly(interaction, `👋 <@${caller.userId}> left the game; **${r.power}** is free again.`);
    }
    case 'start': {
      if (isCardChannel(ctx.deps, caller.channelId)) return cardLobby(ctx, interaction, 'start');
      const r = startGame(ctx.deps, caller);
      if (!r.ok) return replyRejected(interaction, r.error);
      // The start post (roster, map, deadline) is the channel's announcement; the master's acknowledgement is private.
      const cd = r.civilDisorder.length > 0 ? ` In civil disorder: ${r.civilDisorder.join(', ')}.` : '';
      return replyPrivately(
        interaction,
        `🎲 The game starts with ${r.players.length} player${r.players.length === 1 ? '' : 's'}.${cd} The start post with the map is going to the channel; every player gets their power by DM.`,
      );
    }
    case 'status': {
      if (isCardChannel(ctx.deps, caller.channelId)) return cardLobby(ctx, interaction, 'status');
      const r = gameStatus(ctx.deps, caller.channelId);
      if (!r.ok) return replyRejected(interaction, r.error);
      return replyPrivately(interaction, r.status.text);
    }
    default:
      return replyRejected(interaction, 'Unknown subcommand.');
  }
}

async function autocomplete(ctx: BotContext, interaction: AutocompleteInteraction): Promise<void> {
  const focused = interaction.options.getFocused(true);
  if (focused.name === 'campaign') return campaignAutocomplete(interaction, focused.value);
  const typed = focused.value.trim().toLowerCase();
  // A card game lists its free dynasties (decisions.md: `/game join power:` lists dynasties for a card game).
  const free = isCardChannel(ctx.deps, interaction.channelId) ? freeDynasties(ctx.deps, interaction.channelId).map(dynastyName) : freePowers(ctx.deps, interaction.channelId);
  const matches = free.filter((p) => p.toLowerCase().includes(typed)).slice(0, MAX_CHOICES);
  await interaction.respond(matches.map((p) => ({ name: choiceName(p), value: p })));
}

/**
 * `/game create campaign:`: the chosen variant's campaign rules, added one at a time to what is already written
 * (Warhammer is the variant that has them, so it is offered until another variant is chosen).
 */
async function campaignAutocomplete(interaction: AutocompleteInteraction, typed: string): Promise<void> {
  const variant = getVariant(interaction.options.getString('variant') ?? 'warhammer');
  const suggestions = variant ? campaignSuggestions(variant, typed, MAX_CHOICE) : [];
  await interaction.respond(suggestions.slice(0, MAX_CHOICES).map((s) => ({ name: choiceName(s.label), value: s.text })));
}

/** Creating costs the most; joining and leaving share one budget (each posts in the channel). */
function cooldown(interaction: ChatInputCommandInteraction): CooldownAction | null {
  const sub = interaction.options.getSubcommand(false);
  return sub === 'create' ? 'create' : sub === 'join' || sub === 'leave' ? 'lobby' : null;
}

export const gameCommand: BotCommand = { data, execute, autocomplete, cooldown };
