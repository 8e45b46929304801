/**
 * Pure text builders for everything the channel reads about a card game (design §3.4, §3.6, §3.10). They take
 * ONLY the engine's `publicView` (and the seats' public info), so no hand can reach a public message through
 * them; the bot renders its embeds (and fits them into Discord's limits) and the tests check the same texts.
 */
import {
  cardName,
  countPlayed,
  countResistance,
  DATA,
  dynastyLabel,
  dynastyName,
  ownerLabel,
  stateLabel,
  symbolName,
  SYMBOLS,
  type CardGameView,
  type CardId,
  type DynastyId,
  type Effect,
  type GameEvent,
  type Owner,
  type PlayedCard,
  type Seat,
  type StateId,
  type SymbolId,
} from '../../cardgame/index.js';
import type { ClaimLine } from '../../cardgame/counting.js';
import { isCard } from '../../cardgame/cards.js';
import type { CardSeatInfo, CardTableText } from './types.js';
import { computerLevelOf, isComputer, playerName, timeRef } from '../core/index.js';

const SUP = new Map(DATA.superiorities.map((s) => [s.id, s]));
const STATES = new Map(DATA.board.states.map((s) => [s.id, s]));

// The notation (src/cardgame/names.ts): symbols by their English word, cards by their symbols ("Fire/Cavalry/Chariot",
// "Advisor/Chariot", "Wild"), states and dynasties by their Latin name with the Chinese beside it ("Gu 顧", "Qin 秦").
export { cardName, dynastyLabel, stateLabel, symbolName };

/** 🐎 for cavalry, … (only ever shown beside the symbol's name). */
export function symbolEmoji(symbol: SymbolId): string {
  return SUP.get(symbol)?.emoji ?? symbol;
}

/** "🐎 Cavalry". */
export function symbolLabel(symbol: SymbolId): string {
  return `${symbolEmoji(symbol)} ${symbolName(symbol)}`;
}

/**
 * An engine sentence (a refusal) for players: the engine names cards for the CLI by deck id and symbols
 * ("B63 wind/cavalry/crossbow", "D04 dark chariot", "W1 wild", or the id alone); players read "Wind/Cavalry/Crossbow".
 */
export function inNotation(sentence: string): string {
  return sentence.replace(
    /\b([BD]\d\d|W\d)\b(?: (?:dark [a-z]+(?:\/[a-z]+)*|wild|[a-z]+(?:\/[a-z]+)+))?/g,
    (m: string, id: string) => (isCard(id) ? cardName(id) : m),
  );
}

/** Cards named one after the other: "Fire/Cavalry/Chariot, Advisor/Spy". Only for face-up or own cards. */
export function cardNames(ids: readonly CardId[]): string {
  return ids.map(cardName).join(', ');
}

/**
 * How a seat is named in public: "@user (Qin 秦)" ("a computer player (easy, Qin 秦)"), or the dynasty alone when no
 * user is known.
 */
export function seatLabel(view: CardGameView, seats: readonly CardSeatInfo[], seat: Seat, mention = true): string {
  const d = view.seats[seat]?.dynasty;
  const dyn = d ? dynastyLabel(d) : `seat ${seat}`;
  const user = seats.find((s) => s.seat === seat)?.userId;
  return user && mention ? holderOf(user, dyn) : dyn;
}

/** A seat's holder with its dynasty: "@user (Qin 秦)", "a computer player (easy, Qin 秦)". */
export function holderOf(userId: string, dynasty: string): string {
  return isComputer(userId)
    ? `a computer player (${computerLevelOf(userId)}, ${dynasty})`
    : `${playerName(userId)} (${dynasty})`;
}

function ownerText(view: { seats: readonly { dynasty: DynastyId }[] }, owner: Owner): string {
  return ownerLabel(
    view.seats.map((s) => s.dynasty),
    owner,
  );
}

function playedText(p: PlayedCard): string {
  if ('card' in p) return cardName(p.card);
  return `${dynastyName(p.dynasty)} dynasty card${p.cover ? ` (covers ${symbolName(p.cover)})` : ''}`;
}

/** A deadline as date and time, then relative: "1 January 2026 12:00 (in 2 hours)". */
export function deadlineTimes(ms: number): string {
  return `${timeRef(ms, 'f')} (${timeRef(ms, 'R')})`;
}

/** The battlefield row, one line per superiority (design §3.4). */
export function battlefieldLines(view: CardGameView): string[] {
  const inBattle = view.battle.tiebreak ? view.battle.tiebreak.seats : view.seats.map((_, i) => i);
  const active = inBattle.filter((s) => !view.battle.fallen.includes(s));
  const counts = active.map((s) => ({ seat: s, c: countPlayed(view.battle.played[s] ?? []) }));
  const res = view.settings.seats === 2 ? countResistance(view.resistance) : null;
  return SYMBOLS.map((sym) => {
    const label = symbolLabel(sym);
    if (!view.battle.available.includes(sym)) {
      const by = view.battle.claims.findIndex((c) => c.includes(sym));
      return `${label} — ${by >= 0 ? `claimed by ${ownerText(view, by)}` : 'claimed'}`;
    }
    const parts = counts.filter((x) => x.c[sym] > 0).map((x) => ({ name: ownerText(view, x.seat), n: x.c[sym] }));
    if (res && res[sym] > 0) parts.push({ name: 'resistance', n: res[sym] });
    if (parts.length === 0) return `${label} — nobody`;
    parts.sort((a, b) => b.n - a.n);
    const tied = parts.length > 1 && parts[0]!.n === parts[1]!.n;
    return `${label} — ${parts.map((p) => `${p.name} ${p.n}`).join(' · ')}${tied ? ' (tied)' : ''}`;
  });
}

/** One line per seat: played cards, claims, hand size, supply, fallen back (design §3.4). */
export function seatLines(view: CardGameView, seats: readonly CardSeatInfo[]): string[] {
  return view.seats.map((x, i) => {
    const info = seats.find((s) => s.seat === i);
    const played = (view.battle.played[i] ?? []).map(playedText).join(' + ');
    const claims = view.battle.claims[i] ?? [];
    const fallen = view.battle.fallen.includes(i);
    const sittingOut = view.battle.tiebreak && !view.battle.tiebreak.seats.includes(i);
    const flags = [
      !info ? 'nobody holds the seat: defaults' : '',
      info?.away ? 'away' : '',
      info?.conceded ? 'conceded' : '',
      sittingOut ? 'sits out the tie-break' : '',
    ].filter(Boolean);
    const status = fallen
      ? `fell back${claims.length ? `, claimed ${claims.map(symbolName).join(', ')}` : ', claimed nothing'}`
      : played
        ? `played ${played}`
        : view.phase === 'give'
          ? x.given
            ? 'has chosen'
            : 'choosing recruits'
          : 'no card yet';
    const states = Object.values(view.states).filter((st) => st[st.length - 1] === i).length;
    return `${seatLabel(view, seats, i)}${view.turnSeat === i && (view.phase === 'battle' || view.phase === 'tiebreak') ? ' ▶' : ''} — ${status} · hand ${x.handSize} · supply ${x.supply} · states ${states}${flags.length ? ` · ${flags.join(', ')}` : ''}`;
  });
}

/** The recruiting row, deck and discard sizes, the resistance. */
export function rowLines(view: CardGameView): string[] {
  const lines = [
    `Recruiting row: ${view.row.length ? cardNames(view.row) : 'empty'} · deck ${view.deckSize} · discard ${view.discardSize}`,
  ];
  if (view.settings.seats === 2)
    lines.push(`Local resistance: ${view.resistance.length ? cardNames(view.resistance) : 'none'}`);
  return lines;
}

/** The whole public table message (design §3.4). `deadline` null: none shown (paused, finished). */
export function cardTableText(
  view: CardGameView,
  seats: readonly CardSeatInfo[],
  deadline: number | null,
  paused = false,
): CardTableText {
  let title: string;
  let turn: string;
  const due = deadline !== null ? ` · deadline ${deadlineTimes(deadline)}` : '';
  switch (view.phase) {
    case 'give':
      title = 'Setup · choose recruits';
      turn = `Each player: choose 2 of your 8 cards for the recruiting row${due}. Chosen: ${view.seats.filter((s) => s.given).length}/${view.seats.length}.`;
      break;
    case 'choose':
      title = `Round ${view.round} · choosing the battle`;
      turn = `${seatLabel(view, seats, view.chooser!.seat)} chooses the ${view.round === 1 ? 'first' : 'next'} state to battle in${view.chooser!.pickStart ? ' and the start player' : ''}${due}.`;
      break;
    case 'battle':
      title = `Round ${view.round} · Battle in ${view.currentState ? stateLabel(view.currentState) : '?'}`;
      turn = `Turn: ${seatLabel(view, seats, view.turnSeat!)}${due}.`;
      break;
    case 'tiebreak':
      title = `Round ${view.round} · Tie-break battle`;
      turn = `Tie between ${view.battle.tiebreak!.seats.map((s) => seatLabel(view, seats, s, false)).join(' and ')}: tie-break battle — no armies are placed and no cards taken. Turn: ${seatLabel(view, seats, view.turnSeat!)}${due}.`;
      break;
    default:
      title = 'Game over';
      turn = winnerText(view);
  }
  if (paused) turn = `⏸ Paused by the game master. ${turn}`;
  const battlefield = view.phase === 'battle' || view.phase === 'tiebreak' ? battlefieldLines(view) : [];
  const seatL = seatLines(view, seats);
  const row = rowLines(view);
  const text = [
    turn,
    battlefield.length ? `**Battlefield**\n${battlefield.join('\n')}` : '',
    `**Seats**\n${seatL.join('\n')}`,
    row.join('\n'),
  ]
    .filter(Boolean)
    .join('\n\n');
  return { title, turn, battlefield, seats: seatL, row, text };
}

/** "**Qin 秦 unites China and becomes the First Emperor** (4 states)", or the shared victory. */
export function winnerText(view: CardGameView): string {
  const w = view.winner;
  if (w === null) return 'The game is over.';
  const states = (seat: Seat) => Object.values(view.states).filter((st) => st[st.length - 1] === seat).length;
  if (Array.isArray(w))
    return `Shared victory: ${w.map((s) => `${dynastyLabel(view.seats[s]!.dynasty)} (${states(s)} states)`).join(', ')}.`;
  return `**${dynastyLabel(view.seats[w]!.dynasty)} unites China and becomes the First Emperor** (${states(w)} states).`;
}

/**
 * One public event in the notation (cards by name, never by deck id; states "Gu 顧"). The engine's own `text`
 * names cards by id for the CLI; the events carry the fields to say it for players. `dynasties`: seat → dynasty.
 */
export function eventText(e: GameEvent, dynasties: readonly DynastyId[]): string {
  const who = (seat: unknown) => (typeof seat === 'number' ? ownerLabel(dynasties, seat) : 'someone');
  const ids = (x: unknown) => (Array.isArray(x) ? (x as CardId[]) : []);
  switch (e.kind) {
    case 'row': {
      const row = ids(e.cards);
      return `${e.text.startsWith('New') ? 'New recruiting row' : 'The recruiting row'}: ${row.length ? cardNames(row) : 'empty (no cards left)'}.`;
    }
    case 'resistance': {
      const cards = ids(e.cards);
      return `The local resistance: ${cards.length ? cardNames(cards) : 'none (no cards left)'}.`;
    }
    case 'choose':
      return `Battle in ${stateLabel(e.state as StateId)}; ${who(e.start)} starts.`;
    case 'wage': {
      const parts = [cardName(e.bright as CardId)];
      if (typeof e.dark === 'string') parts.push(cardName(e.dark));
      if (typeof e.dynasty === 'string') {
        let extra = '';
        if (typeof e.cover === 'string') extra = `, covering ${symbolName(e.cover as SymbolId)}`;
        if (typeof e.take === 'string')
          extra = `, taking ${cardName(e.take)} from the recruiting row and putting ${cardName(e.give as CardId)} there`;
        parts.push(`the ${dynastyName(e.dynasty as DynastyId)} dynasty card${extra}`);
      }
      const back = typeof e.takeBack === 'string' ? `, taking back ${cardName(e.takeBack)}` : '';
      return `${who(e.seat)} waged battle with ${parts.join(' + ')}${back}.`;
    }
    case 'fallBack': {
      const claims = (Array.isArray(e.claims) ? e.claims : []) as SymbolId[];
      return `${who(e.seat)} fell back${claims.length ? ` and claimed ${claims.map(symbolName).join(', ')}` : ', claiming nothing'}.`;
    }
    case 'effect':
      if (e.symbol === 'spy' && typeof e.card === 'string')
        return `${who(e.seat)} took ${cardName(e.card)} from the recruiting row (Spy).`;
      return e.text;
    case 'recruit':
      return `${who(e.seat)} took ${cardNames(ids(e.cards))} from the recruiting row.`;
    default:
      return e.text;
  }
}

/** One log-thread line for one stored action: "Round 3 · Qin waged battle with …". Engine events are public. */
export function logLine(
  round: number,
  events: readonly GameEvent[],
  opts: { dynasties: readonly DynastyId[]; actor?: string | undefined },
): string {
  const body = events.map((e) => eventText(e, opts.dynasties)).join(' ');
  return `Round ${round} · ${body}${opts.actor ? ` (${opts.actor})` : ''}`;
}

/**
 * The round summary (design §3.6 step 4) from the round's public events: every fall back and its claims, the
 * control round with the counts that decided each state, the new row, the end check.
 */
export function roundSummaryText(round: number, events: readonly GameEvent[], after: CardGameView): string {
  const dynasties = after.seats.map((x) => x.dynasty);
  const lines = [`**Round ${round} is over.**`];
  for (const e of events) {
    if (
      ![
        'fallBack',
        'control',
        'controlArmy',
        'tiebreakResult',
        'gameOver',
        'tiebreak',
        'row',
        'resistance',
        'finished',
      ].includes(e.kind)
    )
      continue;
    lines.push(eventText(e, dynasties));
    // the counts that decided each contested state ("Gu: Qin 2, Yan 2, neutral 1 — tie broken by …")
    if (e.kind === 'control' && Array.isArray(e.why)) for (const why of e.why as string[]) lines.push(`· ${why}`);
  }
  if (after.phase === 'choose' && after.chooser)
    lines.push(`${dynastyLabel(after.seats[after.chooser.seat]!.dynasty)} chooses the next battle.`);
  return lines.join('\n');
}

/** The states whose controller differs between two public views (outlined on the summary image). */
export function changedStates(before: CardGameView, after: CardGameView): StateId[] {
  return (Object.keys(after.states) as StateId[]).filter((st) => {
    const a = before.states[st];
    const b = after.states[st];
    return a?.[a.length - 1] !== b?.[b.length - 1];
  });
}

// ---- labels for the wizards (design §3.5–§3.7); pure, shared by the bot and the tests ----

const CORNERS = ['N', 'NE', 'SE', 'S', 'SW', 'NW'] as const;
const STRONGHOLD_STATES = new Map(DATA.board.strongholds.map((h) => [h.id, h.states]));

/** "19 · Gu SW (also Wey, Song)": a stronghold by number and by its corner of its first state. */
export function strongholdLabel(h: number): string {
  const states = STRONGHOLD_STATES.get(h) ?? [];
  const first = states[0] ? STATES.get(states[0]) : undefined;
  const corner = first ? CORNERS.find((k) => first.strongholds[k] === h) : undefined;
  const rest = states.slice(1).map((s) => STATES.get(s)?.name ?? s);
  return `${h}${first && corner ? ` · ${first.name} ${corner}` : ''}${rest.length ? ` (also ${rest.join(', ')})` : ''}`;
}

/** What a board looks like to an effect's words: its seats' dynasties, strongholds and states. */
export type BoardLike = {
  seats: readonly { dynasty: DynastyId }[];
  strongholds: Record<string, readonly Owner[]>;
  states: Record<StateId, readonly Owner[]>;
};

function stackText(view: Pick<BoardLike, 'seats'>, armies: readonly Owner[]): string {
  return armies.length === 0 ? 'empty' : armies.map((o) => ownerText(view, o)).join(' + ');
}

/** "19 · Wey SE (also Gu, Song) — Qin": a stronghold and what stands on it. */
export function strongholdWithArmies(h: number, board: Pick<BoardLike, 'seats' | 'strongholds'>): string {
  return `${strongholdLabel(h)} — ${stackText(board, board.strongholds[String(h)] ?? [])}`;
}

/** An effect's target in words, on the board it applies to: "place an army on 19 · Wey SE (also Gu, Song) — empty". */
export function effectTarget(effect: Effect, board: BoardLike): string {
  const at = (h: number) => strongholdWithArmies(h, board);
  if ('draw' in effect) return 'draw a card instead';
  switch (effect.symbol) {
    case 'spy':
      return `take ${cardName(effect.card)} from the recruiting row`;
    case 'fire': {
      const moves = effect.moves.map((m) => `${ownerText(board, m.owner)} → ${strongholdLabel(m.to)}`).join(', ');
      return `on ${at(effect.stronghold)}: ${moves || 'nothing moves'}`;
    }
    case 'forest':
      return `beneath the ${stackText(board, board.states[effect.state] ?? [])} army in ${stateLabel(effect.state)}`;
    case 'mountain':
      return `a second army on ${at(effect.stronghold)}`;
    case 'wind':
      return `from ${strongholdLabel(effect.from)} to ${at(effect.to)}`;
    default:
      return `place an army on ${at(effect.stronghold)}`;
  }
}

/** An effect as the wizard lists it: "🐎 Cavalry: place an army on 19 · Wey SE (also Gu, Song) — empty". */
export function effectLabel(effect: Effect, board: BoardLike): string {
  return `${symbolLabel(effect.symbol)}: ${effectTarget(effect, board)}`;
}

/**
 * The fall-back confirm screen (design §3.6 step 1): "You will claim 🔥 Fire, 🛞 Chariot. 🐎 Cavalry is tied
 * with Qin (2–2) and will not be claimed."
 */
export function claimPreviewText(preview: readonly ClaimLine[]): string {
  const claimed = preview.filter((l) => l.claimed);
  const parts = [
    claimed.length
      ? `You will claim ${claimed.map((l) => symbolLabel(l.symbol)).join(', ')}.`
      : 'You will claim nothing.',
  ];
  for (const l of preview) {
    if (l.claimed || l.mine === 0) continue;
    const who = l.bestBy
      .map((b) => (b === 'resistance' ? 'the local resistance' : dynastyLabel(b as DynastyId)))
      .join(' and ');
    parts.push(
      `${symbolLabel(l.symbol)} is ${l.mine === l.best ? 'tied with' : 'led by'} ${who} (${l.mine}–${l.best}) and will not be claimed.`,
    );
  }
  return parts.join(' ');
}
