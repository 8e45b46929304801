#!/usr/bin/env node
/**
 * `npm run -s web-fonts`: the order pad's web fonts (docs/pad.md "Fonts"), subsets of the maps' own font (Noto Sans
 * SC, SIL OFL 1.1, assets/fonts/README.md) as WOFF2, so the page paints its map with exactly the glyphs the posted
 * PNGs use and loads no font from outside: `latin-*` (Latin, Latin-1, Latin Extended-A, punctuation and the symbols
 * the maps draw) and `cjk-*` (every Chinese character of the bundled variants' map files), in Regular and Bold,
 * with `fonts.json` naming each file's Unicode ranges (the page's @font-face `unicode-range`, so a browser loads the
 * CJK file only for a map that has Chinese names). test/web/fonts.test.ts fails when a variant's names need a
 * character the files lack: run this again then.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const OUT = join(ROOT, 'assets/fonts/web');
const require = createRequire(import.meta.url);
const subsetFont = (await import('subset-font')).default;

/** Latin: Basic Latin to Latin Extended-A, general punctuation, arrows, and the few symbols the maps draw. */
const LATIN_RANGES = [
  [0x20, 0x7e],
  [0xa0, 0x17f],
  [0x2010, 0x2027],
  [0x2030, 0x203a],
  [0x20ac, 0x20ac],
  [0x2190, 0x2193],
  [0x2212, 0x2212],
  [0x2715, 0x2715],
];

/** Every CJK character (and CJK punctuation or full-width form) in the bundled variants' map files. */
export function cjkCharacters() {
  const found = new Set();
  const dir = join(ROOT, 'src/variants');
  for (const id of readdirSync(dir)) {
    let text;
    try {
      text = readFileSync(join(dir, id, 'map.json'), 'utf8');
    } catch {
      continue;
    }
    for (const ch of text) {
      const c = ch.codePointAt(0);
      if ((c >= 0x3000 && c <= 0x303f) || (c >= 0x3400 && c <= 0x9fff) || (c >= 0xff00 && c <= 0xffef)) found.add(c);
    }
  }
  return [...found].sort((a, b) => a - b);
}

/** Consecutive code points as ranges `[from, to]`. */
function rangesOf(codes) {
  const out = [];
  for (const c of codes) {
    const last = out.at(-1);
    if (last && last[1] === c - 1) last[1] = c;
    else out.push([c, c]);
  }
  return out;
}

const codesOf = (ranges) => ranges.flatMap(([a, b]) => Array.from({ length: b - a + 1 }, (_, i) => a + i));
const cssRange = (ranges) =>
  ranges.map(([a, b]) => (a === b ? `U+${a.toString(16)}` : `U+${a.toString(16)}-${b.toString(16)}`)).join(', ');

async function main() {
  const dir = dirname(require.resolve('@expo-google-fonts/noto-sans-sc/package.json'));
  const weights = { 400: '400Regular/NotoSansSC_400Regular.ttf', 700: '700Bold/NotoSansSC_700Bold.ttf' };
  const cjk = rangesOf(cjkCharacters());
  const sets = { latin: LATIN_RANGES, cjk };
  const manifest = [];
  for (const [weight, file] of Object.entries(weights)) {
    const ttf = readFileSync(join(dir, file));
    for (const [name, ranges] of Object.entries(sets)) {
      const text = String.fromCodePoint(...codesOf(ranges));
      const woff2 = await subsetFont(ttf, text, { targetFormat: 'woff2' });
      const out = `${name}-${weight}.woff2`;
      writeFileSync(join(OUT, out), woff2);
      manifest.push({ file: out, weight: Number(weight), unicodeRange: cssRange(ranges), bytes: woff2.length });
      process.stderr.write(`web-fonts: ${out} ${woff2.length} bytes\n`);
    }
  }
  writeFileSync(join(OUT, 'fonts.json'), `${JSON.stringify(manifest, null, 2)}\n`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
