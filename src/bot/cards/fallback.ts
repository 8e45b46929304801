/**
 * The fall-back wizard (design §3.6), ephemeral and for the seat to act only:
 * 1. the confirm screen: what falling back now claims, and which symbols are tied and lost; [Fall back] starts a
 *    draft (stored by the game layer: a restart or the deadline resumes from it);
 * 2. one claimed superiority at a time, in the player's order: [Use] through a select of its legal targets only
 *    (Fire: the stronghold, then how its armies move; Wind: the army, then where it goes), or [Draw a card
 *    instead]; each step shows what the draft does so far;
 * 3. the recruit: exactly 2 cards of the row (1 when last);
 * 4. [Done]: the game layer applies the whole fall back in one transaction.
 * Targets come from the engine's `effectChoices` on the board as the draft leaves it, so nothing illegal is
 * offered. Custom ids carry the draft's step count: a click on an older step is stale.
 */
import { activeSeats, applyEffect, claimPreview, effectChoices, fallBackOption, type CardGameState, type CardId, type Effect, type GameEvent, type Seat, type StateId, type SymbolId } from '../../cardgame/index.js';
import { cloneState } from '../../cardgame/clone.js';
import { stack } from '../../cardgame/board.js';
import { strongholdLabel } from '../../game/cards/text.js';
import { Refusal } from '../../cardgame/refusal.js';
import { sideName, cardLabel, stateLabel, symbolEmoji, symbolLabel, title } from './format.js';
import { buttonRow, pagedSelect, selectRow, vid, type Option, type Row, type TableRef, type View } from './ui.js';

export interface FallBackDraft {
  effects: Effect[];
  recruit: CardId[] | null;
}

/** The draft's step count: it grows with every choice, so a view of an older step is stale. */
export function draftStep(d: FallBackDraft): number {
  return d.effects.length + (d.recruit ? 1 : 0);
}

export interface DraftPlan {
  /** The board (and row) as the chosen effects leave it. */
  state: CardGameState;
  claims: SymbolId[];
  remaining: SymbolId[];
  recruitCount: number;
  extraDraw: boolean;
  tiebreak: boolean;
  /** One line per chosen effect. */
  lines: string[];
}

/** Claims as falling back now makes them, then the draft's effects in order; an error when one no longer fits. */
export function planDraft(s: CardGameState, seat: Seat, effects: readonly Effect[]): DraftPlan | { error: string } {
  const option = fallBackOption(s, seat, false);
  const state = cloneState(s);
  state.battle.available = state.battle.available.filter((x) => !option.claims.includes(x));
  const events: GameEvent[] = [];
  const lines: string[] = [];
  try {
    for (const e of effects) {
      if (!option.claims.includes(e.symbol)) return { error: `${title(e.symbol)} is not among your claims.` };
      applyEffect(state, seat, e, events);
      lines.push(effectWords(e, s));
    }
  } catch (err) {
    if (err instanceof Refusal) return { error: err.message };
    throw err;
  }
  const done = new Set(effects.map((e) => e.symbol));
  const last = activeSeats(s).length === 1;
  const recruitCount = s.phase === 'tiebreak' ? 0 : Math.min(last ? 1 : 2, state.row.length);
  // a tie-break round uses no superiority (D-17): nothing to resolve, straight to Done
  const remaining = s.phase === 'tiebreak' ? [] : option.claims.filter((c) => !done.has(c));
  return { state, claims: option.claims, remaining, recruitCount, extraDraw: option.extraDraw, tiebreak: s.phase === 'tiebreak', lines };
}

/** The stronghold Fire works on, or the one Wind moves from. */
function sourceOf(e: Effect): number {
  return 'from' in e ? e.from : 'stronghold' in e ? e.stronghold : -1;
}

// ---- words ----

/** "19 · Gu SW (also Wey, Song) — empty" (the game layer's stronghold name, then what stands there). */
export function strongholdWords(s: CardGameState, h: number): string {
  const armies = stack(s, h);
  return `${strongholdLabel(h)} — ${armies.length === 0 ? 'empty' : armies.map((o) => (o === 'neutral' ? 'neutral' : title(s.seats[o]!.dynasty))).join(' + ')}`;
}

export function effectWords(e: Effect, s: CardGameState): string {
  const head = symbolLabel(e.symbol);
  if ('draw' in e) return `${head}: draw a card instead`;
  switch (e.symbol) {
    case 'spy':
      return `${head}: take ${cardLabel(e.card)} from the row`;
    case 'fire':
      return `${head}: on stronghold ${e.stronghold}, ${e.moves.map((m) => `${title(s.seats[m.owner]!.dynasty)} → ${m.to}`).join(', ')}`;
    case 'forest':
      return `${head}: an army beneath the army of ${stateLabel(e.state)}`;
    case 'mountain':
      return `${head}: a second army on stronghold ${e.stronghold}`;
    case 'wind':
      return `${head}: move your army ${e.from} → ${e.to}`;
    default:
      return `${head}: an army on stronghold ${(e as { stronghold: number }).stronghold}`;
  }
}

const EFFECT_HELP: Record<SymbolId, string> = {
  cavalry: 'place 1 army on a stronghold around the battled state (an empty one if any is empty)',
  chariot: 'place 1 army on a stronghold around the battled state (an empty one if any is empty)',
  crossbow: 'place 1 army on a stronghold around the battled state (an empty one if any is empty)',
  infantry: 'place 1 army on a stronghold around the battled state (an empty one if any is empty)',
  spy: 'take any 1 card from the recruiting row (and choose the next battle and its start player)',
  fire: 'pick a stronghold: every single opponent army there moves to an adjacent stronghold',
  forest: 'place 1 army beneath the only army of any state (neutral or an opponent’s)',
  mountain: 'stack a second army on a stronghold holding exactly 1 army of yours',
  wind: 'move 1 of your armies along roads through empty strongholds (stopping at the first army)',
};

// ---- select values ----

/** A target as a select value; Fire's is `stronghold|owner>to,owner>to`, Wind's the destination (the source is in the id). */
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
      return String(e.to);
    default:
      return String((e as { stronghold: number }).stronghold);
  }
}

/** The effect a select value (and Wind's source) names, checked against the legal choices. */
export function effectFromValue(s: CardGameState, seat: Seat, symbol: SymbolId, value: string, source?: number): Effect | null {
  const choices = effectChoices(s, seat, symbol);
  return choices.find((e) => effectValue(e) === value && (e.symbol !== 'wind' || sourceOf(e) === source)) ?? null;
}

// ---- screens ----

/** The confirm screen: "You will claim 🔥 Fire, 🛞 Chariot. 🐎 Cavalry is tied with Qin (2–2) and will not be claimed." */
export function confirmText(s: CardGameState, seat: Seat): string {
  const lines = claimPreview(s, seat);
  const claims = lines.filter((l) => l.claimed).map((l) => symbolLabel(l.symbol));
  const tied = lines.filter((l) => l.mine > 0 && l.mine === l.best).map((l) => `${symbolLabel(l.symbol)} is tied with ${l.bestBy.map(sideName).join(' and ')} (${l.mine}–${l.best})`);
  const behind = lines.filter((l) => l.mine > 0 && l.mine < l.best).map((l) => `${symbolLabel(l.symbol)} is led by ${l.bestBy.map(sideName).join(' and ')} (${l.mine}–${l.best})`);
  const option = fallBackOption(s, seat, false);
  const out = [claims.length ? `You will claim ${claims.join(', ')}.` : 'You will claim nothing.'];
  if (tied.length) out.push(`${tied.join('; ')}: not claimed.`);
  if (behind.length) out.push(`${behind.join('; ')}: not claimed.`);
  if (s.phase === 'tiebreak') out.push('Tie-break round: no armies are placed and no cards taken.');
  else {
    if (option.recruitCount > 0) out.push(`Then you take ${option.recruitCount} card${option.recruitCount === 1 ? '' : 's'} from the recruiting row.`);
    if (option.extraDraw) out.push('You played no card this round: +1 card from the deck.');
  }
  return out.join('\n');
}

export function confirmStep(ref: TableRef, s: CardGameState, seat: Seat): View {
  return {
    content: `↩ **Fall back?**\n${confirmText(s, seat)}\nNothing is public until you press Done.`,
    components: [
      buttonRow([
        { id: vid(ref, 'fb'), label: 'Fall back', style: 'primary', emoji: '↩' },
        { id: vid(ref, 'fx'), label: 'Cancel' },
      ]),
    ],
  };
}

function draftHead(plan: DraftPlan): string {
  const done = plan.lines.length ? `\nChosen so far:\n${plan.lines.map((l) => `• ${l}`).join('\n')}` : '';
  return `↩ **Fall back** — you claim ${plan.claims.length ? plan.claims.map(symbolEmoji).join(' ') : 'nothing'}.${done}`;
}

function targetOption(s: CardGameState, e: Effect): Option {
  const value = effectValue(e);
  switch (e.symbol) {
    case 'spy':
      return { label: cardLabel((e as { card: CardId }).card), value };
    case 'forest': {
      const st = (e as { state: StateId }).state;
      const top = s.states[st][0]!;
      return { label: stateLabel(st), value, description: `beneath the ${top === 'neutral' ? 'neutral' : title(s.seats[top]!.dynasty)} army` };
    }
    case 'fire': {
      const f = e as Extract<Effect, { symbol: 'fire' }>;
      return { label: f.moves.map((m) => `${title(s.seats[m.owner]!.dynasty)} → ${strongholdWords(s, m.to)}`).join('; '), value };
    }
    case 'wind':
      return { label: `to ${strongholdWords(s, (e as { to: number }).to)}`, value };
    default:
      return { label: strongholdWords(s, (e as { stronghold: number }).stronghold), value };
  }
}

/**
 * The step for one superiority (`focus`, default the first remaining): a select of its legal targets (Fire and
 * Wind: the source first), [Draw a card instead], and a select to resolve another one first.
 */
export function effectStep(ref: TableRef, s: CardGameState, seat: Seat, draft: FallBackDraft, focus?: SymbolId, page = 0): View {
  const plan = planDraft(s, seat, draft.effects);
  if ('error' in plan) return staleDraft(ref, plan.error);
  if (plan.remaining.length === 0) return recruitStep(ref, s, seat, draft);
  const n = draftStep(draft);
  const sym = focus && plan.remaining.includes(focus) ? focus : plan.remaining[0]!;
  const rows: Row[] = [];
  if (plan.remaining.length > 1) {
    rows.push(selectRow(vid(ref, 'ff', n), 'Resolve another superiority first', plan.remaining.map((r) => ({ label: symbolLabel(r), value: r, default: r === sym }))));
  }
  const choices = effectChoices(plan.state, seat, sym);
  let how = '';
  if (choices.length === 0) how = 'No legal target on the board: take the draw.';
  else if (sym === 'fire' || sym === 'wind') {
    const sources = [...new Set(choices.map(sourceOf))];
    const options = sources.map((h) => ({ label: strongholdWords(plan.state, h), value: String(h) }));
    rows.push(...pagedSelect(options, page, { select: () => vid(ref, 'fs', n, sym), page: (p) => vid(ref, 'fp', n, sym, p) }, sym === 'fire' ? 'Use Fire on which stronghold?' : 'Move which army with Wind?').rows);
  } else {
    const options = choices.map((e) => targetOption(plan.state, e));
    rows.push(...pagedSelect(options, page, { select: () => vid(ref, 'ft', n, sym), page: (p) => vid(ref, 'fp', n, sym, p) }, `Use ${title(sym)}: choose where`).rows);
  }
  rows.push(
    buttonRow([
      { id: vid(ref, 'fd', n, sym), label: 'Draw a card instead', emoji: '🂠' },
      { id: vid(ref, 'fv', n), label: 'Preview board', emoji: '🗺' },
      { id: vid(ref, 'fx'), label: 'Cancel' },
    ]),
  );
  return {
    content: `${draftHead(plan)}\n\n**${symbolLabel(sym)}** (${plan.claims.length - plan.remaining.length + 1} of ${plan.claims.length}): ${EFFECT_HELP[sym]}. ${how}`.trim(),
    components: rows.slice(0, 5),
  };
}

/** Fire after its stronghold: how the armies there move; Wind after its army: where it goes. */
export function effectSecondStep(ref: TableRef, s: CardGameState, seat: Seat, draft: FallBackDraft, sym: 'fire' | 'wind', source: number, page = 0): View {
  const plan = planDraft(s, seat, draft.effects);
  if ('error' in plan) return staleDraft(ref, plan.error);
  const n = draftStep(draft);
  const choices = effectChoices(plan.state, seat, sym).filter((e) => sourceOf(e) === source);
  if (choices.length === 0) return effectStep(ref, s, seat, draft, sym);
  const options = choices.map((e) => targetOption(plan.state, e));
  const rows = pagedSelect(options, page, { select: () => vid(ref, 'ft', n, sym, source), page: (p) => vid(ref, 'fq', n, sym, source, p) }, sym === 'fire' ? 'Where do the armies go?' : 'Where does your army go?').rows;
  rows.push(buttonRow([{ id: vid(ref, 'fk', n, sym), label: 'Back' }, { id: vid(ref, 'fx'), label: 'Cancel' }]));
  const what = sym === 'fire' ? `Fire on ${strongholdWords(plan.state, source)}: each single opponent army there moves to an adjacent stronghold.` : `Wind from ${strongholdWords(plan.state, source)}.`;
  return { content: `${draftHead(plan)}\n\n**${symbolLabel(sym)}**: ${what}`, components: rows };
}

/** The recruit: a multi-select of the row with exactly the number to take; skipped (straight to Done) when none. */
export function recruitStep(ref: TableRef, s: CardGameState, seat: Seat, draft: FallBackDraft): View {
  const plan = planDraft(s, seat, draft.effects);
  if ('error' in plan) return staleDraft(ref, plan.error);
  if (plan.recruitCount === 0 || draft.recruit) return doneStep(ref, s, seat, draft);
  const n = draftStep(draft);
  const options = plan.state.row.map((c) => ({ label: cardLabel(c), value: c }));
  const k = plan.recruitCount;
  const extra = plan.extraDraw ? '\nYou played no card this round: +1 card from the deck as well.' : '';
  return {
    content: `${draftHead(plan)}\n\n**Recruit**: take ${k} card${k === 1 ? '' : 's'} from the recruiting row${k === 1 ? ' (the last to fall back takes 1)' : ''}.${extra}`,
    components: [
      selectRow(vid(ref, 'fr', n), `Choose ${k} card${k === 1 ? '' : 's'}`, options, { min: k, max: k }),
      buttonRow([{ id: vid(ref, 'fv', n), label: 'Preview board', emoji: '🗺' }, { id: vid(ref, 'fx'), label: 'Cancel' }]),
    ],
  };
}

export function doneStep(ref: TableRef, s: CardGameState, seat: Seat, draft: FallBackDraft): View {
  const plan = planDraft(s, seat, draft.effects);
  if ('error' in plan) return staleDraft(ref, plan.error);
  const n = draftStep(draft);
  const recruit = draft.recruit?.length ? `\nRecruit: ${draft.recruit.map(cardLabel).join(', ')}.` : '';
  const extra = plan.extraDraw && !plan.tiebreak ? '\n+1 card from the deck (you played no card this round).' : '';
  return {
    content: `${draftHead(plan)}${recruit}${extra}\n\nPress **Done** to fall back: this is when the table sees it.`,
    components: [
      buttonRow([
        { id: vid(ref, 'fD', n), label: 'Done', style: 'success' },
        { id: vid(ref, 'fv', n), label: 'Preview board', emoji: '🗺' },
        { id: vid(ref, 'fx'), label: 'Cancel' },
      ]),
    ],
  };
}

function staleDraft(ref: TableRef, why: string): View {
  return { content: `⚠️ The table changed — reopen the fall back. (${why})`, components: [buttonRow([{ id: vid(ref, 'fo'), label: 'Reopen', emoji: '↩' }])] };
}
