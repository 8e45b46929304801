/**
 * `/gm …`: the game master's tools. The game layer checks that the
 * caller is the game master on every call and announces each action once, in the channel, through the outbox;
 * the game master's own reply is ephemeral. `advance`, `rollback` and `cancel` ask for a confirmation first.
 * Server admins may limit who sees `/gm` in Server Settings → Integrations (README); the check stays here.
 */
import {
  isComputer,
  isPerson,
  isVacant,
  playerName,
  formatDuration,
  GAME_OVER,
  memberRef,
  type Caller,
} from '../../game/core/index.js';
import {
  InteractionContextType,
  PermissionFlagsBits,
  SlashCommandBuilder,
  type AutocompleteInteraction,
  type ChatInputCommandInteraction,
} from 'discord.js';
import { botKindInChannel, botKinds } from '../kinds.js';
import { gameStatus } from '../../game/history/index.js';
import {
  gmAdvance,
  gmCancel,
  gmExtend,
  gmKick,
  gmSeats,
  gmPause,
  gmReplace,
  gmResume,
  gmRollback,
  gmTransfer,
} from '../../game/gm/index.js';
import { gmSubstitute } from '../../game/seats/index.js';
import { LEVEL_CHOICES, respondWithPowers } from '../choices.js';
import type { BotCommand, ComponentInteraction } from '../command.js';
import { askConfirmation, handleConfirmation } from '../components.js';
import { autocompleteAction, executeAction, withActionOptions } from '../act.js';
import type { BotContext } from '../context.js';
import { timestamp } from '../markup.js';
import { tr } from '../../i18n/index.js';
import { readerOf } from '../locale.js';
import { callerOf, replyPrivately, replyRejected } from '../respond.js';
import { userNameText } from '../text.js';
import { autocompleteGmEdit, executeGmEdit, withEditGroup } from './gm-edit.js';

const data = withEditGroup(new SlashCommandBuilder())
  .setName('gm')
  .setDescription('Game master tools')
  .setContexts(InteractionContextType.Guild)
  .addSubcommand((s) => s.setName('advance').setDescription('Resolve the current phase now (asks first)'))
  .addSubcommand((s) =>
    s
      .setName('extend')
      .setDescription('Give the current phase more time')
      .addStringOption((o) =>
        o
          .setName('duration')
          .setDescription('How much more, like 90s, 10m, 24h or 2d')
          .setRequired(true)
          .setMaxLength(20),
      ),
  )
  .addSubcommand((s) => s.setName('pause').setDescription('Stop the clock'))
  .addSubcommand((s) => s.setName('resume').setDescription('Restart the clock with the time that was left'))
  .addSubcommand((s) => s.setName('rollback').setDescription('Go back to the start of the previous phase (asks first)'))
  .addSubcommand((s) =>
    s
      .setName('replace')
      .setDescription('Give a power to another player or a computer player (its orders for this phase are cleared)')
      .addStringOption((o) => o.setName('power').setDescription('The power').setRequired(true).setAutocomplete(true))
      .addUserOption((o) => o.setName('user').setDescription('The new player (or choose computer)'))
      .addBooleanOption((o) =>
        o.setName('computer').setDescription('Give the power to a computer player instead of a user'),
      )
      .addStringOption((o) =>
        o
          .setName('level')
          .setDescription("With computer: how well it plays (default: the game's computer level)")
          .addChoices(...LEVEL_CHOICES),
      ),
  )
  .addSubcommand((s) =>
    s.setName('cancel').setDescription('Cancel the game (game master or Manage Server; asks first)'),
  )
  .addSubcommand((s) =>
    s
      .setName('transfer')
      .setDescription('Hand the game-master role to another member')
      .addUserOption((o) => o.setName('user').setDescription('The new game master').setRequired(true)),
  )
  .addSubcommand((s) =>
    withActionOptions(
      s
        .setName('act')
        .setDescription("An action of this game's variant for its game master (the choices list what is open now)"),
      'gm',
    ),
  )
  .addSubcommand((s) =>
    s
      .setName('substitute')
      .setDescription('Post a substitute call for a seat now: the first member to press Claim takes it')
      .addStringOption((o) =>
        o.setName('power').setDescription('The seat to offer').setRequired(true).setAutocomplete(true),
      ),
  )
  .addSubcommand((s) =>
    s.setName('seats').setDescription('Who holds which power (only you see it; in gunboat and anonymous games too)'),
  )
  .addSubcommand((s) =>
    s
      .setName('kick')
      .setDescription('Remove a player: before the start (in games that allow it, also during play)')
      .addStringOption((o) =>
        o.setName('power').setDescription('The power whose player leaves').setRequired(true).setAutocomplete(true),
      ),
  )
  .toJSON();

const announced = 'The channel has been told.';

/** The game in the channel if the caller may run `/gm` there, for asking before acting; else the error. */
async function masterCheck(
  ctx: BotContext,
  interaction: ChatInputCommandInteraction,
): Promise<{ ok: true; phaseId: number | null; label: string | null; status: string } | { ok: false; error: string }> {
  const status = await gameStatus(ctx.deps, interaction.channelId);
  if (!status.ok) return status;
  if (status.status.game.gmUserId !== interaction.user.id)
    return { ok: false, error: 'Only the game master can use `/gm` commands.' };
  return {
    ok: true,
    phaseId: status.status.phase?.id ?? null,
    label: status.status.phase?.label ?? null,
    status: status.status.game.status,
  };
}

async function confirmAdvance(ctx: BotContext, interaction: ChatInputCommandInteraction): Promise<void> {
  const check = await masterCheck(ctx, interaction);
  if (!check.ok) return replyRejected(interaction, check);
  if (check.phaseId === null) return replyRejected(interaction, 'The game has not started yet.');
  // Nothing to confirm when it could not be done anyway (the game layer checks again on the click).
  if (check.status === 'paused') return replyRejected(interaction, 'The game is paused; resume it first.');
  if (check.status === 'finished') return replyRejected(interaction, 'The game is over.');
  return askConfirmation(ctx, interaction, {
    command: 'gm',
    action: 'advance',
    args: [check.phaseId],
    question: `⏩ Resolve **${check.label}** now, before its deadline? Orders not given by then count as holds (or the defaults).`,
    confirmLabel: 'Resolve now',
    danger: true,
  });
}

async function confirmRollback(ctx: BotContext, interaction: ChatInputCommandInteraction): Promise<void> {
  const check = await masterCheck(ctx, interaction);
  if (!check.ok) return replyRejected(interaction, check);
  if (check.phaseId === null) return replyRejected(interaction, 'The game has not started yet.');
  return askConfirmation(ctx, interaction, {
    command: 'gm',
    action: 'rollback',
    args: [check.phaseId],
    question: `⏪ Go back to the start of the previous phase? The results since then are undone; orders given in that phase are kept.`,
    confirmLabel: 'Roll back',
    danger: true,
  });
}

async function confirmCancel(ctx: BotContext, interaction: ChatInputCommandInteraction): Promise<void> {
  const status = await gameStatus(ctx.deps, interaction.channelId);
  if (!status.ok) return replyRejected(interaction, status);
  if (status.status.game.status === 'finished') return replyRejected(interaction, GAME_OVER);
  const master = status.status.game.gmUserId === interaction.user.id;
  if (!master && !canManageServer(interaction)) {
    return replyRejected(interaction, 'Only the game master, or a member with Manage Server, can cancel the game.');
  }
  return askConfirmation(ctx, interaction, {
    command: 'gm',
    action: 'cancel',
    question: `🛑 Cancel the **${status.status.game.variantName}** game in this channel? It ends for good and cannot be resumed.`,
    confirmLabel: 'Cancel the game',
    danger: true,
  });
}

async function gmReplaceCommand(
  ctx: BotContext,
  interaction: ChatInputCommandInteraction,
  caller: Caller,
): Promise<void> {
  const user = interaction.options.getUser('user');
  const computer = interaction.options.getBoolean('computer') === true;
  if (user?.bot) return replyRejected(interaction, `${userNameText(user.username, 40)} is a bot and cannot play.`);
  const r = await gmReplace(ctx.deps, {
    ...caller,
    power: interaction.options.getString('power', true),
    newUserId: user?.id ?? null,
    computer,
    level: interaction.options.getString('level'),
  });
  if (!r.ok) return replyRejected(interaction, r);
  const previous = r.previousUserId;
  const before = !previous
    ? ''
    : isVacant(previous)
      ? ' (the seat was vacant)'
      : ` (replacing ${playerName(previous)}${isComputer(previous) ? '' : ', who is told by DM'})`;
  const who = playerName(r.newUserId).replace(/^a /, 'A ');
  return replyPrivately(
    interaction,
    `🔁 ${who} now plays **${r.power}**${before}; its orders for this phase were cleared. ${announced}`,
  );
}

async function execute(ctx: BotContext, interaction: ChatInputCommandInteraction): Promise<void> {
  const caller = callerOf(interaction);
  const kind = await botKindInChannel(ctx.deps, caller.channelId);
  if (kind && (await kind.gm(ctx, interaction))) return;
  if (interaction.options.getSubcommandGroup(false) === 'edit') return executeGmEdit(ctx, interaction);
  switch (interaction.options.getSubcommand()) {
    case 'advance':
      return confirmAdvance(ctx, interaction);
    case 'rollback':
      return confirmRollback(ctx, interaction);
    case 'cancel':
      return confirmCancel(ctx, interaction);
    case 'extend': {
      const duration = interaction.options.getString('duration', true);
      const r = await gmExtend(ctx.deps, { ...caller, duration });
      if (!r.ok) return replyRejected(interaction, r);
      const when =
        r.deadline !== null
          ? `the deadline is now ${timestamp(r.deadline)}`
          : `${formatDuration(r.remaining)} left while paused`;
      return replyPrivately(interaction, `⏱️ Extended: ${when}. ${announced}`);
    }
    case 'pause': {
      const r = await gmPause(ctx.deps, caller);
      if (!r.ok) return replyRejected(interaction, r);
      return replyPrivately(
        interaction,
        `⏸️ Paused with ${formatDuration(r.remaining)} left on the clock. ${announced}`,
      );
    }
    case 'resume': {
      const r = await gmResume(ctx.deps, caller);
      if (!r.ok) return replyRejected(interaction, r);
      return replyPrivately(interaction, `▶️ Resumed; the deadline is ${timestamp(r.deadline)}. ${announced}`);
    }
    case 'replace':
      return gmReplaceCommand(ctx, interaction, caller);
    case 'transfer': {
      const user = interaction.options.getUser('user', true);
      if (user.bot)
        return replyRejected(interaction, `${userNameText(user.username, 40)} is a bot and cannot be game master.`);
      const r = await gmTransfer(ctx.deps, { ...caller, newUserId: user.id });
      if (!r.ok) return replyRejected(interaction, r);
      return replyPrivately(
        interaction,
        `👑 ${memberRef(user.id)} is now the game master; you no longer are. ${announced}`,
      );
    }
    case 'act':
      return executeAction(ctx, interaction, 'gm');
    case 'substitute': {
      const r = await gmSubstitute(ctx.deps, { ...caller, power: interaction.options.getString('power', true) });
      if (!r.ok) return replyRejected(interaction, r);
      return replyPrivately(interaction, tr(readerOf(interaction), 'seats.gmCall.done', { power: r.power }));
    }
    case 'seats':
      return seats(ctx, interaction);
    case 'kick': {
      const r = await gmKick(ctx.deps, { ...caller, power: interaction.options.getString('power', true) });
      if (!r.ok) return replyRejected(interaction, r);
      return replyPrivately(interaction, `👢 Removed ${playerName(r.userId)} from **${r.power}**. ${announced}`);
    }
    default:
      return replyRejected(interaction, 'Unknown subcommand.');
  }
}

/**
 * `/gm seats`: who holds which power, only for the game master (a game that hides who plays whom included: the game
 * master seats substitutes and kicks players, so they know it; docs/bot.md "Hidden identities").
 */
async function seats(ctx: BotContext, interaction: ChatInputCommandInteraction): Promise<void> {
  const r = await gmSeats(ctx.deps, callerOf(interaction));
  if (!r.ok) return replyRejected(interaction, r);
  const lines = r.seats.map((seat) => {
    const holder =
      seat.userId === null
        ? 'nobody'
        : `${playerName(seat.userId)}${seat.since !== null && isPerson(seat.userId) ? ` since ${timestamp(seat.since)}` : ''}`;
    const call = seat.calling ? ' · a substitute call is open' : '';
    return `**${seat.power}**: ${holder} · ${seat.supplyCenters} centre${seat.supplyCenters === 1 ? '' : 's'}, ${seat.units} unit${seat.units === 1 ? '' : 's'}${call}`;
  });
  const secret =
    r.hidden && !r.over
      ? '\n🎭 Only you see this: who plays whom stays hidden from everyone else until the game ends, and nothing you do with `/gm` shows it.'
      : '';
  return replyPrivately(interaction, `🪑 **Seats of this ${r.variantName} game**\n${lines.join('\n')}${secret}`);
}

function canManageServer(interaction: {
  memberPermissions: ChatInputCommandInteraction['memberPermissions'];
}): boolean {
  return interaction.memberPermissions?.has(PermissionFlagsBits.ManageGuild) === true;
}

async function component(
  ctx: BotContext,
  interaction: ComponentInteraction,
  action: string,
  args: string[],
): Promise<void> {
  const caller = callerOf(interaction);
  return handleConfirmation(ctx, interaction, action, args, async ([phase]) => {
    for (const kind of botKinds()) {
      const answered = await kind.gmConfirmed(ctx, interaction, action, phase ?? '');
      if (answered !== null) return answered;
    }
    switch (action) {
      case 'advance': {
        const r = await gmAdvance(ctx.deps, { ...caller, phaseId: Number(phase) });
        if (!r.ok) return `⚠️ ${r.error}`;
        if (r.givingMissing)
          return `⏩ ${r.next?.label ?? 'The phase'} ends now: the computer player gives the missing orders, then it resolves and the results are posted; the channel is told.`;
        if (r.resolved.length === 0)
          return `⏩ Moved ${r.next?.label ?? 'the phase'} on to what follows; the channel is told.`;
        return `⏩ Resolved ${r.resolved.map((p) => p.label).join(', ')}; the results are being posted.`;
      }
      case 'rollback': {
        const r = await gmRollback(ctx.deps, { ...caller, phaseId: Number(phase) });
        if (!r.ok) return `⚠️ ${r.error}`;
        return `⏪ Rolled back to the start of ${r.phase.label}; its orders are kept. ${announced}`;
      }
      case 'cancel': {
        const r = await gmCancel(ctx.deps, { ...caller, canManageServer: canManageServer(interaction) });
        if (!r.ok) return `⚠️ ${r.error}`;
        return `🛑 The game is cancelled. ${announced}`;
      }
      default:
        return '⚠️ This button is no longer in use; run the command again.';
    }
  });
}

/** A game kind's table lists its own seats for `power:` (a card game: its dynasties); `act`: the variant's actions for the game master; the others: the game's powers. */
async function autocomplete(ctx: BotContext, interaction: AutocompleteInteraction): Promise<void> {
  const kind = await botKindInChannel(ctx.deps, interaction.channelId);
  if (kind) return kind.gmAutocomplete(ctx, interaction);
  if (interaction.options.getSubcommand(false) === 'act') return autocompleteAction(ctx, interaction, 'gm');
  if (interaction.options.getSubcommandGroup(false) === 'edit') return autocompleteGmEdit(ctx, interaction);
  return respondWithPowers(ctx, interaction);
}

export const gmCommand: BotCommand = { data, execute, autocomplete, component };
