/**
 * The buttons under the public table message (docs/cardgame.md "Lobby and setup", "The table message") and under each
 * turn ping. Their custom ids carry only the game id (`cards:t:<game>:<what>`): they open private views of the table as
 * it is when clicked, so they never go stale, and they work from a DM too (the game is found by its id).
 */
import { ButtonStyle, ComponentType } from 'discord.js';
import { tr, type Locale, type MessageKey } from '../../i18n/index.js';
import { buttonRow, cid, type Button, type Row, CARD_ACTIONS } from './ui.js';

export type TableButton = 'hand' | 'wage' | 'fall' | 'board' | 'rules' | 'give' | 'choose' | 'join' | 'leave' | 'start';

export function tableButtonId(gameId: number, what: TableButton): string {
  return cid(CARD_ACTIONS.table, gameId, what);
}

/** A button of the table, labelled in `locale` (`cards.button.<what>`). */
const b = (
  gameId: number,
  what: TableButton,
  locale: Locale,
  emoji: string,
  style: Button['style'] = 'secondary',
): Button => ({
  id: tableButtonId(gameId, what),
  label: tr(locale, `cards.button.${what}` as MessageKey),
  emoji,
  style,
});

/** The buttons that act in a phase: the first is the phase's main action. */
export function actionButtons(gameId: number, phase: string, locale: Locale = 'en'): Button[] {
  switch (phase) {
    case 'give':
      return [b(gameId, 'give', locale, '🂠', 'primary'), b(gameId, 'hand', locale, '🂠')];
    case 'choose':
      return [b(gameId, 'choose', locale, '🗺', 'primary'), b(gameId, 'hand', locale, '🂠')];
    case 'battle':
    case 'tiebreak':
      return [
        b(gameId, 'wage', locale, '⚔', 'primary'),
        b(gameId, 'fall', locale, '↩'),
        b(gameId, 'hand', locale, '🂠'),
      ];
    default:
      return [];
  }
}

/** The buttons for the phase the table is in (`lobby`, `give`, `choose`, `battle`, `tiebreak`, `finished`). */
export function tableComponents(gameId: number, phase: string, locale: Locale = 'en'): Row[] {
  if (phase === 'lobby')
    return [
      buttonRow([
        b(gameId, 'join', locale, '✋', 'primary'),
        b(gameId, 'leave', locale, '👋'),
        b(gameId, 'start', locale, '🎲'),
        b(gameId, 'rules', locale, '❓'),
      ]),
    ];
  const act = actionButtons(gameId, phase, locale);
  if (act.length === 0) return [];
  return [buttonRow([...act, b(gameId, 'board', locale, '🗺'), b(gameId, 'rules', locale, '❓')].slice(0, 5))];
}

/**
 * A turn ping's buttons (docs/bot.md "Card game turns"): the phase's actions, one click from the ping, and a link
 * to the table message (`tableUrl`, when it is known).
 */
export function turnComponents(gameId: number, phase: string, tableUrl: string | null, locale: Locale = 'en'): Row[] {
  const act = actionButtons(gameId, phase, locale);
  if (act.length === 0) return [];
  const row = buttonRow(act);
  if (tableUrl)
    row.components.push({
      type: ComponentType.Button,
      style: ButtonStyle.Link,
      label: tr(locale, 'cards.button.table'),
      url: tableUrl,
      emoji: { name: '📋' },
    });
  return [row];
}

/** A message's address in Discord (a jump link). */
export function messageUrl(guildId: string | null, channelId: string, messageId: string): string {
  return `https://discord.com/channels/${guildId ?? '@me'}/${channelId}/${messageId}`;
}
