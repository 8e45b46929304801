/**
 * The panels beside the board: the title line, the battlefield row (leader and count per superiority, or who
 * claimed it), the recruiting row, the 2-player resistance, one panel per seat, and the legend. Only public
 * information is drawn: the input is a public view.
 */
import type { SKRSContext2D } from '@napi-rs/canvas';
import { card } from '../../cardgame/cards.js';
import { countPlayed, countResistance } from '../../cardgame/counting.js';
import { SYMBOLS, type SymbolId } from '../../cardgame/data.js';
import { statesControlledBy } from '../../cardgame/board.js';
import type { CardGameView } from '../../cardgame/views.js';
import type { CardId, DynastyId, PlayedCard } from '../../cardgame/types.js';
import { font } from '../fonts.js';
import { drawArmy } from './draw-board.js';
import { dynastyColour, dynastyGlyph, HEIGHT, INK, PANEL_X, stateInfo, SYMBOL_ZH, textOn, WIDTH } from './layout.js';

const title = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const name = (d: DynastyId) => title(d);

function text(ctx: SKRSContext2D, s: string, x: number, y: number, size: number, opts: { bold?: boolean; colour?: string; align?: CanvasTextAlign } = {}): number {
  ctx.font = font(size, opts.bold);
  ctx.textAlign = opts.align ?? 'left';
  ctx.textBaseline = 'alphabetic';
  ctx.fillStyle = opts.colour ?? INK;
  ctx.fillText(s, x, y);
  return ctx.measureText(s).width;
}

function roundRect(ctx: SKRSContext2D, x: number, y: number, w: number, h: number, r: number, fill: string, stroke?: string): void {
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

/** A small face-up card: bright (cream, its 3 symbols), dark (brown, its symbol), wild (cream, "wild"). */
function miniCard(ctx: SKRSContext2D, id: CardId, x: number, y: number, w: number, h: number): void {
  const c = card(id);
  const dark = c.kind === 'dark';
  roundRect(ctx, x, y, w, h, 5, dark ? '#4b3621' : '#fbf6e6', '#6b5a3f');
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillStyle = dark ? '#ffffff' : INK;
  if (c.kind === 'wild') {
    ctx.font = font(w * 0.3, true);
    ctx.fillText('wild', x + w / 2, y + h / 2);
  } else {
    const size = Math.min(w * 0.5, (h - 8) / Math.max(1, c.symbols.length));
    ctx.font = font(size, true);
    c.symbols.forEach((s, i) => ctx.fillText(SYMBOL_ZH.get(s)!, x + w / 2, y + h / 2 + (i - (c.symbols.length - 1) / 2) * size * 1.05));
  }
}

function phaseLine(view: CardGameView): string {
  const who = (i: number | null) => (i === null ? '' : name(view.seats[i]!.dynasty));
  switch (view.phase) {
    case 'give':
      return `Setup: each player gives 2 cards to the recruiting row (${view.seats.filter((s) => s.given).length}/${view.seats.length} done)`;
    case 'choose':
      return `${who(view.chooser?.seat ?? null)} chooses the ${view.round === 1 ? 'first' : 'next'} state to battle in${view.chooser?.pickStart ? ' and the start player' : ''}`;
    case 'battle':
      return `${who(view.turnSeat)} to wage battle or fall back`;
    case 'tiebreak':
      return `Tie-break battle: ${view.battle.tiebreak!.seats.map(who).join(' and ')} — no armies placed, no cards taken · ${who(view.turnSeat)} to play`;
    case 'finished': {
      const w = view.winner;
      if (Array.isArray(w)) return `${w.map(who).join(' and ')} share the victory`;
      return w === null ? 'The game is over' : `${who(w)} unites China and becomes the First Emperor`;
    }
  }
}

function drawHeader(ctx: SKRSContext2D, view: CardGameView, heading?: string): void {
  const where = view.currentState ? ` · Battle in ${stateInfo(view.currentState).zh} ${stateInfo(view.currentState).name}` : '';
  const w = text(ctx, '戰國', 20, 42, 30, { bold: true });
  text(ctx, heading ?? `Warring States · Round ${view.round}${where}`, 30 + w, 40, 24, { bold: true });
  text(ctx, phaseLine(view), WIDTH - 20, 40, 18, { align: 'right', colour: '#3d3d3d' });
}

/** Per available symbol: who leads with what count among the seats still in (and the resistance). */
function battlefieldStatus(view: CardGameView, sym: SymbolId): { label: string; colour: string | null } {
  const claimer = view.battle.claims.findIndex((c) => c.includes(sym));
  if (claimer >= 0) return { label: `claimed · ${name(view.seats[claimer]!.dynasty)}`, colour: dynastyColour(view.seats[claimer]!.dynasty) };
  const inRound = view.battle.tiebreak ? view.battle.tiebreak.seats : view.seats.map((_, i) => i);
  const lines = inRound
    .filter((i) => !view.battle.fallen.includes(i))
    .map((i) => ({ who: name(view.seats[i]!.dynasty), seat: i as number | null, n: countPlayed(view.battle.played[i] ?? [])[sym] }));
  if (view.settings.seats === 2 && view.resistance.length) lines.push({ who: 'resistance', seat: null, n: countResistance(view.resistance)[sym] });
  const best = Math.max(0, ...lines.map((l) => l.n));
  if (best === 0) return { label: '—', colour: null };
  const top = lines.filter((l) => l.n === best);
  if (top.length > 1) return { label: `tied ${best}: ${top.map((l) => l.who).join(', ')}`, colour: null };
  return { label: `${top[0]!.who} leads ${best}`, colour: top[0]!.seat === null ? '#777777' : dynastyColour(view.seats[top[0]!.seat]!.dynasty) };
}

function drawBattlefield(ctx: SKRSContext2D, view: CardGameView, y0: number): number {
  text(ctx, 'Battlefield row', PANEL_X, y0, 18, { bold: true });
  const cw = 200;
  const ch = 58;
  SYMBOLS.forEach((sym, i) => {
    const x = PANEL_X + (i % 3) * (cw + 6);
    const y = y0 + 10 + Math.floor(i / 3) * (ch + 6);
    const available = view.battle.available.includes(sym);
    const status = battlefieldStatus(view, sym);
    roundRect(ctx, x, y, cw, ch, 6, available ? '#ffffff' : '#ece8df', '#b9ae98');
    text(ctx, SYMBOL_ZH.get(sym)!, x + 10, y + 38, 30, { bold: true, colour: available ? INK : '#8a8578' });
    text(ctx, title(sym), x + 52, y + 24, 16, { bold: true, colour: available ? INK : '#6d685d' });
    if (status.colour) {
      ctx.beginPath();
      ctx.arc(x + 59, y + 42, 6, 0, Math.PI * 2);
      ctx.fillStyle = status.colour;
      ctx.fill();
      ctx.strokeStyle = '#1a1a1a';
      ctx.lineWidth = 1;
      ctx.stroke();
    }
    text(ctx, status.label, x + (status.colour ? 70 : 52), y + 47, 13, { colour: '#3d3d3d' });
  });
  return y0 + 10 + 3 * (ch + 6);
}

function drawRow(ctx: SKRSContext2D, label: string, cards: readonly CardId[], y0: number, note: string): number {
  text(ctx, label, PANEL_X, y0, 18, { bold: true });
  text(ctx, note, PANEL_X + 610, y0, 13, { align: 'right', colour: '#5a5a5a' });
  if (cards.length === 0) {
    text(ctx, 'empty', PANEL_X, y0 + 30, 14, { colour: '#6d685d' });
    return y0 + 40;
  }
  cards.forEach((c, i) => miniCard(ctx, c, PANEL_X + i * 61, y0 + 10, 54, 74));
  return y0 + 92;
}

function playedIds(played: readonly PlayedCard[]): { cards: CardId[]; dynasty: PlayedCard | null } {
  return { cards: played.flatMap((p) => ('card' in p ? [p.card] : [])), dynasty: played.find((p) => 'dynasty' in p) ?? null };
}

function drawSeats(ctx: SKRSContext2D, view: CardGameView, y0: number): void {
  const n = view.seats.length;
  const h = Math.min(112, (HEIGHT - y0 - 10) / n);
  view.seats.forEach((seat, i) => {
    const y = y0 + i * h;
    const colour = dynastyColour(seat.dynasty);
    const toPlay = view.turnSeat === i || view.chooser?.seat === i;
    const fallen = view.battle.fallen.includes(i);
    roundRect(ctx, PANEL_X, y, 610, h - 6, 8, toPlay ? '#fff8d6' : '#ffffff', toPlay ? INK : '#c9bfab');
    drawArmy(ctx, { x: PANEL_X + 24, y: y + 26 }, 16, i, view.seats.map((s) => s.dynasty));
    const w = text(ctx, `${name(seat.dynasty)} ${dynastyGlyph(seat.dynasty)}`, PANEL_X + 48, y + 32, 19, { bold: true });
    const marks = [toPlay ? (view.phase === 'choose' ? '▶ chooses' : '▶ to play') : '', fallen ? 'fell back' : '', view.startSeat === i && view.phase === 'battle' ? 'started' : '']
      .filter(Boolean)
      .join(' · ');
    text(ctx, marks, PANEL_X + 58 + w, y + 31, 14, { colour: toPlay ? '#8a5a00' : '#5a5a5a' });
    const dyn = !view.settings.dynastyCards ? '' : seat.dynastyCardInHand ? ' · dynasty card in hand' : ' · dynasty card played';
    text(ctx, `states ${statesControlledBy(view, i)} · supply ${seat.supply} · hand ${seat.handSize}${dyn}`, PANEL_X + 600, y + 31, 14, { align: 'right', colour: '#3d3d3d' });
    // cards in front, then claims
    const { cards, dynasty } = playedIds(view.battle.played[i] ?? []);
    const ch = Math.min(50, h - 54);
    const cw = ch * 0.72;
    let x = PANEL_X + 12;
    for (const c of cards) {
      miniCard(ctx, c, x, y + 42, cw, ch);
      x += cw + 4;
    }
    if (dynasty && 'dynasty' in dynasty) {
      roundRect(ctx, x, y + 42, cw, ch, 5, colour, '#1a1a1a');
      ctx.fillStyle = textOn(colour);
      ctx.font = font(cw * 0.6, true);
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      ctx.fillText(dynastyGlyph(dynasty.dynasty), x + cw / 2, y + 42 + ch / 2);
      x += cw + 4;
    }
    const claims = view.battle.claims[i] ?? [];
    if (claims.length) {
      const label = `claimed ${claims.map((s) => SYMBOL_ZH.get(s)).join(' ')}`;
      text(ctx, label, PANEL_X + 600, y + 42 + ch / 2 + 6, 16, { align: 'right', bold: true, colour: '#3d3d3d' });
    } else if (cards.length === 0 && !dynasty) {
      const sitsOut = view.battle.tiebreak !== null && !view.battle.tiebreak.seats.includes(i);
      const note = sitsOut ? 'not tied: sits out the tie-break' : fallen ? 'no cards in front' : view.phase === 'battle' || view.phase === 'tiebreak' ? 'no card played this round' : '';
      text(ctx, note, x, y + 42 + ch / 2 + 5, 13, { colour: '#7a7a7a' });
    }
  });
}

function drawLegend(ctx: SKRSContext2D, view: CardGameView, withMoves: boolean): void {
  const y = HEIGHT - 22;
  const dyn = view.seats.map((s) => s.dynasty);
  let x = 24;
  drawArmy(ctx, { x: x + 10, y }, 10, 0, dyn);
  x += text(ctx, 'army', x + 26, y + 5, 14) + 46;
  drawArmy(ctx, { x: x + 6, y: y + 3 }, 9, 0, dyn);
  drawArmy(ctx, { x: x + 14, y: y - 3 }, 9, 0, dyn);
  x += text(ctx, 'stack of 2', x + 30, y + 5, 14) + 50;
  drawArmy(ctx, { x: x + 10, y }, 10, 'neutral', dyn);
  x += text(ctx, 'neutral', x + 26, y + 5, 14) + 46;
  ctx.lineWidth = 5;
  ctx.strokeStyle = INK;
  ctx.strokeRect(x, y - 9, 26, 18);
  x += text(ctx, 'state battled for', x + 34, y + 5, 14) + 54;
  ctx.setLineDash([8, 4]);
  ctx.strokeStyle = '#7a1fa2';
  ctx.strokeRect(x, y - 9, 26, 18);
  ctx.setLineDash([]);
  x += text(ctx, 'control changed', x + 34, y + 5, 14) + 54;
  if (withMoves) {
    // the same arrow as on the board (moves.ts), 0 → 1 in a 40 px box
    ctx.save();
    ctx.translate(x, y);
    ctx.beginPath();
    ctx.moveTo(2, 0);
    ctx.lineTo(24, 0);
    ctx.lineWidth = 7;
    ctx.strokeStyle = '#1a1a1a';
    ctx.lineCap = 'round';
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
    x += text(ctx, 'army moved this round', x + 44, y + 5, 14) + 64;
  }
  text(ctx, 'small numbers: strongholds', x, y + 5, 14, { colour: '#5a4f3c' });
}

export function drawPanels(ctx: SKRSContext2D, view: CardGameView, opts: { withMoves?: boolean; heading?: string } = {}): void {
  drawHeader(ctx, view, opts.heading);
  let y = drawBattlefield(ctx, view, 86);
  y = drawRow(ctx, 'Recruiting row', view.row, y + 28, `deck ${view.deckSize} · discard ${view.discardSize}`);
  if (view.settings.seats === 2) y = drawRow(ctx, 'Local resistance', view.resistance, y + 22, 'wild = 1 of every symbol');
  drawSeats(ctx, view, y + 12);
  drawLegend(ctx, view, opts.withMoves ?? false);
}
