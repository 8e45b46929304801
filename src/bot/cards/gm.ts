/**
 * `/gm …` on a card game (design §3.2): extend, pause, resume, replace, kick as they are; `advance` skips the turn (the
 * default action now) and `rollback` goes back to the start of the round, both after a confirmation. The game
 * layer checks the game master and tells the channel.
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
import { mentionedUserId } from '../markup.js';
import { choiceName, userNameText } from '../text.js';
import { dynastyLabel } from './format.js';
import { playerName } from '../../game/core/index.js';

const told = 'The channel has been told.';

/** Handles the subcommands that mean something for a card game; false for the others (cancel, transfer). */
export async function cardGm(ctx: BotContext, interaction: ChatInputCommandInteraction): Promise<boolean> {
  const caller = callerOf(interaction);
  const sub = interaction.options.getSubcommand();
  const game = await cardGameInChannel(ctx.deps, caller.channelId);
  const done = async (r: { ok: true } | { ok: false; error: string }, text: string) => {
    if (!r.ok) await replyRejected(interaction, r);
    else await replyPrivately(interaction, `${text} ${told}`);
    return true;
  };
  switch (sub) {
    case 'extend':
      return done(
        await gmExtendCards(ctx.deps, caller, interaction.options.getString('duration', true)),
        '⏱️ Extended.',
      );
    case 'pause':
      return done(await gmPauseCards(ctx.deps, caller), '⏸️ Paused.');
    case 'resume':
      return done(await gmResumeCards(ctx.deps, caller), '▶️ Resumed.');
    case 'replace': {
      const user = interaction.options.getUser('user');
      const computer = interaction.options.getBoolean('computer') === true;
      if (user?.bot) {
        await replyRejected(interaction, `${userNameText(user.username, 40)} is a bot and cannot play.`);
        return true;
      }
      // A seat goes to a computer player only by the game master's action; the channel is told.
      const r = await gmReplaceCards(ctx.deps, caller, {
        seat: interaction.options.getString('power', true),
        userId: user?.id ?? null,
        computer,
        level: interaction.options.getString('level'),
      });
      return done(
        r,
        computer
          ? '🤖 A computer player now holds that seat; its draft was cleared.'
          : `🔁 ${playerName(user?.id ?? '')} now holds that seat; its draft was cleared.`,
      );
    }
    case 'kick': {
      // A seat may be named by its player's mention (`<@id>`): the game layer takes the user id.
      const named = interaction.options.getString('power', true);
      const r = await gmKickCards(ctx.deps, caller, { seat: mentionedUserId(named) ?? named });
      if (!r.ok) return done(r, '');
      const where = r.dynasty ? ` from **${dynastyLabel(r.dynasty as DynastyId)}**` : '';
      const after =
        r.game.phase === 'lobby'
          ? 'the seat is free again.'
          : 'its turns now play at once with the defaults; `/gm replace` hands it to someone.';
      return done(r, `👢 Removed ${playerName(r.userId)}${where}; ${after}`);
    }
    case 'advance':
    case 'rollback': {
      if (!game || game.gmUserId !== caller.userId) {
        await replyRejected(interaction, 'Only the game master can use `/gm` commands.');
        return true;
      }
      if (game.phase === 'lobby' || game.phase === 'finished') {
        await replyRejected(
          interaction,
          game.phase === 'lobby' ? 'The game has not started yet.' : 'The game is over.',
        );
        return true;
      }
      const skip = sub === 'advance';
      await askConfirmation(ctx, interaction, {
        command: 'gm',
        action: skip ? 'cards-skip' : 'cards-rollback',
        args: [game.version],
        question: skip
          ? '⏩ Skip the current turn now? The seat to act gets the default action (a fall back placing armies, or the default choice).'
          : `⏪ Go back to the start of round ${game.round}? Every play of this round is undone.`,
        confirmLabel: skip ? 'Skip the turn' : 'Roll back',
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
  const r =
    action === 'cards-skip'
      ? await gmSkipCards(ctx.deps, caller, { version })
      : await gmRollbackCards(ctx.deps, caller);
  if (!r.ok) return `⚠️ ${r.error}`;
  return action === 'cards-skip'
    ? '⏩ Skipped: the default action was applied; the log thread records it as skipped by the game master.'
    : `⏪ Rolled back to the start of round ${r.game.round}. ${told}`;
}

/** `power:` of `/gm replace` and `/gm kick`: the dynasties at the table (in the lobby, those the players chose). */
export async function respondWithDynasties(ctx: BotContext, interaction: AutocompleteInteraction): Promise<void> {
  const typed = interaction.options.getFocused().trim().toLowerCase();
  const game = await cardGameInChannel(ctx.deps, interaction.channelId);
  const seated = game?.table
    ? game.table.seats.map((s) => s.dynasty)
    : (game?.seats.flatMap((s) => (s.dynasty ? [s.dynasty] : [])) ?? []);
  const offered = seated.length ? DYNASTIES.filter((d) => seated.includes(d)) : DYNASTIES;
  await interaction.respond(
    offered
      .filter((d) => dynastyLabel(d).toLowerCase().includes(typed))
      .map((d) => ({ name: choiceName(dynastyLabel(d)), value: d })),
  );
}
