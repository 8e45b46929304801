/**
 * The fall-back wizard (design §3.6), ephemeral and for the seat to act only. Opening it starts the stored draft
 * (a restart or the deadline resumes from it). One screen shows the whole fall back as it stands: the claims
 * (and what is tied or led by others), each claimed superiority with the player's choice or the default it
 * takes, the recruit, the +1 card. From there:
 * - **Fall back now** applies it at once: superiorities not chosen take the defaults (design §3.8), so a fall back
 *   of any size takes 2 clicks (the button that opened the wizard, then this one);
 * - or one choice at a time: a select of the legal targets of the next superiority (Draw a card is one of the
 *   options; Fire and Wind ask for the stronghold, then where the armies go), a select to take another
 *   superiority first, then the recruit;
 * - **Back** undoes the last choice (on the first screen: back to the hand), **Cancel** drops every choice.
 * Targets come from the engine's `effectChoices` on the board as the draft leaves it, so nothing illegal is
 * offered. Custom ids carry the draft's step count: a click on an older step is stale.
 */
import { activeSeats, applyEffect, claimPreview, claimsOf, defaultEffect, effectChoices, ownerLabel, type CardGameState, type CardId, type Effect, type GameEvent, type Seat, type SymbolId } from '../../cardgame/index.js';
import { cloneState } from '../../cardgame/clone.js';
import { bestRowCards } from '../../cardgame/effects.js';
import { Refusal } from '../../cardgame/refusal.js';
import { claimPreviewText, effectTarget, inNotation, strongholdWithArmies } from '../../game/cards/text.js';
import { cardName, symbolLabel, symbolName } from './format.js';
import { buttonRow, pagedSelect, selectRow, vid, type Button, type Option, type Row, type TableRef, type View } from './ui.js';

export interface FallBackDraft {
  effects: Effect[];
  recruit: CardId[] | null;
}

/** The draft's step count: it grows with every choice, so a view of an older step is stale. */
export function draftStep(d: FallBackDraft): number {
  return d.effects.length + (d.recruit ? 1 : 0);
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
  extraDraw: boolean;
  tiebreak: boolean;
  /** What falling back now does: the chosen effects in order, then the defaults for the rest (as the engine does). */
  planned: PlannedEffect[];
  recruit: { cards: CardId[]; chosen: boolean };
}

/**
 * The draft on the seat's own view: the claims as falling back now makes them, the chosen effects in order, then
 * what the engine would do for the rest (design §3.8 defaults, each on the board the previous one leaves, in
 * claim order) and the recruit. An error when a chosen effect no longer fits the table.
 */
export function planDraft(s: CardGameState, seat: Seat, effects: readonly Effect[], recruit: CardId[] | null = null): DraftPlan | { error: string } {
  const claims = claimsOf(s, seat);
  const tiebreak = s.phase === 'tiebreak';
  const state = cloneState(s);
  state.battle.available = state.battle.available.filter((x) => !claims.includes(x));
  const events: GameEvent[] = [];
  const planned: PlannedEffect[] = [];
  try {
    for (const e of effects) {
      if (!claims.includes(e.symbol)) return { error: `${symbolName(e.symbol)} is not among your claims.` };
      planned.push({ effect: e, chosen: true, before: cloneState(state) });
      applyEffect(state, seat, e, events);
    }
  } catch (err) {
    if (err instanceof Refusal) return { error: inNotation(err.message) };
    throw err;
  }
  const done = new Set(effects.map((e) => e.symbol));
  // a tie-break round uses no superiority (D-17): nothing to resolve, nothing to recruit
  const remaining = tiebreak ? [] : claims.filter((c) => !done.has(c));
  const last = activeSeats(s).length === 1;
  const extraDraw = !s.battle.playedAny[seat];
  // the defaults for the rest, each on the board the previous one leaves (applyFallBack's order)
  const rest = cloneState(state);
  for (const sym of remaining) {
    const e = defaultEffect(rest, seat, sym);
    planned.push({ effect: e, chosen: false, before: cloneState(rest) });
    applyEffect(rest, seat, e, []);
  }
  const recruitCount = tiebreak ? 0 : Math.min(last ? 1 : 2, rest.row.length);
  const picks = recruit ? { cards: recruit, chosen: true } : { cards: bestRowCards(rest.row, recruitCount), chosen: false };
  return { state, claims, remaining, recruitCount, extraDraw, tiebreak, planned, recruit: picks };
}

/** The stronghold Fire works on, or the one Wind moves from. */
function sourceOf(e: Effect): number {
  return 'from' in e ? e.from : 'stronghold' in e ? e.stronghold : -1;
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

/** The effect a select value (and Wind's source) names, checked against the legal choices; `draw` is always legal. */
export function effectFromValue(s: CardGameState, seat: Seat, symbol: SymbolId, value: string, source?: number): Effect | null {
  if (value === 'draw') return { symbol, draw: true } as Effect;
  const choices = effectChoices(s, seat, symbol);
  return choices.find((e) => effectValue(e) === value && (e.symbol !== 'wind' || sourceOf(e) === source)) ?? null;
}

// ---- the screen ----

/** The claims, what is tied or led by others, and the fall back as it stands (choices and defaults). */
function planText(s: CardGameState, seat: Seat, plan: DraftPlan): string {
  const lines = [`↩ **Fall back** — ${claimPreviewText(claimPreview(s, seat))}`];
  if (plan.tiebreak) {
    lines.push('Tie-break round: no armies are placed and no cards taken; your claims count for the result.');
    return lines.join('\n');
  }
  if (plan.planned.length || plan.recruitCount || plan.extraDraw) lines.push(plan.remaining.length ? 'Your fall back as it stands (*default* where you have not chosen):' : 'Your fall back:');
  for (const p of plan.planned) lines.push(`• ${symbolLabel(p.effect.symbol)}: ${effectTarget(p.effect, p.before)}${p.chosen ? '' : ' *(default)*'}`);
  if (plan.recruitCount) lines.push(`• Recruit: ${plan.recruit.cards.map(cardName).join(', ')}${plan.recruit.chosen ? '' : ' *(default)*'}${plan.recruitCount === 1 ? ' (the last to fall back takes 1)' : ''}`);
  if (plan.extraDraw) lines.push('• +1 card from the deck (you played no card this round)');
  return lines.join('\n');
}

function finishButtons(ref: TableRef, n: number, plan: DraftPlan, opts: { preview?: boolean } = {}): Row {
  const defaulting = plan.remaining.length > 0 || (plan.recruitCount > 0 && !plan.recruit.chosen);
  const buttons: Button[] = [
    { id: vid(ref, 'fD', n), label: defaulting ? 'Fall back now (defaults for the rest)' : 'Fall back', style: 'success', emoji: '✅' },
    { id: vid(ref, 'fB', n), label: 'Back' },
  ];
  if (opts.preview !== false && !plan.tiebreak) buttons.push({ id: vid(ref, 'fv', n), label: 'Preview board', emoji: '🗺' });
  buttons.push({ id: vid(ref, 'fx'), label: 'Cancel' });
  return buttonRow(buttons);
}

function targetOption(before: CardGameState, e: Effect): Option {
  const value = effectValue(e);
  if (e.symbol === 'fire' && !('draw' in e)) return { label: e.moves.map((m) => `${ownerLabel(before.seats.map((x) => x.dynasty), m.owner)} → ${strongholdWithArmies(m.to, before)}`).join('; '), value };
  if (e.symbol === 'wind' && !('draw' in e)) return { label: `to ${strongholdWithArmies(e.to, before)}`, value };
  return { label: effectTarget(e, before), value };
}

/**
 * The wizard's screen for a draft: the plan, and the next choice — a target for the superiority in `focus`
 * (default: the first not yet chosen), or the recruit once every superiority is chosen — with Fall back now, Back,
 * Preview board and Cancel.
 */
export function draftScreen(ref: TableRef, s: CardGameState, seat: Seat, draft: FallBackDraft, focus?: SymbolId, page = 0): View {
  const plan = planDraft(s, seat, draft.effects, draft.recruit);
  if ('error' in plan) return staleDraft(ref, plan.error);
  const n = draftStep(draft);
  const rows: Row[] = [];
  let content = planText(s, seat, plan);
  if (plan.remaining.length > 0) {
    const sym = focus && plan.remaining.includes(focus) ? focus : plan.remaining[0]!;
    const choices = effectChoices(plan.state, seat, sym);
    const draw: Option = { label: 'Draw a card instead', value: 'draw', description: 'from the deck' };
    const k = plan.claims.length - plan.remaining.length + 1;
    if ((sym === 'fire' || sym === 'wind') && choices.length > 0) {
      const sources = [...new Set(choices.map(sourceOf))];
      const options = [draw, ...sources.map((h) => ({ label: strongholdWithArmies(h, plan.state), value: String(h) }))];
      rows.push(...pagedSelect(options, page, { select: () => vid(ref, 'fs', n, sym), page: (p) => vid(ref, 'fp', n, sym, p) }, `${symbolName(sym)} (${k} of ${plan.claims.length}): ${sym === 'fire' ? 'on which stronghold?' : 'move which army?'}`).rows);
    } else {
      const options = [draw, ...choices.map((e) => targetOption(plan.state, e))];
      rows.push(...pagedSelect(options, page, { select: () => vid(ref, 'ft', n, sym), page: (p) => vid(ref, 'fp', n, sym, p) }, `${symbolName(sym)} (${k} of ${plan.claims.length}): ${choices.length ? 'where?' : 'no legal target: draw a card'}`).rows);
    }
    if (plan.remaining.length > 1) {
      rows.push(selectRow(vid(ref, 'ff', n), 'Choose another superiority first', plan.remaining.map((r) => ({ label: symbolLabel(r), value: r, default: r === sym }))));
    }
    content += `\n\n**${symbolLabel(sym)}**: ${EFFECT_HELP[sym]}.`;
  } else if (plan.recruitCount > 0 && !plan.recruit.chosen) {
    const k = plan.recruitCount;
    const options = plan.state.row.map((c) => ({ label: cardName(c), value: c }));
    rows.push(selectRow(vid(ref, 'fr', n), `Recruit: choose ${k} card${k === 1 ? '' : 's'} from the row`, options, { min: k, max: k }));
  } else {
    content += '\n\nPress **Fall back**: this is when the table sees it.';
  }
  rows.push(finishButtons(ref, n, plan));
  if (!plan.tiebreak && rows.length < 5) content += '\nNothing is public until you fall back.';
  return { content, components: rows.slice(0, 5) };
}

/** Fire after its stronghold: how the armies there move; Wind after its army: where it goes. */
export function effectSecondStep(ref: TableRef, s: CardGameState, seat: Seat, draft: FallBackDraft, sym: 'fire' | 'wind', source: number, page = 0): View {
  const plan = planDraft(s, seat, draft.effects, draft.recruit);
  if ('error' in plan) return staleDraft(ref, plan.error);
  const n = draftStep(draft);
  const choices = effectChoices(plan.state, seat, sym).filter((e) => sourceOf(e) === source);
  if (choices.length === 0) return draftScreen(ref, s, seat, draft, sym);
  const options = choices.map((e) => targetOption(plan.state, e));
  const rows = pagedSelect(options, page, { select: () => vid(ref, 'ft', n, sym, source), page: (p) => vid(ref, 'fq', n, sym, source, p) }, sym === 'fire' ? 'Where do the armies go?' : 'Where does your army go?').rows;
  rows.push(buttonRow([{ id: vid(ref, 'fk', n, sym), label: 'Back' }, { id: vid(ref, 'fx'), label: 'Cancel' }]));
  const what = sym === 'fire' ? `Fire on ${strongholdWithArmies(source, plan.state)}: each single opponent army there moves to an adjacent stronghold.` : `Wind from ${strongholdWithArmies(source, plan.state)}.`;
  return { content: `${planText(s, seat, plan)}\n\n**${symbolLabel(sym)}**: ${what}`, components: rows };
}

function staleDraft(ref: TableRef, why: string): View {
  return { content: `⚠️ The table changed — reopen the fall back. (${why})`, components: [buttonRow([{ id: vid(ref, 'fo'), label: 'Reopen', emoji: '↩' }])] };
}
