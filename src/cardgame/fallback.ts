/**
 * Fall back (seed §5, docs/cardgame.md "fallBack — fall back and claim"), one atomic action: claim the superiorities,
 * resolve each once (its effect or a draw, in the order the seat lists them; the ones it leaves out take the defaults
 * of D-26), discard the played cards (the dynasty card goes back to hand), take 2 cards from the recruiting row (1 for
 * the last seat to fall back), and 1 extra card from the deck when no card was played this round.
 */
import { ownerName } from './board.js';
import { activeSeats, claimsOf } from './counting.js';
import { drawInto, takeOut } from './deck.js';
import { applyEffect, bestRowCards, defaultEffect } from './effects.js';
import { refuse } from './refusal.js';
import { endOfRound, endOfTiebreakRound } from './round.js';
import { checkTurn, nextActiveSeat } from './wage.js';
import type { Action, CardGameState, GameEvent } from './types.js';

export type FallBackAction = Extract<Action, { type: 'fallBack' }>;

export const RECRUIT = 2;
export const RECRUIT_LAST = 1;

export function applyFallBack(s: CardGameState, a: FallBackAction, events: GameEvent[]): void {
  checkTurn(s, a.seat, 'fall back');
  const seat = a.seat;
  const me = s.seats[seat]!;
  const who = ownerName(s, seat);
  const tiebreak = s.phase === 'tiebreak';
  const effects = a.effects ?? [];
  if (tiebreak && (effects.length > 0 || (a.recruit ?? []).length > 0)) {
    refuse(`In a tie-break round no armies are placed and no cards are taken: fall back without effects or recruits.`);
  }

  // 1. claims
  const claims = claimsOf(s, seat);
  s.battle.claims[seat] = claims;
  s.battle.available = s.battle.available.filter((x) => !claims.includes(x));
  if (claims.includes('spy') && !tiebreak) s.battle.spyClaimer = seat;
  events.push({
    kind: 'fallBack',
    seat,
    claims,
    text: `${who} fell back${claims.length ? ` and claimed ${claims.join(', ')}` : ', claiming nothing'}.`,
  });

  // 2. each claimed superiority once: the listed effects in order, then defaults for the rest
  const seen = new Set<string>();
  for (const e of effects) {
    if (!claims.includes(e.symbol)) refuse(`${e.symbol} is not among your claims (${claims.join(', ') || 'none'}).`);
    if (seen.has(e.symbol)) refuse(`${e.symbol} is resolved twice; each superiority is used once.`);
    seen.add(e.symbol);
    applyEffect(s, seat, e, events);
  }
  if (!tiebreak)
    for (const sym of claims) if (!seen.has(sym)) applyEffect(s, seat, defaultEffect(s, seat, sym), events);

  // 3. discard the played cards; the dynasty card returns to hand
  for (const p of s.battle.played[seat]!) {
    if ('card' in p) {
      s.discard.push(p.card);
      s.battle.discarded++;
    }
  }
  s.battle.played[seat] = [];
  if (s.settings.dynastyCards) me.dynastyCardInHand = true;
  s.battle.fallen.push(seat);
  const last = activeSeats(s).length === 0;

  if (!tiebreak) {
    // 4. recruit from the row
    const take = Math.min(last ? RECRUIT_LAST : RECRUIT, s.row.length);
    const picks = a.recruit ?? bestRowCards(s.row, take);
    if (picks.length !== take)
      refuse(
        `Take ${take} card${take === 1 ? '' : 's'} from the recruiting row${last ? ' (the last seat to fall back takes 1)' : ''}, not ${picks.length}.`,
      );
    for (const c of picks) {
      if (!takeOut(s.row, c)) refuse(`Card ${c} is not in the recruiting row (${s.row.join(', ') || 'empty'}).`);
      me.hand.push(c);
    }
    if (picks.length)
      events.push({
        kind: 'recruit',
        seat,
        cards: picks,
        text: `${who} took ${picks.join(', ')} from the recruiting row.`,
      });
    // 5. +1 from the deck if the seat played no card this round
    if (!s.battle.playedAny[seat]) {
      const drew = drawInto(s, seat, 1, events) > 0;
      events.push({
        kind: 'extraDraw',
        seat,
        drew,
        text: drew
          ? `${who} played no card this round and drew 1 extra card.`
          : `${who} played no card this round, but deck and discard are empty.`,
      });
    }
  }

  // 6. next seat, or the control round
  if (!last) s.turnSeat = nextActiveSeat(s, seat);
  else if (tiebreak) endOfTiebreakRound(s, events);
  else endOfRound(s, events);
}
