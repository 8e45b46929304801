/**
 * `/concede` in a card game (docs/cardgame.md "Commands"): after a confirmation, the seat's turns fall back at once
 * with the defaults for the rest of the game. The confirm button is the `cards` command's (`cards:concede:<expiry>`).
 */
import type { ChatInputCommandInteraction } from 'discord.js';
import { concedeCards } from '../../game/cards/index.js';
import type { ComponentInteraction } from '../command.js';
import { askConfirmation, handleConfirmation } from '../components.js';
import type { BotContext } from '../context.js';
import { callerOf } from '../respond.js';
import { CARD_ACTIONS, CARDS_COMMAND } from './ui.js';
import { readerOf, refusalText } from '../locale.js';
import { tr } from '../../i18n/index.js';

export async function askCardConcession(ctx: BotContext, interaction: ChatInputCommandInteraction): Promise<void> {
  const locale = readerOf(interaction);
  return askConfirmation(ctx, interaction, {
    command: CARDS_COMMAND,
    action: CARD_ACTIONS.concede,
    question: tr(locale, 'cards.concede.ask'),
    confirmLabel: tr(locale, 'cards.concede.button'),
    danger: true,
  });
}

export async function confirmCardConcession(
  ctx: BotContext,
  interaction: ComponentInteraction,
  action: string,
  args: string[],
): Promise<void> {
  return handleConfirmation(ctx, interaction, action, args, async () => {
    const r = await concedeCards(ctx.deps, callerOf(interaction));
    const locale = readerOf(interaction);
    return r.ok ? tr(locale, 'cards.concede.done') : `⚠️ ${refusalText(locale, r)}`;
  });
}
