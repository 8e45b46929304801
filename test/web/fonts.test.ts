/**
 * The pad's web fonts (assets/fonts/web/, made by `npm run -s web-fonts`) cover every character the bundled variants'
 * names need (their name files' Chinese and the simplified names derived from it included), so a map on the pad shows
 * no missing glyph, and every Chinese character of the catalogues, so the page's
 * own text reads in a browser without a Chinese system font; and they stay small (the page's weight, docs/pad.md).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mandatePhaseName } from '../../src/variants/mandate-of-heaven/calendar.js';
import { simplified, simplifiedName } from '../../src/variants/names.js';

const ROOT = join(import.meta.dirname, '../..');
const DIR = join(ROOT, 'assets/fonts/web');
const fonts = JSON.parse(readFileSync(join(DIR, 'fonts.json'), 'utf8')) as {
  file: string;
  weight: number;
  unicodeRange: string;
}[];

/** The code points a CSS unicode-range names. */
function codes(range: string): Set<number> {
  const out = new Set<number>();
  for (const part of range.split(',')) {
    const [a, b] = part.trim().replace(/^U\+/i, '').split('-');
    const from = Number.parseInt(a!, 16);
    const to = b ? Number.parseInt(b, 16) : from;
    for (let c = from; c <= to; c++) out.add(c);
  }
  return out;
}

describe('the web fonts', () => {
  it('cover every name of every bundled variant, in both weights', () => {
    const variants = join(ROOT, 'src/variants');
    for (const weight of [400, 700]) {
      const covered = new Set(fonts.filter((f) => f.weight === weight).flatMap((f) => [...codes(f.unicodeRange)]));
      const missing = new Set<string>();
      for (const id of readdirSync(variants)) {
        const file = join(variants, id, 'map.json');
        if (!statSync(join(variants, id)).isDirectory()) continue;
        let text: string;
        try {
          text = readFileSync(file, 'utf8');
        } catch {
          continue;
        }
        const names = JSON.parse(text) as {
          provinces: { name: string; localName?: string }[];
          powers: { name: string }[];
        };
        for (const s of [
          ...names.provinces.flatMap((p) => [p.name, p.localName ?? '']),
          ...names.powers.map((p) => p.name),
        ])
          for (const ch of s) if (!covered.has(ch.codePointAt(0)!)) missing.add(`${id}: ${ch}`);
      }
      expect([...missing], 'run `npm run -s web-fonts`').toEqual([]);
    }
  });

  /** Every Chinese character of `texts` is in the fonts of both weights. */
  function expectCoveredInBothWeights(texts: string[]): void {
    for (const weight of [400, 700]) {
      const covered = new Set(fonts.filter((f) => f.weight === weight).flatMap((f) => [...codes(f.unicodeRange)]));
      const missing = new Set<string>();
      for (const text of texts)
        for (const ch of text) if (/\p{Script=Han}/u.test(ch) && !covered.has(ch.codePointAt(0)!)) missing.add(ch);
      expect([...missing], 'run `npm run -s web-fonts`').toEqual([]);
    }
  }

  it("cover every Chinese name of every bundled variant's name files, and the simplified names derived from them", () => {
    const variants = join(ROOT, 'src/variants');
    const texts: string[] = [];
    for (const id of readdirSync(variants)) {
      if (!statSync(join(variants, id)).isDirectory()) continue;
      for (const file of readdirSync(join(variants, id)).filter((f) => /^names\.zh-.+\.json$/.test(f))) {
        const text = readFileSync(join(variants, id, file), 'utf8');
        texts.push(text, simplified(text), simplifiedName(text));
      }
    }
    expectCoveredInBothWeights(texts);
  });

  it('cover every Chinese character of the Chinese catalogues, in both weights', () => {
    const texts = ['zh-CN', 'zh-TW'].flatMap((l) =>
      Object.values(JSON.parse(readFileSync(join(ROOT, `src/i18n/locales/${l}.json`), 'utf8')) as string[]),
    );
    expectCoveredInBothWeights(texts);
  });

  /** The text of every TypeScript file under `dir`. */
  function sourceTexts(dir: string): string[] {
    return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
      const path = join(dir, e.name);
      if (e.isDirectory()) return sourceTexts(path);
      return e.name.endsWith('.ts') ? [readFileSync(path, 'utf8')] : [];
    });
  }

  it('cover every Chinese character the code words itself: the Mandate of Heaven calendar, the order words', () => {
    // `公元前369年冬（豬年）` in the title of the pad of a Chinese reader: its animal was an empty box.
    expect(mandatePhaseName({ season: 'winter', year: 0, type: 'adjustment' }, 'zh-TW')).toContain('豬');
    expectCoveredInBothWeights(sourceTexts(join(ROOT, 'src')));
  });

  it("are WOFF2 files: the maps' of a few dozen kilobytes, the page text's under 200 KB", () => {
    for (const f of fonts) {
      const bytes = readFileSync(join(DIR, f.file));
      expect(bytes.subarray(0, 4).toString('latin1')).toBe('wOF2');
      expect(bytes.length, f.file).toBeLessThan(f.file.startsWith('ui-') ? 200_000 : 40_000);
    }
  });
});
