/**
 * The buttons under the public table message (design §3.3, §3.4) and under each turn ping. Their custom ids carry
 * only the game id (`cards:t:<game>:<what>`): they open private views of the table as it is when clicked, so they
 * never go stale, and they work from a DM too (the game is found by its id).
 */
import { ButtonStyle, ComponentType } from 'discord.js';
import { buttonRow, cid, type Button, type Row } from './ui.js';

export type TableButton = 'hand' | 'wage' | 'fall' | 'board' | 'rules' | 'give' | 'choose' | 'join' | 'leave' | 'start';

export function tableButtonId(gameId: number, what: TableButton): string {
  return cid('t', gameId, what);
}

const b = (
  gameId: number,
  what: TableButton,
  label: string,
  emoji: string,
  style: Button['style'] = 'secondary',
): Button => ({ id: tableButtonId(gameId, what), label, emoji, style });

/** The buttons that act in a phase: the first is the phase's main action. */
export function actionButtons(gameId: number, phase: string): Button[] {
  switch (phase) {
    case 'give':
      return [b(gameId, 'give', 'Choose recruits', '🂠', 'primary'), b(gameId, 'hand', 'My hand', '🂠')];
    case 'choose':
      return [b(gameId, 'choose', 'Choose next battle', '🗺', 'primary'), b(gameId, 'hand', 'My hand', '🂠')];
    case 'battle':
    case 'tiebreak':
      return [
        b(gameId, 'wage', 'Wage battle', '⚔', 'primary'),
        b(gameId, 'fall', 'Fall back', '↩'),
        b(gameId, 'hand', 'My hand', '🂠'),
      ];
    default:
      return [];
  }
}

/** The buttons for the phase the table is in (`lobby`, `give`, `choose`, `battle`, `tiebreak`, `finished`). */
export function tableComponents(gameId: number, phase: string): Row[] {
  if (phase === 'lobby')
    return [
      buttonRow([
        b(gameId, 'join', 'Join', '✋', 'primary'),
        b(gameId, 'leave', 'Leave', '👋'),
        b(gameId, 'start', 'Start (GM)', '🎲'),
        b(gameId, 'rules', 'Rules', '❓'),
      ]),
    ];
  const act = actionButtons(gameId, phase);
  if (act.length === 0) return [];
  return [buttonRow([...act, b(gameId, 'board', 'Board', '🗺'), b(gameId, 'rules', 'Rules', '❓')].slice(0, 5))];
}

/**
 * A turn ping's buttons (docs/bot.md "Card game turns"): the phase's actions, one click from the ping, and a link
 * to the table message (`tableUrl`, when it is known).
 */
export function turnComponents(gameId: number, phase: string, tableUrl: string | null): Row[] {
  const act = actionButtons(gameId, phase);
  if (act.length === 0) return [];
  const row = buttonRow(act);
  if (tableUrl)
    row.components.push({
      type: ComponentType.Button,
      style: ButtonStyle.Link,
      label: 'Table',
      url: tableUrl,
      emoji: { name: '📋' },
    });
  return [row];
}

/** A message's address in Discord (a jump link). */
export function messageUrl(guildId: string | null, channelId: string, messageId: string): string {
  return `https://discord.com/channels/${guildId ?? '@me'}/${channelId}/${messageId}`;
}
