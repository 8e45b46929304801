/**
 * Pure text builders for everything the channel reads about a card game (design §3.4, §3.6, §3.10). They take
 * ONLY the engine's `publicView` (and the seats' public info), so no hand can reach a public message through
 * them; the bot renders its embeds and the tests check the same texts.
 */
import { card, countPlayed, countResistance, DATA, SYMBOLS, type CardGameView, type CardId, type GameEvent, type Owner, type PlayedCard, type Seat, type StateId, type SymbolId } from '../../cardgame/index.js';
import type { CardSeatInfo, CardTableText } from './types.js';

const SUP = new Map(DATA.superiorities.map((s) => [s.id, s]));
const DYN = new Map(DATA.dynasties.map((d) => [d.id, d]));
const STATES = new Map(DATA.board.states.map((s) => [s.id, s]));

/** 🐎 for cavalry, … */
export function symbolEmoji(symbol: SymbolId): string {
  return SUP.get(symbol)?.emoji ?? symbol;
}

export function symbolLabel(symbol: SymbolId): string {
  return `${symbolEmoji(symbol)} ${symbol.charAt(0).toUpperCase()}${symbol.slice(1)}`;
}

/** A card as emoji: bright "🔥🐎🛞", dark "📜🛞", wild "🃏". Only ever called on face-up or own cards. */
export function cardEmoji(id: CardId): string {
  const c = card(id);
  if (c.kind === 'wild') return '🃏';
  const s = c.symbols.map(symbolEmoji).join('');
  return c.kind === 'dark' ? `📜${s}` : s;
}

/** "Qin 秦" */
export function dynastyLabel(dynasty: string): string {
  const d = DYN.get(dynasty as never);
  return `${dynasty.charAt(0).toUpperCase()}${dynasty.slice(1)}${d ? ` ${d.zh}` : ''}`;
}

/** "顧 Gu" */
export function stateLabel(state: StateId): string {
  const s = STATES.get(state);
  return s ? `${s.zh} ${s.name}` : state;
}

/** How a seat is named in public: "<@user> (Qin 秦)", or the dynasty alone when no user is known. */
export function seatLabel(view: CardGameView, seats: readonly CardSeatInfo[], seat: Seat, mention = true): string {
  const dyn = dynastyLabel(view.seats[seat]?.dynasty ?? `seat ${seat}`);
  const user = seats.find((s) => s.seat === seat)?.userId;
  return user && mention ? `<@${user}> (${dyn})` : dyn;
}

function ownerText(view: CardGameView, owner: Owner): string {
  return owner === 'neutral' ? 'neutral' : dynastyLabel(view.seats[owner]?.dynasty ?? `seat ${owner}`);
}

function playedEmoji(p: PlayedCard): string {
  if ('card' in p) return cardEmoji(p.card);
  const d = DYN.get(p.dynasty)?.zh ?? p.dynasty;
  return p.cover ? `${d}(covers ${symbolEmoji(p.cover)})` : d;
}

/** Discord's `<t:…:R>` and `<t:…:f>`. */
export function discordTimes(ms: number): string {
  const s = Math.floor(ms / 1000);
  return `<t:${s}:f> (<t:${s}:R>)`;
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
    const played = (view.battle.played[i] ?? []).map(playedEmoji).join(' ');
    const claims = view.battle.claims[i] ?? [];
    const fallen = view.battle.fallen.includes(i);
    const sittingOut = view.battle.tiebreak && !view.battle.tiebreak.seats.includes(i);
    const flags = [info?.away ? 'away' : '', info?.conceded ? 'conceded' : '', sittingOut ? 'sits out the tie-break' : ''].filter(Boolean);
    const status = fallen ? `fell back${claims.length ? `, claimed ${claims.map(symbolEmoji).join('')}` : ', claimed nothing'}` : played ? `played ${played}` : view.phase === 'give' ? (x.given ? 'has chosen' : 'choosing recruits') : 'no card yet';
    const states = Object.values(view.states).filter((st) => st[st.length - 1] === i).length;
    return `${seatLabel(view, seats, i)}${view.turnSeat === i && (view.phase === 'battle' || view.phase === 'tiebreak') ? ' ▶' : ''} — ${status} · hand ${x.handSize} · supply ${x.supply} · states ${states}${flags.length ? ` · ${flags.join(', ')}` : ''}`;
  });
}

/** The recruiting row, deck and discard sizes, the resistance. */
export function rowLines(view: CardGameView): string[] {
  const lines = [`Recruiting row: ${view.row.length ? view.row.map(cardEmoji).join(' ') : 'empty'} · deck ${view.deckSize} · discard ${view.discardSize}`];
  if (view.settings.seats === 2) lines.push(`Local resistance: ${view.resistance.length ? view.resistance.map(cardEmoji).join(' ') : 'none'}`);
  return lines;
}

/** The whole public table message (design §3.4). `deadline` null: none shown (paused, finished). */
export function cardTableText(view: CardGameView, seats: readonly CardSeatInfo[], deadline: number | null, paused = false): CardTableText {
  let title: string;
  let turn: string;
  const due = deadline !== null ? ` · deadline ${discordTimes(deadline)}` : '';
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
  const text = [turn, battlefield.length ? `**Battlefield**\n${battlefield.join('\n')}` : '', `**Seats**\n${seatL.join('\n')}`, row.join('\n')].filter(Boolean).join('\n\n');
  return { title, turn, battlefield, seats: seatL, row, text: text.length > 4000 ? `${text.slice(0, 3990)}…` : text };
}

/** "秦 Qin unites China and becomes the First Emperor", or the shared victory. */
export function winnerText(view: CardGameView): string {
  const w = view.winner;
  if (w === null) return 'The game is over.';
  const states = (seat: Seat) => Object.values(view.states).filter((st) => st[st.length - 1] === seat).length;
  if (Array.isArray(w)) return `Shared victory: ${w.map((s) => `${ownerText(view, s)} (${states(s)} states)`).join(', ')}.`;
  const d = DYN.get(view.seats[w]!.dynasty);
  return `**${d?.zh ?? ''} ${ownerText(view, w).split(' ')[0]} unites China and becomes the First Emperor** (${states(w)} states).`;
}

/** One log-thread line for one stored action: "Round 3 · Qin waged battle with …". Engine events are public. */
export function logLine(round: number, events: readonly GameEvent[], actor?: string): string {
  const body = events.map((e) => e.text).join(' ');
  const line = `Round ${round} · ${body}${actor ? ` (${actor})` : ''}`;
  return line.length > 1900 ? `${line.slice(0, 1890)}…` : line;
}

/** The round summary (design §3.6 step 4): control changes with the counts that decided them, the new row, the end check. */
export function roundSummaryText(round: number, events: readonly GameEvent[], after: CardGameView): string {
  const lines = [`**Round ${round} is over.**`];
  for (const e of events) if (['fallBack', 'control', 'controlArmy', 'tiebreakResult', 'gameOver', 'tiebreak', 'row', 'resistance', 'finished'].includes(e.kind)) lines.push(e.text);
  if (after.phase === 'choose' && after.chooser) lines.push(`${dynastyLabel(after.seats[after.chooser.seat]!.dynasty)} chooses the next battle.`);
  const text = lines.join('\n');
  return text.length > 1900 ? `${text.slice(0, 1890)}…` : text;
}

/** The states whose controller differs between two public views (outlined on the summary image). */
export function changedStates(before: CardGameView, after: CardGameView): StateId[] {
  return (Object.keys(after.states) as StateId[]).filter((st) => {
    const a = before.states[st];
    const b = after.states[st];
    return a?.[a.length - 1] !== b?.[b.length - 1];
  });
}
