/**
 * `/game create|join|leave|start|status`: making a game in a channel and getting players into it.
 */
import {
  ChannelType,
  InteractionContextType,
  MessageFlags,
  PermissionFlagsBits,
  inlineCode,
  roleMention,
  SlashCommandBuilder,
  type SlashCommandSubcommandBuilder,
  type AutocompleteInteraction,
  type ChatInputCommandInteraction,
} from 'discord.js';
import { claimSeat, leaveSeat, leaveSeatCheck } from '../../game/seats/index.js';
import { confirmMuster } from '../../game/muster/index.js';
import { watchersOfCaller } from '../../game/spectators/index.js';
import {
  createGame,
  freePowers,
  joinGame,
  leaveGame,
  openSeatsListing,
  PRESS_MODES,
  startGame,
} from '../../game/lobby/index.js';
import { findOpenGame, gameStatus } from '../../game/history/index.js';
import { votePause } from '../../game/pauses/index.js';
import {
  channelRef,
  hidesIdentities,
  memberRef,
  type CooldownAction,
  SCORING_SYSTEMS,
  optionSuggestions,
  optionsLine,
  computerSeatSuggestions,
  powerByName,
  isComputer,
  fail,
  type GameView,
  variantOfGame,
  durationParam,
  clockLeftParam,
} from '../../game/core/index.js';
import { holderMsg } from '../../game/gm/index.js';
import { clockState } from '../../game/settings/index.js';
import type { PressMode } from '../../game/press/index.js';
import {
  CATALOGUES,
  localeOf,
  msg,
  commandParam,
  formatItems,
  listParam,
  t,
  tr,
  LOCALES,
  type Locale,
  type MessageKey,
  type MsgParam,
} from '../../i18n/index.js';
import { pluginOf } from '../../variants/index.js';
import { powerName } from '../../variants/names.js';
import type { Variant } from '../../engine/variant.js';
import { pluginMsg } from '../../game/phase/index.js';
import type { BotCommand, ComponentInteraction } from '../command.js';
import { askConfirmation, handleConfirmation } from '../components.js';
import { diplomacySeatsText, seatOptions } from '../seat-options.js';
import { discordText, timestamp } from '../markup.js';
import type { BotContext } from '../context.js';
import { callerOf, replyPrivately, replyPublicly, replyRejected } from '../respond.js';
import { PALETTE_CHOICES } from './map.js';
import { LEVEL_CHOICES, powerChoices } from '../choices.js';
import { choiceName, MAX_CHOICE, MAX_CHOICES } from '../text.js';
import { botKindCreating, botKindInChannel, botKindOf, botKinds } from '../kinds.js';
import { respondWithVariants, variantChosen, variantIdOf } from '../variant-choice.js';
import { readerOf, refusalText, wordLines } from '../locale.js';
import { respondWithSuggestions } from '../settings.js';
import { powerWordsIn } from '../power-words.js';

const durationHelp = 'like 90s, 10m, 24h or 2d';

/** `/game create`: the variant, the phase times, the map's colours and the role to ping. */
function createBasics(s: SlashCommandSubcommandBuilder): SlashCommandSubcommandBuilder {
  return s
    .setName('create')
    .setDescription('Create a game in this channel; you become its game master')
    .addStringOption((o) =>
      o
        .setName('variant')
        .setDescription("Which map and rules: a bundled variant or one of this server's (/variant list)")
        .setRequired(true)
        .setAutocomplete(true),
    )
    .addStringOption((o) =>
      o.setName('movement').setDescription(`Time for movement phases, ${durationHelp} (default 24h)`).setMaxLength(20),
    )
    .addStringOption((o) =>
      o.setName('retreat').setDescription(`Time for retreat phases, ${durationHelp} (default 12h)`).setMaxLength(20),
    )
    .addStringOption((o) =>
      o.setName('adjustment').setDescription(`Time for build phases, ${durationHelp} (default 12h)`).setMaxLength(20),
    )
    .addStringOption((o) =>
      o
        .setName('palette')
        .setDescription('Map colours of the posted maps (default: standard)')
        .addChoices(...PALETTE_CHOICES),
    )
    .addRoleOption((o) =>
      o.setName('notify').setDescription('A role the start and results posts ping (never @everyone)'),
    )
    .addStringOption((o) =>
      o
        .setName('locale')
        .setDescription("Language of the channel's posts (default: the server's language, else English)")
        .addChoices(...LOCALES.map((locale) => ({ name: tr(locale, 'locale.name'), value: locale }))),
    );
}

/** `/game create`: a game kind's own options, the variant's options and the computer players. */
function createSetup(s: SlashCommandSubcommandBuilder): SlashCommandSubcommandBuilder {
  // the options only a game kind reads (the card game's seats, turn times, dynasty cards)
  for (const kind of botKinds()) kind.createOptions?.(s);
  return s
    .addStringOption((o) =>
      o
        .setName('options')
        .setDescription("The variant's options, comma-separated (autocomplete lists them and what each does)")
        .setMaxLength(200)
        .setAutocomplete(true),
    )
    .addStringOption((o) =>
      o
        .setName('computer')
        .setDescription(
          'Computer players: “all” empty seats at the start, or the powers (seats) they play, comma-separated',
        )
        .setMaxLength(200)
        .setAutocomplete(true),
    )
    .addBooleanOption((o) =>
      o
        .setName('demonstration')
        .setDescription('A demonstration table: computer players play every seat (default off)'),
    )
    .addStringOption((o) =>
      o
        .setName('computer-level')
        .setDescription('How well the computer players play (default normal)')
        .addChoices(...LEVEL_CHOICES),
    );
}

/** `/game create`: press, scoring, ratings and the seats' rules. */
function createTable(s: SlashCommandSubcommandBuilder): SlashCommandSubcommandBuilder {
  return s
    .addStringOption((o) =>
      o
        .setName('press')
        .setDescription(
          'How players talk: open (threads, default), gunboat (none, hidden), anonymous (relayed, hidden)',
        )
        .addChoices(...PRESS_MODES.map((m) => ({ name: m, value: m }))),
    )
    .addStringOption((o) =>
      o
        .setName('scoring')
        .setDescription('How the end is scored: draw-size (default), sum-of-squares, solo-or-nothing or carnage')
        .addChoices(...SCORING_SYSTEMS.map((m) => ({ name: m, value: m }))),
    )
    .addBooleanOption((o) =>
      o
        .setName('rate-computers')
        .setDescription("Computer players count as the people's opponents in the ratings (default off)"),
    )
    .addStringOption((o) =>
      o
        .setName('nmr')
        .setDescription("A seat's missing orders at a deadline: hold (default) or given by a computer player")
        .addChoices({ name: 'hold', value: 'hold' }, { name: 'computer', value: 'computer' }),
    )
    .addIntegerOption((o) =>
      o
        .setName('vacate-after')
        .setDescription('Phases in a row without any order before a seat goes to a substitute (default 2; 0 never)')
        .setMinValue(0)
        .setMaxValue(50),
    )
    .addIntegerOption((o) =>
      o
        .setName('min-reliability')
        .setDescription('Lowest on-time rate (%) a member needs to join or claim a seat (default none)')
        .setMinValue(0)
        .setMaxValue(100),
    );
}

/**
 * `/game create`: the table's rules (docs/table.md): deadlines by the clock, the muster and the fog. The other settings
 * of that page (`days`, `pause-limit`) are `/gm set`'s alone, to keep the command within Discord's 25 options.
 */
function createRules(s: SlashCommandSubcommandBuilder): SlashCommandSubcommandBuilder {
  return s
    .addStringOption((o) =>
      o
        .setName('deadline-at')
        .setDescription('Phases end at this local time, HH:MM like 21:00 (lengths become minimums; default 12h)')
        .setMaxLength(10),
    )
    .addStringOption((o) =>
      o
        .setName('timezone')
        .setDescription('Time zone of deadline-at, an IANA zone like Europe/Paris (default UTC)')
        .setMaxLength(64)
        .setAutocomplete(true),
    )
    .addStringOption((o) =>
      o
        .setName('muster')
        .setDescription("Time players have to press I'm here after the start, like 24h (default off)")
        .setMaxLength(20),
    )
    .addStringOption((o) =>
      o
        .setName('fog')
        .setDescription('Fog of war: each power sees only what is near its units and centres (default off)')
        .addChoices({ name: 'on', value: 'on' }, { name: 'off', value: 'off' }),
    );
}

/**
 * Built when the commands are registered (not at import), so a variant registered at start-up or by a test is
 * offered too.
 */
const buildData = () =>
  new SlashCommandBuilder()
    .setName('game')
    .setDescription('Create, join, leave, start or look at the game in this channel')
    .setContexts(InteractionContextType.Guild)
    .addSubcommand((s) => createRules(createTable(createSetup(createBasics(s)))))
    .addSubcommand((s) =>
      s
        .setName('join')
        .setDescription('Join the game in this channel')
        .addStringOption((o) =>
          o
            .setName('power')
            .setDescription(
              'The power you want (default: a random free one; in a gunboat or anonymous game, drawn at the start)',
            )
            .setAutocomplete(true),
        ),
    )
    .addSubcommand((s) =>
      s.setName('leave').setDescription('Leave the game (once it runs, after a confirmation, for a substitute)'),
    )
    .addSubcommand((s) =>
      s.setName('start').setDescription('Start the game (game master); free powers play in civil disorder'),
    )
    .addSubcommand((s) => s.setName('status').setDescription('Phase, deadline, and who has submitted and is ready'))
    .addSubcommand((s) =>
      s.setName('list').setDescription("This server's games with a free or vacant seat, and where they are played"),
    )
    .addSubcommand((s) =>
      s
        .setName('pause-vote')
        .setDescription(
          'Propose or support pausing the game, secretly (run again to withdraw, or to end a vote pause)',
        ),
    )
    .toJSON();

async function execute(ctx: BotContext, interaction: ChatInputCommandInteraction): Promise<void> {
  const caller = callerOf(interaction);
  switch (interaction.options.getSubcommand()) {
    case 'create': {
      const kind = botKindCreating(interaction.options.getString('variant', true));
      if (kind) {
        const diplomacyOnly = DIPLOMACY_ONLY_OPTIONS.filter((o) => interaction.options.get(o) !== null);
        if (diplomacyOnly.length > 0)
          return replyRejected(
            interaction,
            msg('lobby.refused.diplomacyOnly', {
              options: listParam(diplomacyOnly.map((o) => inlineCode(`${o}:`))),
              count: diplomacyOnly.length,
            }),
          );
        return kind.create(ctx, interaction);
      }
      const r = await createGame(ctx.deps, {
        ...caller,
        guildId: interaction.guildId,
        variantId: await variantIdOf(ctx, interaction.guildId, interaction.options.getString('variant', true)),
        durations: {
          movement: interaction.options.getString('movement') ?? undefined,
          retreat: interaction.options.getString('retreat') ?? undefined,
          adjustment: interaction.options.getString('adjustment') ?? undefined,
        },
        palette: interaction.options.getString('palette'),
        notifyRoleId: interaction.options.getRole('notify')?.id ?? null,
        optionsText: interaction.options.getString('options'),
        computer: interaction.options.getString('computer'),
        demonstration: interaction.options.getBoolean('demonstration'),
        computerLevel: interaction.options.getString('computer-level'),
        ...seatOptions(interaction),
        press: interaction.options.getString('press'),
        scoring: interaction.options.getString('scoring'),
        rateAgainstComputers: interaction.options.getBoolean('rate-computers'),
        locale: interaction.options.getString('locale'),
        guildLocale: interaction.guildLocale,
        table: {
          deadlineAt: interaction.options.getString('deadline-at'),
          timezone: interaction.options.getString('timezone'),
          muster: interaction.options.getString('muster'),
          fog: interaction.options.getString('fog'),
        },
      });
      if (!r.ok) return replyRejected(interaction, r);
      // In a game that hides identities every reply is private: Discord shows above a public one who ran the command.
      return (hidesIdentities(r.game) ? replyPrivately : replyPublicly)(
        interaction,
        createdText(readerOf(interaction), r, caller.userId, interaction.options.getString('palette') === 'colorblind'),
      );
    }
    case 'join': {
      const kind = await botKindInChannel(ctx.deps, caller.channelId);
      if (kind) return kind.lobby(ctx, interaction, 'join');
      const r = await joinGame(ctx.deps, { ...caller, power: interaction.options.getString('power') });
      if (!r.ok) return replyRejected(interaction, r);
      const locale = readerOf(interaction);
      // A hidden game's join takes a place: its power is drawn at the start (docs/decisions.md "Hidden identities").
      if (r.drawn) return replyPrivately(interaction, tr(locale, 'lobby.joined.hidden'));
      return replyPublicly(
        interaction,
        tr(locale, 'lobby.joined', { player: holderMsg(caller.userId), power: r.name }),
      );
    }
    case 'leave':
      return await leave(ctx, interaction);
    case 'start':
      return await start(ctx, interaction);
    case 'status': {
      const kind = await botKindInChannel(ctx.deps, caller.channelId);
      if (kind) return kind.lobby(ctx, interaction, 'status');
      const r = await gameStatus(ctx.deps, caller.channelId);
      if (!r.ok) return replyRejected(interaction, r);
      // A finished card game is the card kind's to describe (its final table), never in Diplomacy's terms
      const ended = botKindOf(r.kind);
      if (ended) return ended.lobby(ctx, interaction, 'status');
      // The reply is private: a player also reads how many watch their power (docs/table.md "Spectators").
      const watchers = await watchersOfCaller(ctx.deps, caller);
      const own = watchers.ok && watchers.line ? [watchers.line] : [];
      return replyPrivately(interaction, wordLines(readerOf(interaction), [...r.status.lines, ...own]));
    }
    case 'list':
      return await list(ctx, interaction);
    case 'pause-vote':
      return await pauseVote(ctx, interaction);
    default:
      return replyRejected(interaction, msg('gm.refused.unknownSubcommand'));
  }
}

/**
 * `/game list`: the server's games with a seat to take, only for the caller, in their language, in the channels
 * Discord lets them view (docs/bot.md "Finding a game").
 */
async function list(ctx: BotContext, interaction: ChatInputCommandInteraction): Promise<void> {
  const r = await openSeatsListing(ctx.deps, interaction.guildId, (id) => callerSees(interaction, id));
  if (!r.ok) return replyRejected(interaction, r);
  const locale = readerOf(interaction);
  if (r.games.length === 0) return replyPrivately(interaction, tr(locale, 'game.list.none'));
  const lines = r.games.map((g) => {
    const durations = g.clock
      ? tr(locale, 'clock.line', { rule: g.clock })
      : tr(locale, 'game.list.durations', {
          movement: durationParam(g.durations.movement),
          retreat: durationParam(g.durations.retreat),
          adjustment: durationParam(g.durations.adjustment),
        });
    const key =
      g.status === 'forming' ? 'game.list.forming' : g.status === 'paused' ? 'game.list.paused' : 'game.list.running';
    return tr(locale, key, {
      channel: channelRef(g.channelId),
      variant: g.variant,
      open: g.open,
      seats: g.seats,
      durations,
    });
  });
  if (r.more > 0) lines.push(tr(locale, 'game.list.more', { count: r.more }));
  return replyPrivately(interaction, [tr(locale, 'game.list.head'), ...lines].join('\n'));
}

/**
 * Whether the caller may view a channel of the server (its overwrites and their roles, as Discord computes them). A
 * channel the bot no longer knows (deleted) is not shown; a thread follows its parent, a private one its members.
 */
function callerSees(interaction: ChatInputCommandInteraction, channelId: string): boolean {
  const channel = interaction.guild?.channels.cache.get(channelId);
  const member = interaction.guild?.members.cache.get(interaction.user.id);
  if (!channel || !member) return false;
  if (channel.type === ChannelType.PrivateThread && !channel.members.cache.has(member.id)) return false;
  return channel.permissionsFor(member).has(PermissionFlagsBits.ViewChannel);
}

/** `/game leave`: before the start it leaves; during a game, after a confirmation, the seat goes to a substitute. */
async function leave(ctx: BotContext, interaction: ChatInputCommandInteraction): Promise<void> {
  const caller = callerOf(interaction);
  const open = await findOpenGame(ctx.deps, caller.channelId);
  if (open && open.status !== 'forming') {
    // During a game: the seat goes to a substitute, after a confirmation (docs/bot.md "Seats that never stall");
    // a member without a seat is told so at once, never asked to confirm.
    const refusal = await leaveSeatCheck(ctx.deps, caller);
    if (refusal) return replyRejected(interaction, refusal);
    const locale = readerOf(interaction);
    const kind = await botKindInChannel(ctx.deps, caller.channelId);
    return askConfirmation(ctx, interaction, {
      command: 'game',
      action: LEAVE_SEAT,
      question: tr(locale, kind?.leaveQuestion ?? 'seats.leave.question'),
      confirmLabel: tr(locale, 'seats.leave.confirm'),
      danger: true,
    });
  }
  const kind = await botKindInChannel(ctx.deps, caller.channelId);
  if (kind) return kind.lobby(ctx, interaction, 'leave');
  const r = await leaveGame(ctx.deps, caller);
  if (!r.ok) return replyRejected(interaction, r);
  const locale = readerOf(interaction);
  if (r.drawn) return replyPrivately(interaction, tr(locale, 'lobby.left.hidden'));
  return replyPublicly(interaction, tr(locale, 'lobby.left', { player: holderMsg(caller.userId), power: r.name }));
}

/** `/game start`: the game master's private acknowledgement (the start post is the channel's announcement). */
async function start(ctx: BotContext, interaction: ChatInputCommandInteraction): Promise<void> {
  const caller = callerOf(interaction);
  const kind = await botKindInChannel(ctx.deps, caller.channelId);
  if (kind) return kind.lobby(ctx, interaction, 'start');
  const r = await startGame(ctx.deps, caller);
  if (!r.ok) return replyRejected(interaction, r);
  // The start post (roster, map, deadline) is the channel's announcement; the master's acknowledgement is private.
  const people = r.players.filter((p) => !isComputer(p.userId)).length;
  const locale = readerOf(interaction);
  const words = await powerWordsIn(ctx, caller.channelId);
  return replyPrivately(
    interaction,
    tr(locale, 'lobby.started', {
      people,
      computers: r.players.length - people,
      disorder: r.civilDisorder.length,
      // Under fog the start post carries no map (docs/table.md "Fog of war"): the reply must not promise one.
      fog: r.game.fog ? 'yes' : 'no',
      powers: formatItems(
        locale,
        r.civilDisorder.map((p) => words.name(locale, p)),
      ),
    }),
  );
}

async function autocomplete(ctx: BotContext, interaction: AutocompleteInteraction): Promise<void> {
  const focused = interaction.options.getFocused(true);
  if (focused.name === 'variant') return respondWithVariants(ctx, interaction, focused.value);
  if (focused.name === 'options') return optionsAutocomplete(ctx, interaction, focused.value);
  if (focused.name === 'computer') return computerAutocomplete(ctx, interaction, focused.value);
  if (focused.name === 'timezone') return respondWithSuggestions(interaction, 'timezone', focused.value);
  const typed = focused.value.trim().toLowerCase();
  // A game kind's table lists its own free seats (a card game: its dynasties).
  const kind = await botKindInChannel(ctx.deps, interaction.channelId);
  if (!kind) {
    // The free powers in the member's language (docs/locales.md "Names"), matched in theirs and in English.
    const game = await findOpenGame(ctx.deps, interaction.channelId);
    const variant = game ? variantOfGame(game) : undefined;
    const free = await freePowers(ctx.deps, interaction.channelId);
    if (variant) return interaction.respond(powerChoices(interaction, variant, free, typed));
    const matches = free.filter((p) => p.toLowerCase().includes(typed)).slice(0, MAX_CHOICES);
    return interaction.respond(matches.map((p) => ({ name: choiceName(p), value: p })));
  }
  const free = await kind.freeSeats(ctx.deps, interaction.channelId);
  const matches = free.filter((p) => p.toLowerCase().includes(typed)).slice(0, MAX_CHOICES);
  await interaction.respond(matches.map((p) => ({ name: choiceName(p), value: p })));
}

/** `/game create options:`: the chosen variant's options, added one at a time to what is already written. */
async function optionsAutocomplete(
  ctx: BotContext,
  interaction: AutocompleteInteraction,
  typed: string,
): Promise<void> {
  const variant = await variantChosen(ctx, interaction.guildId, interaction.options.getString('variant') ?? '');
  const suggestions = variant ? optionSuggestions(variant, typed, MAX_CHOICE) : [];
  await interaction.respond(
    suggestions.slice(0, MAX_CHOICES).map((s) => ({ name: choiceName(s.label), value: s.text })),
  );
}

/** `/game create computer:`: "all", then the chosen variant's powers (a game kind's: its seats), added one at a time to what is written. */
async function computerAutocomplete(
  ctx: BotContext,
  interaction: AutocompleteInteraction,
  typed: string,
): Promise<void> {
  const chosen = interaction.options.getString('variant') ?? '';
  const kind = botKindCreating(chosen);
  const variant = kind ? undefined : await variantChosen(ctx, interaction.guildId, chosen);
  const locale = localeOf(interaction.locale);
  const suggestions = kind
    ? (kind.computerSuggestions?.(typed, MAX_CHOICE) ?? [])
    : variant
      ? computerSeatSuggestions(variant, typed, MAX_CHOICE, locale).map((s) => inPowerWords(variant, locale, s))
      : [];
  // the fixed first entry, `all`, in the member's language (the value stays `all`, which every locale types)
  const all = tr(locale, 'command.game.create.computer.suggest.all');
  await interaction.respond(
    suggestions
      .slice(0, MAX_CHOICES)
      .map((s) => ({ name: s.text === 'all' ? all : choiceName(s.label), value: s.text })),
  );
}

/**
 * A `computer:` suggestion with each power in the member's words (`秦, 燕`; docs/locales.md "Names"), which the game
 * reads back in any locale; as the variant spells them where those would not fit a choice.
 */
function inPowerWords(
  variant: Variant,
  locale: Locale,
  s: { label: string; text: string },
): { label: string; text: string } {
  const words = (list: string) =>
    list
      .split(', ')
      .map((part) => {
        const power = powerByName(variant, part);
        return power ? powerName(variant, locale, power) : part;
      })
      .join(', ');
  const text = words(s.text);
  return text.length <= MAX_CHOICE ? { label: words(s.label), text } : s;
}

type Created = Extract<Awaited<ReturnType<typeof createGame>>, { ok: true }>;

/** `/game create`'s reply in the member's locale: who created what, the phase times and every setting that is on. */
function createdText(locale: Locale, r: Created, userId: string, colourBlind: boolean): string {
  const game = r.game;
  const d = game.durations;
  const head = hidesIdentities(game)
    ? tr(locale, 'lobby.created.hidden', { variant: game.variantName, press: hiddenPress(game.press) })
    : tr(locale, 'lobby.created', { member: memberRef(userId), variant: game.variantName });
  const lines = [
    head,
    tr(locale, 'lobby.created.phases', {
      movement: durationParam(d.movement),
      retreat: durationParam(d.retreat),
      adjustment: durationParam(d.adjustment),
    }),
    ...tableLines(locale, game),
    ...(colourBlind ? [tr(locale, 'lobby.created.colourBlind')] : []),
    ...(game.notifyRoleId ? [tr(locale, 'lobby.created.notify', { role: roleMention(game.notifyRoleId) })] : []),
    ...optionsLines(locale, game.variantId, game.options),
    ...computerLines(locale, r),
    diplomacySeatsText(locale, game.seats),
    tr(locale, 'lobby.created.scoring', {
      scoring: locale === 'en' ? game.scoring : scoringName(locale, game.scoring),
      computers: game.rateAgainstComputers ? 'rated' : 'unrated',
    }),
    joinLine(locale, r),
  ];
  return lines.join('\n');
}

/** How members join: a game that hides who plays whom draws the powers at the start (docs/bot.md "Press"). */
function joinLine(locale: Locale, r: Created): string {
  if (r.demonstration) return tr(locale, 'lobby.created.startDemonstration');
  if (!hidesIdentities(r.game)) return tr(locale, 'lobby.created.join');
  return tr(locale, 'lobby.created.joinDrawn', { join: commandParam('game.join'), start: commandParam('game.start') });
}

/** The create reply's lines about the table's rules that are on: the clock, the muster, the fog. */
function tableLines(locale: Locale, game: Pick<GameView, 'table' | 'fog'>): string[] {
  const { table } = game;
  const clock = clockState(table.clock);
  return [
    ...(clock.state === 'on' ? [tr(locale, 'settings.reply.clockOn', { rule: clock.rule })] : []),
    ...(clock.state === 'incomplete' ? [tr(locale, 'settings.reply.clockIncomplete')] : []),
    ...(table.musterMs !== null
      ? [tr(locale, 'settings.created.muster', { duration: durationParam(table.musterMs) })]
      : []),
    ...(game.fog ? [tr(locale, 'settings.created.fog')] : []),
  ];
}

/** The press of a game that hides who plays whom, as the create reply's select names it. */
function hiddenPress(press: PressMode): Exclude<PressMode, 'open'> {
  return press === 'gunboat' ? 'gunboat' : 'anonymous';
}

/** A scoring system's name as the member's `/game create scoring:` choices show it (its English name and a gloss). */
function scoringName(locale: Locale, scoring: string): string {
  const key = `command.game.create.scoring.choice.${scoring}`;
  return key in CATALOGUES.en ? tr(locale, key as MessageKey) : scoring;
}

/** The create reply's line about computer players, if any. */
function computerLines(
  locale: Locale,
  r: { computerPowers: string[]; computerNames: MsgParam; computerFill: boolean; demonstration: boolean },
): string[] {
  if (r.demonstration) return [tr(locale, 'lobby.created.demonstration')];
  if (r.computerFill) return [tr(locale, 'lobby.created.computerFill')];
  if (r.computerPowers.length > 0) return [tr(locale, 'lobby.created.computers', { powers: r.computerNames })];
  return [];
}

/** The create reply's lines about the game's options: the variant's own (in the member's locale), then the others that are on. */
function optionsLines(locale: Locale, variantId: string, options: Record<string, string>): string[] {
  const plugin = pluginOf(variantId);
  const own = (plugin.optionLines?.(options) ?? []).map((line) => t(locale, pluginMsg(line)));
  const others = optionsLine(options, plugin.ownOptions ?? []);
  return [...own, ...(others ? [others.trimEnd()] : [])];
}

/** `/game pause-vote`: the caller's own vote, answered privately (docs/table.md "Pauses that cannot freeze a game"). */
async function pauseVote(ctx: BotContext, interaction: ChatInputCommandInteraction): Promise<void> {
  // Another kind of game keeps its own pauses (its game master's).
  if (await botKindInChannel(ctx.deps, interaction.channelId))
    return replyRejected(interaction, msg('pauses.refused.otherKind'));
  const r = await votePause(ctx.deps, callerOf(interaction));
  if (!r.ok) return replyRejected(interaction, r);
  const locale = readerOf(interaction);
  const words = await powerWordsIn(ctx, interaction.channelId);
  const text = tr(locale, `pauses.reply.${r.outcome}`, {
    power: words.power(r.power),
    lapses: r.lapsesAt !== null ? timestamp(r.lapsesAt) : '',
    deadline: r.deadline !== null ? timestamp(r.deadline) : '',
    remaining: r.remaining !== null ? clockLeftParam(r.remaining) : '',
  });
  return replyPrivately(interaction, text);
}

/** Creating costs the most; joining and leaving share one budget (each posts in the channel). */
function cooldown(interaction: ChatInputCommandInteraction): CooldownAction | null {
  const sub = interaction.options.getSubcommand(false);
  return sub === 'create' ? 'create' : sub === 'join' || sub === 'leave' ? 'lobby' : null;
}

/** The confirm button of `/game leave` during a game. */
const LEAVE_SEAT = 'leave-seat';

/** The confirmation of `/game leave` during a game, and the **Claim** button of a substitute call. */
async function component(ctx: BotContext, interaction: ComponentInteraction, action: string, args: string[]) {
  if (action === 'claim') return claim(ctx, interaction, Number(args[0]));
  if (action === 'muster') return muster(ctx, interaction, Number(args[0]));
  const locale = readerOf(interaction);
  return handleConfirmation(ctx, interaction, action, args, async () => {
    const words = await powerWordsIn(ctx, interaction.channelId);
    const r = await leaveSeat(ctx.deps, callerOf(interaction));
    if (!r.ok) return `⚠️ ${refusalText(locale, r)}`;
    const power = words.power(r.power);
    // A game that hides who plays whom: the channel learns it at the next mark of the clock (docs/bot.md "Press").
    return r.shownBy === null
      ? tr(locale, 'seats.leave.done', { power })
      : tr(locale, 'seats.leave.doneHidden', { power, time: timestamp(r.shownBy, 'f') });
  });
}

/** **Claim**: the first member to press takes the seat; every refusal is private and says why. */
async function claim(ctx: BotContext, interaction: ComponentInteraction, callId: number): Promise<void> {
  const locale = readerOf(interaction);
  const r = Number.isSafeInteger(callId)
    ? await claimSeat(ctx.deps, { callId, userId: interaction.user.id, channelId: interaction.channelId ?? '' })
    : fail(msg('seats.claim.buttonGone'));
  const words = await powerWordsIn(ctx, interaction.channelId);
  const batched =
    r.ok && r.shownBy !== null ? `\n${tr(locale, 'seats.claim.batched', { time: timestamp(r.shownBy, 'f') })}` : '';
  const content = r.ok
    ? // Each kind of game says how its seat is played (`KindSeats.claimedKey`).
      `${tr(locale, r.claimedKey, { returning: r.returning ? 'yes' : 'no', power: words.power(r.power) })}${batched}`
    : `⚠️ ${refusalText(locale, r)}`;
  await interaction.reply({
    content: discordText(content),
    flags: MessageFlags.Ephemeral,
    allowedMentions: { parse: [] },
  });
}

/** **I'm here** on a start post: the seated member who pressed it is marked present; the answer is private. */
async function muster(ctx: BotContext, interaction: ComponentInteraction, gameId: number): Promise<void> {
  const locale = readerOf(interaction);
  const r = Number.isSafeInteger(gameId)
    ? await confirmMuster(ctx.deps, { gameId, userId: interaction.user.id })
    : fail(msg('muster.refused.over'));
  const content = r.ok
    ? tr(locale, r.already ? 'muster.already' : 'muster.done', { power: r.power })
    : `⚠️ ${refusalText(locale, r)}`;
  await interaction.reply({
    content: discordText(content),
    flags: MessageFlags.Ephemeral,
    allowedMentions: { parse: [] },
  });
}

export const gameCommand: BotCommand = {
  get data() {
    return buildData();
  },
  execute,
  autocomplete,
  cooldown,
  component,
};

/** `/game create` options only a Diplomacy game reads: another kind of game refuses them rather than ignore them. */
const DIPLOMACY_ONLY_OPTIONS = [
  'press',
  'scoring',
  'rate-computers',
  'deadline-at',
  'timezone',
  'muster',
  'fog',
] as const;
