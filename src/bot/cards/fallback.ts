/**
 * The fall-back wizard (docs/cardgame.md "The fall-back wizard"), ephemeral and for the seat to act only. Opening it
 * starts the stored draft (a restart or the deadline resumes from it). Every screen shows the whole fall back as it
 * stands: the claims (and what is tied or led by others), each claimed superiority with the player's choice or the
 * default it takes, the recruit, the +1 card. From any screen:
 * - **Fall back now (defaults for the rest)** applies it at once: what is not chosen takes the defaults (design
 *   §3.8), so a fall back of any size takes 2 clicks (the button that opened the wizard, then this one);
 * - or the player chooses, **several superiorities in one menu**: the questions still open (the armies around the
 *   battled state, the cards from the row — Spy's and the recruits —, Forest, Mountain, Fire, Wind) are packed in
 *   order into one multi-select of at most 25 choices, the defaults pre-selected; one pick of the menu stores the
 *   whole screen as one step, and the next screen asks what is left. Fire and Wind are listed whole ("Fire on 14:
 *   Yan → 9") when they fit, else by their source first and their destination on a later screen. Mountain and Wind
 *   wait until the armies are placed (they may build on them). So a hand-picked fall back takes the opening click,
 *   one per screen and the last click: 5 with 3 screens, which every fall back needs at most whenever each screen's
 *   questions fit in one menu (docs/bot.md "Card game turns" gives the numbers); a single question longer than a
 *   menu (Fire's sources or Wind's destinations on an open board, up to 38) gets a screen of its own, in two menus;
 * - **Next (defaults here)** keeps the pre-selected defaults of the screen and moves on;
 * - **Back** undoes the last step (on the first screen: back to the hand), **Cancel** drops every choice.
 * Options come from the engine's target lists on the board as the draft leaves it, so nothing illegal is offered
 * alone; a combination the engine refuses (two armies where one must go to an empty stronghold, more armies than
 * the supply) is answered with its reason and nothing is stored. Custom ids carry a digest of the draft: a click on a
 * view of another draft is stale.
 */
import { createHash } from 'node:crypto';
import {
  activeSeats,
  applyEffect,
  claimPreview,
  claimsOf,
  defaultEffect,
  effectChoices,
  ringOf,
  type CardGameState,
  type CardId,
  type Effect,
  type GameEvent,
  type Seat,
  type SymbolId,
} from '../../cardgame/index.js';
import { cloneState } from '../../cardgame/clone.js';
import {
  bestRowCards,
  fireSources,
  forestTargets,
  isPlaceSymbol,
  mountainTargets,
  windSources,
} from '../../cardgame/effects.js';
import { stack } from '../../cardgame/board.js';
import { Refusal } from '../../cardgame/refusal.js';
import { engineMessage, inNotation } from '../../game/cards/index.js';
import { t, tr, type Locale, type MessageKey } from '../../i18n/index.js';
import { cardType, symbolLabel } from './format.js';
import { claimPreviewText, effectLabel, strongholdLabel, strongholdWithArmies } from './words.js';
import {
  buttonRow,
  fit,
  MAX_OPTIONS,
  selectRow,
  vid,
  type Button,
  type Option,
  type Row,
  type TableRef,
  type View,
  CARD_ACTIONS,
} from './ui.js';
import { cardWord, listOf, ownerWord, stateTitle, symbolWord } from './names.js';

export interface FallBackDraft {
  effects: Effect[];
  recruit: CardId[] | null;
  /** Fire and Wind sources chosen whose destination comes next. */
  sources?: { fire?: number; wind?: number };
}

/** A short digest of the draft: custom ids carry it, so a view of another draft is stale. */
export function draftKey(d: FallBackDraft): string {
  const text = JSON.stringify({ e: d.effects, r: d.recruit, s: d.sources ?? {} });
  return createHash('sha256').update(text).digest('hex').slice(0, 10);
}

/** One superiority as the fall back will resolve it, with the board just before it (for its words). */
export interface PlannedEffect {
  effect: Effect;
  chosen: boolean;
  before: CardGameState;
}

export interface DraftPlan {
  /** The board (and row) as the chosen effects leave it: the next choices are made on it. */
  state: CardGameState;
  claims: SymbolId[];
  remaining: SymbolId[];
  recruitCount: number;
  /** 2, or 1 for the last seat to fall back (before the row's size limits it). */
  recruitMax: number;
  extraDraw: boolean;
  tiebreak: boolean;
  /** What falling back now does: the chosen effects in order, then the defaults for the rest (as the engine does). */
  planned: PlannedEffect[];
  recruit: { cards: CardId[]; chosen: boolean };
}

/**
 * The draft on the seat's own view: the claims as falling back now makes them, the chosen effects in order, then
 * what the engine would do for the rest (docs/cardgame.md "Defaults", each on the board the previous one leaves, in
 * claim order) and the recruit. An error when a chosen effect no longer fits the table.
 */
export function planDraft(
  s: CardGameState,
  seat: Seat,
  effects: readonly Effect[],
  recruit: CardId[] | null = null,
  locale: Locale = 'en',
): DraftPlan | { error: string } {
  const claims = claimsOf(s, seat);
  const tiebreak = s.phase === 'tiebreak';
  const state = cloneState(s);
  state.battle.available = state.battle.available.filter((x) => !claims.includes(x));
  const events: GameEvent[] = [];
  const planned: PlannedEffect[] = [];
  try {
    for (const e of effects) {
      if (!claims.includes(e.symbol))
        return { error: tr(locale, 'cards.fall.notClaimed', { symbol: symbolWord(e.symbol, locale) }) };
      planned.push({ effect: e, chosen: true, before: cloneState(state) });
      applyEffect(state, seat, e, events);
    }
  } catch (err) {
    if (err instanceof Refusal) {
      const reason = engineMessage(err.message);
      return { error: reason ? t(locale, reason) : inNotation(err.message) };
    }
    throw err;
  }
  const done = new Set(effects.map((e) => e.symbol));
  // a tie-break round uses no superiority (D-17): nothing to resolve, nothing to recruit
  const remaining = tiebreak ? [] : claims.filter((c) => !done.has(c));
  const recruitMax = activeSeats(s).length === 1 ? 1 : 2;
  const extraDraw = !s.battle.playedAny[seat];
  // the defaults for the rest, each on the board the previous one leaves (applyFallBack's order)
  const rest = cloneState(state);
  for (const sym of remaining) {
    const e = defaultEffect(rest, seat, sym);
    planned.push({ effect: e, chosen: false, before: cloneState(rest) });
    applyEffect(rest, seat, e, []);
  }
  const recruitCount = tiebreak ? 0 : Math.min(recruitMax, rest.row.length);
  const picks = recruit
    ? { cards: recruit, chosen: true }
    : { cards: bestRowCards(rest.row, recruitCount), chosen: false };
  return { state, claims, remaining, recruitCount, recruitMax, extraDraw, tiebreak, planned, recruit: picks };
}

/** What a superiority does, as the wizard says it under its question (`cards.fall.help.*`). */
function effectHelp(symbol: SymbolId, locale: Locale): string {
  const key = isPlaceSymbol(symbol) ? 'place' : symbol;
  return tr(locale, `cards.fall.help.${key}` as MessageKey);
}

// ---- effects as select values ----

/** A full effect's target as text: Fire's `stronghold|owner>to,owner>to`, Wind's `from>to`, else its one target. */
export function effectValue(e: Effect): string {
  if ('draw' in e) return 'draw';
  switch (e.symbol) {
    case 'spy':
      return e.card;
    case 'forest':
      return e.state;
    case 'fire':
      return `${e.stronghold}|${e.moves.map((m) => `${m.owner}>${m.to}`).join(',')}`;
    case 'wind':
      return `${e.from}>${e.to}`;
    default:
      return String((e as { stronghold: number }).stronghold);
  }
}

/** The effect an option's value names (the engine checks it when it is stored), or null. */
function effectOfValue(sym: 'forest' | 'mountain' | 'fire' | 'wind', text: string): Effect | null {
  if (text === 'draw') return { symbol: sym, draw: true } as Effect;
  const n = (x: string | undefined) => (x !== undefined && /^\d{1,2}$/.test(x) ? Number(x) : null);
  switch (sym) {
    case 'forest':
      return { symbol: 'forest', state: text } as Effect;
    case 'mountain': {
      const h = n(text);
      return h === null ? null : { symbol: 'mountain', stronghold: h };
    }
    case 'wind': {
      const [from, to] = text.split('>').map(n);
      return from == null || to == null ? null : { symbol: 'wind', from, to };
    }
    case 'fire': {
      const [at, list] = text.split('|');
      const h = n(at);
      const moves = (list ?? '')
        .split(',')
        .filter(Boolean)
        .map((m) => m.split('>').map(n));
      if (h === null || moves.some(([o, t]) => o == null || t == null)) return null;
      return { symbol: 'fire', stronghold: h, moves: moves.map(([o, t]) => ({ owner: o!, to: t! })) };
    }
  }
}

/** The effect a value names, checked against the legal choices on `s`; `draw` is always legal. */
export function effectFromValue(s: CardGameState, seat: Seat, symbol: SymbolId, value: string): Effect | null {
  if (value === 'draw') return { symbol, draw: true } as Effect;
  return effectChoices(s, seat, symbol).find((e) => effectValue(e) === value) ?? null;
}

// ---- the questions a screen asks ----

type Kind = 'armies' | 'cards' | 'forest' | 'mountain' | 'fire' | 'wind';

/** One question of a screen: the superiorities it resolves, its options (values `<kind>:…`) and how many picks. */
export interface Question {
  kind: Kind;
  symbols: SymbolId[];
  /** `full`: whole effects; `source`: Fire's or Wind's source (the destination comes next); `to`: that destination. */
  form?: 'full' | 'source' | 'to';
  title: string;
  help: string;
  options: Option[];
  /** The values the defaults pick (pre-selected). */
  defaults: string[];
  min: number;
  max: number;
  /** Whether the cards question chooses the recruits too. */
  recruit?: boolean;
  /** A source form: at most how many choices its destination question (on a later screen) will list. */
  next?: number;
}

function armiesQuestion(plan: DraftPlan, seat: Seat, symbols: SymbolId[], locale: Locale): Question | null {
  const board = plan.state;
  const state = board.currentState;
  const take = Math.min(symbols.length, board.seats[seat]!.supply);
  if (!state || take < 1) return null;
  const ring = [...ringOf(state)].sort((a, b) => a - b);
  const empty = ring.filter((h) => stack(board, h).length === 0);
  const room = ring.filter((h) => stack(board, h).length < 2);
  const options: Option[] = [];
  const place = (h: number, second = false): Option => ({
    label: tr(locale, 'cards.fall.armyOn', {
      second: second ? 'yes' : 'no',
      at: strongholdWithArmies(h, board, locale),
    }),
    value: `${second ? 'armies2' : 'armies'}:${h}`,
  });
  if (empty.length >= take || empty.length === 0) for (const h of empty.length ? empty : room) options.push(place(h));
  else {
    // more armies than empty strongholds: every empty one first, then any with room, a second army on an empty one
    for (const h of room) options.push(place(h));
    for (const h of empty) options.push(place(h, true));
  }
  if (options.length === 0) return null;
  const defaults: string[] = [];
  for (const p of plan.planned) {
    if (p.chosen || !symbols.includes(p.effect.symbol) || !('stronghold' in p.effect)) continue;
    const h = (p.effect as { stronghold: number }).stronghold;
    defaults.push(defaults.includes(`armies:${h}`) ? `armies2:${h}` : `armies:${h}`);
  }
  const names = listOf(
    symbols.map((x) => symbolWord(x, locale)),
    locale,
  );
  return {
    kind: 'armies',
    symbols,
    title: tr(locale, 'cards.fall.armiesTitle', { state: stateTitle(state, locale), symbols: names }),
    help: effectHelp('cavalry', locale),
    options,
    defaults: defaults.filter((v) => options.some((o) => o.value === v)),
    min: 0,
    max: Math.min(take, options.length),
  };
}

function cardsQuestion(plan: DraftPlan, spy: boolean, locale: Locale): Question | null {
  const row = plan.state.row;
  const recruit = !plan.recruit.chosen && !plan.tiebreak;
  if (!spy && !recruit) return null;
  const L = row.length;
  const R = plan.recruitMax;
  const seen = new Map<string, number>();
  const options: Option[] = row.map((c) => {
    const n = (seen.get(cardType(c)) ?? 0) + 1;
    seen.set(cardType(c), n);
    const card = cardWord(c, locale);
    return {
      label: n > 1 ? tr(locale, 'cards.fall.takeCopy', { card, n }) : tr(locale, 'cards.fall.take', { card }),
      value: `cards:${c}`,
    };
  });
  if (spy) options.push({ label: tr(locale, 'cards.fall.spyDraw'), value: 'cards:draw' });
  // picks: Spy's card (or its draw) and the recruits from what is left
  // (the question has Spy only while the row has a card)
  const counts = spy ? [1 + (recruit ? Math.min(R, L - 1) : 0), 1 + (recruit ? Math.min(R, L) : 0)] : [Math.min(R, L)];
  const min = Math.min(...counts);
  const max = Math.min(options.length, Math.max(...counts));
  if (max < 1) return null;
  // nothing to choose: every option must be taken
  if (options.length === min && min === max) return null;
  const defaults: string[] = [];
  const spyDefault = plan.planned.find((p) => !p.chosen && p.effect.symbol === 'spy')?.effect;
  if (spy && spyDefault)
    defaults.push('draw' in spyDefault ? 'cards:draw' : `cards:${(spyDefault as { card: string }).card}`);
  if (recruit) defaults.push(...plan.recruit.cards.map((c) => `cards:${c}`));
  const what = spy && recruit ? 'both' : spy ? 'spy' : 'recruit';
  return {
    kind: 'cards',
    symbols: spy ? ['spy'] : [],
    title: tr(locale, 'cards.fall.cardsTitle', { what, count: plan.recruitCount }),
    help: recruit
      ? tr(locale, 'cards.fall.help.cards', { spy: spy ? 'yes' : 'no', max: plan.recruitMax })
      : tr(locale, 'cards.fall.help.spyOnly'),
    options,
    defaults,
    min,
    max,
    recruit,
  };
}

/**
 * Forest or Mountain. `placed`: empty strongholds the armies question of the same menu may fill — Mountain may stack
 * on an army placed there (the engine checks it once the armies are placed).
 */
function oneQuestion(
  plan: DraftPlan,
  seat: Seat,
  sym: 'forest' | 'mountain',
  placed: readonly number[],
  locale: Locale,
): Question | null {
  const board = plan.state;
  const targets: Effect[] =
    sym === 'forest'
      ? forestTargets(board, seat).map((state) => ({ symbol: 'forest', state }) as Effect)
      : mountainTargets(board, seat).map((stronghold) => ({ symbol: 'mountain', stronghold }));
  const later =
    sym === 'mountain' && board.seats[seat]!.supply > 1
      ? placed.filter((h) => !targets.some((e) => 'stronghold' in e && e.stronghold === h))
      : [];
  if (targets.length === 0 && later.length === 0) return null;
  const options: Option[] = [
    ...targets.map((e) => ({
      label: effectLabel(e, board, locale),
      value: `${sym}:${effectValue(e)}`,
    })),
    ...later.map((h) => ({
      label: tr(locale, 'cards.fall.mountainLater', {
        symbol: symbolLabel(sym, locale),
        at: strongholdLabel(h, locale),
      }),
      value: `${sym}:${h}`,
    })),
  ];
  const d = plan.planned.find((p) => !p.chosen && p.effect.symbol === sym)?.effect;
  // left unselected, it draws (its default, docs/cardgame.md "Defaults")
  return {
    kind: sym,
    symbols: [sym],
    title: symbolLabel(sym, locale),
    help: effectHelp(sym, locale),
    options,
    defaults: d && !('draw' in d) ? [`${sym}:${effectValue(d)}`] : [],
    min: 0,
    max: 1,
  };
}

function fireWords(
  e: Extract<Effect, { moves: unknown }>,
  board: CardGameState,
  long: boolean,
  locale: Locale,
): string {
  const owner = (o: number) =>
    ownerWord(
      board.seats.map((x) => x.dynasty),
      o,
      locale,
    );
  const to = (h: number) => (long ? strongholdWithArmies(h, board, locale) : strongholdLabel(h, locale));
  return e.moves.map((m) => `${owner(m.owner)} → ${to(m.to)}`).join(locale.startsWith('zh') ? '；' : '; ');
}

/** Fire or Wind, in the forms it may be asked in: whole effects, or the source (or, after it, the destination). */
function moveForms(
  plan: DraftPlan,
  seat: Seat,
  sym: 'fire' | 'wind',
  pending: number | undefined,
  placed: readonly number[],
  locale: Locale,
): Question[] {
  const board = plan.state;
  const label = symbolLabel(sym, locale);
  const at = (h: number) => strongholdWithArmies(h, board, locale);
  const help = effectHelp(sym, locale);
  const all = effectChoices(board, seat, sym);
  // left unselected, it draws (its default, docs/cardgame.md "Defaults")
  const base = { kind: sym, symbols: [sym] as SymbolId[], min: 0, max: 1, defaults: [] as string[] };
  const whole = (e: Effect, long: boolean): Option =>
    'moves' in e
      ? {
          label: long
            ? tr(locale, 'cards.effect.label', { symbol: label, target: fireWords(e, board, true, locale) })
            : tr(locale, 'cards.fall.fireOn', {
                symbol: label,
                at: strongholdLabel(e.stronghold, locale),
                moves: fireWords(e, board, false, locale),
              }),
          value: `${sym}:${effectValue(e)}`,
        }
      : {
          label: long
            ? tr(locale, 'cards.fall.windTo', { symbol: label, at: at((e as { to: number }).to) })
            : tr(locale, 'cards.effect.label', {
                symbol: label,
                target: `${(e as { from: number }).from} → ${at((e as { to: number }).to)}`,
              }),
          value: `${sym}:${effectValue(e)}`,
        };
  if (pending !== undefined) {
    const from = all.filter((e) => ('from' in e ? e.from : 'stronghold' in e ? e.stronghold : -1) === pending);
    if (from.length === 0) return [];
    const where = tr(locale, sym === 'fire' ? 'cards.fall.fireWhere' : 'cards.fall.windWhere', {
      symbol: symbolWord(sym, locale),
      at: at(pending),
    });
    return [{ ...base, form: 'to', title: where, help, options: from.map((e) => whole(e, true)) }];
  }
  const sources = sym === 'fire' ? fireSources(board, seat) : windSources(board, seat);
  // Wind may move an army the armies question of the same menu places (its destinations are listed after)
  const later = sym === 'wind' ? placed.filter((h) => !sources.includes(h)) : [];
  if (all.length === 0 && later.length === 0) return [];
  const full: Question = {
    ...base,
    form: 'full',
    title: label,
    help,
    options: all.map((e) => whole(e, false)),
  };
  // by source: a source with one way to use it is listed whole; the others (and armies placed now) by the source alone
  const fromHere = (h: number) =>
    all.filter((e) => ('from' in e ? e.from : 'stronghold' in e ? e.stronghold : -1) === h);
  const open = [...sources.filter((h) => fromHere(h).length > 1), ...later];
  const source: Question = {
    ...base,
    form: 'source',
    title: tr(locale, 'cards.fall.sourceTitle', { symbol: label, fire: sym === 'fire' ? 'yes' : 'no' }),
    help,
    options: [
      ...sources.map((h) =>
        fromHere(h).length === 1
          ? whole(fromHere(h)[0]!, false)
          : {
              label: tr(locale, sym === 'fire' ? 'cards.fall.fireAt' : 'cards.fall.windFrom', {
                symbol: label,
                at: at(h),
              }),
              value: `${sym}@${h}`,
            },
      ),
      ...later.map((h) => ({
        label: tr(locale, 'cards.fall.windPlaced', { symbol: label, at: strongholdLabel(h, locale) }),
        value: `${sym}@${h}`,
      })),
    ],
    // the most destinations a source listed alone has (an army placed now: as many as any stronghold may have)
    ...(open.length
      ? {
          next: Math.max(
            ...sources.filter((h) => open.includes(h)).map((h) => fromHere(h).length),
            ...(later.length ? [MAX_WIND_REACH] : []),
          ),
        }
      : {}),
  };
  if (later.length) return [source];
  return full.options.length <= source.options.length ? [full] : [full, source];
}

/** Wind's destinations from one army are at most every other stronghold. */
const MAX_WIND_REACH = 36;

/** What a screen asks: one multi-select of packed questions, or one long question alone (over up to 2 menus). */
export interface Screen {
  plan: DraftPlan;
  questions: Question[];
  /** One question longer than a menu: single choice, split over menus of 25. */
  long: boolean;
  /** Fire and Wind sources chosen whose destination is still to be asked (on this screen or a later one). */
  asking: ('fire' | 'wind')[];
  /** The reader's locale: the questions are worded in it, and so are the refusals of their picks. */
  locale: Locale;
}

/** A question's forms as sizes, for the packing search: its choices, and the destination question a source form adds. */
type Sizes = { size: number; next?: number }[];

/**
 * The fewest screens (menus) that ask `items`: each screen packs questions (one form each) into at most 25 choices, a
 * question longer than a menu in every form takes a screen alone, and a source form adds its destination question for
 * a later screen. Exact, over at most 6 questions (and the destinations they add).
 */
function fewestScreens(items: readonly Sizes[], memo = new Map<string, number>()): number {
  if (items.length === 0) return 0;
  const key = items
    .map((f) => f.map((x) => `${x.size}>${x.next ?? ''}`).join('|'))
    .sort()
    .join(';');
  const known = memo.get(key);
  if (known !== undefined) return known;
  let best = Infinity;
  for (const screen of screensOf(items)) best = Math.min(best, 1 + fewestScreens(after(items, screen), memo));
  memo.set(key, best);
  return best;
}

/** Every screen `items` allow: a set of [item, form] that fits a menu, or one long item alone. */
function screensOf(items: readonly Sizes[]): [number, number][][] {
  const out: [number, number][][] = [];
  const walk = (i: number, used: number, picked: [number, number][]) => {
    if (i === items.length) {
      if (picked.length) out.push(picked);
      return;
    }
    walk(i + 1, used, picked);
    items[i]!.forEach((f, k) => {
      if (used + f.size <= MAX_OPTIONS) walk(i + 1, used + f.size, [...picked, [i, k]]);
    });
  };
  walk(0, 0, []);
  items.forEach((forms, i) => {
    if (forms.every((f) => f.size > MAX_OPTIONS))
      out.push([[i, forms.reduce((a, f, k) => (f.size < forms[a]!.size ? k : a), 0)]]);
  });
  return out;
}

/** What is left to ask after a screen: the other questions, and the destinations its source forms add. */
function after(items: readonly Sizes[], screen: readonly [number, number][]): Sizes[] {
  const rest = items.filter((_, i) => !screen.some(([j]) => j === i));
  for (const [i, k] of screen) {
    const next = items[i]![k]!.next;
    if (next !== undefined) rest.push([{ size: next }]);
  }
  return rest;
}

/**
 * The questions still open on the draft (the armies around the battled state, the cards from the row, Forest,
 * Mountain, Fire, Wind, and the destinations of a Fire or Wind source chosen before), and the ones this screen asks:
 * of all the ways to pack them into menus of at most 25 choices, one that needs the fewest screens in all, asking
 * the earliest questions first. A question longer than a menu is asked alone.
 */
export function screenOf(
  s: CardGameState,
  seat: Seat,
  draft: FallBackDraft,
  locale: Locale = 'en',
): Screen | { error: string } {
  const plan = planDraft(s, seat, draft.effects, draft.recruit, locale);
  if ('error' in plan) return plan;
  if (plan.tiebreak) return { plan, questions: [], long: false, asking: [], locale };
  const open = (sym: SymbolId) => plan.remaining.includes(sym);
  const pending = draft.sources ?? {};
  const tactics = plan.remaining.filter((x) => isPlaceSymbol(x));
  const armies = tactics.length ? armiesQuestion(plan, seat, tactics, locale) : null;
  // empty strongholds the armies may fill in the same menu (Mountain and Wind may build on them)
  const placed = armies
    ? armies.options
        .filter((o) => o.value.startsWith('armies:') && stack(plan.state, Number(o.value.slice(7))).length === 0)
        .map((o) => Number(o.value.slice(7)))
    : [];
  const candidates: Question[][] = [];
  if (armies) candidates.push([armies]);
  const cards = cardsQuestion(plan, open('spy') && plan.state.row.length > 0, locale);
  if (cards) candidates.push([cards]);
  for (const sym of ['forest', 'mountain'] as const) {
    const q = open(sym) ? oneQuestion(plan, seat, sym, placed, locale) : null;
    if (q) candidates.push([q]);
  }
  for (const sym of ['fire', 'wind'] as const) {
    const forms = open(sym) ? moveForms(plan, seat, sym, pending[sym], placed, locale) : [];
    if (forms.length) candidates.push(forms);
  }
  const asking = (['fire', 'wind'] as const).filter(
    (sym) =>
      pending[sym] !== undefined && candidates.some((forms) => forms[0]!.kind === sym && forms[0]!.form === 'to'),
  );
  if (candidates.length === 0) return { plan, questions: [], long: false, asking, locale };
  const items: Sizes[] = candidates.map((forms) =>
    forms.map((q) => ({ size: q.options.length, ...(q.next !== undefined ? { next: q.next } : {}) })),
  );
  const memo = new Map<string, number>();
  let best: { screen: [number, number][]; total: number } | null = null;
  for (const screen of screensOf(items)) {
    const total = 1 + fewestScreens(after(items, screen), memo);
    // fewest screens; then the earliest questions first; then the most questions now
    const better = !best || total < best.total || (total === best.total && earlier(screen, best.screen));
    if (better) best = { screen, total };
  }
  const questions = best!.screen.map(([i, k]) => candidates[i]![k]!);
  return {
    plan,
    questions,
    long: questions.length === 1 && questions[0]!.options.length > MAX_OPTIONS,
    asking,
    locale,
  };
}

/** Whether screen `a` asks earlier questions than `b` (compared question by question), or as early and more. */
function earlier(a: readonly [number, number][], b: readonly [number, number][]): boolean {
  const ia = a.map(([i]) => i).sort((x, y) => x - y);
  const ib = b.map(([i]) => i).sort((x, y) => x - y);
  for (let k = 0; k < Math.min(ia.length, ib.length); k++) if (ia[k] !== ib[k]) return ia[k]! < ib[k]!;
  return ia.length > ib.length;
}

// ---- reading a screen's picks ----

export interface ScreenChoice {
  effects: Effect[];
  recruit?: CardId[];
  sources?: { fire?: number; wind?: number };
}

/** The step a screen's picks make, or the sentence why they do not fit (nothing is stored then). */
export function readPicks(screen: Screen, _seat: Seat, values: readonly string[]): ScreenChoice | { error: string } {
  const { plan, locale } = screen;
  const board = plan.state;
  const byKind = new Map<Kind, string[]>();
  for (const v of values) {
    const q = screen.questions.find((x) => x.options.some((o) => o.value === v));
    if (!q) return { error: tr(locale, 'cards.fall.gone') };
    byKind.set(q.kind, [...(byKind.get(q.kind) ?? []), v]);
  }
  const out: ScreenChoice = { effects: [] };
  for (const q of screen.questions) {
    const picks = byKind.get(q.kind) ?? [];
    const rest = (v: string) => v.slice(v.indexOf(v.includes('@') ? '@' : ':') + 1);
    switch (q.kind) {
      case 'armies': {
        if (picks.length > q.max) return { error: tr(locale, 'cards.fall.tooManyArmies', { max: q.max }) };
        const first = picks.filter((v) => v.startsWith('armies:')).map((v) => Number(rest(v)));
        const second = picks.filter((v) => v.startsWith('armies2:')).map((v) => Number(rest(v)));
        for (const h of second)
          if (!first.includes(h))
            return { error: tr(locale, 'cards.fall.secondNeedsFirst', { at: strongholdLabel(h, locale) }) };
        // every empty stronghold first (the rule asks for them while any is empty), then the others, then 2nd armies
        const isEmpty = (h: number) => stack(board, h).length === 0;
        const order = [
          ...first.filter(isEmpty).sort((a, b) => a - b),
          ...first.filter((h) => !isEmpty(h)).sort((a, b) => a - b),
          ...second.sort((a, b) => a - b),
        ];
        q.symbols.forEach((sym, i) =>
          out.effects.push(
            i < order.length
              ? ({ symbol: sym, stronghold: order[i]! } as Effect)
              : ({ symbol: sym, draw: true } as Effect),
          ),
        );
        break;
      }
      case 'cards': {
        const spyDraw = picks.includes('cards:draw');
        const cards = picks.filter((v) => v !== 'cards:draw').map(rest);
        // in row order, so Spy's card is the first of the row's picks
        cards.sort((a, b) => board.row.indexOf(a) - board.row.indexOf(b));
        const spy = q.symbols.includes('spy');
        const L = board.row.length;
        const recruits = q.recruit ? Math.min(plan.recruitMax, spy && !spyDraw ? L - 1 : L) : 0;
        const want = (spy && !spyDraw ? 1 : 0) + recruits;
        if (cards.length !== want)
          return {
            error: tr(locale, 'cards.fall.takeCount', {
              want,
              given: cards.length,
              spy: spy ? (spyDraw ? 'draw' : 'card') : 'no',
              recruit: q.recruit ? 'yes' : 'no',
              recruits,
            }),
          };
        if (spy) out.effects.push(spyDraw ? { symbol: 'spy', draw: true } : { symbol: 'spy', card: cards.shift()! });
        if (q.recruit) out.recruit = cards;
        break;
      }
      default: {
        if (picks.length > 1)
          return {
            error: tr(locale, 'cards.fall.atMostOne', {
              symbol: symbolLabel(q.kind as SymbolId, locale),
              count: picks.length,
            }),
          };
        // left unselected: a draw
        const v = picks[0] ?? `${q.kind}:draw`;
        if (v.includes('@')) {
          out.sources = { ...out.sources, [q.kind]: Number(rest(v)) };
          break;
        }
        const e = effectOfValue(q.kind as 'forest' | 'mountain' | 'fire' | 'wind', rest(v));
        if (!e) return { error: tr(locale, 'cards.fall.gone') };
        out.effects.push(e);
      }
    }
  }
  return out;
}

/** The screen's defaults as picks (what **Next** keeps). */
export function defaultPicks(screen: Screen): string[] {
  return screen.questions.flatMap((q) => q.defaults);
}

// ---- the view ----

/** The claims, what is tied or led by others, and the fall back as it stands (choices and defaults). */
function planText(
  s: CardGameState,
  seat: Seat,
  plan: DraftPlan,
  pending: FallBackDraft['sources'],
  asking: readonly string[],
  locale: Locale,
): string {
  const say = (key: MessageKey, params?: Record<string, string | number>) => tr(locale, key, params);
  const lines = [say('cards.fall.head', { claims: claimPreviewText(claimPreview(s, seat), locale) })];
  if (plan.tiebreak) {
    lines.push(say('cards.fall.tiebreak'));
    return lines.join('\n');
  }
  if (plan.planned.length || plan.recruitCount || plan.extraDraw)
    lines.push(say(plan.remaining.length || !plan.recruit.chosen ? 'cards.fall.asItStands' : 'cards.fall.yours'));
  for (const p of plan.planned) {
    const h = pending?.[p.effect.symbol as 'fire' | 'wind'];
    const fire = p.effect.symbol === 'fire' ? 'yes' : 'no';
    const note =
      p.chosen || h === undefined
        ? p.chosen
          ? ''
          : ` ${say('cards.fall.default')}`
        : asking.includes(p.effect.symbol)
          ? ` ${say('cards.fall.defaultUntil', { fire, at: strongholdLabel(h, locale) })}`
          : ` ${say('cards.fall.defaultNowhere', { at: strongholdLabel(h, locale) })}`;
    lines.push(`• ${effectLabel(p.effect, p.before, locale)}${note}`);
  }
  if (plan.recruitCount)
    lines.push(
      say('cards.fall.recruitLine', {
        cards: listOf(
          plan.recruit.cards.map((c) => cardWord(c, locale)),
          locale,
        ),
        chosen: plan.recruit.chosen ? 'yes' : 'no',
        last: plan.recruitMax === 1 ? 'yes' : 'no',
      }),
    );
  if (plan.extraDraw) lines.push(say('cards.fall.extraDraw'));
  return lines.join('\n');
}

function finishButtons(ref: TableRef, key: string, plan: DraftPlan, asking: boolean, locale: Locale): Row {
  const defaulting = asking || plan.remaining.length > 0 || (plan.recruitCount > 0 && !plan.recruit.chosen);
  const buttons: Button[] = [
    {
      id: vid(ref, CARD_ACTIONS.fallDone, key),
      label: tr(locale, defaulting ? 'cards.fall.doneDefaults' : 'cards.button.fall'),
      style: 'success',
      emoji: '✅',
    },
  ];
  if (asking) buttons.push({ id: vid(ref, CARD_ACTIONS.fallNext, key), label: tr(locale, 'cards.fall.next') });
  buttons.push({ id: vid(ref, CARD_ACTIONS.fallBack, key), label: tr(locale, 'cards.button.back') });
  if (!plan.tiebreak)
    buttons.push({
      id: vid(ref, CARD_ACTIONS.fallPreview, key),
      label: tr(locale, 'cards.fall.previewButton'),
      emoji: '🗺',
    });
  buttons.push({ id: vid(ref, CARD_ACTIONS.fallCancel), label: tr(locale, 'cards.button.cancel') });
  return buttonRow(buttons);
}

const MAX_CONTENT = 2000;

/**
 * The wizard's screen for a draft: the plan, and the questions still open in one menu (the defaults pre-selected),
 * or the last screen with **Fall back**; with Next, Back, Preview board and Cancel. `error` (a refused pick) heads it.
 */
export function draftScreen(
  ref: TableRef,
  s: CardGameState,
  seat: Seat,
  draft: FallBackDraft,
  error?: string,
  locale: Locale = 'en',
  lead?: string,
): View {
  const say = (key: MessageKey, params?: Record<string, string | number>) => tr(locale, key, params);
  const screen = screenOf(s, seat, draft, locale);
  if ('error' in screen) return staleDraft(ref, screen.error, locale);
  const { plan, questions } = screen;
  const key = draftKey(draft);
  const rows: Row[] = [];
  let content = planText(s, seat, plan, draft.sources, screen.asking, locale);
  if (questions.length) {
    const options = questions.flatMap((q) => q.options.map((o) => ({ ...o, default: q.defaults.includes(o.value) })));
    if (screen.long) {
      for (let i = 0; i * MAX_OPTIONS < options.length; i++) {
        const part = options.slice(i * MAX_OPTIONS, (i + 1) * MAX_OPTIONS);
        const n = Math.ceil(options.length / MAX_OPTIONS);
        rows.push(
          selectRow(
            vid(ref, CARD_ACTIONS.fallPick, key, i),
            n > 1 ? say('cards.fall.part', { title: questions[0]!.title, i: i + 1, n }) : questions[0]!.title,
            part,
          ),
        );
      }
    } else {
      const min = questions.reduce((n, q) => n + q.min, 0);
      const max = Math.min(
        options.length,
        questions.reduce((n, q) => n + q.max, 0),
      );
      rows.push(selectRow(vid(ref, CARD_ACTIONS.fallPick, key), placeholder(questions, locale), options, { min, max }));
    }
    const asked = questions.map((q) =>
      say('cards.fall.question', {
        title: q.title,
        help: q.help,
        armies: q.kind === 'armies' ? 'yes' : 'no',
        max: q.max,
      }),
    );
    const how = screen.long
      ? say('cards.fall.howLong')
      : say('cards.fall.how', { many: questions.length > 1 ? 'yes' : 'no' });
    content += `\n\n${say('cards.fall.chooseNow')}\n${asked.join('\n')}\n${how}`;
  } else if (!plan.tiebreak) content += `\n\n${say('cards.fall.pressDone')}`;
  if (error) content = `⚠️ ${error}\n${content}`;
  if (lead) content = `${lead}\n${content}`;
  rows.push(finishButtons(ref, key, plan, questions.length > 0, locale));
  if (!plan.tiebreak) content += `\n${say('cards.fall.private')}`;
  return { content: fit(content, MAX_CONTENT), components: rows };
}

/** "One each: Forest, Fire; up to 2 armies; 3 cards" (at most 150 characters). */
function placeholder(questions: readonly Question[], locale: Locale): string {
  const parts = questions.map((q) => {
    if (q.kind === 'armies') return tr(locale, 'cards.fall.ph.armies', { max: q.max });
    if (q.kind === 'cards')
      return q.min === q.max
        ? tr(locale, 'cards.fall.ph.cards', { count: q.min })
        : tr(locale, 'cards.fall.ph.picks', { min: q.min, max: q.max });
    const form = q.form === 'source' ? `${q.kind}Source` : q.form === 'to' ? 'to' : 'whole';
    return tr(locale, 'cards.fall.ph.symbol', { symbol: symbolWord(q.kind, locale), form });
  });
  return tr(locale, 'cards.fall.ph.choose', { parts: parts.join(locale.startsWith('zh') ? '；' : '; ') });
}

function staleDraft(ref: TableRef, why: string, locale: Locale): View {
  return {
    content: `⚠️ ${tr(locale, 'cards.fall.stale', { why })}`,
    components: [
      buttonRow([{ id: vid(ref, CARD_ACTIONS.fallOpen), label: tr(locale, 'cards.button.reopen'), emoji: '↩' }]),
    ],
  };
}
