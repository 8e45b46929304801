/**
 * The French grammar of Warring States' names (docs/locales.md "French place names"). The states keep their names in
 * French (its `names.fr.json` gives none) and are masculine, as French histories name them (`le Qin`, l’État de Qin;
 * `du Chu`, `au Wei`), the provinces named after a state too (`atteindre le Song`, `Le Wei n’est pas limitrophe de
 * Xianyang.`). Its other provinces stay unlisted: an English name takes no article (`atteindre Xianyang`).
 */
import type { FrenchPlaces } from '../../i18n/french-places.js';

export const warringStatesFrench: FrenchPlaces = {
  masculine: ['Chu', 'Han', 'Lu', 'Qi', 'Qin', 'Shu', 'Song', 'Wei', 'Yan', 'Zhao', 'Zhongshan'],
};
