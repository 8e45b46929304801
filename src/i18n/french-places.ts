/**
 * The French place names' grammar (docs/locales.md "French place names"), keyed by the French names the variants'
 * `names.fr.json` give (a name not listed is left as it is: the other variants keep their English names in French).
 * The lists below are the classic map's, the French Diplomacy vocabulary the catalogue's own sentences are written
 * with; any other variant declares the grammar of its names in its own definition (`defineVariant({ french })`,
 * src/variants/define.ts), which hands it to `declareFrenchPlaces` below: this module holds no other variant's data.
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

/** `le` elides before a vowel as every `le` does: « dans l’Atlantique Nord ». */
const WITH_ARTICLE: Record<string, 'dans le' | 'dans la'> = {
  'Atlantique moyen': 'dans le',
  'Atlantique Nord': 'dans le',
  'Baie d’Héligoland': 'dans la',
  Clyde: 'dans la',
  'Golfe de Botnie': 'dans le',
  'Golfe du Lion': 'dans le',
  Manche: 'dans la',
  Ruhr: 'dans la',
};

/** A name's definite article: none for a city (`Paris`), `les` for a plural name (`les Pays-Bas`). */
export type Article = 'le' | 'la' | 'les' | '';

/**
 * The grammar of French names, by kind (the lists above are the classic map's): what a variant declares for its own
 * names in its definition (`defineVariant({ french })`, docs/variants.md "Names in other languages"). Each name is
 * the French name as the variant shows it (its `names.fr.json`, or its English name where it gives none).
 */
export interface FrenchPlaces {
  /** Cities: no article, `à` for "in" (`à Paris`). */
  readonly cities?: readonly string[];
  /** Masculine names: `le`, `au` for "in" (`le Portugal`, `le Qin`, `au Song`). */
  readonly masculine?: readonly string[];
  /** Feminine names: `la`, and `en` for "in" (`la Bourgogne`, `en Bourgogne`). */
  readonly feminine?: readonly string[];
  /** Names said "in" with their article (`dans le`, `dans la`: `dans la Ruhr`), by name. */
  readonly withArticle?: Readonly<Record<string, 'dans le' | 'dans la'>>;
}

/** Each name's "in" words (null: `en`) and article, by name. */
type Grammar = { in: string | null; article: Article };

function grammarOf(places: FrenchPlaces): Map<string, Grammar> {
  return new Map<string, Grammar>([
    ...(places.cities ?? []).map((name): [string, Grammar] => [name, { in: 'à', article: '' }]),
    ...(places.masculine ?? []).map((name): [string, Grammar] => [name, { in: 'au', article: 'le' }]),
    ...(places.feminine ?? []).map((name): [string, Grammar] => [name, { in: null, article: 'la' }]),
    ...Object.entries(places.withArticle ?? {}).map(([name, words]): [string, Grammar] => [
      name,
      { in: words, article: words === 'dans la' ? 'la' : 'le' },
    ]),
  ]);
}

/** The classic map's names and powers: the grammar this module starts with. */
const CLASSIC = grammarOf({
  cities: CITIES,
  masculine: MASCULINE,
  feminine: [...FEMININE, ...POWERS],
  withArticle: WITH_ARTICLE,
});

/** What the variants declared (`declareFrenchPlaces`), kept apart from the classic lists. */
const DECLARED = new Map<string, Grammar>();

/**
 * Adds the grammar a variant declares for its names (called by `defineVariant` with the definition's `french`). Two
 * variants may declare one name alike (two maps of one country share its states); declaring it otherwise, or
 * otherwise than the classic lists, is a mistake in the variant's data and throws.
 */
export function declareFrenchPlaces(places: FrenchPlaces): void {
  for (const [name, grammar] of grammarOf(places)) {
    const known = CLASSIC.get(name) ?? DECLARED.get(name);
    if (known && (known.in !== grammar.in || known.article !== grammar.article))
      throw new Error(`French place "${name}" is declared with two grammars`);
    if (!CLASSIC.has(name)) DECLARED.set(name, grammar);
  }
}

const grammar = (name: string): Grammar | undefined => CLASSIC.get(name) ?? DECLARED.get(name);

/** The word or words French puts before `name` for "in", or null when `en` is right. */
export function frenchIn(name: string): string | null {
  return (grammar(name) ?? grammar(withoutCoast(name)))?.in ?? null;
}

/** A place with its coast (`Espagne (côte nord)`) reads as the place does: `l’Espagne (côte nord)`. */
const withoutCoast = (name: string) => name.replace(/ \(côte [^()]+\)$/, '');

/** The definite article of `name`, or null for a name not listed (a name French keeps as it is). */
export function frenchArticle(name: string): Article | null {
  return (grammar(name) ?? grammar(withoutCoast(name)))?.article ?? null;
}

/**
 * The gender French agrees a name with (docs/locales.md "French place names"): `m` for a masculine name (`le Qin est
 * prêt`), `pl` for a plural one, `f` for a feminine one (`la France est prête`), `other` for a city or a name not
 * listed, which the catalogue words as it words the feminine (`la puissance`).
 */
export function frenchGender(name: string): 'm' | 'f' | 'pl' | 'other' {
  const article = grammar(name)?.article;
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

/** Every name listed above or declared (a test checks each is a French name a variant gives to a place or a power). */
export function frenchPlacesListed(): string[] {
  return [...CLASSIC.keys(), ...DECLARED.keys()];
}

/** The powers listed above (a test checks they are the classic powers' French names). */
export function frenchPowersListed(): readonly string[] {
  return POWERS;
}

/**
 * The names the variants declared (`declareFrenchPlaces`), those of the variants loaded so far (a test checks
 * each is a power of a bundled variant: the states of the Chinese maps).
 */
export function frenchStatesListed(): readonly string[] {
  return [...DECLARED.keys()];
}
