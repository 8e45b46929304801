/**
 * The Warhammer positions the independent audits found wrong, and more adversarial positions written from
 * the seed's sentences, each with the sentence it rests on (decisions in docs/rules/warhammer.md).
 */
import type { DecisiveDeclaration } from '../../../src/engine/rules.js';
import { ILLUSION, ILLUSION_SUPPORT, IMMORTALITY, SEA_RAIDERS } from './abilities.js';
import type { BattleCase } from './battles.js';
import type { WhCase } from './harness.js';

const STRONG_CAPITALS = 'Strong Capitals: "Any unit holding on a capital, holds with an additional strength."';
const ILLEGAL = 'DATC 4.E.1 (an illegal order is a hold), with the abilities';

/** An illegal order is a hold for the abilities too. */
export const illegalNearAbilities: WhCase[] = [
  {
    name: 'a Wood Elf fleet ordered into landlocked Athel-Loren does not dispel the Illusion',
    seed: `${ILLUSION}; ${ILLEGAL}`,
    units: ['Wood Elves: F carc', 'Bretonnia: A chet'],
    orders: { 'Wood Elves': ['F Carc - Athe'], Bretonnia: ['A Chet - Athe'] },
    expect: { results: { carc: 'illegal', chet: 'failure' }, units: ['Bretonnia: A chet', 'Wood Elves: F carc'] },
  },
  {
    name: 'a Wood Elf army’s move into Athel-Loren from a province not next to it does not dispel the Illusion',
    seed: `${ILLUSION}; ${ILLEGAL}`,
    units: ['Wood Elves: A lang', 'Bretonnia: A chet'],
    orders: { 'Wood Elves': ['A Lang - Athe'], Bretonnia: ['A Chet - Athe'] },
    expect: { results: { lang: 'illegal', chet: 'failure' }, units: ['Bretonnia: A chet', 'Wood Elves: A lang'] },
  },
  {
    name: 'an order of the Wood Elves’ replaced by a later one for the same unit does not dispel the Illusion',
    seed: `${ILLUSION}; a later order for the same unit replaces the earlier`,
    units: ['Wood Elves: A irra', 'Bretonnia: A chet'],
    orders: { 'Wood Elves': ['A Irra - Athe', 'A Irra H'], Bretonnia: ['A Chet - Athe'] },
    expect: { results: { chet: 'failure' }, units: ['Bretonnia: A chet', 'Wood Elves: A irra'] },
  },
  {
    name: 'a Wood Elf army on Athel-Loren with an illegal move keeps the Illusion’s support (2 versus 2)',
    seed: `${ILLUSION_SUPPORT}; ${ILLEGAL}`,
    units: ['Wood Elves: A athe', 'Bretonnia: A chet', 'Bretonnia: A pale'],
    orders: { 'Wood Elves': ['A Athe - Bord'], Bretonnia: ['A Chet - Athe', 'A Pale S A Chet - Athe'] },
    expect: { results: { athe: 'illegal', chet: 'failure' }, dislodged: [] },
  },
  {
    name: 'a Wood Elf army on Athel-Loren with an illegal support keeps the Illusion’s support',
    seed: `${ILLUSION_SUPPORT}; ${ILLEGAL}`,
    units: ['Wood Elves: A athe', 'Bretonnia: A chet', 'Bretonnia: A pale'],
    orders: { 'Wood Elves': ['A Athe S A Pale - Bord'], Bretonnia: ['A Chet - Athe', 'A Pale S A Chet - Athe'] },
    expect: { results: { athe: 'illegal', chet: 'failure' }, dislodged: [] },
  },
  {
    name: 'an illegal Vampire Counts move into Sylvania (not next to it) does not stop Immortality',
    seed: `${IMMORTALITY}; ${ILLEGAL}`,
    season: 'fall',
    owners: { sylv: 'Empire' },
    units: ['Vampire Counts: A midd'],
    orders: { 'Vampire Counts': ['A Midd - Sylv'] },
    expect: { results: { midd: 'illegal' }, units: ['Vampire Counts: A midd', 'Vampire Counts: A sylv'] },
  },
  {
    name: 'an illegal convoy move of a Vampire Counts army into Sylvania (landlocked) does not stop Immortality',
    seed: `${IMMORTALITY}; ${ILLEGAL}`,
    season: 'fall',
    owners: { sylv: 'Empire' },
    units: ['Vampire Counts: A ostl'],
    orders: { 'Vampire Counts': ['A Ostl - Sylv via convoy'] },
    expect: { results: { ostl: 'illegal' }, units: ['Vampire Counts: A ostl', 'Vampire Counts: A sylv'] },
  },
  {
    name: 'Immortality steps aside for a legal Vampire Counts move into Sylvania (the two would stand each other off)',
    seed: IMMORTALITY,
    season: 'fall',
    owners: { sylv: 'Empire' },
    units: ['Vampire Counts: A gfor'],
    orders: { 'Vampire Counts': ['A Gfor - Sylv'] },
    expect: { results: { gfor: 'success' }, units: ['Vampire Counts: A sylv'] },
  },
  {
    name: 'under Strong Capitals a unit on its capital with an illegal move keeps the +1 (2 versus 2)',
    seed: `${STRONG_CAPITALS}; ${ILLEGAL}`,
    options: { strongCapitals: 'on' },
    units: ['Kislev: A kisl', 'Empire: A ostl', 'Empire: A ostm'],
    orders: { Kislev: ['A Kisl - Midd'], Empire: ['A Ostl - Kisl', 'A Ostm S A Ostl - Kisl'] },
    expect: { results: { kisl: 'illegal', ostl: 'failure' }, dislodged: [] },
  },
  {
    name: 'Strong Capitals: a unit on its capital that moves out and bounces back gets no +1 (it was not holding)',
    seed: STRONG_CAPITALS,
    options: { strongCapitals: 'on' },
    units: ['Kislev: A kisl', 'Kislev: A kadr', 'Empire: A ostl', 'Empire: A ostm'],
    orders: { Kislev: ['A Kisl - Kadr'], Empire: ['A Ostl - Kisl', 'A Ostm S A Ostl - Kisl'] },
    expect: { results: { kisl: 'failure', ostl: 'success' }, dislodged: ['Kislev: A kisl'] },
  },
  {
    name: 'Sea Raiders: a Norse fleet’s illegal move (a coast it cannot reach) is a hold, without the raiders’ strength',
    seed: `${SEA_RAIDERS}; ${ILLEGAL}`,
    units: ['Norse: F scha', 'Chaos: A snor'],
    orders: { Norse: ['F Scha - Snor'] },
    expect: { results: { scha: 'illegal' }, units: ['Chaos: A snor', 'Norse: F scha'] },
  },
  {
    name: 'Immortality: a support of the Immortality army by another power is illegal (a hold), and the army rises alone',
    seed: `${IMMORTALITY} "A second Vampire Count army may support this move."`,
    season: 'fall',
    owners: { sylv: 'Empire' },
    units: ['Empire: A sylv', 'Dwarves: A kark'],
    orders: { Dwarves: ['A Kark S Immortality'] },
    expect: { results: { kark: 'illegal' }, units: ['Dwarves: A kark', 'Empire: A sylv'] },
  },
];

const d = (power: string, unit: string, kind: 'move' | 'hold', province: string): DecisiveDeclaration => ({
  power,
  unit,
  kind,
  province,
});

const H2H =
  'A unit and all of it’s supports is considered one group for the purpose of determining where a decisive battle occurs. … only one battle is fought to determine if A moves to C or if D moves to B. … If you are the victor of the decisive battle, then you have sufficient strength to either take the province or hold the province, recalculate the results of the diplomacy move.';

/** A decisive battle never lets two units swap places without a convoy. */
export const headToHeadBattles: BattleCase[] = [
  {
    name: 'A Altd - Reik against A Reik - Altd (Bretonnia supported): one battle over both provinces; the winner’s order stands, the loser stays',
    seed: H2H,
    units: ['Empire: A altd', 'Bretonnia: A reik', 'Bretonnia: A wast'],
    orders: { Empire: ['A Altd - Reik'], Bretonnia: ['A Reik - Altd', 'A Wast S A Reik - Altd'] },
    declarations: [d('Empire', 'A altd', 'move', 'reik')],
    battles: [{ provinces: ['reik'], sides: { 'A altd': ['Empire: 1500'], 'A reik': ['Bretonnia: 1875'] } }],
    outcomes: [
      // The Empire wins: its move succeeds; Bretonnia's army stays in Reikland Forest and is dislodged. Never a swap.
      {
        reports: [{ province: 'reik', winner: 'Empire' }],
        units: ['Bretonnia: A wast', 'Empire: A reik'],
        dislodged: ['Bretonnia: A reik'],
      },
      // Bretonnia wins: the provisional result (it takes Altdorf; the Empire's army is dislodged).
      {
        reports: [{ province: 'reik', winner: 'Bretonnia' }],
        units: ['Bretonnia: A altd', 'Bretonnia: A wast'],
        dislodged: ['Empire: A altd'],
      },
    ],
  },
  {
    name: 'a decisive hold won in a head-to-head holds the province; the winner’s own move still fails',
    seed: H2H,
    units: ['Empire: A altd', 'Bretonnia: A reik', 'Bretonnia: A wast'],
    orders: { Empire: ['A Altd - Reik'], Bretonnia: ['A Reik - Altd', 'A Wast S A Reik - Altd'] },
    declarations: [d('Empire', 'A altd', 'hold', 'altd')],
    battles: [{ provinces: ['altd'], sides: { 'A altd': ['Empire: 1500'], 'A reik': ['Bretonnia: 1875'] } }],
    outcomes: [
      {
        reports: [{ province: 'altd', winner: 'Empire' }],
        units: ['Bretonnia: A reik', 'Bretonnia: A wast', 'Empire: A altd'],
        dislodged: [],
      },
      {
        reports: [{ province: 'altd', winner: 'Bretonnia' }],
        units: ['Bretonnia: A altd', 'Bretonnia: A wast'],
        dislodged: ['Empire: A altd'],
      },
    ],
  },
  {
    name: 'a 1 v 1 head-to-head where both declare is one battle with two sides; the winner moves, the loser is dislodged',
    seed: H2H,
    units: ['Empire: A altd', 'Bretonnia: A reik'],
    orders: { Empire: ['A Altd - Reik'], Bretonnia: ['A Reik - Altd'] },
    declarations: [d('Empire', 'A altd', 'move', 'reik'), d('Bretonnia', 'A reik', 'move', 'altd')],
    battles: [{ provinces: ['altd', 'reik'], sides: { 'A altd': ['Empire: 1500'], 'A reik': ['Bretonnia: 1500'] } }],
    outcomes: [
      {
        reports: [
          { province: 'altd', winner: 'Empire' },
          { province: 'reik', winner: 'Empire' },
        ],
        units: ['Empire: A reik'],
        dislodged: ['Bretonnia: A reik'],
      },
      {
        reports: [
          { province: 'altd', winner: 'Bretonnia' },
          { province: 'reik', winner: 'Bretonnia' },
        ],
        units: ['Bretonnia: A altd'],
        dislodged: ['Empire: A altd'],
      },
    ],
  },
  {
    name: 'a 1 v 1 head-to-head where only one side declares: its battle has both armies; won, it moves in and the other is dislodged',
    seed: H2H,
    units: ['Empire: A altd', 'Bretonnia: A reik'],
    orders: { Empire: ['A Altd - Reik'], Bretonnia: ['A Reik - Altd'] },
    declarations: [d('Empire', 'A altd', 'move', 'reik')],
    battles: [{ provinces: ['reik'], sides: { 'A altd': ['Empire: 1500'], 'A reik': ['Bretonnia: 1500'] } }],
    outcomes: [
      {
        reports: [{ province: 'reik', winner: 'Empire' }],
        units: ['Empire: A reik'],
        dislodged: ['Bretonnia: A reik'],
      },
      {
        reports: [{ province: 'reik', winner: 'Bretonnia' }],
        units: ['Bretonnia: A reik', 'Empire: A altd'],
        dislodged: [],
      },
    ],
  },
  {
    name: 'a head-to-head with a third army into one of the provinces: the winner takes it; the head-to-head loser is dislodged',
    seed: H2H,
    units: ['Empire: A altd', 'Bretonnia: A reik', 'Wood Elves: A grey'],
    orders: { Empire: ['A Altd - Reik'], Bretonnia: ['A Reik - Altd'], 'Wood Elves': ['A Grey - Reik'] },
    declarations: [d('Wood Elves', 'A grey', 'move', 'reik')],
    battles: [
      {
        provinces: ['reik'],
        sides: { 'A altd': ['Empire: 1500'], 'A grey': ['Wood Elves: 1500'], 'A reik': ['Bretonnia: 1500'] },
      },
    ],
    outcomes: [
      {
        reports: [{ province: 'reik', winner: 'Wood Elves' }],
        units: ['Empire: A altd', 'Wood Elves: A reik'],
        dislodged: ['Bretonnia: A reik'],
      },
      {
        reports: [{ province: 'reik', winner: 'Empire' }],
        units: ['Empire: A reik', 'Wood Elves: A grey'],
        dislodged: ['Bretonnia: A reik'],
      },
      {
        reports: [{ province: 'reik', winner: 'Bretonnia' }],
        units: ['Bretonnia: A reik', 'Empire: A altd', 'Wood Elves: A grey'],
        dislodged: [],
      },
    ],
  },
];

/** Which decisive moves are offered (positions; the expected declarations in the test). */
export interface OfferCase {
  name: string;
  seed: string;
  units: string[];
  orders: Record<string, string[]>;
  season?: 'spring' | 'fall';
  owners?: Record<string, string>;
  /** Exactly the declarations allowed, as `Power: kind unit at province`. */
  allowed: string[];
}

const BOUNCE =
  'You may declare a decisive move with any unit which would normally bounce against an opponent’s unit during its move, or you may declare a decisive hold if with any unit that would normally be dislodged.';

export const offerCases: OfferCase[] = [
  {
    name: 'two armies of one power that bounce off each other after the foreign unit left are offered nothing',
    seed: BOUNCE,
    units: ['Empire: A nuln', 'Empire: A altd', 'Bretonnia: A reik'],
    orders: { Empire: ['A Nuln - Reik', 'A Altd - Reik'], Bretonnia: ['A Reik - Chet'] },
    allowed: [],
  },
  {
    name: 'the same bounce while the foreign unit stays is a bounce against an opponent',
    seed: BOUNCE,
    units: ['Empire: A nuln', 'Empire: A altd', 'Bretonnia: A reik'],
    orders: { Empire: ['A Nuln - Reik', 'A Altd - Reik'], Bretonnia: ['A Reik H'] },
    allowed: ['Empire: move A altd at reik', 'Empire: move A nuln at reik'],
  },
  {
    name: 'a foreign army bouncing in the same province is an opponent, even when the two own armies also bounce off each other',
    seed: BOUNCE,
    units: ['Empire: A nuln', 'Empire: A altd', 'Bretonnia: A chet'],
    orders: { Empire: ['A Nuln - Reik', 'A Altd - Reik'], Bretonnia: ['A Chet - Reik'] },
    allowed: ['Bretonnia: move A chet at reik', 'Empire: move A altd at reik', 'Empire: move A nuln at reik'],
  },
  {
    name: 'a move kept out only by its own power’s unit that stayed is offered nothing, though a foreign move bounced there too',
    seed: BOUNCE,
    units: ['Empire: A nuln', 'Empire: A reik', 'Bretonnia: A chet'],
    orders: { Empire: ['A Nuln - Reik', 'A Reik H'], Bretonnia: ['A Chet - Reik'] },
    allowed: ['Bretonnia: move A chet at reik'],
  },
  {
    name: 'two armies of one power moving into each other’s province are offered no decisive move (winning could only swap them), though a foreign move stood one off',
    seed: `${BOUNCE} ${H2H}`,
    units: ['Empire: A altd', 'Empire: A reik', 'Bretonnia: A wast'],
    orders: { Empire: ['A Altd - Reik', 'A Reik - Altd'], Bretonnia: ['A Wast - Altd'] },
    allowed: ['Bretonnia: move A wast at altd'],
  },
  {
    name: 'a move that fails for want of a convoy bounced against nobody',
    seed: BOUNCE,
    units: ['Kislev: A kisl', 'Bretonnia: A wast'],
    orders: { Kislev: ['A Kisl - Wast via convoy'], Bretonnia: ['A Wast H'] },
    allowed: [],
  },
  {
    name: 'a move that bounces off the Illusion is offered a decisive move (the virtual army is the Wood Elves’)',
    seed: `${BOUNCE} ${ILLUSION}`,
    units: ['Bretonnia: A chet', 'Wood Elves: A irra'],
    orders: { Bretonnia: ['A Chet - Athe'] },
    allowed: ['Bretonnia: move A chet at athe'],
  },
  {
    name: 'the Illusion that a supported attack would dispel is offered a decisive hold',
    seed: `${BOUNCE} ${ILLUSION}`,
    units: ['Bretonnia: A chet', 'Bretonnia: A pale', 'Wood Elves: A irra'],
    orders: { Bretonnia: ['A Chet - Athe', 'A Pale S A Chet - Athe'] },
    allowed: ['Wood Elves: hold A athe at athe'],
  },
  {
    name: 'a move that stands off with the Immortality army is offered; so is the Immortality army',
    seed: `${BOUNCE} ${IMMORTALITY}`,
    season: 'fall',
    owners: { sylv: 'Empire' },
    units: ['Empire: A gfor'],
    orders: { Empire: ['A Gfor - Sylv'] },
    allowed: ['Empire: move A gfor at sylv', 'Vampire Counts: move Immortality at sylv'],
  },
  {
    name: 'a unit in Sylvania the Immortality army would dislodge is offered a decisive hold',
    seed: `${BOUNCE} ${IMMORTALITY} "A second Vampire Count army may support this move."`,
    season: 'fall',
    owners: { sylv: 'Empire' },
    units: ['Empire: A sylv', 'Vampire Counts: A gfor'],
    orders: { 'Vampire Counts': ['A Gfor S Immortality'] },
    allowed: ['Empire: hold A sylv at sylv'],
  },
];

/** What a unit reads after a decisive battle, said once and truthfully (the players' result lines). */
export interface BattleTextCase {
  name: string;
  seed: string;
  units: string[];
  orders: Record<string, string[]>;
  battles: { province: string; winner: string; destroyed?: true | string[] }[];
  /** Unit (`A altd`) -> its reason. */
  reasons: Record<string, string>;
}

const VICTOR =
  'If you are the victor of the decisive battle, then you have sufficient strength to either take the province or hold the province, recalculate the results of the diplomacy move.';
const ALTD_ATTACKED = ['Empire: A altd', 'Empire: A nuln', 'Bretonnia: A reik', 'Bretonnia: A wast'];
const BRETONNIA_INTO_ALTD = ['A Reik - Altd', 'A Wast S A Reik - Altd'];

export const battleTexts: BattleTextCase[] = [
  {
    name: 'the winner of a decisive hold whose order was a support is told it won the battle and held',
    seed: VICTOR,
    units: ALTD_ATTACKED,
    orders: { Empire: ['A Altd S A Nuln H'], Bretonnia: BRETONNIA_INTO_ALTD },
    battles: [{ province: 'altd', winner: 'Empire' }],
    reasons: {
      'A altd': 'support cut by A reik; it won the battle at Altdorf and held it',
      'A reik': 'lost the battle at Altdorf',
    },
  },
  {
    name: 'the winner of a decisive hold whose support was not used is told it won the battle and held',
    seed: VICTOR,
    units: ALTD_ATTACKED,
    orders: { Empire: ['A Altd S A Nuln - Gfor'], Bretonnia: BRETONNIA_INTO_ALTD },
    battles: [{ province: 'altd', winner: 'Empire' }],
    reasons: {
      'A altd': 'support not used: the supported unit did not move there; it won the battle at Altdorf and held it',
    },
  },
  {
    name: 'the winner of a decisive hold with no order is told it won the battle',
    seed: VICTOR,
    units: ALTD_ATTACKED,
    orders: { Bretonnia: BRETONNIA_INTO_ALTD },
    battles: [{ province: 'altd', winner: 'Empire' }],
    reasons: {
      'A altd': 'no order: the unit held; it won the battle at Altdorf',
      'A reik': 'lost the battle at Altdorf',
    },
  },
  {
    name: 'the winner of a decisive hold whose order was illegal (a hold) is told it won the battle',
    seed: `${VICTOR}; DATC 4.E.1 (an illegal order is a hold)`,
    units: ALTD_ATTACKED,
    orders: { Empire: ['A Altd - Kisl'], Bretonnia: BRETONNIA_INTO_ALTD },
    battles: [{ province: 'altd', winner: 'Empire' }],
    reasons: { 'A altd': 'Altdorf is not next to Kislev, so the unit held; it won the battle at Altdorf' },
  },
  {
    name: 'the winner of a decisive hold that held: the same words, with the same separator',
    seed: VICTOR,
    units: ALTD_ATTACKED,
    orders: { Empire: ['A Altd H'], Bretonnia: BRETONNIA_INTO_ALTD },
    battles: [{ province: 'altd', winner: 'Empire' }],
    reasons: { 'A altd': 'held; it won the battle at Altdorf' },
  },
  {
    name: 'a convoying fleet that won the battle at its sea is told so',
    seed: `${VICTOR}; item 8: "Convoys are NOT disrupted if they are met with less than the needed strength to dislodge them (even if they are hit with a decisive battle which causes them to dislodge)."`,
    units: ['Empire: F claw', 'Empire: A wast', 'Bretonnia: F ngwo'],
    orders: { Empire: ['F Claw C A Wast - Kisl', 'A Wast - Kisl'], Bretonnia: ['F Ngwo - Claw'] },
    battles: [{ province: 'claw', winner: 'Empire' }],
    reasons: {
      'F claw': 'convoyed A wast; it won the battle at Sea of Claws and held it',
      'F ngwo': 'lost the battle at Sea of Claws',
    },
  },
  {
    name: 'the loser of a decisive battle at its own province reads "lost the battle; dislodged", one separator for every order',
    seed: VICTOR,
    units: ['Empire: F claw', 'Empire: A wast', 'Bretonnia: F ngwo'],
    orders: { Empire: ['F Claw C A Wast - Kisl', 'A Wast - Kisl'], Bretonnia: ['F Ngwo - Claw'] },
    battles: [{ province: 'claw', winner: 'Bretonnia' }],
    reasons: {
      'F claw':
        'convoyed A wast; lost the battle at Sea of Claws; dislodged by F ngwo from Northern Great Western Ocean',
    },
  },
  {
    name: 'a head-to-head unit that won the hold at its province is not told it lost a battle: its move failed, it won the battle and held',
    seed: `${H2H}; ${VICTOR}`,
    units: ['Empire: A altd', 'Bretonnia: A reik', 'Bretonnia: A wast'],
    orders: { Empire: ['A Altd - Reik'], Bretonnia: BRETONNIA_INTO_ALTD },
    battles: [{ province: 'altd', winner: 'Empire' }],
    reasons: {
      'A altd': 'its move failed in the head-to-head with A reik (1 vs 2); it won the battle at Altdorf and held it',
      'A reik': 'lost the battle at Altdorf',
    },
  },
  {
    name: 'one battle over both provinces of a head-to-head is told once, naming both (as its event does)',
    seed: `${H2H}; ${VICTOR}`,
    units: ['Empire: A altd', 'Bretonnia: A reik'],
    orders: { Empire: ['A Altd - Reik'], Bretonnia: ['A Reik - Altd'] },
    battles: [
      { province: 'altd', winner: 'Empire' },
      { province: 'reik', winner: 'Empire' },
    ],
    reasons: {
      'A altd': 'won the battle at Reikland Forest and moved there, dislodging A reik',
      'A reik': 'lost the battle at Altdorf and Reikland Forest; dislodged by A altd from Altdorf',
    },
  },
  {
    name: 'a 1 v 1 head-to-head where the defender won its province: the loser lost the battle, the winner held',
    seed: `${H2H}; ${VICTOR}`,
    units: ['Empire: A altd', 'Bretonnia: A reik'],
    orders: { Empire: ['A Altd - Reik'], Bretonnia: ['A Reik - Altd'] },
    battles: [{ province: 'reik', winner: 'Bretonnia' }],
    reasons: {
      'A altd': 'lost the battle at Reikland Forest',
      'A reik':
        'its move failed in the head-to-head with A altd (1 vs 1); it won the battle at Reikland Forest and held it',
    },
  },
];

/*
 * Third audit (adversarial positions run through the CLI): the Warhammer positions it found wrong, each with the
 * seed sentence it rests on (decisions in docs/rules/warhammer.md).
 */

/** A CLI case (docs/cli.md) and what must come out of it. */
export interface CliCase {
  name: string;
  seed: string;
  input: Record<string, unknown>;
  expect: {
    /** Units on the board after (`Power: T prov`, sorted). */
    units?: string[];
    /** Unit label (`A pale`) -> `result: reason` of the order carried out (a defaulted line included). */
    results?: Record<string, string>;
    /** `variantState.hillArmies` after. */
    hillArmies?: string[];
  };
}

const HILLS =
  'Orcs in the Hills: "Start an Orc Army in the Pale Sister (Orc Massif), this army is lost forever if destroyed, but does not require a support center to maintain."';
const ORCS = 'Orcs & Goblins';
const cliUnit = (text: string) => {
  const [power, rest] = text.split(':').map((s) => s.trim()) as [string, string];
  const [type, province] = rest.split(/\s+/) as ['A' | 'F', string];
  return { power, type, province, coast: null };
};
const WINTER = { season: 'winter', year: 2500, type: 'adjustment' };
const SPRING = { season: 'spring', year: 2500, type: 'movement' };
/** The Orcs' three home armies and fleet plus the Pale Sisters hill army, one centre short (Bloodhorns lost). */
const orcsShort = {
  variant: 'warhammer',
  phase: WINTER,
  options: { orcsInTheHills: 'pale' },
  units: [`${ORCS}: A kare`, `${ORCS}: A dark`, `${ORCS}: F bhor`, `${ORCS}: A pale`].map(cliUnit),
  supplyCenters: { [ORCS]: ['dark', 'kare'] },
  variantState: { hillArmies: ['pale'] },
};
const HILL_KEPT =
  'failure: the hill army in Pale Sisters needs no supply centre, so disbanding it does not pay the deficit: disband a unit that counts against your centres (Orcs in the Hills: "does not require a support center to maintain")';

/** Orcs in the Hills at adjustments and between phases. */
export const hillArmyCases: CliCase[] = [
  {
    name: 'civil disorder pays the Orcs’ deficit with an ordinary unit, never the hill army',
    seed: HILLS,
    input: { ...orcsShort, orders: [] },
    expect: {
      units: [`${ORCS}: A dark`, `${ORCS}: A kare`, `${ORCS}: A pale`],
      results: { 'F bhor': 'success: removed in civil disorder (farthest from an owned supply centre)' },
      hillArmies: ['pale'],
    },
  },
  {
    name: 'an ordered A Pale D pays nothing and fails; civil disorder then removes an ordinary unit',
    seed: HILLS,
    input: { ...orcsShort, orders: [{ power: ORCS, text: 'A Pale D' }] },
    expect: {
      units: [`${ORCS}: A dark`, `${ORCS}: A kare`, `${ORCS}: A pale`],
      results: {
        'A pale': HILL_KEPT,
        'F bhor': 'success: removed in civil disorder (farthest from an owned supply centre)',
      },
      hillArmies: ['pale'],
    },
  },
  {
    name: 'an ordinary unit ordered to disband pays the deficit; the hill army stays',
    seed: HILLS,
    input: { ...orcsShort, orders: [{ power: ORCS, text: 'A Dark D' }] },
    expect: {
      units: [`${ORCS}: A kare`, `${ORCS}: A pale`, `${ORCS}: F bhor`],
      results: { 'A dark': 'success: disbanded' },
      hillArmies: ['pale'],
    },
  },
  {
    name: 'every ordinary unit must go: civil disorder says so and keeps the hill army',
    seed: HILLS,
    input: {
      ...orcsShort,
      supplyCenters: { [ORCS]: [] },
      units: [`${ORCS}: A kare`, `${ORCS}: A dark`, `${ORCS}: A pale`].map(cliUnit),
      orders: [],
    },
    expect: {
      units: [`${ORCS}: A pale`],
      results: {
        'A dark':
          'success: removed in civil disorder (no disband was ordered; all 2 of its units that count against its centres must go)',
        'A kare':
          'success: removed in civil disorder (no disband was ordered; all 2 of its units that count against its centres must go)',
      },
      hillArmies: ['pale'],
    },
  },
  {
    name: 'a partial variantState ({}) reads the hill armies as at the start of a game: no disband for 3 centres and 4 units',
    seed: `${HILLS}; docs/rules/warhammer.md §5: missing fields read as the start of a game`,
    input: { ...orcsShort, supplyCenters: { [ORCS]: ['bhor', 'dark', 'kare'] }, variantState: {}, orders: [] },
    expect: {
      units: [`${ORCS}: A dark`, `${ORCS}: A kare`, `${ORCS}: A pale`, `${ORCS}: F bhor`],
      results: {},
      hillArmies: ['pale'],
    },
  },
  {
    name: 'a partial variantState ({"absent":[]}) reads the hill armies as at the start of a game',
    seed: `${HILLS}; docs/rules/warhammer.md §5: missing fields read as the start of a game`,
    input: {
      ...orcsShort,
      supplyCenters: { [ORCS]: ['bhor', 'dark', 'kare'] },
      variantState: { absent: [] },
      orders: [],
    },
    expect: {
      units: [`${ORCS}: A dark`, `${ORCS}: A kare`, `${ORCS}: A pale`, `${ORCS}: F bhor`],
      results: {},
      hillArmies: ['pale'],
    },
  },
  {
    name: 'a hill army’s move replaced by a later hold keeps its status; the Orc army that moves where it was ordered is no hill army',
    seed: `${HILLS}; a later order for the same unit replaces the earlier`,
    input: {
      variant: 'warhammer',
      phase: SPRING,
      options: { orcsInTheHills: 'pale' },
      units: [`${ORCS}: A pale`, `${ORCS}: A lang`].map(cliUnit),
      variantState: { hillArmies: ['pale'] },
      orders: [
        { power: ORCS, text: 'A Pale - Cour' },
        { power: ORCS, text: 'A Pale H' },
        { power: ORCS, text: 'A Lang - Cour' },
      ],
    },
    expect: {
      units: [`${ORCS}: A cour`, `${ORCS}: A pale`],
      results: { 'A pale': 'success: held', 'A lang': 'success: moved to Couronne' },
      hillArmies: ['pale'],
    },
  },
  {
    name: 'a hill army’s hold replaced by a later move: it is followed along the move carried out',
    seed: `${HILLS}; a later order for the same unit replaces the earlier`,
    input: {
      variant: 'warhammer',
      phase: SPRING,
      options: { orcsInTheHills: 'pale' },
      units: [`${ORCS}: A pale`].map(cliUnit),
      variantState: { hillArmies: ['pale'] },
      orders: [
        { power: ORCS, text: 'A Pale H' },
        { power: ORCS, text: 'A Pale - Cour' },
      ],
    },
    expect: { units: [`${ORCS}: A cour`], results: { 'A pale': 'success: moved to Couronne' }, hillArmies: ['cour'] },
  },
];

/** Input the rules cannot produce: refused with one line naming the field (exit 2). */
export interface RefusedCase {
  name: string;
  seed: string;
  input: Record<string, unknown>;
  /** stderr, one line. */
  message: string;
}

const EMPTY = { variant: 'warhammer', phase: SPRING, units: [] };
const FOLLOWERS =
  'Sepoys & Mercenaries: "A Sepoy is a player who fights for the player who controls his capital." "A Mercenaries is a player who picks a second player to fight along side."';

export const refusedInputs: RefusedCase[] = [
  {
    name: 'hill armies without the Orcs in the Hills option',
    seed: HILLS,
    input: { ...EMPTY, variantState: { hillArmies: ['pale'] } },
    message: 'case #1: variantState: hillArmies: this campaign has no hill armies (the option orcsInTheHills is off)',
  },
  {
    name: 'more hill armies than the option starts',
    seed: `${HILLS} "this army is lost forever if destroyed"`,
    input: { ...EMPTY, options: { orcsInTheHills: 'pale' }, variantState: { hillArmies: ['chet', 'pale'] } },
    message:
      'case #1: variantState: hillArmies: 2 hill armies, but orcsInTheHills: pale starts 1, and a hill army lost is never replaced',
  },
  {
    name: 'a hill army on an impassable province',
    seed: 'Map Features: "Ironfoot Glacier (IFGL), Southern Eye of Chaos (SEYE), The Vaults (VAUL) and the “Himalayas” are impassable."',
    input: { ...EMPTY, options: { orcsInTheHills: 'both' }, variantState: { hillArmies: ['vaul'] } },
    message: 'case #1: variantState: hillArmies: vaul is impassable, where no army stands',
  },
  {
    name: 'a follower whose master is itself a follower',
    seed: FOLLOWERS,
    input: {
      ...EMPTY,
      variantState: {
        followers: {
          Kislev: { role: 'sepoy', master: 'Skaven', wins: 0 },
          Skaven: { role: 'mercenary', master: 'Empire', wins: 0 },
        },
      },
    },
    message:
      'case #1: variantState: followers.Kislev.master: Skaven is itself a Mercenary, and a follower fights for a power on the board',
  },
  {
    name: 'followers with decisive battles off',
    seed: `${FOLLOWERS}; decisions.md: Sepoys and Mercenaries exist when decisive battles are on`,
    input: {
      ...EMPTY,
      options: { decisiveBattles: 'off' },
      variantState: { followers: { Kislev: { role: 'sepoy', master: 'Empire', wins: 0 } } },
    },
    message:
      'case #1: variantState: followers: Sepoys and Mercenaries exist only with decisive battles, and this case has decisiveBattles: off',
  },
  {
    name: 'a unit of an absent power where none of its units started',
    seed: 'Not having enough powers: "allow any 2+ power nations to start with their initial armies on board"',
    input: {
      ...EMPTY,
      units: [cliUnit('Chaos: A snor'), cliUnit('Chaos: A eyec')],
      variantState: { absent: ['Chaos'] },
    },
    message:
      'case #1: variantState: absent: Chaos is played by nobody, so its units stay where they started and hold; it cannot have an army in Southern Norsca (snor)',
  },
  {
    name: 'a destroyed unit that did not lose: "battles:" said once',
    seed: 'Cataclysmic Battles: "The loser is forever destroyed."',
    input: {
      ...EMPTY,
      units: ['Empire: A nuln', 'Empire: A altd', 'Bretonnia: A wast', 'Bretonnia: A reik'].map(cliUnit),
      orders: [
        { power: 'Empire', text: 'A altd S A nuln - reik' },
        { power: 'Empire', text: 'A nuln - reik' },
        { power: 'Bretonnia', text: 'A wast - altd' },
        { power: 'Bretonnia', text: 'A reik S A wast - altd' },
      ],
      options: { cataclysmicBattles: 'on' },
      battles: [{ province: 'altd', winner: 'Bretonnia', destroyed: ['A wast'] }],
    },
    message: 'case #1: battles: A wast did not lose the battle at altd, so it cannot be destroyed',
  },
  {
    name: 'a battle report at a province the map does not have: "battles:" said once',
    seed: 'the CLI contract: bad input exits 2 with one line naming what was wrong',
    input: { ...EMPTY, units: [cliUnit('Empire: A altd')], battles: [{ province: 'zzzz', winner: 'Empire' }] },
    message: 'case #1: battles: there is no province "zzzz"',
  },
];

const CATACLYSM =
  'Cataclysmic Battles: "your diplomacy unit has been destroyed. Remove it from the map."; Decisive Battle Phase: it "occurs after movement has been submitted, but before movement is carried out"; "recalculate the results of the diplomacy move"';

/** Cataclysmic Battles: the loser is removed from the map before the moves are recalculated. */
export const cataclysmCases: BattleCase[] = [
  {
    name: 'A Altd - Reik destroyed at Reikland Forest no longer blocks Kislev’s A Wast - Altd',
    seed: CATACLYSM,
    units: ['Empire: A altd', 'Bretonnia: A reik', 'Kislev: A wast'],
    orders: { Empire: ['A Altd - Reik'], Kislev: ['A Wast - Altd'] },
    declarations: [d('Empire', 'A altd', 'move', 'reik')],
    outcomes: [
      {
        reports: [{ province: 'reik', winner: 'Bretonnia', destroyed: true }],
        units: ['Bretonnia: A reik', 'Kislev: A altd'],
        dislodged: [],
        removed: ['Empire: A altd'],
      },
      {
        reports: [{ province: 'reik', winner: 'Empire' }],
        units: ['Empire: A reik', 'Kislev: A altd'],
        dislodged: ['Bretonnia: A reik'],
      },
    ],
  },
  {
    name: 'a rotation jammed by a move into Reikland Forest moves once that army is destroyed there',
    seed: CATACLYSM,
    units: ['Empire: A altd', 'Bretonnia: A reik', 'Bretonnia: A chet', 'Kislev: A wast', 'Wood Elves: A grey'],
    orders: {
      Empire: ['A Altd - Reik'],
      Bretonnia: ['A Reik - Chet', 'A Chet - Wast'],
      Kislev: ['A Wast - Altd'],
      'Wood Elves': ['A Grey - Reik'],
    },
    declarations: [d('Wood Elves', 'A grey', 'move', 'reik')],
    outcomes: [
      {
        reports: [{ province: 'reik', winner: 'Wood Elves', destroyed: true }],
        units: ['Bretonnia: A chet', 'Bretonnia: A wast', 'Kislev: A altd', 'Wood Elves: A reik'],
        dislodged: [],
        removed: ['Empire: A altd'],
      },
    ],
  },
];

/** What a unit reads after a cataclysmic battle or a bounce back (unit -> reason). */
export const cataclysmTexts: (BattleTextCase & { options?: Record<string, string> })[] = [
  {
    name: 'the destroyed unit is told it lost the battle and by whom it was destroyed; the move into its province reads as a plain move',
    seed: CATACLYSM,
    options: { cataclysmicBattles: 'on' },
    units: ['Empire: A altd', 'Bretonnia: A reik', 'Kislev: A wast'],
    orders: { Empire: ['A Altd - Reik'], Kislev: ['A Wast - Altd'] },
    battles: [{ province: 'reik', winner: 'Bretonnia', destroyed: true }],
    reasons: {
      'A altd': 'lost the battle at Reikland Forest; destroyed by A reik (removed from the game: no retreat)',
      'A wast': 'moved to Altdorf',
      'A reik': 'no order: the unit held; it won the battle at Reikland Forest',
    },
  },
  {
    name: 'a bounce-back unit had no army in the battle at its province: dislodged, never told it lost that battle',
    seed: `${VICTOR} "Another way is to immediately dislodge any unit that bounces back into the province where a decisive battle is occuring … I prefer the immediate dislodge effect."`,
    units: ['Empire: A altd', 'Bretonnia: A reik', 'Kislev: A wast'],
    orders: { Empire: ['A Altd - Reik'], Kislev: ['A Wast - Altd'] },
    battles: [{ province: 'altd', winner: 'Kislev' }],
    reasons: {
      'A altd':
        'bounced off A reik in Reikland Forest (1 vs 1); dislodged by A wast from The Wasteland (it bounced back into Altdorf, where a decisive battle was fought without it)',
      'A wast': 'won the battle at Altdorf and moved there, dislodging A altd',
    },
  },
];

const UNDERWAY_RULE =
  'The Skaven: (The Underways) "The Skaven are able to move armies via the Underways. This allows Skaven armies on Skavenblight to move (or support) to an Underway Entrance … and vice versa."';

/** A non-Skaven unit's order along an Underway names the rule, never "not next to". */
export const underwayTexts: CliCase[] = [
  {
    name: 'an Empire army’s move from Middenheim to Skavenblight names the Underway',
    seed: UNDERWAY_RULE,
    input: {
      variant: 'warhammer',
      phase: SPRING,
      units: [cliUnit('Empire: A midd')],
      orders: [{ power: 'Empire', text: 'A Midd - Skav' }],
    },
    expect: {
      results: {
        'A midd':
          'illegal: only Skaven units may use the underway between Middenheim and Skavenblight, so the unit held',
      },
    },
  },
  {
    name: 'an Empire army’s support from Nuln into Skavenblight names the Underway',
    seed: UNDERWAY_RULE,
    input: {
      variant: 'warhammer',
      phase: SPRING,
      units: ['Empire: A nuln', 'Empire: A midd'].map(cliUnit),
      orders: [{ power: 'Empire', text: 'A Nuln S A Midd - Skav' }],
    },
    expect: {
      results: {
        'A nuln': 'illegal: only Skaven units may use the underway between Nuln and Skavenblight, so the unit held',
        'A midd': 'success: no order: the unit held',
      },
    },
  },
  {
    name: 'a non-Skaven army on Skavenblight moving to an entrance names the Underway',
    seed: UNDERWAY_RULE,
    input: {
      variant: 'warhammer',
      phase: SPRING,
      units: [cliUnit('Tilea: A skav')],
      orders: [{ power: 'Tilea', text: 'A Skav - Kare' }],
    },
    expect: {
      results: {
        'A skav':
          'illegal: only Skaven units may use the underway between Skavenblight and Karak Eight Peaks, so the unit held',
      },
    },
  },
  {
    name: 'a dislodged Empire army retreating along the Underway names it',
    seed: UNDERWAY_RULE,
    input: {
      variant: 'warhammer',
      phase: { season: 'spring', year: 2500, type: 'retreat' },
      units: [],
      dislodged: [{ ...cliUnit('Empire: A midd'), attackerFrom: 'ostl', viaConvoy: false }],
      orders: [{ power: 'Empire', text: 'A Midd R Skav' }],
    },
    expect: {
      results: {
        'A midd':
          'failure: only Skaven units may use the underway between Middenheim and Skavenblight (options: altd, gfor, wast); the unit is disbanded',
      },
    },
  },
];
