/**
 * A variant's map overlays (src/variants/plugin/overlay.ts): marks and rings it asks for beyond the units and
 * orders (a mark: a glyph in the power's colour on a white disc, dark for a light colour; a ring: two thin rings round a unit spot), placed here (marks where they cover no label, unit, centre marker, entrance or result symbol) and painted
 * by drawOverlay. Each distinct (glyph or ring, colour, legend text) gets one legend entry.
 */
import { MAX_OVERLAY_LEGEND, type MapOverlay } from '../variants/plugin/overlay.js';
import type { SKRSContext2D } from '@napi-rs/canvas';
import { contrastRatio } from './color-science.js';
import type { Point } from './geometry.js';
import { distanceToSegment } from '../variants/drawing/segment.js';
import { aroundUnit } from './orders.js';
import { grid, overlaps, rectAround } from './placement.js';
import type { PlacedOverlay, Rect } from './scene.js';

/** Fill of an overlay that names no power. */
export const OVERLAY_NEUTRAL = '#3a3a3a';

export interface OverlayPlacement {
  /** The unit spot of a province (output px), or null when it is not on the map. */
  spotOf(province: string): Point | null;
  unitSize: number;
  /** The colour of a power in the picture's palette (null: no power given). */
  colorOf(power: string | undefined): string;
  /** What a mark must not cover. */
  obstacles: Rect[];
  /** The province under an output-pixel point: a mark stays inside its own province when it can. */
  provinceAt?(p: Point): string | null;
  /** The order lines as drawn (OrderMark.path): a mark keeps off them when it can, so it never hides a line. */
  lines?: readonly (readonly Point[])[];
  /**
   * The unit standing in a province (its disc, and the very box of it among `obstacles`): in a crowded province a
   * mark may sit against its own unit like a badge, over that unit's room but never its disc, before it would cover a
   * line or stray from its province.
   */
  unitOf?(province: string): { at: Point; size: number; box: Rect } | null;
  frame: Rect;
  warnings: string[];
}

const legendText = (text: unknown): string => {
  const s = String(text ?? '')
    .replace(/\s+/g, ' ')
    .trim();
  return s.length > MAX_OVERLAY_LEGEND ? `${s.slice(0, MAX_OVERLAY_LEGEND - 1)}…` : s;
};

/** Places every overlay; an overlay about a province not on the map, or without room, is left out with a warning. */
export function placeOverlays(overlays: readonly MapOverlay[] | undefined, p: OverlayPlacement): PlacedOverlay[] {
  const out: PlacedOverlay[] = [];
  const taken = [...p.obstacles];
  const markRadius = p.unitSize;
  for (const o of overlays ?? []) {
    if (!o || typeof o !== 'object') continue;
    const spot = typeof o.province === 'string' ? p.spotOf(o.province) : null;
    if (!spot) {
      p.warnings.push(`overlay for ${String(o.province)}: not a province of the map`);
      continue;
    }
    const color = o.power ? p.colorOf(o.power) : OVERLAY_NEUTRAL;
    const legend = legendText(o.legend);
    if (o.kind === 'ring') {
      out.push({ kind: 'ring', province: o.province, at: spot, radius: p.unitSize * 1.95, color, legend });
      continue;
    }
    if (o.kind !== 'mark') continue;
    const own = p.unitOf?.(o.province) ?? null;
    const inFrame = (c: Point): Rect | null => {
      const box = rectAround(c, markRadius * 2.3, markRadius * 2.3);
      const f = p.frame;
      return box.x < f.x || box.y < f.y || box.x + box.w > f.x + f.w || box.y + box.h > f.y + f.h ? null : box;
    };
    const fits = (c: Point, badge = false): Rect | null => {
      const box = inFrame(c);
      return !box || taken.some((t) => overlaps(t, box) && !(badge && t === own?.box)) ? null : box;
    };
    // The mark says where something happened, so it lies in its own province (beside it, it reads as a
    // neighbour's) and hides no order line where it can. Best: inside and off every line; then, in a crowded province,
    // inside and off every line against its own unit like a badge (over the unit's room, never its disc); then inside
    // on a line; then inside over whatever else is there but the unit's disc; only a province too small for a mark
    // anywhere inside puts it near.
    const inside = (c: Point) => !p.provinceAt || p.provinceAt(c) === o.province;
    const offLines = (c: Point) => clearOfLines(c, markRadius + LINE_MARGIN * p.unitSize, p.lines ?? []);
    const offDisc = (c: Point) =>
      own === null || Math.hypot(c[0] - own.at[0], c[1] - own.at[1]) >= own.size * 1.2 + markRadius; // a fleet's hull is 1.2 unit sizes wide
    const candidates = [
      ...aroundUnit(spot, p.unitSize),
      ...rings(spot, markRadius),
      ...grid(spot, markRadius * 0.6, p.unitSize * 6),
    ];
    let placed: { at: Point; box: Rect } | null = null;
    const tiers: [(c: Point) => boolean, 'clear' | 'badge' | 'over'][] = [
      [(c) => inside(c) && offLines(c), 'clear'],
      [(c) => inside(c) && offLines(c) && offDisc(c), 'badge'],
      [(c) => inside(c) && offDisc(c), 'badge'],
      [(c) => inside(c) && offDisc(c), 'over'],
      [() => true, 'clear'],
    ];
    for (const [wanted, room] of tiers) {
      for (const c of candidates) {
        const box = !wanted(c) ? null : room === 'over' ? inFrame(c) : fits(c, room === 'badge');
        if (box) {
          placed = { at: c, box };
          break;
        }
      }
      if (placed) break;
    }
    if (!placed) {
      p.warnings.push(`no room for the overlay mark at ${o.province}`);
      continue;
    }
    taken.push(placed.box);
    out.push({
      kind: 'mark',
      glyph: o.glyph,
      province: o.province,
      at: placed.at,
      radius: markRadius,
      color,
      disc: overlayDisc(color),
      ...(o.power ? {} : { open: true }),
      legend,
    });
  }
  return out;
}

/** A mark's disc: white, or dark when its glyph's colour reads poorly on white (WCAG contrast below 3). */
export function overlayDisc(color: string): string {
  return contrastRatio(color, '#ffffff') < 3 ? DARK_DISC : '#ffffff';
}

export const DARK_DISC = '#2b2b2b';

/** One legend entry per distinct look and text, in the order they were first placed. */
export function overlayLegend(placed: readonly PlacedOverlay[]): PlacedOverlay[] {
  const seen = new Set<string>();
  return placed.filter((o) => {
    const key = `${o.kind}|${o.glyph ?? ''}|${o.color}|${o.legend}`;
    if (seen.has(key) || o.legend === '') return false;
    seen.add(key);
    return true;
  });
}

/** How far (in unit sizes) beyond its rim a mark keeps from an order line's centre line. */
const LINE_MARGIN = 0.45;

/** Whether a disc of radius r at c touches none of the lines. */
function clearOfLines(c: Point, r: number, lines: readonly (readonly Point[])[]): boolean {
  for (const line of lines) {
    for (let i = 1; i < line.length; i++) if (distanceToSegment(c, line[i - 1]!, line[i]!) < r) return false;
  }
  return true;
}

/** Spots on growing rings round a point (12 per ring). */
function rings(at: Point, r: number): Point[] {
  const out: Point[] = [];
  for (let ring = 1; ring <= 8; ring++) {
    for (let i = 0; i < 12; i++) {
      const a = (i / 12) * Math.PI * 2 + ring * 0.4;
      out.push([at[0] + Math.cos(a) * r * 2.2 * ring, at[1] + Math.sin(a) * r * 2.2 * ring]);
    }
  }
  return out;
}

/** Paints one overlay (a mark: its glyph on a white disc with a dark rim, or a dark disc for a light colour; a ring round its spot). */
export function drawOverlay(
  ctx: SKRSContext2D,
  o: Pick<PlacedOverlay, 'kind' | 'glyph' | 'at' | 'radius' | 'color' | 'disc' | 'open'>,
  u: number,
): void {
  const [x, y] = o.at;
  const r = o.radius;
  ctx.save();
  ctx.setLineDash([]);
  ctx.lineJoin = 'round';
  ctx.lineCap = 'round';
  if (o.kind === 'ring') {
    // Two thin rings in the colour with white between: never read as the dashed dislodged or dotted virtual ring.
    ctx.lineWidth = 6.4 * u;
    ctx.strokeStyle = '#ffffff';
    ctx.beginPath();
    ctx.arc(x, y, r, 0, Math.PI * 2);
    ctx.stroke();
    ctx.strokeStyle = o.color;
    ctx.lineWidth = 1.8 * u;
    for (const rr of [r - 2 * u, r + 2 * u]) {
      ctx.beginPath();
      ctx.arc(x, y, rr, 0, Math.PI * 2);
      ctx.stroke();
    }
    ctx.restore();
    return;
  }
  // The disc: white with a dark rim, or dark with a white rim under a light glyph.
  const disc = o.disc ?? overlayDisc(o.color);
  ctx.beginPath();
  ctx.arc(x, y, r, 0, Math.PI * 2);
  ctx.fillStyle = disc;
  ctx.fill();
  ctx.strokeStyle = disc === '#ffffff' ? '#222222' : '#ffffff';
  ctx.lineWidth = 1.4 * u;
  if (o.open) {
    // No power's mark: a broken rim, wider, so it never reads as a dark power's (a battle Chaos won).
    ctx.lineWidth = 2.2 * u;
    ctx.setLineDash([3 * u, 3.5 * u]);
  }
  ctx.stroke();
  ctx.setLineDash([]);
  const g = r * 0.66;
  ctx.fillStyle = o.color;
  ctx.strokeStyle = o.color;
  switch (o.glyph) {
    case 'swords':
      // Two crossed blades, each with its cross-guard and grip near the lower end.
      for (const side of [1, -1]) {
        const hilt: Point = [x - g * side, y + g];
        const tip: Point = [x + g * side, y - g];
        const dx = (tip[0] - hilt[0]) / (2 * Math.SQRT2 * g);
        const dy = (tip[1] - hilt[1]) / (2 * Math.SQRT2 * g);
        const guard: Point = [hilt[0] + dx * g * 0.75, hilt[1] + dy * g * 0.75];
        ctx.lineWidth = 2.6 * u;
        ctx.beginPath();
        ctx.moveTo(guard[0], guard[1]);
        ctx.lineTo(tip[0], tip[1]);
        ctx.stroke();
        ctx.lineWidth = 3.2 * u;
        ctx.beginPath();
        ctx.moveTo(hilt[0], hilt[1]);
        ctx.lineTo(guard[0], guard[1]);
        ctx.stroke();
        ctx.lineWidth = 2.2 * u;
        ctx.beginPath();
        ctx.moveTo(guard[0] - dy * g * 0.55, guard[1] + dx * g * 0.55);
        ctx.lineTo(guard[0] + dy * g * 0.55, guard[1] - dx * g * 0.55);
        ctx.stroke();
      }
      break;
    case 'star': {
      ctx.beginPath();
      for (let i = 0; i < 10; i++) {
        const a = -Math.PI / 2 + (i * Math.PI) / 5;
        const rr = i % 2 === 0 ? g * 1.1 : g * 0.45;
        if (i === 0) ctx.moveTo(x + Math.cos(a) * rr, y + Math.sin(a) * rr);
        else ctx.lineTo(x + Math.cos(a) * rr, y + Math.sin(a) * rr);
      }
      ctx.closePath();
      ctx.fill();
      break;
    }
    case 'flag':
      ctx.lineWidth = 1.8 * u;
      ctx.beginPath();
      ctx.moveTo(x - g * 0.6, y + g);
      ctx.lineTo(x - g * 0.6, y - g);
      ctx.stroke();
      ctx.beginPath();
      ctx.moveTo(x - g * 0.6, y - g);
      ctx.lineTo(x + g, y - g * 0.5);
      ctx.lineTo(x - g * 0.6, y);
      ctx.closePath();
      ctx.fill();
      break;
    default:
      ctx.beginPath();
      ctx.moveTo(x, y - g);
      ctx.lineTo(x + g, y);
      ctx.lineTo(x, y + g);
      ctx.lineTo(x - g, y);
      ctx.closePath();
      ctx.fill();
      break;
  }
  ctx.restore();
}
