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
  fail,
  GAME_OVER,
  memberRef,
  type Caller,
  type Refusal,
  clockLeftParam,
  durationParam,
} from '../../game/core/index.js';
import { msg, t, tr, type Locale, type Msg } from '../../i18n/index.js';
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
  gmRollbackTarget,
  gmTransfer,
  holderMsg,
} from '../../game/gm/index.js';
import { gmSubstitute } from '../../game/seats/index.js';
import { LEVEL_CHOICES, respondWithPowers } from '../choices.js';
import type { BotCommand, ComponentInteraction } from '../command.js';
import { askConfirmation, handleConfirmation } from '../components.js';
import { autocompleteAction, executeAction, withActionOptions } from '../act.js';
import type { BotContext } from '../context.js';
import { timestamp } from '../markup.js';
import { powerWordsIn } from '../power-words.js';
import { readerOf, refusalText } from '../locale.js';
import { callerOf, replyPrivately, replyRejected } from '../respond.js';
import { userNameText } from '../text.js';
import { autocompleteGmEdit, executeGmEdit, withEditGroup } from './gm-edit.js';
import { gmSet } from '../../game/settings/index.js';
import { autocompleteGmSet } from '../settings.js';

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
  .addSubcommand((s) =>
    s
      .setName('pause')
      .setDescription('Stop the clock (limited when you also play a power)')
      .addStringOption((o) =>
        o.setName('reason').setDescription('Why, shown to the players in the pause notice').setMaxLength(200),
      ),
  )
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
      .setDescription('Hand the game-master role over (game master, or Manage Server for any game)')
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
      .setName('set')
      .setDescription('Change a game setting before the start (autocomplete lists the settings and their values)')
      .addStringOption((o) =>
        o
          .setName('setting')
          .setDescription('Which setting (autocomplete lists them)')
          .setRequired(true)
          .setMaxLength(20)
          .setAutocomplete(true),
      )
      .addStringOption((o) =>
        o
          .setName('value')
          .setDescription('Its value (autocomplete lists what the setting takes)')
          .setRequired(true)
          .setMaxLength(64)
          .setAutocomplete(true),
      ),
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

const NOT_STARTED = msg('game.refused.notStarted');

/** `A computer player …` at the start of a sentence (a mention or a Chinese text stays as it is). */
function upperFirst(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The game in the channel if the caller may run `/gm` there, for asking before acting; else the refusal. */
async function masterCheck(
  ctx: BotContext,
  interaction: ChatInputCommandInteraction,
): Promise<{ ok: true; phaseId: number | null; phase: Msg | null; status: string } | Refusal> {
  const status = await gameStatus(ctx.deps, interaction.channelId);
  if (!status.ok) return status;
  if (status.status.game.gmUserId !== interaction.user.id) return fail(msg('gm.refused.notMaster'));
  return {
    ok: true,
    phaseId: status.status.phase?.id ?? null,
    phase: status.status.phase?.name ?? null,
    status: status.status.game.status,
  };
}

async function confirmAdvance(ctx: BotContext, interaction: ChatInputCommandInteraction): Promise<void> {
  const check = await masterCheck(ctx, interaction);
  if (!check.ok) return replyRejected(interaction, check);
  if (check.phaseId === null || check.phase === null) return replyRejected(interaction, NOT_STARTED);
  // Nothing to confirm when it could not be done anyway (the game layer checks again on the click).
  if (check.status === 'paused') return replyRejected(interaction, msg('gm.refused.paused'));
  if (check.status === 'finished') return replyRejected(interaction, msg('gm.refused.gameOver'));
  const locale = readerOf(interaction);
  return askConfirmation(ctx, interaction, {
    command: 'gm',
    action: 'advance',
    args: [check.phaseId],
    question: tr(locale, 'gm.confirm.advance', { phase: check.phase }),
    confirmLabel: tr(locale, 'gm.confirm.advance.button'),
    danger: true,
  });
}

async function confirmRollback(ctx: BotContext, interaction: ChatInputCommandInteraction): Promise<void> {
  const check = await masterCheck(ctx, interaction);
  if (!check.ok) return replyRejected(interaction, check);
  if (check.phaseId === null) return replyRejected(interaction, NOT_STARTED);
  // Nothing to confirm when there is no phase to go back to; the question names the one there is.
  const target = await gmRollbackTarget(ctx.deps, callerOf(interaction));
  if (!target.ok) return replyRejected(interaction, target);
  const locale = readerOf(interaction);
  return askConfirmation(ctx, interaction, {
    command: 'gm',
    action: 'rollback',
    args: [check.phaseId],
    question: tr(locale, 'gm.confirm.rollback', { phase: target.phase.name }),
    confirmLabel: tr(locale, 'gm.confirm.rollback.button'),
    danger: true,
  });
}

async function confirmCancel(ctx: BotContext, interaction: ChatInputCommandInteraction): Promise<void> {
  const status = await gameStatus(ctx.deps, interaction.channelId);
  if (!status.ok) return replyRejected(interaction, status);
  if (status.status.game.status === 'finished') return replyRejected(interaction, GAME_OVER);
  const master = status.status.game.gmUserId === interaction.user.id;
  if (!master && !canManageServer(interaction)) return replyRejected(interaction, msg('gm.refused.cancelPermission'));
  const locale = readerOf(interaction);
  return askConfirmation(ctx, interaction, {
    command: 'gm',
    action: 'cancel',
    question: tr(locale, 'gm.confirm.cancel', { variant: status.status.game.variantName }),
    confirmLabel: tr(locale, 'gm.confirm.cancel.button'),
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
  if (user?.bot)
    return replyRejected(interaction, msg('gm.refused.botPlayer', { name: userNameText(user.username, 40) }));
  const r = await gmReplace(ctx.deps, {
    ...caller,
    power: interaction.options.getString('power', true),
    newUserId: user?.id ?? null,
    computer,
    level: interaction.options.getString('level'),
  });
  if (!r.ok) return replyRejected(interaction, r);
  const locale = readerOf(interaction);
  const previous = r.previousUserId;
  const before = !previous ? 'none' : isVacant(previous) ? 'vacant' : isComputer(previous) ? 'replacing' : 'told';
  const player = upperFirst(t(locale, msg('text.plain', { text: holderMsg(r.newUserId) })));
  return replyPrivately(
    interaction,
    tr(locale, 'gm.reply.replaced', {
      player,
      power: (await powerWordsIn(ctx, interaction.channelId)).power(r.power),
      before,
      previous: previous ? holderMsg(previous) : '',
      cleared: r.cleared,
    }),
  );
}

async function execute(ctx: BotContext, interaction: ChatInputCommandInteraction): Promise<void> {
  const caller = callerOf(interaction);
  const kind = await botKindInChannel(ctx.deps, caller.channelId);
  if (kind && (await kind.gm(ctx, interaction))) return;
  if (interaction.options.getSubcommandGroup(false) === 'edit') return executeGmEdit(ctx, interaction);
  const locale = readerOf(interaction);
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
      return replyPrivately(
        interaction,
        tr(locale, 'gm.reply.extended', {
          clock: r.deadline !== null ? 'running' : 'paused',
          deadline: r.deadline !== null ? timestamp(r.deadline) : '',
          remaining: clockLeftParam(r.remaining),
        }),
      );
    }
    case 'pause': {
      const r = await gmPause(ctx.deps, { ...caller, reason: interaction.options.getString('reason') });
      if (!r.ok) return replyRejected(interaction, r);
      const remaining = clockLeftParam(r.remaining);
      return replyPrivately(
        interaction,
        r.resumeAt === null
          ? tr(locale, 'gm.reply.paused', { remaining })
          : tr(locale, r.hidden ? 'pauses.reply.limitedHidden' : 'pauses.reply.limited', {
              remaining,
              until: timestamp(r.resumeAt),
            }),
      );
    }
    case 'resume': {
      const r = await gmResume(ctx.deps, caller);
      if (!r.ok) return replyRejected(interaction, r);
      return replyPrivately(interaction, tr(locale, 'gm.reply.resumed', { deadline: timestamp(r.deadline) }));
    }
    case 'replace':
      return gmReplaceCommand(ctx, interaction, caller);
    case 'transfer': {
      const user = interaction.options.getUser('user', true);
      if (user.bot)
        return replyRejected(interaction, msg('gm.refused.botMaster', { name: userNameText(user.username, 40) }));
      const r = await gmTransfer(ctx.deps, {
        ...caller,
        newUserId: user.id,
        canManageServer: canManageServer(interaction),
      });
      if (!r.ok) return replyRejected(interaction, r);
      return replyPrivately(
        interaction,
        r.byManager
          ? tr(locale, 'gm.reply.transferredByManager', {
              self: user.id === caller.userId ? 'yes' : 'no',
              member: memberRef(user.id),
              previous: memberRef(r.previousUserId),
            })
          : tr(locale, 'gm.reply.transferred', { member: memberRef(user.id) }),
      );
    }
    case 'act':
      return executeAction(ctx, interaction, 'gm');
    case 'substitute': {
      const r = await gmSubstitute(ctx.deps, { ...caller, power: interaction.options.getString('power', true) });
      if (!r.ok) return replyRejected(interaction, r);
      const power = (await powerWordsIn(ctx, interaction.channelId)).power(r.power);
      return replyPrivately(interaction, tr(locale, 'gm.reply.substitute', { power }));
    }
    case 'seats':
      return seats(ctx, interaction);
    case 'set':
      return set(ctx, interaction);
    case 'kick': {
      const r = await gmKick(ctx.deps, { ...caller, power: interaction.options.getString('power', true) });
      if (!r.ok) return replyRejected(interaction, r);
      return replyPrivately(
        interaction,
        tr(locale, 'gm.reply.kicked', {
          player: holderMsg(r.userId),
          power: (await powerWordsIn(ctx, interaction.channelId)).power(r.power),
        }),
      );
    }
    default:
      return replyRejected(interaction, msg('gm.refused.unknownSubcommand'));
  }
}

/** `/gm set`: the setting changed, confirmed in the member's language with where the deadline rule now stands. */
async function set(ctx: BotContext, interaction: ChatInputCommandInteraction): Promise<void> {
  const r = await gmSet(ctx.deps, {
    ...callerOf(interaction),
    setting: interaction.options.getString('setting', true),
    value: interaction.options.getString('value', true),
  });
  if (!r.ok) return replyRejected(interaction, r);
  const locale = readerOf(interaction);
  const lines = [tr(locale, 'settings.reply.set', { setting: r.setting, value: r.value })];
  if (CLOCK_SETTINGS.has(r.setting)) {
    if (r.clock.state === 'on') lines.push(tr(locale, 'settings.reply.clockOn', { rule: r.clock.rule }));
    else if (r.clock.state === 'incomplete') lines.push(tr(locale, 'settings.reply.clockIncomplete'));
    else lines.push(tr(locale, 'settings.reply.clockOff'));
  }
  // The lengths the game master did not give follow the clock (docs/table.md "Deadlines by the clock"): said.
  const lengths = r.lengths;
  if (lengths)
    lines.push(
      tr(locale, 'settings.reply.lengths', {
        movement: durationParam(lengths.movement),
        retreat: durationParam(lengths.retreat),
        adjustment: durationParam(lengths.adjustment),
      }),
    );
  return replyPrivately(interaction, lines.join('\n'));
}

/** The settings of the deadline rule: their confirmation says where the rule stands. */
const CLOCK_SETTINGS: ReadonlySet<string> = new Set(['deadline-at', 'timezone', 'days']);

/**
 * `/gm seats`: who holds which power, only for the game master (a game that hides who plays whom included: the game
 * master seats substitutes and kicks players, so they know it; docs/bot.md "Hidden identities").
 */
async function seats(ctx: BotContext, interaction: ChatInputCommandInteraction): Promise<void> {
  const r = await gmSeats(ctx.deps, callerOf(interaction));
  if (!r.ok) return replyRejected(interaction, r);
  const locale = readerOf(interaction);
  const words = await powerWordsIn(ctx, interaction.channelId);
  const lines = r.seats.map((seat) => {
    const holder =
      seat.userId === null
        ? msg('gm.seats.nobody')
        : seat.since !== null && isPerson(seat.userId)
          ? msg('gm.seats.since', { player: holderMsg(seat.userId), date: timestamp(seat.since) })
          : holderMsg(seat.userId);
    return tr(locale, 'gm.seats.line', {
      power: words.power(seat.power),
      holder,
      board: seat.supplyCenters === null ? 'no' : 'yes',
      centres: seat.supplyCenters ?? 0,
      units: seat.units ?? 0,
      calling: seat.calling ? 'yes' : 'no',
    });
  });
  const head = tr(locale, 'gm.seats.head', { variant: r.variantName });
  const secret = r.hidden && !r.over ? [tr(locale, 'gm.seats.secret')] : [];
  return replyPrivately(interaction, [head, ...lines, ...secret].join('\n'));
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
  const locale = readerOf(interaction);
  return handleConfirmation(ctx, interaction, action, args, async ([phase]) => {
    for (const kind of botKinds()) {
      const answered = await kind.gmConfirmed(ctx, interaction, action, phase ?? '');
      if (answered !== null) return answered;
    }
    switch (action) {
      case 'advance': {
        const r = await gmAdvance(ctx.deps, { ...caller, phaseId: Number(phase) });
        if (!r.ok) return `⚠️ ${refusalText(locale, r)}`;
        const next = r.next?.name ?? msg('gm.reply.thePhase');
        if (r.waitsFor === 'missing') return upperFirst(tr(locale, 'gm.reply.advanceMissing', { phase: next }));
        if (r.waitsFor === 'computer')
          return upperFirst(tr(locale, 'gm.reply.advanceComputer', { phase: next, count: r.computers }));
        if (r.resolved.length === 0) return tr(locale, 'gm.reply.advanceMoved', { phase: next });
        return tr(locale, 'gm.reply.advanced', {
          phases: phaseList(
            locale,
            r.resolved.map((p) => p.name),
          ),
        });
      }
      case 'rollback': {
        const r = await gmRollback(ctx.deps, { ...caller, phaseId: Number(phase) });
        if (!r.ok) return `⚠️ ${refusalText(locale, r)}`;
        return tr(locale, 'gm.reply.rolledBack', { phase: r.phase.name });
      }
      case 'cancel': {
        const r = await gmCancel(ctx.deps, { ...caller, canManageServer: canManageServer(interaction) });
        if (!r.ok) return `⚠️ ${refusalText(locale, r)}`;
        return tr(locale, 'gm.reply.cancelled');
      }
      default:
        return tr(locale, 'gm.reply.staleButton');
    }
  });
}

/** Phase names one after the other, as `/gm advance` lists what it resolved. */
function phaseList(locale: Locale, names: Msg[]): string {
  return names.map((name) => t(locale, name)).join(locale.startsWith('zh') ? '、' : ', ');
}

/** A game kind's table lists its own seats for `power:` (a card game: its dynasties); `act`: the variant's actions for the game master; the others: the game's powers. */
async function autocomplete(ctx: BotContext, interaction: AutocompleteInteraction): Promise<void> {
  if (interaction.options.getSubcommand(false) === 'set') return autocompleteGmSet(interaction);
  const kind = await botKindInChannel(ctx.deps, interaction.channelId);
  if (kind) return kind.gmAutocomplete(ctx, interaction);
  if (interaction.options.getSubcommand(false) === 'act') return autocompleteAction(ctx, interaction, 'gm');
  if (interaction.options.getSubcommandGroup(false) === 'edit') return autocompleteGmEdit(ctx, interaction);
  return respondWithPowers(ctx, interaction);
}

export const gmCommand: BotCommand = { data, execute, autocomplete, component };
