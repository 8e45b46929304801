/**
 * How French says "in" before a place's French name (docs/locales.md "French place names"): the catalogue writes
 * `en {place}`, right for most regions and countries (`en Bourgogne`, `en Espagne`) and for seas (`en Mer Noire`),
 * and `elide` (elision.ts) puts the words below in its place for a city (`à Paris`), a masculine name (`au
 * Portugal`) or a name that takes its article (`dans la Ruhr`, `dans le Golfe du Lion`). Keyed by the French names
 * the variants' `names.fr.json` give; a name not listed keeps `en`.
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
  ...MASCULINE.map((name): [string, string] => [name, 'au']),
  ...Object.entries(WITH_ARTICLE),
]);

/** The word or words French puts before `name` for "in", or null when `en` is right. */
export function frenchIn(name: string): string | null {
  return FRENCH_IN.get(name) ?? null;
}

/** Every name listed above (a test checks each is a French name a variant gives). */
export function frenchPlacesListed(): string[] {
  return [...FRENCH_IN.keys()];
}
