/**
 * The French grammar of Mandate of Heaven's names (docs/locales.md "French place names"): its states, played and
 * neutral, keep their names in French and are masculine, as French histories name them (`le Qin`, `le Song`, `au
 * Lu`), the provinces named after them too. The nomads (`Hsiung-Nu`), a people, stay unlisted, as its other provinces.
 */
import type { FrenchPlaces } from '../../i18n/french-places.js';

export const mandateFrench: FrenchPlaces = {
  masculine: [
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
  ],
};
