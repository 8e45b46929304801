/**
 * The French place names' grammar (docs/locales.md "French place names"), keyed by the French names the variants'
 * `names.fr.json` give (a name not listed is left as it is: the other variants keep their English names in French).
 *
 * "In": the catalogue writes `en {place}`, right for most regions and countries (`en Bourgogne`, `en Espagne`) and
 * for seas (`en Mer Noire`), and `elide` (elision.ts) puts the words below in its place for a city (`à Paris`), a
 * masculine name (`au Portugal`) or a name that takes its article (`dans la Ruhr`, `dans le Golfe du Lion`).
 *
 * The article: the catalogue writes `(le) {place}` where French puts the name's article (`atteindre la Bourgogne`,
 * `l’Espagne`, `le Portugal`, `Paris`), `de (le) {place}` and `à (le) {place}` with the preposition contracted
 * (`du Portugal`, `de la Ruhr`, `de l’Espagne`, `au Portugal`), `(Le)` at the start of a sentence.
 */
const CITIES = [
  'Ankara',
  'Berlin',
  'Brest',
  'Budapest',
  'Constantinople',
  'Édimbourg',
  'Kiel',
  'Liverpool',
  'Londres',
  'Marseille',
  'Moscou',
  'Munich',
  'Naples',
  'Paris',
  'Rome',
  'Saint-Pétersbourg',
  'Sébastopol',
  'Smyrne',
  'Trieste',
  'Tunis',
  'Varsovie',
  'Venise',
  'Vienne',
];

const MASCULINE = ['Danemark', 'Pays de Galles', 'Piémont', 'Portugal', 'Skagerrak', 'Tyrol', 'Yorkshire'];

/** Feminine names French says with `en` (`en Bourgogne`, `la Bourgogne`): regions, countries and seas. */
const FEMININE = [
  'Afrique du Nord',
  'Albanie',
  'Apulie',
  'Arménie',
  'Belgique',
  'Bohême',
  'Bourgogne',
  'Bulgarie',
  'Espagne',
  'Finlande',
  'Galicie',
  'Gascogne',
  'Grèce',
  'Hollande',
  'Livonie',
  'Méditerranée occidentale',
  'Méditerranée orientale',
  'Mer Adriatique',
  'Mer Baltique',
  'Mer de Barents',
  'Mer de Norvège',
  'Mer d’Irlande',
  'Mer du Nord',
  'Mer Égée',
  'Mer Ionienne',
  'Mer Noire',
  'Mer Tyrrhénienne',
  'Norvège',
  'Picardie',
  'Prusse',
  'Roumanie',
  'Serbie',
  'Silésie',
  'Suède',
  'Suisse',
  'Syrie',
  'Toscane',
  'Ukraine',
];

/**
 * The classic powers' French names (`names.fr.json`): countries, all feminine (`la France`, `l’Allemagne`, `de
 * l’Autriche`, `à la Russie`), and said with `en` (`en France`) like the feminine names above.
 */
const POWERS = ['Allemagne', 'Angleterre', 'Autriche', 'France', 'Italie', 'Russie', 'Turquie'];

/**
 * The states of Warring States and Mandate of Heaven, whose names French keeps (the variants give no French names):
 * masculine, as French histories name them (`le Qin`, l’État de Qin; `du Chu`, `au Wei`), the provinces named after
 * them too (`atteindre le Song`). The nomads (`Hsiung-Nu`), a people, and the names of Warhammer stay unlisted.
 */
const STATES = [
  'Choson',
  'Chu',
  'Han',
  'Lu',
  'Qi',
  'Qin',
  'Shu',
  'Song',
  'Tung Yueh',
  'Wei',
  'Wey',
  'Yan',
  'Zhao',
  'Zhongshan',
  'Zhou',
];

/** `le` elides before a vowel as every `le` does: « dans l’Atlantique Nord ». */
const WITH_ARTICLE: Record<string, string> = {
  'Atlantique moyen': 'dans le',
  'Atlantique Nord': 'dans le',
  'Baie d’Héligoland': 'dans la',
  Clyde: 'dans la',
  'Golfe de Botnie': 'dans le',
  'Golfe du Lion': 'dans le',
  Manche: 'dans la',
  Ruhr: 'dans la',
};

const FRENCH_IN = new Map<string, string>([
  ...CITIES.map((name): [string, string] => [name, 'à']),
  ...[...MASCULINE, ...STATES].map((name): [string, string] => [name, 'au']),
  ...Object.entries(WITH_ARTICLE),
]);

/** A name's definite article: none for a city (`Paris`), `les` for a plural name (`les Pays-Bas`). */
export type Article = 'le' | 'la' | 'les' | '';

const ARTICLES = new Map<string, Article>([
  ...CITIES.map((name): [string, Article] => [name, '']),
  ...[...MASCULINE, ...STATES].map((name): [string, Article] => [name, 'le']),
  ...[...FEMININE, ...POWERS].map((name): [string, Article] => [name, 'la']),
  ...Object.entries(WITH_ARTICLE).map(([name, words]): [string, Article] => [name, words === 'dans la' ? 'la' : 'le']),
]);

/** The word or words French puts before `name` for "in", or null when `en` is right. */
export function frenchIn(name: string): string | null {
  return FRENCH_IN.get(name) ?? FRENCH_IN.get(withoutCoast(name)) ?? null;
}

/** A place with its coast (`Espagne (côte nord)`) reads as the place does: `l’Espagne (côte nord)`. */
const withoutCoast = (name: string) => name.replace(/ \(côte [^()]+\)$/, '');

/** The definite article of `name`, or null for a name not listed (a name French keeps as it is). */
export function frenchArticle(name: string): Article | null {
  return ARTICLES.get(name) ?? ARTICLES.get(withoutCoast(name)) ?? null;
}

/**
 * The gender French agrees a name with (docs/locales.md "French place names"): `m` for a masculine name (`le Qin est
 * prêt`), `pl` for a plural one, `f` for a feminine one (`la France est prête`), `other` for a city or a name not
 * listed, which the catalogue words as it words the feminine (`la puissance`).
 */
export function frenchGender(name: string): 'm' | 'f' | 'pl' | 'other' {
  const article = ARTICLES.get(name);
  return article === 'le' ? 'm' : article === 'la' ? 'f' : article === 'les' ? 'pl' : 'other';
}

/** `de le` and `à le` contract, as do their plurals; `de la`, `à la` stay. */
const CONTRACTED: Readonly<Record<string, string>> = { 'de le': 'du', 'de les': 'des', 'à le': 'au', 'à les': 'aux' };

/**
 * A vowel, accented or not: `le` and `la` elide before it (`l’Espagne`); never before `h` (`la Hollande`), nor
 * before a `y` followed by a vowel (`le Yorkshire`, `le Yan`).
 */
const BEGINS_WITH_VOWEL = /^(?:[aeiouàâäæéèêëîïôöœùûü]|y(?![aeiouyàâäéèêëîïôöùûü]))/iu;

/**
 * The words before `name` for `preposition` (`''`, `de` or `à`) and `article`: `la `, `du `, `de l’`, `aux `, just
 * the preposition and a space when there is no article (a city, a name not listed), or nothing at all.
 */
export function determiner(preposition: string, article: Article, name: string): string {
  const before = preposition === '' ? '' : `${preposition} `;
  if (article === '') return before;
  if (article !== 'les' && BEGINS_WITH_VOWEL.test(name)) return `${before}l’`;
  const words = `${before}${article}`;
  return `${CONTRACTED[words] ?? words} `;
}

/** `determiner` for a place by its French name (no article for a name not listed). */
export function frenchDeterminer(preposition: string, name: string): string {
  return determiner(preposition, frenchArticle(name) ?? '', name);
}

/** Every name listed above (a test checks each is a French name a variant gives to a place or a power). */
export function frenchPlacesListed(): string[] {
  return [...new Set([...FRENCH_IN.keys(), ...ARTICLES.keys()])];
}

/** The powers listed above (a test checks they are the classic powers' French names). */
export function frenchPowersListed(): readonly string[] {
  return POWERS;
}

/** The states listed above (a test checks each is a power of Warring States or Mandate of Heaven). */
export function frenchStatesListed(): readonly string[] {
  return STATES;
}
