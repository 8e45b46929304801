/**
 * The animated GIF of a replay (why GIF: docs/render.md "Replays"). Frames are given as regions of the
 * picture that may have changed; each is compared with what is on screen so far and only the rectangle that really
 * changed is written, its unchanged pixels transparent (disposal "do not dispose"), so a frame where a few units move
 * costs a few kilobytes. Each written rectangle gets its own palette from the renderer's own quantiser
 * (`quantize` in png.ts: frequency-first, every flat colour exact), so a frame shows the same colours as the PNG maps.
 * LZW encoding is omggif's (GifWriter: sub-rectangles, local palettes, transparency, disposal).
 */
import omggif from 'omggif';
import { quantize } from '../png.js';

export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Frame delays are in hundredths of a second (the GIF unit); browsers treat 0 and 1 as 10. */
export class GifBuilder {
  /** What a viewer sees after the frames written so far (RGBA words; alpha 0 before the first frame). */
  private readonly screen: Uint32Array;
  private out: Uint8Array;
  private readonly writer: omggif.GifWriter;
  /** Where the last frame's delay was written (to extend it when a frame changes nothing). */
  private lastDelayAt = -1;
  private lastDelay = 0;
  frames = 0;
  /** Pixels handed to the LZW encoder, for the benchmark. */
  encodedPixels = 0;

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.screen = new Uint32Array(width * height);
    this.out = new Uint8Array(1 << 20);
    this.writer = new omggif.GifWriter(this.out, width, height, { loop: 0 });
  }

  /**
   * The picture's pixels in `region` (RGBA, row after row, `region.w` wide) are what the viewer should see next, for
   * `delay` hundredths of a second. Pixels outside the region stay as they are.
   */
  addFrame(rgba: Uint8Array | Uint8ClampedArray, region: Rect, delay: number): void {
    const words = new Uint32Array(rgba.buffer, rgba.byteOffset, region.w * region.h);
    const changed = this.changedRect(words, region);
    if (!changed) {
      this.extendLast(delay);
      return;
    }
    const { x, y, w, h } = changed;
    const frame = new Uint32Array(w * h);
    for (let row = 0; row < h; row++) {
      const src = (y + row - region.y) * region.w + (x - region.x);
      const dst = (y + row) * this.width + x;
      for (let col = 0; col < w; col++) {
        const c = words[src + col]! | 0xff000000;
        if (this.screen[dst + col] === c >>> 0) continue; // unchanged: transparent (alpha 0)
        frame[row * w + col] = c;
        this.screen[dst + col] = c >>> 0;
      }
    }
    const indexed = quantize(new Uint8Array(frame.buffer), w, h, { transparent: true, rows: 'plain' });
    const colors = indexed.palette.length / 3;
    let size = 2;
    while (size < colors + 1) size *= 2;
    const palette = new Array<number>(size).fill(0);
    for (let i = 0; i < colors; i++)
      palette[i] = (indexed.palette[i * 3]! << 16) | (indexed.palette[i * 3 + 1]! << 8) | indexed.palette[i * 3 + 2]!;
    // Room for the worst case: 12-bit codes for every pixel, the sub-block lengths, the headers and palette.
    this.reserve(Math.ceil(w * h * 1.6) + size * 3 + 64);
    this.lastDelayAt = this.writer.getOutputBufferPosition() + 4; // GCE: 21 F9 04 <packed> <delay lo> <delay hi>
    this.lastDelay = delay;
    this.writer.addFrame(x, y, w, h, indexed.rows as unknown as number[], {
      palette,
      delay,
      disposal: 1,
      transparent: colors,
    });
    this.frames++;
    this.encodedPixels += w * h;
  }

  /** The finished file. */
  finish(): Uint8Array {
    this.reserve(1);
    const end = this.writer.end();
    return this.out.slice(0, end);
  }

  /** Bytes written so far. */
  get size(): number {
    return this.writer.getOutputBufferPosition();
  }

  /** The smallest rectangle of `region` whose pixels differ from the screen; null when none does. */
  private changedRect(words: Uint32Array, region: Rect): Rect | null {
    let top = -1;
    let bottom = -1;
    let left = region.w;
    let right = -1;
    for (let row = 0; row < region.h; row++) {
      const src = row * region.w;
      const dst = (region.y + row) * this.width + region.x;
      let first = -1;
      let last = -1;
      for (let col = 0; col < region.w; col++) {
        if (this.screen[dst + col] !== (words[src + col]! | 0xff000000) >>> 0) {
          if (first < 0) first = col;
          last = col;
        }
      }
      if (first < 0) continue;
      if (top < 0) top = row;
      bottom = row;
      left = Math.min(left, first);
      right = Math.max(right, last);
    }
    if (top < 0) return null;
    return { x: region.x + left, y: region.y + top, w: right - left + 1, h: bottom - top + 1 };
  }

  /** Shows the last frame `delay` longer (a frame that changes nothing is not written). */
  private extendLast(delay: number): void {
    if (this.lastDelayAt < 0) return;
    this.lastDelay = Math.min(0xffff, this.lastDelay + delay);
    this.out[this.lastDelayAt] = this.lastDelay & 0xff;
    this.out[this.lastDelayAt + 1] = this.lastDelay >> 8;
  }

  private reserve(bytes: number): void {
    const at = this.writer.getOutputBufferPosition();
    if (at + bytes <= this.out.length) return;
    let size = this.out.length * 2;
    while (at + bytes > size) size *= 2;
    const bigger = new Uint8Array(size);
    bigger.set(this.out.subarray(0, at));
    this.out = bigger;
    this.writer.setOutputBuffer(bigger);
  }
}
