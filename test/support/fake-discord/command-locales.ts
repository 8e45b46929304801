/**
 * Discord's rules for a command's localizations, as the API enforces them at registration
 * (https://discord.com/developers/docs/interactions/application-commands#localization and "…#application-command-naming"):
 * a localized name matches the naming pattern, lowercase where the script has case, 1–32 characters, unique among its
 * siblings in that locale (the English names of siblings not localized count); a localized description is 1–100
 * characters; a localized choice name 1–100 characters; and the names, descriptions and choice values of one command
 * together stay within 4000 characters in every locale (a localized text counts in its locale instead of the English).
 */

/** Discord's application command name pattern (letters and digits of any script, `-` and `_`). */
export const COMMAND_NAME = /^[-_\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$/u;
/** The most characters of names, descriptions and choice values one command may have, in any one locale. */
export const MAX_COMMAND_CHARACTERS = 4000;

type Map = Record<string, string> | null | undefined;

interface RawChoice {
  name: string;
  name_localizations?: Map;
  value: string | number;
}

interface RawNode {
  name: string;
  description?: string;
  name_localizations?: Map;
  description_localizations?: Map;
  options?: RawNode[];
  choices?: RawChoice[];
}

const inLocale = (english: string, map: Map, locale: string | null) =>
  locale === null ? english : (map?.[locale] ?? english);

function nameProblems(where: string, name: string): string[] {
  const problems: string[] = [];
  if (!COMMAND_NAME.test(name)) problems.push(`${where}: name "${name}" is not a valid command name`);
  if (name !== name.toLowerCase()) problems.push(`${where}: name "${name}" is not lowercase`);
  return problems;
}

function lengthProblem(where: string, what: string, text: unknown, max: number): string[] {
  if (typeof text !== 'string') return [`${where}: ${what} is not a text`];
  return text.length < 1 || text.length > max ? [`${where}: ${what} has ${text.length} characters (1–${max})`] : [];
}

/** What Discord refuses in the localizations of `node` and its options (`locales`: the ones that must be there). */
function nodeProblems(node: RawNode, where: string, locales: readonly string[], required: boolean): string[] {
  const problems: string[] = [];
  for (const [locale, name] of Object.entries(node.name_localizations ?? {}))
    problems.push(...nameProblems(`${where} (${locale})`, name), ...lengthProblem(where, `${locale} name`, name, 32));
  for (const [locale, text] of Object.entries(node.description_localizations ?? {}))
    problems.push(...lengthProblem(where, `${locale} description`, text, 100));
  for (const choice of node.choices ?? []) {
    for (const [locale, text] of Object.entries(choice.name_localizations ?? {}))
      problems.push(...lengthProblem(`${where} choice ${choice.value}`, `${locale} name`, text, 100));
    if (required)
      for (const locale of locales)
        if (!choice.name_localizations?.[locale]) problems.push(`${where} choice ${choice.value}: no ${locale} name`);
  }
  if (required)
    for (const locale of locales) {
      if (!node.name_localizations?.[locale]) problems.push(`${where}: no ${locale} name`);
      if (!node.description_localizations?.[locale]) problems.push(`${where}: no ${locale} description`);
    }
  const options = node.options ?? [];
  for (const locale of new Set([...locales, ...options.flatMap((o) => Object.keys(o.name_localizations ?? {}))])) {
    const names = options.map((o) => inLocale(o.name, o.name_localizations, locale));
    const repeated = names.filter((name, i) => names.indexOf(name) !== i);
    if (repeated.length > 0)
      problems.push(`${where}: ${locale} names repeated among its options: ${repeated.join(', ')}`);
  }
  for (const option of options) problems.push(...nodeProblems(option, `${where} ${option.name}`, locales, required));
  return problems;
}

/** The characters of `node` in `locale` (null: English) that count toward the command's total. */
function characters(node: RawNode, locale: string | null): number {
  let total =
    inLocale(node.name, node.name_localizations, locale).length +
    inLocale(node.description ?? '', node.description_localizations, locale).length;
  for (const choice of node.choices ?? [])
    total += inLocale(choice.name, choice.name_localizations, locale).length + String(choice.value).length;
  for (const option of node.options ?? []) total += characters(option, locale);
  return total;
}

/** The locales a command localizes anything into. */
function localesOf(node: RawNode, into = new Set<string>()): Set<string> {
  for (const map of [
    node.name_localizations,
    node.description_localizations,
    ...(node.choices ?? []).map((c) => c.name_localizations),
  ])
    for (const locale of Object.keys(map ?? {})) into.add(locale);
  for (const option of node.options ?? []) localesOf(option, into);
  return into;
}

/**
 * Every rule `command` (a registration body) breaks. `required`: the locales every name, description and choice
 * must have (the bot's contract; Discord itself requires none).
 */
export function commandLocaleProblems(command: unknown, required: readonly string[] = []): string[] {
  const node = command as RawNode;
  const where = `/${node.name}`;
  const problems = nodeProblems(node, where, required, required.length > 0);
  for (const locale of [null, ...localesOf(node)]) {
    const total = characters(node, locale);
    if (total > MAX_COMMAND_CHARACTERS)
      problems.push(`${where}: ${total} characters in ${locale ?? 'English'} (at most ${MAX_COMMAND_CHARACTERS})`);
  }
  return problems;
}

/** Localized command names repeated among the commands registered together, per locale. */
export function repeatedCommandNames(commands: readonly unknown[]): string[] {
  const nodes = commands as RawNode[];
  const problems: string[] = [];
  const locales = new Set(nodes.flatMap((c) => Object.keys(c.name_localizations ?? {})));
  for (const locale of locales) {
    const names = nodes.map((c) => inLocale(c.name, c.name_localizations, locale));
    const repeated = names.filter((name, i) => names.indexOf(name) !== i);
    if (repeated.length > 0) problems.push(`${locale} command names repeated: ${repeated.join(', ')}`);
  }
  return problems;
}
