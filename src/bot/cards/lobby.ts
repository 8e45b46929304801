/**
 * `/game create|join|leave|start|status` for the card game (design §3.2, §3.3): game.ts routes here when the
 * variant is `warring-states-cards` or the channel's game is a card game. The lobby message itself (seats,
 * settings, [Join] [Leave] [Start]) is the table message the outbox keeps edited in place.
 */
import { seatOptions, seatsText } from '../seat-options.js';
import { CARD_GAME } from '../../cardgame/identity.js';
import type { ChatInputCommandInteraction } from 'discord.js';
import { DYNASTIES } from '../../cardgame/index.js';
import {
  cardTableOf,
  CARD_VARIANT_ID,
  createCardGame,
  joinCardGame,
  leaveCardGame,
  matchDynasty,
  startCardGame,
  type CardGameInfo,
} from '../../game/cards/index.js';
import { formatDuration, memberRef, typed, playerName } from '../../game/core/index.js';
import type { BotContext } from '../context.js';
import { callerOf, replyPrivately, replyPublicly, replyRejected } from '../respond.js';
import { dynastyLabel } from './format.js';

export const CARD_GAME_CHOICE = { name: CARD_GAME.choice, value: CARD_VARIANT_ID };
export const CARD_PRESET_CHOICES = [
  { name: 'live (2 min a turn)', value: 'live' },
  { name: 'standard (1 h a turn)', value: 'standard' },
  { name: 'async (12 h a turn)', value: 'async' },
];

/** How `/game join power:` names a dynasty ("Qin 秦", the notation's form, which `matchDynasty` reads back). */
export { dynastyLabel as dynastyName } from './format.js';

function settingsLine(g: CardGameInfo): string {
  const s = g.settings;
  return `${s.seats} seats · ${s.preset === 'custom' ? 'custom' : s.preset} turns of ${formatDuration(s.turnMs)} · dynasty cards ${s.dynastyCards ? 'on' : 'off'}`;
}

export async function createCards(ctx: BotContext, interaction: ChatInputCommandInteraction): Promise<void> {
  const caller = callerOf(interaction);
  const r = await createCardGame(ctx.deps, {
    ...caller,
    guildId: interaction.guildId,
    seats: interaction.options.getInteger('seats'),
    preset: interaction.options.getString('preset'),
    turn: interaction.options.getString('turn'),
    dynastyCards: interaction.options.getBoolean('dynasty-cards'),
    computer: interaction.options.getString('computer'),
    demonstration: interaction.options.getBoolean('demonstration'),
    computerLevel: interaction.options.getString('computer-level'),
    ...seatOptions(interaction),
    locale: interaction.options.getString('locale'),
    guildLocale: interaction.guildLocale,
  });
  if (!r.ok) return replyRejected(interaction, r);
  // The channel is told which seats computer players take (docs/decisions.md "Computer players and sandbox").
  const computers = r.demonstration
    ? '🤖 **Demonstration table**: computer players play every seat; nobody joins.\n'
    : r.computer.fill === 'all'
      ? '🤖 Computer players take every seat nobody has joined when the game starts.\n'
      : r.computer.fill === 'dynasties'
        ? `🤖 Computer players: ${r.computer.dynasties.map(dynastyLabel).join(', ')}.\n`
        : '';
  return replyPublicly(
    interaction,
    `🆕 ${memberRef(caller.userId)} created a **${CARD_GAME.name}** here and is its game master (${settingsLine(r.game)}).\n` +
      computers +
      seatsText(r.seats, {
        hold: 'A turn that runs out takes the default action.',
        computer: 'A turn that runs out is played by a computer player for its player.',
        silent: (n) => `whose turn runs out ${n} time${n === 1 ? '' : 's'}`,
      }) +
      (r.demonstration
        ? 'The game master starts it with `/game start`.'
        : 'Join with the table’s **Join** button or `/game join` (optionally choosing a dynasty); the game master starts with `/game start`.'),
  );
}

export async function cardLobby(
  ctx: BotContext,
  interaction: ChatInputCommandInteraction,
  sub: 'join' | 'leave' | 'start' | 'status',
): Promise<void> {
  const caller = callerOf(interaction);
  switch (sub) {
    case 'join': {
      const wanted = interaction.options.getString('power');
      if (wanted && !matchDynasty(wanted))
        return replyRejected(
          interaction,
          `Unknown dynasty "${typed(wanted)}". Dynasties: ${DYNASTIES.map(dynastyLabel).join(', ')}.`,
        );
      const r = await joinCardGame(ctx.deps, caller, wanted ? matchDynasty(wanted) : null);
      if (!r.ok) return replyRejected(interaction, r);
      return replyPublicly(
        interaction,
        `✋ ${playerName(caller.userId)} joined the card game${r.dynasty ? ` as **${dynastyLabel(r.dynasty)}**` : ' (dynasty drawn at the start)'}.`,
      );
    }
    case 'leave': {
      const r = await leaveCardGame(ctx.deps, caller);
      if (!r.ok) return replyRejected(interaction, r);
      return replyPublicly(interaction, `👋 ${playerName(caller.userId)} left the card game.`);
    }
    case 'start': {
      const r = await startCardGame(ctx.deps, caller);
      if (!r.ok) return replyRejected(interaction, r);
      // As with the table's Start button: the table message and the log thread tell the channel; this reply is private.
      return replyPrivately(
        interaction,
        `🎲 The card game starts with ${r.game.seats.length} players; the table and its log thread tell the channel. Every player chooses 2 of their 8 cards for the recruiting row (**Choose recruits** on the table).`,
      );
    }
    case 'status': {
      // The table message's own text (seats, turn, battlefield, rows), as the channel sees it.
      const table = await cardTableOf(ctx.deps, caller.channelId);
      if (!table) return replyRejected(interaction, 'There is no card game in this channel.');
      return replyPrivately(interaction, table.text);
    }
  }
}
