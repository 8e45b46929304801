/**
 * `/help [command]`: the bot's commands explained in the member's language, read from the same registration data
 * (names and descriptions with their localizations) Discord shows in its command picker, so the help never says
 * anything the commands do not.
 */
import {
  InteractionContextType,
  SlashCommandBuilder,
  type APIApplicationCommandOption,
  type ChatInputCommandInteraction,
  type LocalizationMap,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
  bold,
  inlineCode,
} from 'discord.js';
import { type Locale, localeOf, type MessageKey, tr } from '../../i18n/index.js';
import type { BotCommand } from '../command.js';
import { DISCORD_LOCALES, localizations } from '../command-locales.js';
import { replyPrivately } from '../respond.js';

interface Described {
  name: string;
  description?: string;
  name_localizations?: LocalizationMap | null;
  description_localizations?: LocalizationMap | null;
  options?: APIApplicationCommandOption[];
}

const SUBCOMMAND = 1;
const GROUP = 2;

function worded(locale: Locale, node: Described): { name: string; description: string } {
  if (locale === 'en') return { name: node.name, description: node.description ?? '' };
  const discord = DISCORD_LOCALES[locale];
  return {
    name: node.name_localizations?.[discord] ?? node.name,
    description: node.description_localizations?.[discord] ?? node.description ?? '',
  };
}

const subcommandsOf = (node: Described) =>
  (node.options ?? []).filter((o) => o.type === SUBCOMMAND || o.type === GROUP) as Described[];

/** One line per command: its name, its subcommands' names, what it is for. */
function overview(locale: Locale, list: readonly RESTPostAPIChatInputApplicationCommandsJSONBody[]): string {
  const lines = list.map((data) => {
    const own = worded(locale, data);
    const subs = subcommandsOf(data).map((s) => worded(locale, s).name);
    return `${bold(`/${own.name}`)}${subs.length > 0 ? ` ${subs.join(' · ')}` : ''} — ${own.description}`;
  });
  // the commands named as the member's client shows them
  const help = inlineCode(`/${tr(locale, 'command.help.name')} ${tr(locale, 'command.help.command.name')}:`);
  const order = inlineCode(`/${tr(locale, 'command.order.name')}`);
  return [tr(locale, 'help.overview'), '', ...lines, '', tr(locale, 'help.more', { help, order })].join('\n');
}

/** A command in full: each subcommand and each option with what it is for. */
function detail(locale: Locale, data: RESTPostAPIChatInputApplicationCommandsJSONBody): string {
  const own = worded(locale, data);
  const lines = [`${bold(`/${own.name}`)} — ${own.description}`];
  const optionLines = (node: Described, path: string) =>
    (node.options ?? [])
      .filter((o) => o.type !== SUBCOMMAND && o.type !== GROUP)
      .map((o) => {
        const w = worded(locale, o);
        return `${path}${inlineCode(w.name)} — ${w.description}`;
      });
  lines.push(...optionLines(data, '· '));
  for (const sub of subcommandsOf(data)) {
    const w = worded(locale, sub);
    lines.push('', `${inlineCode(`/${own.name} ${w.name}`)} — ${w.description}`, ...optionLines(sub, '  · '));
  }
  return lines.join('\n');
}

/** `/help` over the commands `list` (the bot's other commands, localized as registered). */
export function helpCommand(list: readonly BotCommand[]): BotCommand {
  const choiceKey = (name: string) => `command.${name.replaceAll('_', '-')}.name` as MessageKey;
  const data = new SlashCommandBuilder()
    .setName('help')
    .setDescription("Zhanguo's commands and what each does (only you see it)")
    .setContexts(InteractionContextType.Guild, InteractionContextType.BotDM)
    .addStringOption((o) =>
      o
        .setName('command')
        .setDescription('One command in full: its subcommands and options')
        .addChoices(
          ...list.map((c) => ({
            name: c.data.name,
            name_localizations: localizations(choiceKey(c.data.name)),
            value: c.data.name,
          })),
        ),
    )
    .toJSON();

  async function execute(_ctx: unknown, interaction: ChatInputCommandInteraction): Promise<void> {
    const locale = localeOf(interaction.locale);
    const chosen = list.find((c) => c.data.name === interaction.options.getString('command'));
    const text = chosen
      ? detail(locale, chosen.data)
      : overview(
          locale,
          list.map((c) => c.data),
        );
    return replyPrivately(interaction, text);
  }

  return { data, execute, privateReplies: true, worksInDms: true };
}
