/**
 * Who holds a seat: a person (a Discord user id, digits) or a computer player (`computer:<power>`, issue 22 §5; see
 * computer.ts). No Discord id has a colon, so the two never meet.
 *
 * Also what a game master writes in `/game create computer:` (which seats computer players fill) and its
 * autocomplete.
 */
import type { Variant } from '../engine/variant.js';
import { powerByName, seatablePowers } from './variant-of-game.js';

const PREFIX = 'computer:';

/** The user id of the computer player holding `power`. */
export function computerUserId(power: string): string {
  return `${PREFIX}${power}`;
}

export function isComputer(userId: string): boolean {
  return userId.startsWith(PREFIX);
}

/** How a seat's holder is named in any message: a mention, or "a computer player". */
export function playerName(userId: string): string {
  return isComputer(userId) ? 'a computer player' : `<@${userId}>`;
}

/** `/game create computer:` value meaning "every power nobody holds at `/game start`". */
export const ALL_EMPTY_SEATS = 'all';

/** Which seats computer players fill, as the game master asked at creation. */
export type ComputerSeatsRequest = { fill: 'none' } | { fill: 'all' } | { fill: 'powers'; powers: string[] };

/**
 * Reads `/game create computer:`: `all` (every power nobody takes by the start), or powers separated by commas
 * (names, adjectives or unique prefixes; seated at once). Refuses an unknown or neutral power, `all` beside names,
 * and naming every power (a table of only computer players is a demonstration table, asked for by its own option).
 */
export function parseComputerSeats(variant: Variant, text: string | null | undefined): { ok: true; request: ComputerSeatsRequest } | { ok: false; error: string } {
  const parts = String(text ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (parts.length === 0) return { ok: true, request: { fill: 'none' } };
  const all = parts.filter((p) => p.toLowerCase() === ALL_EMPTY_SEATS || p.toLowerCase() === 'all empty seats');
  if (all.length > 0) {
    if (parts.length > all.length) return { ok: false, error: '`computer:` takes either `all` (every empty seat at the start) or a list of powers, not both.' };
    return { ok: true, request: { fill: 'all' } };
  }
  const seatable = seatablePowers(variant);
  const powers: string[] = [];
  for (const part of parts) {
    const power = powerByName(variant, part);
    if (!power) return { ok: false, error: `"${part.slice(0, 40)}" is not a power in ${variant.name}. Powers: ${seatable.join(', ')}.` };
    if (!seatable.includes(power)) return { ok: false, error: `${power} is a neutral power: the players' votes move it, and no player (person or computer) takes it.` };
    if (!powers.includes(power)) powers.push(power);
  }
  if (powers.length === seatable.length) {
    return { ok: false, error: 'Every power would be a computer player: a table of only computer players is a demonstration table; create it with `demonstration: True`.' };
  }
  return { ok: true, request: { fill: 'powers', powers } };
}

/**
 * Autocomplete of `/game create computer:`: "all empty seats", then the powers, each added to what is already
 * written (comma-separated), leaving out the ones written. A suggestion longer than `maxText` is left out.
 */
export function computerSeatSuggestions(variant: Variant, typed: string, maxText = 100): { label: string; text: string }[] {
  const parts = typed.split(',').map((s) => s.trim());
  const writing = parts.pop()!.toLowerCase();
  const written = parts.filter(Boolean);
  const out: { label: string; text: string }[] = [];
  if (written.length === 0 && 'all empty seats'.includes(writing)) {
    out.push({ label: 'all: every power nobody has taken when the game starts', text: ALL_EMPTY_SEATS });
  }
  const taken = new Set(written.map((w) => powerByName(variant, w)).filter((p): p is string => p !== null));
  for (const power of seatablePowers(variant)) {
    if (taken.has(power) || !power.toLowerCase().includes(writing)) continue;
    const text = [...written, power].join(', ');
    if (text.length <= maxText) out.push({ label: written.length === 0 ? power : text, text });
  }
  return out;
}
