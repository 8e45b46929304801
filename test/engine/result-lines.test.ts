/**
 * Result lines that every engine gives, in every bundled variant (cli.md: "every order gets its result line"; a
 * reason a player can read, and true):
 * - two orders for one dislodged unit: the later is carried out, the earlier is marked replaced, as in a movement
 *   phase ("replaced by a later order for the same unit");
 * - an order of the wrong kind in an adjustment phase (a move in a build phase) is named by its own text;
 * - the weaker of two attacks on a unit that a stronger attack dislodged is told that attack kept it out, never
 *   that it "bounced off" the unit, which did not stay;
 * - a head-to-head of equal strengths is a standoff for both, never a battle each lost; units are named as orders
 *   write them (`A mun`).
 */
import { describe, expect, it } from 'vitest';
import { adjudicate } from '../../src/engine/index.js';
import { parseOrder } from '../../src/engine/parse/index.js';
import type { DislodgedUnit, OrderResult, Phase, Position, PowerOrder, Unit } from '../../src/engine/types.js';
import type { Variant } from '../../src/engine/variant.js';
import { classic } from '../../src/variants/classic/index.js';
import { mandateOfHeaven } from '../../src/variants/mandate-of-heaven/index.js';
import { warhammer } from '../../src/variants/warhammer/index.js';
import { warringStates } from '../../src/variants/warring-states/index.js';

const unit = (power: string, type: 'A' | 'F', province: string): Unit => ({ power, type, province, coast: null });

function position(variant: Variant, phase: Phase, units: Unit[], dislodged: DislodgedUnit[] = []): Position {
  return { phase, units, dislodged, contested: [], supplyCenters: variant.startingPosition().supplyCenters };
}

function orders(variant: Variant, at: Position, given: [power: string, text: string][]): PowerOrder[] {
  return given.map(([power, text]) => {
    const parsed = parseOrder(variant, text, { position: at, power });
    if (!parsed.ok) throw new Error(`${text}: ${parsed.error}`);
    return { power, order: parsed.order };
  });
}

const line = (r: OrderResult) => `${r.power} ${r.order}: ${r.result} (${r.reason})`;

interface RetreatCase {
  variant: Variant;
  year: number;
  /** The unit on the board that dislodged the other, standing where it stood. */
  attacker: Unit;
  attackerFrom: string;
  dislodged: Unit;
  /** Two retreat options of the dislodged unit. */
  to: [string, string];
}

// Warhammer's own pattern (`A Altd D` then `A Altd R Gfor`), and the same in each variant.
const retreatCases: RetreatCase[] = [
  {
    variant: classic,
    year: 1901,
    attacker: unit('Germany', 'A', 'bur'),
    attackerFrom: 'mun',
    dislodged: unit('France', 'A', 'bur'),
    to: ['par', 'pic'],
  },
  {
    variant: warringStates,
    year: 1,
    attacker: unit('Qin', 'A', 'tai'),
    attackerFrom: 'jin',
    dislodged: unit('Zhao', 'A', 'tai'),
    to: ['gao', 'zho'],
  },
  {
    variant: mandateOfHeaven,
    year: 1,
    attacker: unit('Qin', 'A', 'tai'),
    attackerFrom: 'jin',
    dislodged: unit('Zhao', 'A', 'tai'),
    to: ['gao', 'zho'],
  },
  {
    variant: warhammer,
    year: 1,
    attacker: unit('Chaos', 'A', 'altd'),
    attackerFrom: 'nuln',
    dislodged: unit('Empire', 'A', 'altd'),
    to: ['gfor', 'reik'],
  },
];

describe('two orders for one dislodged unit: the later is carried out, the earlier replaced (as in a movement phase)', () => {
  for (const c of retreatCases) {
    const { variant, dislodged: d } = c;
    const at = position(
      variant,
      { season: 'spring', year: c.year, type: 'retreat' },
      [c.attacker],
      [{ ...d, attackerFrom: c.attackerFrom, viaConvoy: false }],
    );
    const label = `${d.type} ${d.province}`;
    const replaced = (text: string) => `${d.power} ${text}: void (replaced by a later order for the same unit)`;
    const rows: { name: string; given: string[]; lines: string[]; at: string | null }[] = [
      {
        name: 'a disband, then a retreat',
        given: [`${label} D`, `${label} R ${c.to[0]}`],
        lines: [
          replaced(`${label} D`),
          `${d.power} ${label} R ${c.to[0]}: success (retreated to ${variant.map.province(c.to[0])!.name})`,
        ],
        at: c.to[0],
      },
      {
        name: 'a retreat, then a disband',
        given: [`${label} R ${c.to[0]}`, `${label} D`],
        lines: [replaced(`${label} R ${c.to[0]}`), `${d.power} ${label} D: success (disbanded)`],
        at: null,
      },
      {
        name: 'a retreat where it may not go (to the attacker’s province), then a retreat',
        given: [`${label} R ${c.attackerFrom}`, `${label} R ${c.to[0]}`],
        lines: [
          replaced(`${label} R ${c.attackerFrom}`),
          `${d.power} ${label} R ${c.to[0]}: success (retreated to ${variant.map.province(c.to[0])!.name})`,
        ],
        at: c.to[0],
      },
      {
        name: 'two retreats',
        given: [`${label} R ${c.to[0]}`, `${label} R ${c.to[1]}`],
        lines: [
          replaced(`${label} R ${c.to[0]}`),
          `${d.power} ${label} R ${c.to[1]}: success (retreated to ${variant.map.province(c.to[1])!.name})`,
        ],
        at: c.to[1],
      },
    ];
    for (const row of rows) {
      it(`${variant.id}: ${row.name}`, () => {
        const adj = adjudicate(
          variant,
          at,
          orders(
            variant,
            at,
            row.given.map((t) => [d.power, t]),
          ),
        );
        expect(adj.results.map(line)).toEqual(row.lines);
        const mine = adj.position.units.filter((u) => u.power === d.power);
        expect(mine.map((u) => u.province)).toEqual(row.at ? [row.at] : []);
        expect(adj.removed.some((u) => u.power === d.power)).toBe(row.at === null);
      });
    }
  }
});

interface WrongPhaseCase {
  variant: Variant;
  year: number;
  units: Unit[];
  given: [string, string][];
  /** The normalized order text each line names. */
  named: string[];
}

describe('an adjustment-phase line for an order of another phase names the order', () => {
  const cases: WrongPhaseCase[] = [
    {
      variant: classic,
      year: 1901,
      units: [unit('France', 'A', 'bur')],
      given: [
        ['France', 'A bur - mun'],
        ['France', 'A bur H'],
      ],
      named: ['A bur - mun', 'A bur H'],
    },
    {
      variant: warringStates,
      year: 1,
      units: [unit('Zhao', 'A', 'tai')],
      given: [
        ['Zhao', 'A tai - gao'],
        ['Zhao', 'A tai S A tai'],
      ],
      named: ['A tai - gao', 'A tai S A tai'],
    },
    {
      variant: mandateOfHeaven,
      year: 1,
      units: [unit('Zhao', 'A', 'tai')],
      given: [
        ['Zhao', 'A tai - gao'],
        ['Zhao', 'A tai R zho'],
      ],
      named: ['A tai - gao', 'A tai R zho'],
    },
    {
      variant: warhammer,
      year: 1,
      units: [unit('Empire', 'A', 'gfor')],
      given: [
        ['Empire', 'A gfor - aver'],
        ['Empire', 'A gfor H'],
      ],
      named: ['A gfor - aver', 'A gfor H'],
    },
  ];
  for (const c of cases) {
    it(`${c.variant.id}: ${c.named.join(', ')}`, () => {
      const at = position(c.variant, { season: 'winter', year: c.year, type: 'adjustment' }, c.units);
      const adj = adjudicate(c.variant, at, orders(c.variant, at, c.given));
      const wrong = adj.results.filter((r) => r.result === 'illegal');
      expect(wrong.map((r) => `${r.order}: ${r.reason}`)).toEqual(
        c.named.map((n) => `${n}: only builds, disbands and waives are given in an adjustment phase`),
      );
    });
  }
});

interface KeptOutCase {
  name: string;
  variant: Variant;
  year: number;
  units: Unit[];
  given: [string, string][];
  /** The weaker attack, and the reason it reads. */
  weaker: string;
  reason: string;
}

// A unit holds; a supported attack (2) dislodges it; a lone attack (1) fails. The unit did not stay, so the lone
// attack did not bounce off it: the stronger attack kept it out.
const keptOutCases: KeptOutCase[] = [
  {
    name: 'Classic',
    variant: classic,
    year: 1901,
    units: [
      unit('Germany', 'A', 'bur'),
      unit('France', 'A', 'par'),
      unit('France', 'A', 'pic'),
      unit('Italy', 'A', 'mar'),
    ],
    given: [
      ['France', 'A par - bur'],
      ['France', 'A pic S A par - bur'],
      ['Italy', 'A mar - bur'],
    ],
    weaker: 'A mar',
    reason: 'kept out of Burgundy by the stronger attack of A par, which dislodged A bur (1 vs 2)',
  },
  {
    name: 'Classic, the dislodged unit moving to the weaker attacker (no head-to-head loss to tell)',
    variant: classic,
    year: 1901,
    units: [
      unit('Germany', 'A', 'bur'),
      unit('France', 'A', 'par'),
      unit('France', 'A', 'pic'),
      unit('Italy', 'A', 'mar'),
    ],
    given: [
      ['France', 'A par - bur'],
      ['France', 'A pic S A par - bur'],
      ['Italy', 'A mar - bur'],
      ['Germany', 'A bur - mar'],
    ],
    weaker: 'A mar',
    reason: 'kept out of Burgundy by the stronger attack of A par, which dislodged A bur (1 vs 2)',
  },
  {
    name: 'Warring States',
    variant: warringStates,
    year: 1,
    units: [unit('Zhao', 'A', 'tai'), unit('Qin', 'A', 'jin'), unit('Qin', 'A', 'lfa'), unit('Yan', 'A', 'dai')],
    given: [
      ['Qin', 'A jin - tai'],
      ['Qin', 'A lfa S A jin - tai'],
      ['Yan', 'A dai - tai'],
    ],
    weaker: 'A dai',
    reason: 'kept out of Taiyuan by the stronger attack of A jin, which dislodged A tai (1 vs 2)',
  },
  {
    name: 'Mandate of Heaven',
    variant: mandateOfHeaven,
    year: 1,
    units: [unit('Zhao', 'A', 'tai'), unit('Qin', 'A', 'jin'), unit('Qin', 'A', 'lfa'), unit('Yan', 'A', 'dai')],
    given: [
      ['Qin', 'A jin - tai'],
      ['Qin', 'A lfa S A jin - tai'],
      ['Yan', 'A dai - tai'],
    ],
    weaker: 'A dai',
    reason: 'kept out of Taiyuan by the stronger attack of A jin, which dislodged A tai (1 vs 2)',
  },
  {
    name: 'Warhammer',
    variant: warhammer,
    year: 1,
    units: [
      unit('Empire', 'A', 'gfor'),
      unit('Chaos', 'A', 'sylv'),
      unit('Chaos', 'A', 'ostm'),
      unit('Kislev', 'A', 'aver'),
    ],
    given: [
      ['Chaos', 'A sylv - gfor'],
      ['Chaos', 'A ostm S A sylv - gfor'],
      ['Kislev', 'A aver - gfor'],
    ],
    weaker: 'A aver',
    reason: 'kept out of Great Forest by the stronger attack of A sylv, which dislodged A gfor (1 vs 2)',
  },
];

describe('the weaker of two attacks on a unit a stronger attack dislodged is told what kept it out', () => {
  for (const c of keptOutCases) {
    it(c.name, () => {
      const at = position(c.variant, { season: 'spring', year: c.year, type: 'movement' }, c.units);
      const adj = adjudicate(c.variant, at, orders(c.variant, at, c.given));
      const weaker = adj.results.find((r) => r.unit === c.weaker)!;
      expect(`${weaker.result}: ${weaker.reason}`).toBe(`failure: ${c.reason}`);
      expect(adj.dislodged).toHaveLength(1);
    });
  }
});

describe('a head-to-head: a standoff reads as one, a beaten move as lost; units named as orders write them', () => {
  const spring: Phase = { season: 'spring', year: 1901, type: 'movement' };
  const reasons = (units: Unit[], given: [string, string][]) => {
    const at = position(classic, spring, units);
    return adjudicate(classic, at, orders(classic, at, given), { players: ['France', 'Germany'] }).results.map(line);
  };

  it('1 vs 1: both moves fail, and neither reads that it lost a battle', () => {
    expect(
      reasons(
        [unit('Germany', 'A', 'mun'), unit('France', 'A', 'bur')],
        [
          ['Germany', 'A mun - bur'],
          ['France', 'A bur - mun'],
        ],
      ),
    ).toEqual([
      'Germany A mun - bur: failure (a standoff in the head-to-head with A bur (1 vs 1): neither unit moved)',
      'France A bur - mun: failure (a standoff in the head-to-head with A mun (1 vs 1): neither unit moved)',
    ]);
  });

  it('2 vs 1: the weaker move lost the battle, and is dislodged', () => {
    const lines = reasons(
      [unit('Germany', 'A', 'mun'), unit('Germany', 'A', 'ruh'), unit('France', 'A', 'bur')],
      [
        ['Germany', 'A mun - bur'],
        ['Germany', 'A ruh S A mun - bur'],
        ['France', 'A bur - mun'],
      ],
    );
    expect(lines).toContain(
      'France A bur - mun: failure (lost the head-to-head battle with A mun (1 vs 2); dislodged by A mun from Munich)',
    );
  });
});
