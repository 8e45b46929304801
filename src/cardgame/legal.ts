/**
 * The legal actions of the seat to act (docs/cardgame.md "Principles": the engine decides, the UI offers). Every wage
 * play is listed in full; a fall back is listed once, with its claims and the effect choices open on the board now
 * (effects are resolved in turn, so later choices depend on earlier ones: see `effectChoices`).
 */
import { brightMatches, card } from './cards.js';
import { isTactic } from './data.js';
import { activeSeats, claimPreview, type ClaimLine } from './counting.js';
import { effectChoices } from './effects.js';
import { RECRUIT, RECRUIT_LAST } from './fallback.js';
import { eligibleStates } from './round.js';
import type { Action, CardGameState, Effect, Seat, SymbolId } from './types.js';
import { matchReference, type WageAction } from './wage.js';

export interface FallBackOption {
  type: 'fallBack';
  seat: Seat;
  /** What the seat claims by falling back now. */
  claims: SymbolId[];
  preview: ClaimLine[];
  /** Effect choices per claimed superiority on the board as it is now (a draw is always open too). */
  options: Partial<Record<SymbolId, Effect[]>>;
  /** Cards to take from the recruiting row, and whether 1 extra comes from the deck (no card played). */
  recruitCount: number;
  extraDraw: boolean;
}

export type LegalAction = Action | FallBackOption;

/**
 * Every legal wage-battle play of the seat (empty when it must fall back). Built from the rules directly (fast:
 * random play and the UI call it every turn); a property test checks each against `checkWage`.
 */
export function legalWages(s: CardGameState, seat: Seat): WageAction[] {
  if ((s.phase !== 'battle' && s.phase !== 'tiebreak') || s.turnSeat !== seat || s.battle.fallen.includes(seat))
    return [];
  const me = s.seats[seat]!;
  const hand = [...new Set(me.hand)];
  const darks = hand.filter((c) => card(c).kind === 'dark');
  const ref = matchReference(s.battle.played[seat]!);
  const withDynasty = s.settings.dynastyCards && me.dynastyCardInHand;
  const out: WageAction[] = [];
  for (const bright of hand) {
    const c = card(bright);
    if (c.kind === 'dark') continue;
    const matches = ref === null || brightMatches(ref, bright);
    if (matches) {
      out.push({ type: 'wage', seat, bright });
      for (const dark of darks)
        if (c.kind === 'wild' || c.symbols.includes(card(dark).symbols[0]!))
          out.push({ type: 'wage', seat, bright, dark });
    }
    if (!withDynasty || (!matches && me.dynasty !== 'chu')) continue;
    switch (me.dynasty) {
      case 'chu':
      case 'jin':
        out.push({ type: 'wage', seat, bright, dynasty: true });
        break;
      case 'qi':
        if (c.kind !== 'wild')
          for (const cover of c.symbols.filter(isTactic))
            out.push({ type: 'wage', seat, bright, dynasty: true, cover });
        break;
      case 'qin':
        if (s.phase === 'tiebreak' || s.row.length === 0) out.push({ type: 'wage', seat, bright, dynasty: true });
        else {
          const rest = [...me.hand];
          rest.splice(rest.indexOf(bright), 1);
          for (const take of new Set(s.row))
            for (const give of new Set([...rest, take]))
              out.push({ type: 'wage', seat, bright, dynasty: true, take, give });
        }
        break;
      case 'yan': {
        const inFront = [...s.battle.played[seat]!.flatMap((p) => ('card' in p ? [p.card] : [])), bright];
        for (const takeBack of new Set(inFront)) out.push({ type: 'wage', seat, bright, dynasty: true, takeBack });
        break;
      }
    }
  }
  return out;
}

/** What falling back now would give the seat. */
export function fallBackOption(s: CardGameState, seat: Seat, withOptions = true): FallBackOption {
  const preview = claimPreview(s, seat);
  const claims = preview.filter((l) => l.claimed).map((l) => l.symbol);
  const tiebreak = s.phase === 'tiebreak';
  const last = activeSeats(s).length === 1;
  const options: FallBackOption['options'] = {};
  if (!tiebreak && withOptions) for (const sym of claims) options[sym] = effectChoices(s, seat, sym);
  return {
    type: 'fallBack',
    seat,
    claims,
    preview,
    options,
    recruitCount: tiebreak ? 0 : Math.min(last ? RECRUIT_LAST : RECRUIT, s.row.length),
    extraDraw: !tiebreak && !s.battle.playedAny[seat],
  };
}

/** Two-card subsets of a hand, for the setup give. */
function pairs<T>(xs: readonly T[]): [T, T][] {
  const out: [T, T][] = [];
  for (let i = 0; i < xs.length; i++) for (let j = i + 1; j < xs.length; j++) out.push([xs[i]!, xs[j]!]);
  return out;
}

/**
 * `{seat, actions}`: the seat to act and everything it may do; `seat: null` while every seat gives at once.
 * `effectOptions: false` leaves the fall back's `options` empty (random play works them out on a draft).
 */
export function legalActions(
  s: CardGameState,
  { effectOptions = true } = {},
): { seat: Seat | null; actions: LegalAction[] } {
  switch (s.phase) {
    case 'give':
      return {
        seat: null,
        actions: s.seats.flatMap((x, seat) => pairs(x.hand).map((cards) => ({ type: 'give' as const, seat, cards }))),
      };
    case 'choose': {
      const { seat, pickStart } = s.chooser!;
      const starts = pickStart ? s.seats.map((_, i) => i) : [seat];
      return {
        seat,
        actions: eligibleStates(s).flatMap((state) =>
          starts.map((start) => ({ type: 'choose' as const, seat, state, start })),
        ),
      };
    }
    case 'battle':
    case 'tiebreak': {
      const seat = s.turnSeat!;
      return { seat, actions: [...legalWages(s, seat), fallBackOption(s, seat, effectOptions)] };
    }
    default:
      return { seat: null, actions: [] };
  }
}
