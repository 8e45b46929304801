/**
 * Refused orders in the reader's language (src/game/orders/problems.ts, docs/locales.md "Refused orders"): every
 * sentence the parser and the adjudicator write for a mistyped or impossible Classic order is matched by a pattern,
 * its message words the same English, and the French and Chinese messages leave no English and name the provinces in
 * the reader's language.
 */
import { describe, expect, it } from 'vitest';
import { parseOrders } from '../../../src/engine/parse/index.js';
import { checkOrder, parseProblemMsg } from '../../../src/game/orders/index.js';
import { dutiesOf } from '../../../src/game/phase/index.js';
import { typedAsPlain } from '../../../src/game/core/text-refs.js';
import { t } from '../../../src/i18n/index.js';
import { classic } from '../../../src/variants/classic/index.js';
import { englishWords } from '../../support/english-left.js';

const position = classic.startingPosition();

/** What the order box says about `text` typed by France: the English and its message. */
function refusal(text: string) {
  const [parsed] = parseOrders(classic, text, { position, power: 'France' });
  if (!parsed) throw new Error(`nothing read in ${text}`);
  if (!parsed.ok) return { error: parsed.error, message: parseProblemMsg(classic, parsed.error) };
  const checked = checkOrder(classic, position, 'France', parsed.order, dutiesOf(classic, position, 'France'), []);
  if (!('error' in checked)) throw new Error(`${text} was accepted`);
  return checked;
}

const REFUSED: readonly [string, RegExp][] = [
  ['A xyzzy - bur', /^unknown place/],
  ['A pa - bur', /^unknown place .*did you mean/],
  ['A par -', /^missing a destination/],
  ['A par X bur', /^unknown order/],
  ['A par - bur now', /^unexpected/],
  ['A ruh - bur', /^France has no unit in Ruhr$/],
  ['A mun - bur', /^the army in Munich belongs to Germany, not France$/],
  ['F par - bur', /^the unit in Paris is an army, not a fleet$/],
  ['A par S pic - bur', /^there is no unit in Picardy to support$/],
  ['F bre - spa/xc', /^Spain has no coast/],
  ['A par - mun', /^Paris is not next to Munich/],
  ['A mar - mar', /^A unit cannot move to the province it is in\.$/],
  ['F bre - par', /^A fleet in Brest cannot reach Paris\.$/],
  ['A par S A par', /^A unit cannot support itself\.$/],
  ['A mar - gol', /^An army cannot move to Gulf of Lyon\.$/],
  ['A par C A mar - bur', /^Only fleets can convoy\.$/],
  ['A par S', /^missing the supported unit after "A par S"$/],
  ['F bre C', /^missing the convoyed army after "F bre C"$/],
];

describe('refused orders, worded for the reader', () => {
  it.each(REFUSED)(
    '%s: the message words the same English, and French and Chinese with no English left',
    (text, english) => {
      const { error, message } = refusal(text);
      expect(error).toMatch(english);
      expect(message.key, `no pattern matched "${error}"`).not.toBe('text.plain');
      // What the member typed comes back as a reference the bot shows as typed (never rendered); as plain text, the same.
      expect(typedAsPlain(t('en', message))).toBe(error);
      const fr = t('fr', message);
      expect(englishWords(fr.replace(/« [^»]*»/g, ' ')), fr).toEqual([]);
      expect(t('zh-CN', message)).toMatch(/\p{Script=Han}/u);
      expect(t('zh-TW', message)).toMatch(/\p{Script=Han}/u);
    },
  );

  it('names what is missing in the reader’s language', () => {
    expect(typedAsPlain(t('fr', refusal('A par S').message))).toBe('il manque l’unité soutenue après « A par S »');
    expect(typedAsPlain(t('zh-CN', refusal('A par S').message))).toBe('“A par S”之后缺少被支援的单位');
    expect(typedAsPlain(t('zh-TW', refusal('F bre C').message))).toBe('「F bre C」之後缺少被運輸的陸軍');
  });

  it('lists the places a typo may mean as the reader’s language lists them', () => {
    const hint = parseProblemMsg(
      classic,
      'unknown place "Pari": did you mean Paris (par), Armenia (arm) or Barents Sea (bar)?',
    );
    expect(t('fr', hint)).toContain('« ⟦typed:Pari⟧ »');
    expect(typedAsPlain(t('zh-CN', hint))).toBe(
      '未知地名“Pari”：你是指 Paris (par)、Armenia (arm) 或 Barents Sea (bar) 吗？',
    );
    expect(typedAsPlain(t('fr', hint))).toBe(
      'province inconnue « Pari » : vouliez-vous dire Paris (par), Armenia (arm) ou Barents Sea (bar) ?',
    );
  });

  it('names a coast the fleet cannot reach in the reader’s words, never by its id', () => {
    const { error, message } = refusal('F bre - spa/nc');
    expect(error).toBe('A fleet in Brest cannot reach spa/nc.');
    expect(t('fr', message)).toBe('Une flotte à Brest ne peut pas atteindre l’Espagne (côte nord).');
  });

  it('names the provinces in the reader language', () => {
    const { message } = refusal('A par - mun');
    expect(t('fr', message)).toBe('Paris n’est pas limitrophe de Munich.');
    expect(t('zh-CN', message)).toBe('Paris 与 Munich 不相邻。'); // Classic has no Chinese names
  });

  it('refuses a retreat to no option by naming the options, never saying the unit is disbanded', () => {
    // Italy's army in Venice, dislodged from Tyrolia: it may retreat to Apulia, Piedmont or Tuscany (Rome is held).
    const retreat = {
      ...position,
      phase: { season: 'fall' as const, year: 1901, type: 'retreat' as const },
      units: position.units.filter((u) => u.province !== 'ven'),
      dislodged: [
        { power: 'Italy', type: 'A' as const, province: 'ven', coast: null, attackerFrom: 'tyr', viaConvoy: false },
      ],
    };
    const [parsed] = parseOrders(classic, 'A ven R tri', { position: retreat, power: 'Italy' });
    if (!parsed?.ok) throw new Error('A ven R tri not read');
    const checked = checkOrder(classic, retreat, 'Italy', parsed.order, dutiesOf(classic, retreat, 'Italy'), []);
    if (!('error' in checked)) throw new Error('A ven R tri was accepted');
    expect(checked.error).toBe('Trieste is not a retreat option (options: apu, pie, tus).');
    expect(t('en', checked.message)).toBe(
      'Trieste is not a retreat option. Retreat options: Apulia (apu), Piedmont (pie), Tuscany (tus).',
    );
    expect(t('fr', checked.message)).toBe(
      'Trieste n’est pas une retraite possible. Retraites possibles : Apulie (apu), Piémont (pie), Toscane (tus).',
    );
    expect(t('zh-CN', checked.message)).toBe(
      'Trieste 不是可撤退的地区。可撤退至：Apulia (apu)、Piedmont (pie)、Tuscany (tus)。',
    );
  });

  it('shows a sentence no pattern knows as the engine wrote it', () => {
    // Whole as typed: such a sentence may repeat what the member typed.
    expect(t('fr', parseProblemMsg(classic, 'a rule of some variant'))).toBe('⟦typed:a rule of some variant⟧');
  });
});
