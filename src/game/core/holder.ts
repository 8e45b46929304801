/**
 * Who holds a seat: a person (a Discord user id, digits), a computer player (`computer:<level>:<power>`; see
 * computer.ts) or nobody while the seat is vacant and waits for a substitute (`vacant:<power>`; seats.ts). No Discord
 * id has a colon, so they never meet.
 *
 * Also what a game master writes in `/game create computer:` (which seats computer players fill) and its
 * autocomplete.
 */
import { isLevel, LEVELS, type Level } from '../../ai/levels.js';

export type { Level };
import type { Variant } from '../../engine/variant.js';
import { powerByName, seatablePowers } from './variant-of-game.js';
import { powerName } from '../../variants/names.js';
import { memberRef } from './text-refs.js';
import { typed } from './echo.js';
import type { Refusal } from './types.js';
import { listParam, type Locale, type Msg, msg } from '../../i18n/index.js';
import { fail } from './tx.js';
import { powerParam, powersParam, variantParam } from './names.js';

/** Every computer player's user id starts so (a store query finds the computer seats by it). */
export const COMPUTER_ID_PREFIX = 'computer:';
const PREFIX = COMPUTER_ID_PREFIX;

/**
 * The user id of the computer player holding `power` at `level`: `computer:<level>:<power>`. A seat taken before
 * levels existed reads `computer:<power>` and plays `hard`, as it did then (`computerLevelOf`).
 */
export function computerUserId(power: string, level: Level): string {
  return `${PREFIX}${level}:${power}`;
}

/** The level of the computer player with this user id (`hard` for a seat from before levels). */
export function computerLevelOf(userId: string): Level {
  const rest = userId.slice(PREFIX.length);
  const colon = rest.indexOf(':');
  const head = colon < 0 ? '' : rest.slice(0, colon);
  return isLevel(head) ? head : 'hard';
}

export function isComputer(userId: string): boolean {
  return userId.startsWith(PREFIX);
}

/** Every vacant seat's holder id starts so (a store query finds them by it). */
export const VACANT_ID_PREFIX = 'vacant:';
const VACANT_PREFIX = VACANT_ID_PREFIX;

/** The holder of a vacant seat: nobody, until a substitute claims it (docs/bot.md "Seats that never stall"). */
export function vacantUserId(power: string): string {
  return `${VACANT_PREFIX}${power}`;
}

export function isVacant(userId: string): boolean {
  return userId.startsWith(VACANT_PREFIX);
}

/**
 * When a seat's new holder took it (`players.joined_at`): now, and always later than its previous holder's, even within
 * one millisecond, so every hand-over refuses the links made before it (docs/pad.md "Links").
 */
export function handedAt(previous: number | undefined, now: number): number {
  return previous === undefined ? now : Math.max(now, previous + 1);
}

/** A member of the server (not a computer player, not a vacant seat): the only holder DMs go to and records count. */
export function isPerson(userId: string): boolean {
  return !isComputer(userId) && !isVacant(userId);
}

/**
 * How a seat's holder is named in any message: a reference to the member (the bot shows their mention), "a computer
 * player", or "a vacant seat". Every text that names who holds a seat goes through here (text-refs.ts).
 */
export function playerName(userId: string): string {
  if (isComputer(userId)) return `a computer player (${computerLevelOf(userId)})`;
  if (isVacant(userId)) return 'a vacant seat';
  return memberRef(userId);
}

/**
 * A seat's holder as a message parameter: the member's reference, or a computer player (its level) and a vacant seat
 * in the reader's words (`gm.holder.*`). What the game layer puts in a message names holders through here.
 */
export function holderName(userId: string): string | Msg {
  if (isComputer(userId)) return msg('gm.holder.computer', { level: computerLevelOf(userId) });
  if (isVacant(userId)) return msg('gm.holder.vacant');
  return memberRef(userId);
}

/**
 * Reads a level as `/game create computer-level:` and `/gm replace level:` give it (missing: `fallback`); the
 * refusal names the levels.
 */
export function parseLevel(text: string | null | undefined, fallback: Level): { ok: true; level: Level } | Refusal {
  if (text === null || text === undefined || text === '') return { ok: true, level: fallback };
  const wanted = String(text).trim().toLowerCase();
  if (isLevel(wanted)) return { ok: true, level: wanted };
  return fail(msg('lobby.refused.level', { text: typed(text), levels: listParam(LEVELS) }));
}

/** `/game create computer:` value meaning "every power nobody holds at `/game start`". */
export const ALL_EMPTY_SEATS = 'all';

/** Which seats computer players fill, as the game master asked at creation. */
export type ComputerSeatsRequest = { fill: 'none' } | { fill: 'all' } | { fill: 'powers'; powers: string[] };

/** What a kind of game seats (Diplomacy's powers, the card game's dynasties) for `/game create computer:`. */
export interface SeatNames<T> {
  /** The refusal of `all` written beside seats (it names what a seat is called). */
  allAndNames: Msg;
  /** Every seat a computer player may take, in the order suggestions list them. */
  seats: readonly T[];
  /** How a seat is written in a suggestion and an error. */
  label(seat: T): string;
  /** The seat a written name means (a name, adjective, prefix…), or null. */
  find(text: string): T | null;
  /** Whether what is being written names the seat (lowercased); by default its label contains it. */
  matches?(seat: T, writing: string): boolean;
  /** Why `text`, which names nothing in `seats`, is refused: an unknown name, a neutral power. */
  refuse(text: string): Msg;
  /** Why naming `count` seats is refused (a table of only computer players is a demonstration table), or null. */
  tooMany?(count: number): Msg | null;
}

/** A list of seats as `/game create computer:` reads it. */
export type SeatListRequest<T> = { fill: 'none' } | { fill: 'all' } | { fill: 'named'; seats: T[] };

/**
 * Reads `/game create computer:` for any kind of game: `all` (every seat nobody takes by the start), or seats
 * separated by commas (seated at once; repeats ignored). Refuses an unknown name, `all` beside names, and the
 * count `names.tooMany` refuses.
 */
export function parseSeatList<T>(
  names: SeatNames<T>,
  text: string | null | undefined,
): { ok: true; request: SeatListRequest<T> } | Refusal {
  const parts = String(text ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (parts.length === 0) return { ok: true, request: { fill: 'none' } };
  const all = parts.filter((p) => p.toLowerCase() === ALL_EMPTY_SEATS || p.toLowerCase() === 'all empty seats');
  if (all.length > 0) {
    if (parts.length > all.length) return fail(names.allAndNames);
    return { ok: true, request: { fill: 'all' } };
  }
  const seats: T[] = [];
  for (const part of parts) {
    const seat = names.find(part);
    if (seat === null || !names.seats.includes(seat)) return fail(names.refuse(part));
    if (!seats.includes(seat)) seats.push(seat);
  }
  const tooMany = names.tooMany?.(seats.length) ?? null;
  if (tooMany !== null) return fail(tooMany);
  return { ok: true, request: { fill: 'named', seats } };
}

/**
 * Autocomplete of `/game create computer:` for any kind of game: "all empty seats", then the seats, each added to
 * what is already written (comma-separated), leaving out the ones written. A suggestion longer than `maxText` is
 * left out.
 */
export function seatListSuggestions<T>(
  names: SeatNames<T>,
  typed: string,
  maxText = 100,
): { label: string; text: string }[] {
  const parts = typed.split(',').map((s) => s.trim());
  const writing = parts.pop()!.toLowerCase();
  const written = parts.filter(Boolean);
  const out: { label: string; text: string }[] = [];
  if (written.length === 0 && 'all empty seats'.includes(writing)) {
    // the bot names this entry in the member's language (command.game.create.computer.suggest.all)
    out.push({ label: ALL_EMPTY_SEATS, text: ALL_EMPTY_SEATS });
  }
  const taken = new Set(written.map((w) => names.find(w)).filter((s): s is T => s !== null));
  for (const seat of names.seats) {
    const label = names.label(seat);
    const named = names.matches ? names.matches(seat, writing) : label.toLowerCase().includes(writing);
    if (taken.has(seat) || !named) continue;
    const text = [...written, label].join(', ');
    if (text.length <= maxText) out.push({ label: written.length === 0 ? label : text, text });
  }
  return out;
}

/** A Diplomacy variant's seats: its powers but the neutrals (the players' votes move those). */
function powerSeats(variant: Variant, locale: Locale = 'en'): SeatNames<string> {
  const seatable = seatablePowers(variant);
  return {
    allAndNames: msg('lobby.refused.computerAllAndNames'),
    seats: seatable,
    label: (power) => power,
    find: (text) => powerByName(variant, text),
    // Written as the variant spells it or in the member's words (the bot shows those: docs/locales.md "Names").
    matches: (power, writing) =>
      [power, powerName(variant, locale, power)].some((n) => n.toLowerCase().includes(writing)),
    refuse: (text) => {
      const power = powerByName(variant, text);
      if (power !== null) return msg('lobby.refused.computerNeutral', { power: powerParam(variant, power) });
      const powers = powersParam(variant, seatable);
      return msg('gm.refused.unknownPowerOf', { text: typed(text), variant: variantParam(variant), powers });
    },
    tooMany: (count) => (count === seatable.length ? msg('lobby.refused.allComputers') : null),
  };
}

/**
 * Reads `/game create computer:` for a Diplomacy game: `all`, or powers (names, adjectives or unique prefixes).
 * Refuses an unknown or neutral power, `all` beside names, and naming every power.
 */
export function parseComputerSeats(
  variant: Variant,
  text: string | null | undefined,
): { ok: true; request: ComputerSeatsRequest } | Refusal {
  const read = parseSeatList(powerSeats(variant), text);
  if (!read.ok) return read;
  const request = read.request;
  return { ok: true, request: request.fill === 'named' ? { fill: 'powers', powers: request.seats } : request };
}

/** Autocomplete of `/game create computer:` for a Diplomacy game, matching what is written in `locale` too. */
export function computerSeatSuggestions(
  variant: Variant,
  typed: string,
  maxText = 100,
  locale: Locale = 'en',
): { label: string; text: string }[] {
  return seatListSuggestions(powerSeats(variant, locale), typed, maxText);
}
