/**
 * drawScene: paints a scene on a 2D canvas context. No decisions about placement here (see build-scene.ts).
 * Paint order: title bar, territories, borders, features, centre markers, hold and special-order rings, order lines
 * (supports, convoys, arrow shafts), labels with their halos (arrows may cross labels but run beneath the halo,
 * docs/decisions.md), arrowheads (above the halos: the direction always shows), units, result symbols, legend.
 */
import type { SKRSContext2D } from '@napi-rs/canvas';
import { font } from './font-stack.js';
import type { Point } from './geometry.js';
import { COLORS, textOn } from './palette.js';
import {
  dot,
  MARK_COLORS,
  drawArrowHeads,
  drawEntrance,
  drawOrderLine,
  drawSymbol,
  drawUnit,
  drawUnitRing,
  hollowHead,
  hollowShaft,
  linkBeads,
} from './draw-marks.js';
import type { LegendKey, LegendKind, Region, Scene } from './scene.js';
import { ARROW, DASH, LEGEND_UNIT_PX, OPTION_ARROW } from './styles.js';
import { DARK_DISC, drawOverlay, OVERLAY_NEUTRAL } from './overlays.js';
import { copiesOf } from './wrap.js';

type Ctx = SKRSContext2D;

export function drawScene(ctx: Ctx, scene: Scene): void {
  const u = scene.width / 1600;
  /** The order layer's scale (ORDER_LAYER): units, lines, heads, rings, symbols and overlays. */
  const v = scene.layer;
  ctx.fillStyle = COLORS.background;
  ctx.fillRect(0, 0, scene.width, scene.height);

  drawTitle(ctx, scene);

  ctx.save();
  ctx.beginPath();
  ctx.rect(scene.frame.x, scene.frame.y, scene.frame.w, scene.frame.h);
  ctx.clip();
  let seamsDone = !scene.seam;
  for (const region of scene.regions) {
    // Over the background (off-map filler comes first), under every province.
    if (!seamsDone && !region.id.startsWith('#')) {
      paintSeams(ctx, scene.regions, scene.seam!);
      seamsDone = true;
    }
    ctx.beginPath();
    for (const poly of region.polygons) polygonPath(ctx, poly);
    ctx.fillStyle = region.fill;
    ctx.fill();
    if (region.fogged) hatch(ctx, region.polygons, u, true);
    else if (region.kind === 'impassable') hatch(ctx, region.polygons, u);
  }
  for (const lines of scene.borders) {
    ctx.beginPath();
    for (const [a, b] of lines.segments) {
      ctx.moveTo(a[0], a[1]);
      ctx.lineTo(b[0], b[1]);
    }
    ctx.lineCap = 'round';
    if (lines.kind === 'sea') {
      ctx.strokeStyle = COLORS.seaBorder;
      ctx.lineWidth = 1.2 * u;
    } else if (lines.kind === 'land') {
      ctx.strokeStyle = COLORS.border;
      ctx.lineWidth = 1.3 * u;
    } else {
      ctx.strokeStyle = COLORS.coast;
      ctx.lineWidth = 2.2 * u;
    }
    ctx.stroke();
  }
  drawFeatures(ctx, scene, u);
  ctx.restore();

  ctx.strokeStyle = COLORS.frame;
  ctx.lineWidth = 2 * u;
  ctx.strokeRect(scene.frame.x, scene.frame.y, scene.frame.w, scene.frame.h);

  for (const c of scene.centers) drawCenter(ctx, c.at, c.radius, c.fill, u);

  for (const e of scene.entrances) drawEntrance(ctx, e.at, e.radius, e.fill, u);

  for (const o of scene.orders) if (o.kind === 'hold' || o.kind === 'ring') drawUnitRing(ctx, o, v);
  const lineOrder = ['retreat-option', 'convoy', 'support', 'move', 'path', 'retreat'];
  for (const kind of lineOrder)
    for (const o of scene.orders) if (o.kind === kind) eachCopy(ctx, scene, o, () => drawOrderLine(ctx, o, v));

  // Leader lines of labels beside their province, under the labels' halos.
  ctx.save();
  ctx.strokeStyle = COLORS.labelLand;
  ctx.lineWidth = 1.2 * u;
  ctx.lineCap = 'round';
  for (const l of scene.labels) {
    if (!l.leader) continue;
    ctx.beginPath();
    ctx.moveTo(l.leader[0][0], l.leader[0][1]);
    ctx.lineTo(l.leader[1][0], l.leader[1][1]);
    ctx.stroke();
  }
  ctx.restore();
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.lineJoin = 'round';
  for (const l of scene.labels) {
    ctx.font = font(l.size, true);
    ctx.lineWidth = 3 * u;
    ctx.strokeStyle = COLORS.halo;
    ctx.fillStyle = l.color;
    const lines = l.lines ?? [l.text];
    lines.forEach((line, i) => {
      const y = l.at[1] + (i - (lines.length - 1) / 2) * l.size * 1.25;
      ctx.strokeText(line, l.at[0], y);
      ctx.fillText(line, l.at[0], y);
    });
  }

  for (const kind of lineOrder)
    for (const o of scene.orders) if (o.kind === kind) eachCopy(ctx, scene, o, () => drawArrowHeads(ctx, o, v));

  for (const unit of scene.units) drawUnit(ctx, unit, v);
  for (const s of scene.symbols) drawSymbol(ctx, s, v);
  for (const o of scene.overlays ?? []) drawOverlay(ctx, o, v);

  // The legend's samples and gaps scale with its text (LEGEND_UNIT_PX), as its layout does.
  drawLegend(ctx, scene, scene.legend.size / LEGEND_UNIT_PX);
}

/**
 * Every flat colour this scene is painted with (0xRRGGBB): the powers' units, tints, lines and legend swatches, the
 * symbols', the map's own. The PNG encoder keeps each exactly, however few pixels have it (png.ts, `exact`), so a
 * power's lone army or its legend swatch never takes another entry's colour. The powers' colours come first.
 */
export function flatColours(scene: Scene): number[] {
  const named = [
    ...scene.units.flatMap((x) => [x.fill, x.text]),
    ...scene.legend.entries.flatMap((e) => [e.color, textOn(e.color)]),
    ...scene.orders.map((o) => o.color),
    ...scene.overlays.flatMap((o) => [o.color, o.disc ?? '#ffffff']),
    ...scene.legend.keys.flatMap((k) => (k.fill ? [k.fill] : [])),
    ...scene.entrances.map((e) => e.fill),
    ...scene.centers.map((c) => c.fill),
    ...scene.regions.map((r) => r.fill),
    ...scene.labels.map((l) => l.color),
    ...Object.values(COLORS),
    ...MARK_COLORS,
    LEGEND_INK,
    LEGEND_SAMPLE,
    OVERLAY_NEUTRAL,
    DARK_DISC,
  ];
  const out = new Set<number>();
  for (const c of named) if (/^#[0-9a-f]{6}$/i.test(c)) out.add(Number.parseInt(c.slice(1), 16));
  return [...out];
}

/**
 * Paints an order's line or heads; on a map that wraps round, a line that leaves the frame at one edge is painted again
 * a frame's width to the side, where it comes in at the other, each copy clipped to the map.
 */
function eachCopy(ctx: Ctx, scene: Scene, o: Scene['orders'][number], paint: () => void): void {
  const wrap = scene.wraps ? { x0: scene.frame.x, width: scene.frame.w } : null;
  const shifts = copiesOf(wrap, [...o.path, ...(o.rest ?? [])]);
  if (shifts.length === 1) {
    paint();
    return;
  }
  for (const dx of shifts) {
    ctx.save();
    ctx.beginPath();
    ctx.rect(scene.frame.x, scene.frame.y, scene.frame.w, scene.frame.h);
    ctx.clip();
    ctx.translate(dx, 0);
    paint();
    ctx.restore();
  }
}

/** A supply-centre marker: a disc in its owner's tint, dark ring and dot (also the legend's sample). */
function drawCenter(ctx: Ctx, at: Point, radius: number, fill: string, u: number): void {
  ctx.beginPath();
  ctx.arc(at[0], at[1], radius, 0, Math.PI * 2);
  ctx.fillStyle = fill;
  ctx.fill();
  ctx.lineWidth = 1.6 * u;
  ctx.strokeStyle = COLORS.centerRing;
  ctx.stroke();
  ctx.beginPath();
  ctx.arc(at[0], at[1], radius * 0.35, 0, Math.PI * 2);
  ctx.fillStyle = COLORS.centerRing;
  ctx.fill();
}

function drawTitle(ctx: Ctx, scene: Scene): void {
  ctx.fillStyle = COLORS.title;
  ctx.font = font(scene.title.size, true);
  ctx.textAlign = 'left';
  ctx.textBaseline = 'middle';
  ctx.fillText(scene.title.text, scene.title.at[0], scene.title.at[1]);
}

function drawLegend(ctx: Ctx, scene: Scene, u: number): void {
  const { entries, size } = scene.legend;
  ctx.font = font(size, true);
  ctx.textAlign = 'left';
  ctx.textBaseline = 'middle';
  for (const e of entries) {
    const s = size * (e.mark ? 1.45 : 1.1);
    ctx.fillStyle = e.neutral ? '#ffffff' : e.color;
    ctx.fillRect(e.at[0], e.at[1] - s / 2, s, s);
    ctx.strokeStyle = '#111111';
    ctx.lineWidth = 1.2 * u;
    ctx.strokeRect(e.at[0], e.at[1] - s / 2, s, s);
    if (e.neutral) {
      ctx.strokeStyle = e.color;
      ctx.lineWidth = 3 * u;
      ctx.strokeRect(e.at[0] + 2.2 * u, e.at[1] - s / 2 + 2.2 * u, s - 4.4 * u, s - 4.4 * u);
    }
    if (e.mark) {
      // The mark its units carry, as on the map.
      ctx.font = font(size * 0.78, true);
      ctx.textAlign = 'center';
      ctx.fillStyle = e.neutral ? '#111111' : textOn(e.color);
      ctx.fillText(e.mark, e.at[0] + s / 2, e.at[1]);
      ctx.font = font(size, true);
      ctx.textAlign = 'left';
    }
    ctx.fillStyle = COLORS.title;
    ctx.fillText(e.text, e.at[0] + s + 6 * u, e.at[1]);
  }
  for (const key of scene.legend.keys) {
    const right = drawLegendSample(ctx, key, u);
    ctx.font = font(size * 0.94, false);
    ctx.fillStyle = COLORS.title;
    ctx.textAlign = 'left';
    ctx.textBaseline = 'middle';
    ctx.fillText(key.text, right + 6 * u, key.at[1]);
  }
}

/** The legend keys whose sample is a line across the key's width (drawLegendLine). */
const LEGEND_LINES = [
  'move',
  'retreat',
  'path',
  'failed-line',
  'link-move',
  'support',
  'convoy',
  'retreat-option',
  'pending',
  'river',
  'wall',
  'band',
  'link',
] as const;
type LegendLine = (typeof LEGEND_LINES)[number];
/** Is the key of this kind drawn as a line (drawLegendLine), not as a shape? */
const isLegendLine = (kind: LegendKind): kind is LegendLine => (LEGEND_LINES as readonly string[]).includes(kind);
/** The outline of the legend's arrows and order lines. */
const LEGEND_INK = '#111111';
/** The colour of the legend's order and unit samples (no power's). */
const LEGEND_SAMPLE = '#5a6e8c';

/** One legend key's sample, drawn as the map draws it; returns where its text starts. */
function drawLegendSample(ctx: Ctx, key: LegendKey, u: number): number {
  const kind = key.kind;
  ctx.save();
  if (isLegendLine(kind)) drawLegendLine(ctx, key, kind, u);
  else drawLegendShape(ctx, key, kind, u);
  ctx.restore();
  // Lines and the hold and special-order rings span the key's width; every other sample is centred on `at`.
  const spans = isLegendLine(kind) || kind === 'hold' || kind === 'ring';
  return spans ? key.at[0] + key.width : key.at[0] + key.width / 2;
}

/** A legend sample's line through `pts`: round caps, its dash (in picture px) scaled by `u`. */
function legendStroke(ctx: Ctx, pts: Point[], color: string, width: number, u: number, dash: readonly number[] = []) {
  ctx.beginPath();
  ctx.moveTo(pts[0][0], pts[0][1]);
  for (const p of pts.slice(1)) ctx.lineTo(p[0], p[1]);
  ctx.setLineDash(dash.map((d) => d * u));
  ctx.strokeStyle = color;
  ctx.lineWidth = width;
  ctx.lineCap = 'round';
  ctx.stroke();
  ctx.setLineDash([]);
}

/** A legend sample's arrowhead pointing right, its tip at (`tipX`, `y`), outlined in ink. */
function legendHead(ctx: Ctx, tipX: number, y: number, len: number, width: number, fill: string, u: number) {
  ctx.beginPath();
  ctx.moveTo(tipX, y);
  ctx.lineTo(tipX - len, y - width / 2);
  ctx.lineTo(tipX - len, y + width / 2);
  ctx.closePath();
  ctx.fillStyle = fill;
  ctx.fill();
  ctx.strokeStyle = LEGEND_INK;
  ctx.lineWidth = 1.1 * u;
  ctx.stroke();
}

/** The sample of a line key: an order's line or arrow, a river, wall, band or link. */
function drawLegendLine(ctx: Ctx, key: LegendKey, kind: LegendLine, u: number): void {
  const [x, y] = key.at;
  const w = key.width;
  const ink = LEGEND_INK;
  const sampleColor = LEGEND_SAMPLE;
  const stroke = (pts: Point[], color: string, width: number, dash: readonly number[] = []) =>
    legendStroke(ctx, pts, color, width, u, dash);
  const head = (tipX: number, len: number, width: number, fill: string) =>
    legendHead(ctx, tipX, y, len, width, fill, u);
  const seg: Point[] = [
    [x, y],
    [x + w, y],
  ];
  switch (kind) {
    case 'move':
    case 'retreat':
    case 'path':
    case 'failed-line': {
      // A shorter arrow at legend scale: the same proportions as on the map.
      const k = 0.8;
      const shaftEnd: Point = [x + w - ARROW.headLength * u * k * 0.55, y];
      if (kind === 'failed-line') ctx.globalAlpha = 0.6;
      const dash = kind === 'failed-line' ? DASH.failed : [];
      stroke([seg[0], shaftEnd], ink, ARROW.visible * u * k, dash);
      stroke([seg[0], shaftEnd], sampleColor, ARROW.shaft * u * k, dash);
      if (kind === 'retreat') stroke([seg[0], shaftEnd], '#ffffff', ARROW.shaft * u * k * 0.38);
      if (kind === 'path') dot(ctx, [x + w * 0.4, y], 3.2 * u, sampleColor);
      head(x + w, ARROW.headLength * u * k, ARROW.headWidth * u * k, sampleColor);
      break;
    }
    case 'pending': {
      const k = 0.8;
      const shaftEnd: Point = [x + w - ARROW.headLength * u * k * 0.55, y];
      hollowShaft(ctx, [seg[0], shaftEnd], sampleColor, u * k);
      const len = ARROW.headLength * u * k;
      hollowHead(
        ctx,
        { tip: [x + w, y], base: [x + w - len, y], width: ARROW.headWidth * u * k, shaft: 0 },
        sampleColor,
        u * k,
      );
      break;
    }
    case 'link-move': {
      const k = 0.8;
      linkBeads(ctx, [seg[0], [x + w - ARROW.headLength * u * k * 0.55, y]], sampleColor, u * k);
      head(x + w, ARROW.headLength * u * k, ARROW.headWidth * u * k, sampleColor);
      break;
    }
    case 'support':
      stroke(seg, ink, 4.4 * u, DASH.support);
      stroke(seg, sampleColor, 2.6 * u, DASH.support);
      dot(ctx, [x + w, y], 3.6 * u, sampleColor);
      break;
    case 'convoy':
      stroke(seg, ink, 5 * u, DASH.convoy);
      stroke(seg, sampleColor, 3.2 * u, DASH.convoy);
      break;
    case 'retreat-option': {
      const shaft: Point[] = [seg[0], [x + w - OPTION_ARROW.headLength * u * 0.5, y]];
      stroke(shaft, ink, (OPTION_ARROW.shaft + OPTION_ARROW.casing) * u, DASH.option);
      stroke(shaft, sampleColor, OPTION_ARROW.shaft * u, DASH.option);
      head(x + w, OPTION_ARROW.headLength * u, OPTION_ARROW.headWidth * u, sampleColor);
      break;
    }
    case 'river':
      stroke([seg[0], [x + w * 0.35, y - 3 * u], [x + w * 0.7, y + 3 * u], seg[1]], COLORS.river, 4 * u);
      break;
    case 'wall':
      stroke(seg, COLORS.wall, 4.5 * u, [7, 3]);
      break;
    case 'band':
      stroke(seg, COLORS.band, 4 * u);
      break;
    case 'link':
      stroke(seg, COLORS.link, 2 * u, [2, 5]);
      break;
  }
}

/** The sample of a shape key: a ring, unit, centre, entrance, impassable square, overlay or result symbol. */
function drawLegendShape(ctx: Ctx, key: LegendKey, kind: Exclude<LegendKind, LegendLine>, u: number): void {
  const [x, y] = key.at;
  const w = key.width;
  const sampleColor = LEGEND_SAMPLE;
  switch (kind) {
    case 'hold':
    case 'ring': {
      // The ring the map draws round a unit of this size.
      const c: Point = [x + w / 2, y];
      const ring = {
        kind,
        power: '',
        color: sampleColor,
        order: '',
        points: [c],
        path: [c],
        size: (8 * u) / 1.5,
        outcome: null,
        failed: false,
      };
      drawUnitRing(ctx, ring, u);
      break;
    }
    case 'entrance':
      drawEntrance(ctx, key.at, w / 2, key.fill ?? COLORS.centerNeutral, u);
      break;
    case 'army':
    case 'fleet': {
      // The unit's shape as the map draws it, in the sample colour, with its type letter where units carry one.
      const size = kind === 'army' ? w / 2 : w / 2.4;
      drawUnit(
        ctx,
        {
          power: '',
          type: kind === 'army' ? 'A' : 'F',
          location: '',
          at: key.at,
          size,
          fill: sampleColor,
          text: textOn(sampleColor),
          dislodged: false,
          mark: key.letter === '' ? '' : undefined,
        },
        u,
      );
      break;
    }
    case 'center':
      drawCenter(ctx, key.at, w * 0.32, COLORS.centerNeutral, u);
      break;
    case 'impassable':
    case 'fog': {
      const half = w / 2;
      const square: Point[] = [
        [x - half, y - half],
        [x + half, y - half],
        [x + half, y + half],
        [x - half, y + half],
      ];
      ctx.beginPath();
      polygonPath(ctx, square);
      ctx.fillStyle = key.kind === 'fog' ? COLORS.fogLand : COLORS.impassable;
      ctx.fill();
      hatch(ctx, [square], u, key.kind === 'fog');
      ctx.beginPath();
      polygonPath(ctx, square);
      ctx.strokeStyle = COLORS.border;
      ctx.lineWidth = 1.2 * u;
      ctx.stroke();
      break;
    }
    case 'overlay': {
      const ring = key.overlay?.kind === 'ring';
      drawOverlay(
        ctx,
        {
          kind: ring ? 'ring' : 'mark',
          glyph: key.overlay?.glyph,
          at: key.at,
          radius: ring ? w * 0.4 : w / 2,
          color: key.fill ?? OVERLAY_NEUTRAL,
          ...(key.overlay?.open ? { open: true } : {}),
        },
        u,
      );
      break;
    }
    default:
      drawSymbol(ctx, { kind, at: key.at, radius: w / 2 }, u);
  }
}

/**
 * Each province's outline painted in its own fill, `width` wide, before any fill (`Scene.seam`): it shows only in the
 * gaps a drawing leaves between provinces, half the width on each side, and never past off-map filler.
 */
function paintSeams(ctx: Ctx, regions: readonly Region[], width: number): void {
  ctx.save();
  ctx.lineWidth = width;
  ctx.lineJoin = 'round';
  for (const region of regions) {
    if (region.id.startsWith('#')) continue;
    ctx.beginPath();
    for (const poly of region.polygons) polygonPath(ctx, poly);
    ctx.strokeStyle = region.fill;
    ctx.stroke();
  }
  ctx.restore();
}

function polygonPath(ctx: Ctx, poly: Point[]): void {
  if (poly.length === 0) return;
  ctx.moveTo(poly[0][0], poly[0][1]);
  for (let i = 1; i < poly.length; i++) ctx.lineTo(poly[i][0], poly[i][1]);
  ctx.closePath();
}

/**
 * Diagonal hatching over polygons: impassable land one way; fog of war (`cross`) both ways, so a province out of sight
 * never reads as impassable land, in either palette or in grey (docs/table.md "Fog of war").
 */
function hatch(ctx: Ctx, polygons: Point[][], u: number, cross = false): void {
  ctx.save();
  ctx.beginPath();
  for (const poly of polygons) polygonPath(ctx, poly);
  ctx.clip();
  const xs = polygons.flat().map((p) => p[0]);
  const ys = polygons.flat().map((p) => p[1]);
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  ctx.beginPath();
  for (let x = x0 - (y1 - y0); x < x1; x += 7 * u) {
    ctx.moveTo(x, y1);
    ctx.lineTo(x + (y1 - y0), y0);
    if (!cross) continue;
    ctx.moveTo(x, y0);
    ctx.lineTo(x + (y1 - y0), y1);
  }
  ctx.strokeStyle = cross ? 'rgba(60,60,60,0.3)' : 'rgba(60,50,40,0.35)';
  ctx.lineWidth = 1.2 * u;
  ctx.stroke();
  ctx.restore();
}

function drawFeatures(ctx: Ctx, scene: Scene, u: number): void {
  for (const f of scene.features) {
    ctx.save();
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    if (f.kind === 'decor') {
      ctx.beginPath();
      ctx.moveTo(f.points[0]![0], f.points[0]![1]);
      for (const p of f.points.slice(1)) ctx.lineTo(p[0], p[1]);
      ctx.strokeStyle = f.color;
      ctx.lineWidth = f.width;
      if (f.dash) ctx.setLineDash(f.dash);
      ctx.stroke();
    } else if (f.kind === 'river') {
      ctx.beginPath();
      smoothPath(ctx, f.points);
      ctx.strokeStyle = COLORS.river;
      ctx.lineWidth = 4 * u;
      ctx.stroke();
    } else if (f.kind === 'wall') {
      // A wall is dashed brown; a band (an area's border) solid and dark.
      ctx.strokeStyle = f.style === 'band' ? COLORS.band : COLORS.wall;
      ctx.lineWidth = (f.style === 'band' ? 4 : 4.5) * u;
      if (f.style !== 'band') ctx.setLineDash([7 * u, 3 * u]);
      ctx.beginPath();
      for (const [a, b] of f.segments) {
        ctx.moveTo(a[0], a[1]);
        ctx.lineTo(b[0], b[1]);
      }
      ctx.stroke();
    } else {
      ctx.strokeStyle = COLORS.link;
      ctx.lineWidth = 2 * u;
      ctx.setLineDash([2 * u, 5 * u]);
      ctx.beginPath();
      ctx.moveTo(f.points[0][0], f.points[0][1]);
      ctx.lineTo(f.points[1][0], f.points[1][1]);
      ctx.stroke();
    }
    ctx.restore();
  }
}

/** A smooth curve through the points (quadratic segments between midpoints). */
function smoothPath(ctx: Ctx, pts: Point[]): void {
  ctx.moveTo(pts[0][0], pts[0][1]);
  if (pts.length === 2) {
    ctx.lineTo(pts[1][0], pts[1][1]);
    return;
  }
  for (let i = 1; i < pts.length - 1; i++) {
    const mid: Point = [(pts[i][0] + pts[i + 1][0]) / 2, (pts[i][1] + pts[i + 1][1]) / 2];
    if (i === pts.length - 2) ctx.quadraticCurveTo(pts[i][0], pts[i][1], pts[i + 1][0], pts[i + 1][1]);
    else ctx.quadraticCurveTo(pts[i][0], pts[i][1], mid[0], mid[1]);
  }
}
