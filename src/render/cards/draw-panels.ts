/**
 * Around the board: the title at the top left; in the right column the phase, the standings (states per dynasty
 * against the target) and the battlefield row (leader and count per superiority, or who claimed it); below the board
 * the recruiting row, the 2-player resistance and one box per seat (draw-rows.ts); below them the legend. Only public
 * information is drawn: the input is a public view. Cards, symbols, states and dynasties are named as in every text
 * of the bot (src/cardgame/names.ts): "Fire/Cavalry/Chariot", "Advisor/Chariot", "Wild", "Gu 顧", "Qin 秦".
 */
import type { SKRSContext2D } from '@napi-rs/canvas';
import { countPlayed, countResistance } from '../../cardgame/counting.js';
import { SYMBOLS, type SymbolId } from '../../cardgame/data.js';
import { statesControlledBy } from '../../cardgame/board.js';
import type { CardGameView } from '../../cardgame/views.js';
import { font } from '../fonts.js';
import { drawArmy, drawStronghold } from './draw-board.js';
import { belowBoard, drawBelowBoard } from './draw-rows.js';
import { roundRect, text, wrapLines } from './draw-text.js';
import { cardWordsIn, type CardWords } from './words.js';
import {
  dynastyColour,
  INK,
  LEGEND_K,
  LEGEND_ROW,
  LEGEND_TEXT,
  MARGIN,
  NEUTRAL_STATE,
  PANEL_HEADING,
  PANEL_LINE,
  PANEL_TEXT,
  PANEL_W,
  PANEL_X,
  TITLE_TEXT,
  WIDTH,
} from './layout.js';

function phaseLine(view: CardGameView, w8: CardWords): string {
  const who = (i: number | null) => (i === null ? '' : w8.dynasty(view.seats[i]!.dynasty));
  const and = (seats: readonly number[]) => w8.and(seats.map(who));
  switch (view.phase) {
    case 'give':
      return w8.say('phase.give', { given: view.seats.filter((s) => s.given).length, seats: view.seats.length });
    case 'choose':
      return w8.say('phase.choose', {
        who: who(view.chooser?.seat ?? null),
        first: view.round === 1 ? 'yes' : 'no',
        start: view.chooser?.pickStart ? 'yes' : 'no',
      });
    case 'battle':
      return w8.say('phase.battle', { who: who(view.turnSeat) });
    case 'tiebreak':
      return w8.say('phase.tiebreak', { seats: and(view.battle.tiebreak!.seats), who: who(view.turnSeat) });
    case 'finished': {
      const w = view.winner;
      if (Array.isArray(w)) return w8.say('phase.shared', { seats: and(w) });
      return w === null ? w8.say('phase.over') : w8.say('phase.won', { who: who(w) });
    }
  }
}

/**
 * The title line: the round and what it is at. Between two rounds the state is the last battle's and the round
 * number already the next one's, so only a round being fought says "Battle in".
 */
export function headerText(view: CardGameView, w8: CardWords = cardWordsIn('en')): string {
  const at =
    view.phase === 'battle' && view.currentState
      ? w8.say('at.battleIn', { state: w8.state(view.currentState) })
      : w8.say(`at.${view.phase}`);
  return w8.say('title', { game: w8.game, round: view.round, at });
}

/** The title at the top left, over the board's empty corner; the phase at the top of the right column. */
function drawHeader(ctx: SKRSContext2D, view: CardGameView, w8: CardWords, heading?: string): number {
  text(ctx, heading ?? headerText(view, w8), MARGIN, 40, TITLE_TEXT, { bold: true, maxWidth: PANEL_X - 2 * MARGIN });
  ctx.font = font(PANEL_TEXT);
  const lines = wrapLines(ctx, phaseLine(view, w8), PANEL_W, 3);
  lines.forEach((line, i) => text(ctx, line, PANEL_X, 36 + i * PANEL_LINE, PANEL_TEXT, { colour: '#3d3d3d' }));
  return 36 + (lines.length - 1) * PANEL_LINE;
}

/** The standings: each dynasty's colour, name and states, and the target, flowing on lines in the right column. */
function drawStandings(ctx: SKRSContext2D, view: CardGameView, w8: CardWords, y0: number): number {
  let [x, y] = [PANEL_X, y0];
  x += text(ctx, w8.say('states'), x, y, PANEL_HEADING, { bold: true }) + 18;
  const dynasties = view.seats.map((s) => s.dynasty);
  const items = view.seats.map((seat, i) => ({ s: `${w8.dynasty(seat.dynasty)} ${statesControlledBy(view, i)}`, i }));
  ctx.font = font(PANEL_TEXT, true);
  for (const { s, i } of items) {
    const w = 28 + ctx.measureText(s).width;
    if (x + w > PANEL_X + PANEL_W) [x, y] = [PANEL_X, y + PANEL_LINE];
    drawArmy(ctx, { x: x + 11, y: y - 10 }, 11, i, dynasties);
    x += 28 + text(ctx, s, x + 28, y, PANEL_TEXT, { bold: true }) + 20;
  }
  const target = w8.say('toWin', { count: view.settings.victoryStates });
  ctx.font = font(PANEL_TEXT);
  if (x + ctx.measureText(target).width > PANEL_X + PANEL_W) [x, y] = [PANEL_X, y + PANEL_LINE];
  text(ctx, target, x, y, PANEL_TEXT, { colour: '#4a4a4a' });
  return y;
}

/** Per available symbol: who leads with what count among the seats still in (and the resistance). */
function battlefieldStatus(view: CardGameView, w8: CardWords, sym: SymbolId): { label: string; colour: string | null } {
  const claimer = view.battle.claims.findIndex((c) => c.includes(sym));
  if (claimer >= 0)
    return {
      label: w8.say('claimedBy', { who: w8.dynasty(view.seats[claimer]!.dynasty) }),
      colour: dynastyColour(view.seats[claimer]!.dynasty),
    };
  const inRound = view.battle.tiebreak ? view.battle.tiebreak.seats : view.seats.map((_, i) => i);
  const lines = inRound
    .filter((i) => !view.battle.fallen.includes(i))
    .map((i) => ({
      who: w8.dynasty(view.seats[i]!.dynasty),
      seat: i as number | null,
      n: countPlayed(view.battle.played[i] ?? [])[sym],
    }));
  if (view.settings.seats === 2 && view.resistance.length)
    lines.push({ who: w8.say('resistance'), seat: null, n: countResistance(view.resistance)[sym] });
  const best = Math.max(0, ...lines.map((l) => l.n));
  if (best === 0) return { label: w8.say('nobodyYet'), colour: null };
  const top = lines.filter((l) => l.n === best);
  if (top.length > 1)
    return { label: w8.say('tied', { count: best, who: w8.list(top.map((l) => l.who)) }), colour: null };
  return {
    label: w8.say('leads', { who: top[0]!.who, count: best }),
    colour: top[0]!.seat === null ? '#777777' : dynastyColour(view.seats[top[0]!.seat]!.dynasty),
  };
}

/** The battlefield row: one line per superiority, its symbol then who leads it (a disc in their colour) or claimed it. */
function drawBattlefield(ctx: SKRSContext2D, view: CardGameView, w8: CardWords, y0: number): number {
  text(ctx, w8.say('battlefield'), PANEL_X, y0, PANEL_HEADING, { bold: true });
  ctx.font = font(PANEL_TEXT, true);
  const symW = Math.max(...SYMBOLS.map((sym) => ctx.measureText(w8.symbol(sym)).width));
  const h = PANEL_LINE + 10;
  SYMBOLS.forEach((sym, i) => {
    const y = y0 + 14 + i * h;
    const available = view.battle.available.includes(sym);
    const status = battlefieldStatus(view, w8, sym);
    roundRect(ctx, PANEL_X, y, PANEL_W, h - 4, 6, available ? '#ffffff' : '#ece8df', '#b9ae98');
    const base = y + (h - 4) / 2 + PANEL_TEXT * 0.35;
    text(ctx, w8.symbol(sym), PANEL_X + 10, base, PANEL_TEXT, { bold: true, colour: available ? INK : '#6d685d' });
    let x = PANEL_X + 10 + symW + 18;
    if (status.colour) {
      ctx.beginPath();
      ctx.arc(x + 9, y + (h - 4) / 2, 9, 0, Math.PI * 2);
      ctx.fillStyle = status.colour;
      ctx.fill();
      ctx.strokeStyle = '#1a1a1a';
      ctx.lineWidth = 1.5;
      ctx.stroke();
      x += 26;
    }
    text(ctx, status.label, x, base, PANEL_TEXT, { colour: '#3d3d3d', maxWidth: PANEL_X + PANEL_W - 10 - x });
  });
  return y0 + 14 + SYMBOLS.length * h;
}

/** One key of the legend: its sample (`w` px wide, drawn from its left edge at the row's middle) and its text. */
interface LegendKey {
  w: number;
  sample: (cx: number, y: number) => void;
  label: string;
  colour?: string;
}

/** Where each key of the legend goes: its sample's left edge, its row's middle and its text's width. */
export interface PlacedKey {
  key: LegendKey;
  x: number;
  y: number;
  textW: number;
}

/**
 * The legend's keys flowing in rows across the picture, below the seats' boxes, wrapping where the next key does
 * not fit; returns them and the picture's bottom.
 */
export function layoutLegend(
  ctx: SKRSContext2D,
  view: CardGameView,
  w8: CardWords,
  withMoves: boolean,
): { keys: PlacedKey[]; bottom: number } {
  const top = belowBoard(ctx, view, w8).bottom;
  ctx.font = font(LEGEND_TEXT);
  const gap = 8 * LEGEND_K;
  let [x, row] = [MARGIN, 0];
  const keys = legendKeys(ctx, view, w8, withMoves).map((key) => {
    const textW = Math.min(ctx.measureText(key.label).width, WIDTH - 2 * MARGIN - key.w - gap);
    const need = key.w + (key.w > 0 ? gap : 0) + textW;
    if (x > MARGIN && x + need > WIDTH - MARGIN) [x, row] = [MARGIN, row + 1];
    const placed = { key, x, y: top + LEGEND_ROW * (row + 0.5), textW };
    x += need + 22 * LEGEND_K;
    return placed;
  });
  return { keys, bottom: top + LEGEND_ROW * (row + 1) + 6 };
}

/** Below the table: what each mark means, and how cards are named (its samples as the board draws them, larger). */
function drawLegend(ctx: SKRSContext2D, view: CardGameView, w8: CardWords, withMoves: boolean): void {
  const { keys } = layoutLegend(ctx, view, w8, withMoves);
  for (const { key, x, y, textW } of keys) {
    key.sample(x, y);
    const at = x + key.w + (key.w > 0 ? 8 * LEGEND_K : 0);
    text(ctx, key.label, at, y + LEGEND_TEXT * 0.35, LEGEND_TEXT, { colour: key.colour ?? INK, maxWidth: textW + 1 });
  }
}

/** The legend's keys in order: the stronghold discs, a state's army and one beneath, the outlines, the arrow, cards. */
function legendKeys(ctx: SKRSContext2D, view: CardGameView, w8: CardWords, withMoves: boolean): LegendKey[] {
  const dyn = view.seats.map((s) => s.dynasty);
  const k = LEGEND_K;
  const small = 12.5 * k;
  const outline = (cx: number, y: number, dash: number[], colour: string) => {
    ctx.save();
    ctx.setLineDash(dash.map((d) => d * k));
    ctx.lineWidth = 5 * k;
    ctx.strokeStyle = colour;
    if (colour === INK) {
      ctx.fillStyle = NEUTRAL_STATE;
      ctx.fillRect(cx, y - 9 * k, 26 * k, 18 * k);
    }
    ctx.strokeRect(cx, y - 9 * k, 26 * k, 18 * k);
    ctx.restore();
  };
  const keys: LegendKey[] = [
    {
      w: 2 * small,
      sample: (cx, y) => drawStronghold(ctx, { x: cx + small, y }, small, '14', [], dyn),
      label: w8.say('legend.stronghold'),
    },
    {
      w: 2 * small,
      sample: (cx, y) => drawStronghold(ctx, { x: cx + small, y }, small, '14', [0], dyn),
      label: w8.say('legend.oneArmy'),
    },
    {
      w: 2 * small + 10 * k,
      sample: (cx, y) => drawStronghold(ctx, { x: cx + small + 5 * k, y }, small + 2 * k, '14', [0, 0], dyn),
      label: w8.say('legend.twoArmies'),
    },
    {
      w: 22 * k,
      sample: (cx, y) => drawArmy(ctx, { x: cx + 11 * k, y }, 11 * k, 'neutral', dyn),
      label: w8.say('legend.holding'),
    },
    {
      w: 32 * k,
      sample: (cx, y) => {
        drawArmy(ctx, { x: cx + 11 * k, y }, 11 * k, 0, dyn);
        drawArmy(ctx, { x: cx + 26 * k, y: y + 5 * k }, 6 * k, 'neutral', dyn);
      },
      label: w8.say('legend.beneath'),
    },
    {
      w: 26 * k,
      sample: (cx, y) => outline(cx, y, [], INK),
      label: w8.say(view.phase === 'battle' ? 'legend.battled' : 'legend.lastBattle'),
    },
    { w: 26 * k, sample: (cx, y) => outline(cx, y, [8, 4], '#7a1fa2'), label: w8.say('legend.changed') },
  ];
  if (withMoves) keys.push({ w: 36 * k, sample: (cx, y) => legendArrow(ctx, cx, y), label: w8.say('legend.moved') });
  keys.push({ w: 0, sample: () => {}, label: w8.say('legend.cards'), colour: '#3d3d3d' });
  return keys;
}

/** The same arrow as on the board (moves.ts), 36 legend units long. */
function legendArrow(ctx: SKRSContext2D, cx: number, y: number): void {
  ctx.save();
  ctx.translate(cx, y);
  ctx.scale(LEGEND_K, LEGEND_K);
  ctx.lineCap = 'round';
  ctx.beginPath();
  ctx.moveTo(2, 0);
  ctx.lineTo(24, 0);
  ctx.lineWidth = 7;
  ctx.strokeStyle = '#1a1a1a';
  ctx.stroke();
  ctx.lineWidth = 4;
  ctx.strokeStyle = '#8a8a8a';
  ctx.stroke();
  ctx.beginPath();
  ctx.moveTo(36, 0);
  ctx.lineTo(24, -7);
  ctx.lineTo(24, 7);
  ctx.closePath();
  ctx.fillStyle = '#8a8a8a';
  ctx.lineWidth = 2.5;
  ctx.stroke();
  ctx.fill();
  ctx.restore();
}

export function drawPanels(
  ctx: SKRSContext2D,
  view: CardGameView,
  w8: CardWords,
  opts: { withMoves?: boolean; heading?: string } = {},
): void {
  const y = drawHeader(ctx, view, w8, opts.heading);
  const standings = drawStandings(ctx, view, w8, y + PANEL_LINE + 16);
  drawBattlefield(ctx, view, w8, standings + PANEL_LINE + 20);
  drawBelowBoard(ctx, view, w8);
  drawLegend(ctx, view, w8, opts.withMoves ?? false);
}
