/**
 * A value a member typed (`⟦typed:…⟧`, src/game/core/echo.ts) is shown exactly as typed, so the wording passes over it:
 * French elision and Chinese spacing work on a value's first and last letters, which a typed value hides behind its
 * reference. The catalogue never leaves such a value where they would apply: it quotes it (docs/locales.md "French
 * elision"), where neither applies (`« Angleterre »` takes no `d’`; `“秦国”不是…` needs no space dropped).
 */
import { describe, expect, it } from 'vitest';
import { typed } from '../../src/game/core/echo.js';
import { typedAsPlain } from '../../src/game/core/text-refs.js';
import { CATALOGUES, LOCALES, t } from '../../src/i18n/index.js';

/** A placeholder between quotes or in inline code, in any of our locales' quotes, spaces allowed inside. */
const QUOTED = (name: string) => new RegExp(`(["“「«\`]) ?\\{${name}\\} ?(["”」»\`])`, 'g');

describe('typed values in the catalogues', () => {
  it('every `{typed}` is quoted, in every locale', () => {
    const bare: string[] = [];
    for (const locale of LOCALES)
      for (const [key, text] of Object.entries(CATALOGUES[locale] as Record<string, string>)) {
        const all = text.match(/\{typed\}/g)?.length ?? 0;
        const quoted = text.match(QUOTED('typed'))?.length ?? 0;
        if (all !== quoted) bare.push(`${locale} ${key}: ${text}`);
      }
    expect(bare).toEqual([]);
  });

  it('a power typed in Chinese that is not the game’s reads as a plain name would, its quotes against the text', () => {
    const refusal = (locale: 'zh-CN' | 'zh-TW' | 'fr', value: string) =>
      typedAsPlain(t(locale, { key: 'spectate.refused.notPower', params: { typed: typed(value) } }));
    expect(refusal('zh-CN', '秦国')).toBe('“秦国”不是本局的国家。');
    expect(refusal('zh-TW', '秦國')).toBe('「秦國」不是本局的國家。');
    expect(refusal('fr', 'Atlantide')).toBe('« Atlantide » n’est pas une puissance de cette partie.');
  });
});
