/**
 * The buttons under the public table message (design §3.3, §3.4). Their custom ids carry only the game id
 * (`cards:t:<game>:<what>`): they open private views of the table as it is when clicked, so they never go stale.
 */
import { buttonRow, cid, type Row } from './ui.js';

export type TableButton = 'hand' | 'wage' | 'fall' | 'board' | 'rules' | 'give' | 'choose' | 'join' | 'leave' | 'start';

export function tableButtonId(gameId: number, what: TableButton): string {
  return cid('t', gameId, what);
}

/** The buttons for the phase the table is in (`lobby`, `give`, `choose`, `battle`, `tiebreak`, `finished`). */
export function tableComponents(gameId: number, phase: string): Row[] {
  const b = (what: TableButton, label: string, emoji: string, style: 'primary' | 'secondary' = 'secondary') => ({ id: tableButtonId(gameId, what), label, emoji, style });
  switch (phase) {
    case 'lobby':
      return [buttonRow([b('join', 'Join', '✋', 'primary'), b('leave', 'Leave', '👋'), b('start', 'Start (GM)', '🎲'), b('rules', 'Rules', '❓')])];
    case 'give':
      return [buttonRow([b('give', 'Choose recruits', '🂠', 'primary'), b('hand', 'My hand', '🂠'), b('board', 'Board', '🗺'), b('rules', 'Rules', '❓')])];
    case 'choose':
      return [buttonRow([b('choose', 'Choose next battle', '🗺', 'primary'), b('hand', 'My hand', '🂠'), b('board', 'Board', '🗺'), b('rules', 'Rules', '❓')])];
    case 'battle':
    case 'tiebreak':
      return [buttonRow([b('hand', 'My hand', '🂠'), b('wage', 'Wage battle', '⚔', 'primary'), b('fall', 'Fall back', '↩'), b('board', 'Board', '🗺'), b('rules', 'Rules', '❓')])];
    default:
      return [];
  }
}
