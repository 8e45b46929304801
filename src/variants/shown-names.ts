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
 *
 * Two more rules keep a hostile or careless name from deceiving the players: no invisible or direction-changing
 * character (a zero-width space makes `Austria` and `Austria\u200b` two powers that read the same; U+202E reverses
 * the rest of a post's line), and no word mixing Latin, Cyrillic and Greek letters, the scripts whose lookalikes
 * (Cyrillic `А` for Latin `A`) make a second `Austria`. A name wholly in one of them, or Latin beside Chinese, is fine.
 */
import type { VariantData } from '../engine/variant-data.js';

const MARKUP = /[\\*~`|<>[\]@]|__|(?<![\p{L}\p{N}])_|_(?![\p{L}\p{N}])/gu;

/** Characters nobody sees: controls, format characters (zero-width, direction marks and overrides), separators. */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;
const LOOKALIKE_SCRIPTS = [/\p{Script=Latin}/u, /\p{Script=Cyrillic}/u, /\p{Script=Greek}/u];

/** Why `texts` would deceive a reader (docs/variants.md, the limits), or null. */
function deceitOf(texts: readonly string[]): string | null {
  if (texts.some((text) => INVISIBLE.test(text))) return 'an invisible or direction-changing character';
  const mixed = texts.some((text) =>
    text.split(/[^\p{L}]+/u).some((word) => LOOKALIKE_SCRIPTS.filter((script) => script.test(word)).length > 1),
  );
  return mixed ? 'a word mixing Latin, Cyrillic or Greek letters (they look alike)' : null;
}

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
  if (list !== null)
    return `${field}: a name the bot shows in its posts may not hold ${list} (Discord reads them as markup or a mention)`;
  const deceit = deceitOf([text]);
  return deceit === null ? null : `${field}: a name the bot shows in its posts may not hold ${deceit}`;
}

/** One problem per name holding markup: the variant's, each power's, then each province's (name and abbreviation). */
export function shownNameProblems(data: VariantData): string[] {
  const names = [
    nameMarkupProblem('name', data.name),
    ...data.powers.map((p, i) => nameMarkupProblem(`powers[${i}].name`, p.name)),
  ];
  const provinces = data.provinces.map((p) => {
    const bad = [...(markupList([p.name]) ? ['name'] : []), ...(markupList([p.abbreviation]) ? ['abbreviation'] : [])];
    if (bad.length === 0) {
      const deceit = deceitOf([p.name, p.abbreviation]);
      return deceit === null ? null : `province ${p.id}: its name or abbreviation may not hold ${deceit}`;
    }
    return `province ${p.id}: its ${bad.join(' and ')}, shown in the bot's posts, may not hold ${markupList([p.name, p.abbreviation])} (Discord reads them as markup or a mention)`;
  });
  return [...names, ...provinces].filter((p): p is string => p !== null);
}
