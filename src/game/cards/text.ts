/**
 * Pure text builders for everything the channel reads about a card game (design §3.4, §3.6, §3.10). They take
 * ONLY the engine's `publicView` (and the seats' public info), so no hand can reach a public message through
 * them; the bot renders its embeds and the tests check the same texts.
 */
import { card, countPlayed, countResistance, DATA, SYMBOLS, type CardGameView, type CardId, type Effect, type GameEvent, type Owner, type PlayedCard, type Seat, type StateId, type SymbolId } from '../../cardgame/index.js';
import type { ClaimLine } from '../../cardgame/counting.js';
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

/**
 * The round summary (design §3.6 step 4) from the round's public events: every fall back and its claims, the
 * control round with the counts that decided each state, the new row, the end check.
 */
export function roundSummaryText(round: number, events: readonly GameEvent[], after: CardGameView): string {
  const lines = [`**Round ${round} is over.**`];
  for (const e of events) {
    if (!['fallBack', 'control', 'controlArmy', 'tiebreakResult', 'gameOver', 'tiebreak', 'row', 'resistance', 'finished'].includes(e.kind)) continue;
    lines.push(e.text);
    // the counts that decided each contested state ("顧 Gu: Qin 2, Yan 2, neutral 1 — tie broken by …")
    if (e.kind === 'control' && Array.isArray(e.why)) for (const why of e.why as string[]) lines.push(`· ${why}`);
  }
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

// ---- labels for the wizards (design §3.5–§3.7); pure, shared by the bot and the tests ----

const CORNERS = ['N', 'NE', 'SE', 'S', 'SW', 'NW'] as const;
const STRONGHOLD_STATES = new Map(DATA.board.strongholds.map((h) => [h.id, h.states]));

/** "B21 🌲🛞🐎 forest · chariot · cavalry", "D03 📜🛞 dark chariot", "W1 🃏 wild". Only for face-up or own cards. */
export function cardLabel(id: CardId): string {
  const c = card(id);
  const words = c.kind === 'wild' ? 'wild' : c.kind === 'dark' ? `dark ${c.symbols.join('')}` : c.symbols.join(' · ');
  return `${id} ${cardEmoji(id)} ${words}`;
}

/** "19 · Gu SW (also Wey, Song)": a stronghold by number and by its corner of its first state. */
export function strongholdLabel(h: number): string {
  const states = STRONGHOLD_STATES.get(h) ?? [];
  const first = states[0] ? STATES.get(states[0]) : undefined;
  const corner = first ? CORNERS.find((k) => first.strongholds[k] === h) : undefined;
  const rest = states.slice(1).map((s) => STATES.get(s)?.name ?? s);
  return `${h}${first && corner ? ` · ${first.name} ${corner}` : ''}${rest.length ? ` (also ${rest.join(', ')})` : ''}`;
}

function stackText(view: Pick<CardGameView, 'seats'>, armies: readonly Owner[]): string {
  return armies.length === 0 ? 'empty' : armies.map((o) => (o === 'neutral' ? 'neutral' : dynastyLabel(view.seats[o]?.dynasty ?? `seat ${o}`))).join(' + ');
}

/** An effect as the wizard lists it, with the board it applies to (for "— empty", "— Qi"). */
export function effectLabel(effect: Effect, view: Pick<CardGameView, 'seats' | 'strongholds' | 'states'>): string {
  const at = (h: number) => `${strongholdLabel(h)} — ${stackText(view, view.strongholds[String(h)] ?? [])}`;
  if ('draw' in effect) return `${symbolLabel(effect.symbol)}: draw a card instead`;
  switch (effect.symbol) {
    case 'spy':
      return `${symbolLabel('spy')}: take ${cardLabel(effect.card)} from the recruiting row`;
    case 'fire': {
      const moves = effect.moves.map((m) => `${dynastyLabel(view.seats[m.owner]?.dynasty ?? `seat ${m.owner}`)} → ${m.to}`).join(', ');
      return `${symbolLabel('fire')} on ${at(effect.stronghold)}: ${moves || 'nothing moves'}`;
    }
    case 'forest':
      return `${symbolLabel('forest')}: beneath the ${stackText(view, view.states[effect.state] ?? [])} army in ${stateLabel(effect.state)}`;
    case 'mountain':
      return `${symbolLabel('mountain')}: a second army on ${at(effect.stronghold)}`;
    case 'wind':
      return `${symbolLabel('wind')}: from ${strongholdLabel(effect.from)} to ${at(effect.to)}`;
    default:
      return `${symbolLabel(effect.symbol)}: place an army on ${at(effect.stronghold)}`;
  }
}

/**
 * The fall-back confirm screen (design §3.6 step 1): "You will claim 🔥 Fire, 🛞 Chariot. 🐎 Cavalry is tied
 * with Qin (2–2) and will not be claimed."
 */
export function claimPreviewText(preview: readonly ClaimLine[]): string {
  const claimed = preview.filter((l) => l.claimed);
  const parts = [claimed.length ? `You will claim ${claimed.map((l) => symbolLabel(l.symbol)).join(', ')}.` : 'You will claim nothing.'];
  for (const l of preview) {
    if (l.claimed || l.mine === 0) continue;
    const who = l.bestBy.map((b) => (b === 'resistance' ? 'the local resistance' : dynastyLabel(b))).join(' and ');
    parts.push(`${symbolLabel(l.symbol)} is ${l.mine === l.best ? 'tied with' : 'led by'} ${who} (${l.mine}–${l.best}) and will not be claimed.`);
  }
  return parts.join(' ');
}
