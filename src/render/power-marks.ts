/**
 * The mark of a power on its units where a map has more than 8 powers (docs/decisions.md, "Maps and colours"): one or
 * two Latin letters, legible at full size, never only a glyph (a Chinese reader's map marks a state by its character
 * instead: `powerMarkIn`). The variant may give it (`powers[].mark`); else the initials of a name of several words
 * (`Vampire Counts` → `VC`, `Hsiung-Nu` → `HN`), or the first two letters of a one-word name (`Kislev` → `Ki`). A
 * variant whose names would collide gives its own marks; the palette test checks that every variant's marks are
 * distinct.
 */
import type { PowerData } from '../variants/schema.js';

export function powerMark(power: Pick<PowerData, 'name' | 'mark'>): string {
  if (power.mark) return power.mark;
  const words = power.name.split(/[^A-Za-z]+/).filter((w) => w.length > 0);
  if (words.length >= 2) return (words[0]![0]! + words[1]![0]!).toUpperCase();
  const word = words[0] ?? power.name;
  return word.slice(0, 1).toUpperCase() + word.slice(1, 2).toLowerCase();
}

/**
 * The mark for a reader whose name of the power is in Chinese characters (`秦`, `楚`, `匈` for `匈奴`): its first
 * character, as Chinese maps mark states, when no other power's name (`allLocalNames`) starts with it; else the Latin
 * mark (`powerMark`), so English and French maps keep `Qn`, `Ch`, and two states of one initial (`東魏`, `東晉` in a
 * server's variant) are never marked alike. docs/render.md "Power marks".
 */
export function powerMarkIn(
  power: Pick<PowerData, 'name' | 'mark'>,
  localName: string | undefined,
  allLocalNames: readonly string[],
): string {
  const first = localName === undefined ? undefined : [...localName][0];
  const shared = allLocalNames.filter((n) => n !== localName && [...n][0] === first).length > 0;
  return first !== undefined && /\p{Script=Han}/u.test(first) && !shared ? first : powerMark(power);
}
