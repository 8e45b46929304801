/**
 * What a game master or a table's creator types for a card game (a duration, a computer player's level), read with
 * the game layer's parsers and refused with message keys worded per reader (the same English as those parsers').
 */
import { LEVELS } from '../../ai/levels.js';
import { fail, parseDuration, parseLevel, typed, type Level, type Refusal } from '../core/index.js';
import { msg, type MessageKey } from '../../i18n/index.js';
import { msgList, otherwise } from './names.js';

/**
 * A duration the game master or a table's creator typed (`90s`, `10m`, `24h`, `2d`), or its refusal worded per reader
 * (the same English as `parseDuration`'s).
 */
export function cardDuration(text: string): { ok: true; ms: number } | Refusal {
  const d = parseDuration(text);
  return d.ok ? d : fail(d.message);
}

/** A computer player's level (`easy`, `normal`, `hard`), or its refusal worded per reader. */
export function cardLevel(text: string | null | undefined, fallback: Level): { ok: true; level: Level } | Refusal {
  const level = parseLevel(text, fallback);
  if (level.ok) return level;
  return fail(msg('cards.refused.level', { text: typed(text), levels: levelsParam() }));
}

/** "easy, normal, hard" in the reader's words (`cards.level.*`). */
function levelsParam() {
  return otherwise(LEVELS.join(', '), msgList(LEVELS.map((l) => msg(`cards.level.${l}` as MessageKey))));
}
