/**
 * Discord's rules for a bulk registration of application commands (PUT /applications/{app}/[guilds/{g}/]commands), as
 * the API enforces them (https://discord.com/developers/docs/interactions/application-commands, "Registering a
 * Command", "Application Command Naming", "Localization" and the option structures): what the stand-in refuses with
 * a 400, so a bot the tests start can never fail to start on a refused registration.
 *
 * - at most 100 chat-input commands in one scope, names unique;
 * - a name 1–32 characters of the naming pattern, lowercase; a description 1–100 characters;
 * - at most 25 options per command, subcommand group or subcommand; a level holds subcommands (and groups) or plain
 *   options, never both; a group holds subcommands only; nesting at most command → group → subcommand;
 * - required options before optional ones; names unique among siblings;
 * - choices only on string, integer and number options, at most 25, a name 1–100 characters, a value of the option's
 *   type (a string at most 100 characters), never with autocomplete; autocomplete only on those three types;
 * - `min_length`/`max_length` only on string options (0–6000 and 1–6000); `min_value`/`max_value` only on numbers;
 * - the localizations (src/… command-locales.ts checks them: names, lengths, repeated names per locale);
 * - a command's names, descriptions and choice values together at most 8000 characters, counting for each field the
 *   longest of its default and localized texts.
 */
import { commandLocaleProblems, repeatedCommandNames } from './command-locales.js';
import { OptionType } from './model.js';

type Raw = Record<string, unknown>;
type Map = Record<string, string> | null | undefined;

/** Discord's application command name pattern. */
const NAME = /^[-_\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$/u;
export const MAX_COMMANDS = 100;
export const MAX_OPTIONS = 25;
export const MAX_CHOICES = 25;
export const MAX_COMMAND_SIZE = 8000;
const CHOOSABLE: ReadonlySet<number> = new Set([OptionType.String, OptionType.Integer, OptionType.Number]);
const NUMERIC: ReadonlySet<number> = new Set([OptionType.Integer, OptionType.Number]);
const NESTING: ReadonlySet<number> = new Set([OptionType.Subcommand, OptionType.SubcommandGroup]);

function nameProblems(where: string, name: unknown): string[] {
  const text = String(name ?? '');
  return NAME.test(text) && text === text.toLowerCase() ? [] : [`${where}: name "${text}" is not a valid name`];
}

function descriptionProblems(where: string, description: unknown): string[] {
  const n = typeof description === 'string' ? description.length : 0;
  return n >= 1 && n <= 100 ? [] : [`${where}: description must be 1-100 characters (got ${n})`];
}

/** The longest of a field's default text and its localizations. */
const longest = (text: unknown, map: unknown) =>
  Math.max(String(text ?? '').length, ...Object.values((map as Map) ?? {}).map((v) => v.length));

/** A command's size as Discord counts it: every name, description and choice value, each field at its longest. */
export function commandSize(o: Raw): number {
  let n = longest(o.name, o.name_localizations) + longest(o.description ?? '', o.description_localizations);
  if (o.value !== undefined) n += String(o.value).length;
  for (const c of (o.choices as Raw[] | undefined) ?? []) n += commandSize(c);
  for (const x of (o.options as Raw[] | undefined) ?? []) n += commandSize(x);
  return n;
}

function choiceProblems(where: string, o: Raw, type: number): string[] {
  const choices = (o.choices as Raw[] | undefined) ?? [];
  if (choices.length === 0) return [];
  const problems: string[] = [];
  if (!CHOOSABLE.has(type)) problems.push(`${where}: choices on an option of type ${type}`);
  if (choices.length > MAX_CHOICES) problems.push(`${where}: more than ${MAX_CHOICES} choices (${choices.length})`);
  if (o.autocomplete) problems.push(`${where}: choices and autocomplete together`);
  for (const c of choices) {
    const name = String(c.name ?? '');
    if (name.length < 1 || name.length > 100) problems.push(`${where}: choice name "${name}" must be 1-100 characters`);
    const value = c.value;
    const fits =
      type === OptionType.String
        ? typeof value === 'string' && value.length >= 1 && value.length <= 100
        : typeof value === 'number' && (type === OptionType.Number || Number.isInteger(value));
    if (!fits) problems.push(`${where}: choice value ${JSON.stringify(value)} does not fit an option of type ${type}`);
  }
  return problems;
}

/** The rules of one plain (leaf) option besides its name and description. */
function leafProblems(where: string, o: Raw): string[] {
  const type = Number(o.type);
  const problems = choiceProblems(where, o, type);
  if (!Number.isInteger(type) || type < OptionType.String || type > OptionType.Attachment)
    problems.push(`${where}: unknown option type ${String(o.type)}`);
  if (o.autocomplete && !CHOOSABLE.has(type)) problems.push(`${where}: autocomplete on an option of type ${type}`);
  for (const key of ['min_length', 'max_length'] as const) {
    if (o[key] === undefined) continue;
    const v = Number(o[key]);
    const low = key === 'min_length' ? 0 : 1;
    if (type !== OptionType.String) problems.push(`${where}: ${key} on an option of type ${type}`);
    else if (!Number.isInteger(v) || v < low || v > 6000) problems.push(`${where}: ${key} ${v} is not ${low}-6000`);
  }
  for (const key of ['min_value', 'max_value'] as const)
    if (o[key] !== undefined && !NUMERIC.has(type)) problems.push(`${where}: ${key} on an option of type ${type}`);
  return problems;
}

/** The rules of a level of options (a command's, a group's or a subcommand's). */
function optionsProblems(path: string, options: Raw[], depth: number, inGroup: boolean): string[] {
  const problems: string[] = [];
  if (options.length > MAX_OPTIONS) problems.push(`${path} has more than ${MAX_OPTIONS} options (${options.length})`);
  const nesting = options.filter((o) => NESTING.has(Number(o.type)));
  if (nesting.length > 0 && nesting.length < options.length)
    problems.push(`${path}: subcommands and plain options at one level`);
  if (inGroup && (nesting.length < options.length || nesting.some((o) => Number(o.type) !== OptionType.Subcommand)))
    problems.push(`${path}: a subcommand group holds subcommands only`);
  const names = new Set<string>();
  let optionalSeen = false;
  for (const o of options) {
    const where = `${path} ${String(o.name)}`;
    const type = Number(o.type);
    problems.push(...nameProblems(where, o.name), ...descriptionProblems(where, o.description));
    if (names.has(String(o.name))) problems.push(`${where}: name repeated among its siblings`);
    names.add(String(o.name));
    if (NESTING.has(type)) {
      // command (0) → group (1) → subcommand (2): a group only at the top, nothing below a subcommand
      const group = type === OptionType.SubcommandGroup;
      if (depth >= 2 || (group && depth > 0)) problems.push(`${where}: nests subcommands too deep`);
      else problems.push(...optionsProblems(where, (o.options as Raw[]) ?? [], group ? 1 : 2, group));
      continue;
    }
    problems.push(...leafProblems(where, o));
    if (o.required) {
      if (optionalSeen) problems.push(`${where}: required options must come before optional ones`);
    } else optionalSeen = true;
  }
  return problems;
}

/** Every rule one command's registration body breaks. */
export function commandProblems(raw: Raw): string[] {
  const where = `/${String(raw.name ?? '')}`;
  const problems = [
    ...nameProblems(where, raw.name),
    ...descriptionProblems(where, raw.description),
    ...optionsProblems(where, (raw.options as Raw[] | undefined) ?? [], 0, false),
    ...commandLocaleProblems(raw),
  ];
  const size = commandSize(raw);
  if (size > MAX_COMMAND_SIZE)
    problems.push(`${where} is ${size} characters, its longest texts counted (at most ${MAX_COMMAND_SIZE})`);
  return problems;
}

/** Every rule a bulk registration breaks: each command's, and the list's own (count, unique names). */
export function registrationProblems(list: unknown): string[] {
  if (!Array.isArray(list)) return ['expected an array of commands'];
  const problems: string[] = [];
  const chatInput = (list as Raw[]).filter((c) => c.type === undefined || c.type === 1);
  if (chatInput.length > MAX_COMMANDS) problems.push(`more than ${MAX_COMMANDS} commands (${chatInput.length})`);
  const names = new Set<string>();
  for (const raw of list as Raw[]) {
    const name = String(raw.name ?? '');
    if (names.has(name)) problems.push(`duplicate command name "${name}"`);
    names.add(name);
    problems.push(...commandProblems(raw));
  }
  return [...problems, ...repeatedCommandNames(list)];
}
