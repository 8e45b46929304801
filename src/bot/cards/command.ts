/**
 * `/cards …`: the Warring States card game's own commands (docs/cardgame.md "Commands"; docs/decisions.md: `/cards`,
 * not `/ws`). Everything about a hand is ephemeral; `play` with options is the keyboard path of the play wizard
 * (autocomplete of legal cards only, answered to the hand's owner) and ends on the same preview with Confirm.
 */
import { CARD_GAME } from '../../cardgame/identity.js';
import {
  AttachmentBuilder,
  bold,
  InteractionContextType,
  MessageFlags,
  SlashCommandBuilder,
  type AutocompleteInteraction,
  type ChatInputCommandInteraction,
} from 'discord.js';
import {
  cardGameInChannel,
  cardRoundActions,
  markCardsPresent,
  setCardsAway,
  setCardsNotify,
} from '../../game/cards/index.js';
import { boardAltText, tableBoardPicture, publicTable } from './board.js';
import { brightOptions, previewStep, secondChoices } from './play.js';
import {
  notYourTurnText,
  openChoose,
  openFallBack,
  openPlay,
  seatState,
  type SeatState,
  handleCardsComponent,
} from './handlers.js';
import { RULE_TOPICS, rulesText, type RuleTopic } from './rules.js';
import { handView } from './views.js';
import { CARDS_COMMAND, type View } from './ui.js';
import type { BotCommand } from '../command.js';
import { eventText } from './words.js';
import type { BotContext } from '../context.js';
import { discordText } from '../markup.js';
import { callerOf, replyRejected } from '../respond.js';
import { readerOf } from '../locale.js';
import { msg, tr, type MessageKey } from '../../i18n/index.js';
import { choiceName, MAX_CHOICES, splitMessage } from '../text.js';

const data = new SlashCommandBuilder()
  .setName(CARDS_COMMAND)
  .setDescription(CARD_GAME.command)
  .setContexts(InteractionContextType.Guild)
  .addSubcommand((s) =>
    s.setName('hand').setDescription('Your hand, what you may play now, and the leads (only you see it)'),
  )
  .addSubcommand((s) =>
    s
      .setName('play')
      .setDescription('Wage battle: opens the wizard, or plays the cards you name (with a preview first)')
      .addStringOption((o) =>
        o.setName('bright').setDescription('Your bright or wild card (legal ones only)').setAutocomplete(true),
      )
      .addStringOption((o) =>
        o.setName('second').setDescription('A dark card or your dynasty card to add (or none)').setAutocomplete(true),
      ),
  )
  .addSubcommand((s) => s.setName('fallback').setDescription('Fall back: claim superiorities, use them, recruit'))
  .addSubcommand((s) => s.setName('choose').setDescription('Choose the next battle (the chooser after a round)'))
  .addSubcommand((s) =>
    s
      .setName('board')
      .setDescription('The board picture')
      .addBooleanOption((o) =>
        o.setName('public').setDescription('Post it in the channel for everyone (default: only you)'),
      ),
  )
  .addSubcommand((s) =>
    s
      .setName('rules')
      .setDescription('The rules in short')
      .addStringOption((o) =>
        o
          .setName('topic')
          .setDescription('Which part (default: a turn)')
          .addChoices(...RULE_TOPICS.map((t) => ({ name: t, value: t }))),
      ),
  )
  .addSubcommand((s) =>
    s
      .setName('log')
      .setDescription('What happened in a round (default: the current one)')
      .addIntegerOption((o) => o.setName('round').setDescription('Round number').setMinValue(1).setMaxValue(1000)),
  )
  .addSubcommand((s) =>
    s
      .setName('notify')
      .setDescription('How you are told it is your turn')
      .addStringOption((o) =>
        o
          .setName('mode')
          .setDescription('a mention in the game channel, a DM, or nothing (both come with the buttons to act)')
          .setRequired(true)
          .addChoices(
            { name: 'mention', value: 'mention' },
            { name: 'dm', value: 'dm' },
            { name: 'off', value: 'off' },
          ),
      ),
  )
  .addSubcommand((s) =>
    s
      .setName('away')
      .setDescription('While away, your turns resolve at once with the default action')
      .addStringOption((o) =>
        o
          .setName('state')
          .setDescription('on or off')
          .setRequired(true)
          .addChoices({ name: 'on', value: 'on' }, { name: 'off', value: 'off' }),
      ),
  )
  .toJSON();

async function reply(
  interaction: ChatInputCommandInteraction,
  view: View & { files?: AttachmentBuilder[] },
  visible = false,
): Promise<void> {
  const body = {
    content: discordText(view.content),
    components: view.components,
    allowedMentions: { parse: [] as [] },
    ...(view.files ? { files: view.files } : {}),
  };
  if (interaction.deferred || interaction.replied) await interaction.editReply(body);
  else await interaction.reply(visible ? body : { ...body, flags: MessageFlags.Ephemeral });
}

async function seated(ctx: BotContext, interaction: ChatInputCommandInteraction): Promise<SeatState | null> {
  const st = await seatState(ctx, interaction);
  if ('error' in st) {
    void replyRejected(
      interaction,
      st.english.startsWith('You are not seated') ? msg('cards.refused.notSeatedHere') : st.error,
    );
    return null;
  }
  return st;
}

async function execute(ctx: BotContext, interaction: ChatInputCommandInteraction): Promise<void> {
  const caller = callerOf(interaction);
  const sub = interaction.options.getSubcommand();
  const locale = readerOf(interaction);
  // Design §3.8: any interaction by a player marked away clears the mark (`/cards away` sets it explicitly).
  if (sub !== 'away') await markCardsPresent(ctx.deps, caller);
  switch (sub) {
    case 'hand': {
      const st = await seated(ctx, interaction);
      return st ? reply(interaction, handView(st.ref, st.state, st.seat, locale)) : undefined;
    }
    case 'play': {
      const st = await seated(ctx, interaction);
      if (!st) return;
      const bright = interaction.options.getString('bright');
      if (!bright) return reply(interaction, await openPlay(ctx, st));
      if (st.state.turnSeat !== st.seat || (st.state.phase !== 'battle' && st.state.phase !== 'tiebreak'))
        return replyRejected(interaction, notYourTurnText(st.game, locale));
      const option = brightOptions(st.state, st.seat).find((o) => o.value === bright);
      if (!option) return replyRejected(interaction, msg('cards.refused.cannotPlay'));
      const second = interaction.options.getString('second') ?? 'none';
      const choice = secondChoices(st.state, st.seat, bright).find((c) => c.option.value === second);
      if (!choice) return replyRejected(interaction, msg('cards.refused.cannotSecond'));
      if (!choice.play) return reply(interaction, await openPlay(ctx, st)); // Qin and Yan choose the rest in the wizard
      return reply(interaction, previewStep(st.ref, st.state, choice.play, locale));
    }
    case 'fallback': {
      const st = await seated(ctx, interaction);
      return st ? reply(interaction, await openFallBack(ctx, st)) : undefined;
    }
    case 'choose': {
      const st = await seated(ctx, interaction);
      return st ? reply(interaction, openChoose(st)) : undefined;
    }
    case 'board':
      return replyWithBoard(ctx, interaction, interaction.options.getBoolean('public') === true);
    case 'rules':
      return reply(interaction, {
        content: rulesText((interaction.options.getString('topic') as RuleTopic | null) ?? 'turn', locale),
        components: [],
      });
    case 'log': {
      const game = await cardGameInChannel(ctx.deps, caller.channelId);
      if (!game) return replyRejected(interaction, msg('cards.refused.noGame'));
      const round = interaction.options.getInteger('round') ?? game.round;
      const dynasties = game.table?.seats.map((x) => x.dynasty) ?? [];
      const lines = (await cardRoundActions(ctx.deps, game.gameId, round))
        .map((events) => events.map((e) => eventText(e, dynasties, locale)).join(locale.startsWith('zh') ? '' : ' '))
        .filter(Boolean);
      const text = lines.length
        ? `${bold(tr(locale, 'cards.log.round', { round }))}\n${lines.map((l) => `• ${l}`).join('\n')}`
        : tr(locale, 'cards.log.nothing', { round });
      return reply(interaction, { content: splitMessage(discordText(text))[0]!, components: [] });
    }
    case 'notify': {
      const r = await setCardsNotify(ctx.deps, caller, interaction.options.getString('mode', true));
      if (!r.ok) return replyRejected(interaction, r);
      return reply(interaction, { content: tr(locale, `cards.notify.${r.mode}` as MessageKey), components: [] });
    }
    case 'away': {
      const on = interaction.options.getString('state', true) === 'on';
      const r = await setCardsAway(ctx.deps, caller, on);
      if (!r.ok) return replyRejected(interaction, r);
      return reply(interaction, {
        content: tr(locale, on ? 'cards.away.on' : 'cards.away.off'),
        components: [],
      });
    }
    default:
      return replyRejected(interaction, msg('cards.refused.subcommand'));
  }
}

/** Only the caller's own legal cards (the answer goes to the caller alone). */
async function autocomplete(ctx: BotContext, interaction: AutocompleteInteraction): Promise<void> {
  const st = await seatState(ctx, interaction);
  if ('error' in st || st.state.turnSeat !== st.seat) return interaction.respond([]);
  const focused = interaction.options.getFocused(true);
  const typed = String(focused.value).trim().toLowerCase();
  const locale = readerOf(interaction);
  const options =
    focused.name === 'bright'
      ? brightOptions(st.state, st.seat, locale)
      : (() => {
          const bright = interaction.options.getString('bright') ?? '';
          return brightOptions(st.state, st.seat).some((o) => o.value === bright)
            ? secondChoices(st.state, st.seat, bright, locale).map((c) => c.option)
            : [];
        })();
  const matches = options
    .filter((o) => o.label.toLowerCase().includes(typed) || (o.description ?? '').toLowerCase().includes(typed))
    .slice(0, MAX_CHOICES);
  await interaction.respond(matches.map((o) => ({ name: choiceName(o.label), value: o.value })));
}

export const cardsCommand: BotCommand = {
  secret: true,
  data,
  execute,
  autocomplete,
  component: handleCardsComponent,
  componentsInDms: true,
};

/**
 * The card table's board picture as a reply (`/cards board`, and `/map` in a card game's channel: the kind's `map`),
 * private unless `visible`; the final board after the end.
 */
export async function replyWithBoard(
  ctx: BotContext,
  interaction: ChatInputCommandInteraction,
  visible = false,
): Promise<void> {
  const locale = readerOf(interaction);
  const table = await publicTable(ctx, callerOf(interaction).channelId);
  if ('error' in table) return replyRejected(interaction, table);
  await interaction.deferReply(visible ? {} : { flags: MessageFlags.Ephemeral });
  const png = await tableBoardPicture(table.view, { locale });
  return reply(
    interaction,
    {
      content: tr(locale, 'cards.board.caption', { round: table.view.round }),
      components: [],
      files: [
        new AttachmentBuilder(png, { name: 'board.png', description: boardAltText(locale, 'board', table.view.round) }),
      ],
    },
    visible,
  );
}
