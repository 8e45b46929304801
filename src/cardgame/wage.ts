/**
 * Wage battle (seed §5, docs/cardgame.md "wage — wage battle"): 1 bright (or wild) card, optionally with 1 dark card or
 * the dynasty card. The bright card must share a symbol with the seat's latest bright card still in front of it (D-3,
 * D-4), a wild card matching anything; a dark card must share its symbol with the bright card of the same turn.
 */
import { brightMatches, card, cardText } from './cards.js';
import { isTactic } from './data.js';
import { ownerName } from './board.js';
import { activeSeats } from './counting.js';
import { takeOut } from './deck.js';
import { refuse } from './refusal.js';
import type { Action, CardGameState, GameEvent, PlayedCard, Seat } from './types.js';

export type WageAction = Extract<Action, { type: 'wage' }>;

/** The latest bright or wild card still in front of the seat: what the next bright card must match (D-4). */
export function matchReference(played: readonly PlayedCard[]): string | null {
  for (let i = played.length - 1; i >= 0; i--) {
    const p = played[i]!;
    if ('card' in p && card(p.card).kind !== 'dark') return p.card;
  }
  return null;
}

/** The next seat still in the battle, clockwise after `seat` (the seat itself when it is the only one left, D-6). */
export function nextActiveSeat(s: CardGameState, seat: Seat): Seat | null {
  const active = activeSeats(s);
  const n = s.settings.seats;
  for (let k = 1; k <= n; k++) {
    const next = (seat + k) % n;
    if (active.includes(next)) return next;
  }
  return null;
}

/** Whose turn it is, or why the seat may not act: shared by wage and fall back. */
export function checkTurn(s: CardGameState, seat: Seat, verb: string): void {
  if (s.phase !== 'battle' && s.phase !== 'tiebreak')
    refuse(`Nobody can ${verb} now: the game is in the ${s.phase} phase.`);
  if (!Number.isInteger(seat) || seat < 0 || seat >= s.settings.seats) refuse(`There is no seat ${seat}.`);
  if (s.battle.tiebreak && !s.battle.tiebreak.seats.includes(seat))
    refuse(`${ownerName(s, seat)} is not among the tied seats of this tie-break round.`);
  if (s.battle.fallen.includes(seat))
    refuse(`${ownerName(s, seat)} has fallen back this round and may not play any more cards.`);
  if (s.turnSeat !== seat) refuse(`It is ${ownerName(s, s.turnSeat!)}'s turn, not ${ownerName(s, seat)}'s.`);
}

/** Check the play; throws a Refusal with the reason, or returns nothing when it is legal. */
export function checkWage(s: CardGameState, a: WageAction): void {
  checkTurn(s, a.seat, 'wage battle');
  const me = s.seats[a.seat]!;
  const hand = [...me.hand];
  if (!takeOut(hand, a.bright)) refuse(`${a.bright} is not in your hand.`);
  const bright = card(a.bright);
  if (bright.kind === 'dark')
    refuse(`A turn starts with a bright card (or a wild card); a dark advisor card is never played alone.`);
  const ref = matchReference(s.battle.played[a.seat]!);
  const chuIgnores = a.dynasty === true && me.dynasty === 'chu';
  if (ref && !brightMatches(ref, a.bright) && !chuIgnores) {
    refuse(
      `${cardText(a.bright)} must match a symbol on your previous bright card ${cardText(ref)}: ${card(ref).symbols.join(', ')} (or be a wild card).`,
    );
  }
  if (a.dark !== undefined && a.dynasty) refuse(`The second card is a dark card or the dynasty card, not both.`);
  if (a.dark !== undefined) {
    if (!takeOut(hand, a.dark)) refuse(`${a.dark} is not in your hand.`);
    const dark = card(a.dark);
    if (dark.kind !== 'dark')
      refuse(`The second card must be a dark advisor card; ${cardText(a.dark)} is ${dark.kind}.`);
    if (bright.kind !== 'wild' && !dark.symbols.some((x) => bright.symbols.includes(x))) {
      refuse(
        `The dark card ${cardText(a.dark)} must match a symbol on your current bright card ${cardText(a.bright)}.`,
      );
    }
  }
  const extras = (['cover', 'take', 'give', 'takeBack'] as const).filter((k) => a[k] !== undefined);
  if (!a.dynasty) {
    if (extras.length > 0) refuse(`"${extras[0]}" belongs to a dynasty card play ("dynasty": true).`);
    return;
  }
  if (!s.settings.dynastyCards) refuse(`Dynasty cards are not in play in this game.`);
  if (!me.dynastyCardInHand) refuse(`Your dynasty card is already in front of you this round.`);
  const allowed = { chu: [], jin: [], qi: ['cover'], qin: ['take', 'give'], yan: ['takeBack'] }[me.dynasty] as string[];
  const stray = extras.find((k) => !allowed.includes(k));
  if (stray) refuse(`"${stray}" is not part of the ${ownerName(s, a.seat)} dynasty card.`);
  if (me.dynasty === 'qi') {
    if (bright.kind === 'wild')
      refuse(
        `Qi's dynasty card covers a tactic of the accompanying bright card; it cannot go with a wild card (D-14).`,
      );
    const tactics = bright.symbols.filter(isTactic);
    if (!a.cover || !tactics.includes(a.cover))
      refuse(`Qi's dynasty card must cover 1 tactic of ${cardText(a.bright)}: "cover" is ${tactics.join(' or ')}.`);
  }
  if (me.dynasty === 'qin') {
    const exchange = a.take !== undefined || a.give !== undefined;
    if (s.phase === 'tiebreak') {
      if (exchange) refuse(`No new battle cards are taken in a tie-break round, so Qin's card makes no exchange.`);
    } else if (exchange || s.row.length > 0) {
      if (a.take === undefined || !s.row.includes(a.take))
        refuse(`Qin's dynasty card takes 1 card from the recruiting row: "take" is one of ${s.row.join(', ')}.`);
      hand.push(a.take);
      if (a.give === undefined || !hand.includes(a.give))
        refuse(`Qin's dynasty card then puts 1 card from your hand into the row: "give" must be in your hand.`);
    }
  }
  if (me.dynasty === 'yan') {
    const inFront = [...s.battle.played[a.seat]!.flatMap((p) => ('card' in p ? [p.card] : [])), a.bright];
    if (a.takeBack === undefined || !inFront.includes(a.takeBack))
      refuse(`Yan's dynasty card takes back 1 card in front of you: "takeBack" is one of ${inFront.join(', ')}.`);
  }
}

/** Carry out a checked play on the draft state. */
export function applyWage(s: CardGameState, a: WageAction, events: GameEvent[]): void {
  checkWage(s, a);
  const me = s.seats[a.seat]!;
  const played = s.battle.played[a.seat]!;
  takeOut(me.hand, a.bright);
  played.push({ card: a.bright });
  const parts = [cardText(a.bright)];
  if (a.dark !== undefined) {
    takeOut(me.hand, a.dark);
    played.push({ card: a.dark });
    parts.push(cardText(a.dark));
  }
  let extra = '';
  if (a.dynasty) {
    me.dynastyCardInHand = false;
    const entry: PlayedCard =
      me.dynasty === 'qi' ? { dynasty: 'qi', cover: a.cover!, on: a.bright } : { dynasty: me.dynasty };
    played.push(entry);
    parts.push(`the ${ownerName(s, a.seat)} dynasty card`);
    if (me.dynasty === 'qi') extra = ` covering ${a.cover}`;
    if (me.dynasty === 'qin' && a.take !== undefined && a.give !== undefined) {
      const at = s.row.indexOf(a.take);
      s.row.splice(at, 1);
      me.hand.push(a.take);
      takeOut(me.hand, a.give);
      s.row.splice(at, 0, a.give);
      extra = `, taking ${a.take} from the recruiting row and putting ${a.give} in its place`;
    }
    if (me.dynasty === 'yan' && a.takeBack !== undefined) {
      const i = played.findIndex((p) => 'card' in p && p.card === a.takeBack);
      played.splice(i, 1);
      me.hand.push(a.takeBack);
      extra = `, taking back ${a.takeBack}`;
    }
  }
  s.battle.playedAny[a.seat] = true;
  events.push({
    kind: 'wage',
    seat: a.seat,
    bright: a.bright,
    ...(a.dark !== undefined ? { dark: a.dark } : {}),
    ...(a.dynasty ? { dynasty: me.dynasty } : {}),
    ...(a.cover ? { cover: a.cover } : {}),
    ...(a.take ? { take: a.take, give: a.give } : {}),
    ...(a.takeBack ? { takeBack: a.takeBack } : {}),
    text: `${ownerName(s, a.seat)} waged battle with ${parts.join(' + ')}${extra}.`,
  });
  s.turnSeat = nextActiveSeat(s, a.seat);
}
