/**
 * `/concede` in a card game (design §3.2): after a confirmation, the seat's turns fall back at once with the
 * defaults for the rest of the game. The confirm button is the `cards` command's (`cards:concede:<expiry>`).
 */
import type { ChatInputCommandInteraction } from 'discord.js';
import { concedeCards } from '../../game/cards/index.js';
import type { ComponentInteraction } from '../command.js';
import { askConfirmation, handleConfirmation } from '../components.js';
import type { BotContext } from '../context.js';
import { callerOf } from '../respond.js';
import { CARDS_COMMAND } from './ui.js';

export async function askCardConcession(ctx: BotContext, interaction: ChatInputCommandInteraction): Promise<void> {
  return askConfirmation(ctx, interaction, {
    command: CARDS_COMMAND,
    action: 'concede',
    question:
      '🏳️ Concede the card game? From now on your turns fall back at once with the default choices; you stay seated and your armies stay on the board.',
    confirmLabel: 'Concede',
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
    return r.ok ? '🏳️ You conceded: your turns now fall back at once.' : `⚠️ ${r.error}`;
  });
}
