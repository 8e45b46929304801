/**
 * The Mandate of Heaven calendar (docs/decisions.md): game year n is (370 − n) BC, so Spring of year 1 is Spring 369 BC;
 * the placement phase (year 0) is "Placement — winter 369 BC (Year of the Pig)", the seed's "Winter 369 B.C.,
 * otherwise known as the Year of the Pig" (the sexagenary year 辛亥 ran until the new year of 369 BC). Phase codes
 * stay numeric.
 */
import type { Phase } from '../../engine/types.js';

const SEASONS: Record<Phase['season'], string> = { spring: 'Spring', fall: 'Fall', winter: 'Winter' };
const ANIMALS = ['Rat', 'Ox', 'Tiger', 'Rabbit', 'Dragon', 'Snake', 'Horse', 'Goat', 'Monkey', 'Rooster', 'Dog', 'Pig'];

/** The year BC of game year `year` (year 0, the placement, is in the winter before Spring 369 BC). */
export function yearBC(year: number): number {
  return 370 - Math.max(1, year);
}

/** The zodiac animal of a year BC: sexagenary index (Y − 4) mod 60 with Y the astronomical year (brief §1.4). */
export function zodiacAnimal(bc: number): string {
  const astronomical = 1 - bc;
  return ANIMALS[(((astronomical - 4) % 60) + 60) % 12]!;
}

/** How a locale writes the calendar: seasons, the zodiac's animals, a phase's name. */
interface CalendarWords {
  seasons: Record<Phase['season'], string>;
  animals: readonly string[];
  placement(bc: number, animal: string): string;
  phase(season: string, bc: number, type: Phase['type']): string;
  /** A year (`369 BC`), or a season of it (`Winter 369 BC`): the supply-centre chart's points. */
  era(bc: number, season?: string): string;
}

const ENGLISH: CalendarWords = {
  seasons: SEASONS,
  animals: ANIMALS,
  placement: (bc, animal) => `Placement — winter ${bc} BC (Year of the ${animal})`,
  phase: (season, bc, type) => (type === 'adjustment' ? `${season} ${bc} BC` : `${season} ${bc} BC ${type}`),
  era: (bc, season) => (season ? `${season} ${bc} BC` : `${bc} BC`),
};

const FRENCH_TYPES: Record<Phase['type'], string> = {
  movement: 'mouvements',
  retreat: 'retraites',
  adjustment: 'ajustements',
};

/** French: `Printemps 369 av. J.-C., mouvements`, as the catalogue's phase names (docs/locales.md). */
const FRENCH: CalendarWords = {
  seasons: { spring: 'Printemps', fall: 'Automne', winter: 'Hiver' },
  // With their article: `année du Cochon`, `année de la Chèvre`.
  animals: [
    'du Rat',
    'du Bœuf',
    'du Tigre',
    'du Lièvre',
    'du Dragon',
    'du Serpent',
    'du Cheval',
    'de la Chèvre',
    'du Singe',
    'du Coq',
    'du Chien',
    'du Cochon',
  ],
  placement: (bc, animal) => `Placement — hiver ${bc} av. J.-C. (année ${animal})`,
  phase: (season, bc, type) => `${season} ${bc} av. J.-C., ${FRENCH_TYPES[type]}`,
  era: (bc, season) => (season ? `${season} ${bc} av. J.-C.` : `${bc} av. J.-C.`),
};

/** Chinese: `公元前369年春季行動階段`, as the catalogue's phase names, in each script. */
function chinese(traditional: boolean): CalendarWords {
  const types: Record<Phase['type'], string> = traditional
    ? { movement: '行動階段', retreat: '撤退階段', adjustment: '調整階段' }
    : { movement: '行动阶段', retreat: '撤退阶段', adjustment: '调整阶段' };
  return {
    seasons: { spring: '春季', fall: '秋季', winter: '冬季' },
    animals: traditional
      ? ['鼠', '牛', '虎', '兔', '龍', '蛇', '馬', '羊', '猴', '雞', '狗', '豬']
      : ['鼠', '牛', '虎', '兔', '龙', '蛇', '马', '羊', '猴', '鸡', '狗', '猪'],
    placement: (bc, animal) => `${traditional ? '部署階段' : '部署阶段'}：公元前${bc}年冬（${animal}年）`,
    phase: (season, bc, type) => `公元前${bc}年${season}${types[type]}`,
    era: (bc, season) => `公元前${bc}年${season ?? ''}`,
  };
}

const CALENDARS: Record<string, CalendarWords> = {
  en: ENGLISH,
  fr: FRENCH,
  'zh-TW': chinese(true),
  'zh-CN': chinese(false),
};

/** A phase's name in the reader's locale (English for a locale without its calendar). */
export function mandatePhaseName(phase: Phase, locale = 'en'): string {
  const words = CALENDARS[locale] ?? ENGLISH;
  const animalOf = (bc: number) => words.animals[ANIMALS.indexOf(zodiacAnimal(bc))]!;
  if (phase.year <= 0) return words.placement(yearBC(1), animalOf(yearBC(1) + 1));
  return words.phase(words.seasons[phase.season], yearBC(phase.year), phase.type);
}

/**
 * A game year in the reader's locale (`369 BC`, `369 av. J.-C.`, `公元前369年`), or with `season` that season of it
 * (`Winter 369 BC`, `Hiver 369 av. J.-C.`, `公元前369年冬季`): English for a locale without its calendar.
 */
export function mandateYearName(year: number, locale = 'en', season?: Phase['season']): string {
  const words = CALENDARS[locale] ?? ENGLISH;
  return words.era(yearBC(year), season === undefined ? undefined : words.seasons[season]);
}
