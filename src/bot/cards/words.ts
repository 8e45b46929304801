/**
 * The card game's public texts in the reader's words (docs/cardgame.md "Words in the bot", docs/locales.md): the table
 * message, the log thread's lines, the round summary, the end of the game and the wizards' labels. The game layer
 * hands over data (public views, public events, the seats' public info: src/game/cards/types.ts); the words are
 * built here, ONLY from the engine's `publicView` and public events, so no hand can reach a public message through
 * them. Each builder words its text in the reader's locale (`locale`, English by default) with the catalogue's
 * `cards.*` messages and the names of ./names.ts; the embeds are fitted into Discord's limits by their senders
 * (deliver.ts).
 */
import {
  countPlayed,
  chooserOf,
  controlArmyStateOf,
  controlCountsOf,
  countResistance,
  DATA,
  extraDrawOf,
  finishReasonOf,
  gameOverStatesOf,
  giveChangedOf,
  SYMBOLS,
  type CardGameView,
  type CardId,
  type ChooserReason,
  type ControlCount,
  type DynastyId,
  type Effect,
  type FinishReason,
  type GameEvent,
  type Owner,
  type PlayedCard,
  type Seat,
  type StateId,
  type SymbolId,
  type TiebreakCause,
} from '../../cardgame/index.js';
import type { ClaimLine } from '../../cardgame/counting.js';
import { bold } from 'discord.js';
import { t, tr, type Locale, type MessageKey, type MsgParam } from '../../i18n/index.js';
import {
  deadlineTimes,
  SUMMARY_EVENTS,
  type CardsEvent,
  type CardTablePayload,
  type CardTableSeat,
  type CardWords,
} from '../../game/cards/index.js';
import { computerLevelOf, durationParam, isComputer, isVacant, memberRef, playerName } from '../../game/core/index.js';
import {
  cardWord,
  dynastyTitle,
  dynastyWord,
  listOf,
  ownerWord,
  sentences,
  stateTitle,
  stateWord,
  symbolWord,
} from './names.js';

const SUP = new Map(DATA.superiorities.map((s) => [s.id, s]));
const STATES = new Map(DATA.board.states.map((s) => [s.id, s]));

/** 🐎 for cavalry, … (only ever shown beside the symbol's name). */
export function symbolEmoji(symbol: SymbolId): string {
  return SUP.get(symbol)?.emoji ?? symbol;
}

/** "🐎 Cavalry" ("🐎 Cavalerie", "🐎 骑兵"). */
export function symbolLabel(symbol: SymbolId, locale: Locale = 'en'): string {
  return `${symbolEmoji(symbol)} ${symbolWord(symbol, locale)}`;
}

/** Cards named one after the other: "Fire/Cavalry/Chariot, Advisor/Spy". Only for face-up or own cards. */
export function cardNames(ids: readonly CardId[], locale: Locale = 'en'): string {
  return listOf(
    ids.map((id) => cardWord(id, locale)),
    locale,
  );
}

/** Superiorities named one after the other: "Fire, Cavalry". */
function symbolNames(symbols: readonly SymbolId[], locale: Locale): string {
  return listOf(
    symbols.map((s) => symbolWord(s, locale)),
    locale,
  );
}

/** "A and B" (", " between the others) in the reader's words. */
function andList(items: readonly string[], locale: Locale): string {
  if (items.length <= 1) return items.join('');
  return tr(locale, 'cards.list.and', { rest: listOf(items.slice(0, -1), locale), last: items[items.length - 1]! });
}

/**
 * How a seat is named in public: "@user (Qin 秦)" ("a computer player (easy, Qin 秦)"), or the dynasty alone when no
 * user is known.
 */
export function seatLabel(
  view: CardGameView,
  seats: readonly CardTableSeat[],
  seat: Seat,
  mention = true,
  locale: Locale = 'en',
): string {
  const d = view.seats[seat]?.dynasty;
  const dyn = d ? dynastyTitle(d, locale) : tr(locale, 'cards.owner.seat', { seat });
  const user = seats.find((s) => s.seat === seat)?.userId;
  return user && mention ? holderOf(user, dyn, locale) : dyn;
}

/** A seat's holder with its dynasty: "@user (Qin 秦)", "a computer player (easy, Qin 秦)". */
export function holderOf(userId: string, dynasty: string, locale: Locale = 'en'): string {
  return isComputer(userId)
    ? tr(locale, 'cards.holder.computer', {
        level: tr(locale, `cards.level.${computerLevelOf(userId)}` as MessageKey),
        dynasty,
      })
    : tr(locale, 'cards.holder.person', { name: playerName(userId), dynasty });
}

function ownerText(view: { seats: readonly { dynasty: DynastyId }[] }, owner: Owner, locale: Locale): string {
  return ownerWord(
    view.seats.map((s) => s.dynasty),
    owner,
    locale,
  );
}

function playedText(p: PlayedCard, locale: Locale): string {
  if ('card' in p) return cardWord(p.card, locale);
  const dynasty = dynastyWord(p.dynasty, locale);
  return p.cover
    ? tr(locale, 'cards.played.dynastyCovers', { dynasty, symbol: symbolWord(p.cover, locale) })
    : tr(locale, 'cards.played.dynasty', { dynasty });
}

/** The battlefield row, one line per superiority (docs/cardgame.md "The table message"). */
export function battlefieldLines(view: CardGameView, locale: Locale = 'en'): string[] {
  const inBattle = view.battle.tiebreak ? view.battle.tiebreak.seats : view.seats.map((_, i) => i);
  const active = inBattle.filter((s) => !view.battle.fallen.includes(s));
  const counts = active.map((s) => ({ seat: s, c: countPlayed(view.battle.played[s] ?? []) }));
  const res = view.settings.seats === 2 ? countResistance(view.resistance) : null;
  return SYMBOLS.map((sym) => {
    const label = symbolLabel(sym, locale);
    if (!view.battle.available.includes(sym)) {
      const by = view.battle.claims.findIndex((c) => c.includes(sym));
      return by >= 0
        ? tr(locale, 'cards.battlefield.claimedBy', { label, who: ownerText(view, by, locale) })
        : tr(locale, 'cards.battlefield.claimed', { label });
    }
    const parts = counts
      .filter((x) => x.c[sym] > 0)
      .map((x) => ({ name: ownerText(view, x.seat, locale), n: x.c[sym] }));
    if (res && res[sym] > 0) parts.push({ name: tr(locale, 'cards.battlefield.resistance'), n: res[sym] });
    if (parts.length === 0) return tr(locale, 'cards.battlefield.nobody', { label });
    parts.sort((a, b) => b.n - a.n);
    const tied = parts.length > 1 && parts[0]!.n === parts[1]!.n;
    const counted = parts.map((p) => `${p.name} ${p.n}`).join(' · ');
    return tr(locale, tied ? 'cards.battlefield.tied' : 'cards.battlefield.counts', { label, counts: counted });
  });
}

/** What a seat has done in this step of the round (its line's status). */
function seatStatus(view: CardGameView, i: Seat, locale: Locale): string {
  const played = (view.battle.played[i] ?? []).map((p) => playedText(p, locale)).join(' + ');
  const claims = view.battle.claims[i] ?? [];
  if (view.battle.fallen.includes(i))
    return claims.length
      ? tr(locale, 'cards.seat.fellBackClaimed', { claims: symbolNames(claims, locale) })
      : tr(locale, 'cards.seat.fellBackNothing');
  if (played) return tr(locale, 'cards.seat.played', { cards: played });
  if (view.phase === 'give')
    return tr(locale, view.seats[i]!.given ? 'cards.seat.hasChosen' : 'cards.seat.choosingRecruits');
  return tr(locale, 'cards.seat.noCard');
}

/** One line per seat: played cards, claims, hand size, supply, fallen back (docs/cardgame.md "The table message"). */
export function seatLines(view: CardGameView, seats: readonly CardTableSeat[], locale: Locale = 'en'): string[] {
  return view.seats.map((x, i) => {
    const info = seats.find((s) => s.seat === i);
    const sittingOut = view.battle.tiebreak && !view.battle.tiebreak.seats.includes(i);
    const flags = [
      !info ? tr(locale, 'cards.seat.flag.vacant') : '',
      // a vacant seat is named so ("a vacant seat (Qin 秦)"): it is nobody's, so nobody is away
      info?.away && !isVacant(info.userId) ? tr(locale, 'cards.seat.flag.away') : '',
      info?.conceded ? tr(locale, 'cards.seat.flag.conceded') : '',
      sittingOut ? tr(locale, 'cards.seat.flag.sitsOut') : '',
    ].filter(Boolean);
    const states = Object.values(view.states).filter((st) => st[st.length - 1] === i).length;
    const toAct = view.turnSeat === i && (view.phase === 'battle' || view.phase === 'tiebreak');
    return tr(locale, 'cards.seat.line', {
      seat: `${seatLabel(view, seats, i, true, locale)}${toAct ? ' ▶' : ''}`,
      status: seatStatus(view, i, locale),
      hand: x.handSize,
      supply: x.supply,
      states,
      flags: flags.length ? ` · ${listOf(flags, locale)}` : '',
    });
  });
}

/** The recruiting row, deck and discard sizes, the resistance. */
export function rowLines(view: CardGameView, locale: Locale = 'en'): string[] {
  const lines = [
    tr(locale, 'cards.row.line', {
      cards: view.row.length ? cardNames(view.row, locale) : tr(locale, 'cards.row.empty'),
      deck: view.deckSize,
      discard: view.discardSize,
    }),
  ];
  if (view.settings.seats === 2)
    lines.push(
      tr(locale, 'cards.row.resistance', {
        cards: view.resistance.length ? cardNames(view.resistance, locale) : tr(locale, 'cards.row.none'),
      }),
    );
  return lines;
}

/** The table's title and its line saying who acts (docs/cardgame.md "The table message"). */
function tableHead(
  view: CardGameView,
  seats: readonly CardTableSeat[],
  deadline: number | null,
  locale: Locale,
): { title: string; turn: string } {
  const due = deadline !== null ? tr(locale, 'cards.table.due', { deadline: deadlineTimes(deadline) }) : '';
  const round = view.round;
  const who = (seat: Seat) => seatLabel(view, seats, seat, true, locale);
  switch (view.phase) {
    case 'give':
      return {
        title: tr(locale, 'cards.table.title.give'),
        turn: tr(locale, 'cards.table.turn.give', {
          due,
          chosen: view.seats.filter((s) => s.given).length,
          seats: view.seats.length,
        }),
      };
    case 'choose':
      return {
        title: tr(locale, 'cards.table.title.choose', { round }),
        turn: tr(locale, 'cards.table.turn.choose', {
          who: who(view.chooser!.seat),
          first: round === 1 ? 'first' : 'next',
          start: view.chooser!.pickStart ? 'yes' : 'no',
          due,
        }),
      };
    case 'battle':
      return {
        title: tr(locale, 'cards.table.title.battle', {
          round,
          state: view.currentState ? stateTitle(view.currentState, locale) : '?',
        }),
        turn: tr(locale, 'cards.table.turn.battle', { who: who(view.turnSeat!), due }),
      };
    case 'tiebreak':
      return {
        title: tr(locale, 'cards.table.title.tiebreak', { round }),
        turn: tr(locale, 'cards.table.turn.tiebreak', {
          tied: andList(
            view.battle.tiebreak!.seats.map((s) => seatLabel(view, seats, s, false, locale)),
            locale,
          ),
          who: who(view.turnSeat!),
          due,
        }),
      };
    default:
      return { title: tr(locale, 'cards.table.title.over'), turn: winnerText(view, locale) };
  }
}

/**
 * The public table message's content (docs/cardgame.md "The table message"), built only from `publicView` and the
 * seats.
 */
export interface CardTableText {
  title: string;
  /** "Turn: @u (Qin 秦) · deadline …" and the like (with references, src/game/core/text-refs.ts). */
  turn: string;
  /** One line per superiority. */
  battlefield: string[];
  /** One line per seat. */
  seats: string[];
  /** Recruiting row, deck and discard sizes, resistance. */
  row: string[];
  /** Everything above as one text (≤ 4000 characters: an embed description). */
  text: string;
}

/**
 * The whole public table message (docs/cardgame.md "The table message"). `deadline` null: none shown (paused,
 * finished).
 */
export function cardTableText(
  view: CardGameView,
  seats: readonly CardTableSeat[],
  deadline: number | null,
  paused = false,
  locale: Locale = 'en',
): CardTableText {
  const head = tableHead(view, seats, deadline, locale);
  const title = head.title;
  const turn = paused ? tr(locale, 'cards.table.paused', { turn: head.turn }) : head.turn;
  const battlefield = view.phase === 'battle' || view.phase === 'tiebreak' ? battlefieldLines(view, locale) : [];
  const seatL = seatLines(view, seats, locale);
  const row = rowLines(view, locale);
  const text = [
    turn,
    battlefield.length ? `${bold(tr(locale, 'cards.table.battlefield'))}\n${battlefield.join('\n')}` : '',
    `${bold(tr(locale, 'cards.table.seats'))}\n${seatL.join('\n')}`,
    row.join('\n'),
  ]
    .filter(Boolean)
    .join('\n\n');
  return { title, turn, battlefield, seats: seatL, row, text };
}

/** The lobby's table message (before the start): who sits, the turn times, how to join. */
function lobbyTableText(table: CardTablePayload, locale: Locale): { title: string; text: string } {
  const lobby = table.lobby!;
  const joined = table.seats.map((x) =>
    x.dynasty ? holderOf(x.userId, dynastyTitle(x.dynasty, locale), locale) : playerName(x.userId),
  );
  const say = (key: MessageKey, params?: Record<string, MsgParam>) => tr(locale, key, params);
  const text = [
    say('cards.lobby.head', {
      game: say('cards.game.name'),
      seated: joined.length,
      seats: lobby.seats,
      gm: memberRef(lobby.gmUserId),
    }),
    say('cards.lobby.turns', {
      preset: say(`cards.lobby.preset.${lobby.preset}` as MessageKey),
      duration: durationParam(lobby.turnMs),
      dynasty: lobby.dynastyCards ? 'on' : 'off',
    }),
    ...(lobby.demonstration
      ? [say('cards.lobby.demonstration')]
      : lobby.computerFill
        ? [say('cards.lobby.computerFill')]
        : []),
    joined.length
      ? say('cards.lobby.seated', { players: listOf(joined, locale) })
      : say('cards.lobby.nobody', { join: say('cards.lobby.joinCommand') }),
  ].join('\n');
  return { title: say('cards.lobby.title', { game: say('cards.game.title') }), text };
}

/** The table message's title and text in `locale`, from the table the game layer hands over (its `status`). */
export function cardTableWords(table: CardTablePayload, locale: Locale = 'en'): { title: string; text: string } {
  if (table.lobby || !table.board) return lobbyTableText(table, locale);
  const words = cardTableText(table.board, table.seats, table.deadline, table.paused, locale);
  return { title: words.title, text: words.text };
}

/** The table as one private reply (`/cards status`): the lobby's text, or the title in bold above the table. */
export function cardTableReply(table: CardTablePayload, locale: Locale = 'en'): string {
  const words = cardTableWords(table, locale);
  return table.lobby || !table.board ? words.text : `${bold(words.title)}\n${words.text}`;
}

/** "**Qin 秦 unites China and becomes the First Emperor** (4 states)", or the shared victory. */
export function winnerText(view: CardGameView, locale: Locale = 'en'): string {
  const w = view.winner;
  if (w === null) return tr(locale, 'cards.winner.none');
  const states = (seat: Seat) => Object.values(view.states).filter((st) => st[st.length - 1] === seat).length;
  if (Array.isArray(w))
    return tr(locale, 'cards.winner.shared', {
      winners: listOf(
        w.map((s) =>
          tr(locale, 'cards.winner.sharedOne', {
            dynasty: dynastyTitle(view.seats[s]!.dynasty, locale),
            states: states(s),
          }),
        ),
        locale,
      ),
    });
  return tr(locale, 'cards.winner.one', { dynasty: dynastyTitle(view.seats[w]!.dynasty, locale), states: states(w) });
}

/** A wage-battle event's cards: "Fire/Cavalry/Chariot + the Qin dynasty card, covering Spy". */
function wagedCards(e: GameEvent, locale: Locale): string {
  const parts = [cardWord(e.bright as CardId, locale)];
  if (typeof e.dark === 'string') parts.push(cardWord(e.dark as CardId, locale));
  if (typeof e.dynasty === 'string') {
    const dynasty = dynastyWord(e.dynasty as DynastyId, locale);
    if (typeof e.take === 'string')
      parts.push(
        tr(locale, 'cards.event.dynastyTake', {
          dynasty,
          take: cardWord(e.take as CardId, locale),
          give: cardWord(e.give as CardId, locale),
        }),
      );
    else if (typeof e.cover === 'string')
      parts.push(tr(locale, 'cards.event.dynastyCover', { dynasty, symbol: symbolWord(e.cover as SymbolId, locale) }));
    else parts.push(tr(locale, 'cards.event.dynasty', { dynasty }));
  }
  return parts.join(' + ');
}

/** An effect event (a superiority used when falling back) in words; the engine's own text for one it does not know. */
function effectText(e: GameEvent, owner: (seat: unknown) => string, locale: Locale): string {
  const who = owner(e.seat);
  const symbol = typeof e.symbol === 'string' ? symbolWord(e.symbol as SymbolId, locale) : '';
  if (e.symbol === 'spy' && typeof e.card === 'string')
    return tr(locale, 'cards.event.effect.spy', { who, card: cardWord(e.card as CardId, locale) });
  if (locale === 'en') return e.text;
  if (e.draw === true)
    return /drew a card/.test(e.text)
      ? tr(locale, 'cards.event.effect.draw', { who, symbol })
      : tr(locale, 'cards.event.effect.drawEmpty', { who, symbol });
  if (e.symbol === 'forest' && typeof e.state === 'string')
    return tr(locale, 'cards.event.effect.forest', { who, state: stateWord(e.state as StateId, locale) });
  if (e.symbol === 'mountain' && typeof e.stronghold === 'number')
    return tr(locale, 'cards.event.effect.mountain', { who, stronghold: e.stronghold });
  if (e.symbol === 'fire' && typeof e.stronghold === 'number')
    return tr(locale, 'cards.event.effect.fire', {
      who,
      stronghold: e.stronghold,
      // where Fire sent each army, as the engine's English says it ("Jin to 24")
      moves: listOf(
        (Array.isArray(e.moves) ? (e.moves as { owner: unknown; to: number }[]) : []).map((m) =>
          tr(locale, 'cards.event.fireMove', { who: owner(m.owner), to: m.to }),
        ),
        locale,
      ),
    });
  if (e.symbol === 'wind' && typeof e.to === 'number')
    return tr(locale, 'cards.event.effect.wind', { who, from: Number(e.from), to: e.to });
  if (typeof e.stronghold === 'number')
    return tr(locale, 'cards.event.effect.place', { who, stronghold: e.stronghold, symbol });
  return e.text;
}

const STATE_BY_NAME = new Map(DATA.board.states.map((s) => [s.name, s.id]));
const DYNASTY_BY_NAME = new Map(DATA.dynasties.map((d) => [d.id.charAt(0).toUpperCase() + d.id.slice(1), d.id]));

/** A name in a control line ("Qin", "neutral") in the reader's words. */
function controlName(name: string, locale: Locale): string {
  if (name === 'neutral') return tr(locale, 'cards.owner.neutral');
  const d = DYNASTY_BY_NAME.get(name);
  return d ? dynastyWord(d, locale) : name;
}

/** A control count (src/cardgame/control.ts `scoreState`) in the reader's words, from the `control` event's `counts`. */
function controlCountWords(c: ControlCount, who: (o: Owner) => string, locale: Locale): string {
  const counts = listOf(
    c.scores.map((x) => `${who(x.owner)} ${x.score}`),
    locale,
  );
  const parts = [tr(locale, 'cards.control.counts', { state: stateWord(c.state, locale), counts })];
  const o = c.outcome;
  if (o.kind === 'neutral-weak')
    parts.push(tr(locale, 'cards.control.neutralWeak', { count: o.count, needs: o.needs }));
  if (o.kind === 'tie-broken') parts.push(tr(locale, 'cards.control.tieBroken', { who: who(o.by) }));
  if (o.kind === 'tied') parts.push(tr(locale, 'cards.control.tied'));
  if ((o.kind === 'leader' || o.kind === 'tie-broken') && o.takes !== null)
    parts.push(tr(locale, 'cards.control.takes', { who: who(o.takes) }));
  return parts.join(' — ');
}

/**
 * The control round's counts, one line per contested state ("Gu: Qin 2, Yan 2, neutral 1 — tie broken by Qin's army
 * beneath: Qin takes control"): English as the engine wrote it (`why`); other locales from `counts`, else (an event
 * stored before them) read back from the English, a line no pattern knows left out (docs/cardgame.md "Languages").
 */
export function controlWhyLines(e: GameEvent, dynasties: readonly DynastyId[], locale: Locale = 'en'): string[] {
  const english = (Array.isArray(e.why) ? e.why : []).filter((x): x is string => typeof x === 'string');
  if (locale === 'en') return english;
  const counts = controlCountsOf(e);
  if (counts) return counts.map((c) => controlCountWords(c, (o) => ownerWord(dynasties, o, locale), locale));
  return english.flatMap((why) => storedControlWhy(why, locale) ?? []);
}

const WHY =
  /^(\w+): (.*?)(?: — neutral with (\d+) arm(?:y|ies) around \(a neutral state needs (\d+)\))?(?: — tie broken by (\w+)'s army beneath)?( — tied, no change)?(?:: (\w+) takes control)?$/;

/**
 * The fallback for a `control` event stored without `counts`: a line of its `why`, read back from the English the
 * engine wrote; null for a line no pattern knows. The engine's wording of that time is frozen here.
 */
function storedControlWhy(why: string, locale: Locale): string | null {
  const m = WHY.exec(why);
  const state = m ? STATE_BY_NAME.get(m[1]!) : undefined;
  if (!m || !state) return null;
  const counts = listOf(
    m[2]!.split(', ').map((part) => {
      const [name, n] = part.split(' ');
      return `${controlName(name ?? '', locale)} ${n ?? ''}`.trim();
    }),
    locale,
  );
  const parts = [tr(locale, 'cards.control.counts', { state: stateWord(state, locale), counts })];
  if (m[3]) parts.push(tr(locale, 'cards.control.neutralWeak', { count: Number(m[3]), needs: Number(m[4]) }));
  if (m[5]) parts.push(tr(locale, 'cards.control.tieBroken', { who: controlName(m[5], locale) }));
  if (m[6]) parts.push(tr(locale, 'cards.control.tied'));
  if (m[7]) parts.push(tr(locale, 'cards.control.takes', { who: controlName(m[7], locale) }));
  return parts.join(' — ');
}

/**
 * The `gameOver` event: the end check and the states each dynasty controls, from its `states`, else (stored before
 * them) read back from its English; without either, the end check alone.
 */
function gameOverText(e: GameEvent, who: (seat: Owner) => string, locale: Locale): string {
  const reason = tr(locale, `cards.end.${String(e.reason)}` as MessageKey);
  const data = gameOverStatesOf(e);
  const states = data
    ? listOf(
        data.map((x) => `${who(x.seat)} ${x.count}`),
        locale,
      )
    : storedEndStates(e.text, locale);
  return states
    ? tr(locale, 'cards.event.gameOver', { reason, states })
    : tr(locale, 'cards.event.gameOverPlain', { reason });
}

/**
 * The fallback for a `gameOver` event stored without `states`: "States: Qin 5, Chu 3." read back from its English;
 * null when it has no such list. Frozen with the engine's wording of that time.
 */
function storedEndStates(text: string, locale: Locale): string | null {
  const counts = /States: (.*)\.$/.exec(text)?.[1];
  if (!counts) return null;
  return listOf(
    counts.split(', ').map((part) => {
      const [name, n] = part.split(' ');
      return `${controlName(name ?? '', locale)} ${n ?? ''}`.trim();
    }),
    locale,
  );
}

const CAUSES: Record<TiebreakCause, MessageKey> = {
  'no-cards-left': 'cards.event.finished.cause.noCards',
  'no-card-played': 'cards.event.finished.cause.noCardPlayed',
};

/** Why a game was won, from the `finished` event's `reason` (src/cardgame/round.ts `finish`), in the reader's words. */
function reasonWords(reason: FinishReason, who: (seat: Owner) => string, locale: Locale): string {
  switch (reason.kind) {
    case 'states':
      return tr(locale, 'cards.event.finished.why.states', { who: who(reason.seat), count: reason.count });
    case 'superiorities': {
      const counts = reason.counts.map((c) => `${who(c.seat)} ${c.count}`).join(' – ');
      return tr(locale, 'cards.event.finished.why.superiorities', { who: who(reason.seat), counts });
    }
    case 'strongholds':
    case 'armies':
      return tr(locale, `cards.event.finished.why.${reason.kind}`, {
        cause: tr(locale, CAUSES[reason.cause]),
        who: who(reason.seat),
        count: reason.count,
      });
    case 'shared':
      return tr(locale, 'cards.event.finished.why.shared', { cause: tr(locale, CAUSES[reason.cause]) });
  }
}

/**
 * Why a game was won, in the reader's words: from the event's `reason`, else (an event stored before the engine gave
 * it) read back from its English text (docs/cardgame.md "Events", "Languages"); null when neither says it.
 */
function winnerWhy(e: GameEvent, who: (seat: Owner) => string, locale: Locale): string | null {
  const reason = finishReasonOf(e);
  return reason ? reasonWords(reason, who, locale) : storedWinnerWhy(e.text, locale);
}

const STORED_CAUSES: Record<string, MessageKey> = {
  'no tied seat has a bright or wild card left': 'cards.event.finished.cause.noCards',
  'the tie-break round was played without a card': 'cards.event.finished.cause.noCardPlayed',
};

/**
 * The fallback for a `finished` event stored without `reason`: why, read back from the English the engine wrote
 * ("Qin controls the most states (5)"); null for a sentence no pattern knows. The engine's wording of that time is
 * frozen here: new events carry `reason` and never reach this.
 */
function storedWinnerWhy(text: string, locale: Locale): string | null {
  const why = /\((.*)\)\.$/.exec(text)?.[1] ?? '';
  const who = (name: string) => controlName(name, locale);
  let m = /^(\w+) controls the most states \((\d+)\)$/.exec(why);
  if (m) return tr(locale, 'cards.event.finished.why.states', { who: who(m[1]!), count: Number(m[2]) });
  m = /^(\w+) claimed the most superiorities \((.*)\)$/.exec(why);
  if (m) {
    const counts = m[2]!.split(' – ').map((part) => part.replace(/^\w+/, who));
    return tr(locale, 'cards.event.finished.why.superiorities', { who: who(m[1]!), counts: counts.join(' – ') });
  }
  const [cause, rest] = why.split('; ') as [string, string | undefined];
  const causeKey = STORED_CAUSES[cause];
  if (!causeKey || rest === undefined) return null;
  const said = tr(locale, causeKey);
  m = /^(\w+) has armies in the most strongholds \((\d+)\)$/.exec(rest);
  if (m)
    return tr(locale, 'cards.event.finished.why.strongholds', { cause: said, who: who(m[1]!), count: Number(m[2]) });
  m = /^tied on strongholds, (\w+) has the most armies on the board \((\d+)\)$/.exec(rest);
  if (m) return tr(locale, 'cards.event.finished.why.armies', { cause: said, who: who(m[1]!), count: Number(m[2]) });
  if (rest === 'still tied on strongholds and armies: a shared victory')
    return tr(locale, 'cards.event.finished.why.shared', { cause: said });
  return null;
}

/** The `finished` event: the winner, or the shared victory, with why (docs/cardgame.md "The end of the game"). */
function finishedText(e: GameEvent, who: (seat: Owner) => string, locale: Locale): string {
  const why = winnerWhy(e, who, locale);
  if (Array.isArray(e.winner)) {
    const winners = andList((e.winner as Seat[]).map(who), locale);
    return why
      ? tr(locale, 'cards.event.finished.sharedWhy', { winners, why })
      : tr(locale, 'cards.event.finished.shared', { winners });
  }
  const winner = who(e.winner as Seat);
  return why
    ? tr(locale, 'cards.event.finished.oneWhy', { winner, why })
    : tr(locale, 'cards.event.finished.one', { winner });
}

const CHOOSER_KEYS: Record<ChooserReason, MessageKey> = {
  first: 'cards.event.chooser.first',
  spy: 'cards.event.chooser.spy',
  last: 'cards.event.chooser.last',
};

/**
 * The `chooser`, `give`, `extraDraw` and `controlArmy` events in words, from their data (docs/cardgame.md "Events"),
 * else (stored before it) read back from their English; a detail neither gives is left out, never shown in English.
 */
function turnText(e: GameEvent, who: string, locale: Locale): string {
  switch (e.kind) {
    case 'chooser': {
      const c = chooserOf(e) ?? storedChooser(e.text);
      return c
        ? tr(locale, CHOOSER_KEYS[c.reason], { who, round: c.round })
        : tr(locale, 'cards.event.chooser.plain', { who });
    }
    case 'give': {
      // without its data, the plain "chose its 2 cards" (true of a change too)
      const changed = giveChangedOf(e) ?? storedGiveChanged(e.text);
      return tr(locale, changed ? 'cards.event.give.changed' : 'cards.event.give', { who });
    }
    case 'extraDraw': {
      const drew = extraDrawOf(e) ?? storedExtraDraw(e.text);
      const key =
        drew === null ? 'cards.event.extraDrawPlain' : drew ? 'cards.event.extraDraw' : 'cards.event.extraDrawEmpty';
      return tr(locale, key, { who });
    }
    default: {
      const state = controlArmyStateOf(e) ?? storedControlArmyState(e.text);
      const stronghold = Number(e.stronghold);
      return state
        ? tr(locale, 'cards.event.controlArmy', { who, state: stateWord(state, locale), stronghold })
        : tr(locale, 'cards.event.controlArmyPlain', { who, stronghold });
    }
  }
}

/*
 * The fallbacks for events stored before their data: read back from the English the engine wrote, with its wording of
 * that time frozen here (new events carry the data and never reach these); null for a sentence no pattern knows.
 */

function storedChooser(text: string): { round: number; reason: ChooserReason } | null {
  if (/^\w+ starts the first round and chooses the first state to battle in\.$/.test(text))
    return { round: 1, reason: 'first' };
  let m = /^\w+ claimed Spy and chooses the start player and the state for round (\d+)\.$/.exec(text);
  if (m) return { round: Number(m[1]), reason: 'spy' };
  m = /^\w+ fell back last: it starts round (\d+) and chooses the state\.$/.exec(text);
  return m ? { round: Number(m[1]), reason: 'last' } : null;
}

function storedGiveChanged(text: string): boolean {
  return /^\w+ changed its cards for the recruiting row\.$/.test(text);
}

function storedControlArmyState(text: string): StateId | null {
  return (
    STATE_BY_NAME.get(/ had no army in supply: the army for (\w+) came from stronghold \d+/.exec(text)?.[1] ?? '') ??
    null
  );
}

function storedExtraDraw(text: string): boolean | null {
  if (/ played no card this round and drew 1 extra card\.$/.test(text)) return true;
  if (/ played no card this round, but deck and discard are empty\.$/.test(text)) return false;
  return null;
}

/** The engine's end-of-game and tie-break events in words (the round summary's last lines). */
function endText(e: GameEvent, dynasties: readonly DynastyId[], locale: Locale): string {
  const who = (seat: Owner) => ownerWord(dynasties, seat, locale);
  switch (e.kind) {
    case 'control': {
      const changes = (Array.isArray(e.changes) ? e.changes : []) as { state: StateId; from: Owner; to: Owner }[];
      if (changes.length === 0) return tr(locale, 'cards.event.control.none');
      const list = changes.map((c) =>
        tr(locale, 'cards.event.control.change', {
          state: stateWord(c.state, locale),
          from: who(c.from),
          to: who(c.to),
        }),
      );
      return tr(locale, 'cards.event.control', { changes: list.join(locale.startsWith('zh') ? '；' : ' ; ') });
    }
    case 'gameOver':
      return gameOverText(e, who, locale);
    case 'tiebreak':
      return tr(locale, 'cards.event.tiebreak', {
        tied: andList(((e.seats as Seat[]) ?? []).map(who), locale),
      });
    case 'tiebreakResult':
      return tr(locale, 'cards.event.tiebreakResult', {
        counts: Object.entries((e.counts as Record<string, number>) ?? {})
          .map(([seat, n]) => `${who(Number(seat))} ${n}`)
          .join(' – '),
      });
    case 'finished':
      return finishedText(e, who, locale);
    case 'roundEnd':
      return tr(locale, 'cards.event.roundEnd', { round: Number(e.round) });
    case 'reshuffled':
      return tr(locale, 'cards.event.reshuffled', { count: Number(e.cards) });
    case 'rollback':
      // a game master's rollback, stored beside the engine's events (src/game/cards/gm.ts)
      return tr(locale, 'cards.gm.rolledBack', { round: Number(/round (\d+)/.exec(e.text)?.[1] ?? 1) });
    case 'controlArmy':
    case 'chooser':
    case 'give':
    case 'extraDraw':
      return turnText(e, who(e.seat as Seat), locale);
    default:
      return e.text;
  }
}

/**
 * One public event in the notation (cards by name, never by deck id; states "Gu 顧"). The engine's own `text`
 * names cards by id for the CLI; the events carry the fields to say it for players. `dynasties`: seat → dynasty.
 */
export function eventText(e: GameEvent, dynasties: readonly DynastyId[], locale: Locale = 'en'): string {
  const who = (seat: unknown) =>
    typeof seat === 'number' ? ownerWord(dynasties, seat, locale) : tr(locale, 'cards.event.someone');
  const ids = (x: unknown) => (Array.isArray(x) ? (x as CardId[]) : []);
  switch (e.kind) {
    case 'row': {
      const row = ids(e.cards);
      const cards = row.length ? cardNames(row, locale) : tr(locale, 'cards.event.rowEmpty');
      return tr(locale, e.text.startsWith('New') ? 'cards.event.rowNew' : 'cards.event.row', { cards });
    }
    case 'resistance': {
      const cards = ids(e.cards);
      return tr(locale, 'cards.event.resistance', {
        cards: cards.length ? cardNames(cards, locale) : tr(locale, 'cards.event.resistanceEmpty'),
      });
    }
    case 'choose':
      return tr(locale, 'cards.event.choose', { state: stateTitle(e.state as StateId, locale), who: who(e.start) });
    case 'wage': {
      const cards = wagedCards(e, locale);
      return typeof e.takeBack === 'string'
        ? tr(locale, 'cards.event.wageTakeBack', {
            who: who(e.seat),
            cards,
            card: cardWord(e.takeBack as CardId, locale),
          })
        : tr(locale, 'cards.event.wage', { who: who(e.seat), cards });
    }
    case 'fallBack': {
      const claims = (Array.isArray(e.claims) ? e.claims : []) as SymbolId[];
      return claims.length
        ? tr(locale, 'cards.event.fallBack', { who: who(e.seat), claims: symbolNames(claims, locale) })
        : tr(locale, 'cards.event.fallBackNothing', { who: who(e.seat) });
    }
    case 'effect':
      return effectText(e, who, locale);
    case 'recruit':
      return tr(locale, 'cards.event.recruit', { who: who(e.seat), cards: cardNames(ids(e.cards), locale) });
    default:
      return locale === 'en' ? e.text : endText(e, dynasties, locale);
  }
}

/** One log-thread line for one stored action: "Round 3 · Qin waged battle with …". Engine events are public. */
export function logLine(
  round: number,
  events: readonly GameEvent[],
  opts: { dynasties: readonly DynastyId[]; actor?: string | undefined },
  locale: Locale = 'en',
): string {
  const body = sentences(
    events.map((e) => eventText(e, opts.dynasties, locale)),
    locale,
  );
  const line = tr(locale, 'cards.log.line', { round, body });
  return opts.actor ? tr(locale, 'cards.log.actor', { line, actor: opts.actor }) : line;
}

/**
 * The round summary (docs/cardgame.md "Side effects") from the round's public events: every fall back and its claims,
 * the control round with the counts that decided each state, the new row, the end check.
 */
export function roundSummaryText(
  round: number,
  events: readonly GameEvent[],
  after: CardGameView,
  locale: Locale = 'en',
): string {
  const dynasties = after.seats.map((x) => x.dynasty);
  const lines = [tr(locale, 'cards.summary.title', { round })];
  for (const e of events) {
    if (!SUMMARY_EVENTS.includes(e.kind)) continue;
    lines.push(eventText(e, dynasties, locale));
    // the counts that decided each contested state ("Gu: Qin 2, Yan 2, neutral 1 — tie broken by …")
    if (e.kind === 'control') for (const why of controlWhyLines(e, dynasties, locale)) lines.push(`· ${why}`);
  }
  if (after.phase === 'choose' && after.chooser)
    lines.push(
      tr(locale, 'cards.summary.chooser', { dynasty: dynastyTitle(after.seats[after.chooser.seat]!.dynasty, locale) }),
    );
  return lines.join('\n');
}

/**
 * A card row's text in `locale` (the deliverer words each row in its reader's): its `words`, else the English `text`
 * of a row queued before them.
 */
export function cardsEventText(e: CardsEvent, locale: Locale): string {
  const words = e.data.words;
  if (!words) return e.data.text ?? '';
  return wordsText(words, locale, 'board' in e.data ? e.data.board : null);
}

/**
 * The end post: the winner, then the end check and, after a tie on states, why the winner won (the events the game
 * layer picked: src/game/cards/outbox.ts `overEvents`).
 */
function overText(events: readonly GameEvent[], board: CardGameView, locale: Locale): string {
  const dynasties = board.seats.map((x) => x.dynasty);
  const who = (seat: Owner) => ownerWord(dynasties, seat, locale);
  const lines = events.map((e) => {
    if (e.kind !== 'finished') return eventText(e, dynasties, locale);
    const why = winnerWhy(e, who, locale);
    return why ? tr(locale, 'cards.over.afterTie', { why }) : '';
  });
  return [winnerText(board, locale), ...lines.filter((line) => line !== '')].join('\n');
}

function wordsText(words: CardWords, locale: Locale, board: CardGameView | null): string {
  switch (words.what) {
    case 'lines':
      return words.lines.map((line) => t(locale, line)).join('\n');
    case 'log':
      return logLine(
        words.round,
        words.events,
        { dynasties: words.dynasties, actor: words.actor ? t(locale, words.actor) : undefined },
        locale,
      );
    case 'round':
      return board ? roundSummaryText(words.round, words.events, board, locale) : '';
    case 'over':
      return board ? overText(words.events, board, locale) : '';
  }
}

// ---- labels for the wizards (docs/cardgame.md "The play wizard" on); pure, shared by the bot and the tests ----

const CORNERS = ['N', 'NE', 'SE', 'S', 'SW', 'NW'] as const;
const lower = <T extends string>(k: T) => k.toLowerCase() as Lowercase<T>;
const STRONGHOLD_STATES = new Map(DATA.board.strongholds.map((h) => [h.id, h.states]));

/** "19 · Gu SW (also Wey, Song)": a stronghold by number and by its corner of its first state. */
export function strongholdLabel(h: number, locale: Locale = 'en'): string {
  const states = STRONGHOLD_STATES.get(h) ?? [];
  const first = states[0] ? STATES.get(states[0]) : undefined;
  const corner = first ? CORNERS.find((k) => first.strongholds[k] === h) : undefined;
  const rest = states.slice(1).map((s) => (STATES.has(s) ? stateWord(s, locale) : s));
  // the corner in the reader's words ("Zhongshan NW", "Zhongshan NO", "中山西北"), docs/locales.md
  const place =
    first && corner
      ? tr(locale, 'cards.stronghold.at', {
          state: stateWord(first.id, locale),
          corner: tr(locale, `cards.corner.${lower(corner)}`),
        })
      : '';
  const at = place ? ` · ${place}` : '';
  return rest.length
    ? tr(locale, 'cards.stronghold.also', { label: `${h}${at}`, others: listOf(rest, locale) })
    : `${h}${at}`;
}

/** What a board looks like to an effect's words: its seats' dynasties, strongholds and states. */
export type BoardLike = {
  seats: readonly { dynasty: DynastyId }[];
  strongholds: Record<string, readonly Owner[]>;
  states: Record<StateId, readonly Owner[]>;
};

function stackText(view: Pick<BoardLike, 'seats'>, armies: readonly Owner[], locale: Locale): string {
  return armies.length === 0
    ? tr(locale, 'cards.stronghold.empty')
    : armies.map((o) => ownerText(view, o, locale)).join(' + ');
}

/** "19 · Wey SE (also Gu, Song) — Qin": a stronghold and what stands on it. */
export function strongholdWithArmies(
  h: number,
  board: Pick<BoardLike, 'seats' | 'strongholds'>,
  locale: Locale = 'en',
): string {
  return `${strongholdLabel(h, locale)} — ${stackText(board, board.strongholds[String(h)] ?? [], locale)}`;
}

/** An effect's target in words, on the board it applies to: "place an army on 19 · Wey SE (also Gu, Song) — empty". */
export function effectTarget(effect: Effect, board: BoardLike, locale: Locale = 'en'): string {
  const at = (h: number) => strongholdWithArmies(h, board, locale);
  if ('draw' in effect) return tr(locale, 'cards.effect.draw');
  switch (effect.symbol) {
    case 'spy':
      return tr(locale, 'cards.effect.spy', { card: cardWord(effect.card, locale) });
    case 'fire': {
      const moves = listOf(
        effect.moves.map((m) => `${ownerText(board, m.owner, locale)} → ${strongholdLabel(m.to, locale)}`),
        locale,
      );
      return tr(locale, 'cards.effect.fire', {
        at: at(effect.stronghold),
        moves: moves || tr(locale, 'cards.effect.fireNothing'),
      });
    }
    case 'forest':
      return tr(locale, 'cards.effect.forest', {
        army: stackText(board, board.states[effect.state] ?? [], locale),
        state: stateTitle(effect.state, locale),
      });
    case 'mountain':
      return tr(locale, 'cards.effect.mountain', { at: at(effect.stronghold) });
    case 'wind':
      return tr(locale, 'cards.effect.wind', { from: strongholdLabel(effect.from, locale), to: at(effect.to) });
    default:
      return tr(locale, 'cards.effect.place', { at: at(effect.stronghold) });
  }
}

/** An effect as the wizard lists it: "🐎 Cavalry: place an army on 19 · Wey SE (also Gu, Song) — empty". */
export function effectLabel(effect: Effect, board: BoardLike, locale: Locale = 'en'): string {
  return tr(locale, 'cards.effect.label', {
    symbol: symbolLabel(effect.symbol, locale),
    target: effectTarget(effect, board, locale),
  });
}

/**
 * The fall-back confirm screen (docs/cardgame.md "The fall-back wizard"): "You will claim 🔥 Fire, 🛞 Chariot. 🐎 Cavalry
 * is tied with Qin (2–2) and will not be claimed."
 */
export function claimPreviewText(preview: readonly ClaimLine[], locale: Locale = 'en'): string {
  const claimed = preview.filter((l) => l.claimed);
  const parts = [
    claimed.length
      ? tr(locale, 'cards.claim.will', {
          claims: listOf(
            claimed.map((l) => symbolLabel(l.symbol, locale)),
            locale,
          ),
        })
      : tr(locale, 'cards.claim.nothing'),
  ];
  for (const l of preview) {
    if (l.claimed || l.mine === 0) continue;
    const who = andList(
      l.bestBy.map((b) =>
        b === 'resistance' ? tr(locale, 'cards.claim.resistance') : dynastyTitle(b as DynastyId, locale),
      ),
      locale,
    );
    parts.push(
      tr(locale, l.mine === l.best ? 'cards.claim.tied' : 'cards.claim.led', {
        symbol: symbolLabel(l.symbol, locale),
        who,
        mine: l.mine,
        best: l.best,
      }),
    );
  }
  return sentences(parts, locale);
}
