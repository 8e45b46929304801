/**
 * Around the board: the title line, and in the right column the phase, the standings (states per dynasty against
 * the target), the battlefield row (leader and count per superiority, or who claimed it), the recruiting row, the
 * 2-player resistance, one panel per seat; below board and panels the legend. Only public information is drawn: the
 * input is a public view. Cards, symbols, states and dynasties are named as in every text of the bot
 * (src/cardgame/names.ts): "Fire/Cavalry/Chariot", "Advisor/Chariot", "Wild", "Gu 顧", "Qin 秦".
 */
import type { SKRSContext2D } from '@napi-rs/canvas';
import { card } from '../../cardgame/cards.js';
import { countPlayed, countResistance } from '../../cardgame/counting.js';
import { SYMBOLS, type SymbolId } from '../../cardgame/data.js';
import { statesControlledBy } from '../../cardgame/board.js';
import type { CardGameView } from '../../cardgame/views.js';
import type { CardId, PlayedCard } from '../../cardgame/types.js';
import { font } from '../fonts.js';
import { drawArmy, drawStronghold } from './draw-board.js';
import { cardWordsIn, type CardWords } from './words.js';
import {
  dynastyColour,
  HEIGHT,
  INK,
  LEGEND_K,
  LEGEND_MARGIN,
  LEGEND_ROW,
  LEGEND_TEXT,
  NEUTRAL_STATE,
  PANEL_W,
  PANEL_X,
  WIDTH,
} from './layout.js';

function text(
  ctx: SKRSContext2D,
  s: string,
  x: number,
  y: number,
  size: number,
  opts: { bold?: boolean; colour?: string; align?: CanvasTextAlign; maxWidth?: number } = {},
): number {
  ctx.font = font(size, opts.bold);
  ctx.textAlign = opts.align ?? 'left';
  ctx.textBaseline = 'alphabetic';
  ctx.fillStyle = opts.colour ?? INK;
  // A line too long for its room is set smaller first (to 80 %: French runs longer than English), then cut.
  for (let smaller = size - 1; opts.maxWidth && smaller >= size * 0.8; smaller--) {
    if (ctx.measureText(s).width <= opts.maxWidth) break;
    ctx.font = font(smaller, opts.bold);
  }
  const shown = opts.maxWidth ? fitText(ctx, s, opts.maxWidth) : s;
  ctx.fillText(shown, x, y);
  return ctx.measureText(shown).width;
}

/** The text cut with "…" to fit `width` (in the current font). */
function fitText(ctx: SKRSContext2D, s: string, width: number): string {
  if (ctx.measureText(s).width <= width) return s;
  let cut = s;
  while (cut.length > 1 && ctx.measureText(`${cut}…`).width > width) cut = cut.slice(0, -1);
  return `${cut.trimEnd()}…`;
}

function roundRect(
  ctx: SKRSContext2D,
  x: number,
  y: number,
  w: number,
  h: number,
  r: number,
  fill: string,
  stroke?: string,
): void {
  ctx.beginPath();
  ctx.roundRect(x, y, w, h, r);
  ctx.fillStyle = fill;
  ctx.fill();
  if (stroke) {
    ctx.lineWidth = 1.5;
    ctx.strokeStyle = stroke;
    ctx.stroke();
  }
}

/** A small face-up card with its name's words, one per line: bright cream, dark (advisor) brown, wild cream. */
function miniCard(ctx: SKRSContext2D, w8: CardWords, id: CardId, x: number, y: number, w: number, h: number): void {
  const dark = card(id).kind === 'dark';
  roundRect(ctx, x, y, w, h, 5, dark ? '#4b3621' : '#fbf6e6', '#6b5a3f');
  const words = w8.cardWords(id);
  // the words whole, in the largest size up to 13 px that fits the card's width
  ctx.font = font(13, true);
  const widest = Math.max(...words.map((word) => ctx.measureText(word).width));
  const size = Math.min(13, (13 * (w - 6)) / widest);
  ctx.font = font(size, true);
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillStyle = dark ? '#ffffff' : INK;
  words.forEach((word, i) => ctx.fillText(word, x + w / 2, y + h / 2 + (i - (words.length - 1) / 2) * size * 1.3));
}

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

function drawHeader(ctx: SKRSContext2D, view: CardGameView, w8: CardWords, heading?: string): void {
  text(ctx, heading ?? headerText(view, w8), 20, 42, 26, { bold: true, maxWidth: PANEL_X - 40 });
  text(ctx, phaseLine(view, w8), PANEL_X, 34, 17, { colour: '#3d3d3d', maxWidth: PANEL_W });
}

/** The standings: each dynasty's colour, name and states, and the target. */
function drawStandings(ctx: SKRSContext2D, view: CardGameView, w8: CardWords, y: number): number {
  let x = PANEL_X;
  x += text(ctx, w8.say('states'), x, y, 18, { bold: true }) + 14;
  const dynasties = view.seats.map((s) => s.dynasty);
  view.seats.forEach((seat, i) => {
    drawArmy(ctx, { x: x + 9, y: y - 6 }, 9, i, dynasties);
    x +=
      22 + text(ctx, `${w8.dynasty(seat.dynasty)} ${statesControlledBy(view, i)}`, x + 22, y, 18, { bold: true }) + 16;
  });
  text(ctx, w8.say('toWin', { count: view.settings.victoryStates }), x, y, 16, { colour: '#4a4a4a' });
  return y + 16;
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

function drawBattlefield(ctx: SKRSContext2D, view: CardGameView, w8: CardWords, y0: number): number {
  text(ctx, w8.say('battlefield'), PANEL_X, y0, 18, { bold: true });
  const gap = 6;
  const cw = (PANEL_W - 2 * gap) / 3;
  const ch = 50;
  SYMBOLS.forEach((sym, i) => {
    const x = PANEL_X + (i % 3) * (cw + gap);
    const y = y0 + 10 + Math.floor(i / 3) * (ch + gap);
    const available = view.battle.available.includes(sym);
    const status = battlefieldStatus(view, w8, sym);
    roundRect(ctx, x, y, cw, ch, 6, available ? '#ffffff' : '#ece8df', '#b9ae98');
    text(ctx, w8.symbol(sym), x + 10, y + 21, 17, { bold: true, colour: available ? INK : '#6d685d' });
    if (status.colour) {
      ctx.beginPath();
      ctx.arc(x + 16, y + 37, 6, 0, Math.PI * 2);
      ctx.fillStyle = status.colour;
      ctx.fill();
      ctx.strokeStyle = '#1a1a1a';
      ctx.lineWidth = 1;
      ctx.stroke();
    }
    text(ctx, status.label, x + (status.colour ? 28 : 10), y + 42, 13, { colour: '#3d3d3d', maxWidth: cw - 34 });
  });
  return y0 + 10 + 3 * (ch + gap);
}

function drawRow(
  ctx: SKRSContext2D,
  w8: CardWords,
  label: string,
  cards: readonly CardId[],
  y0: number,
  note: string,
): number {
  text(ctx, label, PANEL_X, y0, 18, { bold: true });
  text(ctx, note, PANEL_X + PANEL_W, y0, 13, { align: 'right', colour: '#5a5a5a' });
  if (cards.length === 0) {
    text(ctx, w8.say('empty'), PANEL_X, y0 + 30, 14, { colour: '#6d685d' });
    return y0 + 40;
  }
  const step = Math.min(76, PANEL_W / cards.length);
  cards.forEach((c, i) => miniCard(ctx, w8, c, PANEL_X + i * step, y0 + 10, step - 4, 70));
  return y0 + 86;
}

function playedText(p: PlayedCard, w8: CardWords): string {
  if ('card' in p) return w8.cardWords(p.card).join('/');
  const dynasty = w8.dynasty(p.dynasty);
  return p.cover
    ? w8.say('dynastyCardCovers', { dynasty, symbol: w8.symbol(p.cover) })
    : w8.say('dynastyCard', { dynasty });
}

function drawSeats(ctx: SKRSContext2D, view: CardGameView, w8: CardWords, y0: number, bottom: number): void {
  const n = view.seats.length;
  const h = Math.min(100, (bottom - y0) / n);
  const dynasties = view.seats.map((s) => s.dynasty);
  view.seats.forEach((seat, i) => {
    const y = y0 + i * h;
    const toPlay = view.turnSeat === i || view.chooser?.seat === i;
    const fallen = view.battle.fallen.includes(i);
    roundRect(ctx, PANEL_X, y, PANEL_W, h - 6, 8, toPlay ? '#fff8d6' : '#ffffff', toPlay ? INK : '#c9bfab');
    drawArmy(ctx, { x: PANEL_X + 20, y: y + 22 }, 12, i, dynasties);
    const w = text(ctx, w8.dynastyLabel(seat.dynasty), PANEL_X + 40, y + 29, 19, { bold: true });
    const marks = [
      toPlay ? `▶ ${w8.say(view.phase === 'choose' ? 'mark.chooses' : 'mark.toPlay')}` : '',
      fallen ? w8.say('mark.fellBack') : '',
      view.startSeat === i && view.phase === 'battle' ? w8.say('mark.started') : '',
    ]
      .filter(Boolean)
      .join(' · ');
    text(ctx, marks, PANEL_X + 50 + w, y + 28, 14, { colour: toPlay ? '#8a5a00' : '#5a5a5a' });
    const dynasty = !view.settings.dynastyCards ? 'none' : seat.dynastyCardInHand ? 'inHand' : 'played';
    text(
      ctx,
      w8.say('seat', { states: statesControlledBy(view, i), supply: seat.supply, hand: seat.handSize, dynasty }),
      PANEL_X + PANEL_W - 10,
      y + 28,
      14,
      { align: 'right', colour: '#3d3d3d' },
    );
    const played = (view.battle.played[i] ?? []).map((p) => playedText(p, w8));
    const claims = view.battle.claims[i] ?? [];
    const sitsOut = view.battle.tiebreak !== null && !view.battle.tiebreak.seats.includes(i);
    const line =
      played.length > 0
        ? w8.say('played', { cards: played.join(' + ') })
        : sitsOut
          ? w8.say('sitsOut')
          : view.phase === 'battle' || view.phase === 'tiebreak'
            ? fallen
              ? ''
              : w8.say('noCard')
            : '';
    if (line)
      text(ctx, line, PANEL_X + 14, y + 53, 14, { colour: played.length ? INK : '#7a7a7a', maxWidth: PANEL_W - 28 });
    if (claims.length)
      text(
        ctx,
        w8.say('claimed', { symbols: w8.list(claims.map(w8.symbol)) }),
        PANEL_X + 14,
        y + (line ? 75 : 53),
        15,
        {
          bold: true,
          colour: '#3d3d3d',
          maxWidth: PANEL_W - 28,
        },
      );
  });
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
 * The legend's keys flowing in rows across the picture, below the table (`HEIGHT`), wrapping where the next key does
 * not fit; returns them and the picture's bottom.
 */
export function layoutLegend(
  ctx: SKRSContext2D,
  view: CardGameView,
  w8: CardWords,
  withMoves: boolean,
): { keys: PlacedKey[]; bottom: number } {
  ctx.font = font(LEGEND_TEXT);
  const gap = 8 * LEGEND_K;
  let [x, row] = [LEGEND_MARGIN, 0];
  const keys = legendKeys(ctx, view, w8, withMoves).map((key) => {
    const textW = Math.min(ctx.measureText(key.label).width, WIDTH - 2 * LEGEND_MARGIN - key.w - gap);
    const need = key.w + (key.w > 0 ? gap : 0) + textW;
    if (x > LEGEND_MARGIN && x + need > WIDTH - LEGEND_MARGIN) [x, row] = [LEGEND_MARGIN, row + 1];
    const placed = { key, x, y: HEIGHT + LEGEND_ROW * (row + 0.5), textW };
    x += need + 22 * LEGEND_K;
    return placed;
  });
  return { keys, bottom: HEIGHT + LEGEND_ROW * (row + 1) + 6 };
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
  drawHeader(ctx, view, w8, opts.heading);
  let y = drawStandings(ctx, view, w8, 66);
  y = drawBattlefield(ctx, view, w8, y + 26);
  const deck = w8.say('deck', { deck: view.deckSize, discard: view.discardSize });
  y = drawRow(ctx, w8, w8.say('recruiting'), view.row, y + 24, deck);
  if (view.settings.seats === 2)
    y = drawRow(ctx, w8, w8.say('localResistance'), view.resistance, y + 18, w8.say('wildCounts'));
  drawSeats(ctx, view, w8, y + 10, HEIGHT - 8);
  drawLegend(ctx, view, w8, opts.withMoves ?? false);
}
