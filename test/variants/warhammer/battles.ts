/**
 * Decisive battles as data: positions from the seed's Decisive Battle Phase text, the declarations, the battles the
 * seed says are fought (sides and army sizes) and the outcomes after each possible winner.
 */
import type { DecisiveDeclaration } from '../../../src/engine/rules.js';
import type { BattleReport } from '../../../src/engine/types.js';
import { exampleTurnCase } from './example-turn.js';

export interface BattleCase {
  name: string;
  /** The seed sentence the case rebuilds. */
  seed: string;
  units: string[];
  orders: Record<string, string[]>;
  declarations: DecisiveDeclaration[];
  /** Each battle: its provinces and, per side (by leading unit), `power: points` of each army. */
  battles?: { provinces: string[]; sides: Record<string, string[]> }[];
  /** Outcomes: the reports given and the board after (units and dislodged as `Power: T prov`). */
  outcomes?: { reports: BattleReport[]; units?: string[]; dislodged?: string[]; removed?: string[] }[];
}

const d = (power: string, unit: string, kind: 'move' | 'hold', province: string): DecisiveDeclaration => ({
  power,
  unit,
  kind,
  province,
});

// The seed's Example Turn, written as battle cases write positions.
const exampleUnits = exampleTurnCase.units.map((u) => `${u.power}: ${u.type} ${u.province}`);
const exampleOrders: Record<string, string[]> = {};
for (const o of exampleTurnCase.orders) (exampleOrders[o.power] ??= []).push(o.text);

export const battleCases: BattleCase[] = [
  {
    name: 'Example Turn: Altdorf with straight 1500 point armies; Middenheim 1500 against two armies of 940',
    seed: 'Altdorf is fought with straight 1500 point armies. … In Middenhiem the Empire battles with a 1500 point army. The Kislev arrive with a 940 point army and the Vampire Counts with another 940 point army.',
    units: exampleUnits,
    orders: exampleOrders,
    declarations: [d('Bretonnia', 'A wast', 'move', 'altd'), d('Empire', 'F midd', 'hold', 'midd')],
    battles: [
      { provinces: ['altd'], sides: { 'A altd': ['Empire: 1500'], 'A wast': ['Bretonnia: 1500'] } },
      { provinces: ['midd'], sides: { 'F claw': ['Kislev: 940', 'Vampire Counts: 940'], 'F midd': ['Empire: 1500'] } },
    ],
    outcomes: [
      {
        // "If Brettonia is victor, Altdorf is dislodged." The Empire keeps Middenheim.
        reports: [
          { province: 'altd', winner: 'Bretonnia' },
          { province: 'midd', winner: 'Empire' },
        ],
        units: [
          'Bretonnia: A altd',
          'Bretonnia: A reik',
          'Empire: A nuln',
          'Empire: F midd',
          'Kislev: F claw',
          'Vampire Counts: A gfor',
        ],
        dislodged: ['Empire: A altd'],
      },
      {
        // "If Empire is victor, Brettonia army in the Wastelands bounces." Kislev takes Middenheim.
        reports: [
          { province: 'altd', winner: 'Empire' },
          { province: 'midd', winner: 'Kislev' },
        ],
        units: [
          'Bretonnia: A reik',
          'Bretonnia: A wast',
          'Empire: A altd',
          'Empire: A nuln',
          'Kislev: F midd',
          'Vampire Counts: A gfor',
        ],
        dislodged: ['Empire: F midd'],
      },
      {
        // "Should the Kislev army be broken, but the Vampire Count army still comes through … the Kislev are still
        // considered the victor and take the province."
        reports: [{ province: 'midd', winner: 'Vampire Counts' }],
        units: [
          'Bretonnia: A reik',
          'Bretonnia: A wast',
          'Empire: A altd',
          'Empire: A nuln',
          'Kislev: F midd',
          'Vampire Counts: A gfor',
        ],
        dislodged: ['Empire: F midd'],
      },
    ],
  },
  {
    name: 'Item 4: same-nation supports combine (a single 1875 point Empire army against 1500)',
    seed: 'Empire Army in Altdorf support Empire Army in Nuln into the Rieksland Forest (Reik), meeting a Brettonian Army coming from the Cheton Forest. The Empire would field a single 1875 point army, while Brettonia would field a 1500 point one.',
    units: ['Empire: A altd', 'Empire: A nuln', 'Bretonnia: A chet'],
    orders: { Empire: ['A Altd S A Nuln - Reik', 'A Nuln - Reik'], Bretonnia: ['A Chet - Reik'] },
    declarations: [d('Bretonnia', 'A chet', 'move', 'reik')],
    battles: [{ provinces: ['reik'], sides: { 'A chet': ['Bretonnia: 1500'], 'A nuln': ['Empire: 1875'] } }],
    outcomes: [
      {
        reports: [{ province: 'reik', winner: 'Bretonnia' }],
        units: ['Bretonnia: A reik', 'Empire: A altd', 'Empire: A nuln'],
      },
      {
        reports: [{ province: 'reik', winner: 'Empire' }],
        units: ['Bretonnia: A chet', 'Empire: A altd', 'Empire: A reik'],
      },
    ],
  },
  {
    name: 'Item 5: foreign supports do not combine (Empire 940 and Vampire Counts 940 against 1500)',
    seed: 'Empire Army in Altdorf supports Vampire Count Army in Nuln into the Rieksland Forest, meets a Brettonian Army from the Cheton Forest. The Empire would field a single 940 point army, the Vampire Count would field a 940 point army and the Brettonian would field a 1500 point army.',
    units: ['Empire: A altd', 'Vampire Counts: A nuln', 'Bretonnia: A chet'],
    orders: { Empire: ['A Altd S A Nuln - Reik'], 'Vampire Counts': ['A Nuln - Reik'], Bretonnia: ['A Chet - Reik'] },
    declarations: [d('Bretonnia', 'A chet', 'move', 'reik')],
    battles: [
      {
        provinces: ['reik'],
        sides: { 'A chet': ['Bretonnia: 1500'], 'A nuln': ['Vampire Counts: 940', 'Empire: 940'] },
      },
    ],
    outcomes: [
      // Item 7: "If supporting, an army of a foreign power is declared the victor, then the power being supported … is the victor."
      {
        reports: [{ province: 'reik', winner: 'Empire' }],
        units: ['Bretonnia: A chet', 'Empire: A altd', 'Vampire Counts: A reik'],
      },
    ],
  },
  {
    name: 'Item 6: a Kislev force supported by a High Elf, a Dwarf and a second Kislev force (4 armies of 660, Kislev two of them)',
    seed: 'a Kislev force is being supported by a High Elf, a Dwarf, and a second Kislev force in an assault upon Altdorf. If the Empire player can break 3 of the forces facing him (either the Kislev and the Dwarf, or the Kislev and the Elf), he wins.',
    units: ['Empire: A altd', 'Kislev: A gfor', 'Kislev: A midd', 'High Elves: A nuln', 'Dwarves: A reik'],
    orders: {
      Kislev: ['A Gfor - Altd', 'A Midd S A Gfor - Altd'],
      'High Elves': ['A Nuln S A Gfor - Altd'],
      Dwarves: ['A Reik S A Gfor - Altd'],
    },
    declarations: [d('Empire', 'A altd', 'hold', 'altd')],
    battles: [
      {
        provinces: ['altd'],
        sides: { 'A altd': ['Empire: 1500'], 'A gfor': ['Kislev: 1310', 'Dwarves: 660', 'High Elves: 660'] },
      },
    ],
    outcomes: [
      {
        reports: [{ province: 'altd', winner: 'Empire' }],
        units: ['Dwarves: A reik', 'Empire: A altd', 'High Elves: A nuln', 'Kislev: A gfor', 'Kislev: A midd'],
        dislodged: [],
      },
    ],
  },
  {
    name: 'A unit and its supports are one group: A to C supported by B and D to B supported by C is one battle',
    seed: 'So if A moves to C supported by B, and D moves to B supported by C, and both moves are decisive moves, then only one battle is fought to determine if A moves to C or if D moves to B.',
    units: ['Bretonnia: A wast', 'Bretonnia: A nuln', 'Empire: A altd', 'Empire: A aver'],
    orders: {
      Bretonnia: ['A Wast - Altd', 'A Nuln S A Wast - Altd'],
      Empire: ['A Aver - Nuln', 'A Altd S A Aver - Nuln'],
    },
    declarations: [d('Bretonnia', 'A wast', 'move', 'altd'), d('Empire', 'A aver', 'move', 'nuln')],
    battles: [{ provinces: ['altd', 'nuln'], sides: { 'A aver': ['Empire: 1875'], 'A wast': ['Bretonnia: 1875'] } }],
    outcomes: [
      {
        // The Bretonnian side wins: A moves to C (dislodging it), D's move to B fails.
        reports: [
          { province: 'altd', winner: 'Bretonnia' },
          { province: 'nuln', winner: 'Bretonnia' },
        ],
        units: ['Bretonnia: A altd', 'Bretonnia: A nuln', 'Empire: A aver'],
        dislodged: ['Empire: A altd'],
      },
      {
        reports: [
          { province: 'altd', winner: 'Empire' },
          { province: 'nuln', winner: 'Empire' },
        ],
        units: ['Bretonnia: A wast', 'Empire: A altd', 'Empire: A nuln'],
        dislodged: ['Bretonnia: A nuln'],
      },
    ],
  },
  {
    name: 'Bouncing back into a province where a decisive battle is fought: immediately dislodged',
    seed: 'if A moves to B, C moves to B, D moves to A, and E moves to A; A declares a decisive move and D declares a decisive move … Another way is to immediately dislodge any unit that bounces back into the province where a decisive battle is occuring. … I prefer the immediate dislodge effect.',
    // A = Empire A altd → reik (B), C = Bretonnia A chet → reik; D = Bretonnia A wast → altd (A), E = Kislev A midd → altd.
    units: ['Empire: A altd', 'Bretonnia: A chet', 'Bretonnia: A wast', 'Kislev: A midd'],
    orders: { Empire: ['A Altd - Reik'], Bretonnia: ['A Chet - Reik', 'A Wast - Altd'], Kislev: ['A Midd - Altd'] },
    declarations: [d('Empire', 'A altd', 'move', 'reik'), d('Bretonnia', 'A wast', 'move', 'altd')],
    battles: [
      // A is no side at Altdorf: it moved away.
      { provinces: ['altd'], sides: { 'A midd': ['Kislev: 1500'], 'A wast': ['Bretonnia: 1500'] } },
      { provinces: ['reik'], sides: { 'A altd': ['Empire: 1500'], 'A chet': ['Bretonnia: 1500'] } },
    ],
    outcomes: [
      {
        // A loses at B and bounces back into A, where D won: A is dislodged.
        reports: [
          { province: 'reik', winner: 'Bretonnia' },
          { province: 'altd', winner: 'Bretonnia' },
        ],
        units: ['Bretonnia: A altd', 'Bretonnia: A reik', 'Kislev: A midd'],
        dislodged: ['Empire: A altd'],
      },
      {
        // A wins at B and leaves; E won at A and enters.
        reports: [
          { province: 'reik', winner: 'Empire' },
          { province: 'altd', winner: 'Kislev' },
        ],
        units: ['Bretonnia: A chet', 'Bretonnia: A wast', 'Empire: A reik', 'Kislev: A altd'],
        dislodged: [],
      },
    ],
  },
  {
    name: 'Item 8: a convoy met with the strength to dislodge it is disrupted, even when its fleet wins a decisive hold',
    seed: 'Convoys: convoys are auto disrupted if they are met with a strength great enough to dislodge them (even if the player decides to use his decisive battle to attempt to allow the fleet not to be dislodged).',
    // Kislev F claw convoys A kisl to wast; Bretonnia attacks claw from lang supported by cour.
    units: ['Kislev: F claw', 'Kislev: A kisl', 'Bretonnia: F lang', 'Bretonnia: F cour'],
    orders: {
      Kislev: ['F Claw C A Kisl - Wast', 'A Kisl - Wast'],
      Bretonnia: ['F Lang - Claw', 'F Cour S F Lang - Claw'],
    },
    declarations: [d('Kislev', 'F claw', 'hold', 'claw')],
    outcomes: [
      {
        reports: [{ province: 'claw', winner: 'Kislev' }],
        units: ['Bretonnia: F cour', 'Bretonnia: F lang', 'Kislev: A kisl', 'Kislev: F claw'],
        dislodged: [],
      },
    ],
  },
  {
    name: 'Item 8: a convoy met with less than the strength to dislodge it stands, even when a decisive battle dislodges its fleet',
    seed: 'Convoys are NOT disrupted if they are met with less than the needed strength to dislodge them (even if they are hit with a decisive battle which causes them to dislodge).',
    units: ['Kislev: F claw', 'Kislev: A kisl', 'Bretonnia: F lang'],
    orders: { Kislev: ['F Claw C A Kisl - Wast', 'A Kisl - Wast'], Bretonnia: ['F Lang - Claw'] },
    declarations: [d('Bretonnia', 'F lang', 'move', 'claw')],
    outcomes: [
      {
        reports: [{ province: 'claw', winner: 'Bretonnia' }],
        units: ['Bretonnia: F claw', 'Kislev: A wast'],
        dislodged: ['Kislev: F claw'],
      },
    ],
  },
  {
    name: 'A power never dislodges its own unit: a won battle into a province its own unit bounces back into fails',
    seed: 'I prefer the immediate dislodge effect. (decision: a power never dislodges its own unit, docs/rules/warhammer.md)',
    // Empire A altd → reik bounces off Bretonnia A chet; Empire A nuln → altd and Kislev A midd → altd bounce.
    units: ['Empire: A altd', 'Empire: A nuln', 'Bretonnia: A chet', 'Kislev: A midd'],
    orders: { Empire: ['A Altd - Reik', 'A Nuln - Altd'], Bretonnia: ['A Chet - Reik'], Kislev: ['A Midd - Altd'] },
    declarations: [d('Empire', 'A nuln', 'move', 'altd')],
    outcomes: [
      {
        reports: [{ province: 'altd', winner: 'Empire' }],
        units: ['Bretonnia: A chet', 'Empire: A altd', 'Empire: A nuln', 'Kislev: A midd'],
        dislodged: [],
      },
    ],
  },
];
