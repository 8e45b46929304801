/**
 * PNG encoding tuned for maps: an 8-bit indexed (palette) PNG, about a third the size of RGBA.
 *
 * A map is drawn with a few dozen flat colours plus the antialiased blends along every edge and glyph. The flat
 * colours the painter names (`QuantizeOptions.exact`: every power's colour and tint, the symbols', the legend's) enter
 * the palette first, each exactly, however few pixels have it (a power's lone army); then the other colours in order of
 * how many pixels have them, each admitted unless one already there is within `MERGE` (weighted RGB), up to 256.
 * Rarer blends map to their nearest entry (no dithering, which would only add noise and bytes). The canvas is opaque
 * (the background is painted first), so alpha is dropped.
 *
 * Rows carry filter 0 (the PNG spec recommends None for palette images) and are deflated at level 6 by
 * node:zlib; a picture over its byte budget is encoded again with fewer antialiased blends (`fewerColours`: the exact
 * colours always stay). Format: PNG spec (W3C, 2nd ed.) §11.2.2 IHDR, §11.2.3 PLTE, §11.2.4 IDAT, §5.5 CRC.
 */
import type { SKRSContext2D } from '@napi-rs/canvas';
import { promisify } from 'node:util';
import { crc32, deflate, deflateSync } from 'node:zlib';

const deflateAsync = promisify(deflate);
const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Two colours closer than this (weighted squared RGB distance) share a palette entry. */
const MERGE = 2 * 6 * 6 + 4 * 6 * 6 + 3 * 6 * 6;
/** Colours considered for the palette (the most frequent ones); the rest only map to it. */
const CANDIDATES = 6000;
/**
 * zlib level: 6 gives within 3–5 % of level 9's size at an eighth of its time on these images (a busy 21-power map:
 * 16 ms against 140 ms), so level 9 is never used.
 */
const LEVEL = 6;

/** An indexed image ready to deflate: PNG rows (filter byte + one index per pixel) and the palette (RGB triples). */
export interface IndexedImage {
  rows: Buffer;
  palette: Buffer;
  width: number;
  height: number;
  /** The first `exact` palette entries are the painter's flat colours: `fewerColours` never drops them. */
  exact?: number;
}

export async function encodePng(
  ctx: SKRSContext2D,
  width: number,
  height: number,
  exact: readonly number[] = [],
): Promise<Buffer> {
  return compressPng(pngRows(ctx, width, height, exact));
}

/** The synchronous part: the canvas pixels, quantised to at most 256 colours (`exact` ones kept), as PNG rows. */
export function pngRows(
  ctx: SKRSContext2D,
  width: number,
  height: number,
  exact: readonly number[] = [],
): IndexedImage {
  const pixels = ctx.getImageData(0, 0, width, height).data;
  return quantize(new Uint8Array(pixels.buffer, pixels.byteOffset, pixels.byteLength), width, height, { exact });
}

/** How `quantize` writes its indices. */
export interface QuantizeOptions {
  /**
   * Pixels whose alpha is 0 are left out of the palette and get the index just past it (at most 255 colours then):
   * an animation frame's unchanged pixels (src/render/replay/gif.ts). Without it alpha is ignored.
   */
  transparent?: boolean;
  /** `png` (default): each row starts with its filter byte (0); `plain`: the indices alone, row after row (GIF). */
  rows?: 'png' | 'plain';
  /**
   * Colours (0xRRGGBB) that must come out exactly wherever the picture has them: the painter's flat colours (a power's
   * units and land, the symbols', the legend's swatches). Those present enter the palette first, before any blend,
   * and are never merged into another entry, however few pixels have them.
   */
  exact?: readonly number[];
}

/** The run colour of a transparent pixel (never a 24-bit colour). */
const CLEAR = -2;

/**
 * RGBA pixels (alpha ignored unless `transparent`) → an indexed image with a frequency-first palette.
 *
 * Each pass over the pixels or colours is a function of its own: V8 optimises a hot loop by compiling its whole
 * function, and a later loop of the same function that has not run yet then throws that code away (no type
 * feedback) several times over; split, the first picture of a process quantises in about a quarter of the time.
 */
export function quantize(rgba: Uint8Array, width: number, height: number, options: QuantizeOptions = {}): IndexedImage {
  const clear = options.transparent === true;
  const filterBytes = options.rows === 'plain' ? 0 : 1;
  // One word per pixel (little-endian: R in the low byte); copied first if the bytes are not word-aligned.
  const aligned = rgba.byteOffset % 4 === 0 ? rgba : new Uint8Array(rgba);
  const view = new Uint32Array(aligned.buffer, aligned.byteOffset, width * height);

  const { table, runs } = histogram(view, width, height, clear);
  const slots = table.usedSlots();
  slots.sort((a, b) => table.counts[b] - table.counts[a]);
  const palette = choosePalette(table, slots, clear ? 255 : 256, options.exact ?? []);
  mapToPalette(table, slots, palette);
  const rows = writeRows(runs, table, width, height, filterBytes, palette.size);

  const bytes = Buffer.alloc(palette.size * 3);
  for (let p = 0; p < palette.size; p++) {
    bytes[p * 3] = palette.r[p];
    bytes[p * 3 + 1] = palette.g[p];
    bytes[p * 3 + 2] = palette.b[p];
  }
  return { rows, palette: bytes, width, height, exact: palette.exact };
}

/**
 * Histogram in an open-addressing hash table (colour → pixel count), one run of a colour within a row at a time.
 * The runs (about one per 15 pixels on a map) are kept, so the indexed rows are written run by run.
 */
function histogram(
  view: Uint32Array,
  width: number,
  height: number,
  clear: boolean,
): { table: ColorTable; runs: RunList } {
  const table = new ColorTable();
  const runs = new RunList(width * height);
  for (let y = 0; y < height; y++) {
    const end = (y + 1) * width;
    let i = y * width;
    while (i < end) {
      if (clear && view[i] >>> 24 === 0) {
        let j = i + 1;
        while (j < end && view[j] >>> 24 === 0) j++;
        runs.push(CLEAR, j - i);
        i = j;
        continue;
      }
      const c = view[i] & 0xffffff;
      let j = i + 1;
      while (j < end && (view[j] & 0xffffff) === c && (!clear || view[j] >>> 24 !== 0)) j++;
      table.add(c, j - i);
      runs.push(c, j - i);
      i = j;
    }
  }
  return { table, runs };
}

interface Palette {
  r: Int32Array;
  g: Int32Array;
  b: Int32Array;
  size: number;
  /** The first entries, the exact colours the picture has. */
  exact: number;
}

/**
 * The exact colours the picture has first (each as it is), then the most frequent others, each admitted unless one
 * already chosen is within `MERGE`, up to `maxColors`.
 */
function choosePalette(table: ColorTable, slots: number[], maxColors: number, exact: readonly number[]): Palette {
  const pr = new Int32Array(256);
  const pg = new Int32Array(256);
  const pb = new Int32Array(256);
  let size = 0;
  /** The exact colours as the table keys them (R in the low byte). */
  const wanted = new Set<number>();
  for (const rgb of exact) {
    const key = ((rgb >> 16) & 255) | (rgb & 0xff00) | ((rgb & 255) << 16);
    if (wanted.has(key) || size >= maxColors || table.keys[table.slotOf(key)] !== key) continue;
    wanted.add(key);
    [pr[size], pg[size], pb[size]] = [key & 255, (key >> 8) & 255, (key >> 16) & 255];
    size++;
  }
  const exactCount = size;
  const limit = Math.min(slots.length, CANDIDATES);
  for (let k = 0; k < limit && size < maxColors; k++) {
    const c = table.keys[slots[k]];
    if (wanted.has(c)) continue;
    const r = c & 255;
    const g = (c >> 8) & 255;
    const b = (c >> 16) & 255;
    let near = false;
    for (let p = 0; p < size; p++) {
      const dr = r - pr[p];
      const dg = g - pg[p];
      const db = b - pb[p];
      if (2 * dr * dr + 4 * dg * dg + 3 * db * db < MERGE) {
        near = true;
        break;
      }
    }
    if (near) continue;
    pr[size] = r;
    pg[size] = g;
    pb[size] = b;
    size++;
  }
  return { r: pr, g: pg, b: pb, size, exact: exactCount };
}

/**
 * Each colour's nearest palette entry, stored in the table's value slot. The search walks the palette in order of
 * green outwards from the colour's own green and stops once green alone is farther than the best.
 */
function mapToPalette(table: ColorTable, slots: number[], palette: Palette): void {
  const { r: pr, g: pg, b: pb, size } = palette;
  const byGreen = Array.from({ length: size }, (_, p) => p).sort((a, b) => pg[a] - pg[b]);
  const greens = Int32Array.from(byGreen, (p) => pg[p]);
  for (const slot of slots) {
    const c = table.keys[slot];
    const r = c & 255;
    const g = (c >> 8) & 255;
    const b = (c >> 16) & 255;
    let hi = lowerBound(greens, g);
    let lo = hi - 1;
    let best = 0;
    let bestD = Infinity;
    while (lo >= 0 || hi < size) {
      if (hi < size) {
        const dg = greens[hi] - g;
        const dg2 = 4 * dg * dg;
        if (dg2 >= bestD)
          hi = size; // this side can only get farther
        else {
          const p = byGreen[hi++];
          const dr = r - pr[p];
          const db = b - pb[p];
          const d = 2 * dr * dr + dg2 + 3 * db * db;
          if (d < bestD) {
            bestD = d;
            best = p;
          }
        }
      }
      if (lo >= 0) {
        const dg = greens[lo] - g;
        const dg2 = 4 * dg * dg;
        if (dg2 >= bestD) lo = -1;
        else {
          const p = byGreen[lo--];
          const dr = r - pr[p];
          const db = b - pb[p];
          const d = 2 * dr * dr + dg2 + 3 * db * db;
          if (d < bestD) {
            bestD = d;
            best = p;
          }
        }
      }
    }
    table.counts[slot] = best;
  }
}

/** The indexed rows, run by run (a transparent run gets the index just past the palette, `clearIndex`). */
function writeRows(
  runs: RunList,
  table: ColorTable,
  width: number,
  height: number,
  filterBytes: number,
  clearIndex: number,
): Buffer {
  const rows = Buffer.allocUnsafe(height * (width + filterBytes));
  const out = new Uint8Array(rows.buffer, rows.byteOffset, rows.length);
  const runColor = runs.colors;
  const runLength = runs.lengths;
  let at = 0;
  let k = 0;
  let last = -1;
  let lastIndex = 0;
  for (let y = 0; y < height; y++) {
    if (filterBytes) out[at++] = 0; // filter: None
    for (let left = width; left > 0; k++) {
      const c = runColor[k];
      const length = runLength[k];
      if (c !== last) {
        last = c;
        lastIndex = c === CLEAR ? clearIndex : table.counts[table.slotOf(c)];
      }
      if (length > 16) out.fill(lastIndex, at, at + length);
      else for (let x = 0; x < length; x++) out[at + x] = lastIndex;
      at += length;
      left -= length;
    }
  }
  return rows;
}

/** First index of a sorted array whose value is not below `v`. */
function lowerBound(sorted: Int32Array, v: number): number {
  let [lo, hi] = [0, sorted.length];
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid] < v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Runs of one colour (colour, pixel count), in image order; grows as needed up to one run per pixel. */
class RunList {
  colors: Int32Array;
  lengths: Int32Array;
  size = 0;

  constructor(private readonly max: number) {
    const capacity = Math.min(max, 1 << 18); // a busy 1600-px map has about 190,000 runs: no growing
    this.colors = new Int32Array(capacity);
    this.lengths = new Int32Array(capacity);
  }

  push(color: number, length: number): void {
    if (this.size === this.colors.length) {
      const capacity = Math.min(this.max, this.size * 2);
      const colors = new Int32Array(capacity);
      const lengths = new Int32Array(capacity);
      colors.set(this.colors);
      lengths.set(this.lengths);
      this.colors = colors;
      this.lengths = lengths;
    }
    this.colors[this.size] = color;
    this.lengths[this.size++] = length;
  }
}

/** Colour → number, open addressing with linear probing, doubling at half full (a Map is several times slower here). */
class ColorTable {
  // 2^16 slots: a busy map's 20,000 colours fit without growing.
  keys = new Int32Array(1 << 16).fill(-1);
  counts = new Int32Array(1 << 16);
  private used = 0;
  private shift = 32 - 16;
  private mask = (1 << 16) - 1;

  slotOf(c: number): number {
    let s = Math.imul(c, 0x9e3779b1) >>> this.shift;
    while (this.keys[s] !== c && this.keys[s] !== -1) s = (s + 1) & this.mask;
    return s;
  }

  add(c: number, count: number): void {
    const s = this.slotOf(c);
    if (this.keys[s] === -1) {
      this.keys[s] = c;
      this.used++;
      this.counts[s] = count;
      if (this.used * 2 > this.keys.length) this.grow();
      return;
    }
    this.counts[s] += count;
  }

  usedSlots(): number[] {
    const out: number[] = [];
    for (let s = 0; s < this.keys.length; s++) if (this.keys[s] !== -1) out.push(s);
    return out;
  }

  private grow(): void {
    const [keys, counts] = [this.keys, this.counts];
    const size = keys.length * 2;
    this.keys = new Int32Array(size).fill(-1);
    this.counts = new Int32Array(size);
    this.shift--;
    this.mask = size - 1;
    for (let s = 0; s < keys.length; s++) {
      if (keys[s] === -1) continue;
      const t = this.slotOf(keys[s]);
      this.keys[t] = keys[s];
      this.counts[t] = counts[s];
    }
  }
}

/**
 * What a map's PNG must stay under by default: a results post carries two maps, each under 250 KiB (docs/render.md,
 * "PNG encoding"); a caller may give its own budget (`mapBudget` in raster.ts).
 */
export const PNG_BUDGET = 250 * 1024;
/** Room for the chunks around the rows (the palette is at most 768 bytes). */
const CHUNKS = 1024;
/**
 * Antialiased blends kept beside the exact colours, in turn, for a picture whose rows deflate to more than its budget:
 * the flat colours stay exact, the edges and glyphs lose shades first.
 */
const FEWER_BLENDS = [160, 96, 64, 32, 16, 0];

/** The asynchronous part: deflate on the thread pool, then wrap in PNG chunks. */
export async function compressPng(image: IndexedImage, budget = PNG_BUDGET): Promise<Buffer> {
  let idat = await deflateAsync(image.rows, { level: LEVEL });
  for (const blends of FEWER_BLENDS) {
    if (idat.length <= budget - CHUNKS) break;
    const fewer = fewerColours(image, (image.exact ?? 0) + blends);
    if (fewer === image) continue;
    image = fewer;
    idat = await deflateAsync(image.rows, { level: LEVEL });
  }
  return wrapPng(idat, image);
}

/** Same, synchronously (inside the render worker, where blocking is fine). */
export function compressPngSync(image: IndexedImage, budget = PNG_BUDGET): Buffer {
  let idat = deflateSync(image.rows, { level: LEVEL });
  for (const blends of FEWER_BLENDS) {
    if (idat.length <= budget - CHUNKS) break;
    const fewer = fewerColours(image, (image.exact ?? 0) + blends);
    if (fewer === image) continue;
    image = fewer;
    idat = deflateSync(image.rows, { level: LEVEL });
  }
  return wrapPng(idat, image);
}

/**
 * The same picture with at most `maxColors` palette entries (never fewer than its exact ones), for a map over its byte
 * budget: the exact colours are kept as they are, then the most frequent other entries; each rarer one, an antialiased
 * blend along an edge or a glyph, becomes its nearest kept entry (the quantiser's weighted RGB distance). Fewer
 * distinct blends deflate smaller. Rows with a filter byte (PNG), as `quantize` writes them.
 */
export function fewerColours(image: IndexedImage, maxColors: number): IndexedImage {
  const { rows, palette, width, height } = image;
  const n = palette.length / 3;
  const exact = Math.min(image.exact ?? 0, n);
  const size = Math.max(maxColors, exact);
  if (n <= size) return image;
  const stride = width + 1;
  const counts = new Float64Array(n);
  for (let y = 0; y < height; y++) for (let i = y * stride + 1, end = (y + 1) * stride; i < end; i++) counts[rows[i]]++;
  const blends = Array.from({ length: n - exact }, (_, k) => k + exact).sort((a, b) => counts[b] - counts[a] || a - b);
  const kept = [...Array.from({ length: exact }, (_, k) => k), ...blends.slice(0, size - exact)];
  const map = new Uint8Array(n);
  kept.forEach((old, k) => (map[old] = k));
  for (const old of blends.slice(size - exact)) map[old] = nearestOf(palette, old, kept);
  const out = Buffer.from(rows);
  for (let y = 0; y < height; y++)
    for (let i = y * stride + 1, end = (y + 1) * stride; i < end; i++) out[i] = map[rows[i]];
  const colours = Buffer.alloc(kept.length * 3);
  kept.forEach((old, k) => palette.copy(colours, k * 3, old * 3, old * 3 + 3));
  return { rows: out, palette: colours, width, height, exact };
}

/** The position in `kept` of the entry nearest to palette entry `old` (weighted RGB). */
function nearestOf(palette: Buffer, old: number, kept: number[]): number {
  let best = 0;
  let bestD = Infinity;
  for (let k = 0; k < kept.length; k++) {
    const q = kept[k] * 3;
    const [dr, dg, db] = [
      palette[old * 3] - palette[q],
      palette[old * 3 + 1] - palette[q + 1],
      palette[old * 3 + 2] - palette[q + 2],
    ];
    const d = 2 * dr * dr + 4 * dg * dg + 3 * db * db;
    if (d < bestD) [best, bestD] = [k, d];
  }
  return best;
}

function wrapPng(idat: Buffer, { width, height, palette }: IndexedImage): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 3; // colour type: indexed
  ihdr[10] = 0; // deflate
  ihdr[11] = 0; // adaptive filtering (per-row filter byte)
  ihdr[12] = 0; // no interlace
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', ihdr),
    chunk('PLTE', palette),
    chunk('IDAT', idat),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(data, crc32(head.subarray(4))) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}
