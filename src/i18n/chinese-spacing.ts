/**
 * Chinese spacing where a value meets the catalogue's text (docs/locales.md "Chinese spacing"): the Chinese texts write
 * a space on each side of a value, right for a name in Latin letters (`你为 Empire 下达的指令`, `A par 守`), but a
 * name in Chinese reads with no space between it and the Chinese around it (`你為魏下達的指令`, `秦已就绪`, `以**秦**的身份`).
 * `t` marks the values (elision.ts `markValues`), formats, then `unspaced` drops each space that stands between a
 * Chinese character at a value's edge and a Chinese character beside it, markdown around the value kept, and removes
 * the marks. A space inside a value (`A 咸阳`, an order) and a space by a Latin letter or a digit stay, and a value
 * beginning or ending with a Latin letter gets one between it and the Chinese it touches (`与 A 洛阳`).
 */

const OPEN = '\uE000';
const CLOSE = '\uE001';
const MARKS = /[\uE000\uE001]/g;

/** A value marked as `t` marks it, for a text filled elsewhere (the order pad's page) and then `unspaced`. */
export const markedValue = (value: string): string => `${OPEN}${value}${CLOSE}`;

/** A Chinese character or a full-width punctuation mark (`、`, `，`, `：`, `（`, `」`). */
const HAN = '[\\p{Script=Han}\\u3001-\\u303F\\uFF01-\\uFF5E]';

/** A value ending in Chinese, then a space, then Chinese (the catalogue's or the next value's), markdown on either side. */
const AFTER = new RegExp(`(${HAN}[*_]*${CLOSE}[*_]*) (?=[*_]*${OPEN}?[*_]*${HAN})`, 'gu');

/**
 * Chinese, a space, then a value beginning in Chinese, markdown before it; a number followed by a Chinese word reads
 * as Chinese (`在**1年春季行動階段**`), a number followed by anything else does not (`1 對 1：…`).
 */
const BEFORE = new RegExp(`(${HAN}) (?=[*_]*${OPEN}[*_]*(?:\\d+\\p{Script=Han}|${HAN}))`, 'gu');

/** A Chinese character (not a punctuation mark: `（France）`, `：France` take no space). */
const HAN_CHAR = '\\p{Script=Han}';
const LATIN = '\\p{Script=Latin}';

/** Chinese right before a value beginning with a Latin letter, markdown before it (`与{units}` for `与 A 洛阳`). */
const INTO_LATIN = new RegExp(`(${HAN_CHAR})(?=[*_]*${OPEN}[*_]*${LATIN})`, 'gu');

/**
 * A value ending with a Latin letter, or a word of Latin letters and digits (`戰國 v2`), or a half-width bracket after
 * one (`The Wasteland (wast)`), markdown after it, right before Chinese (`North Africa与`, `戰國 v2除了`).
 */
const OUT_OF_LATIN = new RegExp(`(${LATIN}\\d*\\)?[*_]*${CLOSE}[*_]*)(?=${OPEN}?[*_]*${HAN_CHAR})`, 'gu');

/** Whether `offset` in `text` is inside a code span (after an odd number of backticks): a command's words stay apart. */
const inCode = (text: string, offset: number) => (text.slice(0, offset).match(/`/g)?.length ?? 0) % 2 === 1;

/** `before` without the space after it, unless that space is in a code span (`/沙盤 行動 行動:declare`). */
const drop = (whole: string, before: string, offset: number, text: string) => (inCode(text, offset) ? whole : before);

/** `before` with a space after it, unless it is in a code span. */
const space = (whole: string, before: string, offset: number, text: string) =>
  inCode(text, offset) ? whole : `${before} `;

/**
 * A Chinese text formatted with marked values: a space put between Chinese and a value that begins or ends with a
 * Latin letter where the catalogue has none (`与 A 洛阳相持不下`, `North Africa 与 Marseilles 不相邻`), the spaces
 * between Chinese and a Chinese value dropped (neither ever in a code span), and unmarked.
 */
export function unspaced(text: string): string {
  if (!text.includes(OPEN)) return text;
  const spaced = text.replace(INTO_LATIN, space).replace(OUT_OF_LATIN, space);
  return spaced.replace(AFTER, drop).replace(BEFORE, drop).replace(MARKS, '');
}
