/**
 * Slash commands in the member's language (docs/locales.md "Commands"): every command, subcommand, option and
 * choice carries `name_localizations` and `description_localizations` for the locales we ship besides English,
 * taken from the message catalogues, so one source holds every string and the catalogue tests check them all.
 *
 * Keys follow the command's path: `command.<command>[.<subcommand>][.<option>].name|description`, a choice
 * `command.<…option>.choice.<value>` (an `_` of a name or value reads `-` in a key). A choice or option built from
 * a shared list (the palettes, the computer levels) carries its own localizations from a `command.common.` key and
 * keeps them. The English texts stay in the builders (they are the names the checks drive); the English catalogue
 * repeats them and test/bot/commands-locales.test.ts holds the two equal.
 */
import type {
  APIApplicationCommandOption,
  APIApplicationCommandOptionChoice,
  LocalizationMap,
  RESTPostAPIChatInputApplicationCommandsJSONBody,
} from 'discord.js';
import { CATALOGUES, type Locale, type MessageKey, tr } from '../i18n/index.js';

/** Discord's name of each locale we ship besides English (its `Locale` values). */
export const DISCORD_LOCALES = { fr: 'fr', 'zh-CN': 'zh-CN', 'zh-TW': 'zh-TW' } as const satisfies Record<
  Exclude<Locale, 'en'>,
  string
>;

/** The texts of `key` in every non-English locale that has it, as Discord's localization map. */
export function localizations(key: string): LocalizationMap {
  const map: LocalizationMap = {};
  for (const [locale, discord] of Object.entries(DISCORD_LOCALES)) {
    if (CATALOGUES[locale as Locale][key] !== undefined) map[discord] = tr(locale as Locale, key as MessageKey);
  }
  return map;
}

/** A choice of a shared list: its English name and its translations from one key (`command.common.…`). */
export function localizedChoice<V extends string | number>(
  key: MessageKey,
  value: V,
): { name: string; name_localizations: LocalizationMap; value: V } {
  return { name: tr('en', key), name_localizations: localizations(key), value };
}

/** The key segment of a command, option or choice name (`min_phase` → `min-phase`). */
const segment = (name: string | number) => String(name).replaceAll('_', '-');

interface Localizable {
  name: string;
  description?: string;
  name_localizations?: LocalizationMap | null;
  description_localizations?: LocalizationMap | null;
  options?: APIApplicationCommandOption[];
  choices?: APIApplicationCommandOptionChoice[];
}

function localizeNode(node: Localizable, key: string): void {
  node.name_localizations ??= localizations(`${key}.name`);
  node.description_localizations ??= localizations(`${key}.description`);
  for (const choice of node.choices ?? [])
    choice.name_localizations ??= localizations(`${key}.choice.${segment(choice.value)}`);
  for (const option of node.options ?? []) localizeNode(option, `${key}.${segment(option.name)}`);
}

/**
 * `data` with the localizations of every command, subcommand, option and choice that has none yet, from the
 * catalogue keys of its path; a text missing from a catalogue is left out (Discord shows the English one), which
 * the command tests refuse.
 */
export function localizeCommand(
  data: RESTPostAPIChatInputApplicationCommandsJSONBody,
): RESTPostAPIChatInputApplicationCommandsJSONBody {
  localizeNode(data as Localizable, `command.${segment(data.name)}`);
  return data;
}
