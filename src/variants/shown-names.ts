/**
 * Names the bot shows in its posts (docs/variants.md "A server's variants", the limits): the variant's, its powers'
 * and its provinces' names and abbreviations. Whatever a map brings (a variant file, a DiploGM config and SVG, a
 * python `.map`; `--variant-file`, `variants import`, `/variant add`), none of them may hold what Discord reads as
 * markup or a mention inside a line (as src/bot/text.ts escapes a member's name): they appear in public posts, in bold
 * and in code spans, across every feature, so they are refused once here, by the checks every path runs
 * (src/variants/check.ts), rather than escaped at each of those places. An underscore inside a word
 * (`standard_france_austria`, a python map's file name) is no markup; a doubled one or one at a word's edge is
 * (`__underline__`, `_italics_`). A problem names the field or the province and the characters (escaped), never the
 * name as it was written.
 */
import type { VariantData } from '../engine/variant-data.js';

const MARKUP = /[\\*~`|<>[\]@]|__|(?<![\p{L}\p{N}])_|_(?![\p{L}\p{N}])/gu;

/** The markup characters in `texts`, escaped, each once: `\*, \_ or \@`; null when there is none. */
function markupList(texts: readonly string[]): string | null {
  const found = [...new Set(texts.flatMap((text) => (text.match(MARKUP) ?? []).map((m) => m[0]!)))].map(
    (c) => `\\${c}`,
  );
  if (found.length === 0) return null;
  return found.length === 1 ? found[0]! : `${found.slice(0, -1).join(', ')} or ${found.at(-1)}`;
}

/** The problem of one name the bot shows (`name`, `powers[0].name`), or null when it holds no markup. */
export function nameMarkupProblem(field: string, text: string): string | null {
  const list = markupList([text]);
  return list === null
    ? null
    : `${field}: a name the bot shows in its posts may not hold ${list} (Discord reads them as markup or a mention)`;
}

/** One problem per name holding markup: the variant's, each power's, then each province's (name and abbreviation). */
export function shownNameProblems(data: VariantData): string[] {
  const names = [
    nameMarkupProblem('name', data.name),
    ...data.powers.map((p, i) => nameMarkupProblem(`powers[${i}].name`, p.name)),
  ];
  const provinces = data.provinces.map((p) => {
    const bad = [...(markupList([p.name]) ? ['name'] : []), ...(markupList([p.abbreviation]) ? ['abbreviation'] : [])];
    if (bad.length === 0) return null;
    return `province ${p.id}: its ${bad.join(' and ')}, shown in the bot's posts, may not hold ${markupList([p.name, p.abbreviation])} (Discord reads them as markup or a mention)`;
  });
  return [...names, ...provinces].filter((p): p is string => p !== null);
}
