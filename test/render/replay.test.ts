/**
 * Replays: how units travel between a phase's two maps, the GIF's frames, and that the replay of a
 * game decoded frame by frame shows, at each phase boundary, the very picture the phase map shows.
 */
import omggif from 'omggif';
import { describe, expect, it } from 'vitest';
import { adjudicate } from '../../src/engine/index.js';
import type { Position } from '../../src/engine/types.js';
import { buildScene, renderMap } from '../../src/render/index.js';
import { barHeight, barOf, FramePainter } from '../../src/render/replay/frames.js';
import { GifBuilder } from '../../src/render/replay/gif.js';
import { renderReplay, REPLAY_WIDTH, TIMING } from '../../src/render/replay/index.js';
import { unitTracks, trackAt } from '../../src/render/replay/tracks.js';
import { classic } from '../../src/variants/classic/index.js';
import { ordersFor } from './helpers.js';
import { classicGame, decodeFrames, difference, pixelsOf, replayPhaseOf } from './replay-game.js';

const spring1901: Position['phase'] = { season: 'spring', year: 1901, type: 'movement' };
const unit = (power: string, type: 'A' | 'F', province: string) => ({ power, type, province, coast: null });

describe('replay: unit tracks between the orders map and the board after', () => {
  const position: Position = {
    phase: spring1901,
    units: [
      unit('France', 'A', 'par'),
      unit('France', 'A', 'mar'),
      unit('Germany', 'A', 'bur'),
      unit('Germany', 'A', 'mun'),
      unit('Italy', 'A', 'ven'),
      unit('Austria', 'A', 'vie'),
    ],
    dislodged: [],
    contested: [],
    supplyCenters: classic.startingPosition().supplyCenters,
  };
  const orders = ordersFor(position, {
    France: 'A par - bur; A mar S A par - bur',
    Germany: 'A bur H; A mun - ruh',
    Italy: 'A ven - tyr',
    Austria: 'A vie - tyr',
  });
  const adjudication = adjudicate(classic, position, orders);
  const scene = (p: Position, opts: object) => {
    const built = buildScene(classic, p, { width: 1000, ...opts });
    if (!built.ok) throw new Error(built.error);
    return built.scene;
  };
  const ordersScene = scene(position, { orders, adjudication });
  const afterScene = scene(adjudication.position, {});
  const tracks = unitTracks(ordersScene, afterScene);
  const of = (location: string, power: string) =>
    tracks.find((t) => t.unit.location === location && t.unit.power === power)!;
  const near = (a: readonly number[], b: readonly number[]) => Math.hypot(a[0]! - b[0]!, a[1]! - b[1]!) < 0.01;

  it('moves a unit along its drawn arrow to where the board after has it', () => {
    const par = of('par', 'France');
    const arrow = ordersScene.orders.find((o) => o.kind === 'move' && o.power === 'France')!;
    expect(par.kind).toBe('move');
    expect(par.line.slice(1, -1)).toEqual(arrow.path);
    const there = afterScene.units.find((u) => u.location === 'bur' && u.power === 'France')!;
    expect(near(trackAt(par, 1).at, there.at)).toBe(true);
    expect(near(trackAt(par, 0).at, par.unit.at)).toBe(true);
    expect(of('mun', 'Germany').kind).toBe('move');
  });

  it('bounces failed moves out and back, keeps holding units still', () => {
    for (const [loc, power] of [
      ['ven', 'Italy'],
      ['vie', 'Austria'],
    ] as const) {
      const t = of(loc, power);
      expect(t.kind).toBe('bounce');
      expect(near(trackAt(t, 1).at, t.unit.at)).toBe(true);
      expect(near(trackAt(t, 0.5).at, t.unit.at)).toBe(false);
    }
    expect(of('mar', 'France').kind).toBe('stay');
  });

  it('carries a dislodged unit, with its ring, to its spot beside the province on the retreat board', () => {
    const bur = of('bur', 'Germany');
    expect(bur.ring).toBe(true);
    expect(bur.kind).toBe('move');
    const beside = afterScene.units.find((u) => u.location === 'bur' && u.dislodged)!;
    expect(near(trackAt(bur, 1).at, beside.at)).toBe(true);
    // Every unit of both maps is accounted for: nothing appears from nowhere.
    expect(tracks.filter((t) => t.kind === 'fade-in')).toEqual([]);
    expect(tracks).toHaveLength(ordersScene.units.length);
  });
});

describe('replay: a ring round a unit leaves with it', () => {
  // Germany's A bur H is dislodged: its hold octagon is drawn round it in the first frame, then goes with it, never
  // left round Burgundy for France's army moving in.
  const position: Position = {
    phase: spring1901,
    units: [unit('France', 'A', 'par'), unit('France', 'A', 'mar'), unit('Germany', 'A', 'bur')],
    dislodged: [],
    contested: [],
    supplyCenters: classic.startingPosition().supplyCenters,
  };
  const orders = ordersFor(position, { France: 'A par - bur; A mar S A par - bur', Germany: 'A bur H' });
  const adjudication = adjudicate(classic, position, orders);
  const sceneOf = (p: Position, opts: object) => {
    const built = buildScene(classic, p, { width: 1000, ...opts });
    if (!built.ok) throw new Error(built.error);
    return built.scene;
  };
  const ordersScene = sceneOf(position, { orders, adjudication });
  const movers = unitTracks(ordersScene, sceneOf(adjudication.position, {})).filter((t) => t.kind !== 'stay');
  const hold = ordersScene.orders.find((o) => o.kind === 'hold')!;

  /** Pixels of the octagon's ink round the middles of its sides, round Burgundy's spot. */
  const octagonInk = (painter: FramePainter) => {
    const [cx, cy] = hold.path[0] ?? hold.points[0]!;
    // Round the middles of the octagon's sides (inside the dislodged ring drawn over its corners).
    const r = hold.size * 1.5 * Math.cos(Math.PI / 8);
    let n = 0;
    for (let i = 0; i < 720; i++) {
      for (const rr of [r - 1, r, r + 1]) {
        const x = Math.round(cx + Math.cos((i * Math.PI) / 360) * rr);
        const y = Math.round(cy + Math.sin((i * Math.PI) / 360) * rr) + painter.bar;
        const px = painter.ctx.getImageData(x, y, 1, 1).data;
        // Dark and grey: the octagon (Germany's dark grey on black, dimmed: the hold failed), not the red ring.
        if ((px[0]! + px[1]! + px[2]!) / 3 < 150 && Math.abs(px[0]! - px[1]!) < 40) n++;
      }
    }
    return n;
  };

  /** The frames of the motion at t = 0, 0.5 and 1, as the session paints them. */
  const framesOf = (scene: typeof ordersScene) => {
    const painter = new FramePainter(scene.width, scene.height + barHeight(scene.width));
    painter.paintKey(scene, barOf(scene, 0), new Set(movers.map((t) => t.unit)));
    painter.keepBackground();
    const out: number[] = [];
    let before = movers.map((t) => painter.unitRect(t, 0));
    painter.paintUnits(movers, 0);
    out.push(octagonInk(painter));
    for (const t of [0.5, 1]) {
      for (const rect of before) painter.restore(rect);
      painter.paintUnits(movers, t);
      before = movers.map((track) => painter.unitRect(track, t));
      out.push(octagonInk(painter));
    }
    return out;
  };

  it('is drawn round it in the first frame, then gone: the frames after are those of a phase without the hold', () => {
    expect(movers.map((t) => t.unit.location).sort()).toEqual(['bur', 'par']);
    const whole = new FramePainter(ordersScene.width, ordersScene.height + barHeight(ordersScene.width));
    whole.paintKey(ordersScene, barOf(ordersScene, 0));
    const [first, half, last] = framesOf(ordersScene);
    const [firstWithout, halfWithout, lastWithout] = framesOf({
      ...ordersScene,
      orders: ordersScene.orders.filter((o) => o !== hold),
    });
    expect(first).toBe(octagonInk(whole));
    expect(first! - firstWithout!).toBeGreaterThan(50);
    expect([half, last]).toEqual([halfWithout, lastWithout]);
  });
});

describe("replay: the centre bar at Discord's 550 px preview", () => {
  // Discord shows the GIF 550 px wide: the bar's counts read there as the maps' legend does (docs/render.md
  // "Legibility"), 9 px or more (they were 5.2 px), each inside its segment, at the bot's width and at the CLI's 800.
  for (const width of [REPLAY_WIDTH, 800, 1600])
    it(`draws every count at 9 px or more at 550 px, inside the bar (${width} px wide)`, () => {
      const built = buildScene(classic, classic.startingPosition(), { width });
      if (!built.ok) throw new Error(built.error);
      const painter = new FramePainter(built.scene.width, built.scene.height + barHeight(width));
      const bar: { text: string; size: number; y: number }[] = [];
      const fillText = painter.ctx.fillText.bind(painter.ctx);
      painter.ctx.fillText = (text: string, x: number, y: number) => {
        // The bar's texts: those drawn before the map is moved below it.
        if (painter.ctx.getTransform().f === 0)
          bar.push({ text, size: Number(/([\d.]+)px/.exec(painter.ctx.font)![1]), y });
        fillText(text, x, y);
      };
      painter.paintKey(built.scene, barOf(built.scene, 0.5));
      // The seven powers' counts and the unowned centres.
      expect(bar.map((d) => d.text.split(' ').at(-1))).toEqual(['3', '3', '3', '3', '3', '4', '3', '12']);
      for (const d of bar) {
        expect((d.size * 550) / width, d.text).toBeGreaterThanOrEqual(9);
        expect(d.y + d.size / 2, d.text).toBeLessThanOrEqual(barHeight(width));
      }
    });
});

describe("replay: the centre bar in the readers' words", () => {
  it.each([
    ['en', 'unowned 12'],
    ['fr', 'libres 12'],
    ['zh-CN', '无主 12'],
  ] as const)('%s: the unowned centres read "%s", not an English word', (locale, expected) => {
    const built = buildScene(classic, classic.startingPosition(), { width: 1600, locale });
    if (!built.ok) throw new Error(built.error);
    const painter = new FramePainter(built.scene.width, built.scene.height + barHeight(1600));
    const drawn: string[] = [];
    const fillText = painter.ctx.fillText.bind(painter.ctx);
    painter.ctx.fillText = (text: string, x: number, y: number) => {
      drawn.push(text);
      fillText(text, x, y);
    };
    painter.paintKey(built.scene, barOf(built.scene, 0));
    expect(drawn).toContain(expected);
  });
});

describe('replay: the GIF writer', () => {
  const solid = (w: number, h: number, rgba: [number, number, number]) => {
    const px = new Uint8Array(w * h * 4);
    for (let i = 0; i < w * h; i++) px.set([...rgba, 255], i * 4);
    return px;
  };

  it('writes only the rectangle that changed, and lengthens the last frame when nothing did', () => {
    const gif = new GifBuilder(40, 30);
    gif.addFrame(solid(40, 30, [200, 10, 10]), { x: 0, y: 0, w: 40, h: 30 }, 50);
    gif.addFrame(solid(40, 30, [200, 10, 10]), { x: 0, y: 0, w: 40, h: 30 }, 30);
    gif.addFrame(solid(5, 4, [10, 10, 200]), { x: 12, y: 7, w: 5, h: 4 }, 20);
    const reader = new omggif.GifReader(gif.finish());
    expect(reader.numFrames()).toBe(2);
    expect(reader.frameInfo(0)).toMatchObject({ x: 0, y: 0, width: 40, height: 30, delay: 80 });
    expect(reader.frameInfo(1)).toMatchObject({ x: 12, y: 7, width: 5, height: 4, delay: 20, disposal: 1 });
    const px = new Uint8Array(40 * 30 * 4);
    reader.decodeAndBlitFrameRGBA(0, px);
    reader.decodeAndBlitFrameRGBA(1, px);
    expect([...px.subarray(0, 4)]).toEqual([200, 10, 10, 255]);
    expect([...px.subarray((8 * 40 + 13) * 4, (8 * 40 + 13) * 4 + 4)]).toEqual([10, 10, 200, 255]);
  });
});

describe('replay: decoded frame by frame, its phase boundaries are the phase maps', () => {
  it('shows each phase’s orders map, the units in between, and the board after the last phase', async () => {
    const game = classicGame(1, 'replay-test');
    const phases = game.map(replayPhaseOf);
    const width = 800;
    const replay = await renderReplay(classic, phases, { width, palette: 'standard' });
    const reader = new omggif.GifReader(replay.gif);
    expect([reader.width, reader.height]).toEqual([replay.width, replay.height]);
    expect(reader.numFrames()).toBe(replay.frames);
    expect(reader.loopCount()).toBe(0);

    const frames = decodeFrames(replay.gif);
    expect(frames.reduce((t, f) => t + f.delay, 0) / 100).toBeCloseTo(replay.seconds, 5);

    // Each phase's orders-and-results map, then the board after the last: found in order, within quantisation.
    const pictures = [
      ...phases.map((p) => ({ position: p.orders.position, opts: p.orders.opts })),
      { position: phases.at(-1)!.after.position, opts: phases.at(-1)!.after.opts },
    ];
    const top = barHeight(width);
    let at = 0;
    for (const [k, picture] of pictures.entries()) {
      const map = await pixelsOf((await renderMap(classic, picture.position, { ...picture.opts, width })).png);
      let found = -1;
      for (let i = at; i < frames.length && found < 0; i++)
        if (difference(frames[i]!.pixels, reader.width, top, map) < 0.002) found = i;
      expect(found, `picture ${k} (${picture.opts.title}) is a frame after frame ${at}`).toBeGreaterThanOrEqual(at);
      // A phase's orders map is held long enough to read its arrows.
      if (k < phases.length)
        expect(frames[found]!.delay).toBeGreaterThanOrEqual(TIMING.orders[picture.position.phase.type]);
      at = found + 1;
    }
    expect(at).toBe(frames.length); // the last frame is the board after the last phase

    // Between two boundaries of a movement phase the units are on their way: frames that are neither picture.
    const firstMoves = difference(
      frames[1]!.pixels,
      reader.width,
      top,
      await pixelsOf((await renderMap(classic, phases[0]!.orders.position, { ...phases[0]!.orders.opts, width })).png),
    );
    expect(firstMoves).toBeGreaterThan(0);
  });
});
