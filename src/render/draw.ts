/**
 * drawScene: paints a scene on a 2D canvas context. No decisions about placement here (see build-scene.ts).
 * Paint order: title bar, territories, borders, features, centre markers, order lines under units,
 * units, arrows over units, labels, legend. Failed orders are dimmed and crossed with a red X.
 */
import type { SKRSContext2D } from '@napi-rs/canvas';
import { font } from './fonts.js';
import type { Point } from './geometry.js';
import { COLORS } from './palette.js';
import type { OrderMark, Scene, UnitMark } from './scene.js';

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

  const under = scene.orders.filter((o) => o.kind === 'support' || o.kind === 'convoy' || o.kind === 'hold');
  const over = scene.orders.filter((o) => !under.includes(o));
  const crosses: [Point, number][] = [];
  for (const o of under) drawOrder(ctx, o, u, crosses);
  for (const unit of scene.units) drawUnit(ctx, unit, u);
  for (const o of over) drawOrder(ctx, o, u, crosses);
  for (const [at, d] of crosses) cross(ctx, at, d, u);

  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.lineJoin = 'round';
  for (const l of scene.labels) {
    ctx.font = font(l.size, true);
    ctx.lineWidth = 3 * u;
    ctx.strokeStyle = COLORS.halo;
    ctx.strokeText(l.text, l.at[0], l.at[1]);
    ctx.fillStyle = l.color;
    ctx.fillText(l.text, l.at[0], l.at[1]);
  }

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

export function drawUnit(ctx: Ctx, unit: UnitMark, u: number, alpha = 1): void {
  const [x, y] = unit.at;
  const s = unit.size;
  ctx.save();
  ctx.globalAlpha = alpha * (unit.dislodged ? 0.9 : 1);
  ctx.beginPath();
  if (unit.type === 'A') {
    ctx.arc(x, y, s, 0, Math.PI * 2);
  } else {
    // A hull: wide deck, narrow keel.
    ctx.moveTo(x - s * 1.2, y - s * 0.6);
    ctx.lineTo(x + s * 1.2, y - s * 0.6);
    ctx.lineTo(x + s * 0.75, y + s * 0.8);
    ctx.lineTo(x - s * 0.75, y + s * 0.8);
    ctx.closePath();
  }
  ctx.fillStyle = unit.fill;
  ctx.fill();
  ctx.lineWidth = 1.6 * u;
  ctx.strokeStyle = '#111111';
  ctx.stroke();
  ctx.fillStyle = unit.text;
  ctx.font = font(s * 1.15, true);
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(unit.type, x, y + (unit.type === 'F' ? s * 0.08 : 0));
  if (unit.dislodged) {
    ctx.beginPath();
    ctx.arc(x, y, s * 1.5, 0, Math.PI * 2);
    ctx.setLineDash([3 * u, 2.5 * u]);
    ctx.lineWidth = 2.4 * u;
    ctx.strokeStyle = COLORS.failed;
    ctx.stroke();
  }
  ctx.restore();
}

function drawOrder(ctx: Ctx, o: OrderMark, u: number, crosses: [Point, number][]): void {
  ctx.save();
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  if (o.failed) ctx.globalAlpha = 0.6;
  const s = o.size;
  let crossAt: Point = o.points[0];
  switch (o.kind) {
    case 'move':
    case 'retreat':
    case 'path': {
      const pts = trimEnds(o.points, s * 1.05, s * 1.1);
      arrow(ctx, pts, o.color, 3.6 * u, u, o.kind === 'retreat');
      if (o.kind === 'path') for (const p of o.points.slice(1, -1)) dot(ctx, p, 3.5 * u, o.color);
      crossAt = midpoint(pts);
      break;
    }
    case 'support': {
      const [a, b] = trimEnds(o.points, s * 1.05, s * 1.25);
      ctx.setLineDash([7 * u, 4 * u]);
      line(ctx, [a, b], '#111111', 4.4 * u);
      line(ctx, [a, b], o.color, 2.6 * u);
      ctx.setLineDash([]);
      ring(ctx, b, 4 * u, o.color, 2 * u);
      crossAt = midpoint([a, b]);
      break;
    }
    case 'convoy': {
      const pts = trimEnds(o.points, s * 1.05, s * 1.1);
      ctx.setLineDash([1 * u, 5 * u]);
      line(ctx, pts, '#111111', 5 * u);
      line(ctx, pts, o.color, 3.2 * u);
      ctx.setLineDash([]);
      crossAt = midpoint([o.points[1], o.points[2]]);
      break;
    }
    case 'hold': {
      octagon(ctx, o.points[0], s * 1.55);
      ctx.strokeStyle = '#111111';
      ctx.lineWidth = 5 * u;
      ctx.stroke();
      ctx.strokeStyle = o.color;
      ctx.lineWidth = 3 * u;
      ctx.stroke();
      break;
    }
    case 'build': {
      const [x, y] = o.points[0];
      drawUnit(ctx, { power: o.power, type: o.unitType ?? 'A', location: '', at: [x, y], size: s, fill: o.color, text: '#000', dislodged: false }, u, 0.85);
      ctx.beginPath();
      ctx.arc(x, y, s * 1.6, 0, Math.PI * 2);
      ctx.setLineDash([4 * u, 3 * u]);
      ctx.strokeStyle = '#111111';
      ctx.lineWidth = 2.2 * u;
      ctx.stroke();
      ctx.setLineDash([]);
      badge(ctx, [x + s * 1.2, y - s * 1.2], s * 0.55, '#ffffff', '+', u);
      crossAt = [x, y];
      break;
    }
    case 'disband': {
      const [x, y] = o.points[0];
      const d = s * 1.2;
      for (const [w, c] of [
        [6 * u, '#ffffff'],
        [3.5 * u, COLORS.failed],
      ] as const) {
        ctx.beginPath();
        ctx.moveTo(x - d, y - d);
        ctx.lineTo(x + d, y + d);
        ctx.moveTo(x + d, y - d);
        ctx.lineTo(x - d, y + d);
        ctx.strokeStyle = c;
        ctx.lineWidth = w;
        ctx.stroke();
      }
      crossAt = [x + s * 1.4, y - s * 1.4];
      break;
    }
    case 'raise': {
      const [x, y] = o.points[0];
      badge(ctx, [x + s * 1.15, y - s * 1.15], s * 0.65, o.color, 'F', u);
      crossAt = [x, y];
      break;
    }
  }
  ctx.restore();
  if (o.failed) crosses.push([crossAt, o.kind === 'disband' ? s * 0.45 : s * 0.7]);
}

function line(ctx: Ctx, pts: Point[], color: string, width: number): void {
  ctx.beginPath();
  ctx.moveTo(pts[0][0], pts[0][1]);
  for (const p of pts.slice(1)) ctx.lineTo(p[0], p[1]);
  ctx.strokeStyle = color;
  ctx.lineWidth = width;
  ctx.stroke();
}

/** A line with a filled head at the end, outlined in black; a retreat has a white core. */
function arrow(ctx: Ctx, pts: Point[], color: string, width: number, u: number, hollow: boolean): void {
  const end = pts[pts.length - 1];
  const prev = pts[pts.length - 2];
  const ang = Math.atan2(end[1] - prev[1], end[0] - prev[0]);
  const head = width * 3.2;
  const base: Point = [end[0] - Math.cos(ang) * head * 0.8, end[1] - Math.sin(ang) * head * 0.8];
  const body = [...pts.slice(0, -1), base];
  line(ctx, body, '#111111', width + 2.4 * u);
  line(ctx, body, color, width);
  if (hollow) line(ctx, body, '#ffffff', width * 0.35);
  ctx.beginPath();
  ctx.moveTo(end[0], end[1]);
  ctx.lineTo(end[0] - Math.cos(ang - 0.42) * head, end[1] - Math.sin(ang - 0.42) * head);
  ctx.lineTo(end[0] - Math.cos(ang + 0.42) * head, end[1] - Math.sin(ang + 0.42) * head);
  ctx.closePath();
  ctx.fillStyle = color;
  ctx.fill();
  ctx.strokeStyle = '#111111';
  ctx.lineWidth = 1.3 * u;
  ctx.stroke();
}

function ring(ctx: Ctx, at: Point, r: number, color: string, width: number): void {
  ctx.beginPath();
  ctx.arc(at[0], at[1], r, 0, Math.PI * 2);
  ctx.fillStyle = '#ffffff';
  ctx.fill();
  ctx.strokeStyle = color;
  ctx.lineWidth = width;
  ctx.stroke();
}

function dot(ctx: Ctx, at: Point, r: number, color: string): void {
  ctx.beginPath();
  ctx.arc(at[0], at[1], r, 0, Math.PI * 2);
  ctx.fillStyle = color;
  ctx.fill();
  ctx.strokeStyle = '#111111';
  ctx.lineWidth = r * 0.4;
  ctx.stroke();
}

function badge(ctx: Ctx, at: Point, r: number, fill: string, text: string, u: number): void {
  ring(ctx, at, r, '#111111', 1.4 * u);
  ctx.beginPath();
  ctx.arc(at[0], at[1], r - 0.7 * u, 0, Math.PI * 2);
  ctx.fillStyle = fill;
  ctx.fill();
  ctx.fillStyle = fill === '#ffffff' ? '#111111' : '#ffffff';
  ctx.font = font(r * 1.5, true);
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(text, at[0], at[1]);
}

function octagon(ctx: Ctx, at: Point, r: number): void {
  ctx.beginPath();
  for (let i = 0; i < 8; i++) {
    const a = Math.PI / 8 + (i * Math.PI) / 4;
    const p: Point = [at[0] + Math.cos(a) * r, at[1] + Math.sin(a) * r];
    if (i === 0) ctx.moveTo(p[0], p[1]);
    else ctx.lineTo(p[0], p[1]);
  }
  ctx.closePath();
}

function cross(ctx: Ctx, at: Point, d: number, u: number): void {
  ctx.save();
  ctx.lineCap = 'round';
  for (const [w, c] of [
    [6.5 * u, '#ffffff'],
    [3.6 * u, COLORS.failed],
  ] as const) {
    ctx.beginPath();
    ctx.moveTo(at[0] - d, at[1] - d);
    ctx.lineTo(at[0] + d, at[1] + d);
    ctx.moveTo(at[0] + d, at[1] - d);
    ctx.lineTo(at[0] - d, at[1] + d);
    ctx.strokeStyle = c;
    ctx.lineWidth = w;
    ctx.stroke();
  }
  ctx.restore();
}

/** Shorten a polyline by `start` at its first point and `end` at its last (so it meets the icons' edges). */
export function trimEnds(pts: Point[], start: number, end: number): Point[] {
  const out = pts.map((p) => [p[0], p[1]] as Point);
  const move = (from: Point, towards: Point, by: number): Point => {
    const len = Math.hypot(towards[0] - from[0], towards[1] - from[1]);
    const t = len === 0 ? 0 : Math.min(by / len, 0.45);
    return [from[0] + (towards[0] - from[0]) * t, from[1] + (towards[1] - from[1]) * t];
  };
  out[0] = move(out[0], out[1], start);
  out[out.length - 1] = move(out[out.length - 1], out[out.length - 2], end);
  return out;
}

function midpoint(pts: Point[]): Point {
  if (pts.length === 2) return [(pts[0][0] + pts[1][0]) / 2, (pts[0][1] + pts[1][1]) / 2];
  return pts[Math.floor(pts.length / 2)];
}
