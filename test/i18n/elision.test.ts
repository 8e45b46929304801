/**
 * French elision at a value's edge (docs/locales.md "French elision"): `de Angleterre` reads `d’Angleterre`, the
 * catalogue's own text never changes, and no mark of the wording ever reaches a reader.
 */
import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser';
import { createIntl } from '@formatjs/intl';
import { describe, expect, it } from 'vitest';
import { CATALOGUES, type Locale, LOCALES, listParam, type MessageKey, msg, t, tr } from '../../src/i18n/index.js';
import { getVariant } from '../../src/variants/index.js';
import { powerName, provinceName } from '../../src/variants/names.js';
import { frenchPlacesListed } from '../../src/i18n/french-places.js';

type Values = Record<string, string | number | Date>;

/** The intl objects as `t` used them before elision: the catalogue formatted with the values as they are. */
const raw = Object.fromEntries(
  LOCALES.map((locale) => [
    locale,
    createIntl({ locale, defaultLocale: 'en', messages: CATALOGUES[locale], onError: () => {} }),
  ]),
) as Record<Locale, ReturnType<typeof createIntl>>;

/** Values for every placeholder of a message: `text` for a plain one, the `branch`-th option of a select. */
function valuesOf(
  elements: readonly MessageFormatElement[],
  text: string | number,
  branch: number,
  into: Values = {},
): Values {
  for (const element of elements) {
    if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
    if (element.type === TYPE.tag) {
      valuesOf(element.children, text, branch, into);
      continue;
    }
    if (element.type === TYPE.argument) into[element.value] ??= text;
    else if (element.type === TYPE.date || element.type === TYPE.time) into[element.value] = new Date(0);
    else if (element.type === TYPE.select) {
      const options = Object.keys(element.options);
      into[element.value] = options[Math.min(branch, options.length - 1)]!;
    } else into[element.value] = branch === 0 ? 1 : 2;
    if (element.type === TYPE.plural || element.type === TYPE.select)
      for (const option of Object.values(element.options)) valuesOf(option.value, text, branch, into);
  }
  return into;
}

/** Every key of `locale` with its values for `text`, once per branch of its selects (first, second, last). */
function* cases(locale: Locale, text: string | number): Generator<[MessageKey, Values]> {
  for (const [key, message] of Object.entries(CATALOGUES[locale])) {
    const elements = parse(message, { ignoreTag: true });
    for (const branch of [0, 1, 99]) yield [key as MessageKey, valuesOf(elements, text, branch)];
  }
}

const word = (locale: Locale, key: MessageKey, values: Values) =>
  t(locale, msg(key, values as Record<string, string | number>));
const before = (locale: Locale, key: MessageKey, values: Values) =>
  raw[locale].formatMessage({ id: key }, values, { ignoreTag: true }) as string;

/**
 * Chinese puts a space between Chinese and a value in Latin letters where the catalogue writes none (docs/locales.md
 * "Chinese spacing"), never in a code span: `text` as a Chinese reader gets it with `value` inserted.
 */
function latinSpaced(locale: Locale, text: string, value: string): string {
  if (locale !== 'zh-CN' && locale !== 'zh-TW') return text;
  const inCode = (offset: number) => (text.slice(0, offset).match(/`/g)?.length ?? 0) % 2 === 1;
  const edge = new RegExp(`(?<=\\p{Script=Han})(?=[*_]*${value})|(?<=${value}[*_]*)(?=\\p{Script=Han})`, 'gu');
  return text.replace(edge, (_, offset: number) => (inCode(offset) ? '' : ' '));
}

describe('French elision', () => {
  it('leaves every text of every locale as it was when the values begin with a consonant', () => {
    const changed: string[] = [];
    let compared = 0;
    // Only French's `(le)` before a place changes (docs/locales.md "French place names"): `la Bourgogne`.
    const articled = (text: string) => text.replace(/\((l)e\) (?=[*_]*Bourgogne)/giu, (_, l: string) => `${l}a `);
    for (const locale of LOCALES)
      for (const [key, values] of cases(locale, 'Bourgogne')) {
        compared++;
        const now = word(locale, key, values);
        const then = latinSpaced(locale, articled(before(locale, key, values)), 'Bourgogne');
        if (now !== then) changed.push(`${locale} ${key}: ${now}`);
      }
    expect(changed).toEqual([]);
    expect(compared).toBeGreaterThan(4 * 3000);
  });

  it('only elides before the values in French, and leaves the other locales as they were', () => {
    const wrong: string[] = [];
    let elided = 0;
    const elidable = /(?<![\p{L}\p{N}_’'-])(de|que|jusque|lorsque|puisque|le|la) ([*_]*)Allemagne/giu;
    for (const locale of LOCALES)
      for (const [key, values] of cases(locale, 'Allemagne')) {
        // `Allemagne` is a classic power, a feminine country: `(le)` before it reads `l’` (docs/locales.md "French
        // place names"), and `de l’Allemagne` elides nothing more.
        const then = latinSpaced(
          locale,
          before(locale, key, values).replace(/\((l)e\) (?=[*_]*Allemagne)/giu, (_, l: string) => `${l}’`),
          'Allemagne',
        );
        const expected =
          locale === 'fr'
            ? then.replace(elidable, (_, w: string, md: string) => `${w.slice(0, -1)}’${md}Allemagne`)
            : then;
        const now = word(locale, key, values);
        if (now !== expected) wrong.push(`${locale} ${key}: ${now}`);
        if (now !== then) elided++;
      }
    expect(wrong).toEqual([]);
    expect(elided).toBeGreaterThan(100);
  });

  it("never lets a mark or the catalogue's (le) reach a reader", () => {
    const marked: string[] = [];
    for (const value of ['Allemagne', 'Hollande', 'Portugal', 8, '**Écosse**', '', '\uE000', 'a\uE001b'])
      for (const [key, values] of cases('fr', value)) {
        const text = word('fr', key, values);
        if (/[\uE000\uE001]|\(le\)/iu.test(text)) marked.push(`${key}: ${text}`);
      }
    expect(marked).toEqual([]);
    // A French text that cannot be worded (a value missing) falls back to the English one, unmarked.
    const fallback = t('fr', { key: 'lobby.joined', params: { power: 'Allemagne' } });
    expect(fallback).toBe('✋ {player} joined the game as **{power}**.');
  });

  it('elides de, que and la before a vowel, markdown on either side, never before h or a number', () => {
    expect(tr('fr', 'lobby.joined', { player: 'Ana', power: 'Allemagne' })).toBe(
      '✋ Ana a rejoint la partie en tant qu’**Allemagne**.',
    );
    expect(tr('fr', 'lobby.joined', { player: 'Ana', power: 'Hongrie' })).toBe(
      '✋ Ana a rejoint la partie en tant que **Hongrie**.',
    );
    const move = (from: string | number, power: string) =>
      tr('fr', 'gmEdit.announce.move', { unit: 'A', power, from, to: 'Budapest' });
    expect(move('Ankara', 'Autriche')).toBe('🛠️ Le maître du jeu a déplacé A d’Autriche d’Ankara vers Budapest.');
    expect(move('Hollande', 'Turquie')).toBe('🛠️ Le maître du jeu a déplacé A de Turquie de la Hollande vers Budapest.');
    expect(move(8, 'Italie')).toBe('🛠️ Le maître du jeu a déplacé A d’Italie de 8 vers Budapest.');
    expect(move('__Édimbourg__', 'Écosse')).toBe(
      '🛠️ Le maître du jeu a déplacé A d’Écosse d’__Édimbourg__ vers Budapest.',
    );
    expect(move('Ypres', 'Yorkshire')).toBe('🛠️ Le maître du jeu a déplacé A de Yorkshire d’Ypres vers Budapest.');
  });

  it('says "in" the French way before a place: à a city, au a masculine name, dans la/le with its article', () => {
    const none = (place: string) => tr('fr', 'orders.problem.parse.noUnit', { place });
    expect(none('Paris')).toBe('il n’y a aucune unité à Paris');
    expect(none('Édimbourg')).toBe('il n’y a aucune unité à Édimbourg');
    expect(none('Portugal')).toBe('il n’y a aucune unité au Portugal');
    expect(none('Ruhr')).toBe('il n’y a aucune unité dans la Ruhr');
    expect(none('Atlantique Nord')).toBe('il n’y a aucune unité dans l’Atlantique Nord');
    expect(none('Bourgogne')).toBe('il n’y a aucune unité en Bourgogne');
    expect(none('Mer Noire')).toBe('il n’y a aucune unité en Mer Noire');
    expect(none('**Paris**')).toBe('il n’y a aucune unité à **Paris**');
    // Only `en` right before the place changes: the catalogue's other words and English stay.
    expect(tr('fr', 'gmEdit.announce.add', { unit: 'A', power: 'Autriche', province: 'Vienne' })).toBe(
      '🛠️ Le maître du jeu a placé A d’Autriche à Vienne.',
    );
    expect(tr('en', 'orders.problem.parse.noUnit', { place: 'Paris' })).toBe('there is no unit in Paris');
  });

  it('lists only French names a variant gives a place or a power (a renamed one would lose its words silently)', () => {
    const french = new Set(
      ['classic', 'warring-states', 'mandate-of-heaven', 'warhammer'].flatMap((id) => {
        const variant = getVariant(id)!;
        return [
          ...variant.map.provinceIds().map((p) => provinceName(variant, 'fr', p)),
          ...variant.powers.map((p) => powerName(variant, 'fr', p.name)),
        ];
      }),
    );
    const listed = frenchPlacesListed();
    expect(listed.length).toBeGreaterThan(30);
    expect(listed.filter((name) => !french.has(name))).toEqual([]);
  });

  it('elides before a nested message, a name worded in French and a list', () => {
    const nested = msg('cards.list.none'); // « aucune »
    expect(tr('fr', 'gmEdit.announce.move', { unit: 'A', power: nested, from: 'Paris', to: 'Brest' })).toBe(
      '🛠️ Le maître du jeu a déplacé A d’aucune de Paris vers Brest.',
    );
    const germany = { text: 'Germany', in: { fr: 'Allemagne' } };
    expect(tr('fr', 'lobby.joined', { player: 'Ana', power: germany })).toContain('en tant qu’**Allemagne**');
    expect(tr('en', 'lobby.joined', { player: 'Ana', power: germany })).toContain('as **Germany**');
    const powers = listParam([germany, 'Italie']);
    expect(tr('fr', 'gmEdit.announce.move', { unit: 'A', power: powers, from: 'Paris', to: 'Brest' })).toBe(
      '🛠️ Le maître du jeu a déplacé A d’Allemagne, Italie de Paris vers Brest.',
    );
  });

  it('elides inside the branches of a select', () => {
    const follow = (role: string) =>
      tr('fr', 'variant.warhammer.follow.post', { power: 'Ostland', role, master: 'Empire' });
    expect(follow('sepoy')).toContain('**cipaye** d’Empire');
    expect(follow('mercenary')).toContain('**mercenaire** d’Empire');
  });

  it('words the real French names of the classic map', () => {
    const classic = getVariant('classic')!;
    const power = (p: string) => powerName(classic, 'fr', p);
    expect(tr('fr', 'lobby.joined', { player: 'Ana', power: power('Germany') })).toContain('qu’**Allemagne**');
    expect(tr('fr', 'lobby.joined', { player: 'Ana', power: power('France') })).toContain('que **France**');
    const from = provinceName(classic, 'fr', 'ank');
    expect(tr('fr', 'gmEdit.announce.move', { unit: 'F', power: power('England'), from, to: 'Mer Noire' })).toBe(
      '🛠️ Le maître du jeu a déplacé F d’Angleterre d’Ankara vers la Mer Noire.',
    );
  });
});
