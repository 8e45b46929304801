/**
 * `/gm advance|extend|pause|resume|rollback|replace`: the game master's tools (issue 4 §2). The game layer
 * checks that the caller is the game master; what they did is announced in the channel.
 */
import { InteractionContextType, SlashCommandBuilder, type ChatInputCommandInteraction } from 'discord.js';
import { formatDuration, gmAdvance, gmExtend, gmPause, gmResume, gmRollback, gmReplace } from '../../game/index.js';
import { respondWithPowers } from '../choices.js';
import type { BotCommand } from '../command.js';
import type { BotContext } from '../context.js';
import { callerOf, replyPublicly, replyRejected } from '../respond.js';
import { discordTimestamp } from '../text.js';

const data = new SlashCommandBuilder()
  .setName('gm')
  .setDescription('Game master tools')
  .setContexts(InteractionContextType.Guild)
  .addSubcommand((s) => s.setName('advance').setDescription('Resolve the current phase now'))
  .addSubcommand((s) =>
    s
      .setName('extend')
      .setDescription('Give the current phase more time')
      .addStringOption((o) => o.setName('duration').setDescription('How much more, like 90s, 10m, 24h or 2d').setRequired(true).setMaxLength(20)),
  )
  .addSubcommand((s) => s.setName('pause').setDescription('Stop the clock'))
  .addSubcommand((s) => s.setName('resume').setDescription('Restart the clock with the time that was left'))
  .addSubcommand((s) => s.setName('rollback').setDescription('Go back to the start of the previous phase'))
  .addSubcommand((s) =>
    s
      .setName('replace')
      .setDescription('Give a power to another player')
      .addStringOption((o) => o.setName('power').setDescription('The power').setRequired(true).setAutocomplete(true))
      .addUserOption((o) => o.setName('user').setDescription('The new player').setRequired(true)),
  )
  .toJSON();

async function execute(ctx: BotContext, interaction: ChatInputCommandInteraction): Promise<void> {
  const caller = callerOf(interaction);
  switch (interaction.options.getSubcommand()) {
    case 'advance': {
      const r = gmAdvance(ctx.deps, caller);
      if (!r.ok) return replyRejected(interaction, r.error);
      const what = r.resolved.map((p) => p.label).join(', ') || 'the phase';
      return replyPublicly(interaction, `⏩ The game master resolved ${what} now; the results are being posted.`);
    }
    case 'extend': {
      const duration = interaction.options.getString('duration', true);
      const r = gmExtend(ctx.deps, { ...caller, duration });
      if (!r.ok) return replyRejected(interaction, r.error);
      const when = r.deadline !== null ? `; the deadline is now ${discordTimestamp(r.deadline)}` : ` (${formatDuration(r.remaining)} left while paused)`;
      return replyPublicly(interaction, `⏳ The game master extended the phase by ${duration.trim()}${when}.`);
    }
    case 'pause': {
      const r = gmPause(ctx.deps, caller);
      if (!r.ok) return replyRejected(interaction, r.error);
      return replyPublicly(interaction, `⏸️ The game master paused the game with ${formatDuration(r.remaining)} left on the clock.`);
    }
    case 'resume': {
      const r = gmResume(ctx.deps, caller);
      if (!r.ok) return replyRejected(interaction, r.error);
      return replyPublicly(interaction, `▶️ The game master resumed the game; the deadline is ${discordTimestamp(r.deadline)}.`);
    }
    case 'rollback': {
      const r = gmRollback(ctx.deps, caller);
      if (!r.ok) return replyRejected(interaction, r.error);
      return replyPublicly(interaction, `⏪ The game master rolled the game back to the start of ${r.phase.label}. Orders for it must be given again.`);
    }
    case 'replace': {
      const user = interaction.options.getUser('user', true);
      if (user.bot) return replyRejected(interaction, `${user.username} is a bot and cannot play.`);
      const r = gmReplace(ctx.deps, { ...caller, power: interaction.options.getString('power', true), newUserId: user.id });
      if (!r.ok) return replyRejected(interaction, r.error);
      const before = r.previousUserId ? ` (replacing <@${r.previousUserId}>)` : '';
      return replyPublicly(interaction, `🔁 <@${user.id}> now plays **${r.power}**${before}.`);
    }
    default:
      return replyRejected(interaction, 'Unknown subcommand.');
  }
}

export const gmCommand: BotCommand = { data, execute, autocomplete: respondWithPowers };
