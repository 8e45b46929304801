/**
 * The legal-order listing (`legalOrderObjects`: the `/order` autocomplete and the orders the computer players choose
 * among) agrees with the adjudicator. Every order it lists, given alone, is accepted by `adjudicate` (never an
 * `illegal` result; a retreat, build or disband given alone is carried out), in sampled positions of every variant
 * and phase type. The orders a variant's rule adds are listed exactly when the adjudicator accepts them: Warring
 * States Fleets 6 (a fleet ordered where only an army could go reverts and carries the order out: `transformUnit`)
 * and Warhammer's `S Immortality` (fm05, the Vampire Counts).
 */
import { describe, expect, it } from 'vitest';
import { adjudicate, formatOrder, orderProblem, powersToAct } from '../../src/engine/index.js';
import { legalOrderObjects, legalOrderTexts } from '../../src/engine/options.js';
import { readOrder } from '../../src/engine/parse/index.js';
import type { Order, Position, Power, PowerOrder } from '../../src/engine/types.js';
import type { Variant } from '../../src/engine/variant.js';
import { warhammer } from '../../src/variants/warhammer/index.js';
import { warringStates } from '../../src/variants/warring-states/index.js';
import { randomPosition, testVariants } from '../ai/positions.js';
import { fleetExamples } from '../variants/warring-states/seed-examples.js';
import { positionOf as wsPosition } from '../variants/warring-states/harness.js';
import { positionOf as whPosition } from '../variants/warhammer/harness.js';

/** Why the adjudicator refuses this order given alone (every other unit holds by default), or null. */
function refusal(variant: Variant, position: Position, po: PowerOrder, players: Power[]): string | null {
  const adj = adjudicate(variant, position, [po], { players });
  const given = adj.results.filter((r) => !r.defaulted);
  const illegal = given.find((r) => r.result === 'illegal');
  if (illegal) return `illegal: ${illegal.reason}`;
  // Given alone, a retreat, a build or a disband has nothing to fail against.
  if (position.phase.type !== 'movement') {
    const failed = given.find((r) => r.result !== 'success');
    if (failed) return `${failed.result}: ${failed.reason}`;
  }
  return null;
}

const read = (variant: Variant, position: Position, text: string): Order => {
  const r = readOrder(variant, text, { position });
  if (!r.ok) throw new Error(`"${text}" does not parse: ${r.error}`);
  return r.order;
};

describe('every listed order is accepted by the adjudicator', () => {
  // Positions of every variant (Warhammer also with its campaign options), every phase type among them.
  const samples = testVariants().flatMap((variant) =>
    [3, 8, 15, 24].map((phases, i) => randomPosition(variant, 100 + i, phases)),
  );
  it('covers movement, retreat and adjustment phases', () => {
    expect(new Set(samples.map((s) => s.position.phase.type))).toEqual(new Set(['movement', 'retreat', 'adjustment']));
  });
  for (const { variant, position, players, label } of samples) {
    it(label, () => {
      let listed = 0;
      for (const power of powersToAct(variant, position)) {
        for (const { orders } of legalOrderObjects(variant, position, power)) {
          for (const order of orders) {
            listed++;
            expect(
              refusal(variant, position, { power, order }, players),
              `${power}: ${formatOrder(order, variant.rules)}`,
            ).toBeNull();
          }
        }
        // Every listed text reads back as the same order (what `/order` stores).
        for (const text of legalOrderTexts(variant, position, power))
          expect(formatOrder(read(variant, position, text), variant.rules)).toBe(text);
      }
      expect(listed).toBeGreaterThan(0);
    });
  }
});

/** The texts listed for the unit in `province`. */
const listedFor = (variant: Variant, position: Position, power: Power, province: string): string[] =>
  legalOrderObjects(variant, position, power)
    .find((o) => o.unit.province === province)
    ?.orders.map((o) => formatOrder(o, variant.rules)) ?? [];

describe('Warring States Fleets 6: a fleet ordered where only an army could go (it reverts and carries the order out)', () => {
  const ws = warringStates;
  const map = ws.map;

  for (const example of fleetExamples) {
    it(`${example.name}: its orders are listed`, () => {
      const position = wsPosition(example.units);
      for (const [power, texts] of Object.entries(example.orders)) {
        for (const text of texts) {
          const order = read(ws, position, text);
          expect(listedFor(ws, position, power, order.kind === 'waive' ? '' : order.unit.province), text).toContain(
            formatOrder(order, ws.rules),
          );
        }
      }
    });
  }

  it('a fleet on every coastal or river province: a move to any province is listed exactly when the adjudicator accepts it', () => {
    let reverting = 0;
    for (const from of map.provinceIds().filter((p) => map.province(p)!.kind !== 'land')) {
      const position = wsPosition([`Chu F ${from}`]);
      const listed = new Set(listedFor(ws, position, 'Chu', from));
      for (const to of map.provinceIds()) {
        if (to === from) continue;
        const text = `F ${from} - ${to}`;
        const accepted = refusal(ws, position, { power: 'Chu', order: read(ws, position, text) }, ['Chu']) === null;
        expect(listed.has(text), `${text}: ${accepted ? 'accepted' : 'refused'} by the adjudicator`).toBe(accepted);
        if (accepted && !map.canReach('F', { province: from, coast: null }, to)) reverting++;
      }
    }
    // Fleets 6 is exercised: many fleets have inland moves, listed and accepted.
    expect(reverting).toBeGreaterThan(20);
  });

  it('a fleet beside units in every neighbouring province: a hold support is listed exactly when the adjudicator accepts it', () => {
    for (const from of map.provinceIds().filter((p) => map.province(p)!.kind === 'coast')) {
      const around = [...map.neighbours(from)].filter((p) => map.province(p)!.kind !== 'sea').sort();
      const position = wsPosition([`Chu F ${from}`, ...around.map((p) => `Qi A ${p}`)]);
      const listed = new Set(listedFor(ws, position, 'Chu', from));
      for (const p of around) {
        const text = `F ${from} S A ${p}`;
        const accepted =
          refusal(ws, position, { power: 'Chu', order: read(ws, position, text) }, ['Chu', 'Qi']) === null;
        expect(listed.has(text), `${text}: ${accepted ? 'accepted' : 'refused'} by the adjudicator`).toBe(accepted);
      }
    }
  });

  it('a dislodged fleet is offered the retreats an army could make (it reverts), exactly those the adjudicator carries out', () => {
    // Wu (Yangtze) borders Shouchun, an inland province only an army reaches.
    const position: Position = {
      ...wsPosition(['Qi A jiu']),
      phase: { season: 'spring', year: 1, type: 'retreat' },
      dislodged: [{ power: 'Chu', type: 'F', province: 'wu', coast: null, attackerFrom: 'jiu', viaConvoy: false }],
    };
    const listed = new Set(listedFor(ws, position, 'Chu', 'wu'));
    expect(listed).toContain('F wu R sch');
    for (const to of map.provinceIds()) {
      if (to === 'wu') continue;
      const text = `F wu R ${to}`;
      const accepted = refusal(ws, position, { power: 'Chu', order: read(ws, position, text) }, ['Chu', 'Qi']) === null;
      expect(listed.has(text), `${text}: ${accepted ? 'accepted' : 'refused'}`).toBe(accepted);
    }
  });

  it('a support of a fleet’s move inland is listed, and the adjudicator counts it for the reverted army', () => {
    const position = wsPosition(['Chu F wu', 'Chu A jiu', 'Qi A sch']);
    expect(listedFor(ws, position, 'Chu', 'jiu')).toContain('A jiu S F wu - sch');
    const orders = ['F wu - sch', 'A jiu S F wu - sch'].map((t) => ({ power: 'Chu', order: read(ws, position, t) }));
    const adj = adjudicate(ws, position, orders, { players: ['Chu', 'Qi'] });
    expect(adj.results.filter((r) => !r.defaulted).map((r) => r.result)).toEqual(['success', 'success']);
    expect(adj.position.units.find((u) => u.province === 'sch')).toMatchObject({ power: 'Chu', type: 'A' });
  });

  it('an army is never offered a fleet’s orders (no reversion the other way)', () => {
    const position = wsPosition(['Chu A wu']);
    expect(listedFor(ws, position, 'Chu', 'wu')).not.toContain('A wu - ecs');
  });
});

describe('Warhammer: the Vampire Counts’ S Immortality (fm05 "A second Vampire Count army may support this move")', () => {
  const wh = warhammer;
  const immortality = (position: Position, province: string) =>
    listedFor(wh, position, 'Vampire Counts', province).filter((t) => t.includes('Immortality'));

  it('is listed for a Vampire Counts army beside Sylvania in a Fall when another power owns it, and the adjudicator carries it out', () => {
    const position = whPosition(['Empire: A sylv', 'Vampire Counts: A gfor', 'Vampire Counts: A nuln'], 'fall', {
      sylv: 'Empire',
    });
    expect(immortality(position, 'gfor')).toEqual(['A gfor S Immortality - sylv']);
    expect(immortality(position, 'nuln')).toEqual([]); // not next to Sylvania
    const order = read(wh, position, 'A gfor S Immortality - sylv');
    // What `/order` checks before it stores an order (it used to refuse this one on every board).
    expect(orderProblem(wh, position, { power: 'Vampire Counts', order })).toBeNull();
    const adj = adjudicate(wh, position, [{ power: 'Vampire Counts', order }]);
    expect(adj.results.find((r) => r.unit === 'A gfor')?.result).toBe('success');
    expect(adj.dislodged.map((d) => `${d.power}: ${d.type} ${d.province}`)).toEqual(['Empire: A sylv']);
    // Beside the listing: the adjudicator refuses it from the army that is not next to Sylvania.
    expect(
      refusal(wh, position, { power: 'Vampire Counts', order: read(wh, position, 'A nuln S Immortality') }, []),
    ).toMatch(/^illegal/);
  });

  it('is not listed, and the adjudicator refuses it, when no Immortality army can rise', () => {
    const boards: [string, Position][] = [
      ['in Spring', whPosition(['Empire: A sylv', 'Vampire Counts: A gfor'], 'spring', { sylv: 'Empire' })],
      ['while the Vampire Counts own Sylvania', whPosition(['Empire: A sylv', 'Vampire Counts: A gfor'], 'fall')],
      [
        'while a Vampire Counts unit stands in Sylvania',
        whPosition(['Vampire Counts: A sylv', 'Vampire Counts: A gfor'], 'fall', { sylv: 'Empire' }),
      ],
    ];
    for (const [when, position] of boards) {
      expect(immortality(position, 'gfor'), when).toEqual([]);
      expect(
        refusal(wh, position, { power: 'Vampire Counts', order: read(wh, position, 'A gfor S Immortality') }, []),
        when,
      ).toMatch(/^illegal/);
    }
  });

  it('stays legal beside a Vampire Counts march on Sylvania (void: no Immortality army moved)', () => {
    const position = whPosition(['Vampire Counts: A gfor', 'Vampire Counts: A aver'], 'fall', { sylv: 'Empire' });
    expect(immortality(position, 'gfor')).toEqual(['A gfor S Immortality - sylv']);
    const orders = ['A gfor S Immortality', 'A aver - sylv'].map((t) => ({
      power: 'Vampire Counts',
      order: read(wh, position, t),
    }));
    const adj = adjudicate(wh, position, orders);
    expect(adj.results.find((r) => r.unit === 'A gfor')).toMatchObject({ result: 'void' });
    expect(adj.results.find((r) => r.unit === 'A aver')).toMatchObject({ result: 'success' });
  });
});
