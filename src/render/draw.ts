/**
 * drawScene: paints a scene on a 2D canvas context. No decisions about placement here (see build-scene.ts).
 * Paint order: title bar, territories, borders, features, centre markers, hold and raise rings, order lines
 * (supports, convoys, arrows), labels with their halos (arrows may cross labels but run beneath the halo,
 * decisions.md), units, result symbols, legend.
 */
import type { SKRSContext2D } from '@napi-rs/canvas';
import { font } from './fonts.js';
import type { Point } from './geometry.js';
import { COLORS } from './palette.js';
import { drawEntrance, drawOrderLine, drawSymbol, drawUnit, drawUnitRing } from './draw-marks.js';
import type { Scene } from './scene.js';
import { drawOverlay } from './overlays.js';

type Ctx = SKRSContext2D;

export function drawScene(ctx: Ctx, scene: Scene): void {
  const u = scene.width / 1600;
  ctx.fillStyle = COLORS.background;
  ctx.fillRect(0, 0, scene.width, scene.height);

  drawTitle(ctx, scene);

  ctx.save();
  ctx.beginPath();
  ctx.rect(scene.frame.x, scene.frame.y, scene.frame.w, scene.frame.h);
  ctx.clip();
  for (const region of scene.regions) {
    ctx.beginPath();
    for (const poly of region.polygons) polygonPath(ctx, poly);
    ctx.fillStyle = region.fill;
    ctx.fill();
    if (region.kind === 'impassable') hatch(ctx, region.polygons, u);
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

  for (const c of scene.centers) {
    ctx.beginPath();
    ctx.arc(c.at[0], c.at[1], c.radius, 0, Math.PI * 2);
    ctx.fillStyle = c.fill;
    ctx.fill();
    ctx.lineWidth = 1.6 * u;
    ctx.strokeStyle = COLORS.centerRing;
    ctx.stroke();
    ctx.beginPath();
    ctx.arc(c.at[0], c.at[1], c.radius * 0.35, 0, Math.PI * 2);
    ctx.fillStyle = COLORS.centerRing;
    ctx.fill();
  }

  for (const e of scene.entrances) drawEntrance(ctx, e.at, e.radius, e.fill, u);

  for (const o of scene.orders) if (o.kind === 'hold' || o.kind === 'raise') drawUnitRing(ctx, o, u);
  const lineOrder = ['retreat-option', 'convoy', 'support', 'move', 'path', 'retreat'];
  for (const kind of lineOrder) for (const o of scene.orders) if (o.kind === kind) drawOrderLine(ctx, o, u);

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

  for (const unit of scene.units) drawUnit(ctx, unit, u);
  for (const s of scene.symbols) drawSymbol(ctx, s, u);
  for (const o of scene.overlays ?? []) drawOverlay(ctx, o, u);

  drawLegend(ctx, scene, u);
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
    const s = size * 1.1;
    ctx.fillStyle = e.color;
    ctx.fillRect(e.at[0], e.at[1] - s / 2, s, s);
    ctx.strokeStyle = '#111111';
    ctx.lineWidth = 1.2 * u;
    ctx.strokeRect(e.at[0], e.at[1] - s / 2, s, s);
    ctx.fillStyle = COLORS.title;
    ctx.fillText(e.text, e.at[0] + s + 6 * u, e.at[1]);
  }
  const r = size * 0.55;
  for (const e of scene.legend.symbols) {
    if (e.kind === 'entrance') drawEntrance(ctx, e.at, r, e.fill ?? COLORS.centerNeutral, u);
    else if (e.kind === 'overlay') drawOverlay(ctx, { kind: e.overlay?.kind ?? 'mark', glyph: e.overlay?.glyph, at: e.at, radius: e.overlay?.kind === 'ring' ? r * 0.8 : r, color: e.fill ?? '#3a3a3a' }, u);
    else drawSymbol(ctx, { kind: e.kind, at: e.at, radius: r }, u);
    ctx.font = font(size, false);
    ctx.fillStyle = COLORS.title;
    ctx.textAlign = 'left';
    ctx.fillText(e.text, e.at[0] + r + 6 * u, e.at[1]);
  }
}

function polygonPath(ctx: Ctx, poly: Point[]): void {
  if (poly.length === 0) return;
  ctx.moveTo(poly[0][0], poly[0][1]);
  for (let i = 1; i < poly.length; i++) ctx.lineTo(poly[i][0], poly[i][1]);
  ctx.closePath();
}

function hatch(ctx: Ctx, polygons: Point[][], u: number): void {
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
  }
  ctx.strokeStyle = 'rgba(60,50,40,0.35)';
  ctx.lineWidth = 1.2 * u;
  ctx.stroke();
  ctx.restore();
}

function drawFeatures(ctx: Ctx, scene: Scene, u: number): void {
  for (const f of scene.features) {
    ctx.save();
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    if (f.kind === 'river') {
      ctx.beginPath();
      smoothPath(ctx, f.points);
      ctx.strokeStyle = COLORS.river;
      ctx.lineWidth = 4 * u;
      ctx.stroke();
    } else if (f.kind === 'wall') {
      ctx.strokeStyle = COLORS.wall;
      ctx.lineWidth = 4.5 * u;
      ctx.setLineDash([7 * u, 3 * u]);
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
