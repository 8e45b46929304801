/**
 * `/variant add file:<attachment> [svg:<attachment>] [name:<text>]` (Manage Server): adds a variant to this server's
 * library from a variant file, a DiploGM config with its SVG or a python-diplomacy `.map` (with its SVG). The files are
 * downloaded with a size limit, then imported, checked as `maps check` checks a file and drawn in a worker thread
 * (src/game/variant-library); the reply is private: the variant's powers and centres with its starting map, or the
 * problems one per line, nothing stored.
 * `/variant list`: the server's variants. `/variant remove name:<n>` (Manage Server): games that play it go on.
 * docs/variants.md "A server's variants".
 */
import {
  type Attachment,
  type AutocompleteInteraction,
  type ChatInputCommandInteraction,
  InteractionContextType,
  MessageFlags,
  PermissionFlagsBits,
  SlashCommandBuilder,
} from 'discord.js';
import { memberRef } from '../../game/core/index.js';
import {
  addServerVariant,
  listServerVariants,
  removeServerVariant,
  serverVariantChoices,
  VARIANT_LIBRARY_LIMITS,
  type AddedVariant,
  type LibraryRefusal,
  type UploadedFile,
} from '../../game/variant-library/index.js';
import { localeOf, sizeParam, t, tr, type Locale } from '../../i18n/index.js';
import type { BotCommand } from '../command.js';
import type { BotContext } from '../context.js';
import { discordText, timestamp } from '../markup.js';
import { replyPrivately } from '../respond.js';
import { choiceName, MAX_CHOICES, MAX_CONTENT, userNameText } from '../text.js';

const data = new SlashCommandBuilder()
  .setName('variant')
  .setDescription("This server's own variants: maps the server brings")
  .setContexts(InteractionContextType.Guild)
  .addSubcommand((s) =>
    s
      .setName('add')
      .setDescription('Add a variant (Manage Server): a variant file, a DiploGM config, or a python-diplomacy .map')
      .addAttachmentOption((o) =>
        o
          .setName('file')
          .setDescription('A variant file (.json), a DiploGM config.json or config.toml, or a .map file')
          .setRequired(true),
      )
      .addAttachmentOption((o) => o.setName('svg').setDescription('The SVG a DiploGM config or a .map is drawn from'))
      .addStringOption((o) =>
        o
          .setName('name')
          .setDescription("Its name on this server (default: the variant's own; the same name replaces it)")
          .setMaxLength(VARIANT_LIBRARY_LIMITS.maxNameLength),
      ),
  )
  .addSubcommand((s) => s.setName('list').setDescription("This server's variants"))
  .addSubcommand((s) =>
    s
      .setName('remove')
      .setDescription('Remove a variant (Manage Server); games that play it go on')
      .addStringOption((o) =>
        o.setName('name').setDescription('The variant').setRequired(true).setAutocomplete(true).setMaxLength(100),
      ),
  )
  .toJSON();

async function execute(ctx: BotContext, interaction: ChatInputCommandInteraction): Promise<void> {
  const locale = localeOf(interaction.locale);
  const guildId = interaction.guildId;
  if (!guildId) return replyPrivately(interaction, `⚠️ ${tr(locale, 'variant.refused.noServer')}`);
  const sub = interaction.options.getSubcommand();
  if (sub === 'list') return list(ctx, interaction, guildId, locale);
  if (!interaction.memberPermissions?.has(PermissionFlagsBits.ManageGuild))
    return replyPrivately(interaction, `⚠️ ${tr(locale, 'variant.refused.permission')}`);
  if (sub === 'add') return add(ctx, interaction, guildId, locale);
  const r = await removeServerVariant(ctx.deps, {
    guildId,
    userId: interaction.user.id,
    name: interaction.options.getString('name', true),
  });
  if (!r.ok) return replyPrivately(interaction, refusalText(locale, r));
  return replyPrivately(interaction, tr(locale, 'variant.removed', { name: r.name, games: r.liveGames }));
}

/** How long the bot waits for an attachment to download. */
const FETCH_MS = 15_000;

/** An attachment's text, its size checked before it is fetched and after. */
async function download(attachment: Attachment, locale: Locale): Promise<UploadedFile | string> {
  const max = VARIANT_LIBRARY_LIMITS.maxUploadBytes;
  const tooBig = (size: number) =>
    tr(locale, 'variant.refused.tooBig', {
      file: userNameText(attachment.name),
      size: sizeParam(size),
      max: sizeParam(max),
    });
  if (attachment.size > max) return tooBig(attachment.size);
  try {
    const res = await fetch(attachment.url, { signal: AbortSignal.timeout(FETCH_MS) });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    const bytes = Buffer.from(await res.arrayBuffer());
    if (bytes.length > max) return tooBig(bytes.length);
    // Decoded as a browser reads a file: a byte-order mark (Windows editors save one) is not part of the text.
    return { name: attachment.name, text: new TextDecoder().decode(bytes) };
  } catch {
    return tr(locale, 'variant.refused.download', { file: userNameText(attachment.name) });
  }
}

async function add(
  ctx: BotContext,
  interaction: ChatInputCommandInteraction,
  guildId: string,
  locale: Locale,
): Promise<void> {
  const fileAttachment = interaction.options.getAttachment('file', true);
  const svgAttachment = interaction.options.getAttachment('svg');
  // The import takes seconds for a big map: acknowledged at once, answered when it is done.
  if (!interaction.deferred) await interaction.deferReply({ flags: MessageFlags.Ephemeral });
  const file = await download(fileAttachment, locale);
  if (typeof file === 'string') return replyPrivately(interaction, `⚠️ ${file}`);
  const svg = svgAttachment ? await download(svgAttachment, locale) : null;
  if (typeof svg === 'string') return replyPrivately(interaction, `⚠️ ${svg}`);
  const r = await addServerVariant(ctx.deps, {
    guildId,
    userId: interaction.user.id,
    upload: { file, svg, name: interaction.options.getString('name') },
    bytes: fileAttachment.size + (svgAttachment?.size ?? 0),
  });
  if (!r.ok) return replyPrivately(interaction, refusalText(locale, r));
  await interaction.editReply({
    content: discordText(addedText(locale, r)),
    files: [{ attachment: Buffer.from(r.png), name: 'starting-map.png' }],
    allowedMentions: { parse: [] },
  });
}

/** The accepted reply: the variant, its powers (home centres, units) and the import's notes, within one message. */
function addedText(locale: Locale, r: AddedVariant): string {
  const s = r.summary;
  const lines = [
    tr(locale, 'variant.added', { name: r.name, powers: s.powers.length, centres: s.centres, victory: s.victory }),
    ...(r.replaced ? [tr(locale, 'variant.added.replaced')] : []),
    ...s.powers.map((p) => `• ${tr(locale, 'variant.added.power', { power: p.name, homes: p.homes, units: p.units })}`),
    ...r.notes.map((note) => tr(locale, 'variant.added.note', { note })),
  ];
  return linesWithin(locale, lines);
}

/** A refusal, with the import's problems one per line (as many as fit in one message). */
function refusalText(locale: Locale, r: LibraryRefusal): string {
  return linesWithin(locale, [`⚠️ ${t(locale, r.refusal)}`, ...(r.problems ?? []).map((p) => `• ${p}`)]);
}

/** The lines that fit in one message, the last saying how many more there were. */
function linesWithin(locale: Locale, lines: string[]): string {
  const room = MAX_CONTENT - 60;
  let text = '';
  for (const [i, line] of lines.entries()) {
    const next = text ? `${text}\n${line}` : line;
    if (next.length > room) return `${text}\n${tr(locale, 'variant.problems.more', { count: lines.length - i })}`;
    text = next;
  }
  return text;
}

async function list(
  ctx: BotContext,
  interaction: ChatInputCommandInteraction,
  guildId: string,
  locale: Locale,
): Promise<void> {
  const r = await listServerVariants(ctx.deps, guildId);
  if (!r.ok) return replyPrivately(interaction, `⚠️ ${r.message ? t(locale, r.message) : r.error}`);
  if (r.variants.length === 0) return replyPrivately(interaction, tr(locale, 'variant.list.empty'));
  const lines = r.variants.map((v) =>
    tr(locale, 'variant.list.line', {
      name: v.name,
      powers: v.powers,
      centres: v.centres,
      member: memberRef(v.addedBy),
      date: timestamp(v.addedAt, 'R'),
      games: v.liveGames,
    }),
  );
  const head = tr(locale, 'variant.list.head', {
    count: r.variants.length,
    max: VARIANT_LIBRARY_LIMITS.maxVariants,
  });
  return replyPrivately(interaction, [head, ...lines].join('\n'));
}

/** `/variant remove name:`: the server's variants matching what is typed. */
async function autocomplete(ctx: BotContext, interaction: AutocompleteInteraction): Promise<void> {
  const typed = interaction.options.getFocused();
  const choices = await serverVariantChoices(ctx.deps, interaction.guildId, typed);
  await interaction.respond(
    choices.slice(0, MAX_CHOICES).map((c) => ({ name: choiceName(c.name), value: choiceName(c.name) })),
  );
}

export const variantCommand: BotCommand = {
  data,
  execute,
  autocomplete,
};
