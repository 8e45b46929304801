/**
 * The message catalogues (docs/locales.md): every shipped locale has exactly the English keys, each message parses
 * as ICU MessageFormat and uses the same placeholders, with the same kinds, as its English text.
 */
import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import {
  CATALOGUES,
  formatItems,
  formatList,
  formatNumber,
  codeListParam,
  listParam,
  LOCALES,
  localeOf,
  msg,
  t,
  tr,
} from '../../src/i18n/index.js';

/** `name:kind` of every placeholder of a parsed message, options included (`count:plural`, `power:argument`). */
function placeholders(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
    if (element.type === TYPE.tag) {
      placeholders(element.children, into);
      continue;
    }
    into.add(`${element.value}:${TYPE[element.type]}`);
    if (element.type === TYPE.plural || element.type === TYPE.select)
      for (const option of Object.values(element.options)) placeholders(option.value, into);
  }
  return into;
}

const sorted = (set: Set<string>) => [...set].sort();

/**
 * `own` without French's agreements (`powerGender:select` beside `power`, docs/locales.md "French place names"): a
 * gender `t` gives every text value, which a French text may read where English has nothing to agree.
 */
function agreements(own: Set<string>, expected: readonly string[]): Set<string> {
  const names = new Set(expected.map((p) => p.split(':')[0]));
  return new Set([...own].filter((p) => !(/^\w+Gender:select$/.test(p) && names.has(p.replace(/Gender:select$/, '')))));
}
const english = CATALOGUES.en;

describe('the catalogues', () => {
  it('name their keys by feature, in order, lowercase words separated by dots', () => {
    const keys = Object.keys(english);
    expect(keys.filter((key) => !/^[a-z][a-zA-Z0-9]*(\.[a-z0-9][a-zA-Z0-9-]*)+$/.test(key))).toEqual([]);
    expect(keys).toEqual([...keys].sort());
  });

  for (const locale of LOCALES) {
    it(`${locale}: every English key, nothing else, in the same order`, () => {
      expect(Object.keys(CATALOGUES[locale])).toEqual(Object.keys(english));
    });

    it(`${locale}: every message parses and has the English placeholders`, () => {
      const wrong: string[] = [];
      for (const [key, text] of Object.entries(CATALOGUES[locale])) {
        const reference = english[key as keyof typeof english];
        try {
          const expected = sorted(placeholders(parse(reference, { ignoreTag: true })));
          const own = sorted(agreements(placeholders(parse(text, { ignoreTag: true })), expected));
          if (own.join() !== expected.join()) wrong.push(`${key}: ${own.join(', ')} ≠ ${expected.join(', ')}`);
        } catch (err) {
          wrong.push(`${key}: ${(err as Error).message}`);
        }
        if (text.trim() === '') wrong.push(`${key}: empty`);
      }
      expect(wrong).toEqual([]);
    });
  }

  it('Chinese addresses the player as 你 throughout, never switching to the formal 您', () => {
    for (const locale of ['zh-CN', 'zh-TW'] as const)
      expect(Object.entries(CATALOGUES[locale]).filter(([, text]) => text.includes('您'))).toEqual([]);
  });

  it('zh-TW calls a direct message 私訊, as Discord’s Traditional Chinese does, never the simplified usage 私信', () => {
    expect(Object.entries(CATALOGUES['zh-TW']).filter(([, text]) => text.includes('私信'))).toEqual([]);
  });

  it('words a replay and a sandbox by the glossary, in every text (docs/locales.md "Glossary")', () => {
    const wrong = (locale: 'fr' | 'zh-CN' | 'zh-TW', pattern: RegExp) =>
      Object.entries(CATALOGUES[locale])
        .filter(([key, text]) => !key.startsWith('command.') && pattern.test(text.replace(/`[^`]*`/g, '')))
        .map(([key]) => `${locale} ${key}`);
    expect(wrong('fr', /\breplays?\b/i)).toEqual([]);
    expect(wrong('zh-TW', /回放|沙盒/)).toEqual([]);
    expect(wrong('zh-CN', /重播|沙盒/)).toEqual([]);
  });

  it('French writes its apostrophe as ’, never a typewriter one, outside code (docs/locales.md "French elision")', () => {
    const straight = Object.entries(CATALOGUES.fr).filter(([, text]) =>
      /\p{L}'\p{L}/u.test(text.replace(/`[^`]*`/g, '')),
    );
    expect(straight.map(([key]) => key)).toEqual([]);
  });

  it('a text that says to press the substitute call’s button names it as that button reads in its locale', () => {
    for (const locale of LOCALES) {
      const claim = CATALOGUES[locale]['seats.call.button.claim'];
      const wrong = Object.entries(CATALOGUES[locale]).filter(
        ([, text]) => /\*\*(Claim|Prendre|接手)\*\*/.test(text) && !text.includes(`**${claim}**`),
      );
      expect(wrong.map(([key]) => `${locale} ${key}`)).toEqual([]);
    }
  });

  it('never says only a game master can create a game: anyone can (docs/bot.md `/game create`)', () => {
    const gmCreates = /(game master|maître du jeu|主持人)[^.。]*(\/game create|\/partie créer|\/对局 创建|\/對局 建立)/;
    for (const locale of LOCALES) {
      const wrong = Object.entries(CATALOGUES[locale]).filter(([, text]) => gmCreates.test(text));
      expect(wrong.map(([key]) => `${locale} ${key}`)).toEqual([]);
    }
  });
});

describe('the placeholder check', () => {
  it('tells a missing, renamed or retyped placeholder', () => {
    const of = (text: string) => sorted(placeholders(parse(text, { ignoreTag: true }))).join();
    const reference = of('{power} has {count, plural, one {# centre} other {# centres}}');
    expect(of('{power} a {count, plural, one {# centre} other {# centres}}')).toBe(reference);
    expect(of('{puissance} a {count, plural, one {# centre} other {# centres}}')).not.toBe(reference);
    expect(of('{power} a {count} centres')).not.toBe(reference);
    expect(of('{power} a des centres')).not.toBe(reference);
    // French's agreement with a value is no new placeholder; a gender of no value is.
    const ready = sorted(placeholders(parse('{power} is ready', { ignoreTag: true })));
    const agreed = (text: string) => sorted(agreements(placeholders(parse(text, { ignoreTag: true })), ready)).join();
    expect(agreed('{power} est {powerGender, select, m {prêt} other {prête}}')).toBe(ready.join());
    expect(agreed('{power} est {toGender, select, m {prêt} other {prête}}')).not.toBe(ready.join());
  });
});

describe('wording a message', () => {
  it('words a key in each locale', () => {
    expect(LOCALES.map((locale) => tr(locale, 'locale.name'))).toEqual(['English', 'Français', '简体中文', '繁體中文']);
  });

  it('words a message inside a message in the same locale', () => {
    expect(t('fr', msg('locale.name', { unused: msg('locale.name') }))).toBe('Français');
  });

  it('shows English for a string a locale lacks or cannot word, that string alone, never its key or source', () => {
    const fr = CATALOGUES.fr as Record<string, string>;
    const key = 'seats.refused.tooLate';
    const english = 'Too late: France has already been taken by another member.';
    const saved = fr[key]!;
    try {
      delete fr[key];
      expect(tr('fr', key, { power: 'France' })).toBe(english);
      fr[key] = '{power, plural, one {#} other {# prises} trop tard'; // a translation that does not parse
      expect(tr('fr', key, { power: 'France' })).toBe(english);
      expect(tr('fr', 'locale.name')).toBe('Français');
    } finally {
      fr[key] = saved;
    }
    expect(tr('fr', key, { power: 'France' })).toMatch(/^Trop tard/);
  });

  it('words a missing value as the empty text rather than failing', () => {
    const missing = { game: null } as unknown as Record<string, string>;
    expect(t('fr', msg('game.refused.variantGone', { variant: missing.game! }))).toMatch(
      /^La variante «\s*» de cette partie n’est plus disponible\.$/u,
    );
  });

  it('reads Discord locales: French and both Chinese scripts, English for the rest', () => {
    expect(['fr', 'zh-CN', 'zh-TW', 'en-US', 'en-GB', 'de', 'ja', null, undefined].map(localeOf)).toEqual([
      'fr',
      'zh-CN',
      'zh-TW',
      'en',
      'en',
      'en',
      'en',
      'en',
      'en',
    ]);
  });

  it('lists with each language’s own conjunction', () => {
    expect(formatList('en', ['France', 'Germany', 'Italy'])).toBe('France, Germany, and Italy');
    expect(formatList('fr', ['France', 'Allemagne', 'Italie'])).toBe('France, Allemagne et Italie');
    expect(formatList('zh-CN', ['法国', '德国', '意大利'])).toBe('法国、德国和意大利');
  });

  it('spaces a Chinese list’s conjunction from a name in Latin letters, as Chinese typesetting spaces Latin words', () => {
    // Classic keeps its English names in Chinese: `France 已就绪`, so `Russia 和 Turkey`, never `Russia和Turkey`.
    expect(formatList('zh-CN', ['Austria', 'Russia', 'Turkey'])).toBe('Austria、Russia 和 Turkey');
    expect(formatList('zh-TW', ['France', '**Italy**'])).toBe('France 和 **Italy**');
    expect(formatList('zh-CN', ['France', 'Italy'], 'disjunction')).toBe('France 或 Italy');
    expect(formatItems('zh-TW', ['France', 'Italy', 'Russia'])).toBe('France、Italy 和 Russia');
    expect(formatList('zh-TW', ['秦', 'Russia'])).toBe('秦和 Russia');
    expect(formatItems('zh-TW', ['秦', '楚', '魏'])).toBe('秦、楚和魏');
  });

  it('lists items in a message as each language lists them, each item worded in it', () => {
    const powers = listParam(['`declare`', { text: 'Germany', in: { fr: 'Allemagne', 'zh-TW': '德國' } }, '`muster`']);
    const said = (locale: (typeof LOCALES)[number]) => t(locale, msg('text.plain', { text: powers }));
    expect(said('en')).toBe('`declare`, Germany, `muster`');
    expect(said('fr')).toBe('`declare`, Allemagne, `muster`');
    expect(said('zh-CN')).toBe('`declare`、Germany、`muster`');
    expect(said('zh-TW')).toBe('`declare`、德國和`muster`');
    // A stored message keeps it: it is data.
    expect(JSON.parse(JSON.stringify(powers))).toEqual(powers);
  });

  it('lists names a member types as inline code, each language its way (codeListParam)', () => {
    const actions = codeListParam(['declare', 'muster']);
    expect(actions).toEqual(listParam(['`declare`', '`muster`']));
    expect(t('zh-TW', msg('text.plain', { text: actions }))).toBe('`declare`、`muster`');
  });

  it('groups digits as each language does', () => {
    expect(['en', 'fr', 'zh-CN'].map((locale) => formatNumber(locale as 'en', 12345.5))).toEqual([
      '12,345.5',
      '12\u202f345,5',
      '12,345.5',
    ]);
  });
});

describe('English counted nouns', () => {
  it('agree the verb with the count inside the plural (one order was cleared, two orders were)', () => {
    const cleared = (count: number) =>
      t('en', msg('seats.replacedCleared', { power: 'France', channel: '#game', count }));
    expect(cleared(1)).toContain('Your order for this phase was cleared.');
    expect(cleared(2)).toContain('Your 2 orders for this phase were cleared.');
  });
});
