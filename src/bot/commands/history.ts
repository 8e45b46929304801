/**
 * `/history`: the game's past phases.
 * - `list`: the resolved phases;
 * - `show phase: [map:]`: one phase's orders and results (`S1901M`), with either of its maps when `map:` is given:
 *   its orders with their results, or the board after it. The map (a private reply) is drawn in the caller's own
 *   palette (`/map palette:`).
 * - `replay [from:] [to:] [share:]`: the whole game, or a range of its resolved phases, as one animated
 *   GIF (src/render/replay, src/bot/replays.ts): the results posts' own pictures, units travelling along their arrows.
 *   Private unless `share:`; made in the render worker, cached, bounded per member and server.
 * - `press`: the game's anonymous press (sender power, recipients, phase, text), once the game is over; a text file
 *   when it is longer than a message.
 * - `export`: the game as a JSON file in the CLI's phases format (its resolved phases only: docs/bot.md, "Export and
 *   import"), privately; refused above Discord's attachment limit.
 * - `chart [palette:]`: each power's supply centres per year as a PNG (drawn in the render worker), privately, in
 *   `palette:` when given, else the caller's map palette (`/map palette:`), else the game's.
 * Only resolved phases show orders.
 */
import {
  InteractionContextType,
  MessageFlags,
  SlashCommandBuilder,
  type AutocompleteInteraction,
  type ChatInputCommandInteraction,
  bold,
  inlineCode,
  quote,
} from 'discord.js';
import {
  gameFileInTurns,
  history,
  mapPaletteFor,
  scChartForChannel,
  type MapPalette,
  renderInputForPicture,
  renderInputsForResults,
  type PhasePicture,
  type RenderInput,
} from '../../game/history/index.js';
import type { Viewer } from '../../game/fog/index.js';
import { pressHistory, type PressLine } from '../../game/press/index.js';
import { type PhaseView, typed, fairTurns } from '../../game/core/index.js';
import {
  MAX_REPLAY_PHASES,
  renderReplay,
  REPLAY_WIDTH,
  type ReplayPhase,
  type ReplayPicture,
} from '../../render/replay/index.js';
import type { BotCommand } from '../command.js';
import { drawScChart } from '../charts.js';
import type { BotContext } from '../context.js';
import { altText, forViewer, mapFileName, pictureFile, type MapPicture } from '../maps.js';
import { discordText } from '../markup.js';
import { formatItems, localeOf, mibParam, msg, t, tr, type Locale, type Msg } from '../../i18n/index.js';
import { phaseChoices } from '../choices.js';
import { readerOf, refusalText, wordLines } from '../locale.js';
import { callerOf, replyPrivately, replyRejected } from '../respond.js';
import { choiceName, partsShown, splitMessage } from '../text.js';
import { PALETTE_CHOICES } from './map.js';
import { powerWordsIn, type PowerWords } from '../power-words.js';

const phaseOption = (name: string, description: string) => (o: import('discord.js').SlashCommandStringOption) =>
  o.setName(name).setDescription(description).setAutocomplete(true).setMaxLength(20);

const data = new SlashCommandBuilder()
  .setName('history')
  .setDescription('Results of past phases')
  .setContexts(InteractionContextType.Guild)
  .addSubcommand((s) => s.setName('list').setDescription('The resolved phases of the game'))
  .addSubcommand((s) =>
    s
      .setName('show')
      .setDescription("One phase's orders and results")
      .addStringOption((o) => phaseOption('phase', 'A phase such as S1901M')(o).setRequired(true))
      .addStringOption((o) =>
        o
          .setName('map')
          .setDescription("Also show one of the phase's maps")
          .addChoices(
            { name: 'orders and results', value: 'orders' },
            { name: 'the board after the phase', value: 'after' },
          ),
      ),
  )
  .addSubcommand((s) => s.setName('press').setDescription("The game's anonymous press, once the game is over"))
  .addSubcommand((s) =>
    s.setName('export').setDescription("The game's played phases as a file (the CLI's adjudicate and replay read it)"),
  )
  .addSubcommand((s) =>
    s
      .setName('chart')
      .setDescription("Each power's supply centres per year, as a chart")
      .addStringOption((o) =>
        o
          .setName('palette')
          .setDescription("Chart colours (default: your /map palette, else the game's)")
          .addChoices(...PALETTE_CHOICES),
      ),
  )
  .addSubcommand((s) =>
    s
      .setName('replay')
      .setDescription('The game (or a range of phases) as one animated map')
      .addStringOption((o) => phaseOption('from', 'The first phase (default: the first one played)')(o))
      .addStringOption((o) => phaseOption('to', 'The last phase (default: the last one resolved)')(o))
      .addBooleanOption((o) =>
        o.setName('share').setDescription('Post it in the channel for everyone (default: only you see it)'),
      ),
  )
  .toJSON();

async function execute(ctx: BotContext, interaction: ChatInputCommandInteraction): Promise<void> {
  const sub = interaction.options.getSubcommand();
  if (sub === 'replay') return replay(ctx, interaction);
  if (sub === 'press') return press(ctx, interaction);
  if (sub === 'export') return exportFile(ctx, interaction);
  if (sub === 'chart') return chart(ctx, interaction);
  const r = await history(ctx.deps, {
    channelId: callerOf(interaction).channelId,
    phase: sub === 'show' ? interaction.options.getString('phase') : null,
    userId: interaction.user.id,
  });
  if (!r.ok) return replyRejected(interaction, r);
  const locale = readerOf(interaction);
  if (r.detail) return await showPhase(ctx, interaction, { detail: r.detail, viewer: r.viewer }, locale);
  const played = r.phases.filter((p) => p.resolvedAt !== null);
  if (played.length === 0) return replyPrivately(interaction, tr(locale, 'history.list.none'));
  return replyPrivately(
    interaction,
    [
      tr(locale, 'history.list.head'),
      ...played.map((p) => `${inlineCode(p.code)} ${t(locale, p.name)}`),
      tr(locale, 'history.list.help', { code: played[played.length - 1]!.code }),
    ].join('\n'),
  );
}

/** `/history replay`: refused privately at once, or deferred (publicly when shared) and answered with the GIF. */
async function replay(ctx: BotContext, interaction: ChatInputCommandInteraction): Promise<void> {
  const share = interaction.options.getBoolean('share') ?? false;
  // The router may have acknowledged already, privately (it was busy); a shared replay is then posted as a follow-up,
  // after the deferral's edit.
  const deferredPrivately = interaction.deferred;
  const locale = readerOf(interaction);
  const caller = callerOf(interaction);
  // Refused privately, before a shared replay's public deferral: under fog a player and a member who plays nothing are
  // refused for different reasons, which a public reply would show, in a game that hides who plays at all.
  const r = await history(ctx.deps, { channelId: caller.channelId, phase: null, userId: caller.userId });
  if (!r.ok) return replyRejected(interaction, r);
  // Fog of war: a player's replay is their power's view, never shared while the game runs; nobody else gets one.
  if (r.viewer.kind === 'none') return replyRejected(interaction, msg('fog.history.none'));
  if (share && r.fogUp) return replyRejected(interaction, msg('fog.history.noShare'));
  const viewer = r.viewer;
  const range = rangeOf(r.phases, interaction.options.getString('from'), interaction.options.getString('to'));
  if (!range.ok) return replyRejected(interaction, range.error);
  const { phases } = range;
  if (!interaction.deferred) await interaction.deferReply(share ? {} : { flags: MessageFlags.Ephemeral });
  const say = (content: string) =>
    interaction.editReply({ content: discordText(content), allowedMentions: { parse: [] } });
  const first = await renderInputsForResults(ctx.deps, phases[0]!.id, { viewer });
  if (!first) return void (await say(`⚠️ ${tr(locale, 'history.replay.gone')}`));
  const palette = first.orders.palette;
  const outcome = await ctx.replays.replay({
    guildId: interaction.guildId ?? caller.channelId,
    userId: caller.userId,
    // A fog view is its power's own replay: the power is part of what the cache keys it by.
    // Its frames are titled in the reader's locale (docs/locales.md "Maps"): the locale is part of the key too.
    identity: `${phases.map((p) => `${p.id}@${p.resolvedAt}`).join(',')}|${palette}|${REPLAY_WIDTH}${viewer.kind === 'power' ? `|fog:${viewer.power}` : ''}${locale === 'en' ? '' : `|${locale}`}`,
    make: async () => {
      const pictures = await replayPhasesOf(ctx, phases, viewer, locale);
      // Never on the bot's thread: without the render worker the replay is refused ("could not be drawn").
      return (
        await renderReplay(first.orders.variant, pictures, { width: REPLAY_WIDTH, palette }, { onThisThread: false })
      ).gif;
    },
  });
  if (!outcome.ok) return void (await say(`⚠️ ${refusalText(locale, outcome)}`));
  const limit = interaction.attachmentSizeLimit || 10 * 2 ** 20;
  if (outcome.gif.length > limit) {
    return void (await say(
      `⚠️ ${tr(locale, 'history.replay.tooBig', { size: mibParam(outcome.gif.length), limit: mibParam(limit) })}`,
    ));
  }
  const head = phases[0]!;
  const tail = phases[phases.length - 1]!;
  const content =
    phases.length === 1
      ? tr(locale, 'history.replay.one', { phase: head.name, code: head.code })
      : tr(locale, 'history.replay.range', {
          from: head.name,
          to: tail.name,
          fromCode: head.code,
          toCode: tail.code,
          count: phases.length,
        });
  const file = {
    attachment: outcome.gif,
    // Its alt text: what the caption says (the phases it plays), read out without its markdown.
    description: altText(content),
    name: `replay-${mapFileName(head.code).replace(/\.png$/, '')}-${mapFileName(tail.code).replace(/\.png$/, '')}.gif`,
  };
  if (share && deferredPrivately) {
    // The private deferral is edited first: a follow-up before that edit would become the deferral's own message,
    // private (docs/bot.md "Acknowledge fast"). A follow-up after it is a post of its own, for everyone.
    await say(tr(locale, 'history.replay.shared'));
    await interaction.followUp({ content, files: [file], allowedMentions: { parse: [] } });
    return;
  }
  await interaction.editReply({ content, files: [file], allowedMentions: { parse: [] } });
}

/** The resolved phases from `from` to `to` (codes or labels as `/history show` reads them), whole game by default. */
function rangeOf(
  all: readonly PhaseView[],
  from: string | null,
  to: string | null,
): { ok: true; phases: PhaseView[] } | { ok: false; error: Msg } {
  const played = all.filter((p) => p.resolvedAt !== null);
  if (played.length === 0) return { ok: false, error: msg('history.replay.nothing') };
  const find = (given: string | null, fallback: number): number | Msg => {
    if (given === null || given.trim() === '') return fallback;
    const wanted = given.trim().toLowerCase();
    const i = played.findIndex((p) => p.code.toLowerCase() === wanted || p.label.toLowerCase() === wanted);
    const [firstCode, lastCode] = [played[0]!.code, played[played.length - 1]!.code];
    return i >= 0 ? i : msg('history.replay.unknown', { text: typed(given), first: firstCode, last: lastCode });
  };
  const a = find(from, 0);
  const b = find(to, played.length - 1);
  if (typeof a !== 'number') return { ok: false, error: a };
  if (typeof b !== 'number') return { ok: false, error: b };
  if (a > b) return { ok: false, error: msg('history.replay.order', { from: played[a]!.code, to: played[b]!.code }) };
  if (b - a + 1 > MAX_REPLAY_PHASES)
    return { ok: false, error: msg('history.replay.long', { max: MAX_REPLAY_PHASES, count: b - a + 1 }) };
  return { ok: true, phases: played.slice(a, b + 1) };
}

/**
 * Each phase's two pictures as its results post draws them, in the reader's `locale` (their titles, labels and
 * legend: `forViewer`, which says whose view a fog picture is), read one phase per event-loop turn.
 */
async function replayPhasesOf(
  ctx: BotContext,
  phases: readonly PhaseView[],
  viewer: Viewer,
  locale: Locale,
): Promise<ReplayPhase[]> {
  const out: ReplayPhase[] = [];
  const picture = ({ variant, position, palette: _p, viewer: power, ...opts }: RenderInput): ReplayPicture => ({
    position,
    opts: forViewer(opts, locale, { variant, power }),
  });
  for (const phase of phases) {
    await new Promise<void>((resolve) => setImmediate(resolve));
    const inputs = await renderInputsForResults(ctx.deps, phase.id, { viewer });
    if (!inputs) throw new Error(`phase ${phase.code} can no longer be drawn`);
    out.push({ orders: picture(inputs.orders), after: picture(inputs.after) });
  }
  return out;
}

async function autocomplete(ctx: BotContext, interaction: AutocompleteInteraction): Promise<void> {
  const r = await history(ctx.deps, { channelId: interaction.channelId, phase: null });
  if (!r.ok) return interaction.respond([]);
  const locale = localeOf(interaction.locale);
  const played = r.phases.filter((p) => p.resolvedAt !== null).reverse();
  const matches = phaseChoices(locale, played, interaction.options.getFocused());
  await interaction.respond(matches.map((p) => ({ name: choiceName(`${p.code} — ${p.shown}`), value: p.code })));
}

/** At most this many messages answer `/history show` (docs/bot.md "A long post goes out in parts"). */
const SHOWN_PARTS = 5;

/** `/history show phase:`: one phase's orders and results, privately, with its map when `map:` asks for one. */
async function showPhase(
  ctx: BotContext,
  interaction: ChatInputCommandInteraction,
  r: { detail: { phase: { id: number; code: string }; lines: Msg[] }; viewer: Viewer },
  locale: Locale,
): Promise<void> {
  const picture = interaction.options.getString('map') as PhasePicture | null;
  let drawn: MapPicture | null = null;
  if (picture) {
    if (!interaction.deferred) await interaction.deferReply({ flags: MessageFlags.Ephemeral });
    drawn = await drawPhase(ctx, interaction, r, picture, locale);
  }
  const failed = picture && !drawn ? `\n${tr(locale, 'history.mapFailed')}` : '';
  const [first, ...rest] = partsShown(
    splitMessage(discordText(wordLines(locale, r.detail.lines)) + failed),
    SHOWN_PARTS,
    (count) => tr(locale, 'history.cut', { count }),
  );
  if (picture)
    await interaction.editReply({
      content: first!,
      files: drawn ? [pictureFile(drawn)] : [],
      allowedMentions: { parse: [] },
    });
  else await replyPrivately(interaction, first!);
  for (const part of rest)
    await interaction.followUp({ content: part, flags: 'Ephemeral', allowedMentions: { parse: [] } });
}

/** The phase's map as `map:` asks for it, seen as the caller may see it, in their palette; null if it cannot be drawn. */
async function drawPhase(
  ctx: BotContext,
  interaction: ChatInputCommandInteraction,
  r: { detail: { phase: { id: number; code: string } }; viewer: Viewer },
  picture: PhasePicture,
  locale: Locale,
): Promise<MapPicture | null> {
  const input = await renderInputForPicture(ctx.deps, r.detail.phase.id, picture, { viewer: r.viewer });
  if (!input) return null;
  // A private map: in the caller's own palette (their `/map palette:` choice), else the game's.
  const palette = await mapPaletteFor(ctx.deps, callerOf(interaction), null);
  // Only the drawing options go beside the variant and position, so the whole job can cross to the render worker.
  const { variant, position, ...opts } = input;
  return await ctx.maps.render(
    variant,
    position,
    forViewer({ ...opts, palette: palette.ok ? palette.palette : opts.palette }, locale, {
      variant,
      power: opts.viewer,
    }),
    mapFileName(r.detail.phase.code, opts.viewer ? `${picture}-${opts.viewer}` : picture),
  );
}

export const historyCommand: BotCommand = {
  data,
  execute,
  autocomplete,
  privateReplies: true,
  cooldown: (interaction) => {
    const sub = interaction.options.getSubcommand(false);
    // A chart or a file costs about what a map does (the render worker, a read of every phase).
    return sub === 'replay' ? 'replay' : sub === 'chart' || sub === 'export' ? 'map' : null;
  },
};

/** `/history export`'s pieces, one per event-loop turn, the members' alternating (src/game/core/loop-turns.ts `fairTurns`). */
const fileTurns = fairTurns();

/** Discord's attachment limit for a bot in a server without boosts (the interaction says the server's own). */
const ATTACHMENT_LIMIT = 10 * 2 ** 20;

/** A private reply with one file (deferred first, unless the router already acknowledged privately). */
async function replyWithFile(
  interaction: ChatInputCommandInteraction,
  content: string,
  file: { attachment: Buffer; name: string; description?: string },
  second: { attachment: Buffer; name: string } | null = null,
): Promise<void> {
  if (!interaction.deferred) await interaction.deferReply({ flags: MessageFlags.Ephemeral });
  const files = second ? [file, second] : [file];
  await interaction.editReply({ content: discordText(content), files, allowedMentions: { parse: [] } });
}

/**
 * `/history export`: the channel's latest game as the CLI's phases file (docs/bot.md, "Export and import"): its
 * resolved phases only, never the phase under way. Refused above the attachment limit.
 */
async function exportFile(ctx: BotContext, interaction: ChatInputCommandInteraction): Promise<void> {
  // Acknowledged at once: a long game's file is read and written in pieces on turns of the event loop of their own.
  if (!interaction.deferred) await interaction.deferReply({ flags: MessageFlags.Ephemeral });
  const r = await gameFileInTurns(
    ctx.deps,
    callerOf(interaction).channelId,
    fileTurns(interaction.user.id),
    interaction.user.id,
  );
  if (!r.ok) return replyRejected(interaction, r);
  const data = Buffer.from(r.file.text, 'utf8');
  const limit = interaction.attachmentSizeLimit || ATTACHMENT_LIMIT;
  if (data.length > limit)
    return replyRejected(
      interaction,
      msg('history.export.tooBig', { size: mibParam(data.length), limit: mibParam(limit) }),
    );
  const locale = readerOf(interaction);
  const variant = r.file.variant ? Buffer.from(r.file.variant.text, 'utf8') : null;
  const withVariant =
    variant && r.file.variant && data.length + variant.length <= limit
      ? { attachment: variant, name: r.file.variant.name }
      : null;
  return replyWithFile(
    interaction,
    tr(locale, 'history.export.done', {
      phases: r.file.phases,
      over: r.file.over ? 'yes' : 'no',
      variant: withVariant ? 'yes' : 'no',
      file: withVariant?.name ?? '',
    }),
    { attachment: data, name: r.file.name },
    withVariant,
  );
}

/** `/history chart [palette:]`: the supply-centre chart of the channel's latest game, drawn in the render worker. */
async function chart(ctx: BotContext, interaction: ChatInputCommandInteraction): Promise<void> {
  const caller = callerOf(interaction);
  const r = await scChartForChannel(ctx.deps, caller, interaction.options.getString('palette') as MapPalette | null);
  if (!r.ok) return replyRejected(interaction, r);
  if (!interaction.deferred) await interaction.deferReply({ flags: MessageFlags.Ephemeral });
  const locale = readerOf(interaction);
  const drawn = await drawScChart(r.chart, ctx.log, {}, locale);
  if (!drawn) return replyRejected(interaction, msg('history.chart.failed'));
  return replyWithFile(interaction, bold(tr(locale, 'text.plain', { text: r.chart.words.title })), pictureFile(drawn));
}

/**
 * One press message as `/history press` lists it: a head line (phase, sender, recipients), then every line of the
 * message quoted (`> `), so a line break inside a message can never start a line that reads as another message.
 */
function pressLineText(locale: Locale, words: PowerWords, l: PressLine): string {
  const names = formatItems(
    locale,
    l.to.map((p) => words.name(locale, p)),
  );
  const to = l.toAll ? tr(locale, 'press.history.all', { powers: names }) : names;
  const head = tr(locale, 'press.history.line', { phase: l.phase, from: words.power(l.from), to });
  return [head, ...l.text.split(LINE_BREAKS).map((line) => quote(line))].join('\n');
}

/** Everything an editor or Discord may show as a new line. */
const LINE_BREAKS = /\r\n|[\n\r\v\f\u0085\u2028\u2029]/;

/** `/history press`: refused before the end; the whole press in the reply, or as a text file when it is long. */
async function press(ctx: BotContext, interaction: ChatInputCommandInteraction): Promise<void> {
  const r = await pressHistory(ctx.deps, callerOf(interaction).channelId);
  if (!r.ok) return replyRejected(interaction, r);
  const locale = readerOf(interaction);
  if (r.lines.length === 0) return replyPrivately(interaction, tr(locale, 'press.history.none'));
  const head = tr(locale, 'press.history.head', { count: r.lines.length });
  const words = await powerWordsIn(ctx, interaction.channelId);
  const body = r.lines.map((l) => pressLineText(locale, words, l)).join('\n');
  if (head.length + body.length + 1 <= MAX_INLINE_PRESS) return replyPrivately(interaction, `${head}\n${body}`);
  if (!interaction.deferred) await interaction.deferReply({ flags: MessageFlags.Ephemeral });
  await interaction.editReply({
    content: tr(locale, 'press.history.file', { head }),
    files: [{ attachment: Buffer.from(`${body}\n`, 'utf8'), name: 'press.txt' }],
    allowedMentions: { parse: [] },
  });
}

/** Press shown in the reply itself up to this many characters; longer goes as a file. */
const MAX_INLINE_PRESS = 1900;
