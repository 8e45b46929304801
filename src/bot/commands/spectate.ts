/**
 * `/spectate power:` asks to watch a power with its player's consent; `/spectate` with its `stop` option stops
 * watching (a spectator) or stops everyone watching (a player). The request's buttons in the player's DMs
 * (**Allow**, **Allow with orders**, **Deny**, then **Revoke**) are answered here too. docs/table.md "Spectators".
 */
import {
  type ButtonInteraction,
  ButtonStyle,
  ComponentType,
  InteractionContextType,
  MessageFlags,
  SlashCommandBuilder,
  type APIActionRowComponent,
  type APIButtonComponent,
  type AutocompleteInteraction,
  type ChatInputCommandInteraction,
} from 'discord.js';
import {
  answerRequest,
  askToWatch,
  revokeWatcher,
  stopWatching,
  type Stopped,
  watchablePowers,
  type SpectateAnswer,
} from '../../game/spectators/index.js';
import { fail, variantOfGame } from '../../game/core/index.js';
import { findOpenGame } from '../../game/history/index.js';
import { powerChoices } from '../choices.js';
import { msg, t, tr, type Locale } from '../../i18n/index.js';
import type { BotCommand, ComponentInteraction } from '../command.js';
import { spectateButtonId } from '../components.js';
import type { BotContext } from '../context.js';
import { readerOf, refusalText } from '../locale.js';
import { discordText } from '../markup.js';
import { callerOf, replyPrivately, replyRejected } from '../respond.js';

const data = new SlashCommandBuilder()
  .setName('spectate')
  .setDescription("Ask to watch a power with its player's consent, or stop watching (being watched)")
  .setContexts(InteractionContextType.Guild)
  .addStringOption((o) =>
    o
      .setName('power')
      .setDescription('The power you ask to watch (its player decides)')
      .setMaxLength(40)
      .setAutocomplete(true),
  )
  .addBooleanOption((o) =>
    o
      .setName('stop')
      .setDescription('Stop watching (with power: that one only); as a player, stop everyone watching you'),
  )
  .toJSON();

async function execute(ctx: BotContext, interaction: ChatInputCommandInteraction): Promise<void> {
  const caller = callerOf(interaction);
  const locale = readerOf(interaction);
  const power = interaction.options.getString('power');
  if (interaction.options.getBoolean('stop')) {
    const r = await stopWatching(ctx.deps, { ...caller, power });
    if (!r.ok) return replyRejected(interaction, r);
    return replyPrivately(interaction, stoppedText(locale, r));
  }
  if (!power) return replyRejected(interaction, msg('spectate.refused.what'));
  const r = await askToWatch(ctx.deps, { ...caller, power });
  if (!r.ok) return replyRejected(interaction, r);
  return replyPrivately(interaction, t(locale, r.answer));
}

/**
 * What `/spectate stop:True` stopped, told apart: a player's spectators and waiting requests; a spectator's watches and
 * the requests they withdrew unanswered (they never watched those).
 */
function stoppedText(locale: Locale, r: Stopped): string {
  const what = r.watching > 0 ? (r.asked > 0 ? 'both' : 'watching') : r.asked > 0 ? 'asked' : 'none';
  if (r.as === 'spectator')
    return r.power
      ? tr(locale, 'spectate.stopped.spectatorPower', { what, power: r.power })
      : tr(locale, 'spectate.stopped.spectator', { what, watching: r.watching, asked: r.asked });
  return tr(locale, 'spectate.stopped.player', { what, watching: r.watching, asked: r.asked, power: r.power ?? '' });
}

/**
 * The powers the caller may ask to watch (held by a member, none of the caller's own), named in the member's language
 * and matched in it or as the variant spells them (docs/locales.md "Names").
 */
async function autocomplete(ctx: BotContext, interaction: AutocompleteInteraction): Promise<void> {
  const powers = await watchablePowers(ctx.deps, callerOf(interaction));
  const game = powers.length > 0 ? await findOpenGame(ctx.deps, interaction.channelId) : null;
  const variant = game ? variantOfGame(game) : undefined;
  if (!variant) return interaction.respond([]);
  await interaction.respond(powerChoices(interaction, variant, powers, interaction.options.getFocused()));
}

/** The **Revoke** button left under an allowed request. */
function revokeRow(requestId: number, locale: Locale): APIActionRowComponent<APIButtonComponent> {
  return {
    type: ComponentType.ActionRow,
    components: [
      {
        type: ComponentType.Button,
        style: ButtonStyle.Secondary,
        label: tr(locale, 'spectate.button.revoke'),
        custom_id: spectateButtonId('revoke', requestId),
      },
    ],
  };
}

/**
 * A button of a request DM: the answer replaces the buttons (an allowed request keeps **Revoke**); a refusal (not the
 * power's player any more, answered already) is a private reply.
 */
async function component(
  ctx: BotContext,
  interaction: ComponentInteraction,
  action: string,
  args: string[],
): Promise<void> {
  const locale = readerOf(interaction);
  const requestId = Number(args[0]);
  const userId = interaction.user.id;
  if (!interaction.isButton() || !Number.isSafeInteger(requestId))
    return refuse(interaction, locale, fail(msg('spectate.refused.gone')));
  if (action === 'revoke') {
    const r = await revokeWatcher(ctx.deps, { requestId, userId });
    if (!r.ok) return refuse(interaction, locale, r);
    return answer(interaction, {
      content: discordText(tr(locale, 'spectate.answered.revoked', { power: r.power })),
      components: [],
    });
  }
  if (action !== 'allow' && action !== 'orders' && action !== 'deny')
    return refuse(interaction, locale, fail(msg('spectate.refused.gone')));
  const r = await answerRequest(ctx.deps, { requestId, userId, answer: action as SpectateAnswer });
  if (!r.ok) return refuse(interaction, locale, r);
  const content =
    r.status === 'allowed'
      ? tr(locale, 'spectate.answered.allowed', { power: r.power, orders: r.showOrders ? 'yes' : 'no' })
      : tr(locale, 'spectate.answered.denied', { power: r.power });
  return answer(interaction, {
    content: discordText(content),
    components: r.status === 'allowed' ? [revokeRow(r.requestId, locale)] : [],
  });
}

/**
 * The answer replaces the request DM's buttons; the same id forged on a post in a server (a modified client sends any
 * id from any message it sees) is answered privately, never by rewriting that post.
 */
async function answer(
  interaction: ButtonInteraction,
  body: { content: string; components: ReturnType<typeof revokeRow>[] },
): Promise<void> {
  const reply = { ...body, allowedMentions: { parse: [] as [] } };
  if (interaction.inGuild()) await interaction.reply({ ...reply, flags: MessageFlags.Ephemeral });
  else await interaction.update(reply);
}

async function refuse(
  interaction: ComponentInteraction,
  locale: Locale,
  refusal: Parameters<typeof refusalText>[1],
): Promise<void> {
  await interaction.reply({
    content: discordText(`⚠️ ${refusalText(locale, refusal)}`),
    flags: MessageFlags.Ephemeral,
    allowedMentions: { parse: [] },
  });
}

export const spectateCommand: BotCommand = {
  data,
  execute,
  autocomplete,
  component,
  // The request's buttons are in the player's DMs.
  componentsInDms: true,
  // Asking sends the player a DM: the `spectate` budget keeps anyone from flooding them.
  cooldown: (interaction) => (interaction.options.getBoolean('stop') ? null : 'spectate'),
  privateReplies: true,
};
