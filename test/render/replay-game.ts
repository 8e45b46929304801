/**
 * A Classic game played by DumbBot in every seat, as the replay's phases (the results post's two pictures of each
 * phase): the replay tests and `npm run bench` replay it. Deterministic for a seed. And the tests' frame reader.
 */
import { createCanvas, loadImage } from '@napi-rs/canvas';
import omggif from 'omggif';
import { playGame } from '../../src/ai/selfplay.js';
import { dumbBot } from '../../src/ai/index.js';
import { adjudicate } from '../../src/engine/index.js';
import type { Adjudication, Position, PowerOrder } from '../../src/engine/types.js';
import { phaseTitle } from '../../src/render/index.js';
import type { RenderQueueEvent } from '../../src/render/pool.js';
import type { ReplayPhase } from '../../src/render/replay/index.js';
import { classic } from '../../src/variants/classic/index.js';

export interface PlayedPhase {
  position: Position;
  orders: PowerOrder[];
  adjudication: Adjudication;
}

/** The phases of `years` game years of Classic (every power DumbBot). */
export function classicGame(years: number, seed = 'replay'): PlayedPhase[] {
  const played: PlayedPhase[] = [];
  const seats = Object.fromEntries(classic.powers.map((p) => [p.name, dumbBot]));
  playGame({
    variant: classic,
    seats,
    years,
    seed,
    onPhase: ({ position, orders }) =>
      played.push({
        position,
        orders,
        adjudication: adjudicate(classic, position, orders, { players: Object.keys(seats) }),
      }),
  });
  return played;
}

/** A played phase as the replay draws it: its orders with their results, and the board after it. */
export function replayPhaseOf(p: PlayedPhase): ReplayPhase {
  const label = phaseTitle(p.position, classic);
  return {
    orders: {
      position: p.position,
      opts: {
        orders: p.orders,
        adjudication: p.adjudication,
        title: `${classic.name} · ${label} · orders and results`,
      },
    },
    after: { position: p.adjudication.position, opts: { title: `${classic.name} · after ${label}` } },
  };
}

/** Every frame of a GIF as the viewer sees it (each drawn over the last, its transparent pixels unchanged), with its delay. */
export function decodeFrames(gif: Uint8Array): { pixels: Uint8Array; delay: number }[] {
  const reader = new omggif.GifReader(gif);
  const screen = new Uint8Array(reader.width * reader.height * 4);
  const frames: { pixels: Uint8Array; delay: number }[] = [];
  for (let i = 0; i < reader.numFrames(); i++) {
    reader.decodeAndBlitFrameRGBA(i, screen);
    frames.push({ pixels: screen.slice(), delay: reader.frameInfo(i).delay });
  }
  return frames;
}

/** RGBA of a PNG. */
export async function pixelsOf(png: Buffer): Promise<{ data: Uint8ClampedArray; width: number; height: number }> {
  const image = await loadImage(png);
  const canvas = createCanvas(image.width, image.height);
  const ctx = canvas.getContext('2d');
  ctx.drawImage(image, 0, 0);
  return { data: ctx.getImageData(0, 0, image.width, image.height).data, width: image.width, height: image.height };
}

/** Share of the map's pixels that differ (any channel by more than 24) between a frame (below its bar) and a picture. */
export function difference(
  frame: Uint8Array,
  frameWidth: number,
  top: number,
  picture: { data: Uint8ClampedArray; width: number; height: number },
): number {
  let differ = 0;
  for (let y = 0; y < picture.height; y++) {
    for (let x = 0; x < picture.width; x++) {
      const f = ((y + top) * frameWidth + x) * 4;
      const p = (y * picture.width + x) * 4;
      if (
        Math.abs(frame[f]! - picture.data[p]!) > 24 ||
        Math.abs(frame[f + 1]! - picture.data[p + 1]!) > 24 ||
        Math.abs(frame[f + 2]! - picture.data[p + 2]!) > 24
      )
        differ++;
    }
  }
  return differ / (picture.width * picture.height);
}

/**
 * For each map job of a render-queue log (`observeRenderQueue`): how many replay steps were sent to the worker between
 * its being queued and its being sent, and how many finished meanwhile (the one the worker was on).
 */
export function overtaking(
  events: readonly RenderQueueEvent[],
): { job: number; stepsSent: number; stepsDone: number }[] {
  const out: { job: number; stepsSent: number; stepsDone: number }[] = [];
  events.forEach((e, i) => {
    if (e.priority !== 'map' || e.event !== 'queued') return;
    const sent = events.findIndex((x, k) => k > i && x.job === e.job && x.event === 'sent');
    const between = events.slice(i + 1, sent < 0 ? undefined : sent).filter((x) => x.priority === 'replay');
    out.push({
      job: e.job,
      stepsSent: between.filter((x) => x.event === 'sent').length,
      stepsDone: between.filter((x) => x.event === 'done').length,
    });
  });
  return out;
}
