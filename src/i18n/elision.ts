/**
 * French elision where a value meets the catalogue's text (docs/locales.md "French elision"): `de Angleterre` reads
 * `d’Angleterre`, `que **Allemagne**` reads `qu’**Allemagne**`, `de Hollande` and `de 8` stay. The catalogue's own
 * text never changes: only a word right before an inserted value is elided, and only when that value begins with a
 * vowel. `t` marks each value with private-use characters before formatting (`markValues`), then `elide` elides at
 * the marks and removes every one of them. Before it elides, it words a place the French way where the catalogue
 * asks (`en {place}`, `(le) {place}`: docs/locales.md "French place names", french-places.ts).
 */
import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser';
import { frenchDeterminer, frenchIn } from './french-places.js';

/** Around a value inserted in a French text while it is formatted; `elide` removes them all. */
const OPEN = '\uE000';
const CLOSE = '\uE001';
const MARKS = /[\uE000\uE001]/g;

/** Vowels, accented or not, capitals too (the `i` flag); `y` before a consonant only (`d’Ypres`, `de Yokohama`). */
const VOWEL = '(?:[aeiouàáâäæèéêëìíîïòóôöœùúûü]|y(?![aeiouyàâäéèêëîïôöùûü]))';

/**
 * A word French elides, alone (no letter, digit, apostrophe or hyphen before it: `donnez-le` keeps its `e`), one
 * space, then a marked value that begins with a vowel, after any `*` or `_` of markdown on either side of the mark.
 */
const ELIDABLE = new RegExp(
  `(?<![\\p{L}\\p{N}_’'-])(de|que|jusque|lorsque|puisque|ne|je|se|ce|le|la) ([*_]*${OPEN}[*_]*${VOWEL})`,
  'giu',
);

/** The word without its last letter and the apostrophe the catalogue writes, glued to what follows. */
const elided = (_: string, word: string, rest: string) => `${word.slice(0, -1)}’${rest}`;

/** The placeholders of a French message read as plain text (`{power}`), by key: a select or plural reads its own. */
const plainByKey = new Map<string, ReadonlySet<string>>();

function plainArguments(elements: readonly MessageFormatElement[], plain: Set<string>, other: Set<string>): void {
  for (const element of elements) {
    if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
    if (element.type === TYPE.tag) {
      plainArguments(element.children, plain, other);
      continue;
    }
    (element.type === TYPE.argument ? plain : other).add(element.value);
    if (element.type === TYPE.plural || element.type === TYPE.select)
      for (const option of Object.values(element.options)) plainArguments(option.value, plain, other);
  }
}

/** The names `key`'s message only inserts as text: a value a select or a plural also reads is left unmarked. */
function plainOf(key: string, message: string): ReadonlySet<string> {
  let plain = plainByKey.get(key);
  if (!plain) {
    const found = new Set<string>();
    const other = new Set<string>();
    try {
      plainArguments(parse(message, { ignoreTag: true }), found, other);
    } catch {
      // A message that does not parse is not worded in French at all (`t` falls back to English).
    }
    for (const name of other) found.delete(name);
    plain = found;
    plainByKey.set(key, plain);
  }
  return plain;
}

/** `values` with each text `message` inserts as is between the marks `elide` reads. */
export function markValues(
  key: string,
  message: string,
  values: Readonly<Record<string, string | number>>,
): Record<string, string | number> {
  const plain = plainOf(key, message);
  const marked: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(values))
    marked[name] = typeof value === 'string' && plain.has(name) ? `${OPEN}${value}${CLOSE}` : value;
  return marked;
}

/** `en` alone, one space, then a marked value (its markdown on either side of the mark): a place, maybe. */
const IN_PLACE = new RegExp(`(?<![\\p{L}\\p{N}_’'-])en ([*_]*${OPEN}[*_]*)([^${CLOSE}]*?)([*_]*${CLOSE})`, 'gu');

/** `en` before a place that French says otherwise (`à Paris`, `au Portugal`, `dans la Ruhr`: french-places.ts). */
const placed = (whole: string, open: string, name: string, close: string) => {
  const words = frenchIn(name);
  return words === null ? whole : `${words} ${open}${name}${close}`;
};

/**
 * The catalogue's `(le)`, maybe after `de` or `à`, one space, then a marked value (its markdown on either side of
 * the mark): the place's own article goes there (docs/locales.md "French place names").
 */
const ARTICLE_PLACE = new RegExp(
  `(?<![\\p{L}\\p{N}_’'-])(?:(de|à) )?\\((le)\\) ([*_]*${OPEN}[*_]*)([^${CLOSE}]*?)([*_]*${CLOSE})`,
  'giu',
);

/** The first letter of `text` in capitals (`La Bourgogne`, `Du Portugal`), the marks and markdown before it kept. */
const capitalised = (text: string) => text.replace(/\p{L}/u, (letter) => letter.toUpperCase());

/**
 * `(le)` and the preposition before it as French says them before the place (`la Bourgogne`, `du Portugal`, `de
 * l’Espagne`, `Paris`; french-places.ts), in capitals where the catalogue writes `(Le)` or `De`; a name not listed
 * takes no article (`de Xianyang`: `de` is elided later before a vowel).
 */
function articled(
  _: string,
  preposition: string | undefined,
  article: string,
  open: string,
  name: string,
  close: string,
): string {
  const text = `${frenchDeterminer(preposition?.toLowerCase() ?? '', name)}${open}${name}${close}`;
  return /^\p{Lu}/u.test(preposition ?? article) ? capitalised(text) : text;
}

/** A `(le)` left before a value that is not marked (a number): no article (`de 8`). */
const STRAY_ARTICLE = /(?<![\p{L}\p{N}_’'-])\(le\) /giu;

/**
 * A French text formatted with marked values: the article before a place where the catalogue asks for it, `en`
 * before a place said the French way, elided before the values that begin with a vowel, and unmarked.
 */
export function elide(text: string): string {
  const articles = text.replace(ARTICLE_PLACE, articled).replace(STRAY_ARTICLE, '');
  if (!articles.includes(OPEN) && !articles.includes(CLOSE)) return articles;
  return articles.replace(IN_PLACE, placed).replace(ELIDABLE, elided).replace(MARKS, '');
}
