/**
 * `/cards rules [topic]` and the table's ❓ Rules button: the rules in short, from the seed (rules v1.0) and the
 * decisions in docs/rules/card-game.md. Each topic fits one message.
 */
import { DATA } from '../../cardgame/index.js';
import { tr, type Locale, type MessageKey } from '../../i18n/index.js';
import { symbolLabel } from './words.js';
import { dynastyTitle } from './names.js';

export const RULE_TOPICS = ['turn', 'superiority', 'dynasty', 'round', 'control', 'end'] as const;
export type RuleTopic = (typeof RULE_TOPICS)[number];

/** One topic's lines in `locale` (`cards.rules.<topic>`: one message, a line each). */
function topic(key: MessageKey, locale: Locale): string {
  return tr(locale, key);
}

function superiorities(locale: Locale): string {
  const lines = DATA.superiorities.map(
    (s) => `${symbolLabel(s.id, locale)} (${s.zh}) — ${tr(locale, `cards.rules.effect.${s.effect}` as MessageKey)}`,
  );
  return [tr(locale, 'cards.rules.superiority'), ...lines].join('\n');
}

function dynasties(locale: Locale): string {
  const lines = DATA.dynasties.map(
    (d) => `${dynastyTitle(d.id, locale)} — ${tr(locale, `cards.ability.${d.id}` as MessageKey)}`,
  );
  return [tr(locale, 'cards.rules.dynasty'), ...lines].join('\n');
}

export function rulesText(which: RuleTopic = 'turn', locale: Locale = 'en'): string {
  switch (which) {
    case 'superiority':
      return superiorities(locale);
    case 'dynasty':
      return dynasties(locale);
    case 'round':
      return topic('cards.rules.round', locale);
    case 'control':
      return topic('cards.rules.control', locale);
    case 'end':
      return topic('cards.rules.end', locale);
    default:
      return `${topic('cards.rules.turn', locale)}\n\n${tr(locale, 'cards.rules.more')}`;
  }
}
