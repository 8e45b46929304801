/**
 * Below the board, across the picture (docs/cardgame.md "Table image"): the recruiting row and the 2-player
 * resistance as small cards with their names' words, then one box per seat (its dynasty, marks and stats on one
 * line, then the cards it played and its claims, each on a line of its own when it has some). `belowBoard` places them
 * all, for drawing and for the picture's height.
 */
import type { SKRSContext2D } from '@napi-rs/canvas';
import { card } from '../../cardgame/cards.js';
import { statesControlledBy } from '../../cardgame/board.js';
import type { CardGameView } from '../../cardgame/views.js';
import type { CardId, PlayedCard } from '../../cardgame/types.js';
import { font } from '../fonts.js';
import { drawArmy } from './draw-board.js';
import { roundRect, text } from './draw-text.js';
import type { CardWords } from './words.js';
import { BOARD_BOTTOM, INK, MARGIN, PANEL_HEADING, PANEL_LINE, PANEL_MIN, PANEL_TEXT, WIDTH } from './layout.js';

/** A small card's words, one per line (set at `PANEL_MIN` when that keeps a row on one line), and the room round them. */
const CARD_LINE = 33;
const CARD_PAD = 7;
const CARD_GAP = 7;

interface PlacedCard {
  id: CardId;
  x: number;
  y: number;
  w: number;
  h: number;
}

interface CardRow {
  label: string;
  note: string;
  /** The heading's baseline. */
  y: number;
  /** The size of the cards' words. */
  size: number;
  cards: PlacedCard[];
  bottom: number;
}

/**
 * Where a row's cards go from `y0` (its heading's top): as wide as its widest word, on one line when they fit at
 * `PANEL_TEXT` or else at `PANEL_MIN` (5 seats give the row 10 cards: "Conseiller" is the widest word), or else on
 * as many lines as they take.
 */
function cardRow(
  ctx: SKRSContext2D,
  w8: CardWords,
  label: string,
  note: string,
  ids: readonly CardId[],
  y0: number,
): CardRow {
  const y = y0 + PANEL_HEADING;
  if (ids.length === 0) return { label, note, y, size: PANEL_TEXT, cards: [], bottom: y + PANEL_LINE + 16 };
  const words = ids.map((id) => w8.cardWords(id));
  const room = WIDTH - 2 * MARGIN + CARD_GAP;
  const widthAt = (size: number) => {
    ctx.font = font(size, true);
    return Math.max(
      100,
      Math.ceil(Math.max(...words.flat().map((word) => ctx.measureText(word).width))) + 2 * CARD_PAD,
    );
  };
  const size = [PANEL_TEXT, PANEL_MIN].find((z) => ids.length * (widthAt(z) + CARD_GAP) <= room) ?? PANEL_TEXT;
  const w = widthAt(size);
  const h = Math.max(...words.map((ws) => ws.length)) * CARD_LINE + 18;
  const perLine = Math.max(1, Math.floor(room / (w + CARD_GAP)));
  const cards = ids.map((id, i) => ({
    id,
    x: MARGIN + (i % perLine) * (w + CARD_GAP),
    y: y + 14 + Math.floor(i / perLine) * (h + CARD_GAP),
    w,
    h,
  }));
  return { label, note, y, size, cards, bottom: cards.at(-1)!.y + h + 12 };
}

/** A small face-up card with its name's words, one per line: bright cream, dark (advisor) brown, wild cream. */
function miniCard(ctx: SKRSContext2D, w8: CardWords, c: PlacedCard, size: number): void {
  const dark = card(c.id).kind === 'dark';
  roundRect(ctx, c.x, c.y, c.w, c.h, 8, dark ? '#4b3621' : '#fbf6e6', '#6b5a3f');
  const words = w8.cardWords(c.id);
  ctx.font = font(size, true);
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillStyle = dark ? '#ffffff' : INK;
  const mid = c.y + c.h / 2;
  words.forEach((word, i) => ctx.fillText(word, c.x + c.w / 2, mid + (i - (words.length - 1) / 2) * CARD_LINE));
}

function drawCardRow(ctx: SKRSContext2D, w8: CardWords, row: CardRow): void {
  const w = text(ctx, row.label, MARGIN, row.y, PANEL_HEADING, { bold: true });
  text(ctx, row.note, WIDTH - MARGIN, row.y, PANEL_TEXT, {
    align: 'right',
    colour: '#5a5a5a',
    maxWidth: WIDTH - 2 * MARGIN - w - 30,
  });
  if (row.cards.length === 0) text(ctx, w8.say('empty'), MARGIN, row.y + PANEL_LINE, PANEL_TEXT, { colour: '#6d685d' });
  for (const c of row.cards) miniCard(ctx, w8, c, row.size);
}

/** A seat's box: its top, its height, and its lines (the dynasty's line, what it played, what it claimed). */
interface SeatBox {
  y: number;
  h: number;
  played: string;
  claimed: string;
}

/** Everything below the board, from `BOARD_BOTTOM`: the rows, the seats' boxes, and where the legend starts. */
export function belowBoard(
  ctx: SKRSContext2D,
  view: CardGameView,
  w8: CardWords,
): { rows: CardRow[]; seats: SeatBox[]; bottom: number } {
  const deck = w8.say('deck', { deck: view.deckSize, discard: view.discardSize });
  const rows = [cardRow(ctx, w8, w8.say('recruiting'), deck, view.row, BOARD_BOTTOM)];
  if (view.settings.seats === 2)
    rows.push(cardRow(ctx, w8, w8.say('localResistance'), w8.say('wildCounts'), view.resistance, rows[0]!.bottom));
  let y = rows.at(-1)!.bottom + 4;
  const seats = view.seats.map((_, i) => {
    const claims = view.battle.claims[i] ?? [];
    const claimed = claims.length ? w8.say('claimed', { symbols: w8.list(claims.map(w8.symbol)) }) : '';
    const played = playedLine(view, w8, i);
    const h = (1 + (played ? 1 : 0) + (claimed ? 1 : 0)) * PANEL_LINE + 22;
    const box = { y, h, played, claimed };
    y += h + 8;
    return box;
  });
  return { rows, seats, bottom: y + 4 };
}

function playedText(p: PlayedCard, w8: CardWords): string {
  if ('card' in p) return w8.cardWords(p.card).join('/');
  const dynasty = w8.dynasty(p.dynasty);
  return p.cover
    ? w8.say('dynastyCardCovers', { dynasty, symbol: w8.symbol(p.cover) })
    : w8.say('dynastyCard', { dynasty });
}

/** A seat's second line: the cards it played, or why it played none. */
function playedLine(view: CardGameView, w8: CardWords, i: number): string {
  const played = (view.battle.played[i] ?? []).map((p) => playedText(p, w8));
  if (played.length > 0) return w8.say('played', { cards: played.join(' + ') });
  if (view.battle.tiebreak !== null && !view.battle.tiebreak.seats.includes(i)) return w8.say('sitsOut');
  const fighting = view.phase === 'battle' || view.phase === 'tiebreak';
  return fighting && !view.battle.fallen.includes(i) ? w8.say('noCard') : '';
}

function drawSeat(ctx: SKRSContext2D, view: CardGameView, w8: CardWords, i: number, box: SeatBox): void {
  const seat = view.seats[i]!;
  const toPlay = view.turnSeat === i || view.chooser?.seat === i;
  const [x, w] = [MARGIN, WIDTH - 2 * MARGIN];
  roundRect(ctx, x, box.y, w, box.h, 10, toPlay ? '#fff8d6' : '#ffffff', toPlay ? INK : '#c9bfab');
  const base = box.y + 12 + PANEL_HEADING;
  drawArmy(
    ctx,
    { x: x + 26, y: base - 10 },
    15,
    i,
    view.seats.map((s) => s.dynasty),
  );
  const dynasty = !view.settings.dynastyCards ? 'none' : seat.dynastyCardInHand ? 'inHand' : 'played';
  const stats = w8.say('seat', {
    states: statesControlledBy(view, i),
    supply: seat.supply,
    hand: seat.handSize,
    dynasty,
  });
  const statsW = text(ctx, stats, x + w - 16, base, PANEL_TEXT, { align: 'right', colour: '#3d3d3d' });
  const nameW = text(ctx, w8.dynastyLabel(seat.dynasty), x + 52, base, PANEL_HEADING, { bold: true });
  const marks = [
    toPlay ? `▶ ${w8.say(view.phase === 'choose' ? 'mark.chooses' : 'mark.toPlay')}` : '',
    view.battle.fallen.includes(i) ? w8.say('mark.fellBack') : '',
    view.startSeat === i && view.phase === 'battle' ? w8.say('mark.started') : '',
  ]
    .filter(Boolean)
    .join(' · ');
  const marksX = x + 52 + nameW + 20;
  if (marks)
    text(ctx, marks, marksX, base, PANEL_TEXT, {
      colour: toPlay ? '#8a5a00' : '#5a5a5a',
      maxWidth: x + w - 16 - statsW - 24 - marksX,
    });
  let y = base;
  if (box.played) {
    y += PANEL_LINE;
    const colour = (view.battle.played[i] ?? []).length ? INK : '#6d6d6d';
    text(ctx, box.played, x + 16, y, PANEL_TEXT, { colour, maxWidth: w - 32 });
  }
  if (box.claimed)
    text(ctx, box.claimed, x + 16, y + PANEL_LINE, PANEL_TEXT, { bold: true, colour: '#3d3d3d', maxWidth: w - 32 });
}

/** The recruiting row, the resistance and the seats' boxes, below the board. */
export function drawBelowBoard(ctx: SKRSContext2D, view: CardGameView, w8: CardWords): void {
  const { rows, seats } = belowBoard(ctx, view, w8);
  for (const row of rows) drawCardRow(ctx, w8, row);
  seats.forEach((box, i) => drawSeat(ctx, view, w8, i, box));
}
