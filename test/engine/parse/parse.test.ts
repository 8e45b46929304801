import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseOrder, parseOrders } from '../../../src/engine/parse/index.js';
import type { Position } from '../../../src/engine/types.js';
import { getVariant } from '../../../src/variants/index.js';

const classic = getVariant('classic')!;
const start = classic.startingPosition();

/** Normalized text of a successful parse, or the error. */
function read(text: string, ctx: Parameters<typeof parseOrder>[2] = {}): string {
  const r = parseOrder(classic, text, ctx);
  return r.ok ? r.text : `error: ${r.error}`;
}

describe('what players type', () => {
  it.each([
    // move spellings
    ['A Munich - Silesia', 'A mun - sil'],
    ['a mun-sil', 'A mun - sil'],
    ['A MUN -> SIL', 'A mun - sil'],
    ['A Mun => Sil', 'A mun - sil'],
    ['Army Munich to Silesia', 'A mun - sil'],
    ['army munich moves to silesia', 'A mun - sil'],
    ['A Munich move Silesia', 'A mun - sil'],
    ['A mun → sil.', 'A mun - sil'],
    ['  A   mun   -   sil  ', 'A mun - sil'],
    // multi-word names, aliases, abbreviations
    ['F North Sea - Norwegian Sea', 'F nth - nwg'],
    ['F Gulf of Bothnia - Sweden', 'F bot - swe'],
    ['F Mid-Atlantic Ocean - English Channel', 'F mao - eng'],
    ['F Mid Atlantic - Channel', 'F mao - eng'],
    ['F mid-atlantic-ocean - iri', 'F mao - iri'],
    ['Fleet NAO - Irish Sea', 'F nao - iri'],
    ['F St. Petersburg (south coast) - Gulf of Bothnia', 'F stp/sc - bot'],
    ['F Heligoland Bight - Holland', 'F hel - hol'],
    ['A Rhur - Belgium', 'A ruh - bel'],
    // coasts
    ['F mao - spa/nc', 'F mao - spa/nc'],
    ['F mao - spa(nc)', 'F mao - spa/nc'],
    ['F mao - spa nc', 'F mao - spa/nc'],
    ['F mao - Spain north coast', 'F mao - spa/nc'],
    ['F mao - Spain (north coast)', 'F mao - spa/nc'],
    ['F mao - Spain/North Coast', 'F mao - spa/nc'],
    ['F mao - spa/n', 'F mao - spa/nc'],
    ['F StP/sc - Bot', 'F stp/sc - bot'],
    ['F Bul(EC) - Bla', 'F bul/ec - bla'],
    ['F mao - spa-nc', 'F mao - spa/nc'],
    ['F spa-sc - wes', 'F spa/sc - wes'],
    // convoys
    ['A lon - bel via convoy', 'A lon - bel via convoy'],
    ['A London to Belgium by convoy', 'A lon - bel via convoy'],
    ['A lon - bel (via convoy)', 'A lon - bel via convoy'],
    ['A lon move - bel via', 'A lon - bel via convoy'],
    ['F nth C A lon - bel', 'F nth C A lon - bel'],
    ['F North Sea convoys Army London to Belgium', 'F nth C A lon - bel'],
    ['F nth convoy a lon-bel', 'F nth C A lon - bel'],
    // supports
    ['A tyr S A ven - tri', 'A tyr S A ven - tri'],
    ['A Tyrolia supports A Venice -> Trieste', 'A tyr S A ven - tri'],
    ['A tyr support A ven', 'A tyr S A ven'],
    ['A tyr S A ven H', 'A tyr S A ven'],
    ['A tyr S A ven holds', 'A tyr S A ven'],
    ['F mao S F gas - spa/nc', 'F mao S F gas - spa/nc'],
    // holds
    ['A ven H', 'A ven H'],
    ['A Venice holds', 'A ven H'],
    ['A Venice hold', 'A ven H'],
    // retreats
    ['F tri R alb', 'F tri R alb'],
    ['F Trieste retreats to Albania', 'F tri R alb'],
    ['F Trieste retreat Albania', 'F tri R alb'],
    // adjustments
    ['A war B', 'A war B'],
    ['Build A Warsaw', 'A war B'],
    ['build army warsaw', 'A war B'],
    ['B F StP/nc', 'F stp/nc B'],
    ['Build Munich', 'A mun B'],
    ['Remove A Warsaw', 'A war D'],
    ['Disband F Gulf of Lyon', 'F lyo D'],
    ['A Warsaw disband', 'A war D'],
    ['A par D', 'A par D'],
    ['waive', 'WAIVE'],
    ['Waive build', 'WAIVE'],
    ['WAIVE', 'WAIVE'],
    // pasted lists and Discord markdown
    ['- A mun - sil', 'A mun - sil'],
    ['* A mun - sil', 'A mun - sil'],
    ['1. A mun - sil', 'A mun - sil'],
    ['2) F kie - den', 'F kie - den'],
    ['**A mun** - `sil`', 'A mun - sil'],
    ['F stp (n.c.) - bar', 'F stp/nc - bar'],
  ])('%s -> %s', (text, norm) => {
    expect(read(text)).toBe(norm);
  });
});

describe('the board fills in what the player left out', () => {
  it("fills the unit type (and a fleet's coast) from the unit standing there", () => {
    expect(read('Munich - Silesia', { position: start })).toBe('A mun - sil');
    expect(read('Kiel - Denmark', { position: start })).toBe('F kie - den');
    expect(read('StP - Bot', { position: start })).toBe('F stp/sc - bot');
    expect(read('Mun S Ber - Sil', { position: start })).toBe('A mun S A ber - sil');
    expect(read('F lon C lvp - bel', { position: start })).toBe('F lon C A lvp - bel');
  });

  it('without a board, a missing type stays unknown', () => {
    const r = parseOrder(classic, 'Munich - Silesia');
    expect(r.ok && r.order.kind === 'move' && r.order.unit.type).toBe(null);
  });

  it('rejects a missing type where there is no unit', () => {
    expect(read('Silesia - Munich', { position: start })).toBe('error: there is no unit in Silesia');
  });

  it("with a power, rejects orders for other powers' units and for empty provinces", () => {
    expect(read('A mun - sil', { position: start, power: 'France' })).toBe(
      'error: the army in Munich belongs to Germany, not France',
    );
    expect(read('A sil - mun', { position: start, power: 'Germany' })).toBe('error: Germany has no unit in Silesia');
    expect(read('A mun - sil', { position: start, power: 'Germany' })).toBe('A mun - sil');
    expect(read('A mun S sil - boh', { position: start, power: 'Germany' })).toBe(
      'error: there is no unit in Silesia to support',
    );
    expect(read('F kie C ruh - hol', { position: start, power: 'Germany' })).toBe(
      'error: there is no unit in Ruhr to convoy',
    );
  });

  it('with a power, rejects a wrong unit type and corrects a wrong coast of the ordered fleet', () => {
    expect(read('F mun - sil', { position: start, power: 'Germany' })).toBe(
      'error: the unit in Munich is an army, not a fleet',
    );
    expect(read('F stp/nc - bot', { position: start, power: 'Russia' })).toBe('F stp/sc - bot');
    // without a power the text is kept as written: the adjudicator ignores a wrong coast (DATC 4.B.5)
    expect(read('F stp/nc - bot', { position: start })).toBe('F stp/nc - bot');
  });

  it('reads a move-shaped order as a retreat in a retreat phase', () => {
    const retreat: Position = {
      ...start,
      phase: { season: 'spring', year: 1901, type: 'retreat' },
      units: [{ power: 'Italy', type: 'A', province: 'tri', coast: null }],
      dislodged: [{ power: 'Austria', type: 'F', province: 'tri', coast: null, attackerFrom: 'ven', viaConvoy: false }],
    };
    expect(read('F Trieste - Albania', { position: retreat })).toBe('F tri R alb');
    expect(read('Trieste - Albania', { position: retreat })).toBe('F tri R alb');
    expect(read('Trieste disband', { position: retreat })).toBe('F tri D');
    // with a power, that power's own unit in the province is the one meant
    expect(read('Trieste - Albania', { position: retreat, power: 'Austria' })).toBe('F tri R alb');
    expect(read('Trieste H', { position: retreat, power: 'Italy' })).toBe('A tri H');
  });

  it('builds: the type is required unless only one type is possible', () => {
    const winter: Position = { ...start, phase: { season: 'winter', year: 1901, type: 'adjustment' }, units: [] };
    expect(read('Build Warsaw', { position: winter })).toBe('A war B');
    expect(read('Build Brest', { position: winter })).toBe(
      'error: say which unit to build in Brest: A (army) or F (fleet)',
    );
    expect(read('Build F Brest', { position: winter })).toBe('F bre B');
  });
});

describe('errors name the bad token and suggest places', () => {
  it.each([
    ['A Lodnon - Wales', 'unknown place "Lodnon": did you mean London (lon)?'],
    ['F Norht Sea - Skagerrak', 'unknown place "Norht Sea": did you mean North Sea (nth)?'],
    ['A mun - Silsia', 'unknown place "Silsia": did you mean Silesia (sil)?'],
    ['A mun S A Bergundy - Munich', 'unknown place "Bergundy": did you mean Burgundy (bur)?'],
    ['A mun', 'missing an order after "A mun": write H, -, S, C, R, B or D'],
    ['A mun - ', 'missing a destination after "A mun -"'],
    ['A mun S', 'missing the supported unit after "A mun S"'],
    ['F nth C A lon', 'missing the destination of the convoy after "F nth C A lon"'],
    ['A mun - sil now', 'unexpected "now" after "A mun - sil"'],
    [
      'A mun jumps sil',
      'unknown order "jumps" after "A mun": write H (hold), - (move), S (support), C (convoy), R (retreat), B (build) or D (disband)',
    ],
    [
      'A mun suport A ber',
      'unknown order "suport" after "A mun": did you mean "support"? write H (hold), - (move), S (support), C (convoy), R (retreat), B (build) or D (disband)',
    ],
    ['F lon/nc - nth', 'London has no coasts (found "nc")'],
    ['F mao - spa/ec', 'Spain has no coast "ec" (its coasts: nc, sc)'],
    ['', 'empty order'],
    ['   ', 'empty order'],
  ])('%s', (text, error) => {
    expect(read(text)).toBe(`error: ${error}`);
  });

  it('keeps the input in the error result', () => {
    expect(parseOrder(classic, 'A Lodnon H')).toMatchObject({ ok: false, input: 'A Lodnon H' });
  });

  it('suggests by prefix', () => {
    expect(read('A Nort H')).toMatch(/did you mean .*North Sea \(nth\)/);
  });
});

describe('parseOrders', () => {
  it('splits lines and semicolons and skips empty pieces', () => {
    const results = parseOrders(classic, 'A mun - sil; F kie - den\n\n  A ber H ;;\r\nA Lodnon H');
    expect(results.map((r) => (r.ok ? r.text : r.error))).toEqual([
      'A mun - sil',
      'F kie - den',
      'A ber H',
      'unknown place "Lodnon": did you mean London (lon)?',
    ]);
  });
});

describe('never throws', () => {
  const position = start;
  it('on random strings', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (s) => {
        const r = parseOrder(classic, s, { position });
        expect(typeof r.ok).toBe('boolean');
      }),
      { numRuns: 2000 },
    );
  });

  it('on random sequences of order words and place names', () => {
    const words = fc.constantFrom(
      'A',
      'F',
      'army',
      'S',
      'C',
      'H',
      'R',
      'B',
      'D',
      '-',
      '->',
      'to',
      'via',
      'convoy',
      'waive',
      '(',
      ')',
      '/',
      'nc',
      'sc',
      'north',
      'coast',
      'mun',
      'Spain',
      'St',
      'Petersburg',
      'North',
      'Sea',
      'Mid-Atlantic',
      'lon',
      'bel',
      'stp',
      'build',
      'remove',
    );
    fc.assert(
      fc.property(fc.array(words, { maxLength: 10 }), (ws) => {
        const r = parseOrder(classic, ws.join(' '), { position, power: 'England' });
        expect(typeof r.ok).toBe('boolean');
        if (r.ok) expect(typeof r.text).toBe('string');
      }),
      { numRuns: 3000 },
    );
  });

  it('on input that is not a string at all', () => {
    expect(parseOrder(classic, undefined as unknown as string).ok).toBe(false);
    expect(parseOrders(classic, null as unknown as string)).toHaveLength(1);
  });
});
