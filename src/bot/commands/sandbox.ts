/**
 * `/sandbox …`: a private copy of a Diplomacy game's board in which the caller orders every power,
 * adjudicates as often as they like and steps on through retreats and adjustments. One command with subcommands:
 *
 *   start [game] [phase]     copy the channel's game, or one named by `game:` (any the caller plays or masters, or
 *                            of this server; in a direct message with the bot `game:` is needed): its current
 *                            phase, or the start of a phase from /history
 *   start file:              open a game file (`/history export`'s) instead: the board after its last phase
 *   order orders:            orders for any power's units (the same parser, checks and autocomplete as /order)
 *   clear [power]            clear one power's orders, or all
 *   act action: as: [choice] [detail]
 *                            the variant's actions (`/act`, `/gm act`) for a seated power or as the game master: a
 *                            declaration, a battle's winner, a start choice … (src/variants/plugin `VariantAction`)
 *   adjudicate               the results the phase would have if played out now, with their map (nothing moves on)
 *   next                     go on as a deadline would: the variant's next step opens or closes, or the phase is
 *                            played and the sandbox goes on to the next phase that asks for a decision
 *   map                      the board with the orders given so far
 *   share                    post a snapshot (text and map, no links) in this channel for everyone: the owner's act only
 *   list / end               the caller's sandboxes / delete one
 *
 * Available in servers and in direct messages with the bot ("in the game's channel or anywhere the bot
 * can reply"); `share` only in a server channel. Every reply but `share` is ephemeral; nothing is posted, DMed or
 * written to the game. Each subcommand but `start`
 * and `list` takes `sandbox:` (default: the one used last). Maps are drawn in the render worker at a priority below
 * the games' posts (src/bot/maps.ts).
 */
import {
  channelMention,
  InteractionContextType,
  MessageFlags,
  SlashCommandBuilder,
  type AutocompleteInteraction,
  type Attachment,
  type ChatInputCommandInteraction,
  bold,
  quote,
} from 'discord.js';
import {
  fail,
  resultsSummaryLines,
  limitsOf,
  fairTurns,
  type LoopTurns,
  type Refusal,
  durationParam,
  typed,
} from '../../game/core/index.js';
import { history, IMPORT_LIMITS } from '../../game/history/index.js';
import { matchingChoices } from '../../game/phase/index.js';
import {
  actSandbox,
  clearSandboxOrders,
  endSandbox,
  listSandboxes,
  nextSandbox,
  orderSandboxInTurns,
  previewSandboxInTurns,
  sandboxActChoices,
  sandboxPreviewInput,
  sandboxRenderInput,
  sandboxGames,
  startSandbox,
  startSandboxFromFile,
  sandboxShareRefusal,
  sandboxWords,
  viewSandbox,
  type SandboxPlace,
  type SandboxBoard,
  type SandboxPicture,
  type SandboxRef,
  type SandboxView,
} from '../../game/sandbox/index.js';
import type { Adjudication } from '../../engine/types.js';
import type { Variant } from '../../engine/variant.js';
import type { BotCommand } from '../command.js';
import type { BotContext } from '../context.js';
import { forViewer, mapFileName, pictureFile, type MapPicture } from '../maps.js';
import { discordText, timestamp } from '../markup.js';
import { replyPrivately, replyRejected } from '../respond.js';
import { suggestOrders, unitOrdersOf, type UnitOrders } from '../suggest.js';
import { phaseChoices } from '../choices.js';
import { localizations } from '../command-locales.js';
import { orderLanguage } from '../../variants/names.js';
import { formatItems, localeOf, msg, sizeParam, t, tr, type Locale, type Msg } from '../../i18n/index.js';
import { readerOf, refusalText, wordLines } from '../locale.js';
import { choiceName, code, listWithin, MAX_CHOICE, MAX_CHOICES, MAX_CONTENT, truncate, userNameText } from '../text.js';

const sandboxOption = (o: import('discord.js').SlashCommandIntegerOption) =>
  o
    .setName('sandbox')
    .setDescription('Which of your sandboxes (default: the one you used last)')
    .setNameLocalizations(localizations('command.common.sandbox.name'))
    .setDescriptionLocalizations(localizations('command.common.sandbox.description'))
    .setMinValue(1)
    .setAutocomplete(true);

const data = new SlashCommandBuilder()
  .setName('sandbox')
  .setDescription('A private copy of the board to try orders for every power (only you see it)')
  .setContexts(InteractionContextType.Guild, InteractionContextType.BotDM)
  .addSubcommand((s) =>
    s
      .setName('start')
      .setDescription("Copy a game's board into a new sandbox (without anyone's orders)")
      .addIntegerOption((o) =>
        o
          .setName('game')
          .setDescription("Which game (default: this channel's; needed in a direct message)")
          .setMinValue(1)
          .setAutocomplete(true),
      )
      .addStringOption((o) =>
        o
          .setName('phase')
          .setDescription('Start from an earlier phase, such as S1901M (default: the current one)')
          .setAutocomplete(true)
          .setMaxLength(40),
      )
      .addAttachmentOption((o) =>
        o
          .setName('file')
          .setDescription('Open a game file instead (from /history export): starts after its last phase'),
      ),
  )
  .addSubcommand((s) =>
    s
      .setName('order')
      .setDescription("Orders for any power's units, separated by ; — e.g. A par - bur; A mun - bur")
      .addStringOption((o) =>
        o
          .setName('orders')
          .setDescription('One or more orders for any powers, separated by ;')
          .setRequired(true)
          .setMaxLength(6000)
          .setAutocomplete(true),
      )
      .addIntegerOption(sandboxOption),
  )
  .addSubcommand((s) =>
    s
      .setName('clear')
      .setDescription("Clear the sandbox's orders for this phase (one power's, or all)")
      .addStringOption((o) =>
        o
          .setName('power')
          .setDescription('Only this power (default: every power)')
          .setAutocomplete(true)
          .setMaxLength(40),
      )
      .addIntegerOption(sandboxOption),
  )
  .addSubcommand((s) =>
    s
      .setName('act')
      .setDescription('Act for a seat or as the game master in the variant’s steps (the choices list what is open now)')
      .addStringOption((o) =>
        o
          .setName('action')
          .setDescription('What to do (the variant’s actions open now)')
          .setRequired(true)
          .setAutocomplete(true)
          .setMaxLength(40),
      )
      .addStringOption((o) =>
        o
          .setName('as')
          .setDescription('Who acts: a seated power, or gm for the game master')
          .setRequired(true)
          .setAutocomplete(true)
          .setMaxLength(40),
      )
      .addStringOption((o) =>
        o.setName('choice').setDescription('The action’s first value').setAutocomplete(true).setMaxLength(100),
      )
      .addStringOption((o) =>
        o.setName('detail').setDescription('The action’s second value').setAutocomplete(true).setMaxLength(100),
      )
      .addIntegerOption(sandboxOption),
  )
  .addSubcommand((s) =>
    s
      .setName('adjudicate')
      .setDescription('See the results the phase would have now (nothing moves on)')
      .addIntegerOption(sandboxOption),
  )
  .addSubcommand((s) =>
    s
      .setName('next')
      .setDescription('Go on, as a deadline would: the next step, or the next phase')
      .addIntegerOption(sandboxOption),
  )
  .addSubcommand((s) =>
    s.setName('map').setDescription('The sandbox board with its orders so far').addIntegerOption(sandboxOption),
  )
  .addSubcommand((s) =>
    s
      .setName('share')
      .setDescription('Post a snapshot of the sandbox in this channel for everyone to see')
      .addIntegerOption(sandboxOption),
  )
  .addSubcommand((s) => s.setName('list').setDescription('Your sandboxes'))
  .addSubcommand((s) => s.setName('end').setDescription('Delete a sandbox').addIntegerOption(sandboxOption))
  .toJSON();

const refOf = (interaction: ChatInputCommandInteraction): SandboxRef => ({
  userId: interaction.user.id,
  sandboxId: interaction.options.getInteger('sandbox'),
});

/** Where the command was used: a server channel, or a direct message with the bot (no server). */
const placeOf = (interaction: ChatInputCommandInteraction | AutocompleteInteraction): SandboxPlace => ({
  channelId: interaction.channelId ?? '',
  guildId: interaction.guildId ?? null,
  userId: interaction.user.id,
});

/** The sandbox's head line: which one, what it copies, and that nothing of it reaches the game. */
function headLine(locale: Locale, v: SandboxView): string {
  return tr(locale, 'sandbox.head', { id: v.id, variant: v.variantName, phase: v.name, origin: origin(locale, v) });
}

/** Where a sandbox comes from: a game's phase, or a game file. */
function origin(locale: Locale, v: SandboxView): string {
  return v.gameChannelId === ''
    ? tr(locale, 'sandbox.origin.file', { source: userNameText(v.source) })
    : tr(locale, 'sandbox.origin.game', { source: userNameText(v.source), channel: channelMention(v.gameChannelId) });
}

/** Who `as:` names: a seated power, or the game master. */
const actorOf = (as: string): { by: 'player' | 'gm'; power: string | null } =>
  ['gm', 'game master'].includes(as.trim().toLowerCase()) ? { by: 'gm', power: null } : { by: 'player', power: as };

/** A power of the sandbox by its id, named in the reader's language (docs/locales.md "Names"); other text as it is. */
const powerText = (locale: Locale, v: Pick<SandboxView, 'powers'>) => (power: string) =>
  tr(locale, 'text.plain', { text: v.powers[power] ?? power });

/** An order of the sandbox as the reader's orders write it (`A Paris - Bourgogne`, `A 咸陽 守`), else as stored. */
const orderText = (locale: Locale, v: Pick<SandboxView, 'written'>) => (text: string) =>
  code(tr(locale, 'text.plain', { text: v.written[text] ?? text }));

/** Who acts, as the member reads it: a power's name, or the game master. */
const asName = (locale: Locale, v: Pick<SandboxView, 'powers'>) => (as: string) =>
  as === 'gm' ? tr(locale, 'sandbox.gm') : powerText(locale, v)(as);

/** The phase being played: its orders, what is still without one, the variant's step and actions, and what next. */
function stateLines(locale: Locale, v: SandboxView): string[] {
  if (v.winner) return [tr(locale, 'sandbox.won', { power: v.powers[v.winner] ?? v.winner })];
  const named = powerText(locale, v);
  const closed = v.step?.at === 'claim';
  const more = (n: number) => tr(locale, 'sandbox.more', { count: n });
  const lines = [
    v.orders.length === 0
      ? tr(locale, closed ? 'sandbox.orders.closed' : 'sandbox.orders.none')
      : listWithin(
          tr(locale, 'sandbox.orders.head', { count: v.orders.length, closed: closed ? 'yes' : 'no' }),
          v.orders.map((o) => orderText(locale, v)(o.text)),
          700,
          more,
          locale,
        ),
  ];
  const missing = v.duties
    .filter((d) => d.missing.length > 0)
    .map((d) =>
      tr(locale, 'text.aside', {
        text: named(d.power),
        aside: formatItems(
          locale,
          d.shown.map((m) => tr(locale, 'text.plain', { text: m })),
        ),
      }),
    );
  if (missing.length > 0 && !closed)
    lines.push(
      listWithin(
        tr(locale, 'sandbox.missing'),
        missing,
        500,
        (n) => tr(locale, 'sandbox.morePowers', { count: n }),
        locale,
      ),
    );
  if (v.step) {
    // The variant's own words, in the owner's language, its commands as the sandbox takes them.
    const answered = t(locale, v.step.labels.answered);
    const waiting = t(locale, v.step.labels.waiting);
    const who = v.step.progress.powers.map((p) => `${named(p.power)} ${p.answered ? answered : waiting}`);
    if (v.step.progress.gameMaster) who.push(tr(locale, 'sandbox.step.gm'));
    lines.push(sandboxWords(t(locale, v.step.line), locale));
    if (who.length > 0) lines.push(listWithin(tr(locale, 'sandbox.step.waiting'), who, 400, more, locale));
  }
  if (v.actions.length > 0) {
    lines.push(
      listWithin(
        tr(locale, 'sandbox.step.actions'),
        v.actions.map((a) =>
          // full-width brackets in Chinese (docs/locales.md "Chinese spacing"), as every aside
          tr(locale, 'text.aside', { text: code(a.name), aside: formatItems(locale, a.as.map(asName(locale, v))) }),
        ),
        500,
        more,
        locale,
      ),
    );
  }
  return lines;
}

function nextSteps(locale: Locale, v: SandboxView): string {
  return tr(locale, 'sandbox.next', { step: v.step ? 'yes' : 'no' });
}

/**
 * A quoted post cut to `room` characters keeping its first line and as many of its last lines as fit (a long results
 * list sits in its middle; what it asks for comes last).
 */
function keepEnds(text: string, room: number): string {
  if (text.length <= room) return text;
  const lines = text.split('\n');
  const head = truncate(lines[0]!, Math.max(20, Math.floor(room / 3)));
  const tail: string[] = [];
  let used = head.length + 3;
  for (let i = lines.length - 1; i > 0; i--) {
    if (used + lines[i]!.length + 1 > room) break;
    tail.unshift(lines[i]!);
    used += lines[i]!.length + 1;
  }
  return [head, quote('…'), ...tail].join('\n');
}

/** What the variant's steps would have posted in the game's channel, quoted, within `room` characters in all. */
function postsText(locale: Locale, lines: readonly Msg[][], room: number): string[] {
  if (lines.length === 0) return [];
  // The variant's posts, in the owner's language (docs/locales.md "Variants' own texts").
  const posts = lines.map((post) => wordLines(locale, post));
  const each = Math.max(150, Math.floor(room / posts.length));
  const quoted = posts.map((p) =>
    keepEnds(
      p
        .split('\n')
        .map((l) => quote(l))
        .join('\n'),
      each,
    ),
  );
  return [tr(locale, 'sandbox.posts.head'), truncate(quoted.join('\n'), Math.max(200, room))];
}

function viewText(locale: Locale, v: SandboxView): string {
  return truncate([headLine(locale, v), ...stateLines(locale, v), nextSteps(locale, v)].join('\n'));
}

/** Results of an adjudication with the sandbox's head, cut to one message. */
function resultsText(
  locale: Locale,
  variant: Variant,
  head: string,
  adjudication: Adjudication,
  tail: string[],
): string {
  const summary = wordLines(locale, resultsSummaryLines(variant, adjudication));
  const room = MAX_CONTENT - head.length - tail.join('\n').length - 4;
  return [head, truncate(summary, Math.max(200, room)), ...tail].join('\n');
}

/**
 * Every sandbox use-case of the bot runs on a turn of the event loop of its own, one piece per turn, the members'
 * pieces alternating (src/game/core/loop-turns.ts `fairTurns`): a member's burst of commands never runs back to back on
 * the bot's thread, and waits behind the other members' pieces and whatever the loop serves meanwhile (another game's
 * deadline, its results post, the gateway) — brief: nothing one member does may slow another game or block the event
 * loop for more than 20 ms (the pieces' times: docs/benchmarks.md, "Sandboxes").
 */
const sandboxTurns = fairTurns();

/** Most of one turn spent on the legal orders of `/sandbox order`'s autocomplete (ms); the other powers wait for the next. */
const AUTOCOMPLETE_SLICE_MS = 4;

type Picture = Exclude<SandboxPicture, 'preview'> | { preview: { board: SandboxBoard; adjudication: Adjudication } };

/**
 * Replies (after a deferral) with `content` and the sandbox picture (`picture`, or the `preview` of a board just
 * adjudicated): its input prepared on a turn of its own, drawn whole in the render worker (the scene too: only what
 * can cross to the worker is handed over, never the variant object) at a priority below the games' posts.
 */
async function replyWithMap(
  ctx: BotContext,
  interaction: ChatInputCommandInteraction,
  turn: LoopTurns,
  ref: SandboxRef,
  picture: Picture,
  content: string,
): Promise<void> {
  const input = await turn(async () =>
    typeof picture === 'string'
      ? await sandboxRenderInput(ctx.deps, ref, picture)
      : { ok: true as const, input: sandboxPreviewInput(picture.preview.board, picture.preview.adjudication) },
  );
  const name = typeof picture === 'string' ? picture : 'preview';
  let drawn: MapPicture | null = null;
  if (input.ok && input.input) {
    // A fog view is titled with whose view it is, as the game's fog pictures are (docs/table.md "Fog of war").
    const { variant, position, viewer, ...opts } = input.input;
    drawn = await ctx.maps.render(
      variant,
      position,
      forViewer(opts, readerOf(interaction), { variant, power: viewer }),
      mapFileName(`sandbox-${position.phase.season}-${position.phase.year}`, name),
      { priority: 'low' },
    );
  }
  const shown = discordText(content);
  const text =
    drawn || !input.ok || !input.input
      ? shown
      : truncate(`${shown}\n${tr(readerOf(interaction), 'sandbox.mapFailed')}`);
  await interaction.editReply({
    content: truncate(text),
    files: drawn ? [pictureFile(drawn)] : [],
    allowedMentions: { parse: [] },
  });
}

async function execute(ctx: BotContext, interaction: ChatInputCommandInteraction): Promise<void> {
  const sub = interaction.options.getSubcommand();
  const ref = refOf(interaction);
  const turn = sandboxTurns(interaction.user.id);
  if (sub === 'share') return share(ctx, interaction, ref, turn);
  // Acknowledged at once, privately: the work waits for its turns, and the answer follows as an edit.
  await interaction.deferReply({ flags: MessageFlags.Ephemeral });
  switch (sub) {
    case 'start':
      return startSub(ctx, interaction, turn);
    case 'order':
      return orderSub(ctx, interaction, ref, turn);
    case 'clear':
      return clearSub(ctx, interaction, ref, turn);
    case 'act':
      return actSub(ctx, interaction, ref, turn);
    case 'adjudicate':
      return adjudicateSub(ctx, interaction, ref, turn);
    case 'next':
      return nextSub(ctx, interaction, ref, turn);
    case 'map':
      return mapSub(ctx, interaction, ref, turn);
    case 'list':
      return listSub(ctx, interaction, turn);
    case 'end':
      return endSub(ctx, interaction, ref, turn);
    default:
      return replyRejected(interaction, `Unknown subcommand ${sub}.`);
  }
}

/** `/sandbox start`: copies the game's board (its current phase, or one from /history) and shows it with its map. */
async function startSub(ctx: BotContext, interaction: ChatInputCommandInteraction, turn: LoopTurns): Promise<void> {
  const file = interaction.options.getAttachment('file');
  const r = file
    ? await startFromFile(ctx, interaction, file, turn)
    : await turn(
        async () =>
          await startSandbox(ctx.deps, {
            ...placeOf(interaction),
            gameId: interaction.options.getInteger('game'),
            phase: interaction.options.getString('phase'),
          }),
      );
  if (!r.ok) return replyRejected(interaction, r);
  const locale = readerOf(interaction);
  return replyWithMap(
    ctx,
    interaction,
    turn,
    { userId: interaction.user.id, sandboxId: r.sandbox.id },
    'board',
    `${viewText(locale, r.sandbox)}\n${tr(locale, 'sandbox.started.ends', { idle: durationParam(limitsOf(ctx.deps).sandboxIdleMs) })}`,
  );
}

/** How long the bot waits for an attached game file to download. */
const FILE_FETCH_MS = 10_000;

/**
 * `/sandbox start file:`: the attached game file, its size checked before it is fetched, read on turns of the event
 * loop shared with the other members' sandbox work; every problem is a refusal that names it.
 */
async function startFromFile(
  ctx: BotContext,
  interaction: ChatInputCommandInteraction,
  file: Attachment,
  turn: LoopTurns,
): Promise<Awaited<ReturnType<typeof startSandboxFromFile>>> {
  const max = IMPORT_LIMITS.maxBytes;
  if (interaction.options.getInteger('game') !== null || interaction.options.getString('phase') !== null)
    return fail(msg('sandbox.refused.fileAlone'));
  const name = userNameText(file.name);
  if (file.size > max)
    return fail(msg('variant.refused.tooBig', { file: name, size: sizeParam(file.size), max: sizeParam(max) }));
  let text: string;
  try {
    const res = await fetch(file.url, { signal: AbortSignal.timeout(FILE_FETCH_MS) });
    if (!res.ok) return fail(msg('variant.refused.download', { file: name }));
    text = await res.text();
  } catch {
    return fail(msg('variant.refused.download', { file: name }));
  }
  return startSandboxFromFile(ctx.deps, { ...placeOf(interaction), fileName: file.name, text }, async () => {
    await turn(() => undefined);
  });
}

/**
 * A sandbox's refusal in the member's locale. The game's and the plug-in's messages name `/act`: in a sandbox its
 * command is `/sandbox act` (`sandboxWords`).
 */
async function refuseInSandbox(interaction: ChatInputCommandInteraction, refusal: Refusal): Promise<void> {
  const reader = readerOf(interaction);
  return replyRejected(interaction, sandboxWords(refusalText(reader, refusal), reader));
}

/** `/sandbox order`: stores orders for any power; lists what was stored, replaced and refused, then the phase's state. */
async function orderSub(
  ctx: BotContext,
  interaction: ChatInputCommandInteraction,
  ref: SandboxRef,
  turn: LoopTurns,
): Promise<void> {
  const locale = readerOf(interaction);
  const text = interaction.options.getString('orders', true);
  const r = await orderSandboxInTurns(ctx.deps, { ...ref, text, locale }, turn);
  if (!r.ok) return refuseInSandbox(interaction, r);
  const lines: string[] = [];
  if (r.stored.length > 0)
    lines.push(
      listWithin(
        tr(locale, 'sandbox.stored'),
        r.stored.map((o) =>
          tr(locale, 'text.aside', {
            text: orderText(locale, r.sandbox)(o.text),
            aside: powerText(locale, r.sandbox)(o.power),
          }),
        ),
        600,
        (n) => tr(locale, 'sandbox.more', { count: n }),
        locale,
      ),
    );
  for (const x of r.replaced.slice(0, 5))
    lines.push(tr(locale, 'sandbox.replaced', { before: code(x.before), after: code(x.after) }));
  for (const x of r.rejected.slice(0, 8))
    lines.push(tr(locale, 'orders.reply.refused', { order: code(typed(x.input, 60)), why: refusalText(locale, x) }));
  if (r.rejected.length > 8) lines.push(tr(locale, 'sandbox.moreRefused', { count: r.rejected.length - 8 }));
  if (r.stored.length === 0 && r.rejected.length === 0) lines.push(tr(locale, 'sandbox.noOrders'));
  return replyPrivately(
    interaction,
    truncate([headLine(locale, r.sandbox), ...lines, '', ...stateLines(locale, r.sandbox)].join('\n')),
  );
}

/** `/sandbox clear`: clears one power's orders of the phase, or every power's. */
async function clearSub(
  ctx: BotContext,
  interaction: ChatInputCommandInteraction,
  ref: SandboxRef,
  turn: LoopTurns,
): Promise<void> {
  const r = await turn(
    async () => await clearSandboxOrders(ctx.deps, { ...ref, power: interaction.options.getString('power') }),
  );
  if (!r.ok) return refuseInSandbox(interaction, r);
  const locale = readerOf(interaction);
  const cleared = tr(locale, 'sandbox.cleared', { count: r.cleared });
  return replyPrivately(
    interaction,
    truncate([headLine(locale, r.sandbox), cleared, ...stateLines(locale, r.sandbox)].join('\n')),
  );
}

/** `/sandbox act`: one of the variant's actions as a seated power or the game master, with what the game would post. */
async function actSub(
  ctx: BotContext,
  interaction: ChatInputCommandInteraction,
  ref: SandboxRef,
  turn: LoopTurns,
): Promise<void> {
  const as = interaction.options.getString('as', true);
  const r = await turn(
    async () =>
      await actSandbox(ctx.deps, {
        ...ref,
        ...actorOf(as),
        action: interaction.options.getString('action', true),
        choice: interaction.options.getString('choice'),
        detail: interaction.options.getString('detail'),
        locale: readerOf(interaction),
      }),
  );
  if (!r.ok) return refuseInSandbox(interaction, r);
  const locale = readerOf(interaction);
  const settled = r.settled ? [tr(locale, 'sandbox.act.settled')] : [];
  const head = [
    headLine(locale, r.sandbox),
    tr(locale, 'sandbox.act.as', {
      power: asName(locale, r.sandbox)(actorOf(as).power ?? 'gm'),
      reply: sandboxWords(t(locale, r.reply), locale).trim(),
    }),
    ...settled,
  ];
  const tail = stateLines(locale, r.sandbox);
  const room = MAX_CONTENT - [...head, ...tail].join('\n').length - 60;
  return replyPrivately(interaction, truncate([...head, ...postsText(locale, r.posts, room), ...tail].join('\n')));
}

/** `/sandbox adjudicate`: the results the phase would have if played now, with their map; nothing moves on. */
async function adjudicateSub(
  ctx: BotContext,
  interaction: ChatInputCommandInteraction,
  ref: SandboxRef,
  turn: LoopTurns,
): Promise<void> {
  const r = await previewSandboxInTurns(ctx.deps, ref, turn);
  if (!r.ok) return replyRejected(interaction, r);
  const locale = readerOf(interaction);
  const how = tr(locale, 'sandbox.preview.how', { step: r.sandbox.step ? 'yes' : 'no' });
  const text = resultsText(locale, r.board.variant, `${headLine(locale, r.sandbox)}\n${how}`, r.adjudication, [
    tr(locale, 'sandbox.preview.next'),
  ]);
  return replyWithMap(ctx, interaction, turn, ref, { preview: { board: r.board, adjudication: r.adjudication } }, text);
}

/**
 * `/sandbox next`: goes on as a deadline would. A step that opened or closed shows what the game would post and the
 * board; a phase played shows its results (and the phases skipped on the way) with the last phase's map.
 */
async function nextSub(
  ctx: BotContext,
  interaction: ChatInputCommandInteraction,
  ref: SandboxRef,
  turn: LoopTurns,
): Promise<void> {
  const r = await turn(async () => await nextSandbox(ctx.deps, ref));
  if (!r.ok) return replyRejected(interaction, r);
  const locale = readerOf(interaction);
  const sandboxRef = { userId: ref.userId, sandboxId: r.sandbox.id };
  if (r.kind !== 'resolved') {
    // A step opened or closed within the phase: what the game would post, and where the phase stands now.
    const tail = [...stateLines(locale, r.sandbox), nextSteps(locale, r.sandbox)];
    const room = MAX_CONTENT - [headLine(locale, r.sandbox), ...tail].join('\n').length - 60;
    return replyWithMap(
      ctx,
      interaction,
      turn,
      sandboxRef,
      'board',
      [headLine(locale, r.sandbox), ...postsText(locale, r.posts, room), ...tail].join('\n'),
    );
  }
  const skipped = r.skipped.length > 0 ? [tr(locale, 'sandbox.skipped', { count: r.skipped.length })] : [];
  const now = r.sandbox.winner
    ? [tr(locale, 'sandbox.wonShort', { power: r.sandbox.powers[r.sandbox.winner] ?? r.sandbox.winner })]
    : [tr(locale, 'sandbox.now', { phase: r.sandbox.name, next: nextSteps(locale, r.sandbox) })];
  const posts = postsText(locale, r.posts, 600);
  const text = resultsText(
    locale,
    r.variant,
    tr(locale, 'sandbox.head.short', { id: r.sandbox.id, variant: r.sandbox.variantName }),
    r.adjudication,
    [...skipped, ...posts, ...now],
  );
  return replyWithMap(ctx, interaction, turn, sandboxRef, 'last', text);
}

/** `/sandbox map`: the board with the orders given so far, and the phase's state. */
async function mapSub(
  ctx: BotContext,
  interaction: ChatInputCommandInteraction,
  ref: SandboxRef,
  turn: LoopTurns,
): Promise<void> {
  const r = await turn(async () => await viewSandbox(ctx.deps, ref));
  if (!r.ok) return replyRejected(interaction, r);
  return replyWithMap(
    ctx,
    interaction,
    turn,
    { userId: ref.userId, sandboxId: r.sandbox.id },
    'board',
    viewText(readerOf(interaction), r.sandbox),
  );
}

/** `/sandbox list`: the caller's sandboxes, the one used without `sandbox:` first. */
async function listSub(ctx: BotContext, interaction: ChatInputCommandInteraction, turn: LoopTurns): Promise<void> {
  const r = await turn(async () => await listSandboxes(ctx.deps, interaction.user.id));
  if (!r.ok) return replyRejected(interaction, r);
  const locale = readerOf(interaction);
  if (r.sandboxes.length === 0) return replyPrivately(interaction, tr(locale, 'sandbox.list.none'));
  const lines = r.sandboxes.map((v, i) =>
    tr(locale, 'sandbox.list.line', {
      mark: i === 0 ? '▶️' : '•',
      id: v.id,
      variant: v.variantName,
      phase: v.name,
      origin: origin(locale, v),
      orders: v.orders.length,
      ends: timestamp(v.expiresAt),
    }),
  );
  return replyPrivately(interaction, truncate([tr(locale, 'sandbox.list.head'), ...lines].join('\n')));
}

/** `/sandbox end`: deletes the sandbox. */
async function endSub(
  ctx: BotContext,
  interaction: ChatInputCommandInteraction,
  ref: SandboxRef,
  turn: LoopTurns,
): Promise<void> {
  const r = await turn(async () => await endSandbox(ctx.deps, ref));
  if (!r.ok) return replyRejected(interaction, r);
  return replyPrivately(interaction, tr(readerOf(interaction), 'sandbox.ended', { id: r.id }));
}

/**
 * `/sandbox share`: the owner's explicit act, the only way anyone else sees a sandbox. A snapshot message in the
 * channel: what it is (a what-if, not the game), the last phase played with its results and map (or the board with
 * the orders given so far), and no link (no channel, message or URL).
 */
async function share(
  ctx: BotContext,
  interaction: ChatInputCommandInteraction,
  ref: SandboxRef,
  turn: LoopTurns,
): Promise<void> {
  if (!interaction.inGuild()) return replyRejected(interaction, msg('sandbox.refused.shareHere'));
  const refused = await sandboxShareRefusal(ctx.deps, ref);
  if (refused) return replyRejected(interaction, refused);
  const r = await turn(async () => await viewSandbox(ctx.deps, ref));
  if (!r.ok) return replyRejected(interaction, r);
  const v = r.sandbox;
  const who = userNameText(interaction.user.username, 40);
  const locale = readerOf(interaction);
  const head = tr(locale, 'sandbox.shared', { who, variant: v.variantName, source: userNameText(v.source) });
  await interaction.deferReply();
  if (v.last)
    return replyWithMap(
      ctx,
      interaction,
      turn,
      ref,
      'last',
      resultsText(locale, r.board.variant, head, v.last.adjudication, []),
    );
  const orders =
    v.orders.length === 0
      ? tr(locale, 'sandbox.shared.noOrders')
      : listWithin(
          tr(locale, 'sandbox.orders.head', { count: v.orders.length, closed: 'no' }),
          v.orders.map((o) => orderText(locale, v)(o.text)),
          1200,
          (n) => tr(locale, 'sandbox.more', { count: n }),
          locale,
        );
  return replyWithMap(ctx, interaction, turn, ref, 'board', `${head}\n${bold(t(locale, v.name))}\n${orders}`);
}

/**
 * The legal orders of every power with something to decide, as `/order` offers a player's (each power's name after
 * its choices, in the reader's language: `named`), computed in slices of a few ms on the member's turns (21 Warhammer
 * powers take tens of ms under load).
 */
async function unitOrdersInTurns(
  turn: LoopTurns,
  board: SandboxBoard,
  duties: SandboxView['duties'],
  named: (power: string) => string,
  locale: Locale,
): Promise<UnitOrders[]> {
  // In the member's words (names and order words), which `/sandbox order` reads back, as `/order` proposes them.
  const language = orderLanguage(board.variant, locale);
  const units: UnitOrders[] = [];
  let next = 0;
  while (next < duties.length) {
    await turn(() => {
      const started = performance.now();
      do {
        const { power } = duties[next++]!;
        const ordered = new Set(board.orders.filter((o) => o.power === power).map((o) => o.unitKey));
        units.push(
          ...unitOrdersOf(board.variant, board.position, power, {
            ordered,
            label: named(power),
            ...(language ? { language } : {}),
          }),
        );
      } while (next < duties.length && performance.now() - started < AUTOCOMPLETE_SLICE_MS);
    });
  }
  return units;
}

type SandboxTurn = ReturnType<typeof sandboxTurns>;

/** `game:` choices: the games the caller may copy, by number or name. */
async function completeGame(
  ctx: BotContext,
  interaction: AutocompleteInteraction,
  turn: SandboxTurn,
  typed: string,
): Promise<void> {
  const r = await turn(async () => await sandboxGames(ctx.deps, placeOf(interaction)));
  if (!r.ok) return interaction.respond([]);
  const locale = localeOf(interaction.locale);
  const games = r.games.map((g) => ({ ...g, shown: t(locale, g.label) }));
  const found = games.filter(
    (g) =>
      String(g.gameId).startsWith(typed.trim().replace(/^#/, '')) ||
      g.shown.toLowerCase().includes(typed.trim().toLowerCase()),
  );
  return interaction.respond(found.slice(0, MAX_CHOICES).map((g) => ({ name: choiceName(g.shown), value: g.gameId })));
}

/** `phase:` choices: the phases of the game `game:` names, else of this channel's. */
async function completePhase(
  ctx: BotContext,
  interaction: AutocompleteInteraction,
  turn: SandboxTurn,
  typed: string,
): Promise<void> {
  // The phases of the game `game:` names (one the caller may copy), else of this channel's.
  const named = interaction.options.getInteger('game');
  const games = named === null ? null : await turn(async () => await sandboxGames(ctx.deps, placeOf(interaction)));
  const channelId =
    named === null
      ? interaction.channelId
      : games?.ok
        ? games.games.find((g) => g.gameId === named)?.channelId
        : undefined;
  if (!channelId) return interaction.respond([]);
  const r = await turn(async () => await history(ctx.deps, { channelId, phase: null }));
  if (!r.ok) return interaction.respond([]);
  const locale = localeOf(interaction.locale);
  const matches = phaseChoices(locale, r.phases.slice().reverse(), typed);
  return interaction.respond(
    matches.map((p) => ({
      name: choiceName(
        `${p.code} — ${p.resolvedAt === null ? tr(locale, 'sandbox.choice.current', { phase: p.name }) : p.shown}`,
      ),
      value: p.code,
    })),
  );
}

/** `sandbox:` choices: the caller's sandboxes, `#2 · Diplomatie classique · Printemps 1902, mouvements`. */
async function completeSandbox(
  ctx: BotContext,
  interaction: AutocompleteInteraction,
  turn: SandboxTurn,
): Promise<void> {
  const r = await turn(async () => await listSandboxes(ctx.deps, interaction.user.id));
  if (!r.ok) return interaction.respond([]);
  const locale = localeOf(interaction.locale);
  return interaction.respond(
    r.sandboxes.slice(0, MAX_CHOICES).map((v) => {
      const variant = tr(locale, 'text.plain', { text: v.variantName });
      return { name: choiceName(`#${v.id} · ${variant} · ${t(locale, v.name)}`), value: v.id };
    }),
  );
}

async function autocomplete(ctx: BotContext, interaction: AutocompleteInteraction): Promise<void> {
  const focused = interaction.options.getFocused(true);
  const typed = String(focused.value);
  if (typed.length > 2 * MAX_CHOICE) return interaction.respond([]);
  const userId = interaction.user.id;
  const turn = sandboxTurns(userId);
  if (focused.name === 'game') return completeGame(ctx, interaction, turn, typed);
  if (focused.name === 'phase') return completePhase(ctx, interaction, turn, typed);
  if (focused.name === 'sandbox') return completeSandbox(ctx, interaction, turn);
  const r = await turn(
    async () => await viewSandbox(ctx.deps, { userId, sandboxId: interaction.options.getInteger('sandbox') }),
  );
  if (!r.ok) return interaction.respond([]);
  const { board, sandbox } = r;
  const wanted = typed.trim().toLowerCase();
  switch (focused.name) {
    case 'orders': {
      // The same completions as /order, for every power that has something to decide (its name after each).
      const locale = localeOf(interaction.locale);
      const units = await unitOrdersInTurns(turn, board, sandbox.duties, powerText(locale, sandbox), locale);
      return interaction.respond(await turn(() => suggestOrders(typed, units)));
    }
    case 'power': {
      const nameOf = powerText(localeOf(interaction.locale), sandbox);
      const powers = [...new Set(board.orders.map((o) => o.power))].filter(
        (p) => nameOf(p).toLowerCase().includes(wanted) || p.toLowerCase().includes(wanted),
      );
      return interaction.respond(powers.slice(0, MAX_CHOICES).map((p) => ({ name: choiceName(nameOf(p)), value: p })));
    }
    case 'action': {
      const as = (interaction.options.getString('as') ?? '').trim().toLowerCase();
      const open = sandbox.actions.filter(
        (a) => as === '' || a.as.some((x) => x.toLowerCase() === as || (as === 'game master' && x === 'gm')),
      );
      const locale = localeOf(interaction.locale);
      const found = matchingChoices(
        open.map((a) => ({
          name: msg('sandbox.act.choice', {
            action: a.shown,
            as: formatItems(locale, a.as.map(asName(locale, sandbox))),
          }),
          value: a.name,
        })),
        typed,
        locale,
      );
      return interaction.respond(
        found.slice(0, MAX_CHOICES).map((a) => ({ name: choiceName(a.name), value: a.value })),
      );
    }
    case 'as': {
      const action = (interaction.options.getString('action') ?? '').trim().toLowerCase();
      const named = sandbox.actions.find((a) => a.name === action);
      const who = named ? named.as : [...board.seated, 'gm'];
      const nameOf = asName(localeOf(interaction.locale), sandbox);
      const found = who.filter((x) => nameOf(x).toLowerCase().includes(wanted) || x.toLowerCase().includes(wanted));
      return interaction.respond(
        found.slice(0, MAX_CHOICES).map((x) => ({
          name:
            x === 'gm' ? tr(localeOf(interaction.locale), 'command.sandbox.act.as.suggest.gm') : choiceName(nameOf(x)),
          value: x,
        })),
      );
    }
    case 'choice':
    case 'detail': {
      const as = interaction.options.getString('as') ?? '';
      const slot = focused.name;
      const choices = await turn(
        async () =>
          await sandboxActChoices(ctx.deps, {
            userId,
            sandboxId: interaction.options.getInteger('sandbox'),
            ...actorOf(as),
            action: interaction.options.getString('action'),
            slot,
            typed,
            choice: interaction.options.getString('choice'),
            detail: interaction.options.getString('detail'),
            locale: localeOf(interaction.locale),
          }),
      );
      return interaction.respond(
        choices.slice(0, MAX_CHOICES).map((c) => ({ name: choiceName(c.name), value: c.value.slice(0, MAX_CHOICE) })),
      );
    }
    default:
      return interaction.respond([]);
  }
}

export const sandboxCommand: BotCommand = { data, execute, autocomplete, cooldown: () => 'sandbox', worksInDms: true };
