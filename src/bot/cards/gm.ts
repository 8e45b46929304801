/**
 * `/gm …` on a card game (docs/cardgame.md "Commands"): extend, pause, resume, replace, kick as they are; `advance`
 * skips the turn (the default action now) and `rollback` goes back to the start of the round, both after a
 * confirmation. The game layer checks the game master and tells the channel.
 */
import type { AutocompleteInteraction, ChatInputCommandInteraction } from 'discord.js';
import { DYNASTIES, type DynastyId } from '../../cardgame/index.js';
import {
  cardGameInChannel,
  gmExtendCards,
  gmKickCards,
  gmPauseCards,
  gmReplaceCards,
  gmResumeCards,
  gmRollbackCards,
  gmSkipCards,
} from '../../game/cards/index.js';
import type { ComponentInteraction } from '../command.js';
import { askConfirmation } from '../components.js';
import type { BotContext } from '../context.js';
import { callerOf, replyPrivately, replyRejected } from '../respond.js';
import type { Refusal } from '../../game/core/index.js';
import { mentionedUserId } from '../markup.js';
import { choiceName, userNameText } from '../text.js';
import { dynastyLabel } from './format.js';
import { holderName, playerName } from '../../game/core/index.js';
import { readerOf, refusalText } from '../locale.js';
import { msg, tr, type Locale, type MessageKey, type MsgParam } from '../../i18n/index.js';
import { dynastyTitle, sentences } from './names.js';

/** A game master's receipt in their own words, and that the channel has been told. */
const told = (locale: Locale, key: MessageKey, params?: Record<string, MsgParam>) =>
  sentences([tr(locale, key, params), tr(locale, 'cards.gmReply.told')], locale);

/** Handles the subcommands that mean something for a card game; false for the others (cancel, transfer). */
export async function cardGm(ctx: BotContext, interaction: ChatInputCommandInteraction): Promise<boolean> {
  const caller = callerOf(interaction);
  const sub = interaction.options.getSubcommand();
  const game = await cardGameInChannel(ctx.deps, caller.channelId);
  const locale = readerOf(interaction);
  const done = async (r: { ok: true } | Refusal, text: () => string) => {
    if (!r.ok) await replyRejected(interaction, r);
    else await replyPrivately(interaction, text());
    return true;
  };
  switch (sub) {
    case 'extend':
      return done(await gmExtendCards(ctx.deps, caller, interaction.options.getString('duration', true)), () =>
        told(locale, 'cards.gmReply.extended'),
      );
    case 'pause':
      return done(await gmPauseCards(ctx.deps, caller), () => told(locale, 'cards.gmReply.paused'));
    case 'resume':
      return done(await gmResumeCards(ctx.deps, caller), () => told(locale, 'cards.gmReply.resumed'));
    case 'replace': {
      const user = interaction.options.getUser('user');
      const computer = interaction.options.getBoolean('computer') === true;
      if (user?.bot) {
        await replyRejected(interaction, msg('cards.refused.bot', { name: userNameText(user.username, 40) }));
        return true;
      }
      // A seat goes to a computer player only by the game master's action; the channel is told.
      const r = await gmReplaceCards(ctx.deps, caller, {
        seat: interaction.options.getString('power', true),
        userId: user?.id ?? null,
        computer,
        level: interaction.options.getString('level'),
      });
      const draft = r.ok && r.draftCleared ? 'cleared' : 'none';
      return done(r, () =>
        computer
          ? told(locale, 'cards.gmReply.replacedComputer', { draft })
          : told(locale, 'cards.gmReply.replaced', { who: playerName(user?.id ?? ''), draft }),
      );
    }
    case 'kick': {
      // A seat may be named by its player's mention (`<@id>`): the game layer takes the user id.
      const named = interaction.options.getString('power', true);
      const r = await gmKickCards(ctx.deps, caller, { seat: mentionedUserId(named) ?? named });
      if (!r.ok) return done(r, () => '');
      const who = holderName(r.userId);
      const lobby = r.game.phase === 'lobby' ? 'yes' : 'no';
      return done(r, () =>
        r.dynasty
          ? told(locale, 'cards.gmReply.kickedFrom', {
              who,
              dynasty: dynastyTitle(r.dynasty as DynastyId, locale),
              lobby,
            })
          : told(locale, 'cards.gmReply.kicked', { who, lobby }),
      );
    }
    case 'advance':
    case 'rollback': {
      if (!game || game.gmUserId !== caller.userId) {
        await replyRejected(interaction, msg('cards.refused.gmOnly'));
        return true;
      }
      if (game.phase === 'lobby' || game.phase === 'finished') {
        await replyRejected(
          interaction,
          msg(game.phase === 'lobby' ? 'cards.refused.notStarted' : 'cards.refused.gameOver'),
        );
        return true;
      }
      const skip = sub === 'advance';
      // Nothing played since the round's battle began: refused before asking, never asked then refused.
      if (!skip && game.rollbackRound === null) {
        await replyRejected(interaction, msg('cards.refused.nothingToRollBack'));
        return true;
      }
      await askConfirmation(ctx, interaction, {
        command: 'gm',
        action: skip ? 'cards-skip' : 'cards-rollback',
        args: [game.version],
        question: skip
          ? tr(locale, 'cards.gmReply.skipAsk')
          : tr(locale, 'cards.gmReply.rollbackAsk', { round: game.rollbackRound ?? game.round }),
        confirmLabel: tr(locale, skip ? 'cards.gmReply.skipButton' : 'cards.gmReply.rollbackButton'),
        danger: true,
      });
      return true;
    }
    default:
      return false;
  }
}

export async function cardGmConfirmed(
  ctx: BotContext,
  interaction: ComponentInteraction,
  action: 'cards-skip' | 'cards-rollback',
  version: number,
): Promise<string> {
  const caller = callerOf(interaction);
  const locale = readerOf(interaction);
  const r =
    action === 'cards-skip'
      ? await gmSkipCards(ctx.deps, caller, { version })
      : await gmRollbackCards(ctx.deps, caller);
  if (!r.ok) return `⚠️ ${refusalText(locale, r)}`;
  return action === 'cards-skip'
    ? tr(locale, 'cards.gmReply.skipped')
    : told(locale, 'cards.gmReply.rolledBack', { round: r.game.round });
}

/** `power:` of `/gm replace` and `/gm kick`: the dynasties at the table (in the lobby, those the players chose). */
export async function respondWithDynasties(ctx: BotContext, interaction: AutocompleteInteraction): Promise<void> {
  const typed = interaction.options.getFocused().trim().toLowerCase();
  const game = await cardGameInChannel(ctx.deps, interaction.channelId);
  const seated = game?.table
    ? game.table.seats.map((s) => s.dynasty)
    : (game?.seats.flatMap((s) => (s.dynasty ? [s.dynasty] : [])) ?? []);
  const offered = seated.length ? DYNASTIES.filter((d) => seated.includes(d)) : DYNASTIES;
  const locale = readerOf(interaction);
  await interaction.respond(
    offered
      .filter((d) => `${dynastyLabel(d)} ${dynastyTitle(d, locale)}`.toLowerCase().includes(typed))
      .map((d) => ({ name: choiceName(dynastyTitle(d, locale)), value: d })),
  );
}
