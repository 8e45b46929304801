#!/usr/bin/env node
/**
 * `npm run -s web-fonts`: the order pad's web fonts (docs/pad.md "Fonts"), subsets of the maps' own font (Noto Sans
 * SC, SIL OFL 1.1, assets/fonts/README.md) as WOFF2, so the page paints its map with exactly the glyphs the posted
 * PNGs use and loads no font from outside: `latin-*` (Latin, Latin-1, Latin Extended-A, punctuation and the symbols
 * the maps draw), `cjk-*` (every Chinese character of the bundled variants' map and name files) and `ui-*` (the
 * other Chinese characters of the Chinese catalogues and of the texts the source words itself: the page's own text,
 * for a browser without a Chinese system font), in Regular and Bold, with `fonts.json` naming each file's Unicode
 * ranges (the page's @font-face `unicode-range`, so a browser loads a CJK file only for a page that shows those
 * characters and whose system fonts lack them). test/web/fonts.test.ts fails when a variant's names or a Chinese
 * catalogue need a character the files lack: run this again then.
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

const isCjk = (c) => (c >= 0x3000 && c <= 0x303f) || (c >= 0x3400 && c <= 0x9fff) || (c >= 0xff00 && c <= 0xffef);

/** The CJK characters (and CJK punctuation or full-width forms) of some texts, as a set of code points. */
function cjkOf(texts, found = new Set()) {
  for (const text of texts)
    for (const ch of text) {
      const c = ch.codePointAt(0);
      if (isCjk(c)) found.add(c);
    }
  return found;
}

/**
 * Every CJK character in the bundled variants' map files and name files (`names.<locale>.json`), and in the simplified
 * names derived from the traditional ones (src/variants/names.ts: OpenCC character by character, `simplified`, and
 * with Taiwan's phrases for names, `simplifiedName`, so `義大利` is read as `意大利` too).
 */
export async function cjkCharacters() {
  const OpenCC = await import('opencc-js/t2cn');
  const converters = ['tw', 'twp'].map((from) => OpenCC.Converter({ from, to: 'cn' }));
  const texts = [];
  const dir = join(ROOT, 'src/variants');
  for (const id of readdirSync(dir)) {
    let files;
    try {
      files = readdirSync(join(dir, id)).filter((f) => f === 'map.json' || /^names\..+\.json$/.test(f));
    } catch {
      continue;
    }
    for (const f of files) {
      const text = readFileSync(join(dir, id, f), 'utf8');
      texts.push(text, ...(f === 'names.zh-TW.json' ? converters.map((convert) => convert(text)) : []));
    }
  }
  return [...cjkOf(texts)].sort((a, b) => a - b);
}

/**
 * What the page's moments read in Chinese (src/web/page/panel.ts `moment`, `relativeTime`): every weekday, month,
 * half-day and a few time zones' names as `Intl` writes them, and the relative times it words.
 */
function intlTexts() {
  const out = [];
  const zones = ['UTC', 'Asia/Shanghai', 'Asia/Taipei', 'Europe/Paris', 'America/New_York', 'America/Los_Angeles'];
  const options = { weekday: 'short', year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric' };
  for (const locale of ['zh-CN', 'zh-TW']) {
    for (const timeZone of zones) {
      const f = new Intl.DateTimeFormat(locale, { ...options, minute: '2-digit', timeZoneName: 'short', timeZone });
      for (let m = 0; m < 12; m++) for (let h = 0; h < 24; h += 6) out.push(f.format(Date.UTC(2026, m, 1 + m, h)));
    }
    const rel = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
    for (const unit of ['minute', 'hour', 'day']) for (const n of [-2, -1, 0, 1, 2, 5]) out.push(rel.format(n, unit));
  }
  return out;
}

/**
 * The own texts of the TypeScript files under src/: the Chinese the code words itself, not from a catalogue (Mandate of
 * Heaven's calendar, `公元前369年冬（豬年）`; the order words; the time zones' names).
 */
function sourceTexts(dir = join(ROOT, 'src')) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceTexts(path);
    return e.name.endsWith('.ts') ? [readFileSync(path, 'utf8')] : [];
  });
}

/**
 * The CJK characters of the Chinese catalogues (src/i18n/locales), of the source's own texts and of `Intl`'s moments
 * that the names lack.
 */
export async function uiCharacters(names) {
  names ??= await cjkCharacters();
  const dir = join(ROOT, 'src/i18n/locales');
  const texts = ['zh-CN.json', 'zh-TW.json'].flatMap((f) =>
    Object.values(JSON.parse(readFileSync(join(dir, f), 'utf8'))),
  );
  texts.push(...sourceTexts(), ...intlTexts());
  const have = new Set(names);
  return [...cjkOf(texts)].filter((c) => !have.has(c)).sort((a, b) => a - b);
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
  const names = await cjkCharacters();
  const sets = { latin: LATIN_RANGES, cjk: rangesOf(names), ui: rangesOf(await uiCharacters(names)) };
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
