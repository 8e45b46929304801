/**
 * Superiority effects (seed §5, docs/cardgame.md "fallBack — fall back and claim"). Each claimed superiority is
 * resolved once: its effect or "draw 1 battle card from the deck". `effectChoices` lists every fully specified effect
 * the seat may take on the board as it is now; `applyEffect` checks one and carries it out on a draft state.
 */
import { byId, symbolCount } from './cards.js';
import {
  adjacentTo,
  isStateId,
  isStronghold,
  MAX_STACK,
  ownerName,
  ringOf,
  stack,
  stateName,
  statesAround,
  STRONGHOLD_IDS,
} from './board.js';
import { STATE_ORDER, type SymbolId } from './data.js';
import { drawInto, takeOut } from './deck.js';
import { refuse } from './refusal.js';
import type { CardGameState, Effect, GameEvent, Owner, Seat } from './types.js';

export const PLACE_SYMBOLS = ['cavalry', 'chariot', 'crossbow', 'infantry'] as const;
type PlaceSymbol = (typeof PLACE_SYMBOLS)[number];
export function isPlaceSymbol(s: SymbolId): s is PlaceSymbol {
  return (PLACE_SYMBOLS as readonly string[]).includes(s);
}

const title = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const room = (s: CardGameState, h: number) => stack(s, h).length < MAX_STACK;

// ---- targets ----

/** Cavalry/Chariot/Crossbow/Infantry: a stronghold around the current state; "an empty stronghold if possible". */
export function placeTargets(s: CardGameState, seat: Seat): number[] {
  if (s.seats[seat]!.supply < 1 || !s.currentState) return []; // D-10
  const ring = [...ringOf(s.currentState)].sort((a, b) => a - b);
  const empty = ring.filter((h) => stack(s, h).length === 0);
  return empty.length > 0 ? empty : ring.filter((h) => room(s, h));
}

/** Fire: the opponent armies that are single on the stronghold (their dynasty has exactly 1 army there). */
export function fireMovers(s: CardGameState, seat: Seat, stronghold: number): Seat[] {
  const armies = stack(s, stronghold);
  const movers = armies.filter(
    (o): o is Seat => o !== seat && o !== 'neutral' && armies.filter((x) => x === o).length === 1,
  );
  return [...new Set(movers)].reverse(); // top army first
}

/** Fire: strongholds with a single opponent army that has an adjacent stronghold with room. */
export function fireSources(s: CardGameState, seat: Seat): number[] {
  return STRONGHOLD_IDS.filter((h) => fireMovers(s, seat, h).length > 0 && adjacentTo(h).some((a) => room(s, a)));
}

/** Forest: states with exactly 1 army, neutral or an opponent's. */
export function forestTargets(s: CardGameState, seat: Seat): string[] {
  if (s.seats[seat]!.supply < 1) return [];
  return STATE_ORDER.filter((st) => s.states[st].length === 1 && s.states[st][0] !== seat);
}

/** Mountain: strongholds holding exactly 1 army, the seat's own. */
export function mountainTargets(s: CardGameState, seat: Seat): number[] {
  if (s.seats[seat]!.supply < 1) return [];
  return STRONGHOLD_IDS.filter((h) => {
    const a = stack(s, h);
    return a.length === 1 && a[0] === seat;
  });
}

/** Wind (D-9): along roads through empty strongholds only, stopping on the first one holding 1 army. */
export function windDestinations(s: CardGameState, from: number): number[] {
  const seen = new Set<number>([from]);
  const out: number[] = [];
  const queue = [from];
  while (queue.length > 0) {
    const at = queue.shift()!;
    for (const next of adjacentTo(at)) {
      if (seen.has(next)) continue;
      seen.add(next);
      const n = stack(s, next).length;
      if (n === 0) {
        out.push(next);
        queue.push(next);
      } else if (n === 1) out.push(next);
    }
  }
  return out.sort((a, b) => a - b);
}

export function windSources(s: CardGameState, seat: Seat): number[] {
  return STRONGHOLD_IDS.filter((h) => stack(s, h).includes(seat) && windDestinations(s, h).length > 0);
}

/** Every fully specified effect (not the draw, which is always open) the seat may take for `symbol` now. */
export function effectChoices(s: CardGameState, seat: Seat, symbol: SymbolId): Effect[] {
  if (isPlaceSymbol(symbol)) return placeTargets(s, seat).map((stronghold) => ({ symbol, stronghold }));
  switch (symbol) {
    case 'spy':
      return [...new Set(s.row)].map((card) => ({ symbol: 'spy', card }));
    case 'fire':
      return fireSources(s, seat).flatMap((stronghold) =>
        fireMoveSets(s, seat, stronghold).map((moves) => ({ symbol: 'fire' as const, stronghold, moves })),
      );
    case 'forest':
      return forestTargets(s, seat).map((state) => ({ symbol: 'forest', state }) as Effect);
    case 'mountain':
      return mountainTargets(s, seat).map((stronghold) => ({ symbol: 'mountain', stronghold }));
    case 'wind':
      return windSources(s, seat).flatMap((from) =>
        windDestinations(s, from).map((to) => ({ symbol: 'wind' as const, from, to })),
      );
    default:
      return [];
  }
}

/** Every way to move the single opponent armies off a Fire source, each destination taken in turn (D-8). */
function fireMoveSets(s: CardGameState, seat: Seat, from: number): { owner: Seat; to: number }[][] {
  const movers = fireMovers(s, seat, from);
  const results: { owner: Seat; to: number }[][] = [];
  const extra = new Map<number, number>();
  const walk = (i: number, acc: { owner: Seat; to: number }[]) => {
    if (i === movers.length) {
      if (acc.length > 0) results.push([...acc]);
      return;
    }
    const options = adjacentTo(from).filter((a) => stack(s, a).length + (extra.get(a) ?? 0) < MAX_STACK);
    if (options.length === 0) return walk(i + 1, acc); // no room: it stays
    for (const to of options) {
      extra.set(to, (extra.get(to) ?? 0) + 1);
      acc.push({ owner: movers[i]!, to });
      walk(i + 1, acc);
      acc.pop();
      extra.set(to, extra.get(to)! - 1);
    }
  };
  walk(0, []);
  return results;
}

// ---- the default (docs/cardgame.md "Defaults"): place, never manipulate opponents on an absent player's behalf ----

export function defaultEffect(s: CardGameState, seat: Seat, symbol: SymbolId): Effect {
  if (isPlaceSymbol(symbol)) {
    const targets = placeTargets(s, seat);
    if (targets.length === 0) return { symbol, draw: true };
    const best = [...targets].sort((a, b) => statesAround(b).length - statesAround(a).length || a - b)[0]!;
    return { symbol, stronghold: best };
  }
  if (symbol === 'spy' && s.row.length > 0) return { symbol, card: bestRowCards(s.row, 1)[0]! };
  return { symbol, draw: true };
}

/** The row cards with the most symbols (ties: lowest id): the default recruit and Spy pick. */
export function bestRowCards(row: readonly string[], n: number): string[] {
  return [...row].sort((a, b) => symbolCount(b) - symbolCount(a) || byId(a, b)).slice(0, n);
}

// ---- carrying out ----

function placeArmy(s: CardGameState, seat: Seat, why: string): void {
  if (s.seats[seat]!.supply < 1)
    refuse(`${ownerName(s, seat)} has no army left in supply to place with ${why}; take the draw instead.`);
  s.seats[seat]!.supply--;
}

function setStack(s: CardGameState, h: number, armies: Owner[]): void {
  s.strongholds[String(h)] = armies;
}

/** Check and carry out one effect on the draft state. */
export function applyEffect(s: CardGameState, seat: Seat, effect: Effect, events: GameEvent[]): void {
  const who = ownerName(s, seat);
  const sup = title(effect.symbol);
  if ('draw' in effect) {
    const n = drawInto(s, seat, 1, events);
    events.push({
      kind: 'effect',
      seat,
      symbol: effect.symbol,
      draw: true,
      text: n
        ? `${who} drew a card instead of using ${sup}.`
        : `${who} took the draw for ${sup}, but deck and discard are empty.`,
    });
    return;
  }
  if (isPlaceSymbol(effect.symbol) && 'stronghold' in effect) {
    const h = effect.stronghold;
    const targets = placeTargets(s, seat);
    if (!s.currentState || !ringOf(s.currentState).includes(h))
      refuse(
        `${sup} places around the current state ${s.currentState ? stateName(s.currentState) : ''}; stronghold ${h} is not one of its corners (${s.currentState ? ringOf(s.currentState).join(', ') : 'none'}).`,
      );
    if (s.seats[seat]!.supply < 1) refuse(`${who} has no army left in supply; take the draw for ${sup} instead.`);
    if (!targets.includes(h)) {
      if (!room(s, h)) refuse(`Stronghold ${h} already holds 2 armies.`);
      refuse(
        `You must choose an empty stronghold if possible: ${targets.join(', ')} ${targets.length === 1 ? 'is' : 'are'} empty.`,
      );
    }
    placeArmy(s, seat, sup);
    setStack(s, h, [...stack(s, h), seat]);
    events.push({
      kind: 'effect',
      seat,
      symbol: effect.symbol,
      stronghold: h,
      text: `${who} placed an army on stronghold ${h} (${sup}).`,
    });
    return;
  }
  switch (effect.symbol) {
    case 'spy': {
      if (!('card' in effect)) break;
      if (!takeOut(s.row, effect.card))
        refuse(`Card ${effect.card} is not in the recruiting row (${s.row.join(', ') || 'empty'}).`);
      s.seats[seat]!.hand.push(effect.card);
      events.push({
        kind: 'effect',
        seat,
        symbol: 'spy',
        card: effect.card,
        text: `${who} took ${effect.card} from the recruiting row (Spy).`,
      });
      return;
    }
    case 'fire': {
      if (!('moves' in effect)) break;
      return applyFire(s, seat, effect.stronghold, effect.moves, events);
    }
    case 'forest': {
      if (!('state' in effect)) break;
      const st = effect.state;
      if (!isStateId(st)) refuse(`There is no state "${st}".`);
      const armies = s.states[st];
      if (armies.length !== 1)
        refuse(`${stateName(st)} already holds 2 armies; Forest places beneath a state's only army.`);
      if (armies[0] === seat)
        refuse(`Forest places beneath a neutral or opponent army, not beneath your own (${stateName(st)}).`);
      placeArmy(s, seat, 'Forest');
      s.states[st] = [seat, armies[0]!];
      events.push({
        kind: 'effect',
        seat,
        symbol: 'forest',
        state: st,
        text: `${who} placed an army beneath the ${ownerName(s, armies[0]!)} army in ${stateName(st)} (Forest).`,
      });
      return;
    }
    case 'mountain': {
      if (!('stronghold' in effect)) break;
      const h = effect.stronghold;
      if (!isStronghold(h)) refuse(`There is no stronghold ${h}.`);
      const a = stack(s, h);
      if (a.length !== 1 || a[0] !== seat)
        refuse(
          `Mountain stacks on a stronghold holding exactly 1 army of your own; ${h} holds ${a.length ? a.map((o) => ownerName(s, o)).join(' + ') : 'nothing'}.`,
        );
      placeArmy(s, seat, 'Mountain');
      setStack(s, h, [seat, seat]);
      events.push({
        kind: 'effect',
        seat,
        symbol: 'mountain',
        stronghold: h,
        text: `${who} stacked a second army on stronghold ${h} (Mountain).`,
      });
      return;
    }
    case 'wind': {
      if (!('from' in effect)) break;
      const { from, to } = effect;
      if (!isStronghold(from) || !isStronghold(to)) refuse(`Wind moves between strongholds 1 to 37.`);
      if (!stack(s, from).includes(seat)) refuse(`You have no army on stronghold ${from} to move with Wind.`);
      const dests = windDestinations(s, from);
      if (!dests.includes(to))
        refuse(
          `Wind cannot reach ${to} from ${from}: it passes only through empty strongholds and stops at the first army (reachable: ${dests.join(', ') || 'none'}).`,
        );
      const src = [...stack(s, from)];
      src.splice(src.lastIndexOf(seat), 1);
      setStack(s, from, src);
      setStack(s, to, [...stack(s, to), seat]);
      events.push({
        kind: 'effect',
        seat,
        symbol: 'wind',
        from,
        to,
        text: `${who} moved an army from stronghold ${from} to ${to} (Wind).`,
      });
      return;
    }
  }
  refuse(`The ${sup} superiority takes ${targetWords(effect.symbol)}, or {"draw": true}.`);
}

function targetWords(symbol: SymbolId): string {
  if (isPlaceSymbol(symbol)) return '"stronghold"';
  return (
    {
      spy: '"card"',
      fire: '"stronghold" and "moves"',
      forest: '"state"',
      mountain: '"stronghold"',
      wind: '"from" and "to"',
    }[symbol as string] ?? 'a target'
  );
}

function applyFire(
  s: CardGameState,
  seat: Seat,
  from: number,
  moves: { owner: Seat; to: number }[],
  events: GameEvent[],
): void {
  if (!isStronghold(from)) refuse(`There is no stronghold ${from}.`);
  const movers = fireMovers(s, seat, from);
  if (movers.length === 0) {
    const a = stack(s, from);
    refuse(
      a.length === 2 && a[0] === a[1] && a[0] !== seat
        ? `Fire may not move armies from a stronghold with 2 armies of the same opponent (${from}).`
        : `Stronghold ${from} has no single opponent army for Fire to move.`,
    );
  }
  const done = new Set<Seat>();
  const texts: string[] = [];
  for (const m of moves) {
    if (!movers.includes(m.owner))
      refuse(`${ownerName(s, m.owner)} has no single army on stronghold ${from} for Fire to move.`);
    if (done.has(m.owner)) refuse(`${ownerName(s, m.owner)}'s army on ${from} is moved twice.`);
    if (!adjacentTo(from).includes(m.to))
      refuse(
        `Fire moves armies to an adjacent stronghold; ${m.to} is not next to ${from} (${adjacentTo(from).join(', ')}).`,
      );
    if (!room(s, m.to)) refuse(`Stronghold ${m.to} already holds 2 armies.`);
    const src = [...stack(s, from)];
    src.splice(src.indexOf(m.owner), 1);
    setStack(s, from, src);
    setStack(s, m.to, [...stack(s, m.to), m.owner]);
    done.add(m.owner);
    texts.push(`${ownerName(s, m.owner)} to ${m.to}`);
  }
  for (const o of movers) {
    if (done.has(o)) continue;
    const open = adjacentTo(from).filter((a) => room(s, a));
    if (open.length > 0)
      refuse(
        `Fire moves all single opponent armies: ${ownerName(s, o)}'s army on ${from} must move too (to ${open.join(' or ')}).`,
      );
  }
  if (done.size === 0) refuse(`Fire on ${from} must move at least one army; none has room, so take the draw instead.`);
  events.push({
    kind: 'effect',
    seat,
    symbol: 'fire',
    stronghold: from,
    moves,
    text: `${ownerName(s, seat)} used Fire on stronghold ${from}: ${texts.join(', ')}.`,
  });
}
