/**
 * Fonts: Noto Sans SC (Latin + Simplified Chinese, SIL OFL 1.1, see assets/fonts/) from the npm package
 * @expo-google-fonts/noto-sans-sc, registered once under our own family name so labels render the same
 * on a fresh machine, which has no CJK font (stack notes §3).
 */
import { GlobalFonts } from '@napi-rs/canvas';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

import { FONT_FAMILY } from './font-stack.js';

export { font } from './font-stack.js';

let registered: { ok: boolean; error?: string } | null = null;

/** Register the bundled fonts (idempotent). Never throws: on failure labels fall back to system fonts. */
export function ensureFonts(): { ok: boolean; error?: string } {
  if (registered) return registered;
  try {
    const require = createRequire(import.meta.url);
    const dir = dirname(require.resolve('@expo-google-fonts/noto-sans-sc/package.json'));
    const files = [
      join(dir, '400Regular', 'NotoSansSC_400Regular.ttf'),
      join(dir, '700Bold', 'NotoSansSC_700Bold.ttf'),
    ];
    for (const f of files) {
      if (!existsSync(f)) throw new Error(`font file missing: ${f}`);
      if (!GlobalFonts.registerFromPath(f, FONT_FAMILY)) throw new Error(`could not register ${f}`);
    }
    registered = { ok: true };
  } catch (e) {
    registered = { ok: false, error: e instanceof Error ? e.message : String(e) };
  }
  return registered;
}
